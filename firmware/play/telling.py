"""Telling in words: the status line in the game's voice, the log of what happened, the throws,
and a Hall board's failed sensors, named (its square and where it is wired, said aloud, kept
for the board's health that its companions show: the web page, ``aseb fleet``; its square is
judged as the game has it until it reads again).

``status`` is one line for a status bar, the window and the log: what the board waits for, or what
to mend (the racks have no lights, so what they need is said). ``news`` and ``said`` keep the
sentences of what the last throw or move caused.
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import Phrase, phrase
from engine.game import Game
from engine.games.api import Position, Rules
from engine.text import move_text, place_text
from firmware.lights.scenes import Phase
from firmware.play.evidence import RACK_SIDE
from firmware.play.play_state import PlayState
from firmware.play.tracker import InProgress, Mismatch, Unseen
from firmware.words import N_, _, ngettext, say, side_said, upper_first
from hardware.core.events import SensorFailed, SensorMended
from hardware.core.squares import RACK_OF

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before

SAID_FOR = 8.0
"""Seconds the status line says a sensor has failed, before it says what the game waits for."""
FAULT_WORDS = {
    "nothing": N_("The sensor under {square} reads nothing: check its wire (ADC {adc}, input "
                  "{channel})."),
    "full": N_("The sensor under {square} reads the full supply: check its wires (ADC {adc}, "
               "input {channel})."),
    "beyond": N_("The sensor under {square} reads more than any men could give: check it and "
                 "its wires (ADC {adc}, input {channel})."),
    "stuck": N_("The sensor under {square} is stuck at one reading: check it and its wires "
                "(ADC {adc}, input {channel})."),
}
PLAYS_ON = N_("Play goes on: the board takes {square} as the game has it.")
MENDED = N_("The sensor under {square} reads again.")


@dataclass(frozen=True)
class Fault:
    """A failed sensor: how it failed, where it is wired, when, and its words."""

    square: str
    fault: str
    adc: int
    channel: int
    since: float
    words: Phrase

    def to_json(self) -> dict[str, Any]:
        """As the board's health tells it (``firmware.service.link``)."""
        return {"square": self.square, "fault": self.fault, "adc": self.adc,
                "channel": self.channel, "words": str(self.words)}


def fault_words(event: SensorFailed) -> Phrase:
    """What a player hears and reads of a failed sensor."""
    return phrase(FAULT_WORDS.get(event.fault, FAULT_WORDS["beyond"]), square=event.square,
                  adc=event.adc, channel=event.channel)


class Telling(PlayState):
    """The controller's words: what it says happened, and what it asks for now."""

    def _threw(self, side: Side, throw: Throw) -> None:
        self.throws.pop(side, None)  # the side that threw last comes last
        self.throws[side] = throw

    def _tell(self, sentences: list[str]) -> None:
        """Keep what just happened for a status line and the log."""
        said = [say(sentence) for sentence in sentences]  # the engine's phrases, marked words
        self.news = tuple(said)
        self.said.extend(said)
        self.told.extend(sentences)
        log.info("%s", " ".join(said))

    def _explain(self, why: tuple[str, ...]) -> None:
        """A throw was lost for ``why``: leave the news up long enough to read, and say each
        reason aloud the first time it comes in a game (spoken play, when chosen, says the news
        itself, the reason with it)."""
        if not why:
            return
        self.read_until = self.clock.now() + reading_time(" ".join(self.news))
        for reason in why:
            key = getattr(reason, "msgid", reason)
            if self.aloud is not None and key not in self.explained and not self.settings.spoken:
                self.explained.add(key)
                self.aloud(say(reason))

    def status(self) -> str:
        """One line in the game's voice, for a status bar or the log."""
        state = self.game.state if self.game is not None else None
        now = self.clock.now()
        verdict = self.verdict
        if self.phase is Phase.MENU and self.menu is not None:
            return self.menu.status()
        if isinstance(verdict, Unseen):
            return unseen_words(verdict)
        fault = self.fault_status(now)
        if fault is not None:  # a sensor has just failed: which, and how play goes on
            return fault
        shake = shake_words(self.settings.ruleset)
        if now < self.shake_again_until:
            return _("The box did not settle: shake again, then stand it upright.")
        if now < self.move_first_until and self.phase is Phase.MOVE and state is not None \
                and state.throw is not None:
            return (_("First move the mummy's piece as the lights show; then the next throw.")
                    if self.mummy_move is not None else
                    _("First a move with the {n} thrown; then the next throw.").format(
                        n=state.throw.value))
        if now < self.no_throw_until and self.phase is not Phase.IDLE:
            return _("No throw in this game: {game} has no luck in it.").format(
                game=say(self.settings.ruleset.title))
        if now < self.far_refused_until and self.phase in (Phase.IDLE, Phase.GUIDE):
            return _("The far board begins the next game: this board takes it up.")
        if self.phase is Phase.GUIDE and self.setting_out:
            return (_("Set out the pieces as the blinking lights show, each in its side's "
                      "colour.") + (racks_to_mend(verdict) if isinstance(verdict, Mismatch)
                                    else ""))
        if self.phase is Phase.GUIDE:
            return (_("Set the pieces as the lights show to resume the saved game, or clear the "
                      "board and {shake} for a new game.").format(shake=shake)
                    + (racks_to_mend(verdict) if isinstance(verdict, Mismatch) else ""))
        racks = self._racks_alone()
        if racks and self.phase is Phase.WON and state is not None and state.winner is not None:
            return _("{side} win!").format(side=side_said(state.winner)) + racks
        if racks and (self.phase in (Phase.IDLE, Phase.CLEAR) or self._guiding(now)):
            return racks.strip()  # no square to light: the words say it all
        if isinstance(verdict, Mismatch) and self._guiding(now):
            return mismatch_words(verdict) + racks_to_mend(verdict)
        if isinstance(verdict, InProgress) and state is not None:
            return _in_progress(verdict, state)
        if self.phase is Phase.CLEAR:
            return _("Clear the board for the next game: lift the pieces still on it.")
        if self.phase is Phase.IDLE and self.settings.far and not self.far_begins:
            return _("The far board is away: the game waits for it, saved.") \
                if self.far_away else _("Waiting for the far board to begin the next game.")
        if self.phase is Phase.IDLE:
            return upper_first(_("{shake} to begin a new game.").format(shake=shake))
        if state is None:
            return ""
        side = side_said(state.turn)
        if self.phase is Phase.WON and state.winner is not None:
            return _("{side} win! Clear the board for a new game.").format(
                side=side_said(state.winner))
        remote = state.turn == self.remote
        if self.settings.far:
            far = self._far_status(state)
            if far:
                return far
        if self.mummy_move is not None and remote:
            return _("Your friend plays: {move}. Move their piece for them.").format(
                move=say(move_text(state, self.mummy_move)))
        if self.mummy_move is not None:
            return _("The mummy plays: {move}. Move its piece for it.").format(
                move=say(move_text(state, self.mummy_move)))
        if remote and self.phase is Phase.THROW:
            return _("Waiting for your friend's throw ({side}).").format(side=side)
        if remote:
            return _("Waiting for your friend's move ({side}).").format(side=side)
        if self.phase is Phase.THROW:
            return _("The mummy throws for the {side}...").format(side=side) \
                if self._mummy_to_play() else \
                upper_first(_("{shake}, {side}.").format(shake=shake, side=side))
        owners = {journey.side for m in state.moves for journey in state.journeys(m)[:1]}
        if owners == {state.turn.other}:  # Ramses' second move: one of the opponent's pieces
            return _("Now move one of the {other}' pieces, {side}.").format(
                other=side_said(state.turn.other), side=side)
        return _("Go ahead and make your move, {side}.").format(side=side)

    def _sensor_failed(self, event: SensorFailed) -> None:
        """Name the sensor, say it, and judge its square as the game has it."""
        words = fault_words(event)
        self.faults[event.square] = Fault(event.square, event.fault, event.adc, event.channel,
                                          self.clock.now(), words)
        self.tracker.sensor_failed(event.square)
        self.fault_said_until = self.clock.now() + SAID_FOR
        self._tell_fault([words, phrase(PLAYS_ON, square=event.square)])

    def _sensor_mended(self, event: SensorMended) -> None:
        """The sensor reads again: its square is judged by it once more."""
        if self.faults.pop(event.square, None) is None:
            return
        self.tracker.sensor_mended(event.square, event.t)
        self._tell_fault([phrase(MENDED, square=event.square)])

    def _tell_fault(self, sentences: list[Phrase]) -> None:
        """Into the log and the news (spoken play says them), and aloud at once otherwise."""
        self._tell(list(sentences))
        log.warning("%s", " ".join(sentences))
        if self.aloud is not None and not self.settings.spoken:
            self.aloud(" ".join(say(s) for s in sentences))

    def fault_status(self, now: float) -> str | None:
        """The status line's words while a fault is fresh: which sensor, and how play goes
        on (None when there is none to say)."""
        if now >= self.fault_said_until or not self.faults:
            return None
        newest = max(self.faults.values(), key=lambda f: f.since)
        return f"{say(newest.words)} {say(phrase(PLAYS_ON, square=newest.square))}"

    def _far_status(self, state: Position) -> str:
        """What a board playing a board far away waits for (empty: its own side's turn)."""
        side = side_said(state.turn)
        if self.far_away and (self.remote is None or state.turn == self.remote):
            return _("The far board is away: the game waits for it, saved.")
        if self.remote is None:
            return _("Waiting to hear which side the far board plays.")
        if state.turn != self.remote:
            return ""
        if self.mummy_move is not None:
            return _("The far board plays: {move}. Move its piece for it.").format(
                move=say(move_text(state, self.mummy_move)))
        if self.phase is Phase.THROW:
            return _("Waiting for the far board's throw ({side}).").format(side=side)
        return _("Waiting for the far board's move ({side}).").format(side=side)

    def _racks_alone(self) -> str:
        """What the racks need, in words, when every square is as it should be (empty when
        nothing, or when a square needs mending too)."""
        verdict = self.verdict
        if not isinstance(verdict, Mismatch) or any(
                square not in RACK_OF for square in (*verdict.missing, *verdict.unexpected)):
            return ""
        return racks_to_mend(verdict)


READING = 15.0
"""Letters a player reads in a second, slowly (a child, a visitor in a second language)."""


def reading_time(text: str) -> float:
    """Seconds to read ``text``: never less than three."""
    return max(3.0, len(text) / READING)


def why_lost(before: Position, throw: Throw) -> tuple[str, ...]:
    """Why ``throw`` was lost in ``before`` (its side could move no piece), when the reason is a
    rule a newcomer cannot guess: the sentences the board's voice, the window and the terminal
    all say. Each game words its own reasons (``why_lost`` of its positions); a game whose
    throws are never lost has none."""
    explain = getattr(before, "why_lost", None)
    return tuple(explain(throw)) if explain is not None else ()


def shake_words(rules: Rules) -> str:
    """What the player does with the board's box, in the game's words: ``shake the sticks``,
    ``shake the box for the die``; ``shake the box`` for a game without a throw (a shake only
    begins a new game)."""
    device = rules.words.device
    if device == "sticks":
        return _("shake the sticks")
    if device is None:
        return _("shake the box")
    if device == "die":
        return _("shake the box for the die")
    return _("shake the box for the dice")


RACK_NAMES = {"CW": N_("a Cone in its waiting rack"), "RW": N_("a Reel in its waiting rack"),
              "CO": N_("a Cone in its borne-off tray"), "RO": N_("a Reel in its borne-off tray")}
RACK_TITLES = {"CW": N_("the Cones' waiting rack"), "RW": N_("the Reels' waiting rack"),
               "CO": N_("the Cones' borne-off tray"), "RO": N_("the Reels' borne-off tray")}


def racks_to_mend(verdict: Mismatch) -> str:
    """What the racks need, in words (they have no lights): a piece a rack is short of comes
    from a rack holding one too many, named by the side it belongs to (a Reel among the Cones
    is called a Reel)."""
    extra = Counter(RACK_OF[s] for s in verdict.unexpected if s in RACK_OF)
    short = Counter(RACK_OF[s] for s in verdict.missing if s in RACK_OF)
    words = []
    for same_side in (False, True):  # a piece of another side is the likelier stray
        for to in sorted(short):
            for source in sorted(extra):
                n = min(short[to], extra[source])
                if n and (RACK_SIDE[source] == RACK_SIDE[to]) == same_side:
                    words.append(" " + _("Move {pieces} from {rack} to {to}.").format(
                        pieces=_pieces(RACK_SIDE[to], n), rack=_(RACK_TITLES[source]),
                        to=_(RACK_TITLES[to])))
                    short[to] -= n
                    extra[source] -= n
    for source, n in sorted(extra.items()):
        if n:
            words.append(" " + ngettext("Take the piece too many out of {rack}.",
                                        "Take the {n} pieces too many out of {rack}.", n).format(
                n=n, rack=_(RACK_TITLES[source])))
    for to, n in sorted(short.items()):
        if n:
            words.append(" " + _("Put {pieces} in {rack}.").format(
                pieces=_pieces(RACK_SIDE[to], n), rack=_(RACK_TITLES[to])))
    return "".join(words)


def _pieces(side: Side, n: int) -> str:
    """``a Cone``, ``2 Reels``."""
    if side is Side.CONES:
        return ngettext("a Cone", "{n} Cones", n).format(n=n)
    return ngettext("a Reel", "{n} Reels", n).format(n=n)


def mismatch_words(verdict: Mismatch) -> str:
    """What to put right, in words: a knocked stack, men of both sides on a square, a man of
    the other side where one belongs (what a Hall board sees), or the blinking squares."""
    if verdict.knocked is not None:
        return _("The stack on {square} was knocked over: set its men back as the lights "
                 "show.").format(square=verdict.knocked)
    if verdict.unclear:
        return _("Men of both sides, or a man not set down flat, on {squares}: lift the top "
                 "man and set the men right.").format(squares=_(", ").join(sorted(
                     verdict.unclear)))
    if verdict.turned:
        square, wanted = sorted(verdict.turned.items())[0]
        return _("On {square} stands {found} where {wanted} belongs: turn it over, or take "
                 "it off.").format(square=square, found=_pieces(wanted.other, 1),
                                   wanted=_pieces(wanted, 1))
    return _("Put the board right: blinking squares show where.")


def capture_words(verdict: InProgress) -> str:
    """While a move may still capture: how to, and that playing on declines it."""
    return _("Lift a man you passed ({squares}) to capture him, or play on.").format(
        squares=_(" or ").join(sorted(t for t in verdict.targets if t not in RACK_OF)))


def unseen_words(verdict: Unseen) -> str:
    """Why the board cannot tell the move: a failed sensor under the square that differs."""
    return _("The sensor under {squares} has failed, so the board cannot tell your move from "
             "another: mend its wire to play on.").format(squares=_(", ").join(sorted(
                 verdict.squares)))


def _in_progress(verdict: InProgress, state: Position) -> str:
    """Where a move part-way done goes next."""
    side = side_said(state.turn)
    if verdict.capture:
        return capture_words(verdict)
    geometry = state.rules.geometry  # a long space's place named by the square beside it
    targets = _(" or ").join(sorted(say(place_text(geometry, t)) for t in verdict.targets
                                    if t not in RACK_OF))
    if verdict.reseat:
        square = sorted(verdict.reseat)[0]
        swaps = any(isinstance(journey.end, str) for move in verdict.moves
                    for journey in state.journeys(move)[1:])
        if swaps:
            return _("If your piece is already on {square}, lift it and set it down again (the "
                     "piece it swaps with must come off, to go to your piece's square).").format(
                         square=square)
        return _("If your piece is already on {square}, lift it and set it down again (the "
                 "piece it bumps must come off).").format(square=square)
    if verdict.overdue:
        return _("Finish the move, {side}: the blinking squares show how.").format(side=side)
    racks = sorted({RACK_OF[t] for t in verdict.targets if t in RACK_OF} |
                   {t for t in verdict.targets if t in RACK_NAMES})
    if racks:
        return _("Now put {piece}.").format(piece=_(RACK_NAMES[racks[0]]))
    if targets == "M16" and not verdict.in_hand:
        return _("Lift the piece off 16 to bear it off.")
    return _("Set the piece on {squares}.").format(squares=targets) if targets else \
        _("Go ahead, {side}.").format(side=side)


def sided_throws(game: Game) -> list[tuple[Side, Throw]]:
    """Every throw of ``game`` with the side that threw it, in order."""
    throws = []
    before = game.record.initial()
    for action, after in game.record.replay():
        if isinstance(action, Throw):
            throws.append((before.turn, action))
        before = after
    return throws


def last_throws(game: Game) -> dict[Side, Throw]:
    """Each side's last throw in ``game``, the side that threw last last (for a resumed game)."""
    throws: dict[Side, Throw] = {}
    for side, throw in sided_throws(game):
        throws.pop(side, None)
        throws[side] = throw
    return throws

"""Telling in words: the status line in the game's voice, the log of what happened, the throws.

``status`` is one line for a status bar, the window and the log: what the board waits for, or what
to mend (the racks have no lights, so what they need is said). ``news`` and ``said`` keep the
sentences of what the last throw or move caused.
"""

from __future__ import annotations

import logging
from collections import Counter

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games.api import Position, Rules
from firmware.evidence import RACK_SIDE
from firmware.play_state import PlayState
from firmware.scenes import Phase
from firmware.tracker import InProgress, Mismatch
from hardware.squares import RACK_OF

log = logging.getLogger("firmware.controller")  # its rooms log as the controller, as before


class Telling(PlayState):
    """The controller's words: what it says happened, and what it asks for now."""

    def _threw(self, side: Side, throw: Throw) -> None:
        self.throws.pop(side, None)  # the side that threw last comes last
        self.throws[side] = throw

    def _tell(self, sentences: list[str]) -> None:
        """Keep what just happened for a status line and the log."""
        self.news = tuple(sentences)
        self.said.extend(sentences)
        log.info("%s", " ".join(sentences))

    def status(self) -> str:
        """One line in the game's voice, for a status bar or the log."""
        state = self.game.state if self.game is not None else None
        now = self.clock.now()
        verdict = self.verdict
        if self.phase is Phase.MENU and self.menu is not None:
            return self.menu.status()
        shake = shake_words(self.settings.ruleset)
        if now < self.shake_again_until:
            return "The box did not settle: shake again, then stand it upright."
        if now < self.no_throw_until and self.phase is not Phase.IDLE:
            return f"No throw in this game: {self.settings.ruleset.title} has no luck in it."
        if self.phase is Phase.GUIDE and self.setting_out:
            return ("Set out the pieces as the blinking lights show, each in its side's colour."
                    + (racks_to_mend(verdict) if isinstance(verdict, Mismatch) else ""))
        if self.phase is Phase.GUIDE:
            return ("Set the pieces as the lights show to resume the saved game, "
                    f"or clear the board and {shake} for a new game."
                    + (racks_to_mend(verdict) if isinstance(verdict, Mismatch) else ""))
        racks = self._racks_alone()
        if racks and self.phase is Phase.WON and state is not None and state.winner is not None:
            return f"{state.winner.title} win!{racks}"
        if racks and (self.phase in (Phase.IDLE, Phase.CLEAR) or self._guiding(now)):
            return racks.strip()  # no square to light: the words say it all
        if isinstance(verdict, Mismatch) and self._guiding(now):
            return "Put the board right: blinking squares show where." + racks_to_mend(verdict)
        if isinstance(verdict, InProgress) and state is not None:
            return _in_progress(verdict, state)
        if self.phase is Phase.CLEAR:
            return "Clear the board for the next game: lift the pieces still on it."
        if self.phase is Phase.IDLE:
            return f"{shake.capitalize()} to begin a new game."
        if state is None:
            return ""
        side = state.turn.title
        if self.phase is Phase.WON and state.winner is not None:
            return f"{state.winner.title} win! Clear the board for a new game."
        remote = state.turn == self.remote
        if self.mummy_move is not None and remote:
            return (f"Your friend plays {state.describe(self.mummy_move)}: move their piece "
                    "for them.")
        if self.mummy_move is not None:
            return f"The mummy plays {state.describe(self.mummy_move)}: move its piece for it."
        if remote:
            return f"Waiting for your friend's {'throw' if self.phase is Phase.THROW else 'move'}" \
                f" ({side})."
        if self.phase is Phase.THROW:
            return f"The mummy throws for {side}..." if self._mummy_to_play() else \
                f"{shake.capitalize()}, {side}."
        owners = {journey.side for m in state.moves for journey in state.journeys(m)[:1]}
        if owners == {state.turn.other}:  # Ramses' second move: one of the opponent's pieces
            return f"Now move one of the {state.turn.other.title}' pieces, {side}."
        return f"Go ahead and make your move, {side}."

    def _racks_alone(self) -> str:
        """What the racks need, in words, when every square is as it should be (empty when
        nothing, or when a square needs mending too)."""
        verdict = self.verdict
        if not isinstance(verdict, Mismatch) or any(
                square not in RACK_OF for square in (*verdict.missing, *verdict.unexpected)):
            return ""
        return racks_to_mend(verdict)


def shake_words(rules: Rules) -> str:
    """What the player does with the board's box, in the game's words: ``shake the sticks``,
    ``shake the box for the die``; ``shake the box`` for a game without a throw (a shake only
    begins a new game)."""
    device = rules.words.device
    if device == "sticks":
        return "shake the sticks"
    if device is None:
        return "shake the box"
    return f"shake the box for the {device}"


RACK_NAMES = {"CW": "a Cone in its waiting rack", "RW": "a Reel in its waiting rack",
              "CO": "a Cone in its borne-off tray", "RO": "a Reel in its borne-off tray"}
RACK_TITLES = {"CW": "the Cones' waiting rack", "RW": "the Reels' waiting rack",
               "CO": "the Cones' borne-off tray", "RO": "the Reels' borne-off tray"}


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
                    words.append(f" Move {_pieces(RACK_SIDE[to], n)} from {RACK_TITLES[source]} "
                                 f"to {RACK_TITLES[to]}.")
                    short[to] -= n
                    extra[source] -= n
    for source, n in sorted(extra.items()):
        if n:
            many = "the piece too many" if n == 1 else f"the {n} pieces too many"
            words.append(f" Take {many} out of {RACK_TITLES[source]}.")
    for to, n in sorted(short.items()):
        if n:
            words.append(f" Put {_pieces(RACK_SIDE[to], n)} in {RACK_TITLES[to]}.")
    return "".join(words)


def _pieces(side: Side, n: int) -> str:
    """``a Cone``, ``2 Reels``."""
    return f"a {side.title[:-1]}" if n == 1 else f"{n} {side.title}"


def _in_progress(verdict: InProgress, state: Position) -> str:
    """Where a move part-way done goes next."""
    side = state.turn.title
    targets = " or ".join(sorted(t for t in verdict.targets if t not in RACK_OF))
    if verdict.reseat:
        (square, *_) = sorted(verdict.reseat)
        swaps = any(isinstance(journey.end, str) for move in verdict.moves
                    for journey in state.journeys(move)[1:])
        why = ("the piece it swaps with must come off, to go to your piece's square" if swaps
               else "the piece it bumps must come off")
        return f"If your piece is already on {square}, lift it and set it down again ({why})."
    if verdict.overdue:
        return f"Finish the move, {side}: the blinking squares show how."
    racks = sorted({RACK_OF[t] for t in verdict.targets if t in RACK_OF} |
                   {t for t in verdict.targets if t in RACK_NAMES})
    if racks:
        return f"Now put {RACK_NAMES[racks[0]]}."
    if targets == "M16" and not verdict.in_hand:
        return "Lift the piece off 16 to bear it off."
    return f"Set the piece on {targets}." if targets else f"Go ahead, {side}."


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

"""The board controller: switch, stick-box and button events become a game, with light and sound.

It owns all game state and is driven from one thread: ``handle`` each event taken off the queue,
``tick`` often (every frame). Every timer reads the injected clock, so tests never sleep.
"""

from __future__ import annotations

import logging
import random
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event, ExtraTurnEarned, ThrowLost, TurnPassed, Won
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.game import Game
from engine.games import forget
from engine.games.api import Position, Rules
from engine.mummy import Fair, Level, Mummy, hint
from engine.mummy.chances import SolvedTable, cones_chance
from engine.tait.rules import TAIT
from engine.text import demon_cast_text, event_text, thrown_text
from firmware import sounds
from firmware.evidence import captured, census, move_squares, owners_of, rack_owners
from firmware.odds_scene import odds_frame
from firmware.scenes import Phase, Show, scene
from firmware.store import Saved, Store
from firmware.tracker import (
    AsExpected,
    Expectation,
    InProgress,
    Mismatch,
    MoveTracker,
    Recognized,
    Verdict,
)
from hardware.clock import Clock
from hardware.events import (
    ButtonPressed,
    ShakeAbandoned,
    ShakeStarted,
    Shaking,
    SquareChanged,
    SticksThrown,
)
from hardware.lights import Frame
from hardware.speaker import Speaker
from hardware.squares import RACK_OF

log = logging.getLogger(__name__)

SAID = 40
"""Sentences of what happened kept for a log (the newest last)."""


@dataclass
class Settings:
    """How the board plays; all settable at any time."""

    mummy: Side | None = Side.REELS
    level: Level = Level.PRIEST
    fair: bool = False
    """Kiosk mode: the mummy's level follows the visitors' results so they win about half."""
    ruleset: Rules = TAIT
    """The game played and its options (``engine.games.load``): Tait's by default."""
    hints: bool = False
    settle: float = 0.25
    grace: float = 1.5
    """Seconds a still board that matches nothing waits before it is guided as a mistake."""
    patience: float = 8.0
    """Seconds a board part-way along a move (a bumped piece being carried off) waits before
    it is called a mistake."""
    racks: bool = False
    """The board has switches under its racks (waiting pieces, borne-off trays)."""
    mummy_delay: float = 1.2
    """Seconds the mummy waits before throwing, so players see the turn pass."""
    celebrate: float = 6.0
    """Seconds of victory lights before the board asks to be cleared."""
    mummy_plays_both: bool = False
    """A demonstration: the mummy throws and chooses for both sides (``--demo``)."""
    table: SolvedTable | None = None
    """The solved table (``firmware.solved_table``): Neferkaptah's perfect play and the chances
    light scene. None: Neferkaptah plays as the Vizier."""
    odds_seconds: float = 4.0
    """How long ``show_odds`` lights the chances."""


@dataclass
class Controller:
    """The game on the board: one instance, one thread."""

    show_frame: Callable[[Frame], None]
    speaker: Speaker
    clock: Clock
    rng: random.Random
    settings: Settings = field(default_factory=Settings)
    store: Store | None = None
    phase: Phase = Phase.IDLE
    game: Game | None = None
    last_winner: Side | None = None
    verdict: Verdict = field(default_factory=AsExpected)
    mummy_move: Any = None
    hint: Any = None
    shown_throw: Throw | None = None
    flare_until: float = float("-inf")
    phase_since: float = 0.0
    mummy_due: float = float("inf")
    new_game_asked: bool = False
    fairness: Fair = field(default_factory=Fair)
    warned: bool = False
    shake_again_until: float = float("-inf")
    no_throw_until: float = float("-inf")
    """Until when the status says that this game takes no throw (a shake during Ramses)."""
    setting_out: bool = False
    """The board is guided to a new game's starting position (no mistake sounds)."""
    rattle: sounds.Rattle = field(default_factory=sounds.Rattle)
    throws: dict[Side, Throw] = field(default_factory=dict)
    """Each side's last throw (resumed games too), the side that threw last last: for captions."""
    news: tuple[str, ...] = ()
    """What the last throw or move caused, in sentences: a status line's first half."""
    said: deque[str] = field(default_factory=lambda: deque(maxlen=SAID))
    """The last sentences of ``news``, oldest first: the game's log."""
    odds_since: float = float("-inf")
    throw_source: Callable[[Throw], Throw] | None = None
    """Arranges the throws (a lesson): given what the sticks showed (or the mummy drew), the
    throw to take instead. None: the sticks decide."""
    lighting: Callable[[Frame, float], Frame] | None = None
    """A companion's touch on every frame before it is shown (a lesson's path, the sand of
    Setna's tournament): given the frame and the time, the frame to show."""
    _unsaved: bool = False
    tracker: MoveTracker = field(init=False)
    _mummy: Mummy = field(init=False)

    def __post_init__(self) -> None:
        self.tracker = MoveTracker(self.settings.settle, self.settings.grace,
                                   self.settings.patience)
        self._new_mummy()

    def _new_mummy(self) -> None:
        self._mummy = Mummy(self.settings.level, table=self.settings.table)
        if self._mummy.fallback:
            log.info("%s", self._mummy.fallback)

    # --- start-up ---------------------------------------------------------------------------

    def start(self, occupancy: frozenset[str]) -> None:
        """Read the board and the saved game: resume a match, idle on an empty board, else guide."""
        now = self.clock.now()
        self.tracker.reset(occupancy, now)
        saved = self.store.load() if self.store is not None else None
        if saved is not None and saved.record.ruleset.name != self.settings.ruleset.name:
            log.warning("the save is a game of %s, not of %s: not resumed",
                        saved.record.ruleset.title, self.settings.ruleset.title)
            saved = None
        if saved is not None:
            self.settings.mummy = saved.mummy
            self.last_winner = saved.last_winner
            self.fairness = saved.fair or self.fairness
            game = Game.from_record(saved.record)
            if not game.state.is_over:
                self.game = game
                self.throws = last_throws(game)
                self.shown_throw = game.state.throw or self.throws.get(game.state.turn.other)
                if occupancy == game.state.occupancy():
                    log.info("resuming the saved game: %s", game.state)
                    self._next_turn()
                    return
                self._guide_to(game.state)
                return
        self._idle()

    def set_up(self, state: Position) -> None:
        """Play on from a set-up position (a lesson, a test); a board that does not show it
        is first guided there calmly, as a new game's pieces are set out."""
        self.game = Game.from_position(state)
        self.shown_throw = state.throw
        self.mummy_move = self.hint = None
        self._save()
        if frozenset(owners_of(state, self.settings.racks)) != census(self.tracker.occupancy):
            self._set_out(state)
        else:
            self._next_turn()
        self._write_save()

    # --- events -----------------------------------------------------------------------------

    def handle(self, event: Any) -> None:
        """Take one event from the hardware queue."""
        match event:
            case SquareChanged(square, occupied, t):
                self.tracker.change(square, occupied, t)
            case ShakeStarted(t) | Shaking(t) if self.rattle.due(t):
                self.speaker.play(sounds.RATTLE)
            case SticksThrown(result, _):
                self._thrown(result)
            case ShakeAbandoned(_, t):
                self._shake_abandoned(t)
            case ButtonPressed(button, _):
                self.press(button)

    def press(self, button: str) -> None:
        """A button (or the simulator's menu): new_game, mummy, switch_sides, hints, chances."""
        if button == "new_game":
            self.new_game_asked = True
            self.game = None
            self._idle()
        elif button == "mummy":
            turn = self.game.state.turn if self.game is not None else Side.REELS
            self.settings.mummy = None if self.settings.mummy is not None else turn
            self._mode_changed()
        elif button == "switch_sides":
            if self.settings.mummy is not None:
                self.settings.mummy = self.settings.mummy.other
                self._mode_changed()
        elif button == "hints":
            self.settings.hints = not self.settings.hints
            self._mode_changed()
        elif button == "chances":
            if not self.show_odds():  # no solved table on this board, or no game yet
                self.speaker.play(sounds.REFUSED)
        else:
            log.warning("unknown button %r ignored", button)

    def end_game(self, why: str) -> None:
        """End the game on the board with no winner (a kiosk's game left alone, a staff reset):
        its save is set aside and the board asks, calmly, to be cleared."""
        log.info("the game is ended: %s", why)
        self.game = None
        if self.store is not None:
            self.store.clear()
        self._set_phase(Phase.CLEAR)
        self.mummy_move = self.hint = self.shown_throw = None
        self.tracker.expect(Expectation.board(self._resting()))
        self._tell([f"The game is ended ({why}). Clear the board for the next game."])

    @property
    def rules(self) -> Rules:
        """The game played, with its options."""
        return self.settings.ruleset

    def set_level(self, level: Level) -> None:
        """Change the mummy's level (from a menu); it plays at the new level from its next move."""
        self.settings.level = level
        self._mode_changed()

    def tick(self) -> Frame:
        """Judge the board, act on it, and light the frame for now; returns the frame."""
        now = self.clock.now()
        self.verdict = verdict = self.tracker.judge(now)
        if self._guiding(now) and not self.warned and not self.setting_out:
            self.warned = True
            self.speaker.play(sounds.MISTAKE)
        elif isinstance(verdict, AsExpected | Recognized):
            self.warned = False
        if self.phase is Phase.MOVE and isinstance(verdict, Recognized):
            self._play(verdict.move)
        elif self.phase is Phase.THROW and self._mummy_to_play() and now >= self.mummy_due \
                and isinstance(verdict, AsExpected):
            self._cast(self._arranged(self.settings.ruleset.draw(self.rng)))
        elif isinstance(verdict, AsExpected):
            self._board_as_expected()
        frame = self._odds_frame(now) or scene(self._show(now), now)
        if self.lighting is not None:
            frame = self.lighting(frame, now)
        self.show_frame(frame)
        if self._unsaved:  # after the lights: the disk must not delay what players see
            self._write_save()
        return frame

    # --- turn flow --------------------------------------------------------------------------

    def _idle(self) -> None:
        self._set_phase(Phase.IDLE)
        self.mummy_move = self.hint = self.shown_throw = None
        self.tracker.expect(Expectation.board(self._resting()))

    def _resting(self) -> dict[str, Side]:
        """Where the pieces rest between games: off the board, and so, with switches under the
        racks, each side's in its waiting rack, as a new game begins."""
        if not self.settings.racks:
            return {}
        return rack_owners(self.settings.ruleset.new(Side.CONES))

    def _guide_to(self, state: Position) -> None:
        """Start-up: the board must show the saved game before it goes on (or, by a person's
        choice, be cleared for a new game: the save is never dropped by itself)."""
        self._set_phase(Phase.GUIDE)
        self.setting_out = False
        self.tracker.expect(Expectation.board(owners_of(state, self.settings.racks)))
        log.info("the board does not show the game's position: guiding")

    def _new_game(self) -> None:
        rules = self.settings.ruleset
        forget(rules)  # between games the board's memory stays flat, week after week:
        self._new_mummy()  # the rules' caches and the mummy's search table start afresh
        first = rules.first_side(self.rng, self.last_winner)
        self.game = Game(rules, first)
        self.new_game_asked = False
        log.info("new game, %s %s first", first.title,
                 "throw" if rules.chance is not None else "play")
        events: list[Event] = []
        self.throws = {}
        while self.game.state.opening and self.game.state.throw is None:
            self.shown_throw = self.settings.ruleset.draw(self.rng)
            self._threw(self.game.state.turn, self.shown_throw)
            events += self.game.cast(self.shown_throw)
        if events or self.game.state.throw is not None:
            self.speaker.play(sounds.THROW)
        lost = any(isinstance(e, ThrowLost) for e in events)  # Tait's demon-cast threw in vain
        self._tell(["A new game.", *([demon_cast_text(tuple(events))] if lost else []),
                    *(event_text(e) for e in events if not isinstance(e, ThrowLost | TurnPassed))])
        self._save()
        if frozenset(self.game.state.owners()) - census(self.tracker.occupancy):
            self._set_out(self.game.state)  # Senet's pieces start on the board
        else:
            self._next_turn()

    def _set_out(self, state: Position) -> None:
        """A new game whose pieces start on the board: guide them out calmly (nothing is a
        mistake yet), then play on."""
        self._guide_to(state)
        self.setting_out = True

    def _next_turn(self, keep_history: bool = False) -> None:
        """Set the expectation for the state the game is in now; ``keep_history`` when only the
        settings changed, so what the hands did so far still counts."""
        assert self.game is not None
        state = self.game.state
        self.mummy_move = self.hint = None
        if state.is_over:
            self._set_phase(Phase.WON)
            # guided to clear once the lights end
            self.tracker.expect(Expectation.board(self._resting()))
            return
        racks = self.settings.racks
        if state.throw is None and self.settings.ruleset.chance is not None:
            self._set_phase(Phase.THROW)
            self.tracker.expect(Expectation.of(state, racks=racks), keep_history=keep_history)
            if self._mummy_to_play():
                self.mummy_due = self.clock.now() + self.settings.mummy_delay
                self.speaker.play(sounds.MUMMY_TURN)
            return
        self._set_phase(Phase.MOVE)
        if self._mummy_to_play():
            level = self.fairness.pick(self.rng) if self.settings.fair else None
            self.mummy_move = self._mummy.choose(state, self.rng, level)
            self.tracker.expect(Expectation.of(state, [self.mummy_move], racks),
                                keep_history=keep_history)
        else:
            self.tracker.expect(Expectation.of(state, racks=racks), keep_history=keep_history)
            if self.settings.hints:
                self.hint = hint(state, mummy=self._mummy, rng=random.Random(0)).move

    def _thrown(self, throw: Any) -> None:
        """The stick box settled: start a game, take the throw, or refuse it with a short sound.

        A shake over a cleared board while a saved game is being set up is the person's choice
        of a new game instead."""
        self.shake_again_until = float("-inf")
        if (self.phase is Phase.IDLE and isinstance(self.verdict, AsExpected)) \
                or (self.phase is Phase.GUIDE and self._cleared() and not self.setting_out):
            if self.phase is Phase.GUIDE:
                log.info("the board was cleared and the sticks shaken: a new game")
            self._new_game()
        elif self.phase is Phase.THROW and not self._mummy_to_play() \
                and isinstance(self.verdict, AsExpected) and isinstance(throw, Throw):
            self._cast(self._arranged(throw))
        else:
            if self.game is not None and self.settings.ruleset.chance is None:
                self.no_throw_until = self.clock.now() + 3.0  # say why, for a moment
            self.speaker.play(sounds.REFUSED)

    def _cleared(self) -> bool:
        """Whether the still board holds no piece (racks aside)."""
        return isinstance(self.verdict, Mismatch | AsExpected) and not any(
            square not in RACK_OF for square in self.tracker.occupancy)

    def _shake_abandoned(self, t: float) -> None:
        """A shake that never settled (the box left tilted, a chattering switch): say so."""
        self.speaker.play(sounds.SHAKE_AGAIN)
        self.shake_again_until = t + 3.0

    def _arranged(self, throw: Throw) -> Throw:
        return throw if self.throw_source is None else self.throw_source(throw)

    def _cast(self, throw: Throw) -> None:
        assert self.game is not None
        self.shown_throw = throw
        side = self.game.state.turn
        self._threw(side, throw)
        events = self.game.cast(throw)
        self.speaker.play(sounds.THROW)
        self._after(events, thrown_text(side, throw))

    def _play(self, move: Any) -> None:
        assert self.game is not None
        self._after(self.game.play(move))

    def _after(self, events: tuple[Event, ...], *said: str) -> None:
        self._tell([*said, *(event_text(e) for e in events if not isinstance(e, TurnPassed))])
        for name in sounds.sounds_for(events, self.settings.mummy):
            self.speaker.play(name)
        if any(isinstance(e, ExtraTurnEarned) for e in events):
            self.flare_until = self.clock.now() + 1.5
        for event in events:
            if isinstance(event, Won):
                self.last_winner = event.side
                if self.settings.fair and self.settings.mummy is not None:
                    self.fairness = self.fairness.after_game(event.side != self.settings.mummy)
                    log.info("fair mode: strength %.2f after %d games, visitors won %d",
                             self.fairness.strength, self.fairness.games,
                             self.fairness.visitor_wins)
        self._save()
        self._next_turn()

    def _board_as_expected(self) -> None:
        """The still board matches: resume a guided start, or leave a cleared board idle."""
        if self.phase is Phase.GUIDE:
            self.setting_out = False
            self._next_turn()
        elif self.phase is Phase.CLEAR or (
                self.phase is Phase.WON and not self._celebrating(self.clock.now())):
            self._idle()
        elif self.phase is Phase.IDLE and self.new_game_asked:
            self._new_game()

    def _mode_changed(self) -> None:
        mummy = self.settings.mummy
        log.info("mummy plays %s", mummy.title if mummy is not None else "no side")
        if self._mummy.level != self.settings.level:
            self._new_mummy()
        self._save()
        if self.game is not None and self.phase in (Phase.THROW, Phase.MOVE):
            self._next_turn(keep_history=True)

    def _celebrating(self, now: float) -> bool:
        return self.phase is Phase.WON and now - self.phase_since < self.settings.celebrate

    def _guiding(self, now: float) -> bool:
        """Whether the board shows (and sounds) a mistake to correct now."""
        verdict = self.verdict
        if isinstance(verdict, InProgress):
            return verdict.overdue
        return isinstance(verdict, Mismatch) and self.phase not in (Phase.WON, Phase.CLEAR) and (
            verdict.urgent or self.phase is Phase.GUIDE)  # a won board is cleared, not corrected

    def _mummy_to_play(self) -> bool:
        return self.game is not None and (self.settings.mummy_plays_both
                                          or self.game.state.turn == self.settings.mummy)

    def _threw(self, side: Side, throw: Throw) -> None:
        self.throws.pop(side, None)  # the side that threw last comes last
        self.throws[side] = throw

    def _tell(self, sentences: list[str]) -> None:
        """Keep what just happened for a status line and the log."""
        self.news = tuple(sentences)
        self.said.extend(sentences)
        log.info("%s", " ".join(sentences))

    def _set_phase(self, phase: Phase) -> None:
        self.phase = phase
        self.phase_since = self.clock.now()
        self.mummy_due = float("inf")

    def _save(self) -> None:
        """Save at the end of this tick (``tick`` writes it once the frame is shown)."""
        self._unsaved = True

    def flush(self) -> None:
        """Write a save that is still pending (before stopping)."""
        if self._unsaved:
            self._write_save()

    def _write_save(self) -> None:
        self._unsaved = False
        if self.store is None or self.game is None:
            return
        try:
            self.store.save(Saved(self.game.record, self.settings.mummy, self.last_winner,
                                  self.fairness if self.settings.fair else None))
        except OSError as exc:  # a full or read-only disk must not stop the game
            log.error("could not save the game: %s", exc)

    # --- what to show -----------------------------------------------------------------------

    def show_odds(self) -> bool:
        """Light both sides' chances to win for ``odds_seconds`` (a button or a menu); False,
        and nothing shown, without a solved table or a game."""
        state = self.game.state if self.game is not None else None
        if self.settings.table is None or state is None:
            return False
        self.odds_since = self.clock.now()
        return cones_chance(self.settings.table, state) is not None

    def _odds_frame(self, now: float) -> Frame | None:
        if now - self.odds_since >= self.settings.odds_seconds or self.settings.table is None \
                or self.game is None:
            return None
        cones = cones_chance(self.settings.table, self.game.state)
        return None if cones is None else odds_frame(cones, now, self.odds_since)

    def _show(self, now: float) -> Show:
        state = self.game.state if self.game is not None else None
        verdict = self.verdict
        missing: Mapping[str, Side] = {}
        unexpected = frozenset[str]()
        if isinstance(verdict, Mismatch) and self._guiding(now):
            missing, unexpected = verdict.missing, verdict.unexpected
        movable = frozenset[str]()
        if self.phase is Phase.MOVE and state is not None and self.mummy_move is None:
            # Pieces that can move, where they still stand (a lifted piece's square goes dark).
            ends = [move_squares(state, m) for m in state.moves]
            movable = frozenset(s for s, _ in ends if s is not None and s in self.tracker.occupancy)
            movable |= {t for s, t in ends if s is None and t is not None}  # where pieces enter
        progress = verdict if isinstance(verdict, InProgress) else None
        bump_first = None
        mummy_squares: tuple[str | None, str | None] = (None, None)
        hint_squares = mummy_squares
        if self.mummy_move is not None and state is not None:
            mummy_squares = move_squares(state, self.mummy_move)
            victim = captured(state, self.mummy_move)
            if victim is not None and not self.tracker.was_emptied(victim):
                bump_first = victim
        if self.hint is not None and state is not None:
            hint_squares = move_squares(state, self.hint)
        return Show(
            phase=self.phase,
            turn=state.turn if state is not None else Side.CONES,
            throw=self.shown_throw,
            movable=progress.sources if progress is not None else movable,
            lifted_targets=progress.targets if progress is not None else frozenset(),
            reseat=progress.reseat if progress is not None else frozenset(),
            mummy_move=mummy_squares if progress is None else (None, None),
            bump_first=bump_first,
            missing=missing,
            unexpected=unexpected,
            flare_until=self.flare_until,
            winner=state.winner if state is not None else None,
            since=self.phase_since,
            hint=hint_squares[0],
            shake_again=now < self.shake_again_until,
            geometry=self.settings.ruleset.geometry,
            clearing=frozenset(self.tracker.occupancy) if self.phase is Phase.CLEAR or (
                self.phase is Phase.WON and not self._celebrating(now)) else frozenset(),
            stuck=frozenset(self.tracker.stuck),
        )

    def status(self) -> str:
        """One line in the game's voice, for a status bar or the log."""
        state = self.game.state if self.game is not None else None
        now = self.clock.now()
        verdict = self.verdict
        if now < self.shake_again_until:
            return "The sticks did not settle: shake again, then stand the box upright."
        if now < self.no_throw_until and self.phase is not Phase.IDLE:
            return f"No throw in this game: {self.settings.ruleset.title} has no luck in it."
        if self.phase is Phase.GUIDE and self.setting_out:
            return ("Set out the pieces as the blinking lights show, each in its side's colour."
                    + (_racks_to_mend(verdict) if isinstance(verdict, Mismatch) else ""))
        if self.phase is Phase.GUIDE:
            return ("Set the pieces as the lights show to resume the saved game, "
                    "or clear the board and shake the sticks for a new game.")
        if isinstance(verdict, Mismatch) and self._guiding(now):
            return "Put the board right: blinking squares show where." + _racks_to_mend(verdict)
        if isinstance(verdict, InProgress) and state is not None:
            return _in_progress(verdict, state)
        if self.phase is Phase.CLEAR:
            return "Clear the board for the next game: lift the pieces still on it."
        if self.phase is Phase.IDLE:
            return "Shake the sticks to begin a new game."
        if state is None:
            return ""
        side = state.turn.title
        if self.phase is Phase.WON and state.winner is not None:
            return f"{state.winner.title} win! Clear the board for a new game."
        if self.mummy_move is not None:
            return f"The mummy plays {state.describe(self.mummy_move)}: move its piece for it."
        if self.phase is Phase.THROW:
            return f"The mummy throws for {side}..." if self._mummy_to_play() else \
                f"Shake the sticks, {side}."
        owners = {journey.side for m in state.moves for journey in state.journeys(m)[:1]}
        if owners == {state.turn.other}:  # Ramses' second move: one of the opponent's pieces
            return f"Now move one of the {state.turn.other.title}' pieces, {side}."
        return f"Go ahead and make your move, {side}."


RACK_NAMES = {"CW": "a Cone in its waiting rack", "RW": "a Reel in its waiting rack",
              "CO": "a Cone in its borne-off tray", "RO": "a Reel in its borne-off tray"}


def _racks_to_mend(verdict: Mismatch) -> str:
    """What the racks need, in words (they have no lights)."""
    put = sorted({RACK_OF[s] for s in verdict.missing if s in RACK_OF})
    take = sorted({RACK_OF[s] for s in verdict.unexpected if s in RACK_OF})
    words = [f" Put {RACK_NAMES[r]}." for r in put]
    words += [f" Take {RACK_NAMES[r].replace(' in ', ' out of ')}." for r in take]
    return "".join(words)


def _in_progress(verdict: InProgress, state: Position) -> str:
    """Where a move part-way done goes next."""
    side = state.turn.title
    targets = ", ".join(sorted(t for t in verdict.targets if t not in RACK_OF))
    if verdict.reseat:
        (square, *_) = sorted(verdict.reseat)
        return (f"If your piece is already on {square}, lift it and set it down again "
                "(the piece it bumps must come off).")
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

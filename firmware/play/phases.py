"""The phases of a game on the board: idle, set out, throw, move, won, cleared, guided back.

Each throw, move and start-up puts the controller in a phase (``firmware.lights.scenes.Phase``) and
tells the move tracker which board to expect next; each phase's lights are its scene's.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from engine.core.events import Event, ExtraTurnEarned, ThrowLost, TurnPassed, Won
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_, phrase
from engine.game import Game
from engine.games import forget
from engine.games.api import Position
from engine.text import demon_cast_text, event_text, thrown_text
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.evidence import census, owners_of, rack_owners
from firmware.play.mummy_turn import MummyTurn
from firmware.play.saving import Saving
from firmware.play.store import Saved
from firmware.play.telling import Telling, last_throws, why_lost
from firmware.play.tracker import AsExpected, Expectation, InProgress, Mismatch
from hardware.core.squares import RACK_OF

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before


class Phases(MummyTurn, Saving, Telling):
    """The controller's turn flow: from one phase to the next, and what the board must show."""

    def start(self, occupancy: frozenset[str], stacks: Mapping[str, int] | None = None) -> None:
        """Read the board and the saved game: resume a match, idle on an empty board, else guide.
        A Hall board gives its ``stacks`` too: each square's count, plus Cones, minus Reels."""
        now = self.clock.now()
        if stacks is None:
            self.tracker.reset(occupancy, now)
        else:
            self.tracker.reset_stacks(stacks, now)
            occupancy = frozenset(self.tracker.occupancy)
        saved = self._saved_game()
        if saved is not None:
            before = self.settings.mummy, self.last_winner, self.fairness
            try:
                if self._resume(saved, occupancy):
                    return
            except Exception as exc:  # whatever it is, it must not stop every start-up
                log.exception("the saved game cannot be resumed")
                self.set_aside_save(f"resuming it raised {type(exc).__name__}: {exc}")
                self.settings.mummy, self.last_winner, self.fairness = before
        self._idle()

    def _resume(self, saved: Saved, occupancy: frozenset[str]) -> bool:
        """Take up ``saved``: play on, or guide the board to its position; False if it is over."""
        self.settings.mummy = saved.mummy
        self.last_winner = saved.last_winner
        self.fairness = saved.fair or self.fairness
        game = Game.from_record(saved.record)
        if game.state.is_over:
            return False
        self.game = game
        self.throws = last_throws(game)
        self.shown_throw = game.state.throw or self.throws.get(game.state.turn.other)
        if self.tracker.shows(owners_of(game.state, self.settings.racks)):
            log.info("resuming the saved game: %s", game.state)
            self._next_turn()
        else:
            self._guide_to(game.state)
        return True

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
        # judged against the cleared board's expectation now: the game's old mismatch (a
        # position never set out again) must not ask for pieces in this frame
        self.verdict = self.tracker.judge(self.clock.now())
        self._tell([phrase(N_("The game is ended ({why}). Clear the board for the next game."),
                           why=why)])

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
        self.explained.clear()
        forget(rules)  # between games the board's memory stays flat, week after week:
        self._new_mummy()  # the rules' caches and the mummy's search table start afresh
        first = rules.first_side(self.rng, self.last_winner)
        self.game = Game(rules, first)
        self.new_game_asked = False
        log.info("new game, %s %s first", first.title,
                 "throw" if rules.chance is not None else "play")
        events: list[Event] = []
        self.throws = {}
        cast = []
        while self.game.state.opening and self.game.state.throw is None:
            self.shown_throw = self.settings.ruleset.draw(self.rng)
            self._threw(self.game.state.turn, self.shown_throw)
            cast.append((self.game.state.turn, self.shown_throw))
            events += self.game.cast(self.shown_throw)
        if self.game.state.throw is not None:  # the sticks show the throw to move with (Senet's
            self.shown_throw = self.game.state.throw  # 1, though the round's last was not)
        if events or self.game.state.throw is not None:
            self.speaker.play(sounds.THROW)
        lost = any(isinstance(e, ThrowLost) for e in events)  # Tait's demon-cast threw in vain
        self._tell([N_("A new game."), *([demon_cast_text(cast)] if lost else []),
                    *(event_text(e, self.settings.ruleset.geometry) for e in events
                      if not isinstance(e, ThrowLost | TurnPassed))])
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
            self._mummy_waits_to_throw()
            return
        self._set_phase(Phase.MOVE)
        if self._far_waits():  # nothing moves here until the far board's move comes
            self.tracker.expect(Expectation.of(state, [], racks), keep_history=keep_history)
        elif self._mummy_to_play():
            self.mummy_move = self._mummy_chooses(state)
            self.tracker.expect(Expectation.of(state, [self.mummy_move], racks),
                                keep_history=keep_history)
        else:
            self.tracker.expect(Expectation.of(state, racks=racks), keep_history=keep_history)
            if self.settings.hints:
                self.hint = self._hint_for(state)

    def _thrown(self, throw: Any) -> None:
        """The stick box settled: start a game, take the throw, or refuse it with a short sound.

        A shake over a cleared board while a saved game is being set up is the person's choice
        of a new game instead."""
        self.shake_again_until = float("-inf")
        if self.settings.far and not self.far_begins and self.phase in (
                Phase.IDLE, Phase.GUIDE):  # the far board begins: this board takes it up
            self.far_refused_until = self.clock.now() + 3.0
            self.speaker.play(sounds.REFUSED)
        elif (self.phase is Phase.IDLE and isinstance(self.verdict, AsExpected)) \
                or (self.phase is Phase.GUIDE and self._cleared() and not self.setting_out):
            if self.phase is Phase.GUIDE:
                log.info("the board was cleared and the sticks shaken: a new game")
            self._new_game()
        elif self.phase is Phase.THROW and not self._mummy_to_play() \
                and not self._far_waits() and isinstance(self.verdict, AsExpected) \
                and isinstance(throw, Throw):
            self._cast(self._arranged(throw))
        elif self.settings.spoken and not isinstance(self.verdict, InProgress):
            self.asked += 1  # spoken play: a shake with no piece lifted asks what is awaited
        else:
            if self.game is not None and self.settings.ruleset.chance is None:
                self.no_throw_until = self.clock.now() + 3.0  # say why, for a moment
            elif self.phase is Phase.MOVE:
                self.move_first_until = self.clock.now() + 3.0  # a move is awaited: say so
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
        before = self.game.state
        side = before.turn
        self._threw(side, throw)
        events = self.game.cast(throw)
        self.speaker.play(sounds.THROW)
        lost = any(isinstance(e, ThrowLost) for e in events)
        self._after(events, thrown_text(before.rules, side, throw),
                    why=why_lost(before, throw) if lost else ())

    def _play(self, move: Any) -> None:
        assert self.game is not None
        self._after(self.game.play(move))
        if self.game is not None and self.game.state.throw is not None:
            self.shown_throw = self.game.state.throw  # the dice still to use (the stacking game)

    def _after(self, events: tuple[Event, ...], *said: str, why: tuple[str, ...] = ()) -> None:
        self._tell([*said, *(event_text(e, self.settings.ruleset.geometry) for e in events
                             if not isinstance(e, TurnPassed)), *why])
        self._explain(why)
        events = (*events, *self._won_unsaid(events))
        for name in sounds.sounds_for(events, self.settings.mummy):
            self.speaker.play(name)
        if any(isinstance(e, ExtraTurnEarned) for e in events):
            self.flare_until = self.clock.now() + 1.5
        for event in events:
            if isinstance(event, Won):
                self.last_winner = event.side
                self._mummy_heard_won(event.side)
        self._save()
        self._next_turn()

    def _won_unsaid(self, events: tuple[Event, ...]) -> tuple[Won, ...]:
        """A game that ended without saying who won (the stacking game ends by a man stuck or
        three held on the last square): its win, for the sound, the winner kept and the fair
        mummy, as every game's (its own words already told it)."""
        state = self.game.state if self.game is not None else None
        if state is None or state.winner is None or any(isinstance(e, Won) for e in events):
            return ()
        return (Won(state.winner, "ended"),)

    def _board_as_expected(self) -> None:
        """The still board matches: resume a guided start, or leave a cleared board idle."""
        if self.phase is Phase.GUIDE:
            self.setting_out = False
            self._next_turn()
        elif self.phase is Phase.CLEAR or (
                self.phase is Phase.WON and not self._celebrating(self.clock.now())):
            self._idle()
        elif self.phase is Phase.IDLE and self.new_game_asked and (
                self.far_begins or not self.settings.far):
            self._new_game()

    def _mode_changed(self) -> None:
        mummy = self.settings.mummy
        log.info("mummy plays %s", mummy.title if mummy is not None else "no side")
        self._level_changed()
        self._save()
        if self.game is not None and self.phase in (Phase.THROW, Phase.MOVE):
            self._next_turn(keep_history=True)

"""Showing in light: the snapshot of the game a scene draws (``firmware.lights.scenes``), and the
chances.

What each phase lights is ``firmware.lights.scenes``' job; this room picks, from what the controller
knows, what the scene must show now: the pieces that can move, the mummy's move, the mistakes to
mend, the squares to clear. ``show_odds`` lights both sides' chances for a moment instead;
``show_pin`` the web page's PIN.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.core.sides import Side
from engine.mummy.chances import cones_chance
from engine.mummy.judges import Odds, judge_for, odds
from firmware.lights.odds import odds_frame
from firmware.lights.pin import pin_frame
from firmware.lights.scenes import Phase, Show, scene, steady
from firmware.play.evidence import captured, move_squares
from firmware.play.play_state import PlayState
from firmware.play.tracker import InProgress, Mismatch
from hardware.lights.pixels import Frame
from hardware.lights.strips import Colour


class Showing(PlayState):
    """The controller's lights: what the scene shows now, or the chances."""

    def show_odds(self) -> bool:
        """Light both sides' chances to win for ``odds_seconds`` (a button or a menu); False,
        and nothing shown, without a solved table or a game."""
        state = self.game.state if self.game is not None else None
        if self.settings.table is None or state is None:
            return False
        self.odds_since = self.clock.now()
        return cones_chance(self.settings.table, state) is not None

    def odds(self) -> Odds | None:
        """The Cones' chance to win now: the solved table's where it holds the game, else the
        strongest search's estimate (``Odds.exact`` says which), worked out once a position;
        None with no game. The board's lights show only the table's (they cannot say
        "estimated"); the window shows both, labelled."""
        if self.game is None:
            return None
        state, rules, table = self.game.state, self.settings.ruleset, self.settings.table
        if self.judge is None or self.judge[0] != (rules, id(table)):
            self.judge = ((rules, id(table)), judge_for(rules, table))
            self.judged = None
        if self.judged is not None and self.judged[0] is state:
            return self.judged[1]
        found = odds(self.judge[1], state)
        self.judged = (state, found)
        return found

    def show_pin(self, pin: str) -> None:
        """Light the web page's PIN on the squares (``firmware.lights.pin``), over whatever the
        board shows, for whoever stands beside it."""
        self.pin_shown = (pin, self.clock.now())

    def _pin_frame(self, now: float) -> Frame | None:
        if self.pin_shown is None:
            return None
        pin, since = self.pin_shown
        frame = pin_frame(pin, self.settings.ruleset.geometry, now - since, self.settings.calm)
        if frame is None:
            self.pin_shown = None  # shown: the board's own lights again
        return frame

    def _odds_frame(self, now: float) -> Frame | None:
        if now - self.odds_since >= self.settings.odds_seconds or self.settings.table is None \
                or self.game is None:
            return None
        cones = cones_chance(self.settings.table, self.game.state)
        return None if cones is None else odds_frame(cones, now, self.odds_since)

    def _scene(self, now: float) -> Frame:
        """The scene's frame now; a steady one (``firmware.lights.scenes.steady``) is kept while the
        show stays the same, not drawn again every frame."""
        show = self._show(now)
        kept = self.scene_kept
        if kept is not None and steady(show, now) and kept[0] == show:
            return kept[1]
        frame = MappingProxyType(scene(show, now))  # kept: nobody may change it
        self.scene_kept = (show, frame)
        return frame

    def _ends(self, state: Any) -> list[tuple[str | None, str | None]]:
        """Where each legal move of ``state`` lifts and sets down a piece: once a position."""
        kept = self.ends_kept
        if kept is None or kept[0] is not state:
            kept = self.ends_kept = (state, [move_squares(state, m) for m in state.moves])
        return kept[1]

    def _mummy_squares(self, state: Any, move: Any) -> tuple[tuple[str | None, str | None],
                                                             str | None]:
        """The squares the mummy's ``move`` lifts from and sets down on, and the square of the
        piece it bumps: once a move."""
        kept = self.mummy_kept
        if kept is None or kept[0] is not state or kept[1] is not move:
            kept = self.mummy_kept = (state, move, move_squares(state, move),
                                      captured(state, move))
        return kept[2], kept[3]

    def _show(self, now: float) -> Show:
        state = self.game.state if self.game is not None else None
        verdict = self.verdict
        phase = self.phase
        tracker = self.tracker
        missing: Mapping[str, Side] = NOBODY
        unexpected = NOTHING
        if isinstance(verdict, Mismatch) and self._guiding(now):
            missing, unexpected = verdict.missing, verdict.unexpected
        movable = NOTHING
        if phase is Phase.MOVE and state is not None and self.mummy_move is None:
            # Pieces that can move, where they still stand (a lifted piece's square goes dark),
            # and where pieces enter.
            ends, occupied = self._ends(state), tracker.occupancy
            movable = frozenset({s for s, _ in ends if s is not None and s in occupied}
                                | {t for s, t in ends if s is None and t is not None})
        progress = verdict if isinstance(verdict, InProgress) else None
        bump_first = None
        mummy_squares: tuple[str | None, str | None] = (None, None)
        hint_squares = mummy_squares
        if self.mummy_move is not None and state is not None:
            mummy_squares, victim = self._mummy_squares(state, self.mummy_move)
            if victim is not None and not tracker.was_emptied(victim):
                bump_first = victim
        if self.hint is not None and state is not None:
            hint_squares = move_squares(state, self.hint)
        if self.throw_seen[0] != self.shown_throw:
            self.throw_seen = (self.shown_throw, now)
        return Show(
            phase=phase,
            turn=state.turn if state is not None else Side.CONES,
            throw=self.shown_throw,
            movable=progress.sources if progress is not None else movable,
            lifted_targets=progress.targets if progress is not None else NOTHING,
            reseat=progress.reseat if progress is not None else NOTHING,
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
            languages=self.language_squares if phase is Phase.IDLE else NO_COLOURS,
            clearing=frozenset(tracker.occupancy) if phase is Phase.CLEAR or (
                phase is Phase.WON and not self._celebrating(now)) else NOTHING,
            stuck=frozenset(tracker.stuck) if tracker.stuck else NOTHING,
            dice=self.rules.words.device == "dice",  # (``chance`` works its odds out anew)
            thrown_at=self.throw_seen[1],
            calm=self.settings.calm,
        )


NOTHING = frozenset[str]()
NOBODY: Mapping[str, Side] = MappingProxyType({})
NO_COLOURS: Mapping[str, Colour] = MappingProxyType({})

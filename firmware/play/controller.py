"""The board controller: switch, stick-box and button events become a game, with light and sound.

It owns all game state and is driven from one thread: ``handle`` each event taken off the queue,
``tick`` often (every frame). Every timer reads the injected clock, so tests never sleep.

The controller only routes: each event and each frame goes to the room whose job it is, the phases
of a game (``firmware.play.phases``), the mummy's turn (``firmware.play.mummy_turn``), saving
(``firmware.play.saving``), words (``firmware.play.telling``) and lights
(``firmware.play.showing``); the shared state they act on is ``firmware.play.play_state``. The
museum kiosk (``firmware.kiosk.kiosk``) stands beside it.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core.sides import Side
from engine.mummy import Level
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.evidence import RACK_SIDE
from firmware.play.menu_room import MenuRoom
from firmware.play.remote_turn import RemoteTurn
from firmware.play.settings import Settings
from firmware.play.showing import Showing
from firmware.play.tracker import AsExpected, InProgress, Mismatch, Recognized
from hardware.core.events import (
    ButtonPressed,
    SensorFailed,
    SensorMended,
    ShakeAbandoned,
    ShakeStarted,
    Shaking,
    SquareChanged,
    StackChanged,
    StackUnclear,
    SticksThrown,
)
from hardware.core.squares import RACK_OF
from hardware.lights.pixels import Frame

__all__ = ["Controller", "Settings"]  # the settings a controller is built with

log = logging.getLogger(__name__)


class Controller(MenuRoom, RemoteTurn, Showing):
    """The game on the board: one instance, one thread."""

    def handle(self, event: Any) -> None:
        """Take one event from the hardware queue."""
        match event:
            case SquareChanged(square, occupied, t):
                self.tracker.change(square, occupied, t)
                self._menu_heard(square, occupied, t)
            case StackChanged(square, count, t):
                self.tracker.stack(square, count, t)
                self._menu_heard(square, count != 0, t)
            case StackUnclear(square, t):
                self.tracker.unclear_at(square, t)
            case SensorFailed():
                self._sensor_failed(event)
            case SensorMended():
                self._sensor_mended(event)
            case ShakeStarted(t) | Shaking(t) if self.rattle.due(t):
                self.speaker.play(sounds.RATTLE)
            case SticksThrown() if self._menu_gesture():
                self.open_menu()  # pieces on the opening squares alone, then a shake
            case SticksThrown(result, _):
                self._thrown(result)
            case ShakeAbandoned(_, t):
                self._shake_abandoned(t)
            case ButtonPressed(button, _):
                self.press(button)

    def press(self, button: str) -> None:
        """A button (or the simulator's menu): new_game, mummy, switch_sides, hints, chances,
        repeat (spoken play says again what the board awaits)."""
        if button == "new_game":
            self.close_menu()
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
        elif button == "repeat":
            self.asked += 1
        else:
            log.warning("unknown button %r ignored", button)

    def set_level(self, level: Level) -> None:
        """Change the mummy's level (from a menu); it plays at the new level from its next move."""
        self.settings.level = level
        self._mode_changed()

    def unguided(self) -> str | None:
        """The promise every frame keeps, checked: when the board is not as expected and the
        status asks for something, a square shows what (the racks, which have no lights, are
        named in the status). None when kept, else what is wrong."""
        now = self.clock.now()
        verdict = self.verdict
        after_game = self.phase is Phase.CLEAR or (
            self.phase is Phase.WON and not self._celebrating(now))
        if not (isinstance(verdict, InProgress) or (isinstance(verdict, Mismatch) and (
                self._guiding(now) or after_game))):
            return None
        show = self._show(now)
        lit = {*show.missing, *show.unexpected, *show.lifted_targets, *show.reseat,
               *show.clearing, *show.movable} & set(show.geometry.position)
        if lit or _racks_only(verdict):  # the racks have no lights: the status names them
            return None
        return f"nothing lit, yet the board says {self.status()!r} ({verdict})"

    def tick(self) -> Frame:
        """Judge the board, act on it, and light the frame for now; returns the frame."""
        now = self.clock.now()
        self.verdict = verdict = self.tracker.judge(now)
        if self._mistake_heard(now):
            self.warned = True
            self.speaker.play(sounds.MISTAKE)
        elif isinstance(verdict, (AsExpected, Recognized)):
            self.warned = False
        if self.phase is Phase.MOVE and isinstance(verdict, Recognized):
            self._play(verdict.move)
            if self.settings.chances:
                self.show_odds()  # for a moment after every move (with the solved table)
        elif self._mummy_throws_now(now):
            self._cast(self._arranged(self.settings.ruleset.draw(self.rng)))
        elif isinstance(verdict, AsExpected):
            self._board_as_expected()
        frame = self._menu_tick(now) or self._odds_frame(now) or self._scene(now)
        if self.lighting is not None and self.phase is not Phase.MENU:
            frame = self.lighting(frame, now)
        self.public_frame = frame
        if self.phase is not Phase.MENU:  # the PIN over it, on the board only
            frame = self._pin_frame(now) or frame
        self.show_frame(frame)
        self.last_frame = frame
        if self._unsaved:  # after the lights: the disk must not delay what players see
            self._write_save()
        return frame


def _racks_only(verdict: InProgress | Mismatch) -> bool:
    """Whether all the board asks for is in its racks or trays (a rack, or a slot of one),
    which the status names, as they have no lights."""
    if isinstance(verdict, InProgress):
        asked = {*verdict.sources, *verdict.targets, *verdict.reseat}
    else:
        asked = {*verdict.missing, *verdict.unexpected}
    return bool(asked) and all(place in RACK_OF or place in RACK_SIDE for place in asked)

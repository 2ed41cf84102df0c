"""The museum kiosk: a board left running for weeks with nobody watching.

Beside the controller, it invites visitors while the board is idle, and keeps quiet hours by
turning the volume down (quiet hours win: during them the board plays at the lower of the
chosen volume and ``quiet_volume``; a volume chosen then is kept for when they end). It ends
a game nobody has touched for minutes, after which the board asks to be cleared and then waits
for visitors. Staff can reset the board by covering its corner squares or by holding the
new-game button; between games the same gesture opens the board menu (the only way in when the
board file locks it). It writes one statistics line per game.

    kiosk = Kiosk(controller, board.kiosk, GameLog(state_dir))
    kiosk.handle(event); controller.handle(event)    # every event goes to both
    controller.tick(); kiosk.tick()                  # every frame
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.core.words import N_
from engine.mummy import Level
from firmware.kiosk.language import VisitorLanguage
from firmware.kiosk.stats import GameLine, GameLog
from firmware.lights.scenes import Phase
from firmware.play import sounds
from firmware.play.controller import Controller, Settings
from hardware.boards.board_file import KioskConfig
from hardware.core.events import ButtonPressed, ButtonReleased, SquareChanged, SticksThrown

log = logging.getLogger(__name__)

RETRY_EVERY = 30.0
"""Seconds between tries to write game lines a full disk left waiting."""

QUIET_EVERY = 1.0
"""Seconds between looks at the wall clock for quiet hours (a minute's matter; not every
frame)."""

Wall = Callable[[], datetime]
"""The local time of day (a fake one in tests)."""


def kiosk_settings(settings: Settings, config: KioskConfig) -> Settings:
    """``settings`` with the kiosk's mummy: the level the board file names, or fair mode."""
    settings.fair = config.level == "fair"
    settings.level = Level.VIZIER if settings.fair else Level.parse(config.level)
    if settings.mummy is None:
        settings.mummy = Side.REELS  # visitors always meet the mummy
    return settings


def corners(squares: dict[str, tuple[int, int]]) -> frozenset[str]:
    """The staff reset's squares: each end of the board's first and last rows."""
    rows = sorted({row for row, _ in squares.values()})
    found = set()
    for row in (rows[0], rows[-1]):
        line = sorted((column, square) for square, (r, column) in squares.items() if r == row)
        found |= {line[0][1], line[-1][1]}
    return frozenset(found)


def quiet_now(config: KioskConfig, now: datetime) -> bool:
    """Whether ``now`` falls in the quiet hours (which may cross midnight)."""
    if config.quiet is None:
        return False
    start, end = config.quiet
    minute = now.hour * 60 + now.minute
    return start <= minute < end if start <= end else minute >= start or minute < end


@dataclass
class Kiosk:
    """Keeps a board going unattended; ``handle`` every event and ``tick`` every frame."""

    controller: Controller
    config: KioskConfig
    games: GameLog
    wall: Wall = datetime.now
    epoch: Callable[[], float] = time.time
    voice: Callable[[float], None] | None = None
    """Turns the spoken voice up or down with the speaker (quiet hours quiet it too)."""
    say: Callable[[str], None] | None = None
    """Speaks a line aloud (a visitor's greeting in the language chosen)."""
    speak_in: Callable[[str], None] | None = None
    """Changes the voice's language (a visitor's choice, ``firmware.kiosk.language``)."""
    volume: float = field(init=False)
    """The volume chosen for the board (the board file's, then the board menu's)."""
    last_touch: float = field(init=False)
    last_invite: float = field(init=False)
    reset_since: float | None = None
    pressed_at: float | None = None
    started: float | None = None
    """When the game now on the board began (epoch seconds), None when there is none."""
    _game: Any = None
    _quiet: bool = False
    _retry_at: float = 0.0
    _quiet_checked: float = float("-inf")

    def __post_init__(self) -> None:
        now = self.controller.clock.now()
        self.controller.tracker.stuck_after = self.config.stuck_after
        self.volume = self.controller.speaker.volume
        self.last_touch = self.last_invite = now
        self._corners = corners(dict(self.controller.rules.geometry.position))
        self._game = self.controller.game
        if self._game is not None:
            self.started = self.epoch()
        self._keep_quiet_hours()  # a board started at night is quiet at once
        self.visitor = VisitorLanguage(self.controller, self.say, self.speak_in)

    def handle(self, event: Any) -> None:
        """Every hardware event is a sign of life; buttons may be held for a reset."""
        now = self.controller.clock.now()
        match event:
            case SquareChanged() | SticksThrown():
                self.last_touch = now
            case ButtonPressed("new_game", t):
                self.last_touch, self.pressed_at = now, t
            case ButtonReleased("new_game", _):
                self.pressed_at = None

    def tick(self) -> None:
        """Invite, keep quiet hours, end abandoned games, notice resets and finished games."""
        controller = self.controller
        now = controller.clock.now()
        if now >= self._quiet_checked + QUIET_EVERY or now < self._quiet_checked:
            self._quiet_checked = now
            self._keep_quiet_hours()
        self._note_games()
        if self.games.waiting and now >= self._retry_at:  # a full disk: try again now and then
            self._retry_at = now + RETRY_EVERY
            self.games.flush()
        self.visitor.tick()
        if controller.phase is Phase.IDLE and now - self.last_touch >= self.config.abandon_after:
            self.visitor.back()  # nobody here for a while: the next visitor's language
        if controller.phase is Phase.IDLE:
            every = self.config.invite_every
            if every and now - self.last_invite >= every and not self._quiet:
                controller.speaker.play(sounds.INVITE)
                self.last_invite = now
        else:
            self.last_invite = now
        # a game waiting to be set out again (GUIDE, after a restart) is left alone too: a board
        # cleared meanwhile would otherwise wait for that position for ever
        playing = controller.game is not None and controller.phase in (Phase.THROW, Phase.MOVE,
                                                                       Phase.GUIDE)
        if playing and now - self.last_touch >= self.config.abandon_after:
            log.info("nobody has touched the board for %.0f s: the game is ended",
                     now - self.last_touch)
            self._end(N_("abandoned"))
        elif controller.phase is not Phase.MENU and self._reset_held(now):
            self.reset_since = self.pressed_at = None
            if controller.phase is Phase.IDLE and controller.open_menu():
                log.info("staff reset between games: the menu")  # a locked menu's only key
            else:
                log.info("staff reset")
                self._end(N_("reset"))

    def _reset_held(self, now: float) -> bool:
        """Corners covered (when the game has at most two of them) or the button held, long
        enough."""
        how = self.config.reset
        held = self.config.reset_hold
        if how in ("button", "both") and self.pressed_at is not None \
                and now - self.pressed_at >= held:
            return True
        if how not in ("corners", "both"):
            return False
        tracker = self.controller.tracker
        covered = self._corners <= tracker.occupancy
        expected = len(self._corners & tracker.expectation.before)
        if not covered or expected > 2:  # never a position of a real game
            self.reset_since = None
            return False
        if self.reset_since is None:
            self.reset_since = now
        return now - self.reset_since >= held

    def _end(self, why: str) -> None:
        if self.controller.game is not None and self.started is not None:
            self._record(why)
        self.controller.end_game(why)
        self.visitor.back()
        self._game = None
        self.started = None
        self.last_touch = self.controller.clock.now()

    def _note_games(self) -> None:
        """A new game started, or the one on the board was won: the statistics hear of it."""
        game = self.controller.game
        if game is not self._game:
            self._game = game
            self.started = self.epoch() if game is not None else None
        if game is not None and self.started is not None and game.state.is_over:
            mummy = self.controller.settings.mummy
            winner = game.state.winner
            result = "two players" if mummy is None else "mummy" if winner == mummy \
                else "visitor"
            self._record(result)
            self.started = None  # recorded once

    def _record(self, result: str) -> None:
        game = self.controller.game
        assert game is not None and self.started is not None
        settings = self.controller.settings
        level = "fair" if settings.fair else settings.level.name.lower()
        moves = sum(1 for action in game.actions if not isinstance(action, Throw))
        self.games.append(GameLine(self.started, self.epoch(), result, moves, level,
                                   self.controller.rules.name))

    def set_volume(self, volume: float) -> None:
        """The volume chosen for the board: played now, or, in quiet hours, once they end
        (until then the lower of it and ``quiet_volume``)."""
        self.volume = volume
        self._sound()

    def _keep_quiet_hours(self) -> None:
        quiet = quiet_now(self.config, self.wall())
        if quiet != self._quiet:
            self._quiet = quiet
            self._sound()
            log.info("quiet hours %s", "begin" if quiet else "end")

    def loudness(self, volume: float) -> float:
        """What the speaker plays for ``volume`` now: in quiet hours, at most ``quiet_volume``."""
        return min(volume, self.config.quiet_volume) if self._quiet else volume

    def _sound(self) -> None:
        """Set the speaker (and the voice) to what is played now."""
        volume = self.loudness(self.volume)
        self.controller.speaker.volume = volume
        if self.voice is not None:
            self.voice(volume)

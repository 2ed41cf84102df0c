"""The simulated board on the table with the real controller running on it.

A test (or the window) moves pieces and shakes the sticks on the ``SimBoard``; ``run`` lets
simulated time pass in frame steps, feeding every hardware event to the controller.

    table = Table(state_dir=tmp_path)
    table.sim.shake(1.0); table.run(2.0)     # a new game starts, demon-cast and all
"""

from __future__ import annotations

import queue
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from firmware.kiosk.kiosk import Kiosk, kiosk_settings
from firmware.kiosk.stats import GameLog
from firmware.menu.settings_file import SettingsFile
from firmware.play.controller import Controller, Settings
from firmware.play.store import Store
from firmware.service.board_settings import BoardSettings, load_choices, with_choices
from firmware.service.boards import board_for, check_board
from firmware.solve.installed import table_for
from firmware.spoken.spoken_play import quiet
from hardware.boards.board_file import Board, KioskConfig
from hardware.lights.pixels import Frame
from sim.board.pins import SimBoard
from sim.board.reeds import PLAIN, Build

FRAME = 1 / 30


class Companion(Protocol):
    """Something beside the controller that looks at it every frame (a tutorial, Setna's
    tournament)."""

    def tick(self) -> None:
        """Look at the controller after its tick, and act."""


class Table:
    """A ``SimBoard`` whose real drivers feed a ``Controller``, on a manual clock."""

    def __init__(self, *, state_dir: Path | None = None, settings: Settings | None = None,
                 seed: int = 0, board: Board | None = None,
                 pieces: Iterable[str] = (), kiosk: KioskConfig | None = None,
                 wall_start: datetime | None = None, build: Build = PLAIN, menu: bool = False,
                 say: Callable[[str], None] | None = None,
                 language: Callable[[str], None] | None = None, tell_stories: bool = True,
                 overrides: Mapping[str, str] | None = None, story: str | None = None,
                 speaking: Callable[[], bool] = quiet,
                 stacks: Mapping[str, int] | None = None) -> None:
        rules = (settings if settings is not None else Settings()).ruleset
        board = board_for(rules) if board is None else check_board(board, rules)
        if kiosk is not None:
            board = replace(board, kiosk=kiosk)
        file = SettingsFile(state_dir) if menu and state_dir is not None else None
        chosen = load_choices(board, file, overrides or {}) if menu else None
        if chosen is not None:  # the owner's choices, from the settings file
            settings = with_choices(settings if settings is not None else Settings(), chosen,
                                    table_for)
        self.sim = SimBoard(board, seed=seed, build=build)
        for square in pieces:  # already on the board when the power comes on
            self.sim.place(square)
        for square, count in (stacks or {}).items():  # a Hall board's men: + Cones, - Reels
            for _ in range(abs(count)):
                self.sim.place(square, pole=1 if count > 0 else -1)
        self.sim.advance(0.1)
        self.events: queue.Queue[Any] = queue.Queue()
        self.settings = settings if settings is not None else Settings()
        self.settings.racks = self.sim.board.reeds.has_racks
        # The seed decides the throws too, so a test replays exactly (real use passes a
        # seed from ``secrets``); mixed so the sticks do not repeat the controller's stream.
        self.devices = self.sim.open(  # the sticks follow the game played (the menu may change it)
            self.events, draw=lambda rng: self.settings.ruleset.draw(rng),
            rng=random.Random(seed ^ 0x5EED))
        store = Store(state_dir, self.settings.ruleset.name) if state_dir is not None else None
        self.controller = Controller(self.devices.lights.show, self.devices.speaker,
                                     self.sim.clock, random.Random(seed), self.settings, store)
        self.controller.start(self.devices.reeds.occupancy(), self.sim.stacks_read(self.devices))
        self.kiosk: Kiosk | None = None
        """The museum kiosk beside the controller (``kiosk=``; its statistics in ``state_dir``)."""
        self.wall_jumped = 0.0
        """Seconds the wall clock has been set forward (back, below 0) since ``wall_start``, as
        an NTP correction does; the monotonic clock never jumps."""
        if kiosk is not None:
            if chosen is None:  # else the kiosk's level is the choices' default
                kiosk_settings(self.settings, kiosk)
            games = GameLog(state_dir if state_dir is not None else Path("."))
            if wall_start is None:
                self.kiosk = Kiosk(self.controller, kiosk, games, say=say, speak_in=language)
            else:  # the wall clock follows the simulated clock from ``wall_start``
                start = wall_start
                self.kiosk = Kiosk(self.controller, kiosk, games, wall=lambda: start + timedelta(
                                       seconds=self.now + self.wall_jumped),
                                   epoch=lambda: start.timestamp() + self.now + self.wall_jumped,
                                   say=say, speak_in=language)
        self.companions: list[Companion] = []
        """Beside the controller, each ticked after it every frame."""
        self.choices: BoardSettings | None = None
        """The owner's choices, the board menu and the story of their mode (``menu=True``; the
        settings file in ``state_dir``)."""
        if chosen is not None:
            self.choices = BoardSettings(self.controller, chosen, file, state_dir, board=board,
                                         say=say, story_say=say if tell_stories else None,
                                         table_for=table_for, kiosk=self.kiosk,
                                         language=language, speaking=speaking)
            self.choices.begin(story)
            self.companions.append(self.choices)
        self.frame: Frame = self.controller.tick()

    @property
    def now(self) -> float:
        return self.sim.clock.now()

    def pump(self) -> Frame:
        """Hand every queued event to the controller, then tick once."""
        while self.events.queue:  # most frames nothing waits: no lock, no exception
            event = self.events.get_nowait()
            if self.kiosk is not None:
                self.kiosk.handle(event)
            self.controller.handle(event)
        self.frame = self.controller.tick()
        if self.kiosk is not None:
            self.kiosk.tick()
        for companion in self.companions:
            companion.tick()
        return self.frame

    def run(self, seconds: float, step: float = FRAME) -> Frame:
        """Let ``seconds`` of simulated time pass, a frame at a time."""
        end = self.now + seconds
        while self.now < end - 1e-9:
            self.sim.advance(min(step, end - self.now))
            self.pump()
        return self.frame

    def close(self) -> None:
        """Release the mock pins."""
        self.devices.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

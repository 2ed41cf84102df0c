"""``aseb run``: the main loop on a real board (``--board FILE``) or the simulated one.

One thread owns the controller: it takes events off the queue the drivers fill and ticks the
controller every frame. SIGTERM and SIGINT end it cleanly, the game saved. A device that stops
working ends it too, with no more watchdog pings, so systemd restarts it
(``firmware.service.restarts`` lists the exit statuses).
"""

from __future__ import annotations

import logging
import os
import queue
import random
import secrets
import signal
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from firmware import words
from firmware.kiosk.kiosk import Kiosk
from firmware.menu.settings_file import SettingsFile
from firmware.play.controller import Controller, Settings
from firmware.service.board_settings import (
    BoardSettings,
    TableFor,
    load_choices,
    no_table,
    with_choices,
)
from firmware.service.link import Link
from firmware.service.notify import Notifier
from firmware.service.restarts import (
    EX_CONFIG,
    EX_SOFTWARE,
    EX_UNAVAILABLE,
    back_off,
    runtime_directory,
    started,
)
from firmware.solve.background import table_watcher
from firmware.story.facts import FactTeller, SpokenFacts, awaiting_throw
from firmware.story.modes import Companion, check_story
from hardware.boards.board_file import Board
from hardware.core.errors import shown
from hardware.lights.pixels import Frame
from hardware.sensors.hall import HallSensors
from hardware.sounds.voice import EspeakVoice, Voice

log = logging.getLogger(__name__)

FRAME = 1 / 20
"""Seconds between frames: smooth enough for breathing and blinking lights, cheap when idle."""


def state_directory() -> Path:
    """Where the saved game lives: systemd's $STATE_DIRECTORY, else the user's state dir."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "aseb"


def serve(controller: Controller, events: queue.Queue[Any], stop: threading.Event, *,
          frame: float = FRAME, before_tick: Callable[[], None] | None = None,
          notifier: Notifier | None = None, monotonic: Callable[[], float] = time.monotonic,
          failure: Callable[[], str | None] | None = None,
          kiosk: Kiosk | None = None,
          after_tick: Callable[[], None] | None = None) -> str | None:
    """Handle events and tick every ``frame`` seconds until ``stop`` is set (a ``kiosk`` hears
    every event and ticks after the controller; ``after_tick`` is called once the frame is
    shown: the board's link, ``firmware.service.link``).

    ``failure`` is asked every frame; a device failure it names ends the loop (and the watchdog
    pings) and is returned. None: stopped by ``stop``. A game that raises while it is played
    ends the loop too, its save set aside: the restart does not meet it again (no crash loop).
    """
    next_frame = monotonic()
    next_ping = next_frame
    while not stop.is_set():
        try:
            try:
                event = events.get(timeout=max(0.0, next_frame - monotonic()))
            except queue.Empty:
                pass
            else:
                if kiosk is not None:
                    kiosk.handle(event)
                controller.handle(event)
                continue
            now = monotonic()
            if before_tick is not None:
                before_tick()
            controller.tick()
            if kiosk is not None:
                kiosk.tick()
            if after_tick is not None:
                after_tick()
        except Exception as exc:
            log.exception("the game on the board raised: stopping so that the service is "
                          "restarted without it")
            why = f"{type(exc).__name__}: {shown(str(exc))}"
            controller.set_aside_save(f"playing it raised {why}")
            return f"the game raised {why}"
        next_frame = max(next_frame + frame, now)
        problem = failure() if failure is not None else None
        if problem is not None:
            log.error("%s: stopping so that the service is restarted", problem)
            controller.flush()
            return problem
        if notifier is not None and notifier.watchdog_interval and now >= next_ping:
            notifier.ping()
            next_ping = now + notifier.watchdog_interval
    controller.flush()
    if kiosk is not None:
        kiosk.games.flush()  # game lines a full disk kept waiting: one last try
    return None


def stop_on_signals(stop: threading.Event) -> None:
    """Set ``stop`` on SIGTERM (systemd) and SIGINT (Ctrl-C)."""
    def handler(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping", signum)
        stop.set()

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def run_board(board: Board, settings: Settings, state_dir: Path,
              story: str | None = None, overrides: Mapping[str, str] = {},
              table_for: TableFor = no_table, link: Path | None = None) -> int:
    """Run on a real board described by a board file (read once, by ``read_board``), playing
    the owner's choices (the board file's defaults, then the settings file, then ``overrides``:
    the run's flags, by setting); ``story`` (``tutorial``, ``tournament``) instead of the
    chosen mode, for this run; the board's link (``firmware.service.link``) listens on
    ``link`` (None: no link)."""
    from engine import games
    from firmware.kiosk.stats import GameLog
    from firmware.play.store import Store
    from firmware.service.boards import check_board
    from hardware.core.clock import MonotonicClock
    from hardware.core.errors import ConfigError, HardwareUnavailable
    from hardware.devices import open_devices
    from hardware.sensors.hall_levels import Levels

    file = SettingsFile(state_dir)
    try:
        if "game" in overrides:  # --game asks for this run: never another game in its place
            check_board(board, games.load(overrides["game"]))
        chosen = load_choices(board, file, overrides)
        board = check_board(board, with_choices(settings, chosen, table_for).ruleset)
        mode = story or chosen.mode
        check_story(mode, settings.ruleset)
        if board.hall is not None:  # a Hall board is played once calibrated: the file is read
            Levels.load(board.hall.calibration, board.squares)
    except (ConfigError, ValueError) as exc:
        log.error("%s", exc)
        return EX_CONFIG
    settings.racks = board.reeds.has_racks
    clock = MonotonicClock()
    events: queue.Queue[Any] = queue.Queue()
    notifier = Notifier()
    stop = threading.Event()
    stop_on_signals(stop)
    try:
        devices = open_devices(board, events, clock=clock,  # the sticks of the game played
                               draw=lambda rng: settings.ruleset.draw(rng))
    except HardwareUnavailable as exc:
        log.error("%s", exc)
        clock.close()
        back_off(notifier, stop, runtime_directory())
        if stop.is_set():  # `systemctl stop` during the wait: a clean exit, not a failure
            log.info("stopped while waiting for the hardware")
            return 0
        return EX_UNAVAILABLE
    started(runtime_directory())

    def failure() -> str | None:
        return clock.failure or devices.failure()

    # The menu always speaks where espeak-ng is installed; MummyFacts and the stories only
    # where the board file asks for speech.
    # The voice speaks the board's language, unless the board file names a voice of its own.
    own_voice = board.facts.voice != "en"
    voice = EspeakVoice(board.facts.voice if own_voice else words.VOICES[chosen.language],
                        board.sounds.volume, board.sounds.muted)
    told = voice if board.facts.speak else None
    try:
        controller = Controller(devices.lights.show, devices.speaker, clock,
                                random.Random(secrets.randbits(128)), settings,
                                Store(state_dir, settings.ruleset.name))
        controller.aloud = voice.say  # why a throw was lost, once a game, as the menu speaks
        stacks = devices.reeds.stacks() if isinstance(devices.reeds, HallSensors) else None
        controller.start(devices.reeds.occupancy(), stacks)
        notifier.ready()
        log.info("ready: %s", controller.status())
        kiosk = Kiosk(controller, board.kiosk, GameLog(state_dir), voice=voice.set_volume,
                      say=voice.say, speak_in=None if own_voice else voice.speak_in) \
            if board.kiosk.enabled else None
        choices = BoardSettings(controller, chosen, file, state_dir, board=board, say=voice.say,
                                story_say=told.say if told is not None else None,
                                volume=voice.set_volume, table_for=table_for, kiosk=kiosk,
                                language=None if own_voice else voice.speak_in,
                                speaking=lambda: voice.speaking)
        choices.begin(mode)
        facts = spoken_facts(controller, told) if told is not None and mode != "tutorial" \
            else None  # no MummyFacts over the lessons
        companion = open_link(link, controller, lambda: controller.last_frame,
                              choices=choices, games=state_dir / "games", say=voice.say,
                              stats=state_dir if kiosk is not None else None,
                              outages=lambda: int(getattr(devices.reeds, "outages", 0)))
        try:
            problem = serve(controller, events, stop, notifier=notifier, failure=failure,
                            kiosk=kiosk, after_tick=companion.tick if companion else None,
                            before_tick=every_frame(facts, choices, table_watcher(controller)))
        finally:
            if companion is not None:
                companion.close()
    finally:
        notifier.stopping()
        voice.close()
        devices.close()
        clock.close()
    return EX_SOFTWARE if problem is not None else 0


def open_link(path: Path | None, controller: Controller, frame: Callable[[], Frame], *,
              choices: BoardSettings | None, games: Path,
              say: Callable[[str], None] | None = None,
              stats: Path | None = None,
              outages: Callable[[], int] | None = None) -> Link | None:
    """The board's link on ``path``, open; None (said in the log) when there is none or it
    cannot be opened: the board plays on without it."""
    if path is None:
        return None
    link = Link(path, controller, frame, choices=choices, games=games, say=say, stats=stats,
                outages=outages)
    try:
        link.open()
    except OSError as exc:
        log.error("the board's link cannot listen on %s: %s (the board plays on without it)",
                  path, exc)
        return None
    return link


def every_frame(facts: Callable[[], None] | None, companion: Companion | BoardSettings | None,
                *more: Callable[[], None] | None) -> Callable[[], None] | None:
    """One call before each tick for the spoken facts, the story beside the controller and
    ``more`` (a look for the solved table being made in the background)."""
    calls = [call for call in (facts, companion.tick if companion else None, *more)
             if call is not None]
    if not calls:
        return None

    def each() -> None:
        for call in calls:
            call()

    return each


def spoken_facts(controller: Controller, voice: Voice) -> Callable[[], None]:
    """What to do before each tick on a board that speaks MummyFacts while a throw is awaited."""
    spoken = SpokenFacts(FactTeller(random.Random(secrets.randbits(64))), voice)

    def speak() -> None:
        spoken.update(controller.clock.now(), awaiting_throw(controller))

    return speak

"""``aseb run --simulated``: the real main loop on the simulated board, with no window.

With ``demo`` the mummy plays both sides through its simulated hand, game after game, so the
service's path (switches, tracker, controller, saves) can be soaked end to end.
"""

from __future__ import annotations

import logging
import secrets
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from firmware.play.controller import Settings
from firmware.service.boards import board_for, check_board
from firmware.service.daemon import open_link, serve, stop_on_signals
from firmware.service.notify import Notifier
from firmware.service.restarts import EX_CONFIG, EX_SOFTWARE
from firmware.solve.background import start, table_watcher
from firmware.spoken.spoken_play import quiet
from firmware.words import voice as language_voice
from hardware.boards.board_file import Board, ConfigError
from hardware.sounds.voice import EspeakVoice, Voice
from sim.board.demo import Demo
from sim.board.table import Table

log = logging.getLogger(__name__)


def run_simulated(settings: Settings, state_dir: Path, seconds: float | None = None,
                  demo: bool = False, kiosk: bool = False, story: str | None = None,
                  overrides: Mapping[str, str] | None = None, solve: bool = False,
                  link: Path | None = None, voice: Voice | None = None,
                  board: Board | None = None) -> int:
    """Run until a signal (or for ``seconds``), the board's manual clock following real time,
    with the owner's choices and the board menu (``overrides``: the run's flags); ``story``:
    ``tutorial`` or ``tournament`` for this run instead of the chosen mode. Without a solved
    table the board looks for one every few seconds, and with ``solve`` makes it in the
    background at idle priority meanwhile (``firmware.solve.background``). The board's link
    (``firmware.service.link``) listens on ``link`` (None: no link). As the real board does, it
    speaks (espeak-ng, where installed, in the language's voice; ``voice``: another) the board menu,
    and the stories where the board file's ``[facts] speak`` asks. ``board``: the simulated
    board is wired as that board file (a reed board or a Hall board), else as the shipped one
    of the game's kind."""
    stop = threading.Event()
    stop_on_signals(stop)
    start = time.monotonic()
    settings.mummy_plays_both = settings.mummy_plays_both or demo
    config = None
    try:
        wired = board_for(settings.ruleset) if board is None else check_board(
            board, settings.ruleset)
    except ConfigError as e:
        log.error("%s", e)
        print(f"aseb run: {e}", file=sys.stderr)
        return EX_CONFIG
    if kiosk:  # the board file's kiosk section, switched on
        config = replace(wired.kiosk, enabled=True)
    speaker = voice if voice is not None else EspeakVoice(
        language_voice(), wired.sounds.volume, wired.sounds.muted)
    speak_in = speaker.speak_in if isinstance(speaker, EspeakVoice) else None
    with Table(state_dir=state_dir, settings=settings, seed=secrets.randbits(32),
               kiosk=config, menu=True, overrides=overrides, story=story, say=speaker.say,
               language=speak_in, tell_stories=wired.facts.speak, board=wired,
               speaking=(lambda: speaker.speaking) if isinstance(speaker, EspeakVoice)
               else quiet) as table:
        player = Demo(table.sim) if demo else None
        companion = table.choices  # the choices, their story and the menu
        look_for_table = table_watcher(table.controller)
        solving = background_solve(settings) if solve and look_for_table else None

        def follow_real_time() -> None:
            now = time.monotonic() - start
            table.sim.run_until(now)
            if player is not None:
                player.act(table.controller, table.now)
            if companion is not None:
                companion.tick()
            if look_for_table is not None:
                look_for_table()
            if seconds is not None and now >= seconds:
                stop.set()

        board_link = open_link(link, table.controller, lambda: table.controller.last_frame,
                              choices=table.choices, games=state_dir / "games",
                              stats=state_dir if table.kiosk is not None else None)
        notifier = Notifier()
        notifier.ready()  # as the real board does, so the service path can run simulated
        log.info("ready (simulated board): %s", table.controller.status())
        try:
            problem = serve(table.controller, table.events, stop, before_tick=follow_real_time,
                            notifier=notifier, kiosk=table.kiosk,
                            after_tick=board_link.tick if board_link is not None else None)
        finally:
            notifier.stopping()
            if board_link is not None:
                board_link.close()
            speaker.close()
            if solving is not None and solving.poll() is None:
                solving.terminate()  # its checkpoint lets the next run go on from here
    return EX_SOFTWARE if problem is not None else 0


def background_solve(settings: Settings) -> subprocess.Popen[bytes]:
    """Start solving the table of the game played, where tables are looked for."""
    from firmware.solve.places import default_directory

    ruleset = settings.ruleset
    return start(ruleset.name, default_directory(), getattr(ruleset, "pieces", 5))

"""``aseb sim``: the window opened on the screen, and its loop (events, time, a picture).

Without a display one line says so and the exit status is 1; a bad board file is refused in one
line with status 78 (as ``aseb run``); the game is saved on the way out.

    open_window(game="senet")   # until Esc or closing the window
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pygame

from engine.games import DEFAULT
from engine.games import load as load_game
from firmware.words.extras import needs
from sim.window.audio import Audio
from sim.window.settings import remembered, settings_path
from sim.window.window import SIZE, Window

FPS_BUSY = 60
"""Frames a second while the hand is busy (dragging, shaking, a menu open)."""
FPS_CALM = 20
"""Frames a second otherwise: the controller lights the board at 20 fps on a Pi too."""
MAX_STEP = 1.0
EX_NO_DISPLAY = 69
"""The exit status when no window can open (EX_UNAVAILABLE): ``make run`` says nothing more."""
NO_DISPLAY = ("aseb sim: no display to open a window on; play in the terminal with `make play` "
              "(or `aseb play`).")


def no_display(game: str = DEFAULT) -> str:
    """The one line said when no window will open: where to play ``game`` instead."""
    if game == DEFAULT:
        return NO_DISPLAY
    return ("aseb sim: no display to open a window on; play in the terminal with "
            f"`aseb play --game {game}`.")


def display_available() -> bool:
    """Whether there may be a display (on Linux: X11 or Wayland, unless SDL is told otherwise)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def open_window(board_file: Path | None = None, state_dir: Path | None = None, *,
                config_dir: Path | None = None, fullscreen: bool = False,
                seed: int | None = None, seconds: float | None = None,
                game: str | None = None, far: str | None = None,
                network: Path | None = None) -> int:
    """Run the window until Esc or closing it (or ``seconds``); the exit status.

    ``game``: the game to play (None: the one chosen last); ``far``: the code of a far game to
    join (``sim.far.joining``; ``network``: the file of its ``[network]``). ``EX_NO_DISPLAY``
    when there is no display (one line says so), 78 for a bad board file or ``[network]`` (as
    ``aseb run``); the game is saved on the way out.
    """
    from firmware.service.boards import board_for, read_board
    from firmware.service.daemon import state_directory
    from firmware.service.restarts import EX_CONFIG
    from hardware.boards.board_file import ConfigError

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    settings_file = settings_path(config_dir)
    state_dir = state_dir if state_dir is not None else state_directory() / "simulator"
    settings, choices, chosen = remembered(settings_file, state_dir, game)
    game = chosen.game
    try:
        rules = load_game(game)
        board = board_for(rules) if board_file is None else read_board(board_file, rules)
        sounds = board.sounds
    except ConfigError as exc:
        print(f"aseb sim: {exc}", file=sys.stderr)
        return EX_CONFIG
    found_network = None
    if far is not None:
        from sim.far.config import NetworkError, network_for

        try:  # the file first: the far stack is imported only for a network to use
            found_network = network_for(network)
        except NetworkError as exc:
            print(f"aseb sim: {exc}", file=sys.stderr)
            return EX_CONFIG
        try:
            import sim.far.joining  # noqa: F401
        except ImportError as exc:
            print(needs("aseb sim --far", "far", exc), file=sys.stderr)
            return 2
    if not display_available():
        print(no_display(game), file=sys.stderr)
        return EX_NO_DISPLAY
    screen = _open_display(fullscreen, f"aseb: {rules.title}")
    if screen is None:
        print(no_display(game), file=sys.stderr)
        return EX_NO_DISPLAY
    pygame.font.init()
    audio = Audio(sounds, sounds=settings.game_sounds, music=settings.music)
    from firmware.solve.installed import table_for  # Tait's games may have a solved table
    from firmware.words import voice as language_voice
    from hardware.sounds.voice import EspeakVoice

    voice = EspeakVoice(language_voice(), chosen.volume, warn=False)  # for spoken play
    window = Window.open(board=board, state_dir=state_dir, settings=settings, seed=seed,
                         size=screen.get_size(), settings_file=settings_file, audio=audio,
                         game=game, table=table_for(rules), chosen=chosen,
                         choices_file=choices, voice=voice)
    joined = None
    if far is not None and found_network is not None:
        from sim.far.joining import join_far

        window.settings.mummy = None  # the far board plays the other side
        joined = join_far(window.table, far, found_network, state_dir / "far")
    try:
        run(window, screen, fullscreen, seconds)
    finally:
        if joined is not None:
            joined.close()
        window.close()
        pygame.quit()
    return 0


def run(window: Window, screen: pygame.Surface, fullscreen: bool,
        seconds: float | None = None) -> None:
    """The loop: events, time, a picture; the board's clock follows real time."""
    clock = pygame.time.Clock()
    started = last = time.monotonic()
    while window.running:
        for event in pygame.event.get():
            window.handle(event)
        if window.fullscreen_asked:
            window.fullscreen_asked = False
            fullscreen = not fullscreen
            screen = _screen(fullscreen)
        now = time.monotonic()
        window.step(min(now - last, MAX_STEP))  # a stalled window does not race to catch up
        last = now
        dirty = window.render(screen)
        if dirty is None:
            pygame.display.flip()
        elif dirty:
            pygame.display.update(dirty)
        clock.tick(FPS_BUSY if window.busy else FPS_CALM)
        if seconds is not None and now - started >= seconds:
            window.running = False


def _open_display(fullscreen: bool, caption: str = "aseb") -> pygame.Surface | None:
    """The window's surface, or None when no display will open.

    On X11 SDL's direct framebuffer is asked for first: the window redraws only the squares
    whose lights change, and without a GPU (Xvfb, a kiosk) the texture path would upload the
    whole window every frame (15% of a core idle instead of 2%). Elsewhere SDL chooses.
    """
    ours = sys.platform.startswith("linux") and bool(os.environ.get("DISPLAY")) \
        and "SDL_FRAMEBUFFER_ACCELERATION" not in os.environ
    if ours:
        os.environ["SDL_FRAMEBUFFER_ACCELERATION"] = "0"
    for _ in range(2):
        try:
            pygame.display.init()
            pygame.display.set_caption(caption)
            return _screen(fullscreen)
        except pygame.error:
            pygame.display.quit()
            if not ours:
                break
            ours = False  # try once more the way SDL likes best
            del os.environ["SDL_FRAMEBUFFER_ACCELERATION"]
    return None


def _screen(fullscreen: bool) -> pygame.Surface:
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    return pygame.display.set_mode(SIZE, pygame.RESIZABLE)

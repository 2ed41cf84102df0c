"""Which board file a game is played on: a game's geometry names the kind of board it needs, and
a board file names the kind it is wired for.

    board = board_for(rules)               # the shipped file of the game's kind of board
    board = read_board(path, rules)        # ConfigError when the file is bad, or for another board

``read_board`` is how every door reads a board file (``aseb run``, ``sim``, ``selftest``,
``web``, ``menu-card`` and ``systemd/install.sh``): the same reader, the same checks, and for
a bad file the same one line naming the file and the key (exit 78).
"""

from __future__ import annotations

from pathlib import Path

from engine import games
from engine.games.api import Rules
from firmware.menu.choices import choose, offered, setting, volume_step
from hardware.boards.board_file import DEFAULT_BOARDS, Board, ConfigError, load_board


def read_board(path: str | Path, rules: Rules | None = None) -> Board:
    """The board file at ``path``, checked as every door checks it: each section and key
    (``hardware.boards.board_file``), the defaults its ``[menu]`` and ``[story]`` give (offered
    on its kind of board), and, with ``rules``, that it is wired for their game's board. ConfigError
    names the file and the key."""
    board = load_board(path)
    board_defaults(board)
    return board if rules is None else check_board(board, rules)


def board_defaults(board: Board) -> dict[str, str]:
    """The defaults a board file gives: ``[menu]``'s, the story mode, the volume, a kiosk's
    level; ConfigError naming the key for a value that is not a choice on this board."""
    found = {"mode": board.story.mode, "volume": volume_step(board.sounds.volume)}
    if board.story.mode not in {c.value for c in offered(setting("mode"), board.kind)}:
        raise ConfigError(f"{board.source}: story.mode: the {board.story.mode} is played with "
                          f"Tait's Twenty Squares, not on a {board.kind} board")
    if board.kiosk.enabled:
        found["level"] = board.kiosk.level
    for key, value in board.menu.defaults.items():
        where = f"{board.source}: menu.{key}"
        try:
            choice = setting(key).choice(value)
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from None
        if choice not in offered(setting(key), board.kind):
            raise ConfigError(f"{where}: {value} is not played on a {board.kind} board")
        found[key] = choice.value
    choose(board.kind, found)  # the stories need Tait's game: settled there
    return found


def own_game(board: Board) -> Rules:
    """The game a board plays when no game is asked for: its ``[menu] game``, else the first
    game of its kind (as the service chooses it before any setting is saved)."""
    return games.load(choose(board.kind, board_defaults(board))[0].game)


def games_on(kind: str) -> list[str]:
    """The registered games played on a ``kind`` of board."""
    found = []
    for name in games.names():
        try:
            if games.load(name).geometry.board == kind:
                found.append(name)
        except ImportError:  # a game registered before its package is written
            continue
    return found


def check_board(board: Board, rules: Rules) -> Board:
    """``board`` if it is wired for the game of ``rules``; else ConfigError naming what it is
    for."""
    wanted = rules.geometry.board
    if board.kind != wanted:
        players = ", ".join(games_on(board.kind)) or "no game yet"
        raise ConfigError(f"{board.source}: this board file is wired for a {board.kind} board "
                          f"(for {players}), not the {wanted} board {rules.title} is played on")
    return board


def no_board(rules: Rules) -> str | None:
    """Why ``rules``' game cannot be played on a board, in one line (None: it can)."""
    if rules.geometry.board in DEFAULT_BOARDS:
        return None
    why = getattr(rules, "no_board", "reed switches cannot read its board")
    return (f"{rules.title} is played in the window and the terminal only ({why}): "
            f"aseb sim --game {rules.name}, or aseb play --game {rules.name}")


def board_for(rules: Rules) -> Board:
    """The shipped board file of the kind of board ``rules`` are played on; ConfigError when
    the game has none (it is played in the window and the terminal only)."""
    why = no_board(rules)
    if why is not None:
        raise ConfigError(why)
    return load_board(DEFAULT_BOARDS[rules.geometry.board])

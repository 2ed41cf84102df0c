"""Which board file a game is played on: a game's geometry names the kind of board it needs, and
a board file names the kind it is wired for.

    board = board_for(rules)               # the shipped file of the game's kind of board
    check_board(load_board(path), rules)   # ConfigError when the file is for another board
"""

from __future__ import annotations

from engine import games
from engine.games.api import Rules
from hardware.board_file import DEFAULT_BOARDS, Board, ConfigError, load_board


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

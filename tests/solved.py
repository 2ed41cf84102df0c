"""A small solved table for tests: two pieces a side, solved once per test session."""

from __future__ import annotations

import random
import tempfile
from functools import cache
from pathlib import Path

from engine.game import Game
from engine.tait.state import Ruleset
from firmware.solved_table import SolvedTable, open_table
from firmware.solver import solve

TWO = Ruleset(pieces=2)


@cache
def table_directory() -> Path:
    """A directory holding the solved table of ``TWO`` (about a second to make)."""
    where = Path(tempfile.mkdtemp(prefix="aseb-table-"))
    solve(TWO, where, show=False)
    return where


def two_piece_table() -> SolvedTable:
    """The solved two-piece table, memory-mapped as on a board."""
    return open_table(table_directory(), TWO)


def random_game(seed: int) -> Game:
    """A finished two-piece game of random moves, opened by the demon-cast."""
    rng = random.Random(seed)
    game = Game(TWO)
    game.demon_cast(rng)
    while not game.state.is_over:
        game.cast(TWO.draw(rng))
        if game.state.moves:
            game.play(rng.choice(game.state.moves))
    return game

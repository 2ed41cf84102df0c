"""Small solved tables for tests: two pieces a side, Tait's game and Cyningstan's, each solved
once per test session."""

from __future__ import annotations

import random
import tempfile
from dataclasses import replace
from functools import cache
from pathlib import Path

from engine.cyningstan import RULES
from engine.game import Game
from engine.tait.state import Ruleset
from firmware.solve.run import solve
from firmware.solve.table import SolvedTable, open_table

TWO = Ruleset(pieces=2)
CYNINGSTAN_TWO = replace(RULES, pieces=2)


@cache
def table_directory(ruleset: Ruleset = TWO) -> Path:
    """A directory holding the solved table of ``ruleset`` (about a second to make)."""
    where = Path(tempfile.mkdtemp(prefix="aseb-table-"))
    solve(ruleset, where, show=False)
    return where


def two_piece_table(ruleset: Ruleset = TWO) -> SolvedTable:
    """The solved two-piece table of ``ruleset``, memory-mapped as on a board."""
    return open_table(table_directory(ruleset), ruleset)


def random_game(seed: int, ruleset: Ruleset = TWO) -> Game:
    """A finished two-piece game of random moves, opened by the demon-cast where the rules
    have one."""
    rng = random.Random(seed)
    game = Game(ruleset, ruleset.first_side(rng, None))
    if ruleset.demon_cast:
        game.demon_cast(rng)
    while not game.state.is_over:
        game.cast(ruleset.draw(rng))
        if game.state.moves:
            game.play(rng.choice(game.state.moves))
    return game

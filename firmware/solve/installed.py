"""The solved table of a game, when one is installed: the window and the terminal both ask.

Only Twenty Squares rules have one; NumPy (the table's reader) is loaded only when one is there.
"""

from __future__ import annotations

from engine.games.api import Rules
from engine.mummy.chances import SolvedTable
from engine.tait.state import Ruleset


def table_for(rules: Rules) -> SolvedTable | None:
    """The solved table of ``rules`` if one is installed (only Twenty Squares rules have one)."""
    from firmware.solve.places import default_directory, table_name

    if not isinstance(rules, Ruleset):
        return None
    if not (default_directory() / f"{table_name(rules)}.json").exists():
        return None  # no table: NumPy (the table's reader) is not even loaded
    from firmware.solve.table import find_table

    return find_table(ruleset=rules)

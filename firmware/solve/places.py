"""Where solved tables live, and the rulesets ``aseb solve`` knows by name."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

RULESETS: dict[str, dict[str, Any]] = {
    "tait": {},
    "safe": {"name": "safe", "marked_safe": True},
    "cyningstan": {},
}
"""Ruleset options by name: Tait's rules, Tait's with the marked middle squares safe, and
Cyningstan's game (its own rules, ``engine.cyningstan.RULES``)."""


def solvable(name: str, pieces: int) -> Any:
    """The ruleset ``aseb solve`` solves for a name of ``RULESETS`` and a number of pieces."""
    from dataclasses import replace

    from engine.cyningstan import RULES
    from engine.tait.state import Ruleset

    if name == "cyningstan":
        return replace(RULES, pieces=pieces)
    return Ruleset(**{**RULESETS[name], "pieces": pieces})


def default_directory() -> Path:
    """Where tables are looked for and written: ``$ASEB_TABLES`` if set, else the service's
    state directory (systemd sets ``$STATE_DIRECTORY``: /var/lib/aseb), else
    ``~/.local/share/aseb``."""
    for variable in ("ASEB_TABLES", "STATE_DIRECTORY"):
        found = os.environ.get(variable)
        if found:
            return Path(found.split(":")[0])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "aseb"


def table_name(ruleset: Any) -> str:
    """The file name stem of a ruleset's table: ``tait-5``."""
    return f"{ruleset.name}-{ruleset.pieces}"

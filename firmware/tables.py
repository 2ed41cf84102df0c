"""Where solved tables live, and the rulesets ``aseb solve`` knows by name."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

RULESETS: dict[str, dict[str, Any]] = {
    "tait": {},
    "safe": {"name": "safe", "marked_safe": True},
}
"""Ruleset options by name: Tait's rules, and Tait's with the marked middle squares safe."""


def default_directory() -> Path:
    """``$ASEB_TABLES`` if set, else ``~/.local/share/aseb`` (the service's user's home)."""
    env = os.environ.get("ASEB_TABLES")
    if env:
        return Path(env)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "aseb"

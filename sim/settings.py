"""The window's settings, kept between runs in ``$XDG_CONFIG_HOME/aseb/window.json``.

A garbled or unreadable file is answered with a warning and the defaults, never a crash.

    settings = load(settings_path())
    settings.mummy_facts = False; save(settings, settings_path())
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from engine.board import Side
from engine.mummy import Level

log = logging.getLogger(__name__)

FILE_NAME = "window.json"


@dataclass
class WindowSettings:
    """The Options menu: sounds, music, MummyFacts, the mummy's side and level, hints."""

    game_sounds: bool = True
    music: bool = False
    mummy_facts: bool = True
    mummy: Side | None = Side.REELS
    level: Level = Level.PRIEST
    hints: bool = False
    square_labels: bool = False
    """Each square's name (R1..M16) in its corner."""
    carry_mummy_moves: bool = False
    """The player carries out the mummy's moves (to rehearse the real board); else it moves."""

    def to_json(self) -> dict[str, Any]:
        """Plain JSON values (sides and levels by name)."""
        data = asdict(self)
        data["mummy"] = self.mummy.name.lower() if self.mummy is not None else "none"
        data["level"] = self.level.name.lower()
        return data

    @classmethod
    def from_json(cls, data: Any) -> WindowSettings:
        """Settings from ``to_json``'s values; ValueError names the first bad key."""
        if not isinstance(data, dict):
            raise ValueError("expected a JSON object")
        settings = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "mummy":
                settings.mummy = None if str(value).lower() == "none" else Side.parse(str(value))
            elif f.name == "level":
                settings.level = Level.parse(str(value))
            elif isinstance(value, bool):
                setattr(settings, f.name, value)
            else:
                raise ValueError(f"{f.name}: expected true or false, not {value!r}")
        return settings


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/aseb``, else ``~/.config/aseb``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "aseb"


def settings_path(directory: Path | None = None) -> Path:
    """The settings file in ``directory`` (default: the user's config dir)."""
    return (directory if directory is not None else config_dir()) / FILE_NAME


def load(path: Path) -> WindowSettings:
    """The saved settings; the defaults (with a warning) when the file is garbled."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return WindowSettings()
    except (OSError, UnicodeDecodeError) as exc:
        log.warning("%s cannot be read (%s): using the default settings", path, exc)
        return WindowSettings()
    try:
        return WindowSettings.from_json(json.loads(text))
    except ValueError as exc:  # JSON errors are ValueErrors too
        log.warning("%s is not usable (%s): using the default settings", path, exc)
        return WindowSettings()


def save(settings: WindowSettings, path: Path) -> None:
    """Write the settings (a temp file renamed over the old one); a failure is only a warning."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(settings.to_json(), indent=2) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        log.warning("could not save the settings to %s: %s", path, exc)

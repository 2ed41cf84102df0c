"""The window's own settings (sounds, music, MummyFacts, hints...), kept between runs in
``$XDG_CONFIG_HOME/aseb/window.json``; the board's settings it plays with (the mummy, its level,
the mode, the chances) are kept apart, in the choices' own file (``firmware.menu.settings_file``).

A garbled file is never a crash: it is moved aside (``window.bad-1.json``) with a warning, its
good keys are kept and the rest are the defaults, so the next save does not lose what was good.
An unknown key is named in the warning (the file kept aside has it), and a file that cannot be
read is moved aside too, or, when even that fails, never written over.

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

from engine.core.sides import Side
from engine.mummy import Level
from firmware.menu.choices import Chosen
from firmware.menu.settings_file import SettingsFile
from hardware.core.errors import shown, shown_value
from hardware.doors.file_reader import SETTINGS, Unreadable, read_json
from hardware.doors.writer import move_aside, write_whole

log = logging.getLogger(__name__)

FILE_NAME = "window.json"
BOARD_KEYS = ("mummy", "level", "fair", "tournament", "show_chances", "calm_lights",
              "spoken_play")
"""The board's settings among these (``firmware.menu.choices``): kept in ``settings.json`` in the
window's state directory, as a board keeps them, and no longer in window.json."""
_UNTOUCHED: set[Path] = set()
"""Settings files that could be neither read nor moved aside: ``save`` leaves them alone."""


@dataclass
class WindowSettings:
    """The Options menu: sounds, music, MummyFacts, the mummy's side and level, hints."""

    game_sounds: bool = True
    music: bool = False
    mummy_facts: bool = True
    mummy: Side | None = Side.REELS
    level: Level = Level.PRIEST
    fair: bool = False
    """The mummy's strength follows the results (from the Vizier's), so each side wins half."""
    hints: bool = False
    square_labels: bool = False
    """Each square's name (R1..M16) in its corner."""
    carry_mummy_moves: bool = False
    """The player carries out the mummy's moves (to rehearse the real board); else it moves."""
    tournament: bool = False
    """Playing Setna's tournament (its progress is kept in the state directory)."""
    show_chances: bool = True
    """The chances bar beside the board (only with the game's solved table)."""
    calm_lights: bool = False
    """Nothing blinks: every blink becomes a slow swell (the board's "lights" setting)."""
    spoken_play: bool = False
    """The window says throws, moves and mistakes aloud (the board's "spoken" setting)."""
    larger_text: bool = False
    """Every word half as large again, the board laid out around it."""
    keys_told: bool = False
    """The first-time hint of the keys has been shown (it is shown once)."""

    def to_json(self) -> dict[str, Any]:
        """The window's own settings as plain JSON values: the board's settings it plays with
        (``BOARD_KEYS``) are kept apart, in the choices' own file (``settings.json``)."""
        return {key: value for key, value in asdict(self).items() if key not in BOARD_KEYS}

    def as_choices(self) -> dict[str, str]:
        """The board's settings these hold, as the choices' values (``firmware.menu.choices``):
        read from a window.json written before they had their own file."""
        return {"opponent": self.mummy.name.lower() if self.mummy is not None else "none",
                "level": "fair" if self.fair else self.level.name.lower(),
                "mode": "tournament" if self.tournament else "game",
                "chances": "shown" if self.show_chances else "hidden",
                "lights": "calm" if self.calm_lights else "usual",
                "spoken": "on" if self.spoken_play else "off"}

    def take(self, chosen: Chosen) -> None:
        """Play with the board's settings ``chosen`` (the mummy, its level, the tournament, the
        chances)."""
        self.mummy, self.level, self.fair = chosen.mummy, chosen.level, chosen.fair
        self.tournament = chosen.mode == "tournament"
        self.show_chances = chosen.chances
        self.calm_lights, self.spoken_play = chosen.calm, chosen.spoken

    @classmethod
    def from_json(cls, data: Any) -> tuple[WindowSettings, list[str]]:
        """Settings from ``to_json``'s values, and a problem for each key left at its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings, ["expected a JSON object"]
        names = {f.name for f in fields(cls)}
        problems = [f"{shown(str(key))}: unknown key" for key in data if key not in names]
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            try:
                if f.name == "mummy":
                    none = str(value).lower() == "none"
                    settings.mummy = None if none else Side.parse(str(value))
                elif f.name == "level":
                    settings.level = Level.parse(str(value))
                elif isinstance(value, bool):
                    setattr(settings, f.name, value)
                else:
                    raise ValueError(f"expected true or false, not {shown_value(value)}")
            except ValueError as exc:
                problems.append(f"{f.name}: {exc}")
        return settings, problems


def config_dir() -> Path:
    """``$XDG_CONFIG_HOME/aseb``, else ``~/.config/aseb``."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "aseb"


def settings_path(directory: Path | None = None) -> Path:
    """The settings file in ``directory`` (default: the user's config dir)."""
    return (directory if directory is not None else config_dir()) / FILE_NAME


def load(path: Path) -> WindowSettings:
    """The saved settings; a garbled file is moved aside, keeping its good keys (see above)."""
    try:  # a file a person may link to: followed, but only to a regular file
        data = read_json(path, SETTINGS, follow=True, finite=False)  # judged key by key
    except FileNotFoundError:
        return WindowSettings()
    except Unreadable as exc:
        aside = _move_aside(path)
        if aside is None:
            _UNTOUCHED.add(path)
        kept = f"kept it as {aside}" if aside else \
            "it is left as it is and will not be written over"
        log.warning("%s cannot be read (%s): %s; using the default settings", path, exc.said,
                    kept)
        return WindowSettings()
    settings, problems = WindowSettings.from_json(data)
    if problems:
        aside = _move_aside(path)
        kept = f"kept it as {aside}" if aside else "could not move it aside"
        log.warning("%s is not usable (%s): %s; using the default settings for what was bad",
                    path, "; ".join(problems), kept)
    return settings


def remembered(settings_file: Path, state_dir: Path, game: str | None = None
               ) -> tuple[WindowSettings, SettingsFile, Chosen]:
    """What the window remembers: its own settings (``settings_file``) and the board's settings
    in ``settings.json`` in its ``state_dir``, as a board keeps them (what an older window.json
    held of them taken over); ``game`` overrides the game chosen last, for this run."""
    settings = load(settings_file)
    choices = SettingsFile(state_dir)
    chosen = choices.load(None, settings.as_choices(),
                          overrides={"game": game} if game is not None else {})
    settings.take(chosen)
    return settings, choices, chosen


def _move_aside(path: Path) -> Path | None:
    """Rename a bad settings file to the first free ``window.bad-N.json``; None if it cannot."""
    try:
        return move_aside(path)
    except OSError:
        return None


def save(settings: WindowSettings, path: Path) -> None:
    """Write the settings (a temp file renamed over the old one); a failure is only a warning."""
    if path in _UNTOUCHED:
        log.warning("not saving the settings over %s: it could not be read", path)
        return
    try:
        write_whole(path, json.dumps(settings.to_json(), indent=2) + "\n")
    except OSError as exc:
        log.warning("could not save the settings to %s: %s", path, exc)

"""The owner's choices, kept in one settings file in the state directory (``settings.json``).

Written atomically (a temporary file, flushed to disk, renamed over the old one) whenever the
board menu closes; read at start by the one careful reader (``hardware.doors.file_reader``). A file
that cannot be used whole (not a regular file, not text, not JSON, nested too deeply, too big, a
value of the wrong type or no longer offered) is moved aside
(``settings.bad-N.json``) with a log line, as the saved game is, and its good values are kept:
a bad settings file never stops the board.

    file = SettingsFile(state_dir)
    chosen = file.load(kind, board_defaults)     # the defaults, then the file
    file.save(chosen)
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from firmware.menu.choices import Chosen, choose
from hardware.doors.file_reader import SETTINGS, Unreadable, read_json
from hardware.doors.writer import set_aside, write_whole

log = logging.getLogger(__name__)

FORMAT = "aseb-settings"
NAME = "settings.json"
MAX_BYTES = SETTINGS.size
"""A settings file is a few hundred bytes; anything much bigger is not one, and is not read."""


class SettingsFile:
    """``settings.json`` in ``directory`` (the service's state directory)."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)
        self.path = self.directory / NAME

    def load(self, kind: str | None, defaults: Mapping[str, object] = {}, *,
             overrides: Mapping[str, object] = {}) -> Chosen:
        """The choices of a ``kind`` of board: ``defaults`` (the board file's), then the file,
        then ``overrides`` (a run's flags). A file with anything wrong is moved aside, its good
        values kept."""
        found = self._read()
        problems = [self._unusable] if self._unusable else choose(kind, found)[1]
        if problems and os.path.lexists(self.path):
            self._set_aside("; ".join(problems))
        return choose(kind, defaults, found, overrides)[0]

    _unusable: str | None = None

    def _read(self) -> Mapping[str, object]:
        """The file's settings as found (empty when there is none or it is garbled)."""
        self._unusable = None
        try:
            data: Any = read_json(self.path, SETTINGS)  # bounded, a regular file: never a hang
        except FileNotFoundError:
            return {}
        except Unreadable as exc:
            self._unusable = exc.said
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self._unusable = f"not an aseb settings file (expected \"format\": \"{FORMAT}\")"
            return {}
        return {key: value for key, value in data.items() if key != "format"}

    def save(self, chosen: Chosen) -> bool:
        """Write the choices atomically; a full or read-only disk is logged (False), never
        raised: the board plays on with what was chosen."""
        text = json.dumps({"format": FORMAT, **chosen.to_json()}, indent=2) + "\n"
        try:
            write_whole(self.path, text)
        except OSError as exc:
            log.error("could not save the settings to %s: %s", self.path, exc)
            return False
        log.info("settings saved: %s", ", ".join(f"{k} {v}" for k, v in chosen.to_json().items()))
        return True

    def _set_aside(self, why: str) -> None:
        set_aside(self.path, "settings file", why, ", its good values kept")

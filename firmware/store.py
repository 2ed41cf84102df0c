"""Never lose a game: the record is saved atomically after every throw and move.

A save is written to a temporary file, flushed to disk, then renamed over the old one, so a
power cut leaves either the old save or the new one, never half of one. A save that cannot be
used for any reason (binary garbage, numbers too large, nesting too deep) is moved aside with a
warning and start-up goes on without it: never a crash at every start.
"""

from __future__ import annotations

import json
import logging
import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.mummy import Fair
from engine.record import GameRecord

log = logging.getLogger(__name__)

FORMAT = "aseb-save"


@dataclass(frozen=True)
class Saved:
    """What survives a restart: the game record, who the mummy plays, the last winner, and the
    kiosk's fair mode."""

    record: GameRecord
    mummy: Side | None = None
    last_winner: Side | None = None
    fair: Fair | None = None


class Store:
    """The saved game in the state directory (``/var/lib/aseb`` under systemd)."""

    def __init__(self, directory: Path, game: str = "tait") -> None:
        self.directory = Path(directory)
        self.path = self.directory / ("game.json" if game == "tait" else f"game-{game}.json")
        """Each game keeps its own save, so switching games never loses one."""

    def save(self, saved: Saved) -> None:
        """Write the save atomically: temp file, fsync, rename, fsync the directory."""
        self.directory.mkdir(parents=True, exist_ok=True)
        data = {
            "format": FORMAT,
            "mummy": _name(saved.mummy),
            "last_winner": _name(saved.last_winner),  # Cones are 0: never test a side for truth
            "record": json.loads(saved.record.to_json()),
            "fair": saved.fair.to_json() if saved.fair is not None else None,
        }
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        fd = os.open(self.directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def load(self) -> Saved | None:
        """The save, or None when there is none or it is garbled (then it is moved aside)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as exc:
            self._set_aside(f"cannot be read: {exc}")
            return None
        try:
            data: Any = json.loads(text, parse_float=_finite, parse_constant=_no_constant)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadRecord(f"not an aseb save (expected \"format\": \"{FORMAT}\")")
            record = GameRecord.from_json(json.dumps(data.get("record")))
            fair = Fair.from_json(data["fair"]) if data.get("fair") is not None else None
            return Saved(record, _side(data.get("mummy")), _side(data.get("last_winner")), fair)
        except RecursionError:
            self._set_aside("nested too deeply")
        except Exception as exc:  # whatever is wrong with it, the board must still start
            self._set_aside(str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: "
                            f"{exc}")
        return None

    def clear(self) -> None:
        """Forget the saved game (after it is finished and the board cleared)."""
        self.path.unlink(missing_ok=True)

    def _set_aside(self, why: str) -> None:
        aside = self.path.with_name(f"{self.path.stem}.bad-{_next_free(self.path)}.json")
        try:
            os.replace(self.path, aside)
        except OSError as exc:
            log.warning("saved game %s is unusable (%s) and could not be moved: %s",
                        self.path, why, exc)
            return
        log.warning("saved game %s is unusable (%s); moved it to %s", self.path, why, aside)


def _name(side: Side | None) -> str | None:
    return side.name.lower() if side is not None else None


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text} is too large")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number a save holds")


def _side(value: Any) -> Side | None:
    return None if value is None else Side.parse(str(value))


def _next_free(path: Path) -> int:
    n = 1
    while path.with_name(f"{path.stem}.bad-{n}.json").exists():
        n += 1
    return n

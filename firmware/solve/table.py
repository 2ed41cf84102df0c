"""The solved table on disk, opened with a memory map: each position's chance in microseconds.

``aseb solve`` writes ``NAME.values`` (uint16 by dense index) and ``NAME.json`` (the ruleset,
the scale and the index's extra-turn bound). Opening reads the small JSON, rebuilds the index's
arrays (no solving) and maps the values without reading them; the operating system pages in
what lookups touch.

>>> table = open_table(Path("/nonexistent"))
Traceback (most recent call last):
...
firmware.solve.table.TableError: no solved table in /nonexistent (make one with: aseb solve)
"""

from __future__ import annotations

import stat
from dataclasses import replace
from pathlib import Path

import numpy as np

from engine.core.words import N_, phrase
from engine.solve import Index
from engine.tait.solved import table_number
from engine.tait.state import TAIT, Ruleset
from firmware.solve.places import table_name
from firmware.solve.run import FORMAT
from hardware.core.errors import NAMED, shown
from hardware.doors.file_reader import Bounds, Unreadable, kind_of, read_json

TABLE = Bounds("solved table's description", 1_000_000, depth=4, keys=100)
"""A table's ``.json``: its rules and a bound for each of its halves (about 23 KB for five
pieces a side)."""


class TableError(Exception):
    """A table that is missing or cannot be used, with a one-line reason."""


class SolvedTable:
    """A solved game: ``chance(code)`` for any packed position with no throw pending."""

    def __init__(self, values: np.ndarray, index: Index, scale: int, path: Path) -> None:
        self.values = values
        self.index = index
        self.ruleset = index.ruleset
        self.scale = float(scale)
        self.path = path
        self._bound = dict(zip(index.halves.codes.tolist(), index.halves.bound.tolist(),
                               strict=True))

    def chance(self, code: int) -> float | None:
        """The chance that the side to play wins; None for a position the table does not hold
        (a game won, or more extra turns than any game can hold)."""
        number = table_number(self.index, self._bound, code)
        return None if number is None else int(self.values[number]) / self.scale

    def __repr__(self) -> str:
        return f"SolvedTable({str(self.path)!r}, {self.index.size:,} positions)"


def open_table(directory: Path, ruleset: Ruleset = TAIT) -> SolvedTable:
    """The table of ``ruleset`` in ``directory``; raises TableError saying what is wrong."""
    name = table_name(ruleset)
    meta_path, values_path = directory / f"{name}.json", directory / f"{name}.values"
    if not _there(meta_path) or not _there(values_path):
        raise TableError(phrase(N_("no solved table in {directory} (make one with: {command})"),
                                directory=named(directory), command="aseb solve"))
    try:
        meta = read_json(meta_path, TABLE, follow=True)  # bounded: never a hang
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise TableError(phrase(N_("{file}: not a solved table"), file=named(meta_path)))
        solved = Ruleset.from_json(meta["ruleset"])
        if replace(solved, demon_cast=True) != replace(ruleset, demon_cast=True):
            raise TableError(phrase(N_("{file}: solved for other rules than {game}'s"),
                                    file=named(meta_path), game=ruleset.title))
        index = Index(ruleset, [int(b) for b in meta["extra_bound"]])
        scale = int(meta["scale"])
    except TableError:
        raise
    except Unreadable as exc:
        raise TableError(phrase(N_("{file}: unreadable ({problem})"), file=named(meta_path),
                                problem=exc.problem)) from None
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
        raise TableError(phrase(N_("{file}: unreadable ({problem})"), file=named(meta_path),
                                problem=str(exc))) from None
    expected = index.size * 2
    found = values_path.stat()
    if not stat.S_ISREG(found.st_mode):  # a device maps as it pleases: only a file is mapped
        raise TableError(phrase(N_("{file}: unreadable ({problem})"), file=named(values_path),
                                problem=f"not a regular file ({kind_of(found.st_mode)})"))
    actual = found.st_size
    if actual != expected:
        raise TableError(phrase(N_("{file}: {size} bytes, expected {expected}: solve again"),
                                file=named(values_path), size=actual, expected=expected))
    values = np.memmap(values_path, dtype="<u2", mode="r", shape=(index.size,))
    return SolvedTable(values, index, scale, values_path)


def named(path: Path) -> str:
    """``path`` as a message names it: a path of 5,000 characters is cut."""
    return shown(str(path), NAMED)


def _there(path: Path) -> bool:
    """Whether something is at ``path`` (a name too long for the system: nothing)."""
    try:
        return path.exists()
    except OSError:
        return False


def find_table(directory: Path | None = None, ruleset: Ruleset = TAIT) -> SolvedTable | None:
    """The table if there is one (default directory:
    ``firmware.solve.places.default_directory``)."""
    from firmware.solve.places import default_directory

    try:
        return open_table(directory or default_directory(), ruleset)
    except TableError:
        return None

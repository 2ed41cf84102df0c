"""Finished games kept as records, so any of them can be reviewed (``aseb review FILE``).

Records go to ``games/`` beside the solved tables (``firmware.solve.places.default_directory``), one
JSON file each, numbered. ``load_game`` reads a record, or the board's save (``game.json``),
and answers a bad file in one line.
"""

from __future__ import annotations

from pathlib import Path

from engine.core.errors import BadRecord
from engine.record import GameRecord
from firmware.solve.places import default_directory
from hardware.doors.file_reader import RECORD, Unreadable, read_json
from hardware.doors.writer import write_whole

MAX_BYTES = RECORD.size
"""No record of a real game comes near this; a bigger file is refused unread."""


def save_game(record: GameRecord, directory: Path | None = None) -> Path:
    """Write ``record`` as the next ``game-N.json`` in ``directory`` (default: games/)."""
    where = directory or default_directory() / "games"
    where.mkdir(parents=True, exist_ok=True)
    taken = {p.stem for p in where.glob("game-*.json")}
    number = 1
    while f"game-{number}" in taken:
        number += 1
    path = where / f"game-{number}.json"
    write_whole(path, record.to_json())
    return path


def load_game(path: Path) -> GameRecord:
    """The record in ``path``: a game record, or a board save holding one. Raises ValueError
    with a one-line reason for anything else."""
    try:  # bounded, a regular file (a person names it: a link is followed): never a hang
        data = read_json(path, RECORD, follow=True)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read it ({exc.strerror})") from None
    except Unreadable as exc:
        said = "" if exc.problem.startswith("not a regular file") else " (not a game record)"
        raise ValueError(f"{exc}{said}") from None
    if isinstance(data, dict) and "record" in data:  # the board's save
        data = data["record"]
    try:
        return GameRecord.from_data(data)
    except BadRecord as exc:
        raise ValueError(f"{path}: {exc}") from None
    except RecursionError:
        raise ValueError(f"{path}: not a game record (nested too deeply)") from None

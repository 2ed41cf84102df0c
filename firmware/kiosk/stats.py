"""The kiosk's statistics: one JSON line per game in the state directory, rotated at a bounded
size, and the figures a museum asks for (games per day, completion, visitors' wins, duration).

    log = GameLog(state_dir)
    log.append(GameLine(start=..., end=..., result="visitor", moves=31, level="priest"))
    summary(log.lines()).games_per_day   # {'2026-11-23': 14, ...}
"""

from __future__ import annotations

import csv
import io
import json
import logging
import os
import statistics
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from firmware.words import _
from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds, Unreadable, read_bytes
from hardware.doors.writer import appending, last_byte, move

log = logging.getLogger(__name__)

WAITING = 1000
"""Game lines kept in memory while the disk is full, written as soon as it has room."""
MAX_BYTES = 1_000_000
"""A log file is rotated once it passes this size (about 6,000 games)."""
KEEP = 3
"""Rotated files kept (games.1.jsonl ... games.3.jsonl): at most four files in all."""
RESULTS = ("visitor", "mummy", "abandoned", "reset", "two players")


@dataclass(frozen=True)
class GameLine:
    """One game as the statistics keep it; times are seconds since the epoch (UTC)."""

    start: float
    end: float
    result: str
    """``visitor`` or ``mummy`` (who won), ``abandoned``, ``reset`` or ``two players``."""
    moves: int
    level: str
    game: str = "tait"

    @property
    def duration(self) -> float:
        return self.end - self.start

    @property
    def completed(self) -> bool:
        return self.result in ("visitor", "mummy", "two players")


class GameLog:
    """``games.jsonl`` in the state directory, appended once per game, rotated by size."""

    def __init__(self, directory: Path, max_bytes: int = MAX_BYTES) -> None:
        self.directory = Path(directory)
        self.path = self.directory / "games.jsonl"
        self.max_bytes = max_bytes
        self.bounds = Bounds("game log", 2 * max_bytes)
        """What is read of one file: it is rotated once it holds ``max_bytes``."""
        self.waiting: list[str] = []
        """Lines not written yet (a full or read-only disk), oldest first."""

    def append(self, line: GameLine) -> None:
        """Add one game; a full or read-only disk is logged, never raised (play goes on), and
        the line waits to be written with the next one (or by ``flush``)."""
        self.waiting.append(json.dumps(asdict(line), separators=(",", ":")) + "\n")
        del self.waiting[:-WAITING]
        self.flush()

    def flush(self) -> None:
        """Write the lines that wait, if any; a failure is logged, and they wait on."""
        if not self.waiting:
            return
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size >= self.max_bytes:
                self._rotate()
            with appending(self.path, "game log") as f:
                if f.tell() and last_byte(self.path) != b"\n":
                    f.write(b"\n")  # what a full disk cut short stays a line of its own
                f.write("".join(self.waiting).encode("utf-8"))
                f.flush()
                os.fsync(f.fileno())
        except OSError as exc:
            log.error("could not record the game in %s: %s (%d line(s) waiting)", self.path,
                      exc, len(self.waiting))
            return
        self.waiting.clear()

    def files(self) -> list[Path]:
        """The log's files, oldest first."""
        rotated = [self.directory / f"games.{n}.jsonl" for n in range(KEEP, 0, -1)]
        return [p for p in (*rotated, self.path) if p.exists()]

    def lines(self) -> Iterator[GameLine]:
        """Every game recorded, oldest first; lines that cannot be read are skipped."""
        for path in self.files():
            try:  # bounded, a regular file: never a hang (a line of bad bytes is skipped)
                text = read_bytes(path, self.bounds, follow=False).decode("utf-8", "replace")
            except Unreadable as exc:
                log.warning("%s", exc)
                continue
            except OSError as exc:
                log.warning("cannot read %s: %s", path, exc)
                continue
            for number, raw in enumerate(text.splitlines(), 1):
                line = _parse(raw)
                if line is None:
                    if raw.strip():
                        log.warning("%s:%d: not a game line, skipped", path, number)
                    continue
                yield line

    def _rotate(self) -> None:
        oldest = self.directory / f"games.{KEEP}.jsonl"
        oldest.unlink(missing_ok=True)
        for n in range(KEEP - 1, 0, -1):
            older = self.directory / f"games.{n}.jsonl"
            if older.exists():
                move(older, self.directory / f"games.{n + 1}.jsonl")
        move(self.path, self.directory / "games.1.jsonl")


LINE = Bounds("game line", 4096, depth=2, keys=20)
"""One game's line: some hundred bytes."""


def _parse(raw: str) -> GameLine | None:
    try:  # the one decoder: bounded before it is parsed
        data: Any = decode(raw, LINE, dict[str, Any])
    except Undecodable:
        return None
    try:
        line = GameLine(**{f.name: data[f.name] for f in fields(GameLine) if f.name in data})
    except TypeError:
        return None
    numbers_ok = all(isinstance(v, int | float) and not isinstance(v, bool) and abs(v) < 1e12
                     for v in (line.start, line.end, line.moves))
    texts_ok = all(isinstance(v, str) for v in (line.result, line.level, line.game))
    if not (numbers_ok and texts_ok and line.result in RESULTS):
        return None
    return line if _datable(line.start) and _datable(line.end) else None


def _datable(t: float) -> bool:
    """Whether ``t`` is a moment a date can be written for (one absurd line must not stop the
    figures of every other: it is skipped, and stays in the file)."""
    try:
        _stamp(t)
    except (ValueError, OverflowError, OSError):
        return False
    return True


@dataclass(frozen=True)
class Summary:
    """The museum's figures over a set of games."""

    games: int
    games_per_day: dict[str, int]
    completion_rate: float
    """Games played to a win, over all games (abandoned and reset ones count against)."""
    visitor_win_rate: float | None
    """Visitors' wins over games against the mummy that were finished (None: none yet)."""
    median_minutes: float | None


def summary(lines: Iterable[GameLine]) -> Summary:
    """The figures of ``lines``."""
    games = list(lines)
    days = Counter(_day(g.start) for g in games)
    against = [g for g in games if g.result in ("visitor", "mummy")]
    durations = [g.duration / 60 for g in games if g.completed]
    return Summary(
        games=len(games),
        games_per_day=dict(sorted(days.items())),
        completion_rate=sum(g.completed for g in games) / len(games) if games else 0.0,
        visitor_win_rate=(sum(g.result == "visitor" for g in against) / len(against)
                          if against else None),
        median_minutes=statistics.median(durations) if durations else None,
    )


def report(s: Summary) -> str:
    """The summary as a few lines for a person (the museum's staff), in the board's language."""
    lines = [_("games: {n}").format(n=s.games)]
    if s.games_per_day:
        lines.append(_("games per day:"))
    lines += [f"  {day}: {n}" for day, n in s.games_per_day.items()]
    lines.append(_("completion rate: {rate}").format(rate=f"{s.completion_rate:.0%}"))
    lines.append(_("visitors' win rate: {rate}").format(
        rate="-" if s.visitor_win_rate is None else f"{s.visitor_win_rate:.0%}"))
    lines.append(_("median duration: {minutes}").format(
        minutes="-" if s.median_minutes is None
        else _("{minutes} min").format(minutes=f"{s.median_minutes:.1f}")))
    return "\n".join(lines)


def to_csv(lines: Iterable[GameLine]) -> str:
    """Every game as a CSV row, for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["start", "end", "minutes", "result", "moves", "level", "game"])
    for g in lines:
        writer.writerow([_stamp(g.start), _stamp(g.end), f"{g.duration / 60:.1f}", g.result,
                         g.moves, g.level, g.game])
    return out.getvalue()


def _day(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d")


def _stamp(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S")

"""Never lose a game: the record is saved atomically after every throw and move.

A save is written to a temporary file, flushed to disk, then renamed over the old one, so a
power cut leaves either the old save or the new one, never half of one (a temporary file a
power cut or a kill left behind is removed when the save is next read). A save is read by the
one careful reader (``hardware.doors.file_reader``); one that cannot be used for any reason (not a
regular file, bigger than any game, binary garbage, numbers too large, nesting too deep) is
moved aside with a warning and start-up goes on without it: never a hang, never a crash at
every start.

A save is resumed only under the very rules it was played by: its rules are compared with the
running game's before they are even built (a corrupted save's rules could take gigabytes), so a
save of changed rules is set aside, and another game's save is moved to that game's own file
(or set aside), never left to be written over by the next game.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import games
from engine.core.errors import BadRecord
from engine.core.sides import Side
from engine.games.api import Rules
from engine.mummy import Fair
from engine.record import GameRecord, Notation
from hardware.core.errors import shown
from hardware.doors.file_reader import SAVE, Unreadable, read_json
from hardware.doors.writer import move, set_aside, tidy, write_whole

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
        self.game = game
        self.path = self.directory / save_name(game)
        """Each game keeps its own save, so switching games never loses one."""
        self._notation = Notation()  # the game saved, in notation so far
        self._written: str | None = None  # the text last written whole

    def save(self, saved: Saved) -> None:
        """Write the save atomically: temp file, fsync, rename, fsync the directory (not when
        the file already holds just this)."""
        data = {
            "format": FORMAT,
            "mummy": _name(saved.mummy),
            "last_winner": _name(saved.last_winner),  # Cones are 0: never test a side for truth
            "record": saved.record.to_data(self._notation),
            "fair": saved.fair.to_json() if saved.fair is not None else None,
        }
        text = json.dumps(data)
        if text == self._written and self.path.exists():
            return
        self._written = None  # a failed write leaves the file unknown
        write_whole(self.path, text)  # a full disk: the old save stands
        self._written = text

    def load(self, rules: Rules | None = None) -> Saved | None:
        """The save, or None when there is none or it is garbled (then it is moved aside).

        With ``rules`` (the game being played) a save of other rules is not resumed: another
        game's is moved to its own file, one of changed rules is set aside."""
        tidy(self.path)
        try:
            data: Any = read_json(self.path, SAVE)  # bounded, a regular file: never a hang
        except FileNotFoundError:
            return None
        except Unreadable as exc:
            self.set_aside(exc.said)
            return None
        try:
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise BadRecord(f"not an aseb save (expected \"format\": \"{FORMAT}\")")
            if rules is not None and not self._of(data.get("record"), rules):
                return None
            record = GameRecord.from_data(data.get("record"))
            if rules is not None and record.ruleset != rules:
                raise BadRecord(f"its rules are not those of {rules.title} as played here")
            fair = Fair.from_json(data["fair"]) if data.get("fair") is not None else None
            return Saved(record, _side(data.get("mummy")), _side(data.get("last_winner")), fair)
        except RecursionError:
            self.set_aside("nested too deeply")
        except Exception as exc:  # whatever is wrong with it, the board must still start
            self.set_aside(str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: "
                            f"{exc}")
        return None

    def clear(self) -> None:
        """Forget the saved game (after it is finished and the board cleared)."""
        self.path.unlink(missing_ok=True)

    def set_aside(self, why: str) -> None:
        """Move the save aside (``game.bad-N.json``), kept but never resumed, saying ``why``."""
        set_aside(self.path, "saved game", shown(why, 200))

    def _of(self, record: Any, rules: Rules) -> bool:
        """Whether the raw ``record`` was played by ``rules`` (compared as JSON, before any rules
        are built from it); if not, it is moved to its own game's file or set aside."""
        if not isinstance(record, dict):
            return True  # not a record at all: the parser says so
        wanted = _as_in_a_file(rules.to_json())
        raw = _as_in_a_file(record.get("ruleset", games.load().to_json()))
        if raw == wanted:
            return True
        name = raw.get("name", raw.get("game")) if isinstance(raw, dict) else None
        if name == rules.name or name not in games.names():
            self.set_aside(f"its rules are not those of {rules.title} as played here")
            return False
        own = self.directory / save_name(name)
        if own.exists():
            self.set_aside(f"a game of {name}, whose own save {own.name} is taken")
            return False
        try:
            move(self.path, own)
        except OSError as exc:
            log.warning("saved game %s is a game of %s, not resumed; it could not be moved to "
                        "%s: %s", self.path, name, own, exc)
            return False
        log.warning("saved game %s is a game of %s, not of %s: moved it to %s, where that game "
                    "resumes it", self.path, name, rules.title, own.name)
        return False


def save_name(game: str) -> str:
    """The file name of ``game``'s save in the state directory."""
    return "game.json" if game == "tait" else f"game-{game}.json"


def _as_in_a_file(value: Any) -> Any:
    """``value`` as JSON gives it back: tuples as lists (rules' defaults are tuples)."""
    if isinstance(value, dict):
        return {str(k): _as_in_a_file(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_as_in_a_file(v) for v in value]
    return value


def _name(side: Side | None) -> str | None:
    return side.name.lower() if side is not None else None


def _side(value: Any) -> Side | None:
    return None if value is None else Side.parse(str(value))


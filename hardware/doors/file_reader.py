"""One careful reader for every file aseb reads: board files, saved games, settings, the web
page's state. A file is read only when it is a regular file of a bounded size, opened so that a
FIFO cannot hang it (``O_NONBLOCK``, then ``fstat`` before a byte is read); JSON is scanned once
before it is parsed, so its nesting, its keys and its numbers are bounded too. Every refusal is
one line naming the file and, where there is one, the key::

    saved = read_json(state_dir / "game.json", SAVE)   # Unreadable: game.json: record.actions
                                                        # [3]: a number of 5,000 digits

The TOML of board files is read by ``hardware.doors.toml_reader`` through ``read_text``, with its
own scan for TOML's syntax.
"""

from __future__ import annotations

import codecs
import json
import math
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hardware.core.errors import NAMED, shown

__all__ = ["BOARD_FILE", "RECORD", "SAVE", "SETTINGS", "SMALL", "SOUND", "Bounds", "Unreadable",
           "kind_of", "parse_json", "read_bytes", "read_json", "read_text", "scan_json"]


class Unreadable(Exception):
    """A file that is not read, in one line: the file, the key (where there is one) and why."""

    def __init__(self, path: Path | str, problem: str, key: str = "") -> None:
        self.path = str(path)
        self.key = key
        self.problem = problem
        super().__init__(f"{shown(self.path, NAMED)}: {self.said}")

    @property
    def said(self) -> str:
        """The refusal without the file's name: the key (where there is one) and why."""
        return f"{shown(self.key)}: {self.problem}" if self.key else self.problem


@dataclass(frozen=True)
class Bounds:
    """How much of a kind of file is ever read: its bytes, the nesting of its lists and tables,
    its keys in all, and the digits of one number. ``kind`` names it in a refusal."""

    kind: str
    size: int
    depth: int = 16
    keys: int = 1000
    digits: int = 32


BOARD_FILE = Bounds("board file", 1_000_000)
"""A board file is a few kilobytes, a hundred keys or so (TOML: ``hardware.doors.toml_reader``)."""
SAVE = Bounds("saved game", 1_000_000)
"""A game and its record: a long game is a few kilobytes (``firmware.play.store``)."""
RECORD = Bounds("game record", 1_000_000)
"""A finished game kept for review (``firmware.play.records``)."""
SETTINGS = Bounds("settings file", 64 * 1024, depth=4, keys=100)
"""The owner's choices, the window's options: a few hundred bytes."""
SMALL = Bounds("state file", 4096, depth=4, keys=20)
"""A key, a PIN's hash, a count, the tournament's score."""
SOUND = Bounds("sound file", 16 * 1024 * 1024)
"""A sound, or a museum's own music (the shipped music is half a megabyte): read whole and
handed to the mixer."""


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words (``a FIFO``)."""
    kinds = {stat.S_ISREG: "a regular file", stat.S_ISDIR: "a directory", stat.S_ISFIFO: "a FIFO",
             stat.S_ISCHR: "a character device", stat.S_ISBLK: "a block device",
             stat.S_ISSOCK: "a socket", stat.S_ISLNK: "a symbolic link"}
    return next((name for test, name in kinds.items() if test(mode)), "a special file")


def read_bytes(path: Path, bounds: Bounds, *, follow: bool = True,
               private: bool = False) -> bytes:
    """The bytes of the regular file ``path``, at most ``bounds.size`` of them.

    ``follow``: a symbolic link is followed (a file a person names); else it is refused (the
    files aseb keeps for itself are never links). ``private``: a file that holds a secret (a
    password) is refused, before a byte is read, when its group or others may read or change
    it. FileNotFoundError when there is no file; ``Unreadable`` for anything else that cannot
    be read."""
    flags = os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:  # a link not followed, a socket, no permission
        raise Unreadable(path, _not_opened(path, exc, bounds, follow)) from None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise Unreadable(path, _not_a_file(found.st_mode, bounds, follow))
        if private and found.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise Unreadable(path, f"others than its owner may read or change it "
                             f"({stat.filemode(found.st_mode)}), and a {bounds.kind} holds a "
                             f"secret: chmod 600 {path}")
        if found.st_size > bounds.size:
            raise Unreadable(path, f"{found.st_size:,} bytes, larger than a {bounds.kind} ever "
                             f"is ({bounds.size:,} at most)")
        chunks: list[bytes] = []
        got = 0
        while got <= bounds.size:  # the file may grow while it is read: bounded all the same
            chunk = os.read(fd, bounds.size + 1 - got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise Unreadable(path, f"cannot read it: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if got > bounds.size:
        raise Unreadable(path, f"larger than a {bounds.kind} ever is ({bounds.size:,} bytes "
                         "at most)")
    return b"".join(chunks)


def _not_a_file(mode: int, bounds: Bounds, follow: bool) -> str:
    """Why a file of ``mode`` is not read, and what to do."""
    what = f"give the path of a {bounds.kind}" if follow else \
        f"a {bounds.kind} is a file aseb writes itself"
    return f"not a regular file ({kind_of(mode)}); {what}"


def _not_opened(path: Path, exc: OSError, bounds: Bounds, follow: bool) -> str:
    """Why ``path`` could not be opened, in words: what it is, when that is the reason."""
    try:
        mode = os.stat(path, follow_symlinks=follow).st_mode
    except OSError:
        mode = stat.S_IFREG
    if not stat.S_ISREG(mode):
        return _not_a_file(mode, bounds, follow)
    return f"cannot read it: {exc.strerror or exc}"


def read_text(path: Path, bounds: Bounds, *, follow: bool = True,
              private: bool = False) -> str:
    """``read_bytes`` as UTF-8 text (no byte-order mark); ``Unreadable`` for bytes that are
    not, naming the line."""
    raw = read_bytes(path, bounds, follow=follow, private=private)
    if raw.startswith(codecs.BOM_UTF8):
        raise Unreadable(path, "starts with a byte-order mark (BOM); save it as UTF-8 without "
                         "one")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise Unreadable(path, f"not UTF-8 (byte {raw[exc.start]:#04x} on line {line})") \
            from None


def read_json(path: Path, bounds: Bounds, *, follow: bool = False, finite: bool = True) -> Any:
    """The JSON value in ``path``, read by ``read_text`` and scanned before it is parsed: no
    list or object nested deeper than ``bounds.depth``, no more than ``bounds.keys`` keys, no
    number of more than ``bounds.digits`` digits and, when ``finite``, none that is not finite
    (``NaN``, ``1e999``; else they are read as such, for the caller to judge key by key).
    ``Unreadable`` names the key of the first value out of bounds."""
    return parse_json(read_text(path, bounds, follow=follow), bounds, str(path), finite=finite)


def parse_json(text: str, bounds: Bounds, source: str, *, finite: bool = True) -> Any:
    """The JSON value of ``text`` already in memory (a page's kept settings, a lookup fetched),
    within ``bounds`` as ``read_json`` reads a file, in plain Python (where msgspec is not, as in
    the browser's Pyodide); ``Unreadable`` naming ``source``."""
    if len(text) > bounds.size:
        raise Unreadable(source, f"{len(text):,} characters, larger than a {bounds.kind} ever is "
                         f"({bounds.size:,} at most)")
    scan_json(text, bounds, source, finite=finite)
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Unreadable(source, f"not JSON: {shown(str(exc), 200)}") from None


_TOKEN = re.compile(r'"(?>[^"\\]+|\\.)*+"?|[{}\[\]:,]|-?[0-9][0-9.eE+-]*|-?Infinity|NaN')
"""A JSON string (to its closing quote or the end: never backtracking), a sign of structure, a
number, or a constant JSON does not have; whatever else (spaces, true, false, null) is
skipped by the scan, and judged by the parser."""


def scan_json(text: str, bounds: Bounds, source: str, *, finite: bool = True) -> None:
    """Refuse JSON ``text`` out of ``bounds`` (``Unreadable`` naming ``source`` and the key),
    in one pass over its tokens: the parser then never meets a value that costs more than its
    bytes; ``finite``: refuse a number that is not finite too."""
    path: list[str | int] = []  # the key or the index at each level open
    objects: list[bool] = []  # whether each level open is an object
    keys = 0
    want_key = False
    for token in _TOKEN.finditer(text):
        first = token.group()[0]
        if first == '"':
            if want_key:
                path[-1] = token.group()[1:-1]
                want_key = False
        elif first in "{[":
            if len(objects) >= bounds.depth:
                raise Unreadable(source, f"lists or objects nested more than {bounds.depth} "
                                 "deep", _named(path))
            objects.append(first == "{")
            path.append("" if first == "{" else 0)
            want_key = first == "{"
        elif first in "}]":
            if objects:
                objects.pop()
                path.pop()
            want_key = False
        elif first == ",":
            if objects and objects[-1]:
                want_key = True
            elif objects:
                path[-1] = int(path[-1]) + 1
        elif first == ":":
            keys += 1
            if keys > bounds.keys:
                raise Unreadable(source, f"more than {bounds.keys:,} keys; a {bounds.kind} has "
                                 "a few", _named(path))
        else:
            found = token.group()
            if len(found) > bounds.digits or not found[-1].isdigit() or "e" in found \
                    or "E" in found:  # only these can be too long, or not finite
                _number(found, bounds, source, path, finite)


def _number(found: str, bounds: Bounds, source: str, path: list[str | int],
            finite: bool) -> None:
    """Refuse a number of too many digits, or (``finite``) one that is not finite: a constant
    JSON does not have, or one too large (``1e999``)."""
    if found.endswith(("Infinity", "NaN")):
        if not finite:
            return
        raise Unreadable(source, f"{found} is not a number a file holds", _named(path))
    digits = sum(c.isdigit() for c in found)
    if digits > bounds.digits:
        raise Unreadable(source, f"a number of {digits:,} digits; no value here needs more "
                         f"than {bounds.digits}", _named(path))
    if found[-1].isdigit() and ("e" in found or "E" in found):
        try:
            value = float(found)
        except ValueError:
            return  # not a number at all: the parser says so
        if finite and not math.isfinite(value):
            raise Unreadable(source, f"{shown(found)} is not a finite number", _named(path))


def _named(path: list[str | int]) -> str:
    """``record.actions[3]``: where a value stands."""
    named = ""
    for part in path:
        named += f"[{part}]" if isinstance(part, int) else f".{part}" if named else part
    return named or "(the whole file)"

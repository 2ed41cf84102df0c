"""Reading a TOML file and then its tables key by key, so every refusal names the file, the key
and the problem::

    board.toml: squares.M7.pin: GPIO 18 is already used by lights.pin

The file is read by the one careful reader (``hardware.doors.file_reader``: a regular file of at
most ``MAX_BYTES``, opened so a FIFO cannot hang it), then checked before tomllib sees it: UTF-8
without a byte-order mark, no value nested deeper than ``MAX_DEPTH`` (a deeply nested list would
otherwise end in a RecursionError inside tomllib), no dotted key of more than ``MAX_KEY_PARTS``
parts (tomllib's memory grows with the square of a key's parts), no more than ``MAX_KEYS`` keys
and no number of more than ``MAX_DIGITS`` digits. The scan is linear in the file's size, so a big
file is refused in well under a second, and a bad value is shown cut to a readable length.
"""

from __future__ import annotations

import codecs
import copy
import functools
import math
import re
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from hardware.core.errors import NAMED, ConfigError, shown, shown_value
from hardware.doors.file_reader import BOARD_FILE, Unreadable, read_bytes

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_KEYS", "MAX_KEY_PARTS", "ConfigError",
           "Section", "load_toml", "parse_toml"]

MAX_DEPTH = BOARD_FILE.depth
"""Lists and inline tables nested deeper than this are refused: no board file needs more than 2."""
MAX_KEY_PARTS = 8
"""Parts of a dotted key (``squares.M7.pin`` has 3): no board file needs more than 3."""
MAX_KEYS = BOARD_FILE.keys
"""Keys and tables in all: the biggest shipped board file has about 150."""
MAX_DIGITS = BOARD_FILE.digits
"""Digits in one number: no setting needs more than a few."""
LARGEST = 10**15
"""The largest integer a number key takes (no setting is anywhere near it)."""
MAX_BYTES = BOARD_FILE.size
"""The largest file read: a board file is a few kilobytes."""
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{4000,}")


def load_toml(path: Path) -> dict[str, Any]:
    """Read and parse the TOML file ``path``; every problem is a one-line ``ConfigError``."""
    name = shown(str(path), NAMED)  # a path of 5,000 characters is not one line
    try:
        raw = read_bytes(path, BOARD_FILE)  # a regular file, opened so a FIFO cannot hang it
    except FileNotFoundError as e:
        raise ConfigError(f"{name}: cannot read the file: {e.strerror or e}") from None
    except Unreadable as e:
        raise ConfigError(str(e)) from None
    if raw.startswith(codecs.BOM_UTF8):
        raise ConfigError(f"{name}: starts with a byte-order mark (BOM); save it as UTF-8 "
                          "without one")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        where = shown(_key_on_line(raw.decode("utf-8", errors="replace"), line))
        raise ConfigError(f"{name}: {where}: not UTF-8 (byte {raw[e.start]:#04x} on line {line}); "
                          "save the file as UTF-8") from None
    return parse_toml(text, name)


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML ``text``; ``source`` names it in the one-line ``ConfigError`` on a problem.
    The same short text is parsed once (the shipped board files and facts are read by every
    game, window and story): each caller gets a copy of its own to change."""
    if len(text) > KEPT_PARSE:
        return _parse(text, source)
    return copy.deepcopy(_parsed(text, source))


KEPT_PARSE = 64 * 1024
"""Texts up to this long are kept parsed (a board file is a few kilobytes, the facts 30)."""


@functools.lru_cache(maxsize=16)
def _parsed(text: str, source: str) -> dict[str, Any]:
    return _parse(text, source)


def _parse(text: str, source: str) -> dict[str, Any]:
    if text.startswith("\ufeff"):
        raise ConfigError(f"{source}: starts with a byte-order mark (BOM); save it as UTF-8 "
                          "without one")
    try:
        for _ in _statements(text):  # raises on what is out of bounds
            pass
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{source}: not valid TOML: {shown(str(e), 200)}") from None
    except _TooManyParts as e:
        raise ConfigError(f"{source}: line {e.line}: a dotted key of more than {MAX_KEY_PARTS} "
                          "parts") from None
    except _OutOfBounds as e:
        raise ConfigError(f"{source}: {shown(e.where)}: {e.problem}") from None
    except ValueError as e:  # tomllib lets int()'s limit of 4,300 digits through
        found = _LONG_NUMBER.search(text)
        if found is None:
            raise ConfigError(f"{source}: not valid TOML: {shown(str(e), 200)}") from None
        where = shown(_key_on_line(text, text.count("\n", 0, found.start()) + 1))
        raise ConfigError(f"{source}: {where}: a number of {len(found.group()):,} digits; no "
                          "setting needs more than a few") from None
    except RecursionError:  # the scan above should have caught it; never a traceback
        raise ConfigError(f"{source}: nested too deeply to read") from None
    except MemoryError:
        raise ConfigError(f"{source}: too large to read") from None


class _TooManyParts(Exception):
    def __init__(self, line: int) -> None:
        self.line = line


class _OutOfBounds(Exception):
    """More keys, or a longer number, than a board file ever has: where, and what."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem


class _Statement:
    """One ``key = value`` line (or lines) of a TOML file, with the value's deepest nesting."""

    def __init__(self, key: str, line: int) -> None:
        self.key = key
        self.line = line
        self.last_line = line
        self.depth = 0


def _statements(text: str, bounded: bool = True) -> Iterator[_Statement]:
    """Every assignment, named by its dotted key under the table header before it.

    A rough scanner, not a parser: it skips strings and comments and counts brackets, which is all
    the nesting check and the naming of a line need; tomllib still judges the syntax. It looks at
    each character a bounded number of times (a long line of ``[`` is not quadratic). When
    ``bounded`` it raises ``_TooManyParts`` on a dotted key (of a header, an assignment or an
    inline table) of more than ``MAX_KEY_PARTS`` parts, and ``_OutOfBounds`` on more than
    ``MAX_KEYS`` keys and tables or a value's number of more than ``MAX_DIGITS`` digits.
    """
    keys = 0
    digits = 0  # digits of the number being read in a value
    table = ""
    current: _Statement | None = None
    depth = 0
    line = 1
    start = 0  # where the current line began
    blank = True  # nothing but spaces on the line so far
    parts = 1  # parts of the dotted name being read (a string counts as one part)
    i = 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            end = _end_of_string(text, i)
            line += text.count("\n", i, end)
            i = end
            blank = False
            continue
        if c == "#":
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if c.isdigit() and current is not None and bounded:
            digits += 1
            if digits > MAX_DIGITS:
                long = _digits_from(text, i - digits + 1)
                raise _OutOfBounds(current.key, f"a number of {long:,} digits; no setting needs "
                                   "more than a few")
        elif c != "_":
            digits = 0
        if c == "=" or (c == "[" and blank and current is None):
            keys += 1
            if keys > MAX_KEYS and bounded:
                raise _OutOfBounds(f"line {line}", f"more than {MAX_KEYS:,} keys and tables; a "
                                   "board file has about a hundred")
        if c == ".":
            parts += 1
            if parts > MAX_KEY_PARTS and bounded:
                raise _TooManyParts(line)
        elif not (c.isalnum() or c in "_- \t"):
            parts = 1
        if c == "\n":
            if current is not None:
                current.last_line = line
                if depth == 0:
                    yield current
                    current = None
            line += 1
            start = i + 1
            blank = True
        elif current is None:
            if c == "[" and blank:  # a [table] or [[table]] header: read to its line's end
                line_end = text.find("\n", i)
                line_end = len(text) if line_end < 0 else line_end
                end = text.find("]", i, line_end)
                table = text[i:line_end if end < 0 else end].strip("[] \t")
            elif c == "=":
                key = text[start:i].strip()
                current = _Statement(f"{table}.{key}" if table else key, line)
        elif c in "[{":
            depth += 1
            current.depth = max(current.depth, depth)
            if depth > MAX_DEPTH and bounded:
                raise _OutOfBounds(current.key, f"lists or tables nested more than {MAX_DEPTH} "
                                   f"deep (line {current.line})")
        elif c in "]}":
            depth = max(0, depth - 1)
        if c not in " \t\r\n":
            blank = False
        i += 1
    if current is not None:
        current.last_line = line
        yield current


def _digits_from(text: str, i: int) -> int:
    """The digits of the number that starts at ``i`` (its ``_`` separators aside)."""
    digits = 0
    while i < len(text) and (text[i].isdigit() or text[i] == "_"):
        digits += text[i] != "_"
        i += 1
    return digits


def _end_of_string(text: str, i: int) -> int:
    """The index just past the string that starts at ``i`` (or its line's end if unclosed)."""
    quote = text[i]
    if text.startswith(quote * 3, i):
        end = text.find(quote * 3, i + 3)
        return len(text) if end < 0 else end + 3
    j = i + 1
    while j < len(text) and text[j] != "\n":
        if text[j] == "\\" and quote == '"':
            j += 2
            continue
        if text[j] == quote:
            return j + 1
        j += 1
    return j


def _key_on_line(text: str, line: int) -> str:
    """The dotted key set on ``line``, to name it in a message (else just the line)."""
    for statement in _statements(text, bounded=False):
        if statement.line <= line <= statement.last_line:
            return statement.key
    return f"line {line}"


_REQUIRED: Any = object()


def _describe(value: object) -> str:
    kind = {bool: "true/false", int: "an integer", float: "a number", str: "text"}.get(type(value))
    if kind is None:
        kind = "a table" if isinstance(value, dict) else "a list"
    return f"{shown_value(value)} ({kind})" if not isinstance(value, dict | list) else kind


class Section:
    """One table of the file; remembers which keys were read so leftovers are reported."""

    def __init__(self, source: str, path: str, data: Mapping[str, Any]) -> None:
        self.source = source
        self.path = path
        self._data = data
        self._read: set[str] = set()

    def key(self, key: str) -> str:
        """The dotted name of ``key`` in this table, as a message shows it."""
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str, problem: str) -> ConfigError:
        """A ``ConfigError`` about ``key`` of this table."""
        return ConfigError(f"{self.source}: {shown(self.key(key))}: {problem}")

    def has(self, key: str) -> bool:
        """Whether the file sets ``key`` here."""
        return key in self._data

    def names(self) -> list[str]:
        """Every key the file sets here, in file order."""
        return list(self._data)

    def _get(self, key: str, default: Any) -> Any:
        self._read.add(key)
        if key in self._data:
            return self._data[key]
        if default is _REQUIRED:
            raise self.error(key, "missing")
        return default

    def integer(
        self, key: str, default: Any = _REQUIRED, *, low: int | None = None, high: int | None = None
    ) -> Any:
        """An integer within ``low``..``high``; ``default`` (may be None) when absent."""
        value = self._get(key, default)
        if value is default and key not in self._data:
            return value
        if type(value) is not int:
            raise self.error(key, f"expected an integer, got {_describe(value)}")
        if (low is not None and value < low) or (high is not None and value > high):
            raise self.error(key, f"expected an integer from {low} to {high}, got "
                             f"{shown_value(value)}")
        return value

    def number(
        self, key: str, default: Any = _REQUIRED, *, low: float = 0.0, high: float | None = None
    ) -> float:
        """A number (integer or float) within ``low``..``high``."""
        value = self._get(key, default)
        if type(value) not in (int, float):
            raise self.error(key, f"expected a number, got {_describe(value)}")
        if type(value) is float and not math.isfinite(value):  # nan passes every comparison
            raise self.error(key, f"expected a finite number, got {value}")
        if type(value) is int and abs(value) > LARGEST:  # float() of it would overflow
            raise self.error(key, f"expected a number, got {shown_value(value)} (too large)")
        if value < low or (high is not None and value > high):
            span = f"from {low:g} to {high:g}" if high is not None else f"of at least {low:g}"
            raise self.error(key, f"expected a number {span}, got {shown_value(value)}")
        return float(value)

    def text(self, key: str, default: Any = _REQUIRED, *, choices: tuple[str, ...] = ()) -> str:
        """A string, one of ``choices`` when given."""
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"expected text, got {_describe(value)}")
        if choices and value not in choices:
            options = ", ".join(repr(c) for c in choices)
            raise self.error(key, f"expected one of {options}, got {shown_value(value)}")
        return value

    def boolean(self, key: str, default: Any = _REQUIRED) -> bool:
        """``true`` or ``false``."""
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_describe(value)}")
        return value

    def strings(self, key: str, default: Any = _REQUIRED) -> tuple[str, ...]:
        """A list of strings."""
        value = self._get(key, default)
        if not isinstance(value, list):
            raise self.error(key, f"expected a list of names, got {_describe(value)}")
        for i, item in enumerate(value):
            if not isinstance(item, str):
                raise self.error(f"{key}[{i}]", f"expected text, got {_describe(item)}")
        return tuple(value)

    def section(self, key: str, *, required: bool = False) -> Section:
        """The sub-table ``key`` (empty when absent and not required)."""
        value = self._get(key, _REQUIRED if required else {})
        if not isinstance(value, dict):
            raise self.error(key, f"expected a table, got {_describe(value)}")
        return Section(self.source, self.key(key), value)

    def sections(self, key: str) -> list[Section]:
        """An array of tables (``[[key]]``), empty when absent."""
        value = self._get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise self.error(key, f"expected a list of tables ([[{self.key(key)}]]), got "
                             f"{_describe(value)}")
        return [Section(self.source, f"{self.key(key)}[{i}]", v) for i, v in enumerate(value)]

    def done(self, expected: str = "") -> None:
        """Refuse any key that was never read: a typo must not be silently ignored."""
        for key in self._data:
            if key not in self._read:
                known = ", ".join(shown(k) for k in sorted(self._read))
                hint = expected or (f"known keys here: {known}" if known else "no keys belong here")
                raise self.error(key, f"unknown key ({hint})")

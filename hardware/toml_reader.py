"""Reading a TOML table key by key, so every refusal names the file, the key and the problem.

    board.toml: squares.M7.pin: GPIO 18 is already used by lights.pin
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.errors import ConfigError

__all__ = ["ConfigError", "Section"]


_REQUIRED: Any = object()


def _describe(value: object) -> str:
    kind = {bool: "true/false", int: "an integer", float: "a number", str: "text"}.get(type(value))
    if kind is None:
        kind = "a table" if isinstance(value, dict) else "a list"
    return f"{value!r} ({kind})" if not isinstance(value, dict | list) else kind


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
        return ConfigError(f"{self.source}: {self.key(key)}: {problem}")

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
            raise self.error(key, f"expected an integer from {low} to {high}, got {value}")
        return value

    def number(
        self, key: str, default: Any = _REQUIRED, *, low: float = 0.0, high: float | None = None
    ) -> float:
        """A number (integer or float) within ``low``..``high``."""
        value = self._get(key, default)
        if type(value) not in (int, float):
            raise self.error(key, f"expected a number, got {_describe(value)}")
        if value < low or (high is not None and value > high):
            span = f"from {low:g} to {high:g}" if high is not None else f"of at least {low:g}"
            raise self.error(key, f"expected a number {span}, got {value}")
        return float(value)

    def text(self, key: str, default: Any = _REQUIRED, *, choices: tuple[str, ...] = ()) -> str:
        """A string, one of ``choices`` when given."""
        value = self._get(key, default)
        if not isinstance(value, str):
            raise self.error(key, f"expected text, got {_describe(value)}")
        if choices and value not in choices:
            options = ", ".join(repr(c) for c in choices)
            raise self.error(key, f"expected one of {options}, got {value!r}")
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
                known = ", ".join(sorted(self._read))
                hint = expected or (f"known keys here: {known}" if known else "no keys belong here")
                raise self.error(key, f"unknown key ({hint})")

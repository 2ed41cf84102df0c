"""One decoder for every message that arrives from outside the controller: the board's link,
far play and the fleet over MQTT, the web page's JSON bodies. Bytes in; a typed, range-checked
value out, or one ``Undecodable`` line naming the message's kind, the key and why.

Before a byte is parsed the message's size is checked, and its JSON is scanned once by the
reader's ``scan_json`` (nesting, keys, digits, numbers that are not finite), so no message costs
more than its bytes; msgspec then builds the value and checks each field's type and range (a
message of ``Any`` shape is parsed by Python's own JSON parser, so the commands of the board's
link decode where msgspec is not, in the browser's Pyodide)::

    class Throw(msgspec.Struct, forbid_unknown_fields=True):
        seq: Annotated[int, msgspec.Meta(ge=0, le=100_000)]

    throw = decode(payload, FAR_MESSAGE, Throw)   # Undecodable: far message: seq: expected
                                                  # an int, got a str
"""

from __future__ import annotations

import re
from typing import Any, TypeVar

from hardware.core.errors import NAMED, shown
from hardware.doors.file_reader import Bounds, Unreadable, parse_json, scan_json

__all__ = ["Undecodable", "decode"]

T = TypeVar("T")

_AT = re.compile(r"^(?P<why>.*?)(?: - at `\$(?P<key>[^`]*)`)?$", re.DOTALL)
"""msgspec's refusal: ``Expected `int`, got `str` - at `$.seq[2]```."""


class Undecodable(ValueError):
    """A message that is not used, in one line: its kind (or source), the key and why."""

    def __init__(self, source: str, problem: str, key: str = "") -> None:
        self.source = source
        self.key = key
        self.problem = problem
        named = shown(source, NAMED)
        super().__init__(f"{named}: {shown(key)}: {problem}" if key else f"{named}: {problem}")


def decode(data: bytes | str, bounds: Bounds, into: type[T] | Any = Any,
           source: str = "") -> T:
    """The value of the JSON message ``data``, of type ``into`` (a msgspec ``Struct``, a
    dataclass, a ``dict[str, int]``...; ``Any``: any JSON within ``bounds``). ``source`` names
    the message in a refusal (default: ``bounds.kind``). ``Undecodable`` for anything else."""
    source = source or bounds.kind
    if len(data) > bounds.size:
        raise Undecodable(source, f"{len(data):,} bytes, larger than a {bounds.kind} ever is "
                          f"({bounds.size:,} at most)")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise Undecodable(source, f"not UTF-8 (byte {data[exc.start]:#04x} at "
                              f"{exc.start:,})") from None
    else:
        text = data
    try:
        if into is Any:  # any JSON within bounds: the reader's own parse, no msgspec needed
            parsed: T = parse_json(text, bounds, source)
            return parsed
        scan_json(text, bounds, source)
    except Unreadable as exc:
        raise Undecodable(source, exc.problem, exc.key) from None
    import msgspec  # the typed messages' checker: imported where a type is checked

    try:
        value: T = msgspec.json.decode(text, type=into, strict=True)
    except msgspec.ValidationError as exc:
        found = _AT.match(str(exc))
        why, key = (found["why"], (found["key"] or "").lstrip(".")) if found else (str(exc), "")
        raise Undecodable(source, _plain(why), key) from None
    except msgspec.DecodeError as exc:
        raise Undecodable(source, f"not JSON: {shown(str(exc), 120)}") from None
    return value


def _plain(why: str) -> str:
    """msgspec's words with its backticks taken out: ``expected an int, got a str``."""
    why = why.replace("`", "")
    return why[:1].lower() + why[1:]

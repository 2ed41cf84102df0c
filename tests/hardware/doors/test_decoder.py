"""The one decoder: a message of the right shape is its value; anything else is one line
naming the message, the key and why, before it costs more than its bytes."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
import pytest

from hardware.doors.decoder import Undecodable, decode
from hardware.doors.file_reader import Bounds

MESSAGE = Bounds("far message", 4096, depth=8, keys=50)


class Throw(msgspec.Struct, forbid_unknown_fields=True):
    seq: Annotated[int, msgspec.Meta(ge=0, le=100_000)]
    side: Annotated[str, msgspec.Meta(max_length=8)]


def test_a_message_of_the_right_shape_is_its_value() -> None:
    assert decode(b'{"seq": 3, "side": "cones"}', MESSAGE, Throw) == Throw(3, "cones")
    assert decode('{"a": [1, 2]}', MESSAGE) == {"a": [1, 2]}


@pytest.mark.parametrize(("data", "said"), [
    (b'{"seq": "3", "side": "cones"}', "far message: seq: expected int, got str"),
    (b'{"seq": -1, "side": "cones"}', "far message: seq: expected int >= 0"),
    (b'{"seq": 1, "side": "cones", "x": 1}', "far message: object contains unknown field x"),
    (b'{"seq": 1, "side": "a very long side"}', "far message: side: expected str of length"),
    (b'{"seq": 1e999, "side": "cones"}', "far message: seq: 1e999 is not a finite number"),
    (b"\xff{}", "far message: not UTF-8 (byte 0xff at 0)"),
    (b'{"seq": 1', "far message: not JSON"),
    (b"[" * 50_000 + b"]" * 50_000, "far message: 100,000 bytes, larger than a far message"),
    (b"[" * 100 + b"]" * 100, "far message: [0][0][0][0][0][0][0][0]: lists or objects nested"),
    (b'{"seq": 1' + b"0" * 40 + b', "side": "c"}', "far message: seq: a number of 41 digits"),
])
def test_a_message_out_of_shape_is_refused_in_one_line(data: bytes, said: str) -> None:
    with pytest.raises(Undecodable) as refused:
        decode(data, MESSAGE, Throw)
    assert str(refused.value).startswith(said)
    assert "\n" not in str(refused.value)


def test_the_source_names_a_message_where_it_came_from() -> None:
    with pytest.raises(Undecodable, match=r"^aseb/games/x/round: not JSON"):
        decode(b"nope", MESSAGE, Any, source="aseb/games/x/round")

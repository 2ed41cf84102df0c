"""Garbled board files are refused with exit 78 and one line naming the file and the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from hardware.boards.board_file import DEFAULT_BOARD, ConfigError, load_board, parse_board
from hardware.doors.toml_reader import MAX_DEPTH
from sim.command.cli import main

DEFAULT = DEFAULT_BOARD.read_bytes()


def refused(tmp_path: Path, content: bytes) -> str:
    """The message ``load_board`` refuses ``content`` with; ``aseb run`` exits 78 on it too."""
    path = tmp_path / "board.toml"
    path.write_bytes(content)
    with pytest.raises(ConfigError) as caught:
        load_board(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message
    assert main(["run", "--board", str(path)]) == 78
    return message.removeprefix(f"{path}: ")


def test_bytes_that_are_not_utf8_are_refused_naming_the_key(tmp_path: Path) -> None:
    content = DEFAULT.replace(b'name = "Twenty', b'name = "Twenty \xff\xfe')
    assert refused(tmp_path, content).startswith("board.name: not UTF-8 (byte 0xff on line ")


def test_a_byte_order_mark_is_refused(tmp_path: Path) -> None:
    assert "byte-order mark" in refused(tmp_path, b"\xef\xbb\xbf" + DEFAULT)


@pytest.mark.parametrize("value", ["nan", "+nan", "-nan"])
def test_nan_debounce_is_refused(tmp_path: Path, value: str) -> None:
    content = DEFAULT.replace(b"debounce_ms = 20 ", f"debounce_ms = {value} ".encode())
    assert refused(tmp_path, content) == "reeds.debounce_ms: expected a finite number, got nan"


def test_nan_brightness_is_refused(tmp_path: Path) -> None:
    content = DEFAULT.replace(b"brightness = 0.4", b"brightness = nan")
    assert refused(tmp_path, content) == "lights.brightness: expected a finite number, got nan"


@pytest.mark.parametrize("value", ["inf", "1e400"])
def test_infinite_current_limit_is_refused(tmp_path: Path, value: str) -> None:
    content = DEFAULT.replace(b"max_milliamps = 1200", f"max_milliamps = {value}".encode())
    assert refused(tmp_path, content) == "lights.max_milliamps: expected a finite number, got inf"


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 100_000])
def test_deep_nesting_is_refused_naming_the_key(tmp_path: Path, depth: int) -> None:
    content = DEFAULT.replace(b"M7 = { pin = 18 }", b"M7 = { pin = " + b"[" * depth
                              + b"18" + b"]" * depth + b" }")
    message = refused(tmp_path, content)
    assert message.startswith(f"squares.M7: lists or tables nested more than {MAX_DEPTH} deep")


def test_deeply_nested_inline_tables_are_refused_too() -> None:
    text = "[sounds]\nvolume = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n"
    with pytest.raises(ConfigError, match=r"^board\.toml: sounds\.volume: lists or tables nested"):
        parse_board(text)


def test_brackets_inside_strings_and_comments_are_not_nesting() -> None:
    deep = "[" * (MAX_DEPTH + 5)
    text = DEFAULT.decode().replace('name = "Twenty', f'name = "{deep} Twenty')
    text = text.replace("[reeds] ", f"[reeds]  # {deep}\n")
    assert parse_board(text).name.startswith(deep)

"""Board files made to hurt the reader: huge, quadratic, not files at all, numbers too long to
print, values that would fill a journal. Each is refused with one short line naming the key, and
``aseb run`` exits 78 (never a traceback, never a hang past systemd's start time-out)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from hardware.boards.board_file import DEFAULT_BOARD, ConfigError, load_board
from hardware.doors.toml_reader import MAX_BYTES, MAX_KEY_PARTS
from sim.command.cli import main

DEFAULT = DEFAULT_BOARD.read_bytes()
ROOT = Path(__file__).resolve().parents[3]


def refused(path: Path) -> str:
    """The one short line ``load_board`` refuses ``path`` with; ``aseb run`` exits 78 on it."""
    with pytest.raises(ConfigError) as caught:
        load_board(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message[:1000]
    assert main(["run", "--board", str(path)]) == 78
    return message.removeprefix(f"{path}: ")


def written(tmp_path: Path, content: bytes) -> Path:
    path = tmp_path / "board.toml"
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("line", [b"[" * 999_000 + b" = 1\n", b"x" + b"[" * 999_000 + b" = 1\n",
                                  b"[\n" * 499_000])
def test_a_megabyte_of_brackets_is_read_in_linear_time(tmp_path: Path, line: bytes) -> None:
    """The scan was quadratic in the [ before an = (a minute for this file, 17 for 5 MB): systemd
    killed the start-up before it could exit 78. A fresh interpreter, so a hang fails the test."""
    path = written(tmp_path, line)
    code = ("import sys\nfrom hardware.boards.board_file import load_board\n"
            "from hardware.core.errors import "
            "ConfigError\ntry:\n    load_board(sys.argv[1])\nexcept ConfigError as e:\n"
            "    print(e)\n")
    done = subprocess.run([sys.executable, "-c", code, str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0 and done.stdout.startswith(f"{path}: "), done.stderr[-2000:]


def test_a_dotted_key_of_many_parts_is_refused_before_tomllib_sees_it(tmp_path: Path) -> None:
    # tomllib's memory grows with the square of a key's parts: 45 KB of them took 2.4 GB.
    path = written(tmp_path, DEFAULT + b"\n" + b"a" + b".a" * 3000 + b" = 1\n")
    assert refused(path).endswith(f"a dotted key of more than {MAX_KEY_PARTS} parts")


def test_a_dotted_key_in_an_inline_table_is_counted_too(tmp_path: Path) -> None:
    content = DEFAULT.replace(b"M7 = { pin = 18 }", b"M7 = { " + b"p." * 20 + b"pin = 18 }")
    assert "dotted key of more than" in refused(written(tmp_path, content))


def test_a_file_over_a_megabyte_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path, DEFAULT + b"#" * MAX_BYTES)
    assert refused(path) == (f"{len(DEFAULT) + MAX_BYTES:,} bytes, larger than a board file ever "
                             "is (1,000,000 at most)")


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "board.toml"
    os.mkfifo(path)
    seen: list[str] = []

    def load() -> None:
        try:
            load_board(path)
        except ConfigError as e:
            seen.append(str(e))

    reader = threading.Thread(target=load, daemon=True)  # the old reader blocked for ever
    reader.start()
    reader.join(timeout=10)
    assert seen == [f"{path}: not a regular file (a FIFO); give the path of a board file"]


@pytest.mark.parametrize(("path", "kind"), [("/dev/null", "character device"), ("/", "directory")])
def test_a_device_or_a_directory_is_refused(path: str, kind: str) -> None:
    assert refused(Path(path)).startswith(f"not a regular file (a {kind})")


def test_an_integer_too_long_to_convert_names_its_key(tmp_path: Path) -> None:
    content = DEFAULT.replace(b"M7 = { pin = 18 }", b"M7 = { pin = " + b"1" * 5000 + b" }")
    assert refused(written(tmp_path, content)) == (
        "squares.M7: a number of 5,000 digits; no setting needs more than a few")


def test_a_hexadecimal_integer_too_long_to_print_is_described(tmp_path: Path) -> None:
    content = DEFAULT.replace(b"max_milliamps = 1200", b"max_milliamps = 0x" + b"f" * 5000)
    assert refused(written(tmp_path, content)) == (
        "lights.max_milliamps: expected a number, got an integer of about 6,020 digits "
        "(too large)")


def test_a_huge_value_is_shown_cut_to_a_readable_length(tmp_path: Path) -> None:
    content = DEFAULT.replace(b'backend = "spi"', b'backend = "' + b"x" * 500_000 + b'"')
    message = refused(written(tmp_path, content))
    assert message.startswith("lights.backend: expected one of 'spi', 'pwm', 'pi5', 'memory', "
                              "got 'xxxx")
    assert message.endswith("... (500,002 characters)")


def test_a_key_spanning_lines_is_named_on_one_line(tmp_path: Path) -> None:
    path = written(tmp_path, b'"""a\n\n\n\n""" = "\xff"\n')
    assert refused(path).startswith('"""a\\n\\n\\n\\n""": not UTF-8')


def test_a_current_limit_below_the_idle_draw_is_refused(tmp_path: Path) -> None:
    content = DEFAULT.replace(b"max_milliamps = 1200", b"max_milliamps = 20")
    assert refused(written(tmp_path, content)).startswith(
        "lights.max_milliamps: 20 mA is not above what the dark strip draws (24 pixels x 1 mA")

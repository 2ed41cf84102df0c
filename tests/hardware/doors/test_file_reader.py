"""The one careful reader: only regular files, opened so nothing waits on a FIFO, bounded before a
byte is read, and JSON bounded in nesting, keys and digits before it is parsed, each refusal one
line naming the file and the key."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from hardware.doors.file_reader import (
    SAVE,
    SETTINGS,
    Bounds,
    Unreadable,
    read_bytes,
    read_json,
    read_text,
)


def refusal(path: Path, bounds: Bounds = SAVE, **options: bool) -> str:
    """The one line ``read_json`` refuses ``path`` with, without the path."""
    with pytest.raises(Unreadable) as caught:
        read_json(path, bounds, **options)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300, message[:1000]
    assert message.startswith(f"{path}: ")
    return message.removeprefix(f"{path}: ")


def written(tmp_path: Path, text: str, name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_plain_file_is_read_whole(tmp_path: Path) -> None:
    path = written(tmp_path, '{"record": {"actions": ["C2-M6", 3, 2.5e-3]}, "fair": null}')
    assert read_json(path, SAVE) == {"record": {"actions": ["C2-M6", 3, 0.0025]}, "fair": None}


def test_no_file_is_not_a_refusal_but_file_not_found(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "game.json", SAVE)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    seen: list[str] = []

    def read() -> None:
        try:
            read_json(path, SETTINGS)
        except Unreadable as e:
            seen.append(e.problem)

    reader = threading.Thread(target=read, daemon=True)  # open() without O_NONBLOCK blocks
    reader.start()
    reader.join(timeout=10)
    assert seen == ["not a regular file (a FIFO); a settings file is a file aseb writes itself"]


def test_a_link_to_a_device_is_refused_followed_or_not(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.symlink_to("/dev/zero")  # read whole, it ran out of memory
    assert refusal(path) == "not a regular file (a symbolic link); a saved game is a file aseb " \
        "writes itself"
    assert refusal(path, follow=True) == "not a regular file (a character device); give the " \
        "path of a saved game"


def test_a_link_is_followed_only_when_asked(tmp_path: Path) -> None:
    target = written(tmp_path, '{"music": true}', "elsewhere.json")
    path = tmp_path / "window.json"
    path.symlink_to(target)
    assert read_json(path, SETTINGS, follow=True) == {"music": True}
    assert "symbolic link" in refusal(path, SETTINGS)


def test_a_directory_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "secret.key"
    path.mkdir()
    assert refusal(path).startswith("not a regular file (a directory)")


def test_a_big_file_is_judged_by_its_size_before_a_byte_is_read(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with path.open("wb") as f:
        f.truncate(54_000_000)  # sparse: 54 MB that nobody reads
    assert refusal(path) == "54,000,000 bytes, larger than a saved game ever is (1,000,000 at most)"


def test_text_is_utf8_without_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "secret.key"
    path.write_bytes(b"\xef\xbb\xbfkey")
    with pytest.raises(Unreadable, match="byte-order mark"):
        read_text(path, SAVE)
    path.write_bytes(b"ok\n\xff")
    with pytest.raises(Unreadable, match=r"not UTF-8 \(byte 0xff on line 2\)"):
        read_text(path, SAVE)


def test_deep_nesting_is_refused_naming_the_key(tmp_path: Path) -> None:
    path = written(tmp_path, '{"record": {"actions": [' + "[" * 5000 + "]" * 5000 + "]}}")
    assert refusal(path).startswith("record.actions[0][0][0]")
    assert refusal(path).endswith(f"lists or objects nested more than {SAVE.depth} deep")


def test_a_long_number_is_refused_naming_the_key(tmp_path: Path) -> None:
    path = written(tmp_path, '{"record": {"actions": ["C2-M6", ' + "9" * 5000 + "]}}")
    assert refusal(path) == ("record.actions[1]: a number of 5,000 digits; no value here needs "
                             f"more than {SAVE.digits}")


def test_too_many_keys_are_refused_naming_where(tmp_path: Path) -> None:
    keys = ", ".join(f'"k{n}": 1' for n in range(SETTINGS.keys + 1))
    path = written(tmp_path, '{"format": "aseb-settings", "more": {' + keys + "}}")
    assert refusal(path, SETTINGS) == (f"more.k{SETTINGS.keys - 2}: more than "
                                       f"{SETTINGS.keys} keys; a settings file has a few")


@pytest.mark.parametrize(("value", "said"), [("NaN", "NaN is not a number a file holds"),
                                             ("-Infinity", "-Infinity is not a number a file "
                                                           "holds"),
                                             ("1e999", "1e999 is not a finite number")])
def test_numbers_that_are_not_finite_are_refused_unless_judged_later(
        tmp_path: Path, value: str, said: str) -> None:
    path = written(tmp_path, '{"fair": {"edge": ' + value + "}}")
    assert refusal(path) == f"fair.edge: {said}"
    assert read_json(path, SAVE, finite=False)["fair"]["edge"] != 0  # each key judged after


def test_strings_hide_nothing_from_the_scan(tmp_path: Path) -> None:
    """Brackets, colons and quotes inside strings are text, not structure."""
    text = '{"a": "[[[[{{{{::,,\\"\\\\", "b": ["]", "}"], "c": "' + "[" * 100 + '"}'
    path = written(tmp_path, text)
    assert read_json(path, Bounds("test file", 1000, depth=2, keys=3)) == {
        "a": '[[[[{{{{::,,"\\', "b": ["]", "}"], "c": "[" * 100}


def test_garbage_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"record": "\x00\x01' + bytes(range(128, 256)))
    message = refusal(path)
    assert message.startswith("not UTF-8")


def test_a_private_file_others_may_read_is_refused_before_a_byte_is_read(
        tmp_path: Path) -> None:
    """A file that holds a password: refused, with the command that mends it, when its group or
    others may read it; its permissions are judged on the file opened, before reading."""
    secret = tmp_path / "mqtt.toml"
    secret.write_text('password = "letmein"\n', encoding="utf-8")
    secret.chmod(0o644)
    kind = Bounds("credentials file", 4096)
    with pytest.raises(Unreadable) as caught:
        read_text(secret, kind, private=True)
    said = str(caught.value)
    assert f"chmod 600 {secret}" in said and "-rw-r--r--" in said and "letmein" not in said
    assert read_text(secret, kind) == 'password = "letmein"\n'  # not private: read
    secret.chmod(0o600)
    assert read_text(secret, kind, private=True) == 'password = "letmein"\n'

"""The one corpus of hostile inputs, fed to every door (``tests/test_hostile_doors.py``, the
``tests.benchmarks.hostile_files`` benchmark, the doors' own tests): what a stranger, a slip of
the hand or a failing disk hands aseb where it expects a file to read, a file or a folder to
write, a number, a word, or a message.

Each input is made afresh in a test's folder by name::

    path = READ["a FIFO"](tmp_path, "json")       # a FIFO named like a JSON file
    out = WRITE["an unwritable folder"](tmp_path)  # a file's name in a folder nobody may write,
                                                   # root included (/sys, where a test runs as
                                                   # root)

Files to read come in the format the door reads (``json``, ``toml``, ``text``): the nesting and
the long number are each format's own.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

DEEP = 50_000
"""Lists nested this deep: far past any parser's recursion limit."""
DIGITS = 5_000
"""A number this long: past Python's limit for turning digits into an int (4,300)."""
BIG = 10 * 1024 * 1024
"""A file of 10 MB: bigger than any file aseb reads but a sound or a table."""


def _written(name: str, content: bytes) -> Callable[[Path, str], Path]:
    def make(folder: Path, kind: str) -> Path:
        path = folder / f"{name}.{kind}"
        path.write_bytes(content)
        return path
    return make


def _by_kind(name: str, content: dict[str, bytes]) -> Callable[[Path, str], Path]:
    def make(folder: Path, kind: str) -> Path:
        path = folder / f"{name}.{kind}"
        path.write_bytes(content.get(kind, content["text"]))
        return path
    return make


def _fifo(folder: Path, kind: str) -> Path:
    path = folder / f"fifo.{kind}"
    os.mkfifo(path)  # a plain open() waits for a writer for ever
    return path


def _link_to(target: str, name: str) -> Callable[[Path, str], Path]:
    def make(folder: Path, kind: str) -> Path:
        path = folder / f"{name}.{kind}"
        path.symlink_to(target)
        return path
    return make


def _link_to_fifo(folder: Path, kind: str) -> Path:
    fifo = _fifo(folder, kind)
    path = folder / f"link-to-fifo.{kind}"
    path.symlink_to(fifo)
    return path


def _folder(folder: Path, kind: str) -> Path:
    path = folder / f"folder.{kind}"
    path.mkdir()
    return path


def _missing(folder: Path, kind: str) -> Path:
    return folder / f"missing.{kind}"


def _unreadable(folder: Path, kind: str) -> Path:
    """A file nobody may read: a file under /proc/1 where the test runs as root (root reads
    every mode), else a file of mode 000."""
    if os.geteuid() == 0:
        return Path("/proc/1/mem")  # root may not read another process's memory unasked
    path = folder / f"locked.{kind}"
    path.write_bytes(b"{}")
    path.chmod(0)
    return path


_DEEP = {"json": b"[" * DEEP + b"]" * DEEP, "toml": b"a = " + b"[" * DEEP + b"]" * DEEP + b"\n",
         "text": b"[" * DEEP}
_LONG = {"json": b'{"a": ' + b"9" * DIGITS + b"}", "toml": b"a = " + b"9" * DIGITS + b"\n",
         "text": b"9" * DIGITS}
_NAN = {"json": b'{"a": NaN, "b": Infinity, "c": -Infinity, "d": 1e999}',
        "toml": b"a = nan\nb = inf\nc = -inf\n", "text": b"NaN inf"}
_TYPES = {"json": b'[1, "two", {"three": null}, true]', "toml": b'a = [1, 2]\nb = "x"\n',
          "text": b"\x00\x01\x02"}

READ: dict[str, Callable[[Path, str], Path]] = {
    "a FIFO": _fifo,
    "a link to a FIFO": _link_to_fifo,
    "/dev/zero": _link_to("/dev/zero", "zero"),
    "a device": lambda folder, kind: Path("/dev/null"),
    "a folder": _folder,
    "missing": _missing,
    "unreadable": _unreadable,
    "10 MB": _written("big", b" " * BIG + b"{}"),
    "nested 50,000 deep": _by_kind("deep", _DEEP),
    "a number of 5,000 digits": _by_kind("long", _LONG),
    "NaN and inf": _by_kind("nan", _NAN),
    "wrong types": _by_kind("types", _TYPES),
    "not UTF-8": _written("latin", b'{"a": "caf\xe9"}\n'),
    "empty": _written("empty", b""),
}
"""Files to read, by name: each made in a folder, named for the format (``kind``) read."""


def unwritable_folder(folder: Path) -> Path:
    """A folder no file can be made in, whoever runs the test: under /sys where it runs as
    root (root writes into any mode), else a folder of mode 555."""
    if os.geteuid() == 0:
        return Path("/sys/kernel")
    locked = folder / "locked"
    locked.mkdir(exist_ok=True)
    locked.chmod(0o555)
    return locked


def _out_fifo(folder: Path, suffix: str = "") -> Path:
    path = folder / f"out{suffix or '.fifo'}"
    os.mkfifo(path)
    return path


def _out_link(target: str) -> Callable[[Path, str], Path]:
    def make(folder: Path, suffix: str = "") -> Path:
        path = folder / f"out{suffix or '.link'}"
        path.symlink_to(target)
        return path
    return make


def _out_link_to_fifo(folder: Path, suffix: str = "") -> Path:
    fifo = folder / "a.fifo"
    os.mkfifo(fifo)
    return _out_link(str(fifo))(folder, suffix)


def _out_in_file(folder: Path, suffix: str = "") -> Path:
    """A name under a regular file, as if it were a folder."""
    file = folder / "plain.txt"
    file.write_text("a file, not a folder\n")
    return file / f"out{suffix}"


WRITE: dict[str, Callable[[Path, str], Path]] = {
    "a FIFO": _out_fifo,
    "a device": lambda folder, suffix="": Path("/dev/null"),
    "a link to a device": _out_link("/dev/null"),
    "a link to a FIFO": _out_link_to_fifo,
    "an unwritable folder": lambda folder, suffix="": unwritable_folder(folder) / f"out{suffix}",
    "under a file": _out_in_file,
    "a name of 5,000 characters": lambda folder, suffix="": folder / ("x" * DIGITS + suffix),
}
"""Places to write a file, by name: each the path a door is given (what is there is made),
named with ``suffix`` where the door asks for one (``.pdf``)."""

FOLDERS: dict[str, Callable[[Path], Path]] = {
    "a file": lambda folder: _written("plain", b"a file\n")(folder, "txt"),
    "a FIFO": lambda folder: _out_fifo(folder),
    "a device": lambda folder: Path("/dev/null"),
    "a link to a device": lambda folder: _out_link("/dev/null")(folder, ""),
    "an unwritable folder": unwritable_folder,
    "under a file": lambda folder: _out_in_file(folder),
    "a name of 5,000 characters": lambda folder: folder / ("x" * DIGITS),
}
"""Folders to write into, by name."""

NUMBERS: dict[str, str] = {
    "inf": "inf", "-inf": "-inf", "nan": "nan", "1e300": "1e300", "negative": "-1",
    "5,000 digits": "9" * DIGITS, "not a number": "abc", "empty": "", "hexadecimal": "0x10",
    "a fraction for a count": "2.5",
}
"""Numbers as a command line gives them."""

WORDS: dict[str, str] = {
    "5,000 characters": "x" * DIGITS, "a newline": "cones\nreels", "control characters":
    "\x1b[2J\x07", "empty": "",
}
"""Words (a side, a level, an address) as a command line gives them."""

MESSAGES: dict[str, bytes] = {
    "10 MB": b'{"type": "' + b"x" * BIG + b'"}',
    "nested 50,000 deep": _DEEP["json"],
    "a number of 5,000 digits": _LONG["json"],
    "NaN and inf": _NAN["json"],
    "wrong types": b'{"type": 7, "key": [], "value": {"a": 1}, "side": 3}',
    "not UTF-8": b'{"type": "caf\xe9"}',
    "not JSON": b"\x00\xff{",
    "empty": b"",
    "a list": b"[]",
    "10,000 keys": b"{" + b",".join(b'"k%d": 1' % n for n in range(10_000)) + b"}",
}
"""Messages as they arrive (a line on the board's link, a body, an MQTT payload), by name."""


def place(name: str, at: Path) -> None:
    """Make the hostile input ``name`` at the path ``at`` a door reads."""
    scratch = at.parent / ".made"
    scratch.mkdir(exist_ok=True)
    kind = at.suffix.lstrip(".") if at.suffix in (".json", ".toml") else "text"
    made = READ[name](scratch, kind)
    if not made.is_relative_to(scratch):
        at.symlink_to(made)  # /dev/null, /proc/1/mem: a link to it in the door's place
    elif made.exists() or made.is_symlink():
        made.rename(at)


ROOM = 1024 * 1024 * 1024
"""Address space a door may add while it answers: past it a door that reads without bound (a
link to /dev/zero read whole) meets a MemoryError here instead of the kernel's OOM killer
ending the test's process, and the machine's memory, for everyone on it."""


def address_space() -> int:
    """The bytes of address space this process holds now (VmSize)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    raise RuntimeError("no VmSize in /proc/self/status")


def kind_of_path(path: Path) -> str:
    """What is at ``path`` now, for a test's message (``a FIFO``, ``a regular file``...)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return "nothing"
    return {stat.S_IFIFO: "a FIFO", stat.S_IFCHR: "a character device", stat.S_IFREG:
            "a regular file", stat.S_IFDIR: "a folder", stat.S_IFLNK: "a link"}.get(
        stat.S_IFMT(mode), "a special file")

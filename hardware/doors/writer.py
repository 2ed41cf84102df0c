"""The one writer of every file aseb writes: the saved game, the settings, the tournament, a
finished game, the window's settings, a calibration, the menu card, the build kit.

A file is written whole or not at all (a temporary file beside it, flushed, renamed over it),
so a power cut leaves the old file or the new one, never half of one; and only over a regular
file or a new name: a FIFO, a device, a folder or a link in its place is refused, never
replaced (``Unwritable``, an OSError naming the file), whoever runs aseb, root too. Where a
person waits for the work (placing every man of a calibration), ``check_writable`` says before
it begins that the file could not be written.

    check_writable(out, "calibration")               # Unwritable: out: the folder ... cannot
                                                     # be written (Permission denied)
    write_whole(state_dir / "settings.json", text)   # OSError: the old file stands
    set_aside(path, "settings file", "not JSON")     # settings.json -> settings.bad-1.json
    tidy(state_dir / "game.json")                    # at start: game.tmp a kill left, removed
"""

from __future__ import annotations

import logging
import os
import stat
import uuid
from pathlib import Path
from typing import BinaryIO

from hardware.core.errors import NAMED, shown

log = logging.getLogger(__name__)

__all__ = ["Unwritable", "appending", "aside_name", "check_folder", "check_writable",
           "last_byte", "move", "move_aside", "set_aside", "tidy", "write_whole"]


class Unwritable(OSError):
    """A file aseb will not or cannot write, in one line: the file and why. An OSError, so
    whoever keeps going after a full disk keeps going after this too."""

    def __init__(self, path: Path | str, problem: str) -> None:
        super().__init__(f"{shown(str(path), NAMED)}: {problem}")
        self.path = str(path)
        self.problem = problem
        self.strerror = problem  # what callers show of an OSError

    def __str__(self) -> str:
        return f"{shown(self.path, NAMED)}: {self.problem}"


def _kind(mode: int) -> str:
    """What a file of ``mode`` is, in words (``a FIFO``)."""
    kinds = {stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a FIFO",
             stat.S_ISCHR: "a character device", stat.S_ISBLK: "a block device",
             stat.S_ISSOCK: "a socket", stat.S_ISLNK: "a symbolic link"}
    return next((name for test, name in kinds.items() if test(mode)), "a special file")


def _refuse_special(path: Path) -> None:
    """Refuse ``path`` if something other than a regular file has its name."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise Unwritable(path, f"cannot look at it: {exc.strerror or exc}") from None
    if not stat.S_ISREG(mode):
        target = f" to {shown(os.readlink(path), 120)}" if stat.S_ISLNK(mode) else ""
        raise Unwritable(path, f"not a regular file ({_kind(mode)}{target}), so it is not "
                         "written over: give a new name, or a regular file's")


def check_writable(path: Path, what: str) -> None:
    """Refuse at once, before any work, a ``path`` the ``what`` (``calibration``) could not be
    written to by ``write_whole``: something other than a regular file by that name, or a
    folder (the nearest one that is there, when the file's folder is still to be made) in
    which no file can be made."""
    _refuse_special(path)
    check_folder(path.parent, what)


def check_folder(folder: Path, what: str) -> None:
    """Refuse at once a ``folder`` the ``what`` could not be written into: not a folder, or
    one in which no file can be made (tried: a mode says nothing of a read-only disk, and
    nothing at all to root). A folder not made yet is judged by the nearest one that is."""
    here = folder
    while True:
        try:
            mode = os.stat(here).st_mode
            break
        except FileNotFoundError:
            if here.parent == here:
                raise Unwritable(folder, "no such folder") from None
            here = here.parent
        except OSError as exc:
            raise Unwritable(here, f"cannot look at it: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(mode):
        kind = "a file" if stat.S_ISREG(mode) else _kind(mode)
        raise Unwritable(here, f"not a folder ({kind}); the {what} goes in a folder")
    probe = here / f".aseb-{uuid.uuid4().hex[:12]}.probe"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                     0o600)
    except OSError as exc:
        whose = "the folder" if here == folder else f"the folder {shown(str(here), 120)}, where " \
            "it would be made,"
        raise Unwritable(folder, f"{whose} cannot be written ({exc.strerror or exc}); the "
                         f"{what} cannot be kept there") from None
    os.close(fd)
    probe.unlink(missing_ok=True)


def write_whole(path: Path, data: str | bytes, *, private: bool = False) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` atomically: a temporary file beside it,
    flushed to disk, renamed over the old one, then the folder flushed. ``private``: only its
    owner may read it (it holds a secret: far play's key). ``Unwritable`` when something other
    than a regular file has the name (never replaced); on another OSError (a full or read-only
    disk) the old file stands and no temporary file is left."""
    _refuse_special(path)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_suffix(".tmp")
    mode = 0o600 if private else 0o666
    try:
        try:
            fd = _new_file(tmp, mode)
        except FileNotFoundError:  # the first write: the directory is made once
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = _new_file(tmp, mode)
        with open(fd, "wb") as file:  # the one place a kept file's bytes are written
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        _refuse_special(path)  # made meanwhile: never replaced either
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to disk, so a rename in it survives a power cut."""
    fd = os.open(folder, os.O_RDONLY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _new_file(tmp: Path, mode: int = 0o666) -> int:
    """``tmp`` made afresh for writing: whatever had its name (a write cut short, a FIFO that
    would block the open, a link) is removed first, never written through."""
    tmp.unlink(missing_ok=True)
    return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                   mode)


def appending(path: Path, what: str) -> BinaryIO:
    """``path`` opened to add to its end (a log): a regular file, made if missing. Anything
    else in its place (a FIFO, whose open would wait for ever; a link; a folder) is set aside
    first, and a new file begins."""
    try:
        mode: int | None = os.lstat(path).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        set_aside(path, what, f"not a regular file ({_kind(mode)})", "; a new one begins")
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
    fd = os.open(path, flags, 0o666)
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # made in the meantime
        os.close(fd)
        raise Unwritable(path, f"not a regular file; a {what} is a file of its own")
    return open(fd, "ab")


def last_byte(path: Path) -> bytes:
    """The last byte of the regular file ``path`` (b"" when empty): whether a log's last line
    was finished."""
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        size = os.fstat(fd).st_size
        return os.pread(fd, 1, size - 1) if size else b""
    finally:
        os.close(fd)


def move(source: Path, to: Path) -> None:
    """Rename ``source`` to ``to`` (a kept file moved home, a log rotated), replacing only a
    regular file or nothing (``Unwritable`` else)."""
    _refuse_special(to)
    os.replace(source, to)


def tidy(path: Path) -> None:
    """Remove the temporary file a write of ``path`` cut short (a power cut, a kill) left
    behind: the file it was to replace stands whole, and is read instead."""
    tmp = path.with_suffix(".tmp")
    try:
        tmp.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        log.warning("%s, left by a write cut short, could not be removed: %s", tmp, exc)
        return
    log.info("removed %s, left by a write cut short (a power cut or a kill); %s stands as it "
             "was last written whole", tmp, path.name)


def aside_name(path: Path) -> Path:
    """The first free ``NAME.bad-N.SUFFIX`` beside ``path``: each bad file is kept, a second
    never overwrites the first."""
    n = 1
    while os.path.lexists(aside := path.with_name(f"{path.stem}.bad-{n}{path.suffix}")):
        n += 1
    return aside


def move_aside(path: Path) -> Path:
    """Move ``path`` to ``aside_name(path)``, kept but never read again; its new name. OSError
    when it cannot be moved."""
    aside = aside_name(path)
    os.replace(path, aside)
    return aside


def set_aside(path: Path, what: str, why: str, then: str = "") -> Path | None:
    """Move the bad file ``path`` (a ``what``: "saved game") to ``aside_name(path)``, kept but
    never read again, with a warning saying ``why`` and ``then`` (what happens next); the new
    path, or None when it could not be moved."""
    try:
        aside = move_aside(path)
    except OSError as exc:
        log.warning("%s %s is unusable (%s) and could not be moved: %s", what, path, why, exc)
        return None
    log.warning("%s %s is unusable (%s); moved it to %s%s", what, path, why, aside, then)
    return aside

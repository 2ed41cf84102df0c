"""The page's state directory (its cookie key, the PIN's hash), read by the one careful reader
(``hardware.file_reader``): a file there that is not a regular file the page wrote (a FIFO, a
directory, a link) is set aside with a log line and made afresh, never a hang or a traceback;
a state directory that is not a directory stops ``aseb web`` with one line (exit 78).

    ready(state_dir)                          # StateError: not a directory
    key = kept(state_dir / "secret.key")      # its text, or None (then make a new one)
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from firmware.atomic import set_aside
from hardware.file_reader import SMALL, Unreadable, kind_of, read_text

log = logging.getLogger(__name__)

KEPT = ("secret.key", "pin.hash", "secret.tmp", "pin.tmp")
"""The page's files in its state directory, and the temporary files they are written through
(opened for writing, a FIFO would block)."""


class StateError(Exception):
    """A state directory the page cannot keep its files in, in one line naming it."""


def ready(directory: Path) -> None:
    """Make the state directory (0700) if there is none, and set aside any of the page's files
    in it that is not a regular file; ``StateError`` when the directory cannot be used."""
    try:
        mode = os.lstat(directory).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise StateError(f"{directory}: cannot use it as the page's state directory: "
                         f"{exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISDIR(mode):
        raise StateError(f"{directory}: not a directory ({kind_of(mode)}); the page keeps its "
                         "key and PIN there: remove it, or give another with --state-dir")
    try:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise StateError(f"{directory}: cannot make the page's state directory: "
                         f"{exc.strerror or exc}") from None
    for name in KEPT:
        path = directory / name
        try:
            mode = os.lstat(path).st_mode
        except OSError:
            continue
        if not stat.S_ISREG(mode):
            _set_aside(path, f"not a regular file ({kind_of(mode)})")
            if path.exists() or path.is_symlink():
                raise StateError(f"{path}: not a regular file ({kind_of(mode)}), and it could "
                                 "not be moved aside: remove it")


def kept(path: Path) -> str | None:
    """The text of one of the page's files (stripped), or None when there is none or it cannot
    be used (then it is set aside, and the page makes it afresh)."""
    try:
        return read_text(path, SMALL, follow=False).strip()
    except FileNotFoundError:
        return None
    except Unreadable as exc:
        _set_aside(path, exc.problem)
        return None


def _set_aside(path: Path, why: str) -> None:
    set_aside(path, "the page's file", why, "; a new one is made")

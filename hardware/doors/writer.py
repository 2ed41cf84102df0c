"""Files written whole or not at all, and bad files set aside: the one way every kept file of
aseb (the saved game, the settings, the tournament, a finished game, the window's settings) is
written, so a power cut leaves the old file or the new one, never half of one.

    write_whole(state_dir / "settings.json", text)   # OSError: the old file stands
    set_aside(path, "settings file", "not JSON")   # settings.json -> settings.bad-1.json
    tidy(state_dir / "game.json")                  # at start: game.tmp a kill left, removed
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TextIO

log = logging.getLogger(__name__)


def write_whole(path: Path, text: str, *, private: bool = False) -> None:
    """Write ``text`` to ``path`` atomically: a temporary file beside it, flushed to disk,
    renamed over the old one, then the directory flushed. ``private``: only its owner may read
    it (it holds a secret: far play's key). On OSError (a full or read-only disk) the old file
    stands and no temporary file is left; the error is raised."""
    tmp = path.with_suffix(".tmp")
    mode = 0o600 if private else 0o666
    try:
        try:
            f = _new_file(tmp, mode)
        except FileNotFoundError:  # the first write: the directory is made once
            path.parent.mkdir(parents=True, exist_ok=True)
            f = _new_file(tmp, mode)
        with f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)  # the rename itself survives a power cut
    finally:
        os.close(fd)


def _new_file(tmp: Path, mode: int = 0o666) -> TextIO:
    """``tmp`` made afresh for writing: whatever had its name (a write cut short, a FIFO that
    would block the open, a link) is removed first, never written through."""
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode)
    return open(fd, "w", encoding="utf-8")


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


def set_aside(path: Path, what: str, why: str, then: str = "") -> Path | None:
    """Move the bad file ``path`` (a ``what``: "saved game") to ``aside_name(path)``, kept but
    never read again, with a warning saying ``why`` and ``then`` (what happens next); the new
    path, or None when it could not be moved."""
    aside = aside_name(path)
    try:
        os.replace(path, aside)
    except OSError as exc:
        log.warning("%s %s is unusable (%s) and could not be moved: %s", what, path, why, exc)
        return None
    log.warning("%s %s is unusable (%s); moved it to %s%s", what, path, why, aside, then)
    return aside

"""The page's state directory (its cookie key, the PIN's hash, the sessions), read by the one
careful reader (``hardware.doors.file_reader``): a file there that is not a regular file the page
wrote (a FIFO, a directory, a link) is set aside with a log line and made afresh, never a hang
or a traceback; a state directory that is not a directory stops ``aseb web`` with one line
(exit 78).

Who may do what on the page is kept here too, on the server: the owner's sessions (opened by
the PIN) and the friend's (opened by an invitation). The browser's cookie holds only a random
id; the rights live in ``sessions.json`` (only hashes of the ids), so logging out, a new PIN,
"log out everywhere" or the end of remote play ends a session for good, also across a restart
of ``aseb web``. At most ``SESSIONS`` sessions are kept: past it the oldest go.

    ready(state_dir)                          # StateError: not a directory
    key = kept(state_dir / "secret.key")      # its text, or None (then make a new one)
    sessions = Sessions(state_dir)
    sid = sessions.open(OWNER); sessions.get(sid).kind == OWNER; sessions.end(sid)
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import stat
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from hardware.core.errors import NAMED, shown
from hardware.doors.file_reader import SMALL, Bounds, Unreadable, kind_of, read_json, read_text
from hardware.doors.writer import Unwritable, check_folder, set_aside, write_whole

log = logging.getLogger(__name__)

KEPT = ("secret.key", "pin.hash", "secret.tmp", "pin.tmp", "sessions.json", "sessions.tmp")
"""The page's files in its state directory, and the temporary files they are written through
(opened for writing, a FIFO would block)."""


class StateError(Exception):
    """A state directory the page cannot keep its files in, in one line naming it."""


def ready(directory: Path) -> None:
    """Make the state directory (0700) if there is none, and set aside any of the page's files
    in it that is not a regular file; ``StateError`` when the directory cannot be used (named
    as a person can read it: a name of thousands of characters is cut)."""
    named = shown(str(directory), NAMED)
    try:
        mode = os.lstat(directory).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise StateError(f"{named}: cannot use it as the page's state directory: "
                         f"{exc.strerror or exc}") from None
    if mode is not None and not stat.S_ISDIR(mode):
        raise StateError(f"{named}: not a directory ({kind_of(mode)}); the page keeps its "
                         "key and PIN there: remove it, or give another with --state-dir")
    try:
        check_folder(directory, "page's key and PIN")
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    except Unwritable as exc:
        raise StateError(str(exc)) from None
    except OSError as exc:
        raise StateError(f"{named}: cannot make the page's state directory: "
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
                raise StateError(f"{shown(str(path), NAMED)}: not a regular file "
                                 f"({kind_of(mode)}), and it could not be moved aside: remove "
                                 "it")


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


OWNER = "owner"
FRIEND = "friend"
SESSIONS = 64
"""Sessions kept at most (owners' and friends'): the oldest go first."""
OWNER_SECONDS = 12 * 3600.0
"""How long an owner's session lasts."""
FILE = "sessions.json"
BOUNDS = Bounds("the page's sessions", 64 * 1024, depth=3, keys=1000)
"""What of ``sessions.json`` is ever read: 64 sessions are a few kilobytes."""


@dataclass(frozen=True)
class Session:
    """One session's rights: an owner's, or a friend's for one side and one invitation."""

    kind: str
    opened: float
    until: float
    side: str | None = None
    invite: str | None = None


class Sessions:
    """The open sessions, by the hash of their id, kept in ``directory`` (0600)."""

    def __init__(self, directory: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = directory / FILE
        self.clock = clock
        self.open_ones: dict[str, Session] = self._read()

    def open(self, kind: str, seconds: float = OWNER_SECONDS, side: str | None = None,
             invite: str | None = None) -> str:
        """A new session's id (for the cookie): its rights kept here."""
        sid = secrets.token_urlsafe(32)
        now = self.clock()
        self._forget_expired(now)
        while len(self.open_ones) >= SESSIONS:  # the oldest goes
            del self.open_ones[min(self.open_ones, key=lambda k: self.open_ones[k].opened)]
        self.open_ones[_hashed(sid)] = Session(kind, now, now + seconds, side, invite)
        self._write()
        return sid

    def get(self, sid: object) -> Session | None:
        """The session of this id, while it lasts (None: none, ended or expired)."""
        if not isinstance(sid, str) or not sid:
            return None
        found = self.open_ones.get(_hashed(sid))
        if found is None or found.until <= self.clock():
            return None
        return found

    def end(self, sid: object) -> None:
        """End one session (logging out)."""
        if isinstance(sid, str) and self.open_ones.pop(_hashed(sid), None) is not None:
            self._write()

    def end_all(self, kind: str, keep: object = None, side: str | None = None) -> int:
        """End every session of ``kind`` but ``keep``'s (and, given ``side``, but those of
        friends playing ``side``); how many ended."""
        kept = _hashed(keep) if isinstance(keep, str) else None
        ending = [key for key, found in self.open_ones.items()
                  if found.kind == kind and key != kept and (side is None or found.side != side)]
        for key in ending:
            del self.open_ones[key]
        if ending:
            self._write()
        return len(ending)

    def _forget_expired(self, now: float) -> None:
        for key in [k for k, found in self.open_ones.items() if found.until <= now]:
            del self.open_ones[key]

    def _read(self) -> dict[str, Session]:
        """The sessions kept, read by the one careful reader (none when the file is missing; a
        file that is not ours is set aside with a log line: everyone logs in again, nothing
        else is lost)."""
        try:
            data = read_json(self.path, BOUNDS, follow=False)
            found = {str(key): Session(**value) for key, value in data.items()}
            if not all(isinstance(s.kind, str) and isinstance(s.until, int | float)
                       and isinstance(s.opened, int | float) for s in found.values()):
                raise ValueError("not sessions")
        except FileNotFoundError:
            return {}
        except Unreadable as exc:
            set_aside(self.path, "the page's sessions", exc.problem, ": everyone logs in again")
            return {}
        except (ValueError, TypeError, AttributeError) as exc:
            set_aside(self.path, "the page's sessions", str(exc), ": everyone logs in again")
            return {}
        return found

    def _write(self) -> None:
        """Kept at once (atomically): a session ended stays ended whatever happens next."""
        self._forget_expired(self.clock())
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        text = json.dumps({key: asdict(found) for key, found in self.open_ones.items()})
        write_whole(self.path, text, private=True)


def _hashed(sid: str) -> str:
    """What is kept of a session's id: its hash (the file alone opens no session)."""
    return hashlib.sha256(sid.encode()).hexdigest()

"""The page's locks: the PIN (kept only as a scrypt hash), the attempts allowed, the forms'
CSRF tokens and the one-time links of remote play. Every timer reads an injected clock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from firmware.service.pins import new_pin
from hardware.doors.writer import write_whole
from sim.wall.shares import source
from sim.web.state import kept

__all__ = ["Attempts", "Invites", "PinStore", "csrf_ok", "csrf_token", "hash_pin", "new_pin",
           "pin_digits", "pin_matches", "secret_key", "source"]

SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost (about 16 MB and a few tens of milliseconds a try on a Pi)."""
ATTEMPTS = 5
"""Wrong PINs allowed from one address (an IPv6 network of 64 bits) in ``WINDOW`` seconds."""
WINDOW = 300.0
PRESSED = 50
"""Wrong PINs from everyone in ``WINDOW`` past which the page is under pressure: each address
that has failed waits ``SLOWED`` seconds after its last wrong PIN (an address that never
failed, the owner's, is let in at once)."""
SLOWED = 120.0
INVITE_SECONDS = 3600.0
"""A remote player's link works once, within this long."""
INVITE_TRIES = 5
"""Wrong PINs an invitation takes: then it is withdrawn (the owner makes a new one)."""
PENDING_SECONDS = 600.0
"""How long a PIN the board has just said waits to be entered (it becomes the PIN then)."""


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """``scrypt$salt$hash`` of ``pin`` (hex)."""
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.scrypt(pin.encode(), salt=salt, dklen=32, **SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: str) -> bool:
    """Whether ``pin`` is the one hashed in ``stored`` (in constant time)."""
    try:
        kind, salt, digest = stored.split("$")
        if kind != "scrypt" or len(pin) > 16:
            return False
        tried = hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), dklen=32, **SCRYPT)
    except ValueError:
        return False
    return hmac.compare_digest(tried.hex(), digest)


def pin_digits(typed: str, fewest: int = 4, most: int = 8) -> str | None:
    """The PIN in ``typed`` as ASCII digits: digits of any script (Arabic-Indic, full-width...),
    spaces anywhere (``" ٢٤ ٦٨ "``: ``2468``); None when it is not ``fewest`` to ``most``
    digits."""
    found = "".join(typed[:64].split())
    if not fewest <= len(found) <= most or not all(ch.isdecimal() for ch in found):
        return None
    return "".join(str(unicodedata.decimal(ch)) for ch in found)


class PinStore:
    """The owner's PIN, kept hashed in the page's state directory (``pin.hash``), and a PIN the
    board has just said, waiting to be entered: it becomes the PIN only then, so asking the
    board for a PIN ends nothing by itself."""

    def __init__(self, directory: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = directory / "pin.hash"
        self.clock = clock
        self.pending: tuple[str, float] | None = None
        """The hash of the PIN the board said last, and until when it may be entered."""

    def set(self, pin: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_whole(self.path, hash_pin(pin) + "\n", private=True)

    def hashed(self) -> str | None:
        return kept(self.path) or None

    def check(self, pin: str) -> bool:
        """Whether ``pin`` is the PIN (not one said and waiting)."""
        stored = self.hashed()
        return stored is not None and pin_matches(pin, stored)

    def said(self, pin: str) -> None:
        """The board has said ``pin``: it waits to be entered (``PENDING_SECONDS``)."""
        self.pending = (hash_pin(pin), self.clock() + PENDING_SECONDS)

    def waiting(self) -> float:
        """Seconds the PIN the board said last still waits to be entered (0: none waits)."""
        if self.pending is None:
            return 0.0
        return max(0.0, self.pending[1] - self.clock())

    def take_said(self, pin: str) -> bool:
        """Whether ``pin`` is the PIN the board said last, in time: it becomes the PIN."""
        if self.pending is None or self.pending[1] < self.clock() \
                or not pin_matches(pin, self.pending[0]):
            return False
        self.pending = None
        self.set(pin)
        return True


def secret_key(directory: Path) -> str:
    """The key that signs the session cookies, made once and kept (0600)."""
    path = directory / "secret.key"
    key = kept(path)
    if key is not None and len(key) >= 32:
        return key
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_urlsafe(48)
    write_whole(path, key, private=True)
    return key


@dataclass
class Attempts:
    """Wrong PINs by address: the guesser is limited, not the owner. Each address may get
    ``per_address`` wrong in ``window`` seconds; under pressure (``pressed`` wrong from everyone)
    an address that failed waits ``slowed`` seconds after each try, while an address that never
    failed is let in at once."""

    clock: Callable[[], float]
    per_address: int = ATTEMPTS
    window: float = WINDOW
    pressed: int = PRESSED
    slowed: float = SLOWED
    failures: dict[str, deque[float]] = field(default_factory=dict)
    everyone: deque[float] = field(default_factory=lambda: deque(maxlen=100_000))

    def _recent(self, times: deque[float]) -> deque[float]:
        now = self.clock()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def wait(self, address: str) -> int:
        """Seconds until ``address`` may try again (0: now)."""
        mine = self._recent(self.failures.get(source(address), deque()))
        now = self.clock()
        until = now
        if len(mine) >= self.per_address:
            until = max(until, mine[0] + self.window)
        if mine and len(self._recent(self.everyone)) >= self.pressed:
            until = max(until, mine[-1] + self.slowed)
        return 0 if until <= now else int(until - now) + 1

    def allowed(self, address: str) -> bool:
        return self.wait(address) == 0

    def begin(self, address: str) -> int:
        """Seconds ``address`` must wait (0: it may try now, and the try is counted as a wrong
        PIN at once, before the PIN is checked: of a burst of tries sent at once, no more are
        checked than the limit allows). ``passed`` takes it back when the PIN was right."""
        wait = self.wait(address)
        if wait == 0:
            self.failed(address)
        return wait

    def passed(self, address: str) -> None:
        """The try ``begin`` counted had the right PIN: it is not a failure."""
        mine = self.failures.get(source(address))
        if mine:
            mine.pop()
        if self.everyone:
            self.everyone.pop()

    def failed(self, address: str) -> None:
        if len(self.failures) > 10_000:  # many addresses: forget those with no recent failure
            for key in [k for k, times in self.failures.items() if not self._recent(times)]:
                del self.failures[key]
            if len(self.failures) > 10_000:
                self.failures.clear()
        self.failures.setdefault(source(address), deque()).append(self.clock())
        self.everyone.append(self.clock())


def csrf_token(session: dict[str, object]) -> str:
    """The session's CSRF token (made on first use)."""
    token = session.get("csrf")
    if not isinstance(token, str):
        token = secrets.token_urlsafe(24)
        session["csrf"] = token
    return token


def csrf_ok(session: dict[str, object], given: object) -> bool:
    """Whether ``given`` is the session's CSRF token."""
    token = session.get("csrf")
    return isinstance(token, str) and isinstance(given, str) and \
        hmac.compare_digest(token.encode(), given.encode())


@dataclass
class Invite:
    """A one-time link for a remote player: the side they play, their PIN's hash, until when,
    the wrong PINs tried, and the invitation's own id (the friend's session holds it)."""

    side: str
    pin_hash: str
    until: float
    id: str = field(default_factory=lambda: secrets.token_urlsafe(9))
    tries: int = 0


@dataclass
class Invites:
    """The open invitation, by token: it works once, within ``INVITE_SECONDS``, and is
    withdrawn after ``INVITE_TRIES`` wrong PINs (its own count: nobody else's tries count)."""

    clock: Callable[[], float]
    open: dict[str, Invite] = field(default_factory=dict)

    def invite(self, side: str) -> tuple[str, str]:
        """A new token and PIN for a remote player of ``side`` (earlier ones are withdrawn)."""
        self.open.clear()
        token, pin = secrets.token_urlsafe(18), new_pin(4)
        self.open[token] = Invite(side, hash_pin(pin), self.clock() + INVITE_SECONDS)
        return token, pin

    def known(self, token: str) -> Invite | None:
        invite = self.open.get(token)
        if invite is None or invite.until < self.clock() or invite.tries >= INVITE_TRIES:
            self.open.pop(token, None)
            return None
        return invite

    def try_pin(self, token: str) -> Invite | None:
        """The invitation of ``token`` with one try more counted at once, before its PIN is
        checked (``pin_matches(pin, invite.pin_hash)``; the right PIN gives the try back): of a
        burst of tries sent at once, no more are checked than ``INVITE_TRIES``; None when it is
        gone. ``use`` it once the board has taken the friend: a board away for a moment does not
        burn it."""
        invite = self.known(token)
        if invite is not None:
            invite.tries += 1
        return invite

    def use(self, token: str) -> None:
        """The invitation has let its friend in: it works no more."""
        self.open.pop(token, None)

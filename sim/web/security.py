"""The page's locks: the PIN (kept only as a scrypt hash), the attempts allowed, the forms'
CSRF tokens and the one-time links of remote play. Every timer reads an injected clock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from sim.web.state import kept

SCRYPT = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost (about 16 MB and a few tens of milliseconds a try on a Pi)."""
ATTEMPTS = 5
"""Wrong PINs allowed from one address in ``WINDOW`` seconds (and ten times that from all)."""
WINDOW = 300.0
INVITE_SECONDS = 3600.0
"""A remote player's link works once, within this long."""


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


def new_pin(digits: int = 6) -> str:
    """A PIN of random digits."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


class PinStore:
    """The owner's PIN, kept hashed in the page's state directory (``pin.hash``)."""

    def __init__(self, directory: Path) -> None:
        self.path = directory / "pin.hash"

    def set(self, pin: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(hash_pin(pin) + "\n", encoding="ascii")
        tmp.chmod(0o600)
        tmp.replace(self.path)

    def hashed(self) -> str | None:
        return kept(self.path) or None

    def check(self, pin: str) -> bool:
        stored = self.hashed()
        return stored is not None and pin_matches(pin, stored)


def secret_key(directory: Path) -> str:
    """The key that signs the session cookies, made once and kept (0600)."""
    path = directory / "secret.key"
    key = kept(path)
    if key is not None and len(key) >= 32:
        return key
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = secrets.token_urlsafe(48)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(key, encoding="ascii")
    tmp.chmod(0o600)
    tmp.replace(path)
    return key


@dataclass
class Attempts:
    """Wrong PINs by address: ``allowed`` says whether one more try may be made now."""

    clock: Callable[[], float]
    per_address: int = ATTEMPTS
    window: float = WINDOW
    failures: dict[str, deque[float]] = field(default_factory=dict)
    everyone: deque[float] = field(default_factory=deque)

    def _recent(self, times: deque[float]) -> deque[float]:
        now = self.clock()
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def allowed(self, address: str) -> bool:
        mine = self._recent(self.failures.get(address, deque()))
        return len(mine) < self.per_address and \
            len(self._recent(self.everyone)) < self.per_address * 10

    def failed(self, address: str) -> None:
        if len(self.failures) > 10_000:  # many addresses: forget the old ones
            self.failures.clear()
        self.failures.setdefault(address, deque()).append(self.clock())
        self.everyone.append(self.clock())

    def wait(self, address: str) -> int:
        """Seconds until ``address`` may try again."""
        times = [*self.failures.get(address, ()), *self.everyone]
        return max(1, int(min(times) + self.window - self.clock()) + 1) if times else 0


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
    """A one-time link for a remote player: the side they play, their PIN's hash, until when."""

    side: str
    pin_hash: str
    until: float


@dataclass
class Invites:
    """The open invitations, by token; each works once, within ``INVITE_SECONDS``."""

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
        if invite is None or invite.until < self.clock():
            self.open.pop(token, None)
            return None
        return invite

    def redeem(self, token: str, pin: str) -> Invite | None:
        """The invitation, used up, when ``pin`` is its PIN; else None."""
        invite = self.known(token)
        if invite is None or not pin_matches(pin, invite.pin_hash):
            return None
        del self.open[token]
        return invite

"""The game code agrees a key, and the key seals every message: the broker is a postbox that
strangers may read and write, and is trusted with nothing.

The six digits said between two people run SPAKE2 (the ``spake2`` package, as Magic Wormhole
uses it): each board sends one message over the broker, and both derive the same 256-bit secret
only when both used the same code. A stranger who read both messages learns nothing of the code
or the key; one who tries a code learns only whether that one guess was right (the host then
makes a new exchange, and ends the offer after a few). From the secret, HKDF derives one key per
side, and each game message is sealed with ChaCha20-Poly1305 (``cryptography``): a random
nonce, and the game, the side, the kind and the sequence bound to the box, so a message moved
to another game, side or place, changed or forged, does not open.

    host = Exchange("314159", game, host=True); guest = Exchange("314159", game, host=False)
    keys = Keys(host.finish(guest.message), game)
    nonce, box = keys.seal("guest", "action", 7, b"{...}")
    keys.open("guest", "action", 7, nonce, box)          # Unsealed: it does not open
"""

from __future__ import annotations

import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B
from spake2.spake2 import SPAKEError

HOST_ID = b"aseb far host "
"""The host's identity in the exchange (the game's id follows: the key is this game's alone)."""
GUEST_ID = b"aseb far guest"


class Unsealed(ValueError):
    """A message that does not open with the key: a wrong code, or a changed or forged box."""


class Exchange:
    """One board's half of one key exchange (each is finished once: a new try is a new one)."""

    def __init__(self, code: str, game: str, *, host: bool) -> None:
        kind = SPAKE2_A if host else SPAKE2_B
        self._spake = kind(code.encode(), idA=HOST_ID + game.encode(), idB=GUEST_ID)
        self.message: bytes = self._spake.start()

    def finish(self, theirs: bytes) -> bytes:
        """The secret agreed with the far half ``theirs``; ``Unsealed`` for a message that is
        not an exchange's."""
        try:
            secret: bytes = self._spake.finish(theirs)
        except (SPAKEError, ValueError, AssertionError) as exc:
            raise Unsealed(f"not a key exchange's message ({type(exc).__name__})") from None
        return secret


class Keys:
    """One far game's keys: a key for each side's messages, from the secret agreed."""

    def __init__(self, secret: bytes, game: str) -> None:
        self.secret = secret
        """The secret agreed (kept in ``far.json``, for its owner alone)."""
        self.game = game
        both = HKDF(algorithm=hashes.SHA256(), length=64, salt=None,
                    info=b"aseb far keys " + game.encode()).derive(secret)
        self._sides = {"host": ChaCha20Poly1305(both[:32]),
                       "guest": ChaCha20Poly1305(both[32:])}

    def _bound(self, side: str, kind: str, seq: int) -> bytes:
        return f"aseb far 1|{self.game}|{side}|{kind}|{seq}".encode()

    def seal(self, side: str, kind: str, seq: int, text: bytes) -> tuple[bytes, bytes]:
        """``text`` sealed as ``side``'s message ``seq`` of ``kind``: (nonce, box)."""
        nonce = os.urandom(12)
        return nonce, self._sides[side].encrypt(nonce, text, self._bound(side, kind, seq))

    def open(self, side: str, kind: str, seq: int, nonce: bytes, box: bytes) -> bytes:
        """The text sealed in ``box``; ``Unsealed`` when it was not sealed with this game's
        key as ``side``'s message ``seq`` of ``kind``."""
        try:
            return self._sides[side].decrypt(nonce, box, self._bound(side, kind, seq))
        except (InvalidTag, ValueError, KeyError):
            raise Unsealed("it does not open with this game's key") from None

"""A hostile client on the broker, as a stranger on a public broker or another account on a
museum's may be: it reads every topic, keeps what it read, and sends back whatever it likes
(replays, forgeries, poison), retained or not.

    with Hostile(broker) as mallory:       # on an anonymous broker, or as the account mallory
        mallory.poison(topic)              # deep, huge, wrong-typed and not-JSON messages
        mallory.replay("aseb/games/")      # everything it read under that, sent again
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from sim.far.broker import BrokerClient
from tests.sim.far.mosquitto import HOSTILE, Mosquitto

POISON = (
    b"[" * 30_000 + b"]" * 30_000,                       # nested 30,000 deep, 60 KB (the
                                                         # shipped broker takes 64 KB at most)
    b'{"v": 1, "game": "' + b"a" * 60_000 + b'"}',       # huge (under the broker's limit)
    b'{"v": "1", "seq": "many", "nonce": 3, "box": []}',  # every field of the wrong type
    b'{"v": 1, "seq": 1' + b"0" * 5000 + b"}",          # a number of 5,000 digits
    b'{"v": 1, "seq": NaN, "x": Infinity}',              # numbers that are not finite
    b"\xff\xfe not UTF-8",
    b"not JSON at all",
)
"""What a stranger sends to break a board that reads it."""


class Hostile:
    """A client that reads every topic and sends what it likes."""

    def __init__(self, broker: Mosquitto, client_id: str = "mallory") -> None:
        network = broker.network(HOSTILE)
        self.read: list[tuple[str, bytes, bool]] = []
        self.lock = threading.Lock()
        self.up = threading.Event()
        self.client = BrokerClient(network.broker, client_id, will=None, heard=self._heard,
                                   connected=lambda ok: self.up.set() if ok else None)
        self.client.subscribe("#")

    def _heard(self, topic: str, payload: bytes, retained: bool) -> None:
        with self.lock:
            self.read.append((topic, payload, retained))

    def seen(self, prefix: str = "") -> list[tuple[str, bytes]]:
        """Every message read under ``prefix``."""
        with self.lock:
            return [(t, p) for t, p, _r in self.read if t.startswith(prefix) and p]

    def poison(self, topic: str, *, retain: bool = False) -> None:
        """Every kind of poison on ``topic`` (the last one stays retained when ``retain``)."""
        for payload in POISON:
            self.client.publish(topic, payload, retain=retain)

    def replay(self, prefix: str) -> int:
        """Send again every message read under ``prefix``; how many."""
        found = self.seen(prefix)
        for topic, payload in found:
            self.client.publish(topic, payload)
        return len(found)

    def forge(self, topic: str, **fields: Any) -> None:
        """A sealed message of the right shape whose box was never sealed with the key."""
        import json
        from base64 import b64encode

        message = {"v": 1, "seq": 10**6, "nonce": b64encode(os.urandom(12)).decode(),
                   "box": b64encode(os.urandom(64)).decode(), **fields}
        self.client.publish(topic, json.dumps(message).encode(), retain=True)

    def __enter__(self) -> Hostile:
        self.client.start()
        assert self.up.wait(10), "the hostile client could not connect"
        return self

    def __exit__(self, *exc: object) -> None:
        deadline = time.monotonic() + 10
        while self.client.client._out_messages and time.monotonic() < deadline:
            threading.Event().wait(0.05)  # what it sent is on the broker before it goes
        self.client.stop()

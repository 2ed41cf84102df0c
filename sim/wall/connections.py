"""The page's connections, bounded per address and in time: a small layer over uvicorn's own
HTTP/1.1 protocol (h11). uvicorn alone closes a connection idle between two requests
(``timeout_keep_alive``) but waits for ever for a first request, or for headers sent a byte at
a time, and its one limit (``limit_concurrency``) answers 503 to everyone once anyone holds
that many connections. Here:

- each address (an IPv6 network of 64 bits counts as one: ``sim.web.security.source``) holds
  at most ``Limits.per_address`` connections, and all of them at most ``Limits.total``; once
  all are held, a newcomer takes the place of the busiest address's oldest
  (``sim.wall.shares``): the owner's page is always served;
- a request's headers must have arrived whole within ``Limits.headers`` seconds of the
  connection, or of the end of the answer before (a connection that says nothing is closed);
- a connection idle between requests is closed after ``Limits.idle`` seconds (uvicorn's
  keep-alive);
- over HTTPS, a TLS handshake must end within ``Limits.headers`` seconds too (``Server``:
  asyncio's own bound is 60 s, and uvicorn passes none). A connection is counted against its
  address once its handshake is over, so one that never ends its handshake is only timed.

Live streams (``/events``) are bounded per address by the board's link (``sim.web.board_link``).

    Server(server_config(app, "127.0.0.1", 8020)).run()   # uvicorn's, with this layer
"""

from __future__ import annotations

import asyncio
import logging
import ssl
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from uvicorn import Config
from uvicorn import Server as Uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from sim.wall.shares import Shares, source

log = logging.getLogger(__name__)

STOPPING = 2
"""Seconds a stop waits for open pages: a live stream never ends of itself (``Server``'s
``ending`` ends the app's), and without a bound uvicorn waited for one until systemd killed
the page 90 s later."""
SAID_EVERY = 60.0
"""Seconds between two log lines about one address's refused connections (a flood is one
line a minute, not one a connection)."""


@dataclass(frozen=True)
class Limits:
    """How many connections, and how long each may take (see the module)."""

    per_address: int = 24
    """A browser opens up to six connections to a page; a household's few phones and
    computers each have an address of their own."""
    total: int = 400
    headers: float = 10.0
    idle: int = 5


def guarded_protocol(limits: Limits) -> type[H11Protocol]:
    """uvicorn's h11 protocol with ``limits`` kept across all its connections."""
    shares: Shares[H11Protocol] = Shares(limits.per_address, limits.total)
    said: dict[str, float] = {}

    def refused(address: str) -> None:
        now = time.monotonic()
        if now - said.get(address, float("-inf")) >= SAID_EVERY:
            if len(said) > 1000:
                said.clear()
            said[address] = now
            log.warning("connections from %s refused: it holds %d already (%d in all)",
                        address, shares.holds(address), shares.count)

    class Guarded(H11Protocol):
        """One connection, counted against its address, its headers timed."""

        address = "?"
        timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = source(self.client[0]) if self.client else "?"
            taken, evicted = shares.take(self.address, self)
            if not taken:
                refused(self.address)
                transport.abort()
                return
            if evicted is not None:  # the busiest address's oldest makes room
                evicted.transport.abort()
            self._time_headers()

        def _time_headers(self) -> None:
            self._stop_timing()
            self.timer = self.loop.call_later(limits.headers, self._too_slow)

        def _stop_timing(self) -> None:
            if self.timer is not None:
                self.timer.cancel()
                self.timer = None

        def _too_slow(self) -> None:
            self.timer = None
            if not self.transport.is_closing():
                self.transport.abort()

        def handle_events(self) -> None:
            cycle = self.cycle
            super().handle_events()
            if self.cycle is not cycle:  # a request's headers have arrived whole
                self._stop_timing()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and (
                    self.cycle is None or self.cycle.response_complete):
                self._time_headers()  # the next request's headers in time (none pipelined)

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_timing()
            shares.give_back(self.address, self)
            super().connection_lost(exc)

    return Guarded


class Server(Uvicorn):
    """uvicorn's server, a TLS handshake bounded as a request's headers are (``limits``);
    ``ending`` ends the app's open streams when it stops."""

    def __init__(self, config: Config, limits: Limits | None = None, *,
                 ending: Callable[[], None] | None = None) -> None:
        super().__init__(config)
        self.handshake = (limits or Limits()).headers
        self.ending = ending

    async def shutdown(self, sockets: list[Any] | None = None) -> None:
        # An open page's stream never ends of itself: ended first, each page's answer finishes
        # and the stop waits for none of them (it used to wait STOPPING seconds, then cancel
        # them with a traceback in the log).
        if self.ending is not None:
            self.ending()
        await super().shutdown(sockets)

    async def startup(self, sockets: list[Any] | None = None) -> None:
        loop = asyncio.get_running_loop()
        create = loop.create_server
        handshake = self.handshake

        async def bounded(*args: Any, **kwargs: Any) -> asyncio.Server:
            if kwargs.get("ssl") is not None:  # uvicorn names no handshake timeout
                kwargs["ssl_handshake_timeout"] = handshake
            return await create(*args, **kwargs)

        loop.create_server = bounded  # type: ignore[method-assign]  # while it listens
        try:
            await super().startup(sockets)
        finally:
            del loop.create_server  # the loop's own method again


def server_config(app: Any, host: str = "127.0.0.1", port: int = 0, *,
                  limits: Limits | None = None,
                  tls: Callable[[], ssl.SSLContext] | None = None,
                  log_level: str = "warning") -> Config:
    """uvicorn's configuration of the page: this layer's limits, no proxy headers trusted, no
    server or date header, no WebSocket, headers bounded, and TLS where ``tls`` makes its
    context (``sim.wall.tls``)."""
    limits = limits or Limits()
    config = Config(app, host=host, port=port, log_level=log_level,
                    http=guarded_protocol(limits), proxy_headers=False, server_header=False,
                    date_header=False, limit_concurrency=None, timeout_keep_alive=limits.idle,
                    ws="none", lifespan="on", timeout_graceful_shutdown=STOPPING, loop="asyncio",
                    h11_max_incomplete_event_size=16 * 1024)
    if tls is not None:  # the context made here, from what the careful reader read
        config.load()
        config.ssl = tls()
    return config

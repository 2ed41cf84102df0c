"""The page's outer wall, as ASGI middleware: only the names the board is reached by are served
(a page under another name is a DNS-rebinding page), a change asked from anywhere but the page
itself is refused (its ``Origin`` must be the page's own: scheme, host and port), headers past
``MAX_HEADERS`` and bodies past ``MAX_BODY`` are refused before anything reads them, every
answer carries the security headers (a CSP without inline script), and a cookie sent over TLS
is marked Secure.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from firmware.words import _
from sim.web.words import ELSEWHERE, HEADERS_TOO_BIG, NOT_HERE, TOO_BIG

MAX_BODY = 16 * 1024
"""Bytes a request's body may have (a form of settings or a PIN is a few hundred)."""
MAX_HEADERS = 16 * 1024
"""Bytes a request's headers may have in all (a browser sends one or two)."""
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    # same-origin, not no-referrer: under no-referrer a browser sends "Origin: null" with the
    # page's own forms, and the origin is what tells them from another site's
    (b"referrer-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing: any other must come from the page itself."""


class Hosts:
    """The names the page answers to: ``localhost``, this machine's own name (and its
    ``.local`` name), the board file's ``[web] hosts``, and any IP address (an address cannot
    be rebound to another machine by someone's DNS, a name can)."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        own = socket.gethostname().lower()
        self.names = frozenset({"localhost", own, f"{own}.local", *(n.lower() for n in names)})

    def allows(self, host: str) -> bool:
        """Whether a ``Host`` header (``aseb.local:8020``, ``[::1]:8020``) names this page."""
        name = host.strip().lower()
        if name.startswith("["):  # an IPv6 address, its port after the bracket
            name = name[1:name.find("]")] if "]" in name else ""
        elif name.count(":") == 1:
            name = name.partition(":")[0]
        if not name:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name.rstrip(".") in self.names
        return True


def same_origin(origin: str, scheme: str, host: str) -> bool:
    """Whether an ``Origin`` header names the page a request came to (``scheme`` and ``Host``):
    the same scheme, host and port, as a browser says it for the page's own forms and script.
    Another port of the same machine is another site (another program's page)."""
    try:
        found, own = urlsplit(origin), urlsplit(f"{scheme}://{host}")
        default = 443 if scheme == "https" else 80
        return (found.scheme == scheme and found.hostname is not None
                and found.hostname == own.hostname and not found.path
                and (found.port or default) == (own.port or default))
    except ValueError:  # a port that is not one
        return False


class Guard:
    """The wall (see the module): headers and bodies bounded, hosts and origins checked, the
    security headers added."""

    def __init__(self, app: ASGIApp, hosts: Hosts | None = None, max_body: int = MAX_BODY,
                 max_headers: int = MAX_HEADERS) -> None:
        self.app = app
        self.hosts = hosts if hosts is not None else Hosts()
        self.max_body = max_body
        self.max_headers = max_headers

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False
        secure = scope.get("scheme") == "https"

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [*message.get("headers", []), *HEADERS]
                if secure:  # served over TLS: the cookie never goes out without it
                    headers = [(k, v + b"; Secure") if k.lower() == b"set-cookie"
                               and b"secure" not in v.lower() else (k, v) for k, v in headers]
                message["headers"] = headers
            await send(message)

        headers = scope.get("headers", [])
        if sum(len(k) + len(v) for k, v in headers) > self.max_headers:
            await _refuse(with_headers, 431, _(HEADERS_TOO_BIG))
            return
        found = dict(headers)
        host = found.get(b"host", b"").decode("latin-1")
        if not self.hosts.allows(host):
            await _refuse(with_headers, 421, _(NOT_HERE))
            return
        if scope.get("method", "GET") not in SAFE:
            origin = found.get(b"origin")
            if (origin is not None and not same_origin(
                    origin.decode("latin-1"), scope.get("scheme", "http"), host)) \
                    or found.get(b"sec-fetch-site") in (b"cross-site", b"same-site"):
                await _refuse(with_headers, 403, _(ELSEWHERE))
                return
        declared = found.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _refuse(with_headers, 413, _(TOO_BIG))
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise TooBig
            return message

        try:
            await self.app(scope, counted, with_headers)
        except TooBig:
            if not started:
                await _refuse(with_headers, 413, _(TOO_BIG))


class TooBig(Exception):
    """A body past the limit, found while it was read."""


async def _refuse(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})

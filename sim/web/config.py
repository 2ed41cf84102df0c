"""The web page's configuration: the ``[web]`` section of the board file.

    [web]
    address = "127.0.0.1"     # where it listens: loopback (default) or the board's LAN address
    port = 8020
    pin = "482913"            # optional: else the board says a PIN aloud when asked
    hosts = ["aseb.local"]    # the names the page is reached by (besides localhost, this
                              # machine's own name and IP addresses); the first one names the
                              # friend's invitation link

A bad value is named with its key, as ``aseb run`` names a bad board file (exit 78), in the
language spoken (its message is a ``Phrase``, as a solved table's errors are).
"""

from __future__ import annotations

import ipaddress
import os
import re
import socket
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.words import N_, phrase
from hardware.errors import shown, shown_value

DEFAULT_PORT = 8020
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                       r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*")
"""A host name as DNS writes it (``aseb.local``, ``board-2.home.arpa``)."""


class WebConfigError(ValueError):
    """A ``[web]`` value that cannot be used, with the file and the key: a ``Phrase``, said in
    the language spoken where it is shown (``firmware.words.problem``)."""


@dataclass(frozen=True)
class WebConfig:
    """Where the page listens, and the PIN set in the board file (None: said by the board)."""

    address: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    pin: str | None = None
    hosts: tuple[str, ...] = ()
    """Names the page is reached by (a browser's ``Host``), besides localhost, this machine's
    own name and any IP address: a page reached under another name is refused (DNS rebinding)."""

    @property
    def origin(self) -> str:
        """Where a friend's link points (``http://aseb.local:8020``): the first of ``hosts``,
        else the address the page listens on, else this machine's name on the local network
        (a link is never built from what a request claims)."""
        if self.hosts:
            name = self.hosts[0]
        elif ipaddress.ip_address(self.address).is_unspecified:
            name = socket.gethostname().lower() + ".local"
        else:
            name = f"[{self.address}]" if ":" in self.address else self.address
        return f"http://{name}:{self.port}"


def load_web_config(path: Path | None) -> WebConfig:
    """The ``[web]`` section of the board file at ``path`` (None or no section: defaults)."""
    if path is None:
        return WebConfig()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise WebConfigError(phrase(N_("{file}: cannot read it ({problem})"), file=str(path),
                                    problem=exc.strerror or str(exc))) from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise WebConfigError(phrase(N_("{file}: not a TOML board file ({problem})"),
                                    file=str(path), problem=shown(str(exc), 200))) from None
    section = data.get("web", {})
    if not isinstance(section, dict):
        raise WebConfigError(phrase(N_("{file}: web: expected a table"), file=str(path)))
    return web_config(section, str(path))


def web_config(section: dict[str, Any], source: str) -> WebConfig:
    """Check a ``[web]`` table; ``WebConfigError`` naming the key for a bad value."""
    known = {"address", "port", "pin", "hosts"}
    for key in section:
        if key not in known:
            raise WebConfigError(phrase(N_("{file}: web.{key}: unknown key (the keys here are "
                                           "{keys})"), file=source, key=shown(key),
                                        keys=", ".join(sorted(known))))
    address = section.get("address", "127.0.0.1")
    if not isinstance(address, str):
        raise WebConfigError(phrase(N_("{file}: web.address: expected an IP address in quotes"),
                                    file=source))
    try:
        ipaddress.ip_address(address)
    except ValueError:
        raise WebConfigError(phrase(N_("{file}: web.address: {address} is not an IP address"),
                                    file=source, address=shown_value(address))) from None
    port = section.get("port", DEFAULT_PORT)
    if not isinstance(port, int) or isinstance(port, bool) or not 1024 <= port <= 65535:
        raise WebConfigError(phrase(N_("{file}: web.port: expected a number from {low} to "
                                       "{high}"), file=source, low=1024, high=65535))
    pin = section.get("pin")
    if pin is not None and (not isinstance(pin, str) or not pin.isdigit()
                            or not 4 <= len(pin) <= 8):
        raise WebConfigError(phrase(N_("{file}: web.pin: expected {low} to {high} digits in "
                                       "quotes"), file=source, low=4, high=8))
    hosts = section.get("hosts", [])
    if not isinstance(hosts, list) or not all(
            isinstance(h, str) and HOST_NAME.fullmatch(h) for h in hosts) or len(hosts) > 20:
        raise WebConfigError(phrase(N_("{file}: web.hosts: expected a list of host names in "
                                       "quotes, such as [\"aseb.local\"]"), file=source))
    return WebConfig(address, port, pin, tuple(h.lower() for h in hosts))


def web_state_directory() -> Path:
    """Where the page keeps its secret and its PIN's hash: systemd's $STATE_DIRECTORY, else
    the user's state directory."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "aseb-web"

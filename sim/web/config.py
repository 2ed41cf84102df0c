"""The web page's configuration: the ``[web]`` section of the board file.

    [web]
    address = "127.0.0.1"     # where it listens: loopback (default) or the board's LAN address
    port = 8020
    pin = "482913"            # optional: else the board says a PIN aloud when asked

A bad value is named with its key, as ``aseb run`` names a bad board file (exit 78).
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PORT = 8020


class WebConfigError(ValueError):
    """A ``[web]`` value that cannot be used, with the file and the key."""


@dataclass(frozen=True)
class WebConfig:
    """Where the page listens, and the PIN set in the board file (None: said by the board)."""

    address: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    pin: str | None = None


def load_web_config(path: Path | None) -> WebConfig:
    """The ``[web]`` section of the board file at ``path`` (None or no section: defaults)."""
    if path is None:
        return WebConfig()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise WebConfigError(f"{path}: cannot read it ({exc.strerror})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise WebConfigError(f"{path}: not a TOML board file ({exc})") from None
    section = data.get("web", {})
    if not isinstance(section, dict):
        raise WebConfigError(f"{path}: web: expected a table")
    return web_config(section, str(path))


def web_config(section: dict[str, Any], source: str) -> WebConfig:
    """Check a ``[web]`` table; ``WebConfigError`` naming the key for a bad value."""
    known = {"address", "port", "pin"}
    for key in section:
        if key not in known:
            raise WebConfigError(f"{source}: web.{key}: unknown key (the keys here are "
                                 f"{', '.join(sorted(known))})")
    address = section.get("address", "127.0.0.1")
    if not isinstance(address, str):
        raise WebConfigError(f"{source}: web.address: expected an IP address in quotes")
    try:
        ipaddress.ip_address(address)
    except ValueError:
        raise WebConfigError(f"{source}: web.address: {address!r} is not an IP address") from None
    port = section.get("port", DEFAULT_PORT)
    if not isinstance(port, int) or isinstance(port, bool) or not 1024 <= port <= 65535:
        raise WebConfigError(f"{source}: web.port: expected a number from 1024 to 65535")
    pin = section.get("pin")
    if pin is not None and (not isinstance(pin, str) or not pin.isdigit()
                            or not 4 <= len(pin) <= 8):
        raise WebConfigError(f"{source}: web.pin: expected 4 to 8 digits in quotes")
    return WebConfig(address, port, pin)


def web_state_directory() -> Path:
    """Where the page keeps its secret and its PIN's hash: systemd's $STATE_DIRECTORY, else
    the user's state directory."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "aseb-web"

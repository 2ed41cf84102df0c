"""The web page's configuration: the ``[web]`` section of the board file.

    [web]
    address = "127.0.0.1"     # where it listens: loopback (default) or the board's LAN address
    port = 8020
    pin = "482913"            # optional: else the board says a PIN aloud when asked

A bad value is named with its key, as ``aseb run`` names a bad board file (exit 78), in the
language spoken (its message is a ``Phrase``, as a solved table's errors are).
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.core.words import N_, phrase
from hardware.errors import shown, shown_value

DEFAULT_PORT = 8020


class WebConfigError(ValueError):
    """A ``[web]`` value that cannot be used, with the file and the key: a ``Phrase``, said in
    the language spoken where it is shown (``firmware.words.problem``)."""


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
    known = {"address", "port", "pin"}
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
    return WebConfig(address, port, pin)


def web_state_directory() -> Path:
    """Where the page keeps its secret and its PIN's hash: systemd's $STATE_DIRECTORY, else
    the user's state directory."""
    if os.environ.get("STATE_DIRECTORY"):
        return Path(os.environ["STATE_DIRECTORY"].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "aseb-web"

"""The companion's configuration: the ``[network]`` section of the board file, and the broker's
credentials in a file of their own that only the service may read (never the password in the
board file).

    [network]
    broker = "mqtts://broker.example.org:8883"   # mqtts:// (TLS, port 8883 by default)
    name = "grandma-kitchen"                      # this board on the broker (and its user name)
    credentials = "/etc/aseb/mqtt.toml"           # username = "...", password = "...", mode 0600
    ca = "/etc/aseb/broker-ca.pem"                # optional: else the system's CAs

A bad value is named with its key (exit 78, as ``aseb run`` names a bad board file).
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sim.far.topics import NAME

SCHEMES = {"mqtts": 8883, "mqtt": 1883}
"""The broker's schemes and their ports; plain ``mqtt`` only on loopback (tests, a broker on
the board itself): the internet is crossed with TLS."""


class NetworkError(ValueError):
    """A ``[network]`` value (or the credentials file) that cannot be used, with the key."""


@dataclass(frozen=True)
class Broker:
    """Where the broker is, and how to prove who this board is."""

    host: str
    port: int
    tls: bool
    username: str
    password: str
    ca: Path | None = None
    """The CA that signed the broker's certificate (None: the system's)."""


@dataclass(frozen=True)
class Network:
    """The ``[network]`` section: the broker, and this board's name on it."""

    broker: Broker
    name: str


def load_network(path: Path) -> Network | None:
    """The ``[network]`` section of the board file at ``path`` (None: it has none)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise NetworkError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise NetworkError(f"{path}: not a TOML board file ({exc})") from None
    section = data.get("network")
    if section is None:
        return None
    if not isinstance(section, dict):
        raise NetworkError(f"{path}: network: expected a table")
    return network(section, str(path), path.parent)


def network(section: dict[str, Any], source: str, base: Path = Path(".")) -> Network:
    """Check a ``[network]`` table; ``NetworkError`` naming the key for a bad value."""
    known = {"broker", "name", "credentials", "ca"}
    for key in section:
        if key not in known:
            raise NetworkError(f"{source}: network.{key}: unknown key (the keys here are "
                               f"{', '.join(sorted(known))})")
    for key in ("broker", "name", "credentials"):
        if not isinstance(section.get(key), str):
            raise NetworkError(f"{source}: network.{key}: required, in quotes")
    name = section["name"]
    if not NAME.fullmatch(name):
        raise NetworkError(f"{source}: network.name: {name!r} is not a board's name (small "
                           "letters, digits, - and _, up to 32)")
    host, port, tls = broker_address(section["broker"], f"{source}: network.broker")
    ca = section.get("ca")
    if ca is not None and not isinstance(ca, str):
        raise NetworkError(f"{source}: network.ca: a file name in quotes")
    ca_path = _path(ca, base) if ca is not None else None
    if ca_path is not None and not ca_path.is_file():
        raise NetworkError(f"{source}: network.ca: {ca_path} is not a file")
    username, password = credentials(_path(section["credentials"], base),
                                     f"{source}: network.credentials", name)
    return Network(Broker(host, port, tls, username, password, ca_path), name)


def broker_address(url: str, where: str) -> tuple[str, int, bool]:
    """The host, port and TLS of ``mqtts://host:port``; NetworkError naming ``where``."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise NetworkError(f"{where}: {url!r}: {exc}") from None
    if parts.scheme not in SCHEMES or not parts.hostname or parts.path not in ("", "/"):
        raise NetworkError(f"{where}: {url!r}: expected mqtts://HOST:PORT")
    tls = parts.scheme == "mqtts"
    if not tls and parts.hostname not in ("127.0.0.1", "::1", "localhost"):
        raise NetworkError(f"{where}: {url!r}: plain mqtt:// only on this machine "
                           "(127.0.0.1); across a network use mqtts://")
    return parts.hostname, port or SCHEMES[parts.scheme], tls


def credentials(path: Path, where: str, name: str) -> tuple[str, str]:
    """The user name (the board's name unless the file says) and password in the credentials
    file; NetworkError when it cannot be read, is readable by others than its owner, or lacks
    a password."""
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise NetworkError(f"{where}: {path}: cannot read it ({exc.strerror or exc})") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise NetworkError(f"{where}: {path} may be read by others: it holds the broker's "
                           f"password (chmod 600 {path})")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise NetworkError(f"{where}: {path}: not TOML ({exc})") from None
    password, username = data.get("password"), data.get("username", name)
    if not isinstance(password, str) or not password:
        raise NetworkError(f"{where}: {path}: password = \"...\" is missing")
    if not isinstance(username, str) or not username:
        raise NetworkError(f"{where}: {path}: username must be a text in quotes")
    return username, password


def _path(text: str, base: Path) -> Path:
    path = Path(os.path.expanduser(text))
    return path if path.is_absolute() else base / path

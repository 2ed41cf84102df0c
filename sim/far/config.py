"""The companion's configuration: the ``[network]`` section of the board file, and the broker's
credentials in a file of their own that only the service may read (never the password in the
board file). Every file through the one reader (``hardware.doors``): the board file as every
board file is read, the credentials file refused before a byte is read when others may read it,
the CA's certificates read and checked to be certificates.

    [network]
    broker = "mqtts://broker.example.org:8883"   # mqtts:// (TLS, port 8883 by default)
    name = "grandma-kitchen"                      # this board on the broker (and its user name)
    credentials = "/etc/aseb/mqtt.toml"           # username = "...", password = "...", mode 0600
    ca = "/etc/aseb/broker-ca.pem"                # optional: else the system's CAs

Without ``credentials`` the board connects with no account, as to a public broker: it then
plays far games (sealed end to end) and tells nothing of itself there. A bad value is named
with its key (exit 78, as ``aseb run`` names a bad board file).
"""

from __future__ import annotations

import os
import ssl
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from hardware.core.errors import ConfigError, shown
from hardware.doors.file_reader import Bounds, Unreadable, read_text
from hardware.doors.toml_reader import load_toml, parse_toml
from sim.far.topics import NAME

SCHEMES = {"mqtts": 8883, "mqtt": 1883}
"""The broker's schemes and their ports; plain ``mqtt`` only on loopback (tests, a broker on
the board itself): the internet is crossed with TLS."""
CREDENTIALS = Bounds("credentials file", 4096, depth=2, keys=10)
CERTIFICATES = Bounds("CA certificate file", 1_000_000)
LOOPBACK = ("127.0.0.1", "::1", "localhost")


class NetworkError(ValueError):
    """A ``[network]`` value (or the credentials file) that cannot be used, with the key."""


@dataclass(frozen=True)
class Broker:
    """Where the broker is, and how to prove who this board is (no user name: no account)."""

    host: str
    port: int
    tls: bool
    username: str | None = None
    password: str | None = None
    ca: str | None = None
    """The certificates (PEM) of the CA that signed the broker's (None: the system's)."""

    @property
    def anonymous(self) -> bool:
        """Whether the board connects with no account (a public broker)."""
        return self.username is None


@dataclass(frozen=True)
class Network:
    """The ``[network]`` section: the broker, and this board's name on it."""

    broker: Broker
    name: str


def load_network(path: Path) -> Network | None:
    """The ``[network]`` section of the board file at ``path`` (None: it has none)."""
    try:
        data = load_toml(path)
    except ConfigError as exc:
        raise NetworkError(str(exc)) from None
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
            raise NetworkError(f"{source}: network.{shown(str(key))}: unknown key (the keys "
                               f"here are {', '.join(sorted(known))})")
    for key in ("broker", "name"):
        if not isinstance(section.get(key), str):
            raise NetworkError(f"{source}: network.{key}: required, in quotes")
    for key in ("credentials", "ca"):
        if key in section and not isinstance(section[key], str):
            raise NetworkError(f"{source}: network.{key}: a file name in quotes")
    name = section["name"]
    if not NAME.fullmatch(name):
        raise NetworkError(f"{source}: network.name: {shown(name)!r} is not a board's name "
                           "(small letters, digits, - and _, up to 32)")
    host, port, tls = broker_address(section["broker"], f"{source}: network.broker")
    ca = certificates(_path(section["ca"], base), f"{source}: network.ca") \
        if "ca" in section else None
    username = password = None
    if "credentials" in section:
        username, password = credentials(_path(section["credentials"], base),
                                         f"{source}: network.credentials", name)
    return Network(Broker(host, port, tls, username, password, ca), name)


def broker_address(url: str, where: str) -> tuple[str, int, bool]:
    """The host, port and TLS of ``mqtts://host:port``; NetworkError naming ``where``, in
    one short line whatever ``url`` holds."""
    shape = f"{where}: {shown(url, 80)!r}: expected mqtts://HOST:PORT"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise NetworkError(f"{shape} (the port is a number from 1 to 65535)") from None
    if parts.scheme not in SCHEMES or not parts.hostname or parts.path not in ("", "/"):
        raise NetworkError(shape)
    host = parts.hostname
    problem = host_problem(host)
    if problem is not None:
        raise NetworkError(f"{where}: {shown(host, 80)!r} is not a host's name: {problem}")
    if port == 0:
        raise NetworkError(f"{shape} (the port is a number from 1 to 65535)")
    tls = parts.scheme == "mqtts"
    if not tls and host not in LOOPBACK:
        raise NetworkError(f"{where}: {shown(url, 80)!r}: plain mqtt:// only on this machine "
                           "(127.0.0.1); across a network use mqtts://")
    return host, port or SCHEMES[parts.scheme], tls


def host_problem(host: str) -> str | None:
    """What makes ``host`` no host's name or address, in words (None: it may be one): DNS
    allows 63 characters a part and 253 in all."""
    if host.replace(".", "").replace(":", "").isalnum() and ":" in host:
        return None  # an IPv6 address (urlsplit took its brackets)
    try:
        encoded = host.encode("idna")
    except UnicodeError:
        return "each part between dots is 1 to 63 letters, digits or -"
    if len(encoded) > 253 or any(not 0 < len(part) <= 63 for part in encoded.split(b".")):
        return "each part between dots is 1 to 63 letters, digits or -, 253 in all"
    return None


def credentials(path: Path, where: str, name: str) -> tuple[str, str]:
    """The user name (the board's name unless the file says) and password in the credentials
    file; NetworkError when it cannot be read, others than its owner may read it (judged
    before a byte is read), or it lacks a password."""
    try:
        text = read_text(path, CREDENTIALS, private=True)
        data = parse_toml(text, str(path))
    except FileNotFoundError:
        raise NetworkError(f"{where}: {path}: no such file") from None
    except Unreadable as exc:
        raise NetworkError(f"{where}: {exc}") from None
    except ConfigError as exc:
        raise NetworkError(f"{where}: {exc}") from None
    unknown = sorted(set(data) - {"username", "password"})
    if unknown:
        raise NetworkError(f"{where}: {path}: {shown(unknown[0])}: unknown key (the keys are "
                           "username and password)")
    password, username = data.get("password"), data.get("username", name)
    if not isinstance(password, str) or not password:
        raise NetworkError(f"{where}: {path}: password = \"...\" is missing")
    if not isinstance(username, str) or not NAME.fullmatch(username):
        raise NetworkError(f"{where}: {path}: username: a board's name in quotes (small "
                           "letters, digits, - and _)")
    return username, password


def certificates(path: Path, where: str) -> str:
    """The certificates (PEM) in ``path``; NetworkError when it cannot be read or holds no
    certificate a TLS connection can trust."""
    try:
        text = read_text(path, CERTIFICATES)
    except FileNotFoundError:
        raise NetworkError(f"{where}: {path}: no such file") from None
    except Unreadable as exc:
        raise NetworkError(f"{where}: {exc}") from None
    if not text.strip():  # ssl takes no cadata at all as the system's CAs: never silently
        raise NetworkError(f"{where}: {path}: empty: not a CA's certificate in PEM")
    try:
        ssl.create_default_context(cadata=text)
    except (ssl.SSLError, ValueError) as exc:
        raise NetworkError(f"{where}: {path}: not a CA's certificate in PEM "
                           f"({shown(str(exc), 80)})") from None
    return text


def _path(text: str, base: Path) -> Path:
    path = Path(os.path.expanduser(text))
    return path if path.is_absolute() else base / path


NETWORK_FILE = "network.toml"
"""The user's own ``[network]`` (``$XDG_CONFIG_HOME/aseb/network.toml``), used without
``--network``."""


def network_for(given: Path | None) -> Network:
    """The ``[network]`` of ``given`` (else the user's own file); NetworkError saying what to
    write where there is none. Read before the far stack is imported: a file that is not one
    costs no more than its reading."""
    path = given if given is not None else default_network_file()
    if not os.path.lexists(path):  # anything else there (a FIFO, a folder) the reader names
        raise NetworkError(f"{path}: no such file: a far game needs a [network] section "
                           "(broker, name, credentials), as a board file has it")
    found = load_network(path)
    if found is None:
        raise NetworkError(f"{path}: no [network] section (broker, name, credentials)")
    return found


def default_network_file() -> Path:
    """Where the user's own ``[network]`` is kept."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "aseb" / NETWORK_FILE

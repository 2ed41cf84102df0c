"""A real Mosquitto for the tests: Debian's ``mosquitto`` on a free loopback port, started with the
configuration we ship (``docs/far/mosquitto.conf``, its paths and listener put where the test's
own are) and its access list (``docs/far/aclfile``), TLS from a test CA made at set-up
(``cryptography``) and password files made by ``mosquitto_passwd``. ``anonymous``: the stand-in
for a public broker, with no accounts and no access list at all. Where Mosquitto is missing the
tests are skipped in one line.

    with Mosquitto(tmp_path, boards=("kitchen", "grandma")) as broker:
        network = broker.network("kitchen")       # a [network] as a board file gives it
        broker.restart()                          # retained messages and sessions survive
"""

from __future__ import annotations

import datetime
import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from sim.far.config import Broker, Network

ROOT = Path(__file__).resolve().parents[3]
ACL = ROOT / "docs" / "far" / "aclfile"
SHIPPED = ROOT / "docs" / "far" / "mosquitto.conf"
MOSQUITTO = shutil.which("mosquitto") or ("/usr/sbin/mosquitto"
                                          if os.path.exists("/usr/sbin/mosquitto") else None)
PASSWD = shutil.which("mosquitto_passwd")
MISSING = "Mosquitto is not installed (apt-get install mosquitto): the broker tests are skipped"
MUSEUM = "museum"
HOSTILE = "mallory"
"""A board account of a stranger on the same broker (the hostile client's)."""


def needs_mosquitto() -> None:
    """Skip, saying why in one line, where Mosquitto is missing."""
    if MOSQUITTO is None or PASSWD is None:
        pytest.skip(MISSING)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def make_ca(directory: Path) -> tuple[Path, Path, Path]:
    """A test CA and the broker's certificate for 127.0.0.1 and localhost: (ca, cert, key)."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.datetime.now(datetime.UTC)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "aseb test CA")])
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(now - datetime.timedelta(days=1))
          .not_valid_after(now + datetime.timedelta(days=2))
          .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    import ipaddress

    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")]))
            .issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .sign(ca_key, hashes.SHA256()))
    paths = directory / "ca.pem", directory / "broker.pem", directory / "broker.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return paths


class Mosquitto:
    """A Mosquitto of our own on loopback, with TLS, passwords and the shipped access list."""

    def __init__(self, directory: Path, boards: tuple[str, ...] = (), port: int | None = None,
                 plain: bool = False, anonymous: bool = False) -> None:
        needs_mosquitto()
        self.directory = directory
        directory.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.plain = plain
        self.anonymous = anonymous
        self.ca, cert, key = make_ca(directory)
        self.passwords = {name: f"pw-{name}-{os.getpid()}"
                          for name in (*boards, MUSEUM, HOSTILE)}
        passwd = directory / "passwd"
        passwd.touch(mode=0o600)
        for name, password in self.passwords.items():
            subprocess.run([str(PASSWD), "-b", str(passwd), name, password], check=True,
                           capture_output=True)
        (directory / "data").mkdir(exist_ok=True)
        self.conf = directory / "mosquitto.conf"
        self.conf.write_text(self.configuration(passwd, cert, key), encoding="utf-8")
        self.process: subprocess.Popen[bytes] | None = None

    def configuration(self, passwd: Path, cert: Path, key: Path) -> str:
        """The shipped configuration, its paths and listener the test's (anonymous: its
        accounts, access list and client-id rule left out, as a public broker has none)."""
        mine = {"password_file": str(passwd), "acl_file": str(ACL),
                "persistence_location": f"{self.directory / 'data'}/",
                "autosave_interval": "1", "listener": f"{self.port} 127.0.0.1",
                "certfile": str(cert), "keyfile": str(key)}
        left_out = {"password_file", "acl_file", "use_username_as_clientid"} \
            if self.anonymous else set()
        if self.plain:
            left_out |= {"certfile", "keyfile", "tls_version"}
        lines = [f"user {getpass.getuser()}",  # as root it would switch to 'mosquitto', who
                 # cannot read our files
                 f"log_dest file {self.directory / 'mosquitto.log'}",
                 "max_queued_messages 100000"]
        for line in SHIPPED.read_text(encoding="utf-8").splitlines():
            if not line.strip() or line.startswith("#"):
                continue
            word = line.split()[0]
            if word in left_out:
                continue
            if word == "allow_anonymous" and self.anonymous:
                line = "allow_anonymous true"
            lines.append(f"{word} {mine[word]}" if word in mine else line)
        return "\n".join(lines) + "\n"

    def network(self, name: str, port: int | None = None) -> Network:
        """The ``[network]`` of board ``name`` on this broker (``port``: through a proxy;
        on the anonymous broker: no account)."""
        account = (None, None) if self.anonymous else (name, self.passwords[name])
        return Network(Broker("127.0.0.1", port or self.port, not self.plain, *account,
                              None if self.plain else self.ca.read_text(encoding="utf-8")),
                       name)

    def start(self) -> Mosquitto:
        assert MOSQUITTO is not None
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited {self.process.returncode}: "
                                   f"{self.log()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)  # the broker's own start-up: nothing to wait on but its port
        raise RuntimeError("mosquitto did not listen within 10 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        """Stop the broker (it saves its retained messages and sessions) and start it again."""
        self.stop()
        self.start()

    def log(self) -> str:
        path = self.directory / "mosquitto.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def __enter__(self) -> Mosquitto:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

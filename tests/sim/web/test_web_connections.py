"""``aseb web``'s connections attacked from other machines on the same network, the page served
by uvicorn for real beside the simulated board (127.0.0.2, 127.0.0.3... stand for other
machines: Linux routes the whole of 127/8 to loopback): one machine holding idle sockets,
slow headers and live streams never shuts out the owner's page or its live stream; a
connection that says nothing, or drips its headers, is closed; and the page is served over
HTTPS from the board file's certificate, its cookie Secure, a handshake never finished closed
as a request's headers never finished are.
"""

from __future__ import annotations

import datetime
import os
import socket
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")
pytest.importorskip("uvicorn", reason="the web extra is not installed")

import httpx

from hardware.boards.board_file import BOARDS, ConfigError, parse_board
from sim.wall.connections import Limits
from tests.sim.web.web_board import WebBoard
from tests.sim.web.web_browser import served

BOARD = (BOARDS / "pi-direct.toml").read_text(encoding="utf-8")
"""A board file of the shipped ones, without a ``[web]`` section."""
ATTACKER = "127.0.0.2"
OWNER = "127.0.0.3"


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[WebBoard, str]]:
    with served(tmp_path) as found:
        yield found


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def connection(url: str, address: str = ATTACKER) -> socket.socket:
    """A connection to the page from ``address``."""
    return socket.create_connection(("127.0.0.1", port_of(url)), timeout=10,
                                    source_address=(address, 0))


def closed_by_the_page(sock: socket.socket, within: float) -> bool:
    """Whether the page closes ``sock`` within ``within`` seconds (what it sent before is
    read past)."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False
    return True


def test_one_machine_holding_sockets_and_streams_never_shuts_out_the_owner(
        site: tuple[WebBoard, str]) -> None:
    _board, url = site
    host = url.removeprefix("http://")
    held = []
    try:
        held += [connection(url) for _ in range(400)]  # idle: they say nothing
        for _ in range(40):  # slow headers: a request begun, never finished
            sock = connection(url)
            sock.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nX-Slow: ".encode())
            held.append(sock)
        for _ in range(250):  # live streams, never read
            sock = connection(url)
            sock.sendall(f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
            held.append(sock)
        with httpx.Client(transport=httpx.HTTPTransport(local_address=OWNER),
                          timeout=1.0) as owner:
            started = time.monotonic()
            page = owner.get(url + "/")
            assert page.status_code == 200 and 'id="board"' in page.text
            assert time.monotonic() - started <= 1.0
            started = time.monotonic()
            with owner.stream("GET", url + "/events") as stream:
                assert stream.status_code == 200
                first = next(stream.iter_bytes())
            assert first.startswith(b"retry:") and time.monotonic() - started <= 1.0
    finally:
        for sock in held:
            sock.close()


def test_a_machine_holds_no_more_than_its_share_of_connections(tmp_path: Path) -> None:
    with served(tmp_path, limits=Limits(per_address=5)) as (_board, url):
        held = [connection(url) for _ in range(5)]
        try:
            extra = connection(url)
            assert closed_by_the_page(extra, 5.0)  # the sixth is closed at once
            assert not closed_by_the_page(held[0], 0.2)  # the five are kept
            with httpx.Client(transport=httpx.HTTPTransport(local_address=OWNER)) as owner:
                assert owner.get(url + "/login").status_code == 200
        finally:
            for sock in held:
                sock.close()


def test_a_connection_that_says_nothing_or_drips_its_headers_is_closed(
        tmp_path: Path) -> None:
    with served(tmp_path, limits=Limits(headers=0.5, idle=1)) as (_board, url):
        host = url.removeprefix("http://")
        silent = connection(url)
        dripping = connection(url)
        dripping.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\n".encode())
        assert closed_by_the_page(silent, 5.0)
        assert closed_by_the_page(dripping, 5.0)
        kept_alive = connection(url)  # a request answered, then nothing: closed when idle
        kept_alive.sendall(f"GET /login HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        assert closed_by_the_page(kept_alive, 5.0)
        stream = connection(url, OWNER)  # a live stream outlives the headers' time
        stream.sendall(f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        assert stream.recv(65536).startswith(b"HTTP/1.1 200")
        assert not closed_by_the_page(stream, 1.5)
        stream.close()


# --- HTTPS -------------------------------------------------------------------------------------

def certificate(directory: Path, name: str = "aseb.local") -> tuple[Path, Path]:
    """A self-signed certificate for ``name`` and 127.0.0.1, and its key (0600)."""
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    made = (x509.CertificateBuilder().subject_name(subject).issuer_name(subject)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=30))
            .add_extension(x509.SubjectAlternativeName([
                x509.DNSName(name), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]),
                critical=False)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = directory / "web.crt", directory / "web.key"
    cert_path.write_bytes(made.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_path.chmod(0o600)
    return cert_path, key_path


def test_the_page_is_served_over_https_from_the_board_files_certificate(
        tmp_path: Path) -> None:
    from sim.wall.tls import tls_context

    cert, key = certificate(tmp_path)
    board_file = parse_board(BOARD + '[web]\ncertificate = "web.crt"\nkey = "web.key"\n',
                             base=tmp_path)
    assert board_file.web.certificate == cert and board_file.web.scheme == "https"
    context = tls_context(cert, key)
    with served(tmp_path / "site", tls=context) as (_board, url):
        secure = url.replace("http://", "https://")
        trusted = ssl.create_default_context(cafile=str(cert))
        with httpx.Client(verify=trusted) as browser:
            page = browser.get(secure + "/login")
            assert page.status_code == 200
            assert "; secure" in page.headers["set-cookie"].lower()
        with pytest.raises(httpx.HTTPError):  # plain HTTP is not answered on that port
            httpx.get(url + "/login", timeout=5)


def test_a_tls_handshake_never_finished_is_closed_in_the_headers_time(tmp_path: Path) -> None:
    from sim.wall.tls import tls_context

    cert, key = certificate(tmp_path)
    with served(tmp_path / "site", limits=Limits(headers=0.5, idle=1),
                tls=tls_context(cert, key)) as (_board, url):
        silent = connection(url)  # connected, and not a byte of a handshake
        begun = connection(url)
        begun.sendall(b"\x16\x03\x01\x00\xff")  # a ClientHello's record begun, never ended
        assert closed_by_the_page(silent, 5.0)  # asyncio alone waits 60 s
        assert closed_by_the_page(begun, 5.0)
        trusted = ssl.create_default_context(cafile=str(cert))
        with httpx.Client(verify=trusted) as browser:  # a whole handshake is served as ever
            assert browser.get(url.replace("http://", "https://") + "/login").status_code == 200


def test_a_certificate_the_page_cannot_use_is_refused_in_one_line(tmp_path: Path) -> None:
    from sim.wall.tls import TlsError, tls_context

    cert, key = certificate(tmp_path)
    key.chmod(0o644)
    with pytest.raises(TlsError, match="every user of this machine may read"):
        tls_context(cert, key)
    key.chmod(0o600)
    fifo = tmp_path / "fifo.crt"
    os.mkfifo(fifo)  # a plain open() would wait for a writer for ever
    with pytest.raises(TlsError, match="not a regular file"):
        tls_context(fifo, key)
    with pytest.raises(TlsError, match="not a TLS certificate"):
        tls_context(key, key)
    (tmp_path / "other").mkdir()
    other_cert, _other_key = certificate(tmp_path / "other")
    with pytest.raises(TlsError, match="goes with the key"):
        tls_context(other_cert, key)
    with pytest.raises(ConfigError, match=r"web\.key: missing"):
        parse_board(BOARD + '[web]\ncertificate = "web.crt"\n', base=tmp_path)

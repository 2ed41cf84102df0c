"""HTTPS for the page: the certificate and key the board file's ``[web]`` names, read by the one
careful reader (``hardware.doors.file_reader``: regular files, bounded, never a FIFO to hang
on), the key refused when every user of the machine may read it, and what was read handed to
Python's TLS as it was read (from memory, never a second open of the paths).

    context = tls_context(config.certificate, config.key)   # TlsError: one line, the file
"""

from __future__ import annotations

import contextlib
import os
import ssl
import stat
from collections.abc import Iterator
from pathlib import Path

from hardware.doors.file_reader import Bounds, Unreadable, read_bytes

CERTIFICATE = Bounds("TLS certificate", 256 * 1024)
"""A certificate and its chain: a few kilobytes."""
KEY = Bounds("TLS key", 64 * 1024)


class TlsError(Exception):
    """A certificate or key the page cannot serve HTTPS with, in one line naming the file."""


def tls_context(certificate: Path, key: Path) -> ssl.SSLContext:
    """A server's TLS context (TLS 1.2 at least) with ``certificate`` and ``key``."""
    chain = _read(certificate, CERTIFICATE, b"-----BEGIN CERTIFICATE-----")
    try:
        mode = os.stat(key).st_mode
    except OSError as exc:
        raise TlsError(f"{key}: cannot read it: {exc.strerror or exc}") from None
    if stat.S_ISREG(mode) and mode & (stat.S_IROTH | stat.S_IWOTH | stat.S_IWGRP):
        raise TlsError(f"{key}: every user of this machine may read or change this private "
                       f"key (mode {stat.S_IMODE(mode):o}): chmod 600 it (640 for the "
                       "service's group)")
    secret = _read(key, KEY, b"PRIVATE KEY-----")
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        with _in_memory(chain) as chain_path, _in_memory(secret) as key_path:
            # no passphrase: a key that needs one is refused, never asked for on a terminal
            context.load_cert_chain(chain_path, key_path, password=lambda: b"")
    except ssl.SSLError as exc:
        raise TlsError(f"{certificate}: not a certificate that goes with the key {key}, or a "
                       f"key that needs a passphrase ({exc.reason or exc})") from None
    return context


def _read(path: Path, bounds: Bounds, marker: bytes) -> bytes:
    try:
        found = read_bytes(path, bounds)
    except FileNotFoundError:
        raise TlsError(f"{path}: no such file (the board file's [web] names it)") from None
    except Unreadable as exc:
        raise TlsError(str(exc)) from None
    if marker not in found:
        raise TlsError(f"{path}: not a {bounds.kind} in PEM (no {marker.decode()!r})")
    return found


@contextlib.contextmanager
def _in_memory(data: bytes) -> Iterator[str]:
    """A path to ``data`` held in memory (a memfd), for ``load_cert_chain``, which reads only
    paths."""
    fd = os.memfd_create("aseb-tls", os.MFD_CLOEXEC)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        yield f"/proc/self/fd/{fd}"
    finally:
        os.close(fd)

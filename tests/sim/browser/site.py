"""The built site served as a static host serves it: from a folder on a loopback port, each
compressible file gzipped when the browser accepts it (as GitHub Pages and nginx's ``gzip on``
do), cacheable for an hour; every answer's bytes on the wire counted.

    with served(folder) as site: page.goto(site.url + "/app/index.html")
"""

from __future__ import annotations

import contextlib
import gzip
import http.server
import threading
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript",
         ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
         ".zip": "application/zip", ".png": "image/png", ".svg": "image/svg+xml",
         ".webmanifest": "application/manifest+json", ".txt": "text/plain; charset=utf-8",
         ".values": "application/octet-stream"}
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg", ".webmanifest", ".txt")
"""What a static host gzips (a zip and a PNG are compressed already)."""


@cache
def _gzipped(path: Path, stamp: float) -> bytes:
    return gzip.compress(path.read_bytes(), compresslevel=6)


class Site:
    """The folder served, and what was sent."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.url = ""
        self.sent = 0
        """Bytes of the answers' bodies sent (compressed as sent)."""
        self.asked: list[str] = []
        self.lock = threading.Lock()
        self.server: http.server.ThreadingHTTPServer | None = None

    def stop(self) -> None:
        """Stop answering (the network is gone): the page must play on from its cache."""
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


def _handler(site: Site) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path.split("?")[0].split("#")[0]
            target = (site.folder / path.lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if site.folder.resolve() not in target.parents or not target.is_file():
                self.send_error(404)
                return
            body = target.read_bytes()
            encoding = None
            if target.suffix in COMPRESSED and "gzip" in self.headers.get("accept-encoding", ""):
                body, encoding = _gzipped(target, target.stat().st_mtime), "gzip"
            self.send_response(200)
            self.send_header("content-type", TYPES.get(target.suffix, "application/octet-stream"))
            self.send_header("content-length", str(len(body)))
            self.send_header("cache-control", "max-age=3600")
            if encoding:
                self.send_header("content-encoding", encoding)
                self.send_header("vary", "accept-encoding")
            self.end_headers()
            self.wfile.write(body)
            with site.lock:
                site.sent += len(body)
                site.asked.append(path)

        def log_message(self, *args: Any) -> None:
            pass

    return Handler


@contextlib.contextmanager
def served(folder: Path) -> Iterator[Site]:
    """``folder`` served on a free loopback port until the block ends."""
    site = Site(folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(site))
    server.daemon_threads = True
    site.server = server
    site.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        site.stop()
        thread.join(timeout=10)

"""The page served for real (uvicorn on a loopback port) beside the simulated board, for a real
browser: the distribution's Chromium driven by Playwright (never a downloaded one).

    with served(tmp_path) as (board, url), browser() as chromium: ...
"""

from __future__ import annotations

import contextlib
import socket
import ssl
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sim.wall.connections import Limits, Server, server_config
from tests.sim.chromium import browser, chromium_missing
from tests.sim.web.web_board import WebBoard

__all__ = ["browser", "chromium_missing", "served"]


@contextlib.contextmanager
def served(tmp_path: Path, limits: Limits | None = None, tls: ssl.SSLContext | None = None,
           **options: Any) -> Iterator[tuple[WebBoard, str]]:
    """The simulated board and its page, served on a loopback port as ``aseb web`` serves it
    (its connections bounded by ``limits``; over HTTPS with ``tls``), listening before the
    server thread starts, so no wait for it is needed; the page knows its port, as its board
    file would tell it, for the links it makes."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    port = listener.getsockname()[1]
    try:
        with WebBoard(tmp_path, port=port, **options) as board:
            server = Server(server_config(
                board.app, limits=limits, tls=(lambda: tls) if tls is not None else None), limits,
                ending=board.board_link.stop_watching)
            thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]},
                                      daemon=True)
            thread.start()
            try:
                yield board, f"http://127.0.0.1:{port}"
            finally:
                server.should_exit = True
                thread.join(timeout=30)
    finally:
        listener.close()

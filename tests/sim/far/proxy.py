"""A TCP proxy between a board and the broker, on loopback, that can cut the connection: every
open connection dropped, and every new one refused, for a while (a home's network gone).

    with Proxy(broker.port) as proxy:     # the board connects to proxy.port
        proxy.cut(60.0)
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import threading
import time


class Proxy:
    """Forwards loopback connections on ``port`` to ``upstream``; ``cut`` drops them."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.setblocking(False)
        self.port = int(self.listener.getsockname()[1])
        self.cut_until = 0.0
        self.cuts = 0
        self.pairs: dict[socket.socket, socket.socket] = {}
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.lock = threading.Lock()

    def cut(self, seconds: float) -> None:
        """Drop every connection now and refuse new ones for ``seconds``."""
        with self.lock:
            self.cut_until = time.monotonic() + seconds
            self.cuts += 1
            for sock in list(self.pairs):
                with contextlib.suppress(OSError):
                    sock.close()
            self.pairs.clear()

    def _run(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self.listener, selectors.EVENT_READ)
        while not self.stop.is_set():
            with self.lock:
                for sock in self.pairs:
                    if sock.fileno() >= 0 and sock not in selector.get_map().values():
                        with contextlib.suppress(KeyError, ValueError):
                            selector.register(sock, selectors.EVENT_READ)
            for key, _mask in selector.select(0.1):
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                if sock is self.listener:
                    self._accept()
                    continue
                with self.lock:
                    other = self.pairs.get(sock)
                data = b""
                if other is not None:
                    with contextlib.suppress(OSError):
                        data = sock.recv(65536)
                if not data or other is None:
                    with contextlib.suppress(KeyError, ValueError):
                        selector.unregister(sock)
                    self._drop(sock)
                    continue
                try:
                    other.sendall(data)
                except OSError:
                    self._drop(sock)
            with self.lock:
                live = set(self.pairs)
            for key in list(selector.get_map().values()):
                if key.fileobj is not self.listener and key.fileobj not in live:
                    with contextlib.suppress(KeyError, ValueError):
                        selector.unregister(key.fileobj)
        selector.close()

    def _accept(self) -> None:
        try:
            client, _ = self.listener.accept()
        except (BlockingIOError, OSError):
            return
        if time.monotonic() < self.cut_until:
            client.close()  # the network is down
            return
        try:
            server = socket.create_connection(("127.0.0.1", self.upstream), timeout=5)
        except OSError:
            client.close()
            return
        with self.lock:
            self.pairs[client] = server
            self.pairs[server] = client

    def _drop(self, sock: socket.socket) -> None:
        with self.lock:
            other = self.pairs.pop(sock, None)
            if other is not None:
                self.pairs.pop(other, None)
        for each in (sock, other):
            if each is not None:
                with contextlib.suppress(OSError):
                    each.close()

    def __enter__(self) -> Proxy:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(5)
        self.listener.close()
        for sock in list(self.pairs):
            with contextlib.suppress(OSError):
                sock.close()

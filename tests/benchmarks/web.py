"""The web page's figures: board frame to page update (median, p99), the web process's memory and
idle CPU, and 50 watching browsers at once on loopback without a late board frame.

    python -m tests.benchmarks.web [--watchers 50] [--seconds 30]

This process runs the simulated board as ``aseb run --simulated --demo`` does (the mummy plays
both sides, a frame every 50 ms) with its link; ``aseb web`` runs as its own process; the
watchers (Server-Sent Events readers, as browsers are) run in a third. A frame's lights line is
timed when the link sends it and again when each watcher reads it (CLOCK_MONOTONIC is one clock
for every process of the machine).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from pathlib import Path
from typing import Any

FRAME = 1 / 20


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Board:
    """The simulated board in demo, ticking in real time with its link; every lights line's
    sending time kept by its checksum."""

    def __init__(self, directory: Path) -> None:
        from firmware.controller import Settings
        from firmware.daemon import serve
        from firmware.link import Link
        from sim.demo import Demo
        from sim.table import Table

        self.serve = serve
        self.table = Table(state_dir=directory / "board", settings=Settings(mummy_plays_both=True),
                           seed=secrets.randbits(32), menu=True)
        self.demo = Demo(self.table.sim)
        self.sent: dict[int, float] = {}
        self.late = 0
        self.frames = 0
        self.worst = 0.0
        board = self

        class TimedLink(Link):
            def _publish(self) -> None:
                before = self.told.get("lights")
                super()._publish()
                line = self.told.get("lights")
                if line is not None and line != before:
                    board.sent[zlib.crc32(line.rstrip(b"\n"))] = time.monotonic()

        self.link = TimedLink(directory / "link.sock", self.table.controller,
                              lambda: self.table.controller.last_frame,
                              choices=self.table.choices, games=directory / "board" / "games")
        self.link.open()
        self.stop = threading.Event()
        self.start = time.monotonic()

    def run(self) -> None:
        events: queue.Queue[Any] = self.table.events
        last = [time.monotonic()]

        def before() -> None:
            now = time.monotonic()
            self.table.sim.run_until(now - self.start)
            self.demo.act(self.table.controller, self.table.now)
            gap = now - last[0]
            last[0] = now
            self.frames += 1
            if gap > 2 * FRAME:  # a frame more than one frame late
                self.late += 1
            self.worst = max(self.worst, gap)

        self.serve(self.table.controller, events, self.stop, before_tick=before,
                   after_tick=self.link.tick, frame=FRAME)


def watch(url: str, watchers: int, seconds: float, out: Path) -> None:
    """(In its own process) ``watchers`` readers of the event stream for ``seconds``, each a
    plain HTTP/1.1 connection read as bytes arrive (as a browser's network thread does); each
    lights line's checksum and the time it was read, to ``out`` as JSON."""
    host, port = url.removeprefix("http://").split(":")
    seen: list[tuple[int, float]] = []

    async def one() -> None:
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(f"GET /events HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream"
                     "\r\n\r\n".encode())
        await writer.drain()
        buffer = b""
        try:
            while chunk := await reader.read(65536):
                now = time.monotonic()
                buffer += chunk
                *events, buffer = buffer.split(b"\n\n")
                for event in events:
                    start = event.find(b"data: ")
                    if start >= 0 and b'"type":"lights"' in event:
                        data = event[start + 6:]
                        seen.append((zlib.crc32(data), now))
        finally:
            writer.close()

    async def main() -> None:
        tasks = [asyncio.create_task(one()) for _ in range(watchers)]
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.write_text(json.dumps(seen))


def family(pid: int) -> list[int]:
    """The web process and its children (the estimating worker, when there is one)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = [int(child) for child in children.read_text().split()] if children.exists() else []
    return [pid, *found]


def cpu_seconds(pid: int) -> float:
    """CPU seconds of the web process and its children so far (children that ended: too)."""
    total = 0.0
    for member in family(pid):
        fields = Path(f"/proc/{member}/stat").read_text().rsplit(")", 1)[1].split()
        total += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
    return total


def rss_mb(pid: int) -> float:
    """Resident memory of the web process and its children."""
    total = 0.0
    for member in family(pid):
        for line in Path(f"/proc/{member}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) / 1024
    return total


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for(url: str) -> None:
    import httpx

    for _ in range(600):
        try:
            if httpx.get(f"{url}/login", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit("aseb web did not start")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of idle measure")
    parser.add_argument("--watch", nargs=4, metavar=("URL", "N", "SECONDS", "OUT"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.watch:
        url, n, seconds, out = args.watch
        watch(url, int(n), float(seconds), Path(out))
        return 0
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp)
        board = Board(directory)
        thread = threading.Thread(target=board.run, daemon=True)
        thread.start()
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        web = subprocess.Popen([sys.executable, "-m", "sim.cli", "web", "--socket",
                                str(directory / "link.sock"), "--state-dir",
                                str(directory / "web"), "--port", str(port)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for(url)
            time.sleep(2.0)  # settled: imports done, the link connected
            cpu, start = cpu_seconds(web.pid), time.monotonic()
            time.sleep(args.idle)
            idle = (cpu_seconds(web.pid) - cpu) / (time.monotonic() - start)
            idle_rss = rss_mb(web.pid)
            board.late, board.frames, board.worst = 0, 0, 0.0
            out = directory / "seen.json"
            cpu, start = cpu_seconds(web.pid), time.monotonic()
            subprocess.run([sys.executable, "-m", "tests.benchmarks.web", "--watch", url,
                            str(args.watchers), str(args.seconds), str(out)], check=True)
            busy = (cpu_seconds(web.pid) - cpu) / (time.monotonic() - start)
            busy_rss = rss_mb(web.pid)
            late, frames, worst = board.late, board.frames, board.worst
        finally:
            web.terminate()
            web.wait(timeout=30)
            board.stop.set()
            thread.join(timeout=30)
            board.link.close()
        seen = json.loads(out.read_text())
    delays = [(t - board.sent[crc]) * 1000 for crc, t in seen if crc in board.sent]
    print(f"watchers: {args.watchers} for {args.seconds:.0f} s; lights updates read: "
          f"{len(delays)} of {len(seen)} matched")
    if delays:
        print(f"board frame to page update: median {statistics.median(delays):.1f} ms, "
              f"p99 {percentile(delays, 0.99):.1f} ms, max {max(delays):.1f} ms")
    print(f"board frames: {frames}, late (more than a frame behind): {late}, "
          f"longest gap {worst * 1000:.1f} ms")
    print(f"web process idle (board playing, nobody watching): CPU {idle:.1%} of a core, "
          f"RSS {idle_rss:.1f} MB")
    print(f"web process with {args.watchers} watchers: CPU {busy:.1%} of a core, "
          f"RSS {busy_rss:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

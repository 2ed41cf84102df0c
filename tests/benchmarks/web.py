"""The web page's figures: board frame to page update (median, p99), the web process's memory and
idle CPU, and 50 watching browsers at once on loopback without a late board frame.

    python -m tests.benchmarks.web [--watchers 50] [--seconds 30] [--no-estimates]

This process runs the simulated board as ``aseb run --simulated --demo`` does (the mummy plays
both sides, a frame every 50 ms) with its link; ``aseb web`` runs as its own process; the
watchers (Server-Sent Events readers, as browsers are) run in a third. A frame's lights line is
timed when the link makes it, when the link has written it to its socket, when the web process
reads it and has handed it to its watchers' queues, and when each watcher reads it
(CLOCK_MONOTONIC is one clock for every process of the machine): where a late update was late.
The garbage collector's pauses in the board's and the web process are counted too.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import gc
import json
import os
import queue
import secrets
import signal
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


class Pauses:
    """The garbage collector's pauses in this process (milliseconds), from ``gc.callbacks``."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self.started = 0.0
        gc.callbacks.append(self.heard)

    def heard(self, phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            self.started = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self.started) * 1000)

    def said(self) -> str:
        if not self.pauses:
            return "none"
        return (f"{len(self.pauses)}, the longest {max(self.pauses):.1f} ms, "
                f"{sum(self.pauses):.0f} ms in all")


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class Board:
    """The simulated board in demo, ticking in real time with its link; every lights line's
    sending time kept by its checksum."""

    def __init__(self, directory: Path) -> None:
        from firmware.play.controller import Settings
        from firmware.service.daemon import serve
        from firmware.service.link import Link
        from sim.board.demo import Demo
        from sim.board.table import Table

        self.serve = serve
        self.table = Table(state_dir=directory / "board", settings=Settings(mummy_plays_both=True),
                           seed=secrets.randbits(32), menu=True)
        self.demo = Demo(self.table.sim)
        self.sent: dict[int, list[float]] = {}
        """Each lights line's times of sending, by its checksum (the lights breathe: a line
        comes again)."""
        self.flushed: dict[int, list[float]] = {}
        self.pauses = Pauses()
        self.late = 0
        self.frames = 0
        self.worst = 0.0
        board = self

        class TimedLink(Link):
            def _tick(self) -> None:
                before = self.told.get("lights")
                super()._tick()
                line = self.told.get("lights")
                if line is not None and line != before:  # written (as far as the socket took)
                    board.flushed.setdefault(zlib.crc32(line.rstrip(b"\n")), []).append(
                        time.monotonic())

            def _publish(self) -> None:
                before = self.told.get("lights")
                super()._publish()
                line = self.told.get("lights")
                if line is not None and line != before:
                    board.sent.setdefault(zlib.crc32(line.rstrip(b"\n")), []).append(
                        time.monotonic())

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
    plain HTTP/1.1 connection read as bytes arrive (as a browser's network thread does), four
    from each address, as browsers on a household's machines (the page's limits per address
    are in place: ``sim.wall.connections``); each
    lights line's checksum and the time it was read, to ``out`` as JSON."""
    host, port = url.removeprefix("http://").split(":")
    seen: list[tuple[int, int, float]] = []

    async def one(number: int) -> None:
        # four browsers a machine (127/8 is all loopback): the page's limits per address hold
        reader, writer = await asyncio.open_connection(
            host, int(port), local_addr=(f"127.0.{number // 960}.{10 + number // 4 % 240}", 0))
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
                        seen.append((number, zlib.crc32(data), now))
        finally:
            writer.close()

    async def main() -> None:
        tasks = [asyncio.create_task(one(number)) for number in range(watchers)]
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.write_text(json.dumps(seen))


def serve(socket_path: str, state: str, port: int, out: Path, estimates: bool) -> None:
    """(In its own process) ``aseb web`` as the command runs it, each lights line timed when it
    is read from the link and when it is in every watcher's queue; the times and the garbage
    collector's pauses to ``out`` as JSON when it stops."""
    import sim.web.estimates
    from sim.web.board_link import BoardLink
    from sim.web.serve import web_main

    read: dict[int, list[float]] = {}
    queued: dict[int, list[float]] = {}
    pauses = Pauses()
    dispatch, publish = BoardLink._dispatch, BoardLink._publish

    def timed_dispatch(self: BoardLink, line: bytes) -> None:
        if b'"type":"lights"' in line[:30]:
            read.setdefault(zlib.crc32(line.rstrip(b"\n")), []).append(time.monotonic())
        dispatch(self, line)

    def timed_publish(self: BoardLink, kind: str, event: dict[str, Any], line: bytes) -> None:
        publish(self, kind, event, line)
        if kind == "lights":
            queued.setdefault(zlib.crc32(line.rstrip(b"\n")), []).append(time.monotonic())

    BoardLink._dispatch = timed_dispatch  # type: ignore[method-assign]
    BoardLink._publish = timed_publish  # type: ignore[method-assign]
    if not estimates:
        sim.web.estimates.Estimates = lambda: None  # type: ignore[assignment,misc]
    def stop(_signal: int, _frame: object) -> None:
        raise SystemExit(0)  # uvicorn raises SIGTERM again once it has stopped: end here

    signal.signal(signal.SIGTERM, stop)
    try:
        web_main(None, socket_path, Path(state), port=port)
    finally:
        out.write_text(json.dumps({"read": list(read.items()), "queued": list(queued.items()),
                                   "pauses": pauses.pauses}))


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


def spread(values: list[float]) -> str:
    """Median, p95, p99 and max of ``values`` (milliseconds)."""
    if not values:
        return "none"
    return (f"p50 {statistics.median(values):6.1f}  p95 {percentile(values, 0.95):6.1f}  "
            f"p99 {percentile(values, 0.99):6.1f}  max {max(values):6.1f} ms")


def before(times: dict[int, list[float]], crc: int, moment: float) -> float | None:
    """The last of the times ``crc`` was seen at a stage, at or before ``moment``."""
    found = times.get(crc, [])
    at = bisect.bisect_right(found, moment)
    return found[at - 1] if at else None


def stages(board: Board, web: dict[str, Any], seen: list[list[Any]]) -> list[float]:
    """Where each lights update spent its time, stage by stage (milliseconds), printed; every
    reading's delay from the board's sending, returned."""
    read, queued = dict(web["read"]), dict(web["queued"])
    updates: dict[tuple[int, float], list[float]] = {}
    delays = []
    for _number, crc, when in seen:
        sent = before(board.sent, crc, when)
        if sent is not None:
            updates.setdefault((crc, sent), []).append(when)
            delays.append((when - sent) * 1000)
    rows: dict[str, list[float]] = {name: [] for name in (
        "link: made to written", "written to read by the web process",
        "read to in every watcher's queue", "queued to the first watcher's read",
        "first watcher's read to the last's")}
    for (crc, sent), times in updates.items():
        first = min(times)
        marks = [sent, before(board.flushed, crc, first), before(read, crc, first),
                 before(queued, crc, first), first, max(times)]
        if any(mark is None or mark < sent for mark in marks):
            continue
        for name, start, end in zip(rows, marks, marks[1:], strict=False):
            rows[name].append((end - start) * 1000)  # type: ignore[operator]
    print("where the time went (each lights update, across its readers):")
    for name, values in rows.items():
        print(f"  {name:<38} {spread(values)}")
    print(f"garbage collector: board process {board.pauses.said()}; web process "
          f"{len(web['pauses'])} pauses, the longest "
          f"{max(web['pauses'], default=0.0):.1f} ms")
    return delays


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--idle", type=float, default=20.0, help="seconds of idle measure")
    parser.add_argument("--no-estimates", action="store_true",
                        help="the web process without its estimating worker")
    parser.add_argument("--watch", nargs=4, metavar=("URL", "N", "SECONDS", "OUT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--serve", nargs=5, metavar=("SOCKET", "STATE", "PORT", "OUT", "EST"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.watch:
        url, n, seconds, out = args.watch
        watch(url, int(n), float(seconds), Path(out))
        return 0
    if args.serve:
        sock, state, port, out, estimating = args.serve
        serve(sock, state, int(port), Path(out), estimating == "1")
        return 0
    with tempfile.TemporaryDirectory() as temp:
        directory = Path(temp)
        board = Board(directory)
        thread = threading.Thread(target=board.run, daemon=True)
        thread.start()
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        timed = directory / "web.json"
        web = subprocess.Popen([sys.executable, "-m", "tests.benchmarks.web", "--serve",
                                str(directory / "link.sock"), str(directory / "web"), str(port),
                                str(timed), "0" if args.no_estimates else "1"],
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
        timings = json.loads(timed.read_text())
    print(f"load average: {os.getloadavg()[0]:.2f} (1 min) on {os.cpu_count()} cores; "
          f"estimating worker: {'off' if args.no_estimates else 'on'}")
    print(f"watchers: {args.watchers} for {args.seconds:.0f} s")
    delays = stages(board, timings, seen)
    print(f"lights updates read: {len(delays)} of {len(seen)} matched")
    print(f"board frame to page update: {spread(delays)}")
    print(f"board frames: {frames}, late (more than a frame behind): {late}, "
          f"longest gap {worst * 1000:.1f} ms")
    print(f"web process idle (board playing, nobody watching): CPU {idle:.1%} of a core, "
          f"RSS {idle_rss:.1f} MB")
    print(f"web process with {args.watchers} watchers: CPU {busy:.1%} of a core, "
          f"RSS {busy_rss:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

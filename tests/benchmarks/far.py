"""Far play's figures: 50 boards' status on one Mosquitto (TLS, the shipped ACL), two of them
playing a far game through it while the other 48 publish their state every second; the delay
from a move (or throw) made on one board to the far board's lights showing it (p50, p95, p99,
max), and the CPU of the broker and of one board's companion.

    python -m tests.benchmarks.far [--boards 50] [--game tait] [--games 1]

The two playing boards are the real controllers on simulated boards with their links and
companions (``tests.sim.far.two_boards``), their frames run as fast as they go; a move's delay
runs from the frame in which its board records it (its link tells it in that frame) to the frame
in which the far board takes it (the far move lit for its person, or the far throw shown on its
sticks), for every move and throw the far board was waiting for (not one made while the far
board's person still carried out the move before it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from pathlib import Path

from sim.far import topics
from sim.far.broker import BrokerClient
from sim.far.status import discovery
from tests.sim.far.mosquitto import Mosquitto
from tests.sim.far.two_boards import FarBoard, finished_alike, join, play_until

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_of(path: str) -> float:
    """User and system seconds of a process or thread (``/proc/.../stat``)."""
    fields = Path(path).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class StatusBoard:
    """A board that only tells its state, once a second, as a museum's idle board does."""

    def __init__(self, broker: Mosquitto, name: str) -> None:
        self.name = name
        up = threading.Event()
        self.client = BrokerClient(broker.network(name).broker, f"aseb-{name}",
                                   will=(topics.online(name), b"offline"),
                                   heard=lambda *a: None,
                                   connected=lambda ok: up.set() if ok else None)
        self.client.start()
        up.wait(10)
        self.client.publish(topics.online(name), b"online", retain=True)
        for topic, payload in discovery(name):
            self.client.publish(topic, payload, retain=True)
        self.count = 0

    def tell(self) -> None:
        self.count += 1
        state = {"name": self.name, "online": True, "game": "tait", "mode": "game",
                 "language": "en", "phase": "idle", "games_today": self.count % 7,
                 "i2c_outages": 0, "restarts": 0, "disk_full": 0}
        self.client.publish(topics.state(self.name), json.dumps(state).encode(), retain=True)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--game", default="tait")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="aseb-far-bench-"))
    names = ["kitchen", "grandma", *(f"hall-{n}" for n in range(args.boards - 2))]
    with Mosquitto(root / "broker", tuple(names)) as broker:
        assert broker.process is not None
        status = [StatusBoard(broker, name) for name in names[2:]]
        host = FarBoard(root, "kitchen", broker, args.game, seed=1)
        guest = FarBoard(root, "grandma", broker, args.game, seed=2)
        join(host, guest)
        assert guest.companion is not None
        started = time.monotonic()
        broker_cpu = cpu_of(f"/proc/{broker.process.pid}/stat")
        thread = guest.thread
        assert thread is not None and thread.native_id is not None
        companion_path = f"/proc/self/task/{thread.native_id}/stat"
        paho = guest.companion.broker.client._thread  # paho's own thread: its CPU too
        paho_path = f"/proc/self/task/{paho.native_id}/stat" if paho is not None else None
        board_cpu = cpu_of(companion_path) + (cpu_of(paho_path) if paho_path else 0.0)
        delays: list[float] = []
        made: dict[tuple[str, int], float] = {}
        seen: set[tuple[str, int]] = set()
        next_status = [time.monotonic()]

        def watch() -> None:
            now = time.monotonic()
            if now >= next_status[0]:
                next_status[0] = now + 1.0
                for board in status:
                    board.tell()
            for board, far in ((host, guest), (guest, host)):
                controller = board.table.controller
                game = controller.game
                if game is not None and game.actions:
                    n = len(game.actions) - 1
                    before = game.before(n)
                    key = (board.name, n)
                    # this board's own action, made while the far board waits for it
                    if key not in seen and before.turn != controller.remote \
                            and not before.opening and far.waits():
                        made[key] = now
                    seen.add(key)
                far_record = far.record
                move = far.table.controller.mummy_move
                for (name, n), at in list(made.items()):
                    if name != board.name:
                        continue
                    taken = far_record is not None and (
                        len(far_record.actions) > n or (
                            move is not None and len(far_record.actions) == n))
                    if taken:
                        delays.append(now - at)
                        del made[(name, n)]

        played = 0
        while played < args.games:
            play_until(finished_alike(host, guest), host, guest, seconds=900, between=watch)
            played += 1
        elapsed = time.monotonic() - started
        broker_cpu = cpu_of(f"/proc/{broker.process.pid}/stat") - broker_cpu
        board_cpu = cpu_of(companion_path) + (cpu_of(paho_path) if paho_path else 0.0) \
            - board_cpu
        actions = len(host.record.actions)
        host.close()
        guest.close()
        for board in status:
            board.client.stop()
    ms = [d * 1000 for d in delays]
    print(f"{args.boards} boards on one Mosquitto (TLS): 2 playing {args.game} "
          f"({actions} actions), {args.boards - 2} telling their state every second; "
          f"{elapsed:.1f} s, load {os.getloadavg()[0]:.1f}")
    print(f"move to the far board's lights: {len(ms)} moves and throws, p50 "
          f"{statistics.median(ms):.1f} ms, p95 {percentile(ms, 95):.1f} ms, p99 "
          f"{percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms (goal p99 under 300 ms)")
    print(f"CPU: the broker {broker_cpu:.2f} s ({100 * broker_cpu / elapsed:.1f} % of a core), "
          f"one board's companion {board_cpu:.2f} s ({100 * board_cpu / elapsed:.1f} %)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

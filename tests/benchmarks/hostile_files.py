"""What a hostile board file or save costs each door: every door (``aseb run``, ``sim``,
``selftest``, ``web``, ``menu-card``) run on each input in a process of its own, its exit status,
its seconds and its peak memory (the process's maximum resident set); and the time a saved game
far bigger than any game takes to be judged.

    python -m tests.benchmarks.hostile_files          # a table, one line per door and input

Without a display the window door ends at "no display" (69) once the file is read; without GPIO
the run and the selftest end at 69: past the board file, as they should.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from hardware.boards.board_file import DEFAULT_BOARD

DEFAULT = DEFAULT_BOARD.read_text()
SECONDS = 60.0
"""A door that takes longer than this is stopped and counted as hung."""


def inputs(folder: Path) -> dict[str, Path]:
    """Each board file tried, by name, written in ``folder``."""
    made: dict[str, Callable[[Path], object]] = {
        "valid [web]": lambda p: p.write_text(DEFAULT + '\n[web]\naddress = "127.0.0.1"\n'
                                                        'port = 8021\n'),
        "20,000 dotted keys (40 KB)": lambda p: p.write_text(
            DEFAULT + "\n[web]\na" + ".a" * 20_000 + " = 1\n"),
        "port of 5,000 digits": lambda p: p.write_text(DEFAULT + "\n[web]\nport = " + "9" * 5000
                                                       + "\n"),
        "port nested 50,000 deep": lambda p: p.write_text(
            DEFAULT + "\n[web]\nport = " + "[" * 50_000 + "]" * 50_000 + "\n"),
        "a link to /dev/zero": lambda p: p.symlink_to("/dev/zero"),
        "a FIFO": os.mkfifo,
    }
    found = {}
    for n, (name, make) in enumerate(made.items()):
        path = folder / f"board-{n}.toml"
        make(path)
        found[name] = path
    return found


def door(command: list[str], folder: Path) -> tuple[str, float, float]:
    """Run ``aseb COMMAND`` in a process of its own: its exit status, seconds and peak MB."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                            "SDL_VIDEODRIVER", "NOTIFY_SOCKET")}
    env["XDG_CONFIG_HOME"] = str(folder / "config")
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "sim.command.cli", *command], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stop = threading.Timer(SECONDS, process.kill)  # a door that hangs is ended
    stop.start()
    _, status, usage = os.wait4(process.pid, 0)  # its own peak, as its parent sees it
    stop.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.perf_counter() - start
    said = "hung" if seconds >= SECONDS else str(process.returncode)
    return said, seconds, usage.ru_maxrss / 1024


def save_judged(folder: Path) -> float:
    """Seconds a 54 MB save takes to be judged and set aside at start."""
    from engine.tait.state import TAIT
    from firmware.play.store import Store

    with (folder / "game.json").open("wb") as f:
        f.write(b'{"format": "aseb-save", "record": {"actions": [' + b'"C2-M6", ' * 6_000_000
                + b'"C2-M6"]}}')
    start = time.perf_counter()
    Store(folder).load(TAIT)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        commands = {"run": ["run", "--no-link", "--state-dir", str(folder / "state")],
                    "sim": ["sim", "--state-dir", str(folder / "state")],
                    "selftest": ["selftest"],
                    "web": ["web", "--state-dir", str(folder / "web"), "--port", "8029"],
                    "menu-card": ["menu-card", "--out", str(folder / "card.pdf")]}
        print(f"{'input':<28} {'door':<10} {'exit':>5} {'seconds':>8} {'peak MB':>8}")
        for name, path in inputs(folder).items():
            for label, command in commands.items():
                if name == "valid [web]" and label == "web":
                    continue  # it serves until stopped: tests/sim/command/test_doors.py
                code, seconds, peak = door([*command, "--board", str(path)], folder)
                print(f"{name:<28} {label:<10} {code:>5} {seconds:>8.2f} {peak:>8.1f}")
        print(f"a 54 MB save judged and set aside in {save_judged(folder) * 1000:.1f} ms")


if __name__ == "__main__":
    main()

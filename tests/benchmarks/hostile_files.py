"""What the hostile corpus costs each door of the table (``tests/doors_table.py``): every
argument of every command run on each hostile input of its kind in a process of its own (its
exit status, seconds on the wall clock and peak resident set, as its parent sees them), every
file aseb reads on its own and every message handler fed each input here (seconds, and the most
memory traced); per door the slowest answer and the most memory, against the goal of 1 s and
64 MB; then the time a saved game far bigger than any game takes to be judged.

    python -m tests.benchmarks.hostile_files            # every door, the whole corpus
    python -m tests.benchmarks.hostile_files --quick    # make test's few inputs a door
    python -m tests.benchmarks.hostile_files --only review   # the doors whose name has this

A door run as a process is stopped after ``WAIT`` seconds and counted as hung. Without a display
``aseb sim`` ends at "no display" (69) once its arguments are read; without GPIO ``aseb run``
(a real board) at 69: past the door, as it should.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from pathlib import Path

from tests.doors_table import (
    ARGUMENTS,
    Argument,
    command_line,
    expected,
    files,
    inputs_of,
    messages,
    value_of,
)
from tests.hostile import MESSAGES, READ, ROOM, address_space, place

WAIT = 30.0
"""A door that takes longer than this is stopped and counted as hung."""
GOAL_SECONDS = 1.0
GOAL_MB = 64.0


PEAK = """\
import atexit, sys
def peak():  # the new program's own high-water mark: ru_maxrss would count this parent's too
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            open(sys.argv[1], "w").write(line.split()[1])
atexit.register(peak)
from sim.command.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""The door's command run with its peak resident set (VmHWM, in kB) written at exit."""


def as_process(line: list[str], folder: Path) -> tuple[int | str, float, float, float]:
    """Run ``aseb LINE`` in a process of its own: its exit status (or "hung"), its seconds on
    the wall clock and of CPU (user and system), and its peak resident set in MB."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY",
                                                            "SDL_VIDEODRIVER", "NOTIFY_SOCKET")}
    env.update(XDG_CONFIG_HOME=str(folder / "config"), XDG_STATE_HOME=str(folder / "state-home"),
               SDL_AUDIODRIVER="dummy")
    peak_file = folder / "peak.kB"
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", PEAK, str(peak_file), *line], env=env,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    stop = threading.Timer(WAIT, process.kill)  # a door that hangs is ended
    stop.start()
    _, status, usage = os.wait4(process.pid, 0)
    stop.cancel()
    seconds = time.perf_counter() - start
    code: int | str = "hung" if seconds >= WAIT else os.waitstatus_to_exitcode(status)
    peak = int(peak_file.read_text()) / 1024 if peak_file.exists() else float("nan")
    return code, seconds, usage.ru_utime + usage.ru_stime, peak


def in_process(call: object) -> tuple[str, float, float, float]:
    """Run a door here: what it did (``answered``, or the exception's name), its seconds on
    the wall clock and of CPU, and the most memory traced, in MB."""
    limits = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (address_space() + ROOM, limits[1]))
    tracemalloc.start()
    start, began = time.perf_counter(), time.thread_time()
    try:
        call()  # type: ignore[operator]
        did = "answered"
    except Exception as exc:  # the door's refusal (MemoryError: past ROOM, unbounded)
        did = type(exc).__name__
    seconds, work = time.perf_counter() - start, time.thread_time() - began
    peak = tracemalloc.get_traced_memory()[1] / 1024 / 1024
    tracemalloc.stop()
    resource.setrlimit(resource.RLIMIT_AS, limits)
    return did, seconds, work, peak


def argument_doors(scratch: Path, quick: bool, only: str
                   ) -> list[tuple[str, float, float, float, str]]:
    """Each argument's slowest answer and most memory, and what it answered (statuses)."""
    rows = []
    for (command, option), argument in sorted(ARGUMENTS.items()):
        name = f"aseb {command} {option}"
        if argument.kind == "flag" or only not in name:
            continue
        rows.append(argument_row(name, argument, scratch, quick))
    return rows


def argument_row(name: str, argument: Argument, scratch: Path,
                 quick: bool) -> tuple[str, float, float, float, str]:
    """One argument fed its inputs: the slowest wall and CPU seconds, the most memory, and
    the statuses that were not those expected (else "all 64")."""
    wall, cpu, most, said = 0.0, 0.0, 0.0, []
    fed = inputs_of(argument, quick)
    for n, hostile in enumerate(fed):
        folder = scratch / f"{name.replace(' ', '_')}-{n}"
        folder.mkdir(parents=True)
        code, seconds, work, peak = as_process(command_line(
            argument, value_of(argument, hostile, folder), folder), folder)
        wall, cpu, most = max(wall, seconds), max(cpu, work), max(most, peak)
        if code != expected(argument, hostile):
            said.append(f"{hostile}: {code}, not {expected(argument, hostile)}")
        print(f"  {name} <- {hostile}: {code} in {seconds:.2f} s ({work:.2f} s CPU), "
              f"{peak:.1f} MB", file=sys.stderr)
    codes = sorted({str(expected(argument, hostile)) for hostile in fed})
    statuses = "; ".join(said) if said else f"{len(fed)} inputs: {', '.join(codes)}"
    return name, wall, cpu, most, statuses


def file_doors(scratch: Path, only: str) -> list[tuple[str, float, float, float, str]]:
    """Each file read on its own fed every input: the slowest, the most memory traced, and
    how it answered (a refusal's name, or answered: the default, the bad file set aside)."""
    rows = []
    for door, read in sorted(files().items()):
        if only not in door:
            continue
        slowest, cpu, most, answers = 0.0, 0.0, 0.0, set()
        for n, hostile in enumerate(READ):
            folder = scratch / f"file-{door}-{n}"
            folder.mkdir(parents=True)
            if read.prepare is not None:
                read.prepare(folder)
            place(hostile, folder / read.name)
            did, seconds, work, peak = in_process(lambda: read.read(folder))  # noqa: B023
            slowest, cpu, most = max(slowest, seconds), max(cpu, work), max(most, peak)
            answers.add(did)
        rows.append((f"{door} ({read.name})", slowest, cpu, most, ", ".join(sorted(answers))))
    return rows


def message_doors(only: str) -> list[tuple[str, float, float, float, str]]:
    """Each message handler fed every message of the corpus."""
    rows = []
    for door, handler in sorted(messages().items()):
        if only not in door:
            continue
        slowest, cpu, most, answers = 0.0, 0.0, 0.0, set()
        for body in MESSAGES.values():
            did, seconds, work, peak = in_process(lambda: handler.handle(body))  # noqa: B023
            slowest, cpu, most = max(slowest, seconds), max(cpu, work), max(most, peak)
            answers.add(did)
        rows.append((door, slowest, cpu, most, ", ".join(sorted(answers))))
    return rows


def save_judged(folder: Path) -> float:
    """Seconds a 54 MB save takes to be judged and set aside at start."""
    from engine.tait.state import TAIT
    from firmware.play.store import Store

    (folder / "game.json").write_bytes(b'{"format": "aseb-save", "record": {"actions": ['
                                       + b'"C2-M6", ' * 6_000_000 + b'"C2-M6"]}}')
    start = time.perf_counter()
    Store(folder).load(TAIT)
    return time.perf_counter() - start


def table(title: str, rows: list[tuple[str, float, float, float, str]], memory: str) -> None:
    """The doors' rows: the slowest answer on the wall clock and in CPU, the most memory;
    a door over the goal (1 s of CPU, 64 MB) is marked."""
    print(f"\n{title}")
    print(f"{'door':<44} {'wall s':>7} {'CPU s':>6} {memory:>9}  answers")
    for name, wall, cpu, most, answers in rows:
        mark = "" if cpu < GOAL_SECONDS and most < GOAL_MB else "  (over the goal)"
        print(f"{name:<44} {wall:>7.2f} {cpu:>6.2f} {most:>9.1f}  {answers}{mark}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.hostile_files",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="make test's few inputs a door")
    parser.add_argument("--only", default="", help="the doors whose name holds this")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)  # the doors' own lines: the tests read them
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="aseb-hostile-") as name:
        scratch = Path(name)
        began = time.perf_counter()
        table("Arguments, each input in a process of its own (peak resident set):",
              argument_doors(scratch, args.quick, args.only), "peak MB")
        table("Files read on their own, each input here (memory traced):",
              file_doors(scratch, args.only), "traced MB")
        table("Messages, each input here (memory traced):", message_doors(args.only),
              "traced MB")
        if not args.only:
            (scratch / "save").mkdir()
            print(f"\na 54 MB save judged and set aside in "
                  f"{save_judged(scratch / 'save') * 1000:.1f} ms")
        print(f"(the whole run: {time.perf_counter() - began:.0f} s; load "
              f"{os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How much memory the solve may use: the limit of the service it runs in, and the limit its unit
carries on the Raspberry Pi it finds.

``python -m firmware.solve.memory [--root DIR]`` prints the drop-in for ``aseb-solve.service`` on
this Pi (``systemd/install.sh`` installs it), or nothing on a Pi with memory to spare.
"""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path

from hardware.doors.file_reader import Bounds, Unreadable, read_bytes, read_text

SYSTEM = Bounds("system file", 64 * 1024)
"""What the system tells of itself (/proc/meminfo, a control group's limit, the Pi's model)."""
MiB = 1 << 20
NO_LIMIT = 1 << 62
"""cgroup v1 writes "no limit" as a number near 2**63; no machine has this much."""
MODEL_FILES = ("/proc/device-tree/model", "/sys/firmware/devicetree/base/model")
"""Where a Raspberry Pi names its model (the first is a link to the second)."""
SMALL_PIS = (
    # (how the model's name begins, the solve's limit in MiB): the limit leaves the rest of the
    # Pi's memory to the system, the board's service and its web page (some 75 MB).
    ("Raspberry Pi Zero 2", 300),  # 512 MB
    ("Raspberry Pi 3 Model A", 300),  # 512 MB
    ("Raspberry Pi 3", 600),  # the Model B and B+: 1 GB
    ("Raspberry Pi Compute Module 3", 600),  # 1 GB
)
"""The Pis whose model says how much memory they have."""
BY_MEMORY = ((768, 300), (1536, 600))
"""(less memory than this in MiB, the solve's limit) for a Pi whose model does not say it (a
Pi 4 came with 1 to 8 GB): what the system reports (a 1 GB Pi reports some 900 MiB)."""


def memory_limit(cgroup: Path = Path("/proc/self/cgroup"), root: Path = Path("/sys/fs/cgroup")
                 ) -> int | None:
    """The memory limit of this process's control group (systemd's ``MemoryMax=``), the least
    along its path, in bytes; None where there is none. cgroup v2 (``memory.max``) as on a Pi,
    or v1's memory controller (``memory.limit_in_bytes``) where a system still mounts it."""
    try:
        lines = read_text(cgroup, SYSTEM).splitlines()
    except (OSError, Unreadable):
        return None
    limits = []
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        number, controllers, path = parts
        if number == "0" and controllers == "":
            top, name = root, "memory.max"
        elif "memory" in controllers.split(","):
            top, name = root / "memory", "memory.limit_in_bytes"
        else:
            continue
        where = top / path.lstrip("/")
        while True:
            with contextlib.suppress(OSError, Unreadable):
                text = read_text(where / name, SYSTEM).strip()
                if text.isdigit() and int(text) < NO_LIMIT:
                    limits.append(int(text))
            if where == top or not where.is_relative_to(top):
                break
            where = where.parent
    return min(limits, default=None)


def pi_model(root: Path = Path("/")) -> str | None:
    """The Raspberry Pi's model as it names itself (``Raspberry Pi 3 Model B Rev 1.2``), or
    None where no device tree names one (not a Pi)."""
    for name in MODEL_FILES:
        with contextlib.suppress(OSError, UnicodeDecodeError, Unreadable):
            model = read_bytes(root / name.lstrip("/"), SYSTEM).decode("ascii").strip("\0\n ")
            if model:
                return model
    return None


def memory_total(root: Path = Path("/")) -> int | None:
    """The memory the system has, in MiB (``MemTotal`` of ``/proc/meminfo``), or None."""
    return _meminfo("MemTotal", root)


def memory_available(root: Path = Path("/")) -> int | None:
    """The memory the system can give without swapping now, in MiB (``MemAvailable``), or
    None: for a solve run by hand, outside a service with a limit."""
    return _meminfo("MemAvailable", root)


def _meminfo(field: str, root: Path) -> int | None:
    with contextlib.suppress(OSError, ValueError, Unreadable):
        for line in read_text(root / "proc/meminfo", SYSTEM).splitlines():
            name, _, value = line.partition(":")
            if name == field:
                return int(value.split()[0]) // 1024
    return None


def solve_limit(model: str | None, total: int | None) -> int | None:
    """The memory limit in MiB of the solve's unit on a Pi of ``model`` with ``total`` MiB, or
    None (a Pi with 2 GB or more, or not a Pi: no limit, and the solve plans in its own,
    ``firmware.solve.run.MEMORY``)."""
    if model is None or not model.startswith("Raspberry Pi"):
        return None
    for name, limit in SMALL_PIS:
        if model.startswith(name):
            return limit
    for below, limit in BY_MEMORY:
        if total is not None and total < below:
            return limit
    return None


def dropin(root: Path = Path("/")) -> str:
    """The drop-in for ``aseb-solve.service`` on this Pi: its memory limit, no swap; empty
    where it needs none."""
    model = pi_model(root)
    limit = solve_limit(model, memory_total(root))
    if limit is None:
        return ""
    return (f"# {model}: the solve in {limit} MiB (written by systemd/install.sh)\n"
            f"[Service]\nMemoryMax={limit}M\nMemorySwapMax=0\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path("/"),
                        help="the system's root (a scratch root for tests)")
    args = parser.parse_args(argv)
    print(dropin(args.root), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What reading the documentation site costs the browser, per page: Chromium's own CPU (its
processes', read from /proc before it closes: the test process's rusage never counts them) to
load each page, with and without the search's worker, and with axe-core's audit; and the sizes
a reader and an installer download.

    python -m tests.benchmarks.site_audit [build/site] [--pages 20]
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from tests.docs.site import build, pages, reader, served
from tests.sim.web.web_browser import browser


def descendants_cpu() -> float:
    """CPU seconds (user and system) of this process's live descendants (the browser's)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0.0, list(parents.get(os.getpid(), []))
    tick = os.sysconf("SC_CLK_TCK")
    while todo:
        pid = todo.pop()
        todo += parents.get(pid, [])
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", type=Path)
    parser.add_argument("--pages", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        site = args.site or build(Path(scratch) / "site")
        chosen = pages(site)[:args.pages]
        size = sum(file.stat().st_size for file in site.rglob("*") if file.is_file())
        print(f"{len(pages(site))} pages, {size / 1e6:.1f} MB of site; {len(chosen)} pages read "
              "each way, at a phone's size")
        with browser() as chromium, served(site) as origin:
            for searching, audit in ((True, False), (False, False), (False, True), (True, True)):
                with reader(chromium, 390, 844, origin, searching) as person:
                    person.read(chosen[0], audit)  # the first load fills the caches
                    before = descendants_cpu()
                    for path in chosen:
                        person.read(path, audit)
                    spent = descendants_cpu() - before
                print(f"  {'with' if searching else 'without'} the search's worker, "
                      f"{'audited' if audit else 'loaded only'}: {spent / len(chosen):.2f} s "
                      "of the browser's CPU a page")


if __name__ == "__main__":
    main()

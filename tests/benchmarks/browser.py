"""The Play page's figures, in the distribution's headless Chromium (a fresh profile: a cold
cache), the page built as ``make docs`` builds it and served from loopback as a static host
serves it (each compressible file gzipped on the fly at level 6, as GitHub Pages and nginx's
``gzip on`` do; the zips and PNGs as they are):

- the bytes a first visit downloads (compressed as sent), to the first throw possible and once
  everything is kept for offline play (goal: at most 15 MB);
- the time from opening the page with a cold cache to the first throw possible (goal: under
  5 s), and a second visit's (goal: under 1.5 s);
- the Vizier's slowest move in the browser in a game of each game (the page's own worker,
  driven as the page drives it), against the same move on this machine's CPython, replaying
  the same game (goal: under 1 s; the ratio printed).

    python -m tests.benchmarks.browser [--games tait,senet] [--visits 3] [--table DIR]

With ``--table DIR`` (Tait's solved table, published beside the page as ``ASEB_SITE_TABLE``
publishes it), also: the time from choosing Neferkaptah to his table in use, fetched the first
time and from the browser's storage the next.

Loopback has no latency: a real network adds its own time to the first visit.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine import games
from engine.core.sticks import Throw
from engine.mummy import Level, Mummy
from engine.record import GameRecord
from sim.browser.build import build
from tests.sim.browser.site import Site, served
from tests.sim.chromium import FLAGS, executable

WAIT = 180_000
THROW_POSSIBLE = "#throw-button:not([disabled])"

DRIVE = """async ([game, seed, limit]) => {
  // The page's own worker, driven as the page drives it: the player throws and plays the first
  // move; each message's time kept, the mummy's chosen moves marked.
  const worker = new Worker("/app/static/worker.mjs", { type: "module" });
  const found = { steps: [], record: null, waiting: "" };
  let last = performance.now();
  let turns = 0;
  await new Promise((done, failed) => {
    let watchdog = null;
    const awake = () => {  // a game that stops answering fails the run, naming where it stood
      clearTimeout(watchdog);
      watchdog = setTimeout(() => failed(new Error("no answer for 120 s, waiting: " +
                                                   found.waiting)), 120000);
    };
    awake();
    worker.onerror = (e) => failed(new Error(e.message));
    worker.onmessage = (message) => {
      awake();
      const now = performance.now();
      const data = message.data;
      if (data.failed) { failed(new Error(data.failed)); return; }
      let told = false;
      for (const event of data.events || []) {
        if (event.type === "moves" && event.chosen) found.steps.push(now - last);
        if (event.type === "played" && event.record) found.record = event.record;
        if (event.type === "status") found.waiting = event.waiting;
        if (event.type === "status" || event.type === "position") told = true;
      }
      last = now;
      if (!told) return;  // the lights alone, or a refusal: nothing new asked of the player
      if (found.waiting === "over" || turns > limit) {
        clearTimeout(watchdog);
        worker.terminate();
        done();
        return;
      }
      const asked = { throw: { type: "throw" }, move: { type: "move", move: "1" } };
      const command = asked[found.waiting];
      if (command) { turns++; worker.postMessage({ command }); }
    };
    worker.postMessage({ start: { settings: { game, level: "vizier", opponent: "reels",
      chances: "hidden", language: "en" }, record: null, seed, pace: 0 } });
  });
  return found;
}"""


def say(line: str) -> None:
    """A line of the report, at once (a run takes minutes)."""
    print(line, flush=True)


def visit(context: Any, site: Site, url: str) -> tuple[float, int, Any]:
    """Open ``url`` in a new page: seconds to the first throw possible, bytes sent meanwhile."""
    page = context.new_page()
    sent = site.sent
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(THROW_POSSIBLE, timeout=WAIT)
    return time.perf_counter() - started, site.sent - sent, page


def phases(page: Any) -> str:
    """Where the start went: the page's files kept for offline play (milliseconds from the
    page's start), then in the worker Python up, aseb's packages in place, imported, the
    session started (milliseconds from the worker's start)."""
    found = json.loads(page.evaluate("document.body.dataset.timings || '{}'"))
    kept = found.pop("kept", None)
    return (f"page: files kept for offline play at {kept} ms; worker: "
            + ", ".join(f"{name} {ms} ms" for name, ms in found.items()))


def native_moves(record: dict[str, Any], runs: int = 3) -> list[float]:
    """Seconds this Python takes for each move the mummy (the Reels) chose in ``record``,
    replayed in order by a fresh mummy in a fresh process, as the browser's was (its tables
    and caches made anew): the fastest of ``runs`` replays (a loaded machine's noise is all
    one way)."""
    timed = []
    for _run in range(runs):
        done = subprocess.run([sys.executable, "-m", "tests.benchmarks.browser", "--replay"],
                              input=json.dumps(record), capture_output=True, text=True,
                              check=True)
        timed.append(json.loads(done.stdout))
    return [min(seconds) for seconds in zip(*timed, strict=True)]


def replayed(record: dict[str, Any]) -> list[float]:
    """Seconds for each of the mummy's moves in ``record``, replayed in this process."""
    game = GameRecord.from_data(record)
    mummy = Mummy(Level.VIZIER)
    rng = random.Random(0)
    before = game.initial()
    timed = []
    for action, after in game.replay():
        if not isinstance(action, Throw) and before.turn.name == "REELS" and before.moves:
            started = time.perf_counter()
            mummy.choose(before, rng)
            timed.append(time.perf_counter() - started)
        before = after
    return timed


def neferkaptah(context: Any, site: Site, url: str) -> None:
    """Choose Neferkaptah: seconds until his table is in use, fetched, then kept."""
    chosen = ("document.getElementById('log').textContent.includes('Neferkaptah')")
    for visit_ in ("fetched", "kept in the browser"):
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(THROW_POSSIBLE, timeout=WAIT)
        sent = site.sent
        started = time.perf_counter()
        if page.input_value("#setting-level") != "neferkaptah":
            page.select_option("#setting-level", "neferkaptah")
        page.wait_for_function(chosen, timeout=WAIT)
        say(f"Neferkaptah's table in use after {time.perf_counter() - started:.2f} s, "
              f"{visit_} ({(site.sent - sent) / 1e6:.1f} MB downloaded)")
        page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.browser")
    parser.add_argument("--games", default=",".join(games.names()))
    parser.add_argument("--visits", type=int, default=3, help="second visits timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--table", type=Path, help="publish this folder's solved table")
    parser.add_argument("--replay", action="store_true",
                        help="(a helper) time the mummy's moves of the record on stdin")
    args = parser.parse_args(argv)
    if args.replay:
        print(json.dumps(replayed(json.loads(sys.stdin.read()))))
        return 0
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="aseb-bench-") as scratch:
        root = Path(scratch)
        written = build(root / "site" / "app", table=args.table)
        size = sum(path.stat().st_size for path in written)
        say(f"the page: {len(written)} files, {size / 1e6:.2f} MB as built")
        with served(root / "site") as site, sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(root / "profile"), executable_path=executable(), args=FLAGS,
                viewport={"width": 1280, "height": 900})
            url = f"{site.url}/app/index.html?pace=0&seed={args.seed}"
            seconds, sent, page = visit(context, site, url)
            say(f"first visit, cold cache: first throw possible after {seconds:.2f} s "
                  f"(goal < 5 s), {sent / 1e6:.2f} MB downloaded, gzip as served")
            say(f"  {phases(page)}")
            page.wait_for_selector("body[data-offline=ready]", timeout=WAIT)
            say(f"  kept for offline play: {site.sent / 1e6:.2f} MB downloaded in all "
                  f"(goal <= 15 MB), {len(site.asked)} requests")
            page.close()
            again = []
            for _visit in range(args.visits):
                seconds, sent, page = visit(context, site, url)
                again.append(seconds)
                say(f"  a second visit: {seconds:.2f} s; {phases(page)}")
                page.close()
            say(f"second visit: first throw possible after {statistics.median(again):.2f} s "
                  f"median of {len(again)} ({', '.join(f'{s:.2f}' for s in again)}; goal "
                  f"< 1.5 s), {sent} bytes downloaded")
            page = context.new_page()
            page.goto(f"{site.url}/app/pyodide/LICENSE.txt")
            slowest = []
            for name in args.games.split(","):
                found = page.evaluate(DRIVE, [name, args.seed, 2000])
                browser = [s / 1000 for s in found["steps"]]
                native = native_moves(found["record"])
                worst = max(range(len(browser)), key=browser.__getitem__)
                pair = (browser[worst], native[worst] if worst < len(native) else float("nan"))
                slowest.append(pair)
                say(f"{name}: the Vizier's {len(browser)} moves, slowest in the browser "
                      f"{pair[0] * 1000:.0f} ms, the same move natively {pair[1] * 1000:.0f} ms "
                      f"(x{pair[0] / pair[1]:.1f}); median {statistics.median(browser) * 1000:.0f}"
                      f" ms against {statistics.median(native) * 1000:.0f} ms; all its moves "
                      f"{sum(browser):.2f} s against {sum(native):.2f} s "
                      f"(x{sum(browser) / sum(native):.1f})")
            if args.table is not None:
                neferkaptah(context, site, url)
            context.close()
        browser_worst, native_worst = max(slowest)
        say(f"the Vizier's slowest move in the browser: {browser_worst * 1000:.0f} ms (goal "
              f"< 1 s), natively {native_worst * 1000:.0f} ms: x{browser_worst / native_worst:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

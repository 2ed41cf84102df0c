"""The documentation site as a reader gets it: built by MkDocs as ``make docs`` builds it, served
on a loopback port, and read in the distribution's Chromium, where every request to another
origin is refused and noted (the site must call no one) and axe-core audits each page.

    with built(folder) as site, served(site) as origin, reader(chromium, 390, 844, origin) as r:
        r.read("index.html").outside  # [] : nothing asked of another site
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
WCAG_21_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]},
              "resultTypes": ["violations"]}


def build(site: Path) -> Path:
    """The site built strictly into ``site`` (as ``make docs``: a warning fails it)."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(site)],
                          cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return site


def pages(site: Path) -> list[str]:
    """Every page of the site, by its path from the top (the search's and the 404 included)."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html"))


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # the base's names: a log unsaid
        pass


@contextlib.contextmanager
def served(site: Path) -> Iterator[str]:
    """``site`` served on a free loopback port: its origin (``http://127.0.0.1:PORT``)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                             functools.partial(_Quiet, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


@dataclass
class Visit:
    """What reading one page showed: the requests to other origins, axe-core's violations."""

    outside: list[str] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)


class Reader:
    """One browser context at one size: every page read in it, one after the other."""

    def __init__(self, context: Any, origin: str, searching: bool = True) -> None:
        self.origin = origin
        self.searching = searching
        self.outside: list[str] = []
        axe = resources.files("axe_playwright_python").joinpath("axe.min.js")  # axe-core's own
        context.add_init_script(axe.read_text(encoding="utf-8"))  # once, not once a page
        context.route("**/*", self._route)
        self.page = context.new_page()

    def _route(self, route: Any) -> None:
        url = route.request.url
        if not self.searching and url.startswith(f"{self.origin}/search/"):
            route.abort()  # the search's worker: it indexes the whole site in a thread of its own
        elif url.startswith(self.origin + "/") or url.startswith("data:"):
            route.continue_()
        else:  # as it would be offline, or in a museum without the internet
            self.outside.append(url)
            route.abort()

    def read(self, path: str, audit: bool = True) -> Visit:
        """The page at ``path`` loaded (its faces too), then audited."""
        self.outside.clear()
        self.page.goto(f"{self.origin}/{path}", wait_until="load")
        self.page.evaluate("document.fonts.ready.then(() => true)")
        visit = Visit(outside=list(self.outside))
        if audit:
            found = self.page.evaluate("options => axe.run(document, options)", WCAG_21_AA)
            visit.violations = [
                f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:3]]} "
                f"{v['nodes'][0].get('failureSummary', '')[:160]!r}" for v in found["violations"]]
        return visit


@contextlib.contextmanager
def reader(chromium: Any, width: int, height: int, origin: str,
           searching: bool = True) -> Iterator[Reader]:
    """A reader at ``width`` x ``height`` of the site at ``origin`` (``searching``: with the
    search's worker, which indexes the whole site anew on every page)."""
    context = chromium.new_context(viewport={"width": width, "height": height})
    try:
        yield Reader(context, origin, searching)
    finally:
        context.close()

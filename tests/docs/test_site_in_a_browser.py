"""Every page of the documentation site, read in the distribution's Chromium as a reader gets
it: it asks nothing of another site (no fonts from Google, no facts from GitHub: a page that did
would leak its readers and read differently offline or in a museum without the internet), its
faces are the site's own, and it passes axe-core's WCAG 2.1 AA audit.

All of it is `make test-long`'s, beside `make docs`, which CI runs to build the site strictly (a
minute and a half of two shared cores for the site built and every page read: half of what
`make test` may take). It reads every page at a phone's size (390x844) without the search's
worker (it indexes the whole site anew on every page, in a thread of its own: two fifths of the
page's CPU, and nothing a reader sees until they search), then every page whole, with its
search, at a phone's size and a desktop's (1280x900). Without Chromium the module is skipped,
saying so in one line.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.docs.site import SIZES, build, pages, reader, served
from tests.sim.web.web_browser import browser, chromium_missing

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)
pytest.importorskip("axe_playwright_python", reason="axe-playwright-python (the dev extra)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(tmp_path_factory.mktemp("site"))


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as found:
        yield found


@pytest.mark.parametrize(("size", "searching"), [
    pytest.param("phone", False, id="phone", marks=pytest.mark.long),
    pytest.param("phone", True, id="phone-searching", marks=pytest.mark.long),
    pytest.param("desktop", True, id="desktop-searching", marks=pytest.mark.long)])
def test_every_page_calls_no_one_and_passes_the_wcag_audit(site: Path, chromium: Any,
                                                           size: str, searching: bool) -> None:
    every = pages(site)
    assert len(every) >= 60 and "index.html" in every and "glossary.html" in every
    outside, violations, faces = {}, {}, []
    with served(site) as origin, reader(chromium, *SIZES[size], origin, searching) as person:
        for path in every:
            visit = person.read(path)
            if visit.outside:
                outside[path] = visit.outside
            if visit.violations:
                violations[path] = visit.violations
            if path == "play/languages.html":  # its headings, and Arabic: العربية
                faces = person.page.evaluate(
                    "['1em Quattrocento', '1em \"Noto Naskh Arabic\"'].map("
                    "f => document.fonts.check(f, f.includes('Naskh') ? '\\u0639' : 'A'))")
    assert outside == {}
    assert violations == {}
    assert faces == [True, True]  # the site's own faces, served with it


def test_the_reader_notes_a_request_elsewhere_and_a_link_told_by_colour_alone(
        tmp_path: Path, chromium: Any) -> None:
    (tmp_path / "leaky.html").write_text(
        '<!doctype html><html lang="en"><head><title>A leaky page</title>'
        '<link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Roboto"></head>'
        '<body><main><p style="color:#000">Read <a href="leaky.html" style="color:#555;'
        'text-decoration:none">the rules</a> first.</p></main></body></html>')
    with served(tmp_path) as origin, reader(chromium, *SIZES["phone"], origin) as person:
        visit = person.read("leaky.html")
    assert visit.outside == ["https://fonts.googleapis.com/css?family=Roboto"]
    assert [line.split(" ")[0] for line in visit.violations] == ["link-in-text-block"]

"""Every page of the documentation site photographed in Chromium at a phone's size (390x844) and
a desktop's (1280x900), and laid out on contact sheets for a person to look at: each page's
whole length cut into screens side by side, several pages a sheet.

    python -m tests.docs.site_screenshots /tmp/sheets            # builds the site first
    python -m tests.docs.site_screenshots /tmp/sheets build/site # an existing build
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageDraw

from tests.docs.site import SIZES, build, pages, reader, served
from tests.sim.web.web_browser import browser

SHEET_WIDTH = 2400
"""Pixels across a contact sheet."""
SCREENS = {"phone": 0.5, "desktop": 0.3}
"""How much smaller a screen is drawn on a sheet, by size."""


def screens(picture: Image.Image, height: int) -> list[Image.Image]:
    """A full page's picture cut into screens of ``height`` pixels."""
    return [picture.crop((0, top, picture.width, min(picture.height, top + height)))
            for top in range(0, picture.height, height)]


def strip(path: Path, size: str) -> Image.Image:
    """One page's screens side by side, smaller, its name above them."""
    width, height = SIZES[size]
    scale = SCREENS[size]
    with Image.open(path) as picture:
        cut = screens(picture.convert("RGB"), height)
    small = [screen.resize((round(width * scale), round(screen.height * scale)))
             for screen in cut]
    across = max(1, (SHEET_WIDTH - 10) // (small[0].width + 6))
    rows = [small[i:i + across] for i in range(0, len(small), across)]
    row_height = round(height * scale) + 6
    out = Image.new("RGB", (SHEET_WIDTH, 22 + row_height * len(rows)), "white")
    ImageDraw.Draw(out).text((6, 4), f"{path.stem} ({len(cut)} screens)", fill="black")
    for r, row in enumerate(rows):
        for c, screen in enumerate(row):
            out.paste(screen, (6 + c * (screen.width + 6), 22 + r * row_height))
    return out


def sheets(strips: list[Image.Image], out: Path, name: str, tallest: int = 2400) -> list[Path]:
    """Strips stacked onto sheets no taller than ``tallest``."""
    written: list[Path] = []
    batch: list[Image.Image] = []

    def flush() -> None:
        if not batch:
            return
        sheet = Image.new("RGB", (SHEET_WIDTH, sum(s.height + 8 for s in batch)), (200, 200, 200))
        top = 0
        for one in batch:
            sheet.paste(one, (0, top))
            top += one.height + 8
        written.append(out / f"{name}-{len(written) + 1:02d}.png")
        sheet.save(written[-1])
        batch.clear()

    for one in strips:
        if batch and sum(s.height + 8 for s in batch) + one.height > tallest:
            flush()
        batch.append(one)
    flush()
    return written


def main(out: Path, site: Path | None = None) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        site = site or build(Path(scratch) / "site")
        shots = out / "pages"
        shots.mkdir(exist_ok=True)
        written = []
        with browser() as chromium, served(site) as origin:
            for size, (width, height) in SIZES.items():
                strips = []
                with reader(chromium, width, height, origin) as person:
                    for path in pages(site):
                        person.read(path, audit=False)
                        shot = shots / f"{path.replace('/', '_')[:-5]}-{size}.png"
                        person.page.screenshot(path=str(shot), full_page=True)
                        strips.append(strip(shot, size))
                written += sheets(strips, out, size)
    return written


if __name__ == "__main__":
    for sheet in main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None):
        print(sheet)

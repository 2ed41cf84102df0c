"""The drilling and marking template: the board's underside at 1:1, tiled over A4 or Letter
pages with registration marks and a 100 mm check bar on every page (ReportLab draws the PDF).

Each page says which part of the board it shows, in millimetres from the board's top left
corner seen from below ("this page shows 0-186 mm across, 0-150 mm down"), so the pages can be
laid edge to edge with their marks over each other, and a test can measure every square.

    pdf, pages = template_pdf(Layout.of(board), "Twenty Squares", A4)   # the PDF's bytes
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from firmware.kit.layout import PIXEL_MM, SENSOR_MM, Layout
from hardware.boards.hall_file import BUILT

MM = 72 / 25.4
"""PDF points in a millimetre."""
PAGES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""The page sizes the template is printed on, width x height in millimetres (portrait)."""
MARGIN = 10.0
HEADER = 12.0
FOOTER = 24.0
OVERLAP = 12.0
"""Millimetres of the board that two neighbouring pages both show, for their marks to meet."""
MARK = 4.0
"""Half the width of a registration mark's cross."""
BAR = 100.0
REED_WIDTH = 2.5

Canvas = Any
"""ReportLab's canvas (ReportLab ships no type hints)."""
Place = Callable[[float, float], tuple[float, float]]
"""Board millimetres (from the underside's top left, y down) to page points (y up)."""


@dataclass(frozen=True)
class Tile:
    """One page's window onto the board: ``left``/``top`` in millimetres from the underside's
    top left corner, its size, and its place among the pages."""

    left: float
    top: float
    width: float
    height: float
    column: int
    row: int


def plan(layout: Layout, page: tuple[float, float]) -> tuple[tuple[float, float], list[Tile]]:
    """The page (portrait or landscape, whichever needs fewer pages) and its tiles in reading
    order."""
    best: tuple[int, tuple[float, float], list[Tile]] | None = None
    for width, height in (page, page[::-1]):
        area_w, area_h = width - 2 * MARGIN, height - 2 * MARGIN - HEADER - FOOTER
        columns = _count(layout.width, area_w)
        rows = _count(layout.height, area_h)
        tiles = [Tile(c * (area_w - OVERLAP), r * (area_h - OVERLAP), area_w, area_h, c, r)
                 for r in range(rows) for c in range(columns)]
        if best is None or len(tiles) < best[0]:
            best = (len(tiles), (width, height), tiles)
    assert best is not None
    return best[1], best[2]


def _count(length: float, window: float) -> int:
    return max(1, math.ceil((length - OVERLAP) / (window - OVERLAP)))


def template_pdf(layout: Layout, name: str, page: tuple[float, float]) -> tuple[bytes, int]:
    """The template of ``layout`` as a PDF on pages of ``page`` size, and its number of
    pages."""
    from reportlab.pdfgen import canvas as pdf

    size, tiles = plan(layout, page)
    out = io.BytesIO()
    canvas = pdf.Canvas(out, pagesize=(size[0] * MM, size[1] * MM))
    canvas.setTitle(f"{name}: drilling template")
    columns = 1 + max(tile.column for tile in tiles)
    rows = 1 + max(tile.row for tile in tiles)
    for number, tile in enumerate(tiles, 1):
        _page(canvas, layout, name, size, tile, f"page {number} of {len(tiles)} (column "
              f"{tile.column + 1} of {columns}, row {tile.row + 1} of {rows})")
        canvas.showPage()
    canvas.save()
    return out.getvalue(), len(tiles)


def _page(c: Canvas, layout: Layout, name: str, size: tuple[float, float], tile: Tile,
          which: str) -> None:
    page_h = size[1]
    origin_x = MARGIN - tile.left
    origin_y = page_h - MARGIN - HEADER + tile.top

    def at(x: float, y: float) -> tuple[float, float]:
        return (origin_x + x) * MM, (origin_y - y) * MM

    c.setFont("Helvetica-Bold", 11)
    c.drawString(MARGIN * MM, (page_h - MARGIN - 6) * MM,
                 f"{name}: the underside, 1:1")
    c.setFont("Helvetica", 8)
    c.drawString(MARGIN * MM, (page_h - MARGIN - 10.5) * MM,
                 f"Lay the board face down, turned over from right to left ({layout.corner()} "
                 "at the top right). Circles: the pixels' pockets; "
                 + ("squares: the sensors' pockets."
                    if any(square.hall for square in layout.squares.values())
                    else "bars: the reeds' grooves."))

    c.saveState()
    clip = c.beginPath()
    clip.rect(MARGIN * MM, (MARGIN + FOOTER) * MM, tile.width * MM, tile.height * MM)
    c.clipPath(clip, stroke=0, fill=0)
    _board(c, layout, at)
    _marks(c, tile, at)
    c.restoreState()

    c.setLineWidth(0.3)
    c.setDash(1, 2)
    c.rect(MARGIN * MM, (MARGIN + FOOTER) * MM, tile.width * MM,
           tile.height * MM)
    c.setDash()
    _footer(c, tile, which)
    if any(square.hall for square in layout.squares.values()):
        b = BUILT
        c.setFont("Helvetica", 8)
        for row, line in enumerate((
                f"Dashed circles: each square's recess, cut from the top: "
                f"{b.recess_diameter:g} mm across, {b.recess_depth:g} mm deep,",
                f"flat-bottomed and square-walled: a {b.man_diameter:g} mm man rests within "
                f"{b.play:g} mm of its centre.",
                f"{b.wood:g} mm of wood over the sensors; {b.sensor} sensors only; the men's "
                "magnets from one batch; no felt.")):
            c.drawString(MARGIN * MM, (MARGIN + 21.3 - 3.3 * row) * MM, line)


def _board(c: Canvas, layout: Layout, place: Place) -> None:
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.8)
    x0, y0 = place(0, 0)
    x1, y1 = place(layout.width, layout.height)
    c.rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))
    for square in layout.squares.values():
        left, top = layout.underside((square.left + square.size, square.top))
        sx, sy = place(left, top + square.size)
        c.setLineWidth(0.5)
        c.rect(sx, sy, square.size * MM, square.size * MM)
        cx, cy = place(*layout.underside(square.centre))
        px, py = place(*layout.underside(square.pixel))
        c.circle(px, py, PIXEL_MM / 2 * MM)
        c.line(cx - 1.5 * MM, cy, cx + 1.5 * MM, cy)
        c.line(cx, cy - 1.5 * MM, cx, cy + 1.5 * MM)
        c.setFillColorRGB(0.55, 0.55, 0.55)
        if square.hall:  # the sensor's pocket, under the centre, and the recess on the top
            c.rect(cx - SENSOR_MM / 2 * MM, cy - SENSOR_MM / 2 * MM, SENSOR_MM * MM,
                   SENSOR_MM * MM, stroke=1, fill=0)
            c.setDash(2, 2)
            c.circle(cx, cy, BUILT.recess_diameter / 2 * MM)
            c.setDash()
        else:
            near, far = (layout.underside(end) for end in square.reed)
            ax, ay = place(*near)
            bx, _ = place(*far)
            c.rect(min(ax, bx), ay - REED_WIDTH / 2 * MM, abs(bx - ax),
                   REED_WIDTH * MM, stroke=0, fill=1)
        c.setFillColorRGB(0, 0, 0)
        c.setFont("Helvetica-Bold", 9)
        c.drawCentredString(cx, cy + (PIXEL_MM / 2 + 2.5) * MM, square.name)
    _chain(c, layout, place)


def _chain(c: Canvas, layout: Layout, place: Place) -> None:
    """The LED chain: a line from pixel to pixel in data order, each pixel's number beside it."""
    c.setStrokeColorRGB(0.1, 0.35, 0.8)
    c.setFillColorRGB(0.1, 0.35, 0.8)
    c.setLineWidth(0.6)
    for run in layout.pixel_path():
        points = [place(*layout.underside(point)) for point in run]
        for (ax, ay), (bx, by) in itertools.pairwise(points):
            c.line(ax, ay, bx, by)
    c.setFont("Helvetica", 7)
    for number, name in enumerate(layout.chain, 1):
        if name in layout.squares:
            x, y = place(*layout.underside(layout.squares[name].pixel))
            c.drawString(x - (PIXEL_MM / 2 + 4) * MM, y - (PIXEL_MM / 2 + 3) * MM,
                         f"LED {number}")
    c.setStrokeColorRGB(0, 0, 0)
    c.setFillColorRGB(0, 0, 0)


def _marks(c: Canvas, tile: Tile, place: Place) -> None:
    """A cross in a circle in every overlap a page shares with a neighbour, at the same spot of
    the board on both pages."""
    c.setLineWidth(0.4)
    for x, y in marks(tile):
        px, py = place(x, y)
        c.circle(px, py, MARK * 0.6 * MM)
        c.line(px - MARK * MM, py, px + MARK * MM, py)
        c.line(px, py - MARK * MM, px, py + MARK * MM)


def marks(tile: Tile) -> list[tuple[float, float]]:
    """The registration marks on a tile's edges that a neighbour shares, in board millimetres."""
    found = []
    middle = OVERLAP / 2
    xs = (tile.left + middle, tile.left + tile.width - middle)
    ys = (tile.top + middle, tile.top + tile.height - middle)
    for x in xs:
        for y in ys:
            found.append((x, y))
    return found


def _footer(c: Canvas, tile: Tile, which: str) -> None:
    base = MARGIN * MM
    c.setLineWidth(0.6)
    c.rect(base, base + 9 * MM, BAR * MM, 3 * MM)
    for tick in range(0, int(BAR) + 1, 10):
        c.line(base + tick * MM, base + 12 * MM, base + tick * MM,
               base + 14 * MM)
    c.setFont("Helvetica", 8)
    c.drawString(base + (BAR + 3) * MM, base + 9.8 * MM,
                 "This bar must measure 100 mm: print at 100% (actual size).")
    c.drawString(base, base + 4 * MM,
                 f"{which}; this page shows {tile.left:.1f}-{tile.left + tile.width:.1f} mm "
                 f"across, {tile.top:.1f}-{tile.top + tile.height:.1f} mm down, from the top "
                 "left corner seen from below.")
    c.drawString(base, base, "Pages overlap by 12 mm: lay each page's marks over its "
                 "neighbour's and tape them together.")

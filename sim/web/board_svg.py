"""The board as SVG, drawn from the game's geometry (any grid of the family, holes allowed): a
square for each square, a ring if marked (named by its sign), a light and a piece on each
(hidden until the page's script shows them), and the four stick pixels below. The script finds
them by their ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

SQUARE = 60
"""Units a square takes (the drawing scales to the page)."""
GAP = 4
STICKS = ("S1", "S2", "S3", "S4")
LABEL_Y = 17
"""Where a square's name stands (its baseline): in the square's top corner."""
PIECE_Y = 35.5
PIECE_R = 14
"""The piece, below its square's name: the name is read whether a piece stands there or not."""


def board_svg(geometry: dict[str, Any], label: str,
              signs: Mapping[str, str] | None = None) -> str:
    """The SVG element of a board whose geometry is the link's ``game`` event's; ``signs``: each
    sign's name, as a person reads it (else its key).

    Each square is drawn once, at its place on the board as it stands (``data-wide``) and at
    its place with the board turned a quarter, its columns down a phone's screen
    (``data-turned``: the page's script chooses, ``static/aseb.js``); its name sits in its
    corner, beside the piece, never under it."""
    rows, columns = int(geometry["rows"]), int(geometry["columns"])
    width, height = columns * SQUARE, rows * SQUARE + SQUARE
    turned_width, turned_height = rows * SQUARE + SQUARE, columns * SQUARE
    wide = f"{-GAP} {-GAP} {width + 2 * GAP} {height + 2 * GAP}"
    turned = f"{-GAP} {-GAP} {turned_width + 2 * GAP} {turned_height + 2 * GAP}"
    parts = [f'<svg class="board" viewBox="{wide}" data-wide="{wide}" data-turned="{turned}" '
             f'role="img" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">']
    marked = geometry.get("marked", {})
    size = SQUARE - GAP
    for square in geometry["squares"]:
        row, column = geometry["position"][square]
        x, y = column * SQUARE, row * SQUARE
        # turned a quarter to the left: the top row to the left, the last column to the top
        tx, ty = row * SQUARE, (columns - 1 - column) * SQUARE
        name = escape(str(square))
        parts.append(f'<g class="square" id="sq-{name}" data-square="{name}" '
                     f'transform="translate({x} {y})" data-wide="{x} {y}" '
                     f'data-turned="{tx} {ty}">'
                     f'<rect class="wood" width="{size}" height="{size}" rx="6"/>'
                     f'<rect class="light" id="light-{name}" x="3" y="3" '
                     f'width="{size - 6}" height="{size - 6}" rx="5"/>')
        sign = marked.get(square)
        if sign is not None:  # a ring, named by its sign (ankh, nefer, the House of Water...)
            parts.append(f'<circle class="sign sign-{escape(str(sign))}" cx="{size / 2}" '
                         f'cy="{size / 2}" r="{size / 2.6}"><title>'
                         f'{escape((signs or {}).get(sign, str(sign)))}</title></circle>')
        parts.append(f'<circle class="piece" id="piece-{name}" cx="{size / 2}" '
                     f'cy="{PIECE_Y}" r="{PIECE_R}"/>'  # below the name, never over it
                     f'<text class="label" x="4" y="{LABEL_Y}">{name}</text></g>')
    stick = (width - 5 * GAP) / 4
    turned_stick = (turned_height - 5 * GAP) / 4
    for number, name in enumerate(STICKS):
        at = (f"{number * (stick + GAP) + GAP:g} {rows * SQUARE + SQUARE / 4:g} {stick:g} "
              f"{SQUARE / 2:g}")
        turned_at = (f"{rows * SQUARE + SQUARE / 4:g} {number * (turned_stick + GAP) + GAP:g} "
                     f"{SQUARE / 2:g} {turned_stick:g}")
        x, y, w, h = at.split()
        parts.append(f'<rect class="stick light" id="light-{name}" x="{x}" y="{y}" '
                     f'width="{w}" height="{h}" rx="8" data-wide="{at}" '
                     f'data-turned="{turned_at}"/>')
    parts.append("</svg>")
    return "".join(parts)


def chances_svg(curve: list[float | None], label: str, width: int = 600,
                height: int = 160) -> str:
    """The Cones' chance over a game as a line (50% the middle line), for the review page;
    ``label`` says so to a screen reader."""
    points = [(i, c) for i, c in enumerate(curve) if c is not None]
    step = width / max(1, len(curve) - 1)
    line = " ".join(f"{i * step:.1f},{(1 - c) * height:.1f}" for i, c in points)
    return (f'<svg class="graph" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(label)}" '
            f'xmlns="http://www.w3.org/2000/svg">'
            f'<rect class="graph-back" width="{width}" height="{height}"/>'
            f'<line class="graph-half" x1="0" y1="{height / 2}" x2="{width}" '
            f'y2="{height / 2}"/><polyline class="graph-line" points="{line}"/></svg>')


def days_svg(per_day: dict[str, int], label: str, days: int = 14) -> str:
    """Games per day (the last ``days`` with games) as bars, each day named under its bar;
    ``label`` says so to a screen reader."""
    return bars_svg([(day[5:], count) for day, count in sorted(per_day.items())[-days:]],
                    label)


def bars_svg(bars: list[tuple[str, int]], label: str, width: int = 600,
             height: int = 140) -> str:
    """Counts as bars, each named under its bar and counted over it; ``label`` says what they
    count to a screen reader."""
    most = max((n for _, n in bars), default=1) or 1
    step = width / max(1, len(bars))
    parts = [f'<svg class="days" viewBox="0 0 {width} {height + 34}" role="img" '
             f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">']
    for i, (name, count) in enumerate(bars):
        tall = height * count / most
        x = i * step + step * 0.15
        parts.append(f'<rect class="day-bar" x="{x:.1f}" y="{height - tall:.1f}" '
                     f'width="{step * 0.7:.1f}" height="{tall:.1f}"><title>{escape(name)}: '
                     f'{count}</title></rect>'
                     f'<text class="day-count" x="{x + step * 0.35:.1f}" '
                     f'y="{height - tall - 4:.1f}">{count}</text>'
                     f'<text class="day-name" x="{x + step * 0.35:.1f}" y="{height + 22}">'
                     f'{escape(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def share_svg(share: float, left: str, right: str, label: str, width: int = 600,
              height: int = 44) -> str:
    """One whole split in two (``share`` of it ``left``'s), each part named with its percent:
    the visitors' wins against the mummy's."""
    cut = width * min(1.0, max(0.0, share))
    return (f'<svg class="share" viewBox="0 0 {width} {height}" role="img" '
            f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
            f'<rect class="share-left" width="{cut:.1f}" height="{height}"/>'
            f'<rect class="share-right" x="{cut:.1f}" width="{width - cut:.1f}" '
            f'height="{height}"/>'
            f'<text class="share-text" x="10" y="{height / 2 + 6}">{escape(left)} '
            f'{share:.0%}</text>'
            f'<text class="share-text end" x="{width - 10}" y="{height / 2 + 6}">'
            f'{escape(right)} {1 - share:.0%}</text></svg>')

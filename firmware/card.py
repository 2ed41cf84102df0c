"""The menu card: one printed page for the box lid, drawn from the very table the controller reads
(``firmware.menu_table``), so the card and the board can never disagree.

    aseb menu-card --board /etc/aseb/board.toml --out card.pdf      # or card.svg, card.png

ReportLab draws it (PDF and SVG in pure Python; PNG through its renderPM backend,
``rl_renderPM`` or ``rlPyCairo``); it is imported only here, when a card is drawn.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import games
from firmware.board_menu import DONE_COLOUR, SHOWN_PAGE, TIMEOUT
from firmware.choices import games_on
from firmware.menu_table import MenuTable, menu_table
from firmware.words import N_, _, say
from hardware.board_file import Board
from hardware.strips import Colour

WIDTH, HEIGHT = 595.0, 842.0
"""An A4 page in points."""
MARGIN = 36.0
CELL = 19.0
EMPTY: Colour = (235, 228, 214)
OPENING: Colour = (120, 120, 120)
FORMATS = (".pdf", ".svg", ".png")
PAGE = N_("this page")


@dataclass(frozen=True)
class Box:
    """One square drawn on the card: in which diagram (a page's title, or ``Opening``), its
    square, its fill, its number in the legend (0: none) and what it means."""

    page: str
    square: str
    x: float
    y: float
    fill: Colour
    number: int
    meaning: str


def plan(table: MenuTable, board: Board) -> tuple[list[Box], list[tuple[str, float, float]]]:
    """Where every square of every diagram goes, and the legend's lines (text, x, y)."""
    geometry = games.load(games_on(table.kind)[0]).geometry
    columns = geometry.columns
    boxes: list[Box] = []
    lines: list[tuple[str, float, float]] = []
    diagrams = [(_("Opening"), None), *((say(page.setting.title), page) for page in table.pages)]
    width = (WIDTH - 2 * MARGIN) / 2
    top = HEIGHT - 170
    for n, (title, page) in enumerate(diagrams):
        left = MARGIN + (n % 2) * width
        base = top - (n // 2) * 162
        lines.append((title if page is None else _("{title} (the page square: {square})").format(
                          title=title, square=page.tab),
                      left, base + 4))
        meanings: dict[str, tuple[Colour, int, str]] = {}
        if page is None:
            for square in table.opening:
                meanings[square] = (OPENING, 0, _("a piece here"))
            meanings[table.done] = (DONE_COLOUR, 0, _("a piece here: lift it to close"))
        else:
            meanings[page.tab] = (SHOWN_PAGE, 0, _(PAGE))
            for number, (square, choice) in enumerate(page.choices.items(), 1):
                meanings[square] = (choice.colour, number, say(choice.label))
            meanings[table.done] = (DONE_COLOUR, 0, _("done"))
        scale = min(1.0, (width - 12) / (columns * CELL))
        for square, (row, column) in geometry.position.items():
            fill, number, meaning = meanings.get(square, (EMPTY, 0, ""))
            boxes.append(Box(title, square, left + column * CELL * scale,
                             base - 8 - (row + 1) * CELL * scale, fill, number, meaning))
        legend = base - 16 - geometry.rows * CELL * scale
        said = [f"{shown}  {square}: {meaning}" for square, (_, shown, meaning) in
                sorted(meanings.items(), key=lambda item: item[1][1]) if shown]
        if page is None:
            said = [_("- a piece on {squares}, then shake the sticks").format(
                        squares=_(" and on ").join(table.opening)),
                    _("- lift the piece from {done} to close").format(done=table.done)]
        for text in (part for line in said for part in textwrap.wrap(
                line, 72, subsequent_indent="        ")):
            lines.append((text, left + 4, legend))
            legend -= 9
    return boxes, lines


def instructions(table: MenuTable) -> list[str]:
    """The card's five lines: how to use the menu."""
    first = ", ".join(table.opening[:-1])
    return [
        _("Open: between games, set a piece on {first} and one on {done}, then shake the "
          "sticks.").format(first=first, done=table.done),
        _("Pages: set a piece on a white square to show its page (the page shown is bright)."),
        _("Choose: set a piece on a lit square; the board says the choice. The current one is "
          "steady, the others breathe."),
        _("Close: lift the piece from {done} (it pulses green); what you chose is saved.").format(
            done=table.done),
        _("Left alone for {seconds} s, the menu closes and saves by itself.").format(
            seconds=f"{TIMEOUT:.0f}"),
    ]


def drawing(board: Board) -> Any:
    """The card as a ReportLab ``Drawing``."""
    from reportlab.graphics.shapes import Drawing, Rect, String
    from reportlab.lib.colors import Color

    def colour(rgb: Colour) -> Any:
        return Color(*(c / 255 for c in rgb))

    table = menu_table(games.load(games_on(board.kind)[0]).geometry, board.menu.open)
    card = Drawing(WIDTH, HEIGHT)
    card.add(String(MARGIN, HEIGHT - MARGIN - 8, _("The board menu: {board}").format(
                        board=board.name),
                    fontName="Helvetica-Bold", fontSize=18))
    games_here = ", ".join(say(games.load(name).title) for name in games_on(board.kind))
    card.add(String(MARGIN, HEIGHT - MARGIN - 26, _("A {kind} board: {games}").format(
                        kind=board.kind, games=games_here),
                    fontName="Helvetica", fontSize=9))
    for n, line in enumerate(instructions(table)):
        card.add(String(MARGIN, HEIGHT - MARGIN - 50 - 14 * n, f"{n + 1}. {line}",
                        fontName="Helvetica", fontSize=9.5))
    boxes, lines = plan(table, board)
    geometry_cell = _cell(board)
    for box in boxes:
        tab = box.meaning == _(PAGE)
        card.add(Rect(box.x, box.y, geometry_cell, geometry_cell, fillColor=colour(box.fill),
                      strokeColor=colour((0, 0, 0) if tab else (90, 80, 60)),
                      strokeWidth=1.5 if tab else 0.5))
        card.add(String(box.x + 1.5, box.y + geometry_cell - 6, box.square,
                        fontName="Helvetica", fontSize=4.5, fillColor=colour(_ink(box.fill))))
        if box.number:
            card.add(String(box.x + geometry_cell / 2, box.y + 3, str(box.number),
                            fontName="Helvetica-Bold", fontSize=8, textAnchor="middle",
                            fillColor=colour(_ink(box.fill))))
    for text, x, y in lines:
        bold = not text[0].isdigit() and not text.startswith((" ", "-"))
        card.add(String(x, y, text, fontName="Helvetica-Bold" if bold else "Helvetica",
                        fontSize=9 if bold else 7))
    return card


def _cell(board: Board) -> float:
    columns = games.load(games_on(board.kind)[0]).geometry.columns
    return CELL * min(1.0, ((WIDTH - 2 * MARGIN) / 2 - 12) / (columns * CELL))


def _ink(fill: Colour) -> Colour:
    """Black on light squares, white on dark ones."""
    return (0, 0, 0) if sum(fill) > 330 else (255, 255, 255)


def draw_card(board: Board, out: Path) -> Path:
    """Write the card of ``board`` to ``out`` (.pdf, .svg or .png); ValueError saying what is
    missing or wrong."""
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"{out}: the card is written as {', '.join(FORMATS)}")
    try:
        card = drawing(board)
    except ImportError:
        raise ValueError("the menu card needs ReportLab: pip install 'aseb[card]'") from None
    if suffix == ".pdf":
        from reportlab.graphics import renderPDF

        renderPDF.drawToFile(card, str(out), "aseb menu card")
    elif suffix == ".svg":
        from reportlab.graphics import renderSVG

        renderSVG.drawToFile(card, str(out))
    else:
        _png(card, out)
    return out


def _png(card: Any, out: Path) -> None:
    from reportlab.graphics import renderPM
    from reportlab.graphics.utils import RenderPMError

    for backend in ("_renderPM", "rlPyCairo"):
        try:
            renderPM.drawToFile(card, str(out), fmt="PNG", dpi=150, backend=backend)
            return
        except (ImportError, RenderPMError):
            continue
    raise ValueError("a PNG card needs ReportLab's bitmap renderer: pip install rl_renderPM "
                     "(or write the card as .pdf or .svg)")

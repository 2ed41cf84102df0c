"""The menu card: one printed page for the box lid, drawn from the very table the controller reads
(``firmware.menu.menu_table``), so the card and the board can never disagree.

    aseb menu-card --board /etc/aseb/board.toml --out card.pdf      # or card.svg, card.png

ReportLab draws it (PDF and SVG in pure Python; PNG through its renderPM backend,
``rl_renderPM`` or ``rlPyCairo``); it is imported only here, when a card is drawn. Latin text is
set in Helvetica; Arabic is shaped as the window shapes it (``firmware.words.shaping``) and set in
Noto Naskh Arabic, its Latin runs (squares such as M5) in Helvetica, every line at the right of
its column. Long lines are wrapped to their column, so no translation runs off the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from engine import games
from firmware.menu.board_menu import DONE_COLOUR, SHOWN_PAGE, TIMEOUT
from firmware.menu.choices import games_on
from firmware.menu.menu_table import MenuTable, Page, menu_table
from firmware.words import N_, _, right_to_left, say
from firmware.words.shaping import ARABIC, ARABIC_FACE, runs, shaped
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
ARABIC_FONT = "NotoNaskhArabic"
"""The Arabic face's name once registered with ReportLab."""
INSTRUCTION_SIZE = 9.5
INSTRUCTION_STEP = 12.0
LEGEND_SIZE = 7.0
INDENT = "        "
"""Before a legend's wrapped line, under its words."""
LEGEND_STEP = 9.0
"""Points from one line of a legend to the next."""


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


class Line(NamedTuple):
    """A line of a diagram's heading or legend: ``x`` is where it starts, or, in a language
    written right to left, where it ends."""

    text: str
    x: float
    y: float
    bold: bool = False


def plan(table: MenuTable, board: Board) -> tuple[list[Box], list[Line]]:
    """Where every square of every diagram goes, and the headings' and legends' lines: two
    columns of diagrams, each row as deep as its deeper diagram needs."""
    geometry = games.load(games_on(table.kind)[0]).geometry
    columns = geometry.columns
    boxes: list[Box] = []
    lines: list[Line] = []
    diagrams = [(_("Opening"), None), *((say(page.setting.title), page) for page in table.pages)]
    width = (WIDTH - 2 * MARGIN) / 2
    rtl = right_to_left()
    top = min(HEIGHT - 170, instructions_bottom(table) - 16)
    scale = min(1.0, (width - 12) / (columns * CELL))
    meanings = [_meanings(table, page) for _title, page in diagrams]
    legends = [_legend(table, page, meaning, width) for (_title, page), meaning in
               zip(diagrams, meanings, strict=True)]
    grid = 16 + geometry.rows * CELL * scale  # from a diagram's title to its legend
    depths = [grid + LEGEND_STEP * max(len(legends[n]) for n in (row, min(row + 1,
                                                                          len(diagrams) - 1)))
              for row in range(0, len(diagrams), 2)]
    room = top - MARGIN / 2 - depths[-1]
    gap = min(18.0, (room - sum(depths[:-1])) / max(1, len(depths) - 1))
    bases = [top - sum(depths[:row]) - gap * row for row in range(len(depths))]
    for n, (title, page) in enumerate(diagrams):
        column = 1 - n % 2 if rtl else n % 2  # right to left: the first diagram at the right
        left = MARGIN + column * width
        base = bases[n // 2]
        edge = left + width - 8 if rtl else left  # where this column's lines start
        lines.append(Line(title if page is None else _("{title} (the page square: {square})")
                          .format(title=title, square=page.tab), edge, base + 4, True))
        for square, (row, column_of) in geometry.position.items():
            fill, number, meaning = meanings[n].get(square, (EMPTY, 0, ""))
            boxes.append(Box(title, square, left + column_of * CELL * scale,
                             base - 8 - (row + 1) * CELL * scale, fill, number, meaning))
        legend = base - grid
        for text, indented in legends[n]:
            indent = INDENT if indented and not rtl else ""  # a wrapped line under its words
            lines.append(Line(indent + text, edge if rtl else edge + 4, legend))
            legend -= LEGEND_STEP
    return boxes, lines


def _meanings(table: MenuTable, page: Page | None) -> dict[str, tuple[Colour, int, str]]:
    """What each square of a diagram means: its fill, its number in the legend (0: none) and
    its meaning (``page`` None: the opening diagram)."""
    meanings: dict[str, tuple[Colour, int, str]] = {}
    if page is None:
        for square in table.opening:
            meanings[square] = (OPENING, 0, _("a piece here"))
        meanings[table.done] = (DONE_COLOUR, 0, _("a piece here: lift it to close"))
        return meanings
    meanings[page.tab] = (SHOWN_PAGE, 0, _(PAGE))
    for number, (square, choice) in enumerate(page.choices.items(), 1):
        meanings[square] = (choice.colour, number, say(choice.label))
    meanings[table.done] = (DONE_COLOUR, 0, _("done"))
    return meanings


def _legend(table: MenuTable, page: Page | None, meanings: dict[str, tuple[Colour, int, str]],
            width: float) -> list[tuple[str, bool]]:
    """A diagram's legend, wrapped to its column: each line, and whether it goes on a line
    before it."""
    said = [f"{shown}  {square}: {meaning}" for square, (_, shown, meaning) in
            sorted(meanings.items(), key=lambda item: item[1][1]) if shown]
    if page is None:
        said = [_("- a piece on {squares}, then shake the sticks").format(
                    squares=_(" and on ").join(table.opening)),
                _("- lift the piece from {done} to close").format(done=table.done)]
    indent = width_of(INDENT, LEGEND_SIZE)  # a wrapped line is indented: it must fit too
    return [(text, k > 0) for line in said
            for k, text in enumerate(wrap(line, LEGEND_SIZE, width - 12 - indent))]


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


def instruction_lines(table: MenuTable) -> list[str]:
    """The instructions, numbered and wrapped to the page's width, as the card prints them."""
    return [text for n, line in enumerate(instructions(table))
            for text in wrap(f"{n + 1}. {line}", INSTRUCTION_SIZE, WIDTH - 2 * MARGIN)]


def instructions_bottom(table: MenuTable) -> float:
    """Where the last instruction line stands (its baseline)."""
    return HEIGHT - MARGIN - 50 - INSTRUCTION_STEP * (len(instruction_lines(table)) - 1)


def width_of(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is printed (points), Arabic as shaped, in the faces that draw it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not ARABIC.search(text):
        return float(stringWidth(text, _latin(bold), size))
    _register_arabic()
    return sum(float(stringWidth(run, ARABIC_FONT if arabic else _latin(bold), size))
               for run, arabic in runs(shaped(text)))


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width`` points (a word longer than that alone)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if line and width_of(trial, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


def _latin(bold: bool) -> str:
    return "Helvetica-Bold" if bold else "Helvetica"


def _register_arabic() -> None:
    """Make Noto Naskh Arabic known to ReportLab (once)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if ARABIC_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(ARABIC_FONT, str(ARABIC_FACE)))


def text_at(x: float, y: float, text: str, size: float, bold: bool = False,
            fill: Any = None, end: bool = False) -> list[Any]:
    """The ``String`` shapes that print ``text`` from ``x`` (to ``x``, with ``end``): one in
    Helvetica, or, for Arabic, its shaped runs each in its face, laid left to right."""
    from reportlab.graphics.shapes import String
    from reportlab.lib.colors import black

    ink = black if fill is None else fill
    if not ARABIC.search(text):
        return [String(x, y, text, fontName=_latin(bold), fontSize=size, fillColor=ink,
                       textAnchor="end" if end else "start")]
    _register_arabic()
    at = x - width_of(text, size, bold) if end else x
    shapes = []
    for run, arabic in runs(shaped(text)):
        font = ARABIC_FONT if arabic else _latin(bold)
        shapes.append(String(at, y, run, fontName=font, fontSize=size, fillColor=ink))
        at += width_of(run, size, bold) if not arabic else _arabic_width(run, size)
    return shapes


def _arabic_width(run: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(run, ARABIC_FONT, size))


def drawing(board: Board) -> Any:
    """The card as a ReportLab ``Drawing``."""
    from reportlab.graphics.shapes import Drawing, Rect, String
    from reportlab.lib.colors import Color

    def colour(rgb: Colour) -> Any:
        return Color(*(c / 255 for c in rgb))

    table = menu_table(games.load(games_on(board.kind)[0]).geometry, board.menu.open)
    card = Drawing(WIDTH, HEIGHT)
    rtl = right_to_left()
    x, end = (WIDTH - MARGIN, True) if rtl else (MARGIN, False)  # Arabic: from the right
    for shape in text_at(x, HEIGHT - MARGIN - 8, _("The board menu: {board}").format(
            board=board.name), 18, bold=True, end=end):
        card.add(shape)
    games_here = ", ".join(say(games.load(name).title) for name in games_on(board.kind))
    for shape in text_at(x, HEIGHT - MARGIN - 26, _("A {kind} board: {games}").format(
            kind=board.kind, games=games_here), 9, end=end):
        card.add(shape)
    for n, said in enumerate(instruction_lines(table)):
        for shape in text_at(x, HEIGHT - MARGIN - 50 - INSTRUCTION_STEP * n, said,
                             INSTRUCTION_SIZE, end=end):
            card.add(shape)
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
    for line in lines:
        size = 9 if line.bold else LEGEND_SIZE
        for shape in text_at(line.x, line.y, line.text, size, bold=line.bold, end=rtl):
            card.add(shape)
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
        _keep_as_laid(out)
    else:
        _png(card, out)
    return out


def _keep_as_laid(svg: Path) -> None:
    """Tell SVG viewers to draw each text as laid out here: its Arabic is already in visual
    order (a browser applying the bidi algorithm again would turn it round)."""
    text = svg.read_text(encoding="utf-8")
    opening = re.search(r"<svg\b[^>]*>", text)
    if opening is not None:
        style = "<style>text { unicode-bidi: bidi-override; direction: ltr; }</style>"
        svg.write_text(text[:opening.end()] + style + text[opening.end():], encoding="utf-8")


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

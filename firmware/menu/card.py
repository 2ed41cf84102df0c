"""The menu card: one printed page for the box lid, drawn from the very table the controller reads
(``firmware.menu.menu_table``), so the card and the board can never disagree.

    aseb menu-card --board /etc/aseb/board.toml --out card.pdf      # or card.svg, card.png

A designed page, every word in the board's language: the title and the games the board plays;
the gesture that opens the menu, drawn (the pieces on the board, the stick box shaken) beside
its steps; then each page's squares with their colours, numbers and meanings. Everything is
placed first (``layout``: boxes and lines, pure), then drawn; the layout shrinks its letters
and squares together until the whole card fits inside the margins, so no translation runs off
the page or over another line.

ReportLab draws it (PDF and SVG in pure Python; PNG through its renderPM backend,
``rl_renderPM`` or ``rlPyCairo``); it is imported only here, when a card is drawn. Latin text is
set in Helvetica; Arabic is shaped as the window shapes it (``firmware.words.shaping``) and set in
Noto Naskh Arabic, its Latin runs (squares such as M5) in Helvetica, every line at the right of
its column, and the columns themselves mirrored.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import games
from engine.games.api import Geometry
from firmware.menu.board_menu import DONE_COLOUR, SHOWN_PAGE, TIMEOUT
from firmware.menu.choices import games_on
from firmware.menu.menu_table import MenuTable, Page, menu_table
from firmware.words import N_, _, right_to_left, say
from firmware.words.extras import needs
from firmware.words.shaping import ARABIC, ARABIC_FACE, runs, shaped
from hardware.boards.board_file import Board
from hardware.doors.writer import write_whole
from hardware.lights.strips import Colour

WIDTH, HEIGHT = 595.0, 842.0
"""An A4 page in points."""
MARGIN = 36.0
"""Nothing is printed nearer the page's edge than this."""
CELL = 19.0
"""A square of a diagram at full size, in points."""
EMPTY: Colour = (235, 228, 214)
OPENING: Colour = (120, 120, 120)
INK: Colour = (40, 30, 20)
RULE: Colour = (150, 130, 100)
FORMATS = (".pdf", ".svg", ".png")
PAGE = N_("this page")
ARABIC_FONT = "NotoNaskhArabic"
"""The Arabic face's name once registered with ReportLab."""
TITLE_SIZE = 24.0
SUBTITLE_SIZE = 10.5
HEADING_SIZE = 12.0
STEP_SIZE = 9.5
PAGE_TITLE_SIZE = 9.0
LEGEND_SIZE = 7.0
LABEL_SIZE = 4.5
"""The square's name printed in its corner."""
LEADING = 1.25
"""A line's height over its letters' size."""
GAP = 14.0
"""Points between the blocks of the card (at full size)."""
SMALLEST = 0.55
"""The card shrinks its pages' letters and squares at most to this share of their size."""


@dataclass(frozen=True)
class Box:
    """One square drawn on the card: in which diagram (a page's title, or ``Opening``), its
    square, where (its lower left corner, points from the page's lower left), its size, its
    fill, its number in the legend (0: none), what it means and whether it is outlined."""

    page: str
    square: str
    x: float
    y: float
    size: float
    fill: Colour
    number: int
    meaning: str
    outlined: bool = False


@dataclass(frozen=True)
class Line:
    """A printed line: its words, where its baseline starts (or ends, with ``end``), its size,
    whether it is bold."""

    text: str
    x: float
    y: float
    size: float
    bold: bool = False
    end: bool = False

    @property
    def left(self) -> float:
        """Where the line begins on the page, whichever way it reads."""
        return self.x - width_of(self.text, self.size, self.bold) if self.end else self.x

    @property
    def right(self) -> float:
        return self.left + width_of(self.text, self.size, self.bold)


@dataclass
class Card:
    """Everything on the card, placed: squares, lines, the pieces of the gesture (discs), the
    stick box drawn beside it, and the rules between the parts."""

    boxes: list[Box] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    pieces: list[tuple[float, float, float]] = field(default_factory=list)
    """A piece set on a square of the gesture: its centre and radius."""
    sticks: tuple[float, float, float, float] | None = None
    """The stick box being shaken: its lower left corner, width and height."""
    rules: list[tuple[float, float, float]] = field(default_factory=list)
    """Horizontal rules: from x, to x, at y."""


def card_table(board: Board) -> MenuTable:
    """The menu of ``board`` as its controller reads it."""
    return menu_table(_geometry(board), board.menu.open, pin_fixed=board.web.pin is not None)


def _geometry(board: Board) -> Geometry:
    return games.load(games_on(board.kind)[0]).geometry


def steps(table: MenuTable) -> list[str]:
    """How to use the menu, in five steps."""
    first = _(" and on ").join(table.opening[:-1])
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


def layout(board: Board) -> Card:
    """The whole card of ``board``, placed inside the margins: the largest size of its pages'
    letters and squares at which everything fits."""
    scale = 1.0
    while True:
        card, bottom = _laid(board, scale)
        if bottom >= MARGIN or scale <= SMALLEST:
            return card
        scale = round(scale - 0.05, 2)


class _Column:
    """A column of the card from ``left``, ``width`` wide: its lines start at its left, or, in a
    language read from the right, end at its right (the column itself placed by the caller)."""

    def __init__(self, card: Card, left: float, width: float) -> None:
        self.card, self.left, self.width = card, left, width
        self.below = 0.0
        """How far the last line's letters reach under its baseline (points)."""

    def line(self, text: str, y: float, size: float, bold: bool = False,
             indent: float = 0.0) -> None:
        """One line with its baseline at ``y``, ``indent`` in from where lines begin."""
        self.below = _descent(text) * size
        if right_to_left():
            self.card.lines.append(Line(text, self.left + self.width - indent, y, size, bold,
                                        end=True))
        else:
            self.card.lines.append(Line(text, self.left + indent, y, size, bold))

    def paragraph(self, text: str, y: float, size: float, bold: bool = False,
                  hang: str = "") -> float:
        """``text`` wrapped to the column under ``y`` (its later lines in by as much as ``hang``
        is wide); where its last line stands."""
        indent = width_of(hang, size, bold) if hang else 0.0
        for k, part in enumerate(wrap(text, size, self.width - indent, bold)):
            y -= max(size * LEADING, self.below + (_ascent(part) + 0.2) * size)
            self.line(part, y, size, bold, indent if k else 0.0)
        return y


def _ascent(text: str) -> float:
    """How high a line's letters reach over its baseline, in its size: Naskh's Arabic stands
    taller than Helvetica."""
    return 0.9 if ARABIC.search(text) else 0.72


def _descent(text: str) -> float:
    """How deep a line's letters reach under its baseline, in its size (Naskh's deeper)."""
    return 0.634 if ARABIC.search(text) else 0.21


def _place(left: float, width: float) -> float:
    """Where a part ``width`` wide that lies at ``left`` goes: mirrored in a language read from
    the right (its boards and drawings are not mirrored within it)."""
    return WIDTH - left - width if right_to_left() else left


def _laid(board: Board, scale: float) -> tuple[Card, float]:
    """The card at ``scale`` (its pages' letters and squares), and where its last line ends."""
    table = card_table(board)
    geometry = _geometry(board)
    card = Card()
    wide = WIDTH - 2 * MARGIN
    whole = _Column(card, MARGIN, wide)
    y = HEIGHT - MARGIN - TITLE_SIZE * 0.8
    whole.line(_("The board menu"), y, TITLE_SIZE, bold=True)
    names = ", ".join(say(games.load(name).title) for name in games_on(board.kind))
    y = whole.paragraph(_("For the games of this board: {games}").format(games=names), y,
                        SUBTITLE_SIZE)
    y -= GAP * 0.7
    card.rules.append((MARGIN, WIDTH - MARGIN, y))
    y = _gesture(card, table, geometry, y - GAP * 0.6, scale)
    y -= GAP * 0.7
    card.rules.append((MARGIN, WIDTH - MARGIN, y))
    y -= GAP * 0.6 + HEADING_SIZE * 0.8
    whole.line(_("The pages"), y, HEADING_SIZE, bold=True)
    return card, _pages(card, table, geometry, y - GAP * 0.5, scale)


def _gesture(card: Card, table: MenuTable, geometry: Geometry, top: float,
             scale: float) -> float:
    """How to open and close the menu: the board with the pieces set on it and the stick box
    shaken, drawn beside the numbered steps; where the part ends."""
    wide = WIDTH - 2 * MARGIN
    drawn = wide * 0.4
    left = _place(MARGIN, drawn)
    y = top - HEADING_SIZE * 0.8
    _Column(card, left, drawn).line(_("Opening"), y, HEADING_SIZE, bold=True)
    cell = min(CELL * max(scale, 0.8), (drawn - 4) / geometry.columns)
    meanings = {square: (OPENING, 0, _("a piece here")) for square in table.opening}
    meanings[table.done] = (DONE_COLOUR, 0, _("a piece here: lift it to close"))
    board_left = left + (drawn - geometry.columns * cell) / 2
    bottom = _board(card, _("Opening"), geometry, meanings, board_left, y - HEADING_SIZE * 0.7,
                    cell)
    card.pieces = [(box.x + box.size / 2, box.y + box.size / 2, box.size * 0.3)
                   for box in card.boxes if box.square in table.opening]
    box_h = max(16.0, cell * 1.5)
    card.sticks = (left + (drawn - box_h * 1.6) / 2, bottom - GAP * 0.8 - box_h, box_h * 1.6,
                   box_h)
    steps_column = _Column(card, _place(MARGIN + drawn + GAP, wide - drawn - GAP),
                           wide - drawn - GAP)
    y = top
    size = STEP_SIZE * max(scale, 0.85)
    for n, step in enumerate(steps(table), 1):
        y = steps_column.paragraph(f"{n}. {step}", y, size, hang=f"{n}. ") - size * 0.35
    return min(bottom - GAP * 0.8 - box_h, y)


def _pages(card: Card, table: MenuTable, geometry: Geometry, top: float,
           scale: float) -> float:
    """Each page of the menu in two columns, row by row (from the right in a language read
    from the right): its title and square, its board, its legend; where the last row's letters
    end."""
    wide = WIDTH - 2 * MARGIN
    width = (wide - GAP) / 2
    cell = min(CELL * scale, (width - 4) / geometry.columns)
    size = LEGEND_SIZE * max(scale, 0.8)
    heading = PAGE_TITLE_SIZE * max(scale, 0.8)
    gap = GAP * max(scale, 0.6)
    y = top
    pages = list(table.pages)
    for row in range(0, len(pages), 2):
        bottoms = []
        for n, page in enumerate(pages[row:row + 2]):
            column = _Column(card, _place(MARGIN + n * (width + GAP), width), width)
            title = say(page.setting.title)
            line_y = column.paragraph(_("{title} (the page square: {square})").format(
                title=title, square=page.tab), y, heading, bold=True)
            bottom = _board(card, title, geometry, _meanings(table, page), column.left,
                            line_y - heading * 0.5, cell)
            legend = _Column(card, column.left + 4, width - 8)
            legend_y = bottom - size * 0.3
            for number, (square, choice) in enumerate(page.choices.items(), 1):
                legend_y = legend.paragraph(f"{number}  {square}: {say(choice.label)}",
                                            legend_y, size, hang=f"{number}  ")
            bottoms.append(legend_y - legend.below)  # where its letters end, not its baseline
        y = min(bottoms) - gap
    return y + gap


def _meanings(table: MenuTable, page: Page) -> dict[str, tuple[Colour, int, str]]:
    """What each square of a page's board means: its fill, its number, its meaning."""
    meanings: dict[str, tuple[Colour, int, str]] = {page.tab: (SHOWN_PAGE, 0, _(PAGE))}
    for number, (square, choice) in enumerate(page.choices.items(), 1):
        meanings[square] = (choice.colour, number, say(choice.label))
    meanings[table.done] = (DONE_COLOUR, 0, _("done"))
    return meanings


def _board(card: Card, title: str, geometry: Geometry,
           meanings: dict[str, tuple[Colour, int, str]], left: float, top: float,
           cell: float) -> float:
    """A board's squares under ``top`` from ``left``, each as ``meanings`` fills it; where the
    board ends."""
    for square, (row, column) in geometry.position.items():
        fill, number, meaning = meanings.get(square, (EMPTY, 0, ""))
        card.boxes.append(Box(title, square, left + column * cell, top - (row + 1) * cell, cell,
                              fill, number, meaning, outlined=meaning == _(PAGE)))
    return top - geometry.rows * cell


@lru_cache(maxsize=8192)  # the layout measures each line at every size it tries
def width_of(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is printed (points), Arabic as shaped, in the faces that draw it."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    if not ARABIC.search(text):
        return float(stringWidth(text, _latin(bold), size))
    _register_arabic()
    return sum(float(stringWidth(run, ARABIC_FONT if arabic else _latin(bold), size))
               for run, arabic in runs(shaped(text, right_to_left())))


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

    ink = _colour(INK) if fill is None else fill
    if not ARABIC.search(text):
        return [String(x, y, text, fontName=_latin(bold), fontSize=size, fillColor=ink,
                       textAnchor="end" if end else "start")]
    _register_arabic()
    at = x - width_of(text, size, bold) if end else x
    shapes = []
    for run, arabic in runs(shaped(text, right_to_left())):  # a line of its paragraph
        font = ARABIC_FONT if arabic else _latin(bold)
        shapes.append(String(at, y, run, fontName=font, fontSize=size, fillColor=ink))
        at += float(_string_width(run, font, size))
    return shapes


def _string_width(run: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(run, font, size))


def _colour(rgb: Colour) -> Any:
    from reportlab.lib.colors import Color

    return Color(*(c / 255 for c in rgb))


def drawing(board: Board) -> Any:
    """The card as a ReportLab ``Drawing``."""
    from reportlab.graphics.shapes import Circle, Drawing, Rect, String
    from reportlab.graphics.shapes import Line as Rule

    card = layout(board)
    page = Drawing(WIDTH, HEIGHT)
    for x0, x1, y in card.rules:
        page.add(Rule(x0, y, x1, y, strokeColor=_colour(RULE), strokeWidth=0.6))
    for box in card.boxes:
        page.add(Rect(box.x, box.y, box.size, box.size, fillColor=_colour(box.fill),
                      strokeColor=_colour((0, 0, 0) if box.outlined else (90, 80, 60)),
                      strokeWidth=1.5 if box.outlined else 0.5))
        label = LABEL_SIZE * box.size / CELL
        page.add(String(box.x + 1.2, box.y + box.size - label - 0.8, box.square,
                        fontName="Helvetica", fontSize=label, fillColor=_colour(_ink(box.fill))))
        if box.number:
            page.add(String(box.x + box.size / 2, box.y + box.size * 0.15, str(box.number),
                            fontName="Helvetica-Bold", fontSize=box.size * 0.42,
                            textAnchor="middle", fillColor=_colour(_ink(box.fill))))
    for x, y, radius in card.pieces:
        page.add(Circle(x, y - radius * 0.2, radius, fillColor=_colour(INK),
                        strokeColor=_colour((255, 255, 255)), strokeWidth=0.8))
    if card.sticks is not None:
        for shape in _stick_box(*card.sticks):
            page.add(shape)
    for line in card.lines:
        for shape in text_at(line.x, line.y, line.text, line.size, line.bold, end=line.end):
            page.add(shape)
    return page


def _stick_box(x: float, y: float, width: float, height: float) -> Iterator[Any]:
    """The stick box, shaken: its four sticks, and the marks of the shake either side."""
    from reportlab.graphics.shapes import Line as Stroke
    from reportlab.graphics.shapes import Rect

    yield Rect(x, y, width, height, rx=height * 0.2, ry=height * 0.2,
               fillColor=_colour((122, 74, 38)), strokeColor=_colour(INK), strokeWidth=0.6)
    stick = width / 9
    for n in range(4):
        yield Rect(x + stick * (1.4 + 1.8 * n), y + height * 0.15, stick, height * 0.7,
                   rx=stick * 0.4, ry=stick * 0.4, fillColor=_colour((246, 240, 225)),
                   strokeColor=_colour(INK), strokeWidth=0.4)
    for side in (-1, 1):
        edge = x - 3 if side < 0 else x + width + 3
        for k in range(3):
            dy = height * (0.25 + 0.25 * k)
            yield Stroke(edge, y + dy, edge + side * height * 0.3, y + dy + height * 0.08,
                         strokeColor=_colour(INK), strokeWidth=0.7)


def _ink(fill: Colour) -> Colour:
    """Black on light squares, white on dark ones."""
    return (0, 0, 0) if sum(fill) > 330 else (255, 255, 255)


def draw_card(board: Board, out: Path) -> Path:
    """Write the card of ``board`` to ``out`` (.pdf, .svg or .png), drawn in memory and
    written whole by the one writer; ValueError saying what is missing or wrong, ``Unwritable``
    when ``out`` is not a regular file or a new name."""
    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise ValueError(f"{out}: the card is written as {', '.join(FORMATS)}")
    try:
        card = drawing(board)
    except ImportError as exc:
        raise ValueError(needs("aseb menu-card", "card", exc)) from None
    if suffix == ".pdf":
        drawn = _pdf(card)
    elif suffix == ".svg":
        from reportlab.graphics import renderSVG

        drawn = _keep_as_laid(renderSVG.drawToString(card)).encode("utf-8")
    else:
        drawn = _png(card)
    write_whole(out, drawn)
    return out


def _pdf(card: Any) -> bytes:
    """The card as a PDF page, titled in the board's language in the file's properties (and
    nowhere on the page)."""
    from reportlab.graphics import renderPDF
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(WIDTH, HEIGHT))
    canvas.setTitle(_("The board menu"))
    renderPDF.draw(card, canvas, 0, 0)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _keep_as_laid(text: str) -> str:
    """Tell SVG viewers to draw each text as laid out here: its Arabic is already in visual
    order (a browser applying the bidi algorithm again would turn it round)."""
    opening = re.search(r"<svg\b[^>]*>", text)
    if opening is None:
        return text
    style = "<style>text { unicode-bidi: bidi-override; direction: ltr; }</style>"
    return text[:opening.end()] + style + text[opening.end():]


def _png(card: Any) -> bytes:
    from reportlab.graphics import renderPM
    from reportlab.graphics.utils import RenderPMError

    for backend in ("_renderPM", "rlPyCairo"):
        try:
            png: bytes = renderPM.drawToString(card, fmt="PNG", dpi=150, backend=backend)
            return png
        except (ImportError, RenderPMError):
            continue
    raise ValueError("a PNG card needs ReportLab's bitmap renderer: pip install rl_renderPM "
                     "(or write the card as .pdf or .svg)")

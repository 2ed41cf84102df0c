"""The menu card: rendered, then read back from the SVG it wrote (squares by their printed names,
fills, numbers and legend) and compared with the table the controller reads."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import games
from firmware import words
from firmware.menu.card import (
    CELL,
    DONE_COLOUR,
    HEIGHT,
    INSTRUCTION_SIZE,
    LEGEND_SIZE,
    MARGIN,
    WIDTH,
    draw_card,
    instruction_lines,
    plan,
    width_of,
)
from firmware.menu.choices import games_on
from firmware.menu.menu_table import MenuTable, menu_table
from firmware.words.shaping import ARABIC, shaped
from hardware.board_file import BOARDS, DEFAULT_BOARD, Board, load_board
from hardware.strips import Colour
from sim.command.cli import main
from tests.firmware.menu.test_settings_file import with_menu

pytest.importorskip("reportlab")

Rect = tuple[float, float, tuple[int, int, int]]
Text = tuple[float, float, str]


def read_svg(path: Path) -> tuple[list[Rect], list[Text]]:
    """Every filled rectangle (x, y, fill in whole percent) and every text (x, y, words)."""
    rects: list[Rect] = []
    texts: list[Text] = []
    for element in ET.parse(path).iter():
        tag = element.tag.rsplit("}", 1)[-1]
        style = element.get("style", "")
        if tag == "rect" and "fill: rgb(" in style:
            fill = re.search(r"fill: rgb\((\d+)%,(\d+)%,(\d+)%\)", style)
            assert fill is not None
            rects.append((float(element.get("x", 0)), float(element.get("y", 0)),
                          (int(fill[1]), int(fill[2]), int(fill[3]))))
        elif tag == "text":
            texts.append((float(element.get("x", 0)), float(element.get("y", 0)),
                          element.text or ""))
    return rects, texts


def percent(colour: Colour) -> tuple[int, int, int]:
    r, g, b = (int(c * 100 / 255) for c in colour)  # as ReportLab writes it
    return r, g, b


def diagram(rects: list[Rect], texts: list[Text], heading: str
            ) -> tuple[dict[str, tuple[int, int, int]], dict[str, str], str]:
    """The diagram under ``heading``: each square's fill and number, and its legend's words."""
    hx, hy = next((x, y) for x, y, text in texts if text == heading)
    cells = [(x, y, fill) for x, y, fill in rects if hx - 1 <= x < hx + 260 and hy - 90 < y < hy]
    fills, numbers = {}, {}
    for x, y, fill in cells:
        inside = [t for tx, ty, t in texts if x <= tx < x + CELL and y <= ty < y + CELL]
        names = [t for t in inside if not t.isdigit()]
        assert len(names) == 1, f"one square's name in each cell, not {inside}"
        fills[names[0]] = fill
        numbers[names[0]] = next((t for t in inside if t.isdigit()), "")
    bottom = min(y for _, y, _ in cells)
    below = [ty for tx, ty, t in texts if abs(tx - hx) < 1 and ty < bottom and is_heading(t)]
    end = max(below, default=0.0)  # the next diagram's heading in this column
    legend = " ".join(t for tx, ty, t in texts
                      if hx - 1 <= tx < hx + 260 and end < ty < bottom)
    return fills, numbers, " ".join(legend.split())


def is_heading(text: str) -> bool:
    return text == "Opening" or "(the page square:" in text


def controllers_table(board: Board) -> MenuTable:
    return menu_table(games.load(games_on(board.kind)[0]).geometry, board.menu.open)


@pytest.mark.parametrize("board_file", [DEFAULT_BOARD, BOARDS / "senet.toml"])
def test_the_card_shows_exactly_the_controllers_squares(tmp_path: Path, board_file: Path) -> None:
    board = load_board(board_file)
    rects, texts = read_svg(draw_card(board, tmp_path / "card.svg"))
    table = controllers_table(board)
    for page in table.pages:
        fills, numbers, legend = diagram(rects, texts,
                                         f"{page.setting.title} (the page square: {page.tab})")
        expected = {sq: percent(choice.colour) for sq, choice in page.choices.items()}
        assert {sq: fills[sq] for sq in expected} == expected
        assert fills[table.done] == percent(DONE_COLOUR)
        numbered = {sq: n for sq, n in numbers.items() if n}
        assert numbered == {sq: str(n) for n, sq in enumerate(page.choices, 1)}
        for n, (square, choice) in enumerate(page.choices.items(), 1):
            drawn = shaped(f"{n} {square}: {choice.label}")  # Arabic joined, as printed
            assert " ".join(drawn.split()) in legend
        plain = set(fills) - set(page.choices) - {page.tab, table.done}
        assert len({fills[sq] for sq in plain}) == 1  # every other square the same plain wood
    fills, _, legend = diagram(rects, texts, "Opening")
    assert fills[table.done] == percent(DONE_COLOUR)
    assert all(square in legend for square in table.opening)


def test_aseb_menu_card_writes_a_pdf_and_a_png(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["menu-card", "--out", str(tmp_path / "card.pdf")]) == 0
    assert (tmp_path / "card.pdf").read_bytes().startswith(b"%PDF")
    assert "card.pdf" in capsys.readouterr().out
    try:
        status = main(["menu-card", "--out", str(tmp_path / "card.png")])
    except ValueError:
        pytest.skip("no bitmap renderer for ReportLab here")
    if status == 0:
        assert (tmp_path / "card.png").read_bytes().startswith(b"\x89PNG")
    else:
        assert "PNG card needs" in capsys.readouterr().err


def test_a_bad_board_file_or_format_is_answered_in_a_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text(with_menu('level = "pharaoh"'))
    assert main(["menu-card", "--board", str(bad), "--out", str(tmp_path / "c.pdf")]) == 78
    assert "menu.level" in capsys.readouterr().err
    assert main(["menu-card", "--out", str(tmp_path / "card.doc")]) == 2
    assert "the card is written as .pdf, .svg, .png" in capsys.readouterr().err


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    words.use("en")


def lines_at(texts: list[Text]) -> dict[float, str]:
    """The card's printed lines by height, their runs joined left to right (an Arabic line is
    printed as runs, each in its face)."""
    found: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in texts:
        found.setdefault(y, []).append((x, text))
    return {y: "".join(text for _x, text in sorted(runs)) for y, runs in found.items()}


def test_the_arabic_card_is_shaped_right_to_left_and_at_the_right(
        tmp_path: Path, english_after: None) -> None:
    words.use("ar")
    board = load_board(DEFAULT_BOARD)
    _rects, texts = read_svg(draw_card(board, tmp_path / "card.svg"))
    printed = set(lines_at(texts).values())
    table = controllers_table(board)
    for line in instruction_lines(table):  # each line as the window draws it: joined, in order
        assert shaped(line) in printed
        assert not re.search("[\u0621-\u064a]", shaped(line))  # no letter left unjoined
    assert any(shaped(words._("Opening")) in line for line in printed)
    arabic = [text for _x, _y, text in texts if ARABIC.search(text)]
    assert arabic and all(not re.search("[\u0621-\u064a]", text) for text in arabic)
    svg = (tmp_path / "card.svg").read_text(encoding="utf-8")
    assert "NotoNaskhArabic" in svg and "unicode-bidi" in svg  # no viewer turns it round again
    first = [(x, text) for x, y, text in texts if y == HEIGHT - MARGIN - 50]  # instruction 1
    x, text = max(first)
    assert x + width_of(text, INSTRUCTION_SIZE) == pytest.approx(WIDTH - MARGIN)  # at the right
    assert text.endswith("1")  # its number first, at the right: "1." read right to left
    try:
        png = draw_card(board, tmp_path / "card.png")
    except ValueError:
        pytest.skip("no bitmap renderer for ReportLab here")
    assert png.read_bytes().startswith(b"\x89PNG")


def test_an_arabic_word_is_printed_joined(english_after: None) -> None:
    """Joined letters are narrower than the same letters standing alone, in the card's face."""
    pytest.importorskip("reportlab")
    word = "العربية"
    isolated = sum(width_of(letter, 12) for letter in word)
    assert width_of(word, 12) < isolated * 0.85


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
@pytest.mark.parametrize("board_file", [DEFAULT_BOARD, BOARDS / "senet.toml",
                                        BOARDS / "mcp23017-racks.toml"])
def test_no_line_of_any_languages_card_passes_the_margin(language: str, board_file: Path,
                                                         english_after: None) -> None:
    words.use(language)
    board = load_board(board_file)
    table = controllers_table(board)
    wide = WIDTH - 2 * MARGIN
    for line in instruction_lines(table):
        assert width_of(line, INSTRUCTION_SIZE) <= wide, line
    boxes, lines = plan(table, board)
    column = wide / 2
    for line in lines:
        size = 9 if line.bold else LEGEND_SIZE
        start = line.x - width_of(line.text, size, line.bold) if words.right_to_left() \
            else line.x
        assert MARGIN - 0.5 <= start and start + width_of(line.text, size, line.bold) <= \
            WIDTH - MARGIN + 0.5, line
        assert width_of(line.text, size, line.bold) <= column, line
        assert line.y >= MARGIN / 2, line  # not off the page's foot
    assert all(MARGIN <= box.x <= WIDTH - MARGIN for box in boxes)
    headings = [line for line in lines if line.bold]
    legends = [line for line in lines if not line.bold]
    for heading in headings:  # a legend never runs into the heading below it
        assert not any(abs(legend.y - heading.y) < 8 and
                       (legend.x > WIDTH / 2) == (heading.x > WIDTH / 2) for legend in legends)

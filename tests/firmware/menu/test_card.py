"""The menu card: laid out from the table the controller reads (every square, colour, number and
meaning), drawn, and read back from the PDF it wrote: for every board in every language no two
words overlap, none leaves the margins, every word is in the board's language, and the page
carries no title printed over its steps."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from firmware import words
from firmware.menu.card import (
    DONE_COLOUR,
    EMPTY,
    HEIGHT,
    MARGIN,
    SHOWN_PAGE,
    WIDTH,
    Card,
    card_table,
    draw_card,
    layout,
    steps,
    width_of,
)
from firmware.words.shaping import shaped
from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, Board, load_board
from sim.command.cli import main
from tests.firmware.menu.test_settings_file import with_menu

pytest.importorskip("reportlab")

EVERY_BOARD = sorted(BOARDS.glob("*.toml"))
Word = dict[str, object]


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    words.use("en")


def page_words(pdf: Path) -> tuple[list[Word], dict[str, object]]:
    """Every word printed on the card's page with its box (pdfplumber), and the file's
    properties."""
    pdfplumber = pytest.importorskip("pdfplumber")
    with pdfplumber.open(pdf) as read:
        assert len(read.pages) == 1
        page = read.pages[0]
        assert (page.width, page.height) == (WIDTH, HEIGHT)
        return page.extract_words(x_tolerance=1.5, y_tolerance=1), dict(read.metadata)


def overlapping(words_on_page: list[Word]) -> list[tuple[object, object]]:
    """The pairs of words whose boxes overlap."""
    found = []
    for a, b in itertools.combinations(words_on_page, 2):
        if a["x0"] < b["x1"] - 0.01 and b["x0"] < a["x1"] - 0.01 \
                and a["top"] < b["bottom"] - 0.01 and b["top"] < a["bottom"] - 0.01:  # type: ignore[operator]
            found.append((a["text"], b["text"]))
    return found


def outside(words_on_page: list[Word]) -> list[object]:
    """The words that reach past the margins."""
    return [w["text"] for w in words_on_page
            if w["x0"] < MARGIN - 0.5 or w["x1"] > WIDTH - MARGIN + 0.5  # type: ignore[operator]
            or w["top"] < MARGIN - 0.5 or w["bottom"] > HEIGHT - MARGIN + 0.5]  # type: ignore[operator]


LONGEST = {"ar", "de", "qps"}
"""The languages whose cards are checked in make test: right to left, the longest words, and
the pseudo-language (every word a third longer); the others in make test-long."""


def distinct_cards() -> Iterator[object]:
    """Every board file, those whose card is laid out as an earlier one's (the same games and
    squares: the reed, racked and Hall boards of Tait's game) left to ``make test-long``."""
    seen: set[str] = set()
    for board_file in EVERY_BOARD:
        card = repr(layout(load_board(board_file)))
        again = card in seen
        seen.add(card)
        yield pytest.param(board_file, id=board_file.stem,
                           marks=[pytest.mark.long] if again else [])


@pytest.mark.parametrize("language", [
    language if language in LONGEST else pytest.param(language, marks=pytest.mark.long)
    for language in sorted(words.LANGUAGES)])
@pytest.mark.parametrize("board_file", list(distinct_cards()))
def test_no_two_words_of_any_card_overlap_and_none_leaves_the_margins(
        board_file: Path, language: str, tmp_path: Path, english_after: None) -> None:
    words.use(language)
    printed, properties = page_words(draw_card(load_board(board_file), tmp_path / "card.pdf"))
    assert len(printed) > 150
    assert overlapping(printed) == []
    assert outside(printed) == []
    text = " ".join(str(w["text"]) for w in printed)
    assert "aseb menu card" not in text  # no title of ReportLab's over the first step
    assert properties.get("Title") == words._("The board menu")


def test_a_check_that_finds_an_overlap_and_a_word_past_the_margin() -> None:
    a = {"text": "a", "x0": 40.0, "x1": 60.0, "top": 100.0, "bottom": 110.0}
    b = {"text": "b", "x0": 55.0, "x1": 70.0, "top": 105.0, "bottom": 115.0}
    c = {"text": "c", "x0": 550.0, "x1": 570.0, "top": 300.0, "bottom": 310.0}
    assert overlapping([a, b, c]) == [("a", "b")]
    assert outside([a, b, c]) == ["c"]


def boxes_of(card: Card, page: str) -> dict[str, tuple[tuple[int, int, int], int, bool]]:
    return {box.square: (box.fill, box.number, box.outlined) for box in card.boxes
            if box.page == page}


@pytest.mark.parametrize("board_file", EVERY_BOARD, ids=lambda p: p.stem)
def test_the_card_shows_exactly_the_controllers_squares(board_file: Path) -> None:
    board = load_board(board_file)
    card, table = layout(board), card_table(board)
    printed = " ".join(line.text for line in card.lines)
    for page in table.pages:
        drawn = boxes_of(card, page.setting.title)
        assert drawn[page.tab] == (SHOWN_PAGE, 0, True)  # the page's own square, outlined
        assert drawn[table.done][0] == DONE_COLOUR
        for number, (square, choice) in enumerate(page.choices.items(), 1):
            assert drawn[square] == (choice.colour, number, False)
            legend = f"{number} {square}: {choice.label}"
            assert legend in " ".join(printed.split()), legend  # wrapped lines joined
        plain = set(drawn) - set(page.choices) - {page.tab, table.done}
        assert {drawn[square][0] for square in plain} == {EMPTY}
    opening = boxes_of(card, "Opening")
    assert opening[table.done][0] == DONE_COLOUR
    pieces = {(round(x), round(y)) for x, y, _r in card.pieces}
    assert len(pieces) == len(table.opening)  # a piece drawn on each opening square
    assert card.sticks is not None
    for step in steps(table):
        assert step in " ".join(printed.split())


def test_the_svg_draws_every_square_of_the_plan_in_its_colour(tmp_path: Path) -> None:
    board = load_board(DEFAULT_BOARD)
    card = layout(board)
    svg = draw_card(board, tmp_path / "card.svg")
    fills: Counter[tuple[int, int, int]] = Counter()
    texts = []
    for element in ET.parse(svg).iter():
        tag = element.tag.rsplit("}", 1)[-1]
        fill = re.search(r"fill: rgb\((\d+)%,(\d+)%,(\d+)%\)", element.get("style", ""))
        if tag == "rect" and fill is not None:
            fills[(int(fill[1]), int(fill[2]), int(fill[3]))] += 1
        elif tag == "text":
            texts.append(element.text or "")
    wanted = Counter(tuple(int(c * 100 / 255) for c in box.fill) for box in card.boxes)
    assert all(fills[colour] >= n for colour, n in wanted.items())
    assert Counter(t for t in texts if re.fullmatch(r"[A-Z]\d+", t)) == \
        Counter(box.square for box in card.boxes)


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
@pytest.mark.parametrize("board_file", EVERY_BOARD, ids=lambda p: p.stem)
def test_a_card_names_no_board_file_nor_kind_only_its_games(board_file: Path, language: str,
                                                             english_after: None) -> None:
    """The board file's name and kind are the maker's words ("reeds on two MCP23017
    expanders", ``twenty-squares``): a card, in any language, speaks only its own."""
    words.use(language)
    board = load_board(board_file)
    printed = " ".join(line.text for line in layout(board).lines)
    assert board.name not in printed and board.kind not in printed
    assert "MCP23017" not in printed and "reeds" not in printed


def test_the_arabic_card_has_no_english_word(english_after: None) -> None:
    """Every Latin word left on the Arabic card is a square, a number or a language's own
    name (the words are the catalog's: the pseudo-language test finds any not marked)."""
    words.use("ar")
    card = layout(load_board(DEFAULT_BOARD))
    names = {name for value in words.LANGUAGES.values() for name in value.split()}
    latin = {word for line in card.lines for word in re.findall(r"[^\W\d_]+", line.text)
             if re.match("[A-Za-z]", word)}
    assert {word for word in latin if not re.fullmatch(r"[A-Z]", word) and word not in names
            and not re.fullmatch(r"[A-Z]\d*", word)} == set()


def test_the_arabic_card_reads_from_the_right_its_words_joined(tmp_path: Path,
                                                                english_after: None) -> None:
    words.use("ar")
    board = load_board(DEFAULT_BOARD)
    card = layout(board)
    assert all(line.end for line in card.lines)  # every line set to the right of its column
    assert max(line.x for line in card.lines) == pytest.approx(WIDTH - MARGIN)
    title = next(line for line in card.lines if line.text == words._("The board menu"))
    assert title.x == pytest.approx(WIDTH - MARGIN)
    steps_at = [line for line in card.lines if line.text.startswith("1. ")]
    opening = [box for box in card.boxes if box.page == words._("Opening")]
    assert steps_at and steps_at[0].x < min(box.x for box in opening)  # the drawing at right
    for line in card.lines:
        assert not re.search("[\u0621-\u064a]", shaped(line.text))  # no letter left unjoined
    svg = draw_card(board, tmp_path / "card.svg").read_text(encoding="utf-8")
    assert "NotoNaskhArabic" in svg and "unicode-bidi" in svg  # no viewer turns it round again
    try:
        png = draw_card(board, tmp_path / "card.png")
    except ValueError:
        pytest.skip("no bitmap renderer for ReportLab here")
    assert png.read_bytes().startswith(b"\x89PNG")


def test_an_arabic_word_is_printed_joined() -> None:
    """Joined letters are narrower than the same letters standing alone, in the card's face."""
    word = "العربية"
    isolated = sum(width_of(letter, 12) for letter in word)
    assert width_of(word, 12) < isolated * 0.85


def test_a_long_translation_makes_the_pages_smaller_never_longer_than_the_page(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The card shrinks its pages' letters and squares until it fits: a language twice as
    wordy still ends above the bottom margin."""
    board: Board = load_board(DEFAULT_BOARD)
    plain = layout(board)
    wordy = words._
    monkeypatch.setattr("firmware.menu.card._", lambda text: f"{wordy(text)} {wordy(text)}")
    long = layout(board)
    assert min(line.y for line in long.lines) >= MARGIN
    assert min(b.size for b in long.boxes if b.page != "Opening") < \
        min(b.size for b in plain.boxes if b.page != "Opening")


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
    assert main(["menu-card", "--out", str(tmp_path / "card.doc")]) == 64
    assert "the card is written as .pdf, .svg, .png" in capsys.readouterr().err

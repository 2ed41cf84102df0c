"""The build kit of every shipped board file: drawn from the file, measured back from the PDF.

The template's squares are checked against the board's geometry worked out here again from
the squares' grid (``hardware.core.squares``) and the file's ``[build]`` sizes, read off the
printed pages themselves (pdfplumber): each page says which part of the board it shows.
"""

from __future__ import annotations

import csv
import functools
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pytest

from firmware.kit.template import PAGES
from hardware.boards.board_file import BOARDS, load_board
from hardware.boards.wiring import pin_label, pin_uses, wiring_diagram
from hardware.core.squares import POSITION_OF
from sim.command.cli import main

POINT_MM = 25.4 / 72
BOARD_FILES = sorted(BOARDS.glob("*.toml"))
SHOWS = re.compile(r"this page shows ([\d.]+)-([\d.]+) mm across, ([\d.]+)-([\d.]+) mm down")


def expected_squares(board_file: Path) -> dict[str, tuple[float, float, float]]:
    """Each square's left and top edges on the underside and its side, in millimetres from the
    board's top left corner seen from below (the board turned over from right to left)."""
    board = load_board(board_file)
    size, border = board.build.square_mm, board.build.border_mm
    grid = POSITION_OF[board.kind]
    width = 2 * border + (1 + max(column for _, column in grid.values())) * size
    return {name: (width - border - (column + 1) * size, border + row * size, size)
            for name, (row, column) in grid.items()}


@pytest.fixture(scope="module")
def kits(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("kits")
    made = {}
    for board_file in BOARD_FILES:
        folder = out / board_file.stem
        assert main(["build-kit", "--board", str(board_file), "--out", str(folder)]) == 0
        made[board_file.stem] = folder
    return made


@dataclass(frozen=True)
class Window:
    """The part of the board a page shows: in board millimetres, and where it lies on paper."""

    left: float
    right: float
    top: float
    bottom: float
    x0: float
    """The window's left edge on the page, in points."""
    y0: float
    """The window's top edge on the page, in points from the page's top."""

    def board_mm(self, x: float, y: float) -> tuple[float, float]:
        """A point of the page (points, from the top left) in board millimetres."""
        return self.left + (x - self.x0) * POINT_MM, self.top + (y - self.y0) * POINT_MM

    def shows(self, x: float, y: float) -> bool:
        return self.left < x < self.right and self.top < y < self.bottom


@dataclass(frozen=True)
class Printed:
    """What one page of a PDF prints, as pdfplumber reads it (points, from the top left)."""

    width: float
    height: float
    text: str
    rects: list[dict[str, Any]]
    words: list[dict[str, Any]]
    """Each word with its font's name."""


@functools.cache
def printed(pdf_file: Path) -> tuple[Printed, ...]:
    """Every page of ``pdf_file``, read once for all the tests that measure it (pdfplumber's
    reading is most of their time)."""
    with pdfplumber.open(pdf_file) as pdf:
        return tuple(Printed(page.width, page.height, page.extract_text() or "", page.rects,
                             page.extract_words(extra_attrs=["fontname"]))
                     for page in pdf.pages)


def window_of(page: Printed) -> Window:
    """The page's window onto the board: the span its footer states, outlined on the page."""
    shows = SHOWS.search(page.text)
    assert shows, "every page says which part of the board it shows"
    left, right, top, bottom = (float(value) for value in shows.groups())
    outlines = [rect for rect in page.rects
                if abs(rect["width"] * POINT_MM - (right - left)) < 0.05
                and abs(rect["height"] * POINT_MM - (bottom - top)) < 0.05]
    assert len(outlines) == 1, "the page's window onto the board is outlined"
    return Window(left, right, top, bottom, outlines[0]["x0"], outlines[0]["top"])


@pytest.mark.parametrize("board_file", BOARD_FILES, ids=lambda path: path.stem)
@pytest.mark.parametrize("paper", sorted(PAGES))
def test_every_square_of_the_template_lies_where_the_board_file_puts_it(
        kits: dict[str, Path], board_file: Path, paper: str) -> None:
    squares = expected_squares(board_file)
    size = next(iter(squares.values()))[2]
    named: set[str] = set()
    for page in printed(kits[board_file.stem] / f"template-{paper}.pdf"):
        width_mm, height_mm = page.width * POINT_MM, page.height * POINT_MM
        assert sorted((round(width_mm, 1), round(height_mm, 1))) == sorted(PAGES[paper])
        window = window_of(page)
        drawn = []
        for rect in page.rects:
            if abs(rect["width"] * POINT_MM - size) < 0.05 and \
                    abs(rect["height"] * POINT_MM - size) < 0.05:
                x, y = window.board_mm(rect["x0"], rect["top"])
                match = [name for name, (sx, sy, _) in squares.items()
                         if abs(sx - x) < 0.05 and abs(sy - y) < 0.05]
                assert match, f"a square drawn at {x:.1f}, {y:.1f} mm is none of the board's"
                drawn += match
        assert sorted(drawn) == sorted(squares), "each square once on every page"
        for word in page.words:
            if word["text"] in squares and "Bold" in word["fontname"]:
                x, y = window.board_mm((word["x0"] + word["x1"]) / 2, word["bottom"])
                sx, sy, _ = squares[word["text"]]
                if window.shows(x, y):  # on paper, not clipped away
                    assert abs(x - (sx + size / 2)) < 0.1, word["text"]
                    assert sy < y < sy + size / 2, word["text"]
                    named.add(word["text"])
    assert named == set(squares), "every square's name is printed on some page"


@pytest.mark.parametrize("paper", sorted(PAGES))
def test_every_page_has_a_bar_that_measures_100_mm_at_full_size(kits: dict[str, Path],
                                                                 paper: str) -> None:
    for folder in kits.values():
        for page in printed(folder / f"template-{paper}.pdf"):
            bars = [rect for rect in page.rects if abs(rect["width"] * POINT_MM - 100) < 0.01]
            assert len(bars) == 1
            assert "This bar must measure 100 mm" in page.text


def test_the_parts_list_counts_the_board_files_parts(kits: dict[str, Path]) -> None:
    for board_file in BOARD_FILES:
        board = load_board(board_file)
        with (kits[board_file.stem] / "parts.csv").open(encoding="utf-8") as file:
            rows = {row["part"]: int(row["count"]) for row in csv.DictReader(file)}
        if board.hall is not None:  # a sensor a square, an ADC a chip select, and no reed
            sensors = next(count for part, count in rows.items() if "Hall sensor" in part)
            assert sensors >= len(board.hall.channels) == len(board.squares)
            adcs = rows[f"{board.hall.adc.upper()} ADC (DIP-16)"]
            assert adcs == len(board.hall.select_pins)
            assert not any(part.startswith("reed switch") for part in rows)
        else:
            reeds = next(count for part, count in rows.items() if part.startswith("reed switch"))
            assert reeds >= len(board.reeds.names)
        pixels = rows["WS2812B pixel"]
        assert pixels == sum(1 for name in board.lights.order if name != "-")
        expanders = rows.get("MCP23017 I/O expander (DIP-28)", 0)
        assert expanders == len(board.reeds.expanders)


def test_the_wiring_diagram_names_every_sensor_and_the_pins_in_use(kits: dict[str, Path]) -> None:
    for board_file in BOARD_FILES:
        board = load_board(board_file)
        svg = ET.parse(kits[board_file.stem] / "wiring.svg").getroot()
        texts = {"".join(node.itertext()) for node in svg.iter() if node.tag.endswith("text")}
        for name in board.reeds.names:
            assert f"reed {name}" in texts, name
        if board.hall is not None:
            for name in board.hall.channels:
                assert f"OUT of the Hall sensor under {name} (100 kohm to GND)" in texts, name
            for number, pin in enumerate(board.hall.select_pins):
                assert f"CS: GPIO{pin} (pin" in " ".join(texts), number
        assert f"GPIO{board.sticks.tilt_pin} (pin" in " ".join(texts)


def test_the_schematic_and_the_text_diagram_word_every_pin_alike(kits: dict[str, Path]) -> None:
    """One source of what each pin is wired to (``pin_uses``): every wired pin is drawn in the
    schematic and the text diagram in the same words, beside the same header pin."""
    for board_file in BOARD_FILES:
        board = load_board(board_file)
        svg = ET.parse(kits[board_file.stem] / "wiring.svg").getroot()
        texts = {"".join(node.itertext()) for node in svg.iter() if node.tag.endswith("text")}
        diagram = wiring_diagram(board)
        for bcm, use in pin_uses(board).items():
            assert use.part in diagram, (board_file.name, use)
            if use.how != "kernel":
                assert use.part in texts and pin_label(bcm) in texts, (board_file.name, use)


def test_a_bad_board_file_is_refused_in_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text("[build]\nsquare_mm = 12\n", encoding="utf-8")
    assert main(["build-kit", "--board", str(bad), "--out", str(tmp_path / "kit")]) == 78
    assert capsys.readouterr().err.count("\n") == 1

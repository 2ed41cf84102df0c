"""Where every part sits under a board, in millimetres, from its board file: each square, its
sensor and its pixel, the LED chain's path, the board's outline.

Drawn from the board's top (x to the right, y away from the Reels' row, from the outline's top
left corner); ``underside`` turns a point to where it lies on the board turned over from right to
left, face down, as a maker sees it while drilling.

    layout = Layout.of(load_board(DEFAULT_BOARD))
    layout.squares["C1"].centre  # (375.0, 115.0)
"""

from __future__ import annotations

from dataclasses import dataclass

from hardware.boards.board_file import Board
from hardware.core.squares import POSITION_OF, STICK_PIXELS

PIXEL_MM = 10.0
"""A WS2812B pixel on its round or square carrier board: the pocket under a square's centre."""
REED_MM = 14.0
"""A glass reed's body; it lies flat in a groove beside the pixel, along the row."""
REED_CLEARANCE_MM = 1.0
"""Wood left between the pixel's pocket and the reed's groove (or the Hall sensor's pocket)."""
SENSOR_MM = 6.0
"""A Hall sensor's pocket, square: it sits under the square's centre, where the field model
(``sim/board/hall_field.py``) and the margins were worked out for it; the pixel moves beside it."""


@dataclass(frozen=True)
class Square:
    """One square under the board: its cell, its pixel (at the centre: the light shines through
    the middle of the square) and its reed's groove (one end beside the pixel, along the row)."""

    name: str
    left: float
    top: float
    size: float
    hall: bool = False
    """A Hall board's square: its sensor under the centre, its pixel beside it, no reed."""

    @property
    def centre(self) -> tuple[float, float]:
        """The square's centre: where the pixel sits and the piece's magnet rests."""
        return self.left + self.size / 2, self.top + self.size / 2

    @property
    def pixel(self) -> tuple[float, float]:
        """The pixel's centre: the square's, or on a Hall board beside the sensor, along the row."""
        x, y = self.centre
        if self.hall:
            return x + SENSOR_MM / 2 + REED_CLEARANCE_MM + PIXEL_MM / 2, y
        return x, y

    @property
    def reed(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The reed's groove from its near end (beside the pixel) to its far end, from the top."""
        x, y = self.centre
        near = x + PIXEL_MM / 2 + REED_CLEARANCE_MM
        return (near, y), (near + REED_MM, y)


@dataclass(frozen=True)
class Layout:
    """A board as built: its outline and every square, from the top."""

    kind: str
    width: float
    height: float
    squares: dict[str, Square]
    chain: tuple[str, ...]
    """The LED chain in data order: squares by name, stick pixels (in the stick box) by name."""

    @classmethod
    def of(cls, board: Board) -> Layout:
        """The layout a board file describes: its kind's grid at its squares' size."""
        size, border = board.build.square_mm, board.build.border_mm
        cells = POSITION_OF[board.kind]
        rows = 1 + max(row for row, _ in cells.values())
        columns = 1 + max(column for _, column in cells.values())
        hall = board.hall is not None
        squares = {name: Square(name, border + column * size, border + row * size, size, hall)
                   for name, (row, column) in cells.items()}
        chain = tuple(name for name in board.lights.order if name in cells or name in STICK_PIXELS)
        return cls(board.kind, 2 * border + columns * size, 2 * border + rows * size, squares,
                   chain)

    def underside(self, point: tuple[float, float]) -> tuple[float, float]:
        """Where a point seen from the top lies on the board turned over from right to left."""
        x, y = point
        return self.width - x, y

    def corner(self) -> str:
        """The square in the top left corner seen from the top (the top right from below)."""
        return min(self.squares.values(), key=lambda square: (square.top, square.left)).name

    def pixel_path(self) -> list[list[tuple[float, float]]]:
        """The LED chain's runs under the board, from the top: each a list of pixel centres in
        data order, broken where the chain leaves for the stick box."""
        runs: list[list[tuple[float, float]]] = [[]]
        for name in self.chain:
            if name in STICK_PIXELS:
                if runs[-1]:
                    runs.append([])
                continue
            runs[-1].append(self.squares[name].pixel)
        return [run for run in runs if run]

"""The squares of each kind of board by name, where each lies, and the paths pieces travel.

Hardware names squares but knows no rules; these are plain strings shared with the engine by value.
Three kinds of board: Twenty Squares (R1-R4, C1-C4, M5-M16), Senet (H1-H30, three rows of ten,
the path snaking: H1-H10 left to right on top, H11-H20 back, H21-H30 left to right) and Ramses
(a T of twenty squares T1-T21 and two oblong spaces read by eight reeds each, U10-U17, L10-L17).
"""

from __future__ import annotations

REELS_ROW = ("R1", "R2", "R3", "R4")
CONES_ROW = ("C1", "C2", "C3", "C4")
MIDDLE_ROW = tuple(f"M{n}" for n in range(5, 17))
SQUARES: tuple[str, ...] = REELS_ROW + CONES_ROW + MIDDLE_ROW
MARKED = frozenset({"R4", "C4", "M8", "M12", "M16"})
STICK_PIXELS = ("S1", "S2", "S3", "S4")

RACK_SLOTS = 5
"""Resting places in each rack beside the board: one per piece of a side."""
RACKS: dict[str, tuple[str, ...]] = {
    rack: tuple(f"{rack}{n}" for n in range(1, RACK_SLOTS + 1))
    for rack in ("CW", "RW", "CO", "RO")
}
"""Optional reed switches under the racks: each side's waiting pieces (CW, RW) and borne-off
tray (CO, RO). A board either has all of them or none; they have no pixels."""
RACK_OF: dict[str, str] = {slot: rack for rack, slots in RACKS.items() for slot in slots}

REELS_PATH = REELS_ROW + MIDDLE_ROW
CONES_PATH = CONES_ROW + MIDDLE_ROW


def _position(square: str) -> tuple[int, int]:
    # Row 0 is the Reels' row, 1 the middle, 2 the Cones'; column 0 is the far left (M16).
    if square in MIDDLE_ROW:
        return 1, 16 - int(square[1:])
    return (0 if square[0] == "R" else 2), 7 + int(square[1:])


POSITION: dict[str, tuple[int, int]] = {square: _position(square) for square in SQUARES}
"""(row, column) of every square as seen from above, the Reels' row on top."""

SENET_SQUARES: tuple[str, ...] = tuple(f"H{n}" for n in range(1, 31))
"""Senet's 30 squares, in path order (the path is the same for both sides)."""


def _senet_position(n: int) -> tuple[int, int]:
    row, i = divmod(n - 1, 10)
    return row, (9 - i if row == 1 else i)


SENET_POSITION: dict[str, tuple[int, int]] = {
    square: _senet_position(n) for n, square in enumerate(SENET_SQUARES, 1)
}
"""(row, column) of every Senet square as seen from above, H1 at the top left."""

RAMSES_SQUARES: tuple[str, ...] = (
    *(f"T{n}" for n in (1, 2, 3, 4)), *(f"T{n}" for n in range(6, 22)),
    *(f"U{n}" for n in range(10, 18)), *(f"L{n}" for n in range(10, 18)),
)
"""Ramses' cells: the twenty squares T1-T4, T6-T21 (the seed's numbers), then a reed under each
alignment of the two oblong spaces: U10-U17 over squares 10-17, L10-L17 under them."""


def _ramses_position(square: str) -> tuple[int, int]:
    n = int(square[1:])
    if square[0] in "UL":
        return (0 if square[0] == "U" else 2), n - 6
    return (0, n - 1) if n <= 4 else (1, n - 6) if n <= 17 else (2, n - 18)


RAMSES_POSITION: dict[str, tuple[int, int]] = {
    square: _ramses_position(square) for square in RAMSES_SQUARES
}
"""(row, column) of every Ramses cell from above: the T's bar on the left, U12 right above T12."""

STACKS_SQUARES: tuple[str, ...] = (
    *(f"R{n}" for n in range(1, 6)), *(f"M{n}" for n in range(6, 16)),
    *(f"C{n}" for n in range(1, 6)),
)
"""The stacking game's board: a block of three rows of five and a tail of five (R1-R5, the
middle row M6-M15, C1-C5); its men pile up to three on a square."""


def _stacks_position(square: str) -> tuple[int, int]:
    n = int(square[1:])
    if square[0] == "M":
        return 1, 15 - n
    return (0 if square[0] == "R" else 2), 4 + n


STACKS_POSITION: dict[str, tuple[int, int]] = {
    square: _stacks_position(square) for square in STACKS_SQUARES
}
"""(row, column) of every square of the stacking game's board, the tail on the left."""

TWENTY_SQUARES, SENET, RAMSES, STACKS = "twenty-squares", "senet", "ramses", "stacks"
KINDS = (TWENTY_SQUARES, SENET, RAMSES, STACKS)
"""The kinds of board a board file may be wired for (``[board] kind``)."""
UNWIRED = {STACKS: "a reed switch cannot count a stack of men"}
"""Boards no reed board can be wired for, and why (a Hall board can: ``[sensors] kind``)."""
SQUARES_OF: dict[str, tuple[str, ...]] = {
    TWENTY_SQUARES: SQUARES, SENET: SENET_SQUARES, RAMSES: RAMSES_SQUARES,
    STACKS: STACKS_SQUARES,
}
POSITION_OF: dict[str, dict[str, tuple[int, int]]] = {
    TWENTY_SQUARES: POSITION, SENET: SENET_POSITION, RAMSES: RAMSES_POSITION,
    STACKS: STACKS_POSITION,
}


def passed_over(start: str, end: str) -> tuple[str, ...]:
    """The squares a piece slid from ``start`` to ``end`` passes over, in order (ends excluded).

    Sliding follows a side's path, forwards or backwards; ``passed_over("C2", "M6")`` is
    ``("C3", "C4", "M5")``. Squares on no common path (R2 to C2) are a hop over nothing.
    """
    for path in (CONES_PATH, REELS_PATH, SENET_SQUARES):
        if start in path and end in path:
            i, j = path.index(start), path.index(end)
            return path[i + 1 : j] if i < j else tuple(reversed(path[j + 1 : i]))
    return ()

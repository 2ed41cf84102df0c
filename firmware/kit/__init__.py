"""The build kit, drawn from a board file so it never disagrees with the code: the wiring
diagram, the parts list and the 1:1 drilling template (``aseb build-kit``).

May import: ``firmware.service`` and the rooms below it, ``engine``, ``hardware``.
"""

from __future__ import annotations

from pathlib import Path

from firmware.kit.layout import Layout
from firmware.kit.parts import parts_csv
from firmware.kit.schematic import schematic_svg
from firmware.kit.template import PAGES, template_pdf
from firmware.words.extras import needs
from hardware.boards.board_file import Board
from hardware.doors.writer import check_folder, check_writable, write_whole

NAMES = ("wiring.svg", "parts.csv", *(f"template-{paper}.pdf" for paper in PAGES))
"""The kit's files, as they are named in its folder."""


def check_kit_folder(out: Path) -> list[Path]:
    """Refuse at once (``Unwritable``, one line) a folder the kit could not be written into,
    or one where a file of the kit's name is not a regular file; the kit's files already
    there, which a new kit replaces (the folder's other files are left alone)."""
    check_folder(out, "build kit")
    for name in NAMES:
        check_writable(out / name, "build kit")
    return [out / name for name in NAMES if (out / name).exists()]


def draw_kit(board: Board) -> dict[str, bytes]:
    """``board``'s kit, each file's bytes by its name. ValueError when the kit's libraries are
    missing."""
    try:
        import reportlab  # noqa: F401
        import schemdraw  # noqa: F401
    except ImportError as exc:
        raise ValueError(needs("aseb build-kit", "kit", exc)) from None
    layout = Layout.of(board)
    drawn = {"wiring.svg": schematic_svg(board), "parts.csv": parts_csv(board).encode("utf-8")}
    for paper, size in PAGES.items():
        drawn[f"template-{paper}.pdf"] = template_pdf(layout, board.name, size)[0]
    return drawn


def write_kit(board: Board, out: Path) -> list[Path]:
    """Write ``board``'s kit into the folder ``out`` (made if missing), each file whole by the
    one writer; the files written. ``Unwritable`` (checked before anything is drawn) when the
    folder or a file of the kit's name there cannot be written; ValueError when the kit's
    libraries are missing."""
    check_kit_folder(out)
    drawn = draw_kit(board)
    written = []
    for name, data in drawn.items():
        write_whole(out / name, data)
        written.append(out / name)
    return written

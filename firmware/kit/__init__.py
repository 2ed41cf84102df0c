"""The build kit, drawn from a board file so it never disagrees with the code: the wiring
diagram, the parts list and the 1:1 drilling template (``aseb build-kit``).

May import: ``firmware.service`` and the rooms below it, ``engine``, ``hardware``.
"""

from __future__ import annotations

from pathlib import Path

from firmware.kit.layout import Layout
from firmware.kit.parts import write_parts
from firmware.kit.schematic import write_schematic
from firmware.kit.template import PAGES, write_template
from firmware.words.extras import needs
from hardware.boards.board_file import Board


def write_kit(board: Board, out: Path) -> list[Path]:
    """Write ``board``'s kit into the folder ``out``: ``wiring.svg``, ``parts.csv`` and the
    template on A4 and on Letter pages; returns the files written. ValueError when the kit's
    libraries are missing or ``out`` cannot be written."""
    try:
        import reportlab  # noqa: F401
        import schemdraw  # noqa: F401
    except ImportError as exc:
        raise ValueError(needs("aseb build-kit", "kit", exc)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{out}: cannot write the kit there ({exc.strerror})") from None
    written = [out / "wiring.svg", out / "parts.csv"]
    write_schematic(board, written[0])
    write_parts(board, written[1])
    layout = Layout.of(board)
    for paper, size in PAGES.items():
        path = out / f"template-{paper}.pdf"
        write_template(layout, board.name, path, size)
        written.append(path)
    return written

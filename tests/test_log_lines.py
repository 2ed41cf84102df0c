"""Every line the board, the web page and the window can write to their log is on the
technicians' page (docs/museum/troubleshooting.md), so a museum's technician finds what it means
and what to do. Debug lines are left out: a board logs them only when asked.

Each log call's message is cut at its placeholders (``%s``, ``%d``...): every piece of words
it keeps must be on the page.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "museum" / "troubleshooting.md"
LEVELS = ("info", "warning", "error", "critical", "exception")
PLACEHOLDER = re.compile(r"%[#0-9.]*[sdrfx%]")
SHORTEST = 8
"""Pieces shorter than this (``: ``, ``; ``, a lone word) say nothing on their own."""


def log_messages() -> Iterator[tuple[str, str]]:
    """Each log call's place (file:line) and message, in firmware/, hardware/ and sim/."""
    for layer in ("firmware", "hardware", "sim"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr in LEVELS and isinstance(node.func.value, ast.Name)
                        and node.func.value.id in ("log", "logger") and node.args
                        and isinstance(node.args[0], ast.Constant)
                        and isinstance(node.args[0].value, str)):
                    yield f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value


def pieces(message: str) -> list[str]:
    """The words of a message between its placeholders, long enough to say something."""
    found = []
    for piece in PLACEHOLDER.split(message):
        piece = piece.strip(" :;,.()'\"")
        if len(piece) >= SHORTEST:
            found.append(piece)
    return found


def test_the_pieces_of_a_message_are_its_words_between_placeholders() -> None:
    assert pieces("expander %#04x: I2C read failed %d times (%s); trying again") == [
        "expander", "I2C read failed", "trying again"]
    assert pieces("%s") == []


def test_the_check_finds_log_calls_everywhere() -> None:
    messages = dict(log_messages())
    assert any(where.startswith("hardware/sensors/expander.py") for where in messages)
    assert any(where.startswith("sim/web/") for where in messages)


def test_every_log_line_is_explained_to_the_technician() -> None:
    page = " ".join(PAGE.read_text(encoding="utf-8").split())  # a line may wrap anywhere
    missing = [f"{where}: {piece!r}" for where, message in log_messages()
               for piece in pieces(message) if piece not in page]
    assert missing == []

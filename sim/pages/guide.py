"""A game's rules for players, read from its one source, ``engine/NAME/how_to_play.md`` (package
data, so every install has it): the window's How to play pages, the terminal's ``rules`` and the
documentation's rules for players are all made from it, and every title and paragraph of it is a
message of the catalog (``extract``, named in ``babel.cfg``).

The file is plain markdown a player can read as it stands: ``# `` the game's name, a ``Source:``
paragraph (Help > About), then one ``## `` section a page, in the order a player needs them.
A section's paragraphs, ``- `` items and ``1. `` steps are each one message; a comment names the
position drawn beside it and the squares lit on it:

    <!-- position: C:C3,M6 R:R2,M8 entered:CR turn:C -->
    <!-- lit: M8 -->

The rules reference beside it (``rules.md``) keeps every decision and its reason, for experts.

    guide(load("senet")).sections[0].title   # 'The board'
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import BinaryIO

from engine.games.api import Rules
from hardware.doors.file_reader import Bounds, Unreadable, read_text

SOURCE = "how_to_play.md"
GUIDE = Bounds("game's rules for players", 1_000_000)
"""A how_to_play.md: some ten kilobytes."""
"""The file of a game's package that holds its rules for players."""
_COMMENT = re.compile(r"<!--\s*(position|lit):\s*(.*?)\s*-->")
_ITEM = re.compile(r"^(- |\d+\. )(.*)$")


@dataclass(frozen=True)
class Paragraph:
    """One message of a section: its text, and how it is set (``""`` a paragraph, ``"- "`` an
    item, ``"2. "`` a step)."""

    text: str
    mark: str = ""


@dataclass(frozen=True)
class Section:
    """One page of a game's rules for players: its title, its paragraphs, the position drawn
    beside it (the game's notation, or None) and the squares lit on it."""

    title: str
    paragraphs: tuple[Paragraph, ...]
    position: str | None = None
    lit: tuple[str, ...] = ()


@dataclass(frozen=True)
class Guide:
    """A game's rules for players: its name, where its rules come from, its sections."""

    name: str
    source: str | None
    sections: tuple[Section, ...]


def guide(rules: Rules) -> Guide | None:
    """The game's rules for players, read from its engine package (None if it cannot be read)."""
    try:
        with resources.as_file(resources.files(f"engine.{rules.name}") / SOURCE) as path:
            text = read_text(path, GUIDE)
    except (OSError, ModuleNotFoundError, Unreadable):
        return None
    return read(text)


def read(text: str) -> Guide:
    """The guide written in ``text`` (a ``how_to_play.md``)."""
    name, source = "", None
    sections: list[Section] = []
    title: str | None = None
    body: list[str] = []
    in_source = False  # the Source paragraph goes on to the first blank line

    def close() -> None:
        if title is not None:
            sections.append(_section(title, body))

    for line in text.splitlines():
        if line.startswith("# ") and not name:
            name = line[2:].strip()
        elif line.startswith("## "):
            close()
            title, body = line[3:].strip(), []
        elif title is not None:
            body.append(line)
        elif line.startswith("Source: "):
            source, in_source = line[len("Source: "):].strip(), True
        elif in_source and line.strip():
            source = f"{source} {line.strip()}"
        else:
            in_source = False
    close()
    return Guide(name, source, tuple(sections))


def _section(title: str, lines: list[str]) -> Section:
    position: str | None = None
    lit: tuple[str, ...] = ()
    paragraphs: list[Paragraph] = []
    joining = False  # whether the next line goes on the paragraph before it
    for line in lines:
        comment = _COMMENT.fullmatch(line.strip())
        if comment is not None:
            if comment[1] == "position":
                position = comment[2]
            else:
                lit = tuple(comment[2].split())
            continue
        stripped = line.strip()
        if not stripped:
            joining = False
            continue
        item = _ITEM.match(stripped)
        if item is not None:
            paragraphs.append(Paragraph(item[2], item[1]))
        elif joining and paragraphs:
            last = paragraphs[-1]
            paragraphs[-1] = Paragraph(f"{last.text} {stripped}", last.mark)
        else:
            paragraphs.append(Paragraph(stripped))
        joining = True
    return Section(title, tuple(paragraphs), position, lit)


def extract(fileobj: BinaryIO, keywords: object, comment_tags: object,
            options: object) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction of a game's rules for players (``babel.cfg``): its name, its source,
    and every section's title and paragraphs."""
    made = read(fileobj.read().decode("utf-8"))
    yield 1, None, made.name, ["A game's name on its How to play pages"]
    if made.source:
        yield 2, None, made.source, ["Where the game's rules come from (Help > About)"]
    for section in made.sections:
        yield 3, None, section.title, ["A page title of a game's How to play"]
        for paragraph in section.paragraphs:
            yield 3, None, paragraph.text, []

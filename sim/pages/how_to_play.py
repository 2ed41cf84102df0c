"""Help > How to play, for every game: its pages made from the game's rules page
(``engine/NAME/rules.md``, package data: every install has it), one or more pages for each
section a player needs, with the position a section names drawn beside it; then how to play it
in this window.

The rules page is the one description of the game: these pages only leave out what is for the
engine (the decisions' reasons, the options, the notation, what the reed switches see) and the
markdown marks. A section's picture is named on the rules page by a comment the page does not
show: ``<!-- position: C:T2,T3,T4,U10 R:T19,T20,T21,L10 turn:C -->``.

    how_to_play(load("senet"))   # [Page("Senet: the board", ...), ...]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from importlib import resources
from typing import BinaryIO

from engine.games.api import Rules
from firmware.words import N_, _, say
from sim.pages.page import Page

LEFT_OUT = ("settings", "rule variations", "notation", "how the board sees", "what the board does",
            "the mummy", "the game always ends")
"""Sections of a rules page that are not for the player at the window (the start of the title)."""
LONGEST = 900
"""Letters on one page before a section goes on to the next page."""
_POSITION = re.compile(r"<!--\s*position:\s*(.*?)\s*-->")


def how_to_play(rules: Rules) -> list[Page]:
    """The game's how-to pages, in the order of its rules page, then the window's controls;
    each section's title and paragraphs in the language spoken (they are catalog messages)."""
    title = say(rules.title)
    text = rules_page(rules)
    if text is None:
        return [Page(_("How to play {game}").format(game=title),
                     _("The rules of {game} are in {file} of the source, which this installation "
                       "does not have.").format(game=title, file=page_name(rules))
                     + "\n" + controls(rules))]
    found = []
    short = short_title(rules)
    for heading, paragraphs, position in player_sections(text):
        picture = f"position:{rules.name}:{position}" if position else None
        for part in _split("\n".join(_(paragraph) for paragraph in paragraphs)):
            found.append(Page(_("{game}: {section}").format(game=short, section=_(heading)),
                              part, picture))
    found.append(Page(_("{game}: in this window").format(game=short), controls(rules)))
    return found


def page_name(rules: Rules) -> str:
    """Where the game's rules page is in the source tree: ``engine/senet/rules.md``."""
    return f"engine/{rules.name}/rules.md"


def rules_page(rules: Rules) -> str | None:
    """The game's rules page, read from its engine package (None if it cannot be read)."""
    try:
        return resources.files(f"engine.{rules.name}").joinpath("rules.md").read_text(
            encoding="utf-8")
    except (OSError, ModuleNotFoundError):
        return None


def player_sections(text: str) -> list[tuple[str, list[str], str | None]]:
    """The sections of a rules page a player reads: title, paragraphs, position."""
    found = []
    for title, body, position in sections(text)[1:]:  # the introduction is about the sources
        if not title.lower().startswith(LEFT_OUT):
            found.append((title, plain(body).split("\n"), position))
    return found


def extract(fileobj: BinaryIO, keywords: object, comment_tags: object,
            options: object) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction of a rules page (``babel.cfg``): the title and every paragraph of
    each section the window shows, as it shows them."""
    text = fileobj.read().decode("utf-8")
    found = _source_of(text)
    if found:
        yield 0, None, found, ["Where the game's rules come from (Help > About)"]
    for title, paragraphs, _position in player_sections(text):
        yield 0, None, title, ["A section title of a game's rules page (Help > How to play)"]
        for paragraph in paragraphs:
            if paragraph.strip():
                yield 0, None, paragraph, []


def source(rules: Rules) -> str | None:
    """Where the game's rules come from: the paragraph of its rules page that begins
    "Source:" (None without the page)."""
    text = rules_page(rules)
    return None if text is None else _source_of(text)


def _source_of(text: str) -> str | None:
    for paragraph in re.split(r"\n\s*\n", text):
        if paragraph.startswith("Source: "):
            return " ".join(paragraph[len("Source: "):].split())
    return None


def about(rules: Rules) -> Page:
    """Help > About: the board and this window, and where the game's rules come from."""
    found = source(rules)
    title = say(rules.title)
    rules_from = _("The rules of {game}: {source}").format(game=title, source=_(found)) \
        if found else _("The rules of {game} are in {file}.").format(
            game=title, file=page_name(rules))
    device = rules.words.device
    space = (_("Space begins a game") if device is None else _("Space throws the dice")
             if device == "dice" else _("hold Space to shake the box"))
    return Page(_("About aseb"), _(ABOUT_TEXT).format(rules_from=rules_from, space=space))


ABOUT_TEXT = N_(
    "aseb: the ancient Egyptian board games on a wooden board that plays back, and this window, "
    "which simulates the board on any computer. {rules_from}\n"
    "The window remembers the menus and MummyFacts of P. S. Neeley's 20-Squares (1995). "
    "Setna's tournament retells, in our own words, the ancient Egyptian tale of Prince Setna "
    "and the Book of Thoth, as that game told it; its pictures are drawn by code. Free software "
    "under the MIT licence.\n"
    "Keys: {space}, L for the log, F11 for full screen, Esc to leave (the "
    "game is saved and resumes next time). The letters are Quattrocento by Pablo Impallari, "
    "under the SIL Open Font License (sim/drawing/fonts/OFL.txt)."
)


def short_title(rules: Rules) -> str:
    """The game's name without its parentheses: ``Twenty Squares``, ``Stacks``."""
    return say(rules.title).split(" (")[0]


def sections(text: str) -> list[tuple[str, str, str | None]]:
    """Each ``## `` section of a rules page: its title (without a decision's parentheses), its
    text, and the position its comment names (or None). The part before the first section is
    the page's introduction, titled "the game"."""
    found: list[tuple[str, str, str | None]] = []
    title, lines = "the game", list[str]()
    for line in text.splitlines():
        if line.startswith("# "):
            continue
        if line.startswith("## "):
            found.append(_section(title, lines))
            title, lines = line[3:].strip(), []
        else:
            lines.append(line)
    found.append(_section(title, lines))
    return [s for s in found if s[1].strip()]


def _section(title: str, lines: list[str]) -> tuple[str, str, str | None]:
    body = "\n".join(lines)
    position = _POSITION.search(body)
    clean = re.sub(r"\s*\((decided|options? of)[^)]*\)", "", title)
    return clean.strip(), _POSITION.sub("", body), position[1] if position else None


def plain(markdown: str) -> str:
    """A section as a player reads it: no decision's reasons, no markdown marks, no drawings
    in letters (the picture beside the page draws the board); paragraphs kept, list items on
    lines of their own."""
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    text = _without_decisions(text)
    text = re.sub(r"(?<=[.:;])[^.:;\n]*\b[Oo]ptions? `[^.]*\.", "", text)  # the engine's options
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)  # links: their words
    text = re.sub(r"\s*\(`?[^()`]*\.(md|txt|py)`?\)", "", text)  # the source tree's files
    text = text.replace("**", "").replace("`", "").replace("*", "")
    paragraphs = []
    for block in re.split(r"\n\s*\n", text):
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if not lines or lines[0].startswith("|"):  # a table: for the engine's options
            continue
        merged: list[str] = []
        for line in lines:
            item = re.match(r"^(-|\d+\.)\s+(.*)", line)
            if item or not merged:
                merged.append(("- " if item and item[1] == "-" else
                               f"{item[1]} " if item else "") + (item[2] if item else line))
            else:
                merged[-1] += " " + line
        paragraphs.append("\n".join(merged))
    return re.sub(r"[ \t]+", " ", "\n".join(paragraphs)).replace(" .", ".").replace(" ,", ",")


def _without_decisions(text: str) -> str:
    """``text`` without the parentheses that begin "(decided" (nested ones too), nor a bare
    "decided:" reason up to the end of its sentence."""
    out, i = [], 0
    while True:
        start = text.find("(decided", i)
        if start < 0:
            out.append(text[i:])
            break
        out.append(re.sub(r"[ \t*]*(\n[ \t*]*)?$", "", text[i:start]))  # nor its line break
        depth, j = 0, start
        while j < len(text):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        i = j
    return "".join(out)


def _split(text: str) -> list[str]:
    """A long section as pages of at most ``LONGEST`` letters, split between paragraphs."""
    pages, page = [], ""
    for paragraph in text.split("\n"):
        if page and len(page) + len(paragraph) > LONGEST:
            pages.append(page)
            page = ""
        page = f"{page}\n{paragraph}" if page else paragraph
    if page:
        pages.append(page)
    return pages


def controls(rules: Rules) -> str:
    """How this game is played in the window, in its own words."""
    words = rules.words
    if words.device is None:
        throw = _("There is nothing to throw: Space (or Options > New game) begins a game.")
    elif words.device == "dice":
        throw = _("Click the dice (or press Space) to throw them.")
    elif words.device == "sticks":
        throw = _("Hold the mouse (or the space bar) on the stick box to shake it, and let go to "
                  "throw the sticks.")
    else:
        throw = _("Hold the mouse (or the space bar) on the box to shake it, and let go to throw "
                  "the die.")
    if words.piece == "man":
        play = _("Click a man that can move and it goes to its square (or drag it there). "
                 "Squares light up as the board would: your men that can move glow in your "
                 "colour, and the mummy's move flashes gold before its hand makes it. Under the "
                 "status line the window says what just happened; Log lists the game so far.")
    else:
        play = _("Click a piece that can move and it goes to its square (or drag it there). "
                 "Squares light up as the board would: your pieces that can move glow in your "
                 "colour, and the mummy's move flashes gold before its hand makes it. Under the "
                 "status line the window says what just happened; Log lists the game so far.")
    return f"{throw}\n{play}"

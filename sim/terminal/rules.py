"""``rules`` at the terminal's prompt: the game's rules for players (``sim.pages.guide``, the
source the window's How to play pages come from), page by page, each with its position drawn
in letters.

    rules_text(load("senet"), "")    # the pages' titles, numbered
    rules_text(load("senet"), "3")   # page 3 of 8, and how to turn to the next or back
"""

from __future__ import annotations

import textwrap

from engine.core.errors import RulesError
from engine.games.api import Rules
from engine.text import board_text
from firmware.words import N_, _, say
from sim.pages.guide import guide
from sim.pages.how_to_play import page_text

RULES = N_("rules")
"""The command (typed as the language calls it, or in English)."""
WIDTH = 78
"""Letters on a line of a page."""


def rules_text(rules: Rules, asked: str) -> str:
    """What ``rules`` (``asked`` empty: the list of pages) or ``rules N`` prints."""
    found = guide(rules)
    if found is None:
        return _("The rules of {game} are not in this installation.").format(
            game=say(rules.title))
    sections = found.sections
    name, command = _(found.name), _(RULES)
    if not asked.strip():
        lines = [_("{game}: how to play, in {n} pages.").format(game=name, n=len(sections))]
        lines += [f"  {n}. {_(section.title)}" for n, section in enumerate(sections, 1)]
        lines.append(_("Type '{command} 1' for the first page.").format(command=command))
        return "\n".join(lines)
    number = int(asked) if asked.strip().isdigit() else 0
    if not 1 <= number <= len(sections):
        return _("The pages are 1 to {n}: type '{command} 1' for the first.").format(
            n=len(sections), command=command)
    section = sections[number - 1]
    lines = [_("{game}: {section} ({n} of {total})").format(
        game=name, section=_(section.title), n=number, total=len(sections))]
    for paragraph in page_text(section).split("\n"):
        mark = paragraph[:2] if paragraph[:2] == "- " or paragraph[:1].isdigit() else ""
        lines += textwrap.wrap(paragraph, WIDTH, subsequent_indent=" " * len(mark))
    if section.position is not None:
        lines += ["", *_drawn(rules, section.position, section.lit)]
    turns = []
    if number < len(sections):
        turns.append(_("'{command} {n}': the next page").format(command=command, n=number + 1))
    if number > 1:
        turns.append(_("'{command} {n}': back").format(command=command, n=number - 1))
    lines += ["", _(", ").join(turns)]
    return "\n".join(lines)


def _drawn(rules: Rules, position: str, lit: tuple[str, ...]) -> list[str]:
    """The page's position in letters, ``>`` before the squares it speaks of."""
    try:
        state = rules.parse(position)
    except RulesError:
        return []
    drawn = say(board_text(state, highlight=frozenset(lit))).split("\n")
    if lit:
        drawn.append(_("> marks the squares this page speaks of."))
    return drawn

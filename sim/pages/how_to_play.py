"""Help > How to play, for every game: one page for each section of the game's rules for
players (``sim.pages.guide``: ``engine/NAME/how_to_play.md``), in the language spoken, with the
position a section names drawn beside it; then how to play it in this window. Help > About says
where the game's rules come from.

    how_to_play(load("senet"))   # [Page("Senet: The board", ...), ...]
"""

from __future__ import annotations

from engine.games.api import Rules
from firmware.words import N_, _, say
from sim.pages.guide import Section, guide
from sim.pages.page import Page

BULLET = "\u2022 "
"""What an item of a page begins with in the window."""


def how_to_play(rules: Rules) -> list[Page]:
    """The game's how-to pages, in the order of its rules for players, then the window's
    controls; each title and paragraph in the language spoken (they are catalog messages)."""
    found = guide(rules)
    title = say(rules.title)
    if found is None:
        return [Page(_("How to play {game}").format(game=title),
                     _("The rules of {game} are not in this installation.").format(game=title)
                     + "\n" + controls(rules))]
    name = _(found.name)
    pages = [Page(_("{game}: {section}").format(game=name, section=_(section.title)),
                  page_text(section, BULLET), picture(rules, section))
             for section in found.sections]
    pages.append(Page(_("{game}: in this window").format(game=name), controls(rules)))
    return pages


def page_text(section: Section, bullet: str = "- ") -> str:
    """A section's paragraphs in the language spoken, each on a line of its own (steps with
    their numbers, items after ``bullet``)."""
    return "\n".join(f"{bullet if paragraph.mark == '- ' else paragraph.mark}{_(paragraph.text)}"
                     for paragraph in section.paragraphs)


def picture(rules: Rules, section: Section) -> str | None:
    """The picture beside a section's page: ``position:GAME:NOTATION``, and ``#SQUARES`` lit on
    it (``sim.drawing.positions``); None when the section names no position."""
    if section.position is None:
        return None
    lit = f"#{','.join(section.lit)}" if section.lit else ""
    return f"position:{rules.name}:{section.position}{lit}"


def about(rules: Rules) -> Page:
    """Help > About: the board and this window, and where the game's rules come from."""
    found = guide(rules)
    title = say(rules.title)
    rules_from = _("The rules of {game}: {source}").format(game=title, source=_(found.source)) \
        if found is not None and found.source else ""
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
    "under the SIL Open Font License, which comes with aseb."
)


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

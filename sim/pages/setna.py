"""The pages of Setna's tournament in the window: the story told in our own words, Setna in the
sand after every game, and the two endings, each with its picture (``sim.drawing.setna_art``).

    page = stage_page(Tournament(0, 2, 2), "The mummy wins this game, ...")
"""

from __future__ import annotations

from firmware.story.setna import in_words
from firmware.story.tournament import TO_WIN, Tournament
from firmware.words import N_, _, say, upper_first
from sim.pages.page import Page

STORY = N_(
    "Long ago, in the days of Ramses the Great, his son Prince Setna was the most learned scribe "
    "in Egypt. He heard of a book written by Thoth himself, the god of wisdom: whoever read its "
    "spells would understand the speech of the birds and the beasts, and see the sun, the moon "
    "and the stars as they truly are. The book lay in Memphis, in the tomb of an older prince, "
    "Neferkaptah, who had taken it from the god and lost everything he loved for it.\n"
    "Setna opened the tomb. The book shone on a table like the sun, and beside it waited "
    "Neferkaptah's mummy behind its golden mask. It would not give the book up, but it offered "
    "a game of Twenty Squares: the first to win {games} games takes the book. And "
    "for every game Setna loses, the mummy's magic sinks him deeper into the sand of the tomb.\n"
    "You are Setna, playing the Cones.")

WON = N_(
    "The sand slides from Setna and the mummy's magic fails. He lifts the Book of Thoth from "
    "Neferkaptah's table, and its spells are his: the speech of the birds, the beasts and the "
    "fishes, the sun, the moon and the stars in their true forms. (The old tale says the book "
    "brought him nothing but trouble, and that he carried it back to the tomb in the end; but "
    "that is another story.)")

LOST = N_(
    "Setna sinks until the sand is at his neck. With his last breath he calls to his brother, "
    "and Anhurerau runs down into the tomb with the amulets of Ptah, the god of Memphis. He lays "
    "them on Setna: the spell breaks, the sand lets go, and Setna climbs out and flees into the "
    "daylight with his life. The Book of Thoth stays with Neferkaptah, for now.")


def title_page(fallback: str | None = None) -> Page:
    """The story so far, beside the mummy's golden mask."""
    note = "\n" + _("({why}.)").format(why=upper_first(say(fallback))) if fallback else ""
    return Page(_("Setna and the Book of Thoth"),
                _(STORY).format(games=in_words(TO_WIN)) + note, "mask")


def stage_page(tournament: Tournament, news: str = "") -> Page:
    """Where Setna stands in the sand, after ``news`` (what the last game did to him)."""
    games = tournament.wins + tournament.losses
    title = _("After game {n}").format(n=games) if games else _("The first game")
    body = "\n".join(filter(None, (news, tournament.telling(), _("Click for the next game."))))
    return Page(title, body, f"setna:{tournament.stage}")


def ending_page(tournament: Tournament) -> Page:
    """How the tournament ended: the Book of Thoth won, or the amulets of Ptah."""
    score = _("Setna {wins}, Neferkaptah {losses}.").format(wins=tournament.wins,
                                                             losses=tournament.losses)
    if tournament.won:
        return Page(_("The Book of Thoth"), f"{_(WON)}\n{score}", "book")
    return Page(_("The amulets of Ptah"), f"{_(LOST)}\n{score}", "rescue")

"""The Help menu's pages: how to play and about (the tutorial is played on the board:
``firmware.tutorial``); ``Page`` is any page the window shows, with a picture or not."""

from __future__ import annotations

from typing import NamedTuple


class Page(NamedTuple):
    """A page over the board: a title, its text, and a picture drawn by code beside the text
    (``sim.setna_art``: ``setna:N``, ``mask``, ``book``, ``rescue``), if any."""

    title: str
    body: str
    picture: str | None = None


HOW_TO_PLAY = Page(
    "How to play",
    "Twenty Squares is a race between five Cones and five Reels. Each side enters its pieces "
    "onto its own private row (1 to 4, left to right), turns down onto the shared middle row at "
    "square 5, and races left to square 16, where a piece that lands exactly leaves the board.\n"
    "Throw the four casting sticks: each white side counts one, so 1 to 4 whites move 1 to 4 "
    "squares, and no white at all moves 6. Your first piece needs a 4 or a 6 to enter.\n"
    "Land on an opponent's piece in the middle row to send it back to its sideline. You may not "
    "land on your own piece. A 6, or landing on a marked square (4, 8, 12 and 16, with the ankh "
    "and nefer signs), gives you another throw. Bear off all five pieces to win.\n"
    "In this window: hold the mouse (or the space bar) on the stick box to shake it, and let go "
    "to throw. Click a piece that can move and it goes to its square (or drag it there); click or "
    "drag a piece from the sideline to enter it. Squares light up as the board would: your "
    "pieces that can move glow in your colour, a lifted piece's target pulses, and the mummy's "
    "move flashes gold before its hand makes it. Under the status line the window says what "
    "just happened; Log lists the game so far.",
)

ABOUT = Page(
    "About aseb",
    "aseb: the Egyptian Game of Twenty Squares on a wooden board that plays back, and this "
    "window, which simulates the board on any computer. The rules are Professor W. J. Tait's, "
    "as played in P. S. Neeley's 20-Squares (1995), whose menus and MummyFacts this window "
    "remembers. Setna's tournament retells, in our own words, the ancient Egyptian tale of "
    "Prince Setna and the Book of Thoth, as that game told it; its pictures are drawn by code. "
    "Free software under the MIT licence.\n"
    "Keys: hold Space to shake the sticks, L for the log, F11 for full screen, Esc to leave (the "
    "game is saved and resumes next time). The letters are Quattrocento by Pablo Impallari, "
    "under the SIL Open Font License (sim/fonts/OFL.txt).",
)

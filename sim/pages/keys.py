"""Every key the window knows, for Help > Keys, and the hint a first-time player sees: the
window plays without a mouse, and says so.

    keys_page(rules).body   # 'Space: hold to shake the box, let go to throw\\n...'
"""

from __future__ import annotations

from engine.games.api import Rules
from firmware.words import N_, _
from sim.pages.page import Page

FIRST_TIME = N_("Keys play too: Space throws, Tab and Enter move a piece, F10 opens the menu; "
                "Help > Keys lists them all.")
"""The hint a player sees the first time the window opens."""
KEYS = (
    N_("Tab, Shift-Tab: to the next place that matters now (a piece that can move, where it "
       "may go, a square to mend)"),
    N_("Arrows: move the ring over the board, the sidelines and the box"),
    N_("Enter: pick up the piece in the ring, or put it down there; a piece with one way to "
       "go makes its move at once"),
    N_("Esc: put a piece in hand back, close a menu, a page or the log; in a game, asks before "
       "leaving it (the game is kept)"),
    N_("R: say again what the board waits for (spoken play)"),
    N_("L: open or close the log; Up, Down, Page Up, Page Down, Home and End scroll it"),
    N_("F10: the menu bar; Left and Right go from title to title, Up and Down from item to "
       "item, Enter chooses"),
    N_("Left and Right (or Enter): turn the pages of Help"),
    N_("F11: full screen, or a window again"),
)
"""Every key after the throw's, one a line."""


def keys_page(rules: Rules) -> Page:
    """Help > Keys: every key the window knows, the throw's in the game's own words."""
    device = rules.words.device
    throw = (_("Space: begin a game (nothing is thrown in this game)") if device is None else
             _("Space: throw the dice") if device == "dice" else
             _("Space: hold to shake the box, let go to throw"))
    return Page(_("Keys"), "\n".join([throw, *(_(line) for line in KEYS)]))

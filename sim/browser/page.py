"""What the Play page offers and says: the settings it shows (from their one description,
``firmware.menu.choices``), how its tutorial asks for a throw and a move, and the sentences the
page's script writes while Python starts.
"""

from __future__ import annotations

from firmware.menu.choices import Choice, Setting
from firmware.story.tutorial import Words
from firmware.words import N_

OFFERED: dict[str, tuple[str, ...] | None] = {
    "game": None,
    "opponent": ("reels", "cones", "none"),
    "level": ("scribe", "priest", "vizier", "neferkaptah"),
    "mode": ("game", "tutorial"),
    "chances": None,
    "lights": None,
    "language": None,
}
"""The settings the page offers, and each one's choices it offers (None: all of them): no board
far away, no fair mode and no tournament in a browser."""
NEEDS_TABLE = ("neferkaptah",)
"""The levels offered only where the site publishes Tait's solved table."""

PAGE_WORDS: Words = {
    "shake": N_("Press Throw, or the Enter key"),
    "move": N_("Choose the Cone on {src}, and it goes to {dst}"),
    "enter": N_("Choose the new Cone, and it comes in on {dst}"),
    "bump": N_("Choose the Cone on {src}: it lands on the Reel on {dst}"),
    "bear_off": N_("Choose the Cone on {src}: it goes to 16 and off"),
}
"""How the tutorial asks for a throw and each kind of move on the page (``firmware.story``'s
``Teacher`` fills them in)."""


def offers(found: Setting, table: bool) -> tuple[Choice, ...]:
    """The choices of ``found`` the page offers (Neferkaptah only with the solved table)."""
    wanted = OFFERED.get(found.key, ())
    return tuple(choice for choice in found.choices
                 if (wanted is None or choice.value in wanted)
                 and (table or choice.value not in NEEDS_TABLE))


SCRIPT = {
    "loading": N_("The games are starting: Python is loading in your browser."),
    "failed": N_("The games could not start in this browser: {problem}"),
    "table_loading": N_("Fetching Neferkaptah's solved table ({size}): once, then it is kept "
                        "in this browser."),
    "table_failed": N_("The solved table could not be fetched: Neferkaptah plays as the "
                       "Vizier."),
    "moves": N_("Your moves"),
}
"""What the page's script says itself (Python says the rest), handed to it in the page's
language."""

"""Where everything lives on the broker. A museum's state is under each board's name (the shipped
Mosquitto access list, ``docs/far/aclfile``, lets a board write only there); far play is under
an offer's slot and a game's random id, every game message sealed (``sim.far.sealing``), so a
public broker without accounts serves as well as one's own.

    aseb/boards/NAME/online         "online" or "offline" (retained; offline is its last will)
    aseb/boards/NAME/state          the board's state for a museum (retained, JSON)
    aseb/offers/NN                  a far game offered (retained; NN: the code's first two
                                    digits): the game's id and the host's half of the exchange
    aseb/games/GAME/join            a try to join: the guest's half and its sealed proof
    aseb/games/GAME/SIDE            a side's round, sealed (retained; SIDE: host or guest)
    aseb/games/GAME/SIDE/action     each throw and move of that side as it is made, sealed
    homeassistant/KIND/NAME/.../config   Home Assistant's discovery (retained)

A board that plays far on a public broker (no account) tells nothing of itself there: only the
offer and its game's sealed messages.
"""

from __future__ import annotations

import re

ROOT = "aseb/boards"
OFFERS = "aseb/offers"
GAMES = "aseb/games"
DISCOVERY = "homeassistant"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
"""A board's name: small letters, digits, ``-`` and ``_``, up to 32 (a topic level, a Home
Assistant node id and a Mosquitto user name alike)."""
CODE = re.compile(r"[0-9]{6}")
"""A far game's code: six digits, said and lit as the web page's PIN is."""
SIDES = ("host", "guest")


def online(name: str) -> str:
    return f"{ROOT}/{name}/online"


def state(name: str) -> str:
    return f"{ROOT}/{name}/state"


def offer(code: str) -> str:
    """Where the offer of ``code`` is found: by its first two digits alone (the other four
    are never on the broker)."""
    return f"{OFFERS}/{code[:2]}"


def join(game: str) -> str:
    return f"{GAMES}/{game}/join"


def round_of(game: str, side: str) -> str:
    return f"{GAMES}/{game}/{side}"


def action(game: str, side: str) -> str:
    return f"{GAMES}/{game}/{side}/action"


def board_of(topic: str) -> str | None:
    """The board a topic under ``ROOT`` belongs to (None: not a board's topic)."""
    parts = topic.split("/")
    if len(parts) >= 4 and "/".join(parts[:2]) == ROOT and NAME.fullmatch(parts[2]):
        return parts[2]
    return None


def check_name(name: str) -> str:
    """``name`` if it can name a board; ValueError saying what it may be otherwise."""
    if not NAME.fullmatch(name):
        raise ValueError(f"{name!r} cannot name a board: small letters, digits, - and _, "
                         "up to 32, beginning with a letter or digit")
    return name

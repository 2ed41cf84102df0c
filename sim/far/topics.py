"""Where everything lives on the broker: every board writes only under its own name (the
Mosquitto ACL, ``docs/far/aclfile``, allows nothing else), and reads every board's.

    aseb/boards/NAME/online            "online" or "offline" (retained; offline is its last will)
    aseb/boards/NAME/state             the board's state for a museum (retained, JSON)
    aseb/boards/NAME/offer/CODE        a far game offered under a code (retained; empty: taken)
    aseb/boards/NAME/far/CODE          its far game: the round and the whole record (retained)
    aseb/boards/NAME/far/CODE/action   each throw and move as it is made (QoS 1)
    homeassistant/SENSOR/NAME/.../config   Home Assistant's discovery (retained)
"""

from __future__ import annotations

import re

ROOT = "aseb/boards"
DISCOVERY = "homeassistant"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
"""A board's name: small letters, digits, ``-`` and ``_``, up to 32 (a topic level, a Home
Assistant node id and a Mosquitto user name alike)."""
CODE = re.compile(r"[0-9]{6}")
"""A far game's code: six digits, said and lit as the web page's PIN is."""


def online(name: str) -> str:
    return f"{ROOT}/{name}/online"


def state(name: str) -> str:
    return f"{ROOT}/{name}/state"


def offer(name: str, code: str) -> str:
    return f"{ROOT}/{name}/offer/{code}"


def far(name: str, code: str) -> str:
    return f"{ROOT}/{name}/far/{code}"


def action(name: str, code: str) -> str:
    return f"{ROOT}/{name}/far/{code}/action"


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

"""A page the window shows over the board, with a picture or not (Help > How to play and About
are made from each game's rules page: ``sim.rules_pages``)."""

from __future__ import annotations

from typing import NamedTuple


class Page(NamedTuple):
    """A page over the board: a title, its text, and a picture drawn by code beside the text
    (``sim.setna_art``: ``setna:N``, ``mask``, ``book``, ``rescue``; a game's position,
    ``position:GAME:NOTATION``: ``sim.position_art``), if any."""

    title: str
    body: str
    picture: str | None = None


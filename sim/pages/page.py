"""A page the window shows over the board, with a picture or not (Help > How to play and About
are made from each game's rules page: ``sim.pages.how_to_play``)."""

from __future__ import annotations

from typing import NamedTuple


class Page(NamedTuple):
    """A page over the board: a title, its text, and a picture drawn by code beside the text
    (``sim.drawing.setna_art``: ``setna:N``, ``mask``, ``book``, ``rescue``; a game's position,
    ``position:GAME:NOTATION``: ``sim.drawing.positions``), if any."""

    title: str
    body: str
    picture: str | None = None


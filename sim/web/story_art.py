"""The story's pictures for the museum's display: Setna's story pages (``sim.pages.setna``) with
the art the window draws beside them (``sim.drawing.setna_art``), drawn by pygame into a PNG once
each (no window: a plain surface) and served as ``/art/NAME.png``.

    png = picture_png("mask")
"""

from __future__ import annotations

import io
from functools import cache

PICTURES = ("mask", "book", "rescue", *(f"setna-{n}" for n in range(5)))
"""The pictures served, by their names in a path (``setna-2``: ``setna:2``, sand to his waist)."""
SIZE = (480, 360)


@cache
def picture_png(name: str) -> bytes:
    """The picture ``name`` (one of ``PICTURES``) as PNG bytes; KeyError for any other."""
    if name not in PICTURES:
        raise KeyError(name)
    import pygame

    from sim.drawing.setna_art import draw

    surface = pygame.Surface(SIZE)
    draw(surface, surface.get_rect(), name.replace("-", ":"))
    out = io.BytesIO()
    pygame.image.save(surface, out, "picture.png")
    return out.getvalue()


def story_pages() -> list[dict[str, str]]:
    """Setna's story told between games, page by page, in the language spoken now: its title
    page and its two endings, each with its picture's name."""
    from firmware.words import _
    from sim.pages.setna import LOST, WON, title_page

    first = title_page()
    return [{"title": first.title, "body": first.body, "picture": "mask"},
            {"title": _("The Book of Thoth"), "body": _(WON), "picture": "book"},
            {"title": _("The amulets of Ptah"), "body": _(LOST), "picture": "rescue"}]

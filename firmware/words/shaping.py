"""Arabic as it is drawn: letters joined (arabic-reshaper) and a line laid in visual order by
the Unicode bidi algorithm (python-bidi), for every face that draws text itself (the window,
``sim.drawing.text``; the printed menu card, ``firmware.menu.card``). The Arabic face, Noto Naskh
Arabic (SIL OFL, its licence beside it), ships here for both.

>>> shaped("Cones threw 12.")
'Cones threw 12.'
"""

from __future__ import annotations

import re
from pathlib import Path

import arabic_reshaper
import bidi
from bidi.mirror import MIRRORED

ARABIC_FACE = Path(__file__).with_name("fonts") / "NotoNaskhArabic-Regular.ttf"
"""Noto Naskh Arabic (Google, SIL OFL; from Debian's fonts-noto-core): the book hand of Arabic,
at home beside a Roman face."""
ARABIC = re.compile("[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")
"""Arabic letters, digits and punctuation (and the joined forms the reshaper writes)."""


def shaped(text: str, right_to_left: bool = False) -> str:
    """``text`` as drawn: an Arabic line joined and in visual order (left to right on screen),
    brackets inside its right-to-left runs turned round; any other line as it is. A line of a
    paragraph written right to left (``right_to_left``: an Arabic page, wrapped) is laid out so
    whatever it begins with, a square's name too; else its first letter says its direction."""
    if not ARABIC.search(text):
        return text
    joined = str(arabic_reshaper.reshape(text))
    base = "R" if right_to_left else None
    levels = _levels(joined, base)
    if levels is None:  # a python-bidi that tells no levels: its order, brackets unturned
        return str(bidi.get_display(joined, base_dir=base))
    chars = [MIRRORED.get(char, char) if level % 2 else char
             for char, level in zip(joined, levels, strict=True)]
    order = list(range(len(chars)))
    odd = [level for level in levels if level % 2]
    for level in range(max(levels), min(odd, default=max(levels) + 1) - 1, -1):
        i = 0  # the bidi algorithm's rule L2: reverse every run at this level or above
        while i < len(order):
            j = i
            while j < len(order) and levels[order[j]] >= level:
                j += 1
            order[i:j] = reversed(order[i:j])
            i = max(j, i + 1)
    return "".join(chars[k] for k in order)


def _levels(text: str, base: str | None = None) -> list[int] | None:
    """The embedding level of each character of ``text`` by the Unicode bidi algorithm, in a
    paragraph of direction ``base`` (``R``; None: the text's first strong letter's) (python-bidi's
    Rust core tells them, a level per UTF-8 byte, only in its debug answer; its own reordering
    does not turn brackets round)."""
    info = str(bidi.get_display(text, base_dir=base, debug=True))
    listed = re.search(r"levels:\s*\[(.*?)\]", info, re.DOTALL)
    if listed is None:
        return None
    per_byte = [int(n) for n in re.findall(r"Level\(\s*(\d+)", listed.group(1))]
    if len(per_byte) != len(text.encode()):
        return None
    levels, at = [], 0
    for char in text:
        levels.append(per_byte[at])
        at += len(char.encode())
    return levels


def runs(line: str) -> list[tuple[str, bool]]:
    """A drawn (shaped) line cut into runs, each with whether it is Arabic: each run is drawn
    in its own face (the Arabic face has no Latin letters)."""
    found: list[tuple[str, bool]] = []
    for char in line:
        arabic = bool(ARABIC.match(char)) or (char == " " and bool(found) and found[-1][1])
        if found and found[-1][1] == arabic:
            found[-1] = (found[-1][0] + char, arabic)
        else:
            found.append((char, arabic))
    return found

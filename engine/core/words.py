"""Words the engine hands to a player, kept translatable: the engine reads no catalog (it is
pure), so a sentence leaves it as a ``Phrase``, English text that also carries its message id
and arguments, and the face (``firmware.words.say``) puts it into the visitor's language.

>>> p = phrase(N_("{side} threw {n}."), side=side_name(Side.CONES), n=2)
>>> str(p), p.msgid
('Cones threw 2.', '{side} threw {n}.')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.sides import Side


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it (the face translates)."""
    return message


class Phrase(str):
    """A sentence in English (it is that string) with its message id and arguments, so a face
    can say it in another language; arguments may be phrases themselves."""

    msgid: str
    plural: str | None
    number: int | None
    args: dict[str, Any]

    def __new__(cls, msgid: str, args: dict[str, Any], plural: str | None = None,
                number: int | None = None) -> Phrase:
        chosen = plural if plural is not None and number != 1 else msgid
        made = super().__new__(cls, chosen.format(**args))
        made.msgid, made.plural, made.number, made.args = msgid, plural, number, dict(args)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Phrase, (self.msgid, self.args, self.plural, self.number))


def phrase(msgid: str, **args: Any) -> Phrase:
    """``msgid`` (marked with ``N_``) with its named placeholders filled in."""
    return Phrase(msgid, args)


def nphrase(singular: str, plural: str, number: int, **args: Any) -> Phrase:
    """A sentence whose form follows ``number`` (``{n} point``, ``{n} points``); ``n`` is
    set to it."""
    return Phrase(singular, {"n": number, **args}, plural, number)


def listing(items: Sequence[str]) -> str:
    """Items one after another (``a, b, c``), as a phrase when they are phrases, so each
    language joins them its own way (Arabic with its own comma)."""
    return joined(items, N_("{item}, {more}"))


def joined(items: Sequence[str], pair: str, last: str | None = None) -> str:
    """Items folded from the right by ``pair`` (a marked ``{item}...{more}`` message), the last
    two by ``last`` where given (``{item} and {more}``), as a phrase, so each language joins
    them its own way."""
    if not items:
        return ""
    result = items[-1]
    for n, item in enumerate(reversed(items[:-1])):
        result = phrase(last if last is not None and n == 0 else pair, item=item, more=result)
    return result


SIDE_NAMES = (N_("Cones"), N_("Reels"))
PIECE_NAMES = (N_("Cone"), N_("Reel"))


def side_name(side: Side) -> Phrase:
    """The side's name for a player (``Cones``), translatable."""
    return phrase(SIDE_NAMES[side])


def piece_name(side: Side) -> Phrase:
    """One piece of the side (``Cone``), translatable."""
    return phrase(PIECE_NAMES[side])

"""The words a player reads or hears, in the visitor's language: gettext, the ecosystem's way.

Beside this module: the catalogs (``locale/``), the catalog tool, Arabic shaping and its face.
May import: ``engine`` only.

One language per process, chosen by ``choose`` (``--lang`` > the settings > the board file >
``LANGUAGE``/``LANG`` > English) and set with ``use``. Every face marks its words with ``_()``
(and ``ngettext`` for plurals by the language's rules); constants are marked with ``N_()`` and
translated where they are shown; the engine's sentences arrive as ``Phrase`` and go through
``say``. The catalogs are ``firmware/words/locale/<lang>/LC_MESSAGES/aseb.po`` (compiled ``.mo``
beside them; ``python -m firmware.words.catalog`` extracts and compiles).

    use("de")
    print(_("{side} threw {n}.").format(side=say(side_name(Side.CONES)), n=2))
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.sides import Side
from engine.core.words import N_, PIECE_NAMES, SIDE_NAMES, Phrase

__all__ = ["LANGUAGES", "NP_", "N_", "_", "choose", "language", "ngettext", "pgettext", "problem",
           "right_to_left", "say", "speaking", "use", "use_here", "voice"]

DOMAIN = "aseb"
LOCALES = Path(__file__).with_name("locale")
LANGUAGES: dict[str, str] = {
    "en": "English", "ar": "العربية", "de": "Deutsch", "fr": "Français", "it": "Italiano",
    "es": "Español"}
"""The visitors' languages, each named in itself (as a menu offers them)."""
PSEUDO = "qps"
"""The pseudo-language: every marked word bracketed and accented, to find words not marked."""
RIGHT_TO_LEFT = frozenset({"ar"})
"""Languages written right to left (the window mirrors its words for them)."""
VOICES = {"en": "en", "ar": "ar", "de": "de", "fr": "fr", "it": "it", "es": "es", "qps": "en"}
"""espeak-ng's voice (``-v``) for each language."""

_language = "en"
_catalog: gettext.NullTranslations = gettext.NullTranslations()
_here: ContextVar[tuple[str, gettext.NullTranslations] | None] = ContextVar("aseb_language",
                                                                             default=None)
"""A language spoken in one context only (one web request), over the process's."""


def known(language: str) -> bool:
    """Whether ``language`` is one the catalogs hold (the pseudo-language too)."""
    return language in LANGUAGES or language == PSEUDO


def use(language: str) -> None:
    """Speak ``language`` from now on in this process; ValueError for one without a catalog."""
    global _language, _catalog
    if not known(language):
        raise ValueError(f"unknown language {language!r} (choose one of {', '.join(LANGUAGES)})")
    _catalog = _translation(language)
    _language = language


def use_here(language: str) -> None:
    """Speak ``language`` in this context only (``contextvars``: one asyncio task, such as one
    request to the web page, which may speak another language than the board)."""
    if not known(language):
        raise ValueError(f"unknown language {language!r} (choose one of {', '.join(LANGUAGES)})")
    _here.set((language, _translation(language)))


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` inside a ``with`` block only (undone after it): the board's link says
    a line in each language its companions may read."""
    if not known(language):
        raise ValueError(f"unknown language {language!r} (choose one of {', '.join(LANGUAGES)})")
    token = _here.set((language, _translation(language)))
    try:
        yield
    finally:
        _here.reset(token)


def read_catalogs_from(folder: Path) -> None:
    """Read the catalogs from ``folder`` (laid out as ``locale/`` is) from now on: where the
    packages are imported from a zip (the browser's worker), their catalogs are files apart."""
    global LOCALES, _catalog
    LOCALES = folder
    _translation.cache_clear()
    _catalog = _translation(_language)


@cache
def _translation(language: str) -> gettext.NullTranslations:
    return gettext.translation(DOMAIN, LOCALES, [language], fallback=language == "en")


def _spoken() -> tuple[str, gettext.NullTranslations]:
    return _here.get() or (_language, _catalog)


def language() -> str:
    """The language spoken now (``en``, ``de``...)."""
    return _spoken()[0]


def right_to_left() -> bool:
    """Whether the language spoken now is written right to left."""
    return language() in RIGHT_TO_LEFT


def voice() -> str:
    """espeak-ng's voice for the language spoken now."""
    return VOICES[language()]


def _(message: str) -> str:
    """``message`` in the language spoken now."""
    return _spoken()[1].gettext(message)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` for the catalog, as meant in ``context``, without translating it
    (``pgettext`` translates it where it is shown)."""
    return message


def pgettext(context: str, message: str) -> str:
    """``message`` in the language spoken now, as meant in ``context``: a short word whose
    sense differs from one face to another (the web page's login button "Enter" is not the
    terminal's Enter key) is its own message."""
    return _spoken()[1].pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` by the language's plural rules."""
    return _spoken()[1].ngettext(singular, plural, n)


def say(text: str) -> str:
    """An engine's ``Phrase`` (or a marked constant) in the language spoken now; its arguments
    that are phrases are said too."""
    if not isinstance(text, Phrase):
        return _(text) if text else text
    args = {key: say(value) if isinstance(value, str) else value
            for key, value in text.args.items()}
    if text.plural is not None and text.number is not None:
        return ngettext(text.msgid, text.plural, text.number).format(**args)
    return _(text.msgid).format(**args)


def problem(error: Exception) -> str:
    """What is wrong, in the language spoken now: an error a player or an owner can meet
    carries a ``Phrase`` (a rules error's ``words``, a solved table's error); any other error
    is said as it is."""
    first = error.args[0] if error.args else None
    return say(first) if isinstance(first, Phrase) else str(error)


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The first known language of ``LANGUAGE`` (a colon list), ``LC_ALL`` or ``LANG``
    (``de_DE.UTF-8`` is ``de``); None when none is known."""
    for key in ("LANGUAGE", "LC_ALL", "LANG"):
        for item in environ.get(key, "").split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code and known(code):
                return code
    return None


def choose(command_line: str | None = None, setting: str | None = None,
           board: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang`` over the kept setting over the board file's default
    over the environment, else English."""
    for wanted in (command_line, setting, board):
        if wanted and known(wanted):
            return wanted
    return from_environment(os.environ if environ is None else environ) or "en"


def side_said(side: Side) -> str:
    """The side's name in the language spoken now (``Cones``)."""
    return _(SIDE_NAMES[side])


def piece_said(side: Side) -> str:
    """One piece of the side in the language spoken now (``Cone``)."""
    return _(PIECE_NAMES[side])


def upper_first(text: str) -> str:
    """``text`` with its first letter a capital (where the language has capitals)."""
    return text[:1].upper() + text[1:]


def bullet(items: list[Any]) -> str:
    """Items said one after another, as the language joins a list (``a, b``)."""
    return _(", ").join(str(item) for item in items)

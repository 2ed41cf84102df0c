"""MummyFacts: short facts about ancient Egypt and its games, told now and then while a throw is
awaited, and gone as soon as the sticks are thrown, as in the 1995 game.

The facts and their sources live in ``mummy_facts.toml`` beside this file. The window shows the
teller's fact; a board without a screen can speak it (``[facts] speak = true``, with espeak-ng).

    teller = FactTeller(random.Random(0))
    teller.update(now=200.0, waiting=True)  # 'The name senet is usually translated ...'
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from firmware.lights.scenes import Phase
from firmware.words import _
from hardware.doors.file_reader import BOARD_FILE
from hardware.doors.toml_reader import Section, load_toml, parse_toml

if TYPE_CHECKING:
    from firmware.play.controller import Controller
    from hardware.sounds.voice import Voice

FACTS_FILE = Path(__file__).with_name("mummy_facts.toml")
LONGEST = 220
"""Characters a fact may have: it must read (or be spoken) in a few seconds."""
FIRST = 45.0
"""Seconds of play before the first fact."""
EVERY = (120.0, 180.0)
"""Seconds between facts, as in the original: every two or three minutes."""


@dataclass(frozen=True)
class Fact:
    """One MummyFact and the book or museum page that says it."""

    text: str
    source: str

    def __str__(self) -> str:
        return self.text


def load_facts(path: Path = FACTS_FILE) -> tuple[Fact, ...]:
    """Every fact in the file, in order, read by the one reader of TOML files; a bad file
    raises ``ConfigError`` in one line."""
    data = load_toml(path)
    top = Section(str(path), "", data)
    facts = []
    for section in top.sections("fact"):
        fact = Fact(section.text("text").strip(), section.text("source").strip())
        if not fact.text or not fact.source:
            raise section.error("text" if not fact.text else "source", "must not be empty")
        if len(fact.text) > LONGEST:
            raise section.error("text", f"{len(fact.text)} characters; keep it under {LONGEST}")
        section.done()
        facts.append(fact)
    top.done()
    if not facts:
        raise top.error("fact", "no [[fact]] in the file")
    return tuple(facts)


def extract(fileobj: BinaryIO, keywords: object, comment_tags: object,
            options: object) -> Iterator[tuple[int, str | None, str, list[str]]]:
    """Babel's extraction of the facts file (``babel.cfg``): every fact's text is a message,
    its source a translator's note."""
    text = fileobj.read(BOARD_FILE.size + 1).decode("utf-8")
    lines = text.splitlines()
    for fact in parse_toml(text, "mummy_facts.toml").get("fact", []):
        line = next((n for n, row in enumerate(lines, 1) if fact["text"] in row), 0)
        yield line, None, fact["text"].strip(), [f"MummyFact; source: {fact['source']}"]


class FactTeller:
    """Decides when a fact shows and which; it never repeats one until all have been told."""

    def __init__(self, rng: random.Random, facts: Sequence[Fact] | None = None) -> None:
        self._rng = rng
        self._facts = tuple(facts) if facts is not None else load_facts()
        self._deck: list[Fact] = []
        self._next_at: float | None = None
        self.current: str | None = None

    def update(self, now: float, waiting: bool, enabled: bool = True) -> str | None:
        """The fact to show at ``now`` (``waiting``: a throw is awaited); None hides it."""
        if self._next_at is None:
            self._next_at = now + FIRST
        if not enabled or not waiting:
            if self.current is not None:  # the sticks were thrown: the fact goes away
                self.current = None
                self._next_at = max(self._next_at, now + self._rng.uniform(*EVERY))
            return None
        if self.current is None and now >= self._next_at:
            self.current = _(self._draw().text)  # each fact is a catalog message
        return self.current

    def _draw(self) -> Fact:
        if not self._deck:
            self._deck = list(self._facts)
            self._rng.shuffle(self._deck)
        return self._deck.pop()


class SpokenFacts:
    """On a board without a screen: the teller's facts spoken aloud, hushed on the throw."""

    def __init__(self, teller: FactTeller, voice: Voice) -> None:
        self.teller = teller
        self.voice = voice

    def update(self, now: float, waiting: bool) -> None:
        """Speak a fact when the teller shows a new one; stop speaking when it goes."""
        before = self.teller.current
        fact = self.teller.update(now, waiting)
        if fact is not None and fact != before:
            self.voice.say(fact)
        elif fact is None and before is not None:
            self.voice.hush()


def awaiting_throw(controller: Controller) -> bool:
    """Whether a player (not the mummy) is deciding to throw: the time for a fact."""
    game = controller.game
    return controller.phase is Phase.THROW and game is not None \
        and game.state.turn != controller.settings.mummy

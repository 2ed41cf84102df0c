"""MummyFacts in the window: the board's facts (``firmware/mummy_facts.toml``) and the teller
that shows one every two or three minutes while a throw is awaited (``firmware.facts``).

    teller = FactTeller(random.Random(0))
    teller.update(now=200.0, waiting=True)  # 'The name senet is usually translated ...'
"""

from __future__ import annotations

from firmware.facts import FactTeller, load_facts

FACTS: tuple[str, ...] = tuple(fact.text for fact in load_facts())
"""The text of every fact, in the file's order."""

__all__ = ["FACTS", "FactTeller"]

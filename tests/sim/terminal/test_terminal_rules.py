"""``rules`` at the terminal: the same rules for players as the window's How to play, page by
page, with the page's position drawn and the way to the next page and back; in French too."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine.games import load
from firmware import words
from sim.pages.guide import guide
from sim.terminal.game import TerminalGame
from sim.terminal.rules import rules_text
from tests.sim.terminal.test_terminal import Script


@pytest.fixture
def french() -> Iterator[None]:
    words.use("fr")
    yield
    words.use("en")


def test_rules_lists_the_pages_and_rules_n_shows_one_with_its_position() -> None:
    rules = load("senet")
    made = guide(rules)
    assert made is not None
    listing = rules_text(rules, "")
    assert listing.startswith(f"Senet: how to play, in {len(made.sections)} pages.")
    assert "  5. Capturing and blocking" in listing
    page = rules_text(rules, "5")
    assert page.startswith(f"Senet: Capturing and blocking (5 of {len(made.sections)})")
    assert "- Two opponent's pieces side by side on the path protect each other" in page
    assert ">[R ]" in page and "H13" in page  # the position, the squares it speaks of marked
    assert "> marks the squares this page speaks of." in page
    assert page.endswith("'rules 6': the next page, 'rules 4': back")
    assert rules_text(rules, "1").endswith("'rules 2': the next page")
    assert rules_text(rules, "99") == "The pages are 1 to 7: type 'rules 1' for the first."


def test_rules_is_a_command_at_any_prompt_and_in_the_help() -> None:
    script = Script(["help", "rules", "rules 2", ""])
    TerminalGame(script.read, script.write, random.Random(1), ruleset=load("cyningstan")).run()
    text = script.text
    assert "rules" in text and "how to play this game, page by page" in text
    assert "Cyningstan's Twenty Squares: The pieces and the die (2 of 6)" in text


def test_rules_speaks_french_and_answers_its_french_name(french: None) -> None:
    script = Script(["règles 3", ""])
    TerminalGame(script.read, script.write, random.Random(1), ruleset=load("tait")).run()
    assert "Vingt cases : Un tour (3 sur 8)" in script.text
    assert "1. Lancez les bâtonnets." in script.text

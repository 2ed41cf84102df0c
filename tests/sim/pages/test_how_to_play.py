"""Every game's rules for players: written once (``engine/NAME/how_to_play.md``), read as pages in
the order a player needs them, short, a position drawn where a page names one, every word a
catalog message; the rules reference (``rules.md``) stays beside it for experts."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from engine.games import load, names
from firmware import words
from sim.pages.guide import Paragraph, extract, guide, read
from sim.pages.how_to_play import about, how_to_play

LONGEST = 640
"""Letters a page holds at most, in any language (a page with a picture shows about 500 at
1280 x 720 before its letters get smaller)."""
MOST_PAGES = 9
"""Pages a game's How to play has at most, the window's own page included."""

GUIDE = """# A game

Source: somebody's rules,
on two lines.

A note for us, before the first page: not a player's.

## The board

<!-- position: C:C2 R:R3 turn:C -->
<!-- lit: C2 M6 -->
A paragraph
that goes on.

- An item,
  long.
- Another.

## A turn

1. Throw.
2. Move.
"""


@pytest.fixture
def spoken() -> Iterator[None]:
    yield
    words.use("en")


def test_a_guide_reads_its_name_source_sections_items_and_pictures() -> None:
    made = read(GUIDE)
    assert made.name == "A game" and made.source == "somebody's rules, on two lines."
    board, turn = made.sections
    assert board.title == "The board" and board.position == "C:C2 R:R3 turn:C"
    assert board.lit == ("C2", "M6")
    assert board.paragraphs == (Paragraph("A paragraph that goes on."),
                                Paragraph("An item, long.", "- "), Paragraph("Another.", "- "))
    assert turn.paragraphs == (Paragraph("Throw.", "1. "), Paragraph("Move.", "2. "))
    assert turn.position is None and turn.lit == ()


def test_the_catalog_takes_every_title_and_paragraph_of_a_guide() -> None:
    found = [message for _line, _f, message, _c in
             extract(io.BytesIO(GUIDE.encode()), None, None, None)]
    assert found == ["A game", "somebody's rules, on two lines.", "The board",
                     "A paragraph that goes on.", "An item, long.", "Another.", "A turn",
                     "Throw.", "Move."]


@pytest.mark.parametrize("name", names())
def test_every_game_has_its_own_rules_for_players(name: str) -> None:
    rules = load(name)
    made = guide(rules)
    assert made is not None and made.name and made.source
    assert len(made.sections) >= 5
    titles = [section.title for section in made.sections]
    assert len(set(titles)) == len(titles)
    assert made.name not in titles  # no page titled "Stacks: Stacks"
    for section in made.sections:
        assert section.paragraphs, section.title


@pytest.mark.parametrize("name", names())
def test_every_pictured_position_is_one_of_the_games_and_its_lit_squares_are_squares(
        name: str) -> None:
    rules = load(name)
    made = guide(rules)
    assert made is not None
    pictured = [section for section in made.sections if section.position is not None]
    assert len(pictured) * 2 >= len(made.sections)  # a position on most pages
    for section in pictured:
        assert section.position is not None
        rules.parse(section.position)  # raises on a position the game cannot read
        assert set(section.lit) <= set(rules.geometry.squares), section.title


@pytest.mark.parametrize("language", words.LANGUAGES)
@pytest.mark.parametrize("name", names())
def test_every_games_pages_are_few_and_short_in_every_language(name: str, language: str,
                                                               spoken: None) -> None:
    words.use(language)
    pages = how_to_play(load(name))
    assert 5 <= len(pages) <= MOST_PAGES
    for page in pages:
        assert len(page.body) <= LONGEST, (page.title, len(page.body))


def test_the_pages_are_the_guides_sections_in_order_then_the_window() -> None:
    rules = load("senet")
    made = guide(rules)
    assert made is not None
    pages = how_to_play(rules)
    assert [page.title for page in pages] == [
        *(f"Senet: {section.title}" for section in made.sections), "Senet: in this window"]
    assert pages[0].picture == f"position:senet:{made.sections[0].position}"
    capture = next(page for page in pages if page.title.endswith("Capturing and blocking"))
    assert capture.picture is not None and capture.picture.endswith("#H13,H17,H18")
    assert capture.body.startswith("\u2022 A piece may not land")


def test_cyningstans_pages_are_titled_with_its_own_name() -> None:
    titles = [page.title for page in how_to_play(load("cyningstan"))]
    assert all(title.startswith("Cyningstan's Twenty Squares: ") for title in titles)


def test_a_page_is_in_the_language_spoken(spoken: None) -> None:
    words.use("fr")
    page = how_to_play(load("tait"))[2]
    assert page.title == "Vingt cases : Un tour"
    assert "Lancez les bâtonnets." in page.body


def test_about_says_where_the_rules_come_from_in_the_players_words() -> None:
    page = about(load("ramses"))
    assert "Horst Alexander Renz's Ramses" in page.body
    assert ".txt" not in page.body and "/" not in page.body

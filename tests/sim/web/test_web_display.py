"""The museum's display (``/display``): Setna's story pages with their art and MummyFacts between
games, the board during one, and the kiosk's figures as plots."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed")

from firmware.story.setna import Setna
from firmware.story.tournament import Tournament
from sim.web.app import _plots
from sim.web.board_svg import share_svg
from sim.web.story_art import PICTURES, picture_png
from tests.sim.web.web_board import WebBoard, connected


@pytest.fixture
def board(tmp_path: Path) -> Iterator[WebBoard]:
    with WebBoard(tmp_path) as board:
        yield board


def test_between_games_the_display_tells_setnas_story_with_its_art(board: WebBoard) -> None:
    with connected(board) as client:
        page = client.get("/display").text
        art = re.findall(r'src="(/art/[a-z0-9-]+\.png)"', page)
        assert art == ["/art/mask.png"]
        picture = client.get(art[0])
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
        assert picture.content.startswith(b"\x89PNG")
        for bad in ("/art/nothing.png", "/art/..%2Fapp.png", "/art/mask.jpg"):
            assert client.get(bad).status_code == 404, bad
    assert 'class="display live between"' in page  # no game yet: between games
    assert "Setna and the Book of Thoth" in page and "The amulets of Ptah" in page
    assert "MummyFacts" in page


def test_in_a_game_the_display_is_the_board(board: WebBoard) -> None:
    board.set_up("C:C2 R:M9 entered:CR turn:C")
    with connected(board) as client:
        page = client.get("/display").text
    assert 'class="display live"' in page  # the story waits for the game's end


def test_every_picture_of_the_story_is_drawn() -> None:
    for name in PICTURES:
        assert picture_png(name).startswith(b"\x89PNG")
    with pytest.raises(KeyError):
        picture_png("../app")


def test_the_kiosks_figures_are_plots() -> None:
    stats = {"games": 9, "per_day": {"2026-11-24": 3, "2026-11-25": 6}, "visitors": 0.25,
             "minutes": 8.0, "durations": [1, 5, 2, 0, 0, 0, 1]}
    plots = _plots(stats)
    assert [caption for caption, _ in plots] == [
        "Games per day", "Visitors' games against the mummy, played to the end",
        "Finished games by their length in minutes"]
    durations = ElementTree.fromstring(plots[2][1])
    bars = [float(e.get("height", 0)) for e in durations.iter() if e.get("class") == "day-bar"]
    assert len(bars) == 7 and bars[1] == max(bars) and bars[1] == 5 * bars[0]
    names = [e.text for e in durations.iter() if e.get("class") == "day-name"]
    assert names[0] == "0-5" and names[-1] == "30+"
    assert len(_plots({**stats, "visitors": None, "durations": [0] * 7})) == 1


def test_the_visitors_share_is_split_by_their_wins() -> None:
    drawn = ElementTree.fromstring(share_svg(0.25, "Visitors", "The mummy", "wins"))
    left, right = (e for e in drawn.iter() if (e.get("class") or "").startswith("share-")
                   and e.tag.endswith("rect"))
    assert float(right.get("width", 0)) == 3 * float(left.get("width", 0))
    assert "Visitors 25%" in ElementTree.tostring(drawn, encoding="unicode")


def test_the_display_and_the_live_page_show_setnas_tournament_in_the_pages_words(
        tmp_path: Path) -> None:
    with WebBoard(tmp_path, story="tournament") as board, connected(board) as client:
        display, live = client.get("/display").text, client.get("/").text
        story = board.table.choices.story if board.table.choices is not None else None
        assert isinstance(story, Setna)
        with board.lock:
            story._changed(Tournament(wins=1, losses=2, stage=1))
            board.table.run(0.1)
        board.sync(client)
        later = client.get("/display").text
    for page in (display, live):
        assert "Setna&#39;s tournament" in page
        assert "Prince Setna plays the Cones, the mummy of Neferkaptah the Reels." in page
        assert "Setna 0, Neferkaptah 0 (first to 4): Setna stands on the sand" in page
    assert 'data-key="0:0:0"' in display and 'src="/art/setna-0.png"' in display
    assert 'src="/art/setna-' not in live  # the live page's heading: words only
    assert 'data-key="1:2:1"' in later and 'src="/art/setna-1.png"' in later
    assert "Setna stands in the sand to his knees" in later


def test_the_tournament_is_said_in_the_pages_language_not_the_boards(tmp_path: Path) -> None:
    with WebBoard(tmp_path, story="tournament", language="fr") as board, \
            connected(board) as client:
        page = client.get("/display").text
    assert "Setna 0, Neferkaptah 0" in page and "sable" in page
    assert "stands on the sand" not in page


def test_no_tournament_no_heading(board: WebBoard) -> None:
    with connected(board) as client:
        assert 'id="tournament"' not in client.get("/display").text
        assert 'id="tournament"' not in client.get("/").text

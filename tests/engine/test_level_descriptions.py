"""Each game says how each mummy level plays it, in its own words."""

from __future__ import annotations

import pytest

from engine.games import load, names
from engine.mummy import Level
from engine.mummy.minds import level_description


@pytest.mark.parametrize("game", names())
def test_every_level_of_every_game_has_a_line(game: str) -> None:
    lines = [level_description(level, load(game)) for level in Level]
    assert all(lines) and len(set(lines)) == len(lines)


@pytest.mark.parametrize("game", [g for g in names() if g not in ("tait", "cyningstan")])
def test_games_without_bumps_or_a_table_are_not_told_of_them(game: str) -> None:
    for level in Level:
        line = level_description(level, load(game))
        assert "bumps" not in line and "solved game" not in line, line

"""A whole game of every game of the family on the Play page, against the mummy, to its winner:
by clicks and by keys, in English and in Arabic, at a phone's size and a desk's (each way of
playing meets each language and each size). Long: ``make test-long`` runs them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import games
from engine.core.sides import Side
from firmware.words import _, side_said, speaking
from tests.sim.chromium import chromium_missing

missing = chromium_missing()
if missing is not None:
    pytest.skip(f"browser tests skipped: {missing}", allow_module_level=True)

from tests.sim.browser.player import WAIT, opened, played_out  # noqa: E402
from tests.sim.browser.site import Site  # noqa: E402

WAYS = [("clicks", "en", "phone"), ("keys", "ar", "desk"), ("clicks", "ar", "desk"),
        ("keys", "en", "phone")]
"""How a person plays, in what language, on what: each way meets each language and size."""


@pytest.mark.long
@pytest.mark.parametrize(("way", "language", "size"), WAYS)
@pytest.mark.parametrize("name", games.names())
def test_a_whole_game_of_every_game_is_played_to_its_winner(
        open_page: Callable[..., Any], site: Site, name: str, way: str, language: str,
        size: str) -> None:
    page = opened(open_page, site, language, size, seed=len(name))
    page.select_option("#setting-game", name)
    page.wait_for_function(f"document.getElementById('board').dataset.game === '{name}'",
                           timeout=WAIT)
    assert played_out(page, way) > 5
    assert page.evaluate("document.body.dataset.waiting") == "over"
    with speaking(language):
        wins = {_("{side} win!").format(side=side_said(side)) for side in Side}
    assert page.inner_text("#status") in wins

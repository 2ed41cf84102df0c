"""Every pair of light meanings a player must tell apart keeps a clear colour difference, or
differs by its motion, for normal vision and for protanopia, deuteranopia and tritanopia, at the
brightness of every shipped board file, with calm lights and without."""

from __future__ import annotations

import pytest

from firmware.lights.scenes import PALETTE, Palette
from hardware.boards.board_file import BOARDS, load_board
from tests.firmware.lights.every_scene import PAIRS, meanings
from tests.firmware.lights.seeing import CLEAR, MOTION, VISIONS, Meaning, Verdict, judge

DIMMEST = 0.25
"""The dimmest board the colours are promised for (README): at 0.2 a missing Reel and a stray
piece come to 19.1 apart for a tritanope."""
BRIGHTNESS = sorted({load_board(path).lights.brightness for path in BOARDS.glob("*.toml")}
                    | {DIMMEST})
"""The brightness of every shipped board file, and the dimmest promised."""


def unclear(calm: bool, colours: Palette = PALETTE, brightness: float = 0.4
            ) -> dict[tuple[str, str], list[str]]:
    """The pairs some kind of colour vision cannot tell apart, and those visions."""
    found = meanings(calm, colours)
    failed = {}
    for a, b in PAIRS:
        verdict = judge(Meaning(a, *found[a]), Meaning(b, *found[b]), brightness)
        blind = [vision for vision in VISIONS if not verdict.apart(vision)]
        if blind:
            failed[(a, b)] = blind
    return failed


@pytest.mark.parametrize("brightness", BRIGHTNESS)
@pytest.mark.parametrize("calm", [False, True], ids=["lights", "calm lights"])
def test_every_pair_of_meanings_is_told_apart_by_every_vision(calm: bool,
                                                             brightness: float) -> None:
    assert unclear(calm, brightness=brightness) == {}


def test_a_missing_reel_and_a_stray_piece_blink_alike_so_their_colours_must_differ() -> None:
    found = meanings(calm=False)
    pair = ("a Reels piece missing", "a piece that should not be there")
    verdict = judge(Meaning(pair[0], *found[pair[0]]), Meaning(pair[1], *found[pair[1]]), 0.4)
    assert verdict.motion < MOTION
    assert min(verdict.colours.values()) >= CLEAR
    # The pure red the board had: too close to the Reels' amber for a deuteranope.
    assert unclear(False, Palette(red=(255, 0, 0)))[pair] == ["deuteranopia"]


def test_the_mummys_gold_is_told_from_the_reels_amber_by_its_motion() -> None:
    found = meanings(calm=True)
    verdict = judge(Meaning("gold", *found["the mummy's move"]),
                    Meaning("amber", *found["a Reels piece missing"]), 0.4)
    assert max(verdict.colours.values()) < CLEAR and verdict.motion >= MOTION


def test_a_palette_made_bad_is_caught() -> None:
    stray_as_a_reel = Palette(red=PALETTE.reels)
    assert ("a Reels piece missing", "a piece that should not be there") in \
        unclear(False, stray_as_a_reel)


def test_red_and_green_sides_fail_for_protanopes_and_deuteranopes() -> None:
    red_green = Palette(cones=(0, 120, 0), reels=(255, 40, 0))  # as bright as each other
    failed = unclear(False, red_green)
    assert failed[("Cones can move", "Reels can move")] == ["protanopia", "deuteranopia"]


def test_a_verdict_says_how_a_pair_differs() -> None:
    colours = dict.fromkeys(VISIONS, 30.0)
    assert Verdict("a", "b", colours, 0.0).by == "colour"
    assert Verdict("a", "b", {**colours, "tritanopia": 5.0}, 0.4).by == "motion"
    assert Verdict("a", "b", {**colours, "tritanopia": 5.0}, 0.0).by == "NOTHING"

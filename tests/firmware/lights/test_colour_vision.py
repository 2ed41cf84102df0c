"""Every pair of light meanings a player must tell apart keeps a clear colour difference, or
differs by its motion (the stacking game's dice: by the count of their beats), for normal vision
and for protanopia, deuteranopia and tritanopia, at the
brightness of every shipped board file, with calm lights and without."""

from __future__ import annotations

from functools import partial

import pytest

from engine import games
from engine.core.sticks import Throw
from firmware.lights.dice import DIE_FACES
from firmware.lights.scenes import PALETTE, Palette, Phase, Show, scene
from hardware.boards.board_file import BOARDS, load_board
from hardware.core.squares import STICK_PIXELS
from tests.firmware.lights.every_scene import PAIRS, meanings
from tests.firmware.lights.seeing import (
    CLEAR,
    MOTION,
    VISIONS,
    Meaning,
    Verdict,
    counts,
    judge,
)

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


def test_each_die_is_read_by_its_count_of_beats_in_every_position_of_a_throw() -> None:
    stacks = games.load("stacks").geometry
    for calm in (False, True):
        for dice in ("356", "126", "44"):
            show = Show(Phase.MOVE, throw=Throw.of(int(dice)), dice=True, geometry=stacks,
                        calm=calm)
            for pixel, face in zip(STICK_PIXELS, dice, strict=False):
                series = Meaning(dice, partial(scene, show), pixel).series(60.0)
                assert counts(series, 20) == {int(face)}, (calm, dice, pixel)
            unused = Meaning(dice, partial(scene, show), STICK_PIXELS[len(dice)]).series(20.0)
            assert max(map(max, unused)) <= 25  # a die used is dark: the lit pixels count


def test_the_dice_as_colours_alone_fail_colour_blind_players() -> None:
    """The board showed each die's face by its colour only (red 1, orange 2, ... white 6): a
    deuteranope could not tell a 3 from a 4, nor a 2 from a 3."""

    def steady(face: int) -> Meaning:
        return Meaning(f"{face}", lambda t: {"S1": DIE_FACES[face]}, "S1")

    for a, b in ((2, 3), (3, 4)):
        verdict = judge(steady(a), steady(b), 0.4)
        assert not verdict.apart("deuteranopia") and not verdict.counted



def test_a_count_is_read_between_rests_only() -> None:
    def beats(times: list[float], seconds: float = 20.0) -> list[tuple[int, int, int]]:
        return [(255, 255, 255) if any(t <= n / 20 < t + 0.25 for t in times) else (40, 40, 40)
                for n in range(int(seconds * 20))]

    three = [start + i * 0.5 for start in (1.0, 5.0, 9.0, 13.0) for i in range(3)]
    assert counts(beats(three), 20) == {3}
    assert counts(beats([i * 0.5 for i in range(40)]), 20) == set()  # never rests
    assert counts(beats([]), 20) == set()  # never beats

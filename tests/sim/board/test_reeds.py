"""The physical reed: closed while a magnet is within the board's reach of the square's centre."""

import pytest

from sim.board.reeds import GAP, OVERLAP, PLAIN, Build


def test_a_reach_that_would_close_a_neighbours_reed_is_refused() -> None:
    with pytest.raises(ValueError, match="between 0 and 1"):
        Build("too strong", 1.0)
    with pytest.raises(ValueError, match="between 0 and 1"):
        Build("no magnet", 0.0)


@pytest.mark.parametrize(("build", "closes", "opens"), [
    (PLAIN, 0.5, 0.5), (OVERLAP, 0.35, 0.65), (GAP, 0.65, 0.35),
])
def test_crossing_the_line_between_two_squares(build: Build, closes: float, opens: float) -> None:
    path = [(0.0, 0.0), (1.0, 0.0)]
    (source,) = build.stretches(path, (0.0, 0.0))
    (target,) = build.stretches(path, (1.0, 0.0))
    assert source == pytest.approx((0.0, opens))
    assert target == pytest.approx((closes, 1.0))


def test_a_stretch_goes_on_round_a_bend_and_a_far_square_stays_open() -> None:
    path = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]  # along a row, then round the corner
    (corner,) = OVERLAP.stretches(path, (1.0, 0.0))
    assert corner == pytest.approx((0.5 - 0.65 / 2, 0.5 + 0.65 / 2))
    assert OVERLAP.stretches(path, (0.0, 1.0)) == []  # the square diagonally across


def test_carried_higher_a_magnet_reaches_less_far_then_not_at_all() -> None:
    assert OVERLAP.reach_at(0.0) == OVERLAP.reach
    assert 0 < OVERLAP.reach_at(0.4) < OVERLAP.reach
    assert OVERLAP.reach_at(0.65) == 0.0
    assert OVERLAP.stretches([(0.0, 0.0), (2.0, 0.0)], (1.0, 0.0), height=0.7) == []

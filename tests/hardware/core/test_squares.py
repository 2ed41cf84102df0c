from hardware.core.squares import (
    MARKED,
    POSITION,
    POSITION_OF,
    SENET_POSITION,
    SQUARES,
    SQUARES_OF,
    passed_over,
)


def test_twenty_squares_with_five_marked() -> None:
    assert len(set(SQUARES)) == 20
    assert MARKED == {"R4", "C4", "M8", "M12", "M16"}
    assert MARKED <= set(SQUARES)


def test_private_rows_sit_over_and_under_the_right_hand_block() -> None:
    assert POSITION["R1"] == (0, POSITION["M8"][1])
    assert POSITION["C4"] == (2, POSITION["M5"][1])
    assert POSITION["M16"] == (1, 0)
    assert len(set(POSITION.values())) == 20


def test_slide_from_cones_row_onto_the_middle_passes_the_squares_between() -> None:
    assert passed_over("C2", "M6") == ("C3", "C4", "M5")
    assert passed_over("M9", "M12") == ("M10", "M11")


def test_slide_backwards_passes_the_same_squares_in_reverse() -> None:
    assert passed_over("M6", "R3") == ("M5", "R4")


def test_neighbours_and_rows_with_no_common_path_pass_nothing() -> None:
    assert passed_over("R1", "R2") == ()
    assert passed_over("R2", "C2") == ()


def test_senet_board_has_thirty_squares_in_three_rows_of_ten() -> None:
    assert SQUARES_OF["senet"] == tuple(f"H{n}" for n in range(1, 31))
    assert len(set(SENET_POSITION.values())) == 30
    assert SENET_POSITION["H1"] == (0, 0) and SENET_POSITION["H10"] == (0, 9)
    assert SENET_POSITION["H11"] == (1, 9) and SENET_POSITION["H20"] == (1, 0)
    assert SENET_POSITION["H21"] == (2, 0) and SENET_POSITION["H30"] == (2, 9)


def test_a_senet_slide_follows_the_snaking_path() -> None:
    assert passed_over("H8", "H13") == ("H9", "H10", "H11", "H12")
    assert passed_over("H27", "H24") == ("H26", "H25")
    assert passed_over("H1", "M5") == ()  # squares of different boards share no path


def test_the_ramses_cells_are_the_engines_and_lie_where_it_draws_them() -> None:
    from engine.games import load

    geometry = load("ramses").geometry
    assert SQUARES_OF["ramses"] == geometry.squares
    assert POSITION_OF["ramses"] == dict(geometry.position)
    assert POSITION_OF["ramses"]["U12"] == (0, 6) and POSITION_OF["ramses"]["T12"] == (1, 6)

from hardware.boards.board_file import BOARDS, load_board
from hardware.boards.wiring import main, wiring_diagram


def test_diagram_names_each_pin_with_what_it_is_wired_to() -> None:
    diagram = wiring_diagram(load_board(BOARDS / "pi-direct.toml"))
    assert "reed M7 GPIO18" not in diagram  # M7 is on the even side, right of its pin
    assert "GPIO18 reed M7" in diagram
    assert "tilt switch (stick box) GPIO26 (37)" in diagram
    assert all(f"({n:>2})" in diagram for n in range(1, 41))


def test_a_board_file_that_cannot_be_read_exits_78() -> None:
    assert main(["/nonexistent/board.toml"]) == 78

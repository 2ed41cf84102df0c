from hardware.board_file import BOARDS, load_board
from hardware.wiring import README, main, wiring_diagram, with_fresh_diagrams


def test_readme_diagrams_are_drawn_from_the_shipped_board_files() -> None:
    readme = README.read_text()
    for name in ("pi-direct.toml", "mcp23017.toml", "mcp23017-racks.toml", "senet.toml"):
        drawn = wiring_diagram(load_board(BOARDS / name))
        assert f"<!-- wiring: {name} -->\n```text\n{drawn}```" in readme
    assert with_fresh_diagrams(readme) == readme, "run: python -m hardware.wiring --update-readme"


def test_diagram_names_each_pin_with_what_it_is_wired_to() -> None:
    diagram = wiring_diagram(load_board(BOARDS / "pi-direct.toml"))
    assert "reed M7 GPIO18" not in diagram  # M7 is on the even side, right of its pin
    assert "GPIO18 reed M7" in diagram
    assert "tilt switch (stick box) GPIO26 (37)" in diagram
    assert all(f"({n:>2})" in diagram for n in range(1, 41))


def test_a_board_file_that_cannot_be_read_exits_78() -> None:
    assert main(["/nonexistent/board.toml"]) == 78

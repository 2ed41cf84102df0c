"""Stories of the other games on their boards, through the sensors: Senet's opening and setting
out, a swap done in either order, a blockade refused; Cyningstan's die and bearing off past 16.
The controller ticks every frame while the hand acts."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.games import load
from firmware.lights.scenes import CONES, REELS, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.tracker import Mismatch
from hardware.boards.board_file import BOARDS, ConfigError, load_board
from sim.board.table import Table
from tests.firmware.hand import Hand, carry_out
from tests.firmware.play.test_stories import brightest, hue, lit

C, R = Side.CONES, Side.REELS
SENET = load("senet")
CYNINGSTAN = load("cyningstan")


def table_of(rules: object, tmp_path: Path, pieces: frozenset[str] = frozenset()) -> Table:
    return Table(state_dir=tmp_path, settings=Settings(mummy=None, ruleset=rules),  # type: ignore[arg-type]
                 pieces=pieces)


def set_up(text: str, tmp_path: Path) -> Table:
    state = SENET.parse(text)
    table = table_of(SENET, tmp_path, frozenset(state.owners()))
    table.controller.set_up(state)
    table.run(0.5)
    return table


def test_senet_opens_by_itself_then_its_pieces_are_set_out_calmly(tmp_path: Path) -> None:
    with table_of(SENET, tmp_path) as table:
        assert table.sim.board.kind == "senet"
        Hand(table).shake()
        table.run(2.0)
        controller = table.controller
        assert controller.game is not None and controller.phase is Phase.GUIDE
        assert "Set out the pieces" in controller.status()
        owners = controller.game.state.owners()
        black = controller.game.state.owners()["H10"]
        assert hue(brightest(lit(table, "H10"))) == hue(CONES if black is C else REELS)
        hand = Hand(table)
        for square in sorted(owners, key=lambda sq: int(sq[1:])):
            hand.place(square)
        table.run(1.0)
        assert sounds.MISTAKE not in table.sim.sounds  # setting out is never a mistake
        assert controller.phase is Phase.MOVE  # black's forced first move with its 1
        state = controller.game.state
        (move,) = state.moves
        carry_out(table, state, move)
        table.run(1.0)
        assert controller.game.state.owners()["H11"] == black


@pytest.mark.parametrize("bumped_first", [True, False], ids=["captured first", "mover first"])
def test_a_senet_swap_in_either_order(tmp_path: Path, bumped_first: bool) -> None:
    with set_up("C:H1,H3,H5,H7,H9 R:H12,H15,H17,H19,H20 off:0,0 black:R moved:CR turn:C "
                "throw:3", tmp_path) as table:
        state = table.controller.game.state  # type: ignore[union-attr]
        swap = state.parse_move("H9xH12")
        carry_out(table, state, swap, bumped_first=bumped_first)
        table.run(1.0)
        after = table.controller.game.state  # type: ignore[union-attr]
        assert after.owners()["H12"] is C and after.owners()["H9"] is R
        assert sounds.MISTAKE not in table.sim.sounds


def test_a_senet_move_past_a_blockade_is_refused_and_guided_back(tmp_path: Path) -> None:
    with set_up("C:H1,H2,H3,H5,H9 R:H10,H11,H12,H20,H22 off:0,0 black:R moved:CR turn:C "
                "throw:4", tmp_path) as table:
        state = table.controller.game.state  # type: ignore[union-attr]
        assert all(move_from(state, m) != "H9" for m in state.moves)  # H9-H13 is blocked
        hand = Hand(table)
        hand.lift("H9")
        hand.place("H13")  # over the three Reels in a row
        table.run(2.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and sounds.MISTAKE in table.sim.sounds
        assert table.controller.game.state is state  # type: ignore[union-attr]
        hand.lift("H13")
        hand.place("H9")
        table.run(1.0)
        move = state.moves[0]
        carry_out(table, state, move)
        table.run(1.0)
        assert table.controller.game.state is not state  # type: ignore[union-attr]


def move_from(state: object, move: object) -> str | None:
    from firmware.play.evidence import move_squares

    return move_squares(state, move)[0]  # type: ignore[arg-type]


def test_cyningstan_throws_a_die_and_bears_off_past_16(tmp_path: Path) -> None:
    state = CYNINGSTAN.parse("C:M16 R:M9 off:4,0 entered:CR turn:C throw:1")
    with table_of(CYNINGSTAN, tmp_path, frozenset(state.owners())) as table:
        table.controller.set_up(state)
        table.run(0.5)
        assert len({table.sim.lights[p] for p in ("S1", "S2")}) == 2  # a 1: one stick pixel lit
        carry_out(table, state, state.moves[0])  # lifted off 16: borne off
        table.run(1.0)
        assert table.controller.phase is Phase.WON
        assert sounds.WIN in table.sim.sounds


def test_a_twenty_squares_board_file_is_refused_for_senet(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="wired for a twenty-squares board"):
        Table(settings=Settings(ruleset=SENET), board=load_board(BOARDS / "pi-direct.toml"))


RAMSES = load("ramses")


def test_a_whole_game_of_ramses_through_the_sensors(tmp_path: Path) -> None:
    """Set out, then every turn's two moves by hand (the mummy's too, carried out for it), the
    second half lighting the opponent's pieces, to the end: no throw, no mistake."""
    settings = Settings(mummy=R, ruleset=RAMSES)
    with Table(state_dir=tmp_path, settings=settings, seed=3) as table:
        assert table.sim.board.kind == "ramses"
        controller = table.controller
        Hand(table).shake()
        table.run(1.0)
        assert controller.game is not None and controller.phase is Phase.GUIDE
        hand = Hand(table)
        for square in sorted(controller.game.state.owners()):
            hand.place(square)
        table.run(1.0)
        assert controller.phase is Phase.MOVE
        halves = {"own": 0, "theirs": 0}
        while controller.phase is Phase.MOVE:
            state = controller.game.state
            halves[state.half] += 1
            if controller.mummy_move is not None:
                move = controller.mummy_move
                assert "The mummy plays" in controller.status()
            else:
                move = state.moves[len(state.moves) // 2]
                sources = {m.source for m in state.moves}
                assert sources <= {sq for sq in sources if table.sim.lights[sq] != (0, 0, 0)}
                if state.half == "theirs":
                    assert controller.status().startswith(f"Now move one of the "
                                                          f"{state.turn.other.title}' pieces")
            carry_out(table, state, move)
            table.run(1.0)
            assert controller.game.state is not state, (state, move, controller.status())
        assert controller.phase is Phase.WON and controller.game.state.winner is not None
        assert halves["own"] > 5 and halves["theirs"] > 5
        assert sounds.MISTAKE not in table.sim.sounds and sounds.THROW not in table.sim.sounds
        assert {sounds.WIN, sounds.LOSE} & set(table.sim.sounds)
        assert "win!" in " ".join(controller.said)


def test_a_shake_during_ramses_is_answered_no_throw_in_this_game(tmp_path: Path) -> None:
    state = RAMSES.new(C)
    with table_of(RAMSES, tmp_path, frozenset(state.owners())) as table:
        table.controller.set_up(state)
        table.run(0.5)
        Hand(table).shake()
        table.run(1.0)
        assert table.sim.sounds[-1] == sounds.REFUSED
        assert table.controller.status().startswith("No throw in this game")
        assert table.controller.game.state is state  # type: ignore[union-attr]
        table.run(3.0)
        assert table.controller.status() == "Go ahead and make your move, Cones."


def test_a_ramses_piece_set_at_the_wrong_alignment_is_guided_to_the_right_one(
        tmp_path: Path) -> None:
    state = RAMSES.parse("C:T1,T2,T3,T4 R:T18,T19,T20,T21 turn:C")
    with table_of(RAMSES, tmp_path, frozenset(state.owners())) as table:
        table.controller.set_up(state)
        table.run(0.5)
        hand = Hand(table)
        hand.lift("T3")
        hand.place("U12")  # T3 cannot get there: it goes to T11, U10 or L10
        table.run(2.5)
        verdict = table.controller.verdict
        assert isinstance(verdict, Mismatch) and "U12" in verdict.unexpected
        assert sounds.MISTAKE in table.sim.sounds
        hand.lift("U12")
        hand.place("U10")  # lined up with 10: the move T3-U10
        table.run(1.0)
        after = table.controller.game.state  # type: ignore[union-attr]
        assert after.owners().get("U10") == C and after.half == "theirs"


def test_after_senets_opening_the_sticks_show_the_1_black_moves_with(tmp_path: Path) -> None:
    shown = []
    for seed in range(6):  # in some rounds the 1 was thrown first, the other side's throw last
        with Table(state_dir=tmp_path / str(seed), seed=seed,
                   settings=Settings(mummy=None, ruleset=SENET)) as table:
            Hand(table).shake()
            table.run(2.0)
            controller = table.controller
            assert controller.game is not None and controller.game.state.throw is not None
            shown.append(controller.shown_throw)
            assert controller.shown_throw == controller.game.state.throw
    assert all(throw is not None and throw.value == 1 for throw in shown)

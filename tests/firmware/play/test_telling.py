"""The controller tells what happened: news of the last throw or move, a bounded log, each
side's last throw (a resumed game too), and a calm board to clear after a win."""

from __future__ import annotations

from pathlib import Path

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.tait.state import GameState
from firmware.lights.scenes import CALM, RED, Phase
from firmware.play import sounds
from firmware.play.controller import Settings
from firmware.play.play_state import SAID
from firmware.play.telling import reading_time
from hardware.core.events import SticksThrown
from sim.board.table import Table
from tests.firmware.hand import carry_out
from tests.firmware.play.test_stories import hue, lit, set_up

C, R = Side.CONES, Side.REELS


def throw(table: Table, sticks: str) -> None:
    table.controller.handle(SticksThrown(Throw.parse(sticks), table.now))
    table.run(0.5)


def test_a_lost_throw_is_news_and_goes_in_the_log(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M9 off:4,0 turn:C", tmp_path)
    throw(table, "WWWD")
    controller = table.controller
    assert controller.news == ("Cones threw 3.", "Cones cannot move 3: the throw is lost.",
                               "A piece bears off only by landing exactly on 16.")
    assert list(controller.said)[-3:] == list(controller.news)
    assert list(controller.throws) == [C] and controller.throws[C].value == 3


def test_a_first_piece_waiting_for_a_4_or_a_6_is_said_on_the_voice_once_a_game(
        tmp_path: Path) -> None:
    """A newcomer's throws of 1, 2 and 3 are lost with the reason every time on the status
    line, and once a game on the board's voice."""
    state = GameState.parse("C:- R:R3,M9 entered:R turn:C")
    heard: list[str] = []
    with Table(state_dir=tmp_path, settings=Settings(mummy=None),
               pieces=state.occupancy()) as table:
        controller = table.controller
        controller.aloud = heard.append
        controller.set_up(state)
        table.run(0.5)
        for sticks in ("WDDD", "WWWD"):
            throw(table, sticks)
            assert controller.news[-1] == "The Cones enter their first piece only with a 4 or 6."
            throw(table, "WWDD")  # the Reels' 2: a move, on no marked square
            game = controller.game
            assert game is not None and game.state.moves
            carry_out(table, game.state, game.state.moves[-1])
            table.run(0.5)
        assert heard == ["The Cones enter their first piece only with a 4 or 6."]


def test_the_mummy_waits_until_a_lost_throw_and_its_reason_can_be_read(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M9 off:4,0 turn:C", tmp_path, mummy=R)
    controller = table.controller
    throw(table, "WWWD")
    lost = controller.news
    assert lost[-1] == "A piece bears off only by landing exactly on 16."
    wait = reading_time(" ".join(lost))
    assert wait > controller.settings.mummy_delay + 1.0
    table.run(wait - 1.0)  # the throw was 0.5 s ago: still up, the mummy has not thrown
    assert controller.news == lost
    table.run(1.5)
    assert controller.news != lost and controller.news[0].startswith("Reels threw")


def test_the_log_keeps_only_the_last_sentences(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M15 off:4,4 turn:C", tmp_path)
    for _ in range(SAID):  # every 3 is lost for both sides: the turn goes back and forth
        throw(table, "WWWD")
    said = table.controller.said
    assert len(said) == SAID and said[-2] == "Reels cannot move 3: the throw is lost."
    assert list(table.controller.throws) == [C, R]  # the side that threw last comes last


def test_a_resumed_game_knows_each_sides_last_throw(tmp_path: Path) -> None:
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), seed=3) as table:
        table.sim.shake(1.0)
        table.run(2.0)
        game = table.controller.game
        assert game is not None
        before = dict(table.controller.throws)
        pieces = game.state.occupancy()
    assert before
    with Table(state_dir=tmp_path, settings=Settings(mummy=None), pieces=pieces) as again:
        assert again.controller.game is not None
        assert again.controller.throws == before
        assert again.controller.shown_throw is not None


def test_after_a_win_the_pieces_left_glow_calm_and_nothing_is_a_mistake(tmp_path: Path) -> None:
    table = set_up("C:M14 R:M9,R2 off:4,0 turn:C throw:2:WWDD", tmp_path)
    game = table.controller.game
    assert game is not None
    carry_out(table, game.state, game.state.moves[0])
    table.run(table.controller.settings.celebrate + 2.0)
    assert table.controller.phase is Phase.WON
    for square in ("M9", "R2"):
        colours = lit(table, square, 4.0)
        assert RED not in colours and max(max(c) for c in colours) > 0
        assert all(max(abs(a - b) for a, b in zip(hue(c), hue(CALM), strict=True)) <= 8
                   for c in colours if max(c) > 40), (square, colours)
    assert sounds.MISTAKE not in table.sim.sounds
    assert table.controller.status() == "Cones win! Clear the board for a new game."


def test_the_mummy_may_play_both_sides(tmp_path: Path) -> None:
    table = set_up("C:C1 R:M9 turn:C", tmp_path)
    table.controller.settings.mummy_plays_both = True
    table.controller.press("hints")  # any change of mode: the turn is judged again
    table.run(3.0)
    assert table.controller.mummy_move is not None and table.controller.mummy_move.side is C


def test_a_shake_while_a_move_is_awaited_says_the_move_comes_first(tmp_path: Path) -> None:
    table = set_up("C:C1 R:M9 turn:C", tmp_path)
    controller = table.controller
    throw(table, "WWDD")
    assert controller.status() == "Go ahead and make your move, Cones."
    table.sim.sounds.clear()
    throw(table, "WWWD")  # the sticks shaken again: refused, and said why
    assert controller.status() == "First a move with the 2 thrown; then the next throw."
    assert sounds.REFUSED in table.sim.sounds
    game = controller.game
    assert game is not None and game.state.throw is not None and game.state.throw.value == 2
    table.run(3.0)
    assert controller.status() == "Go ahead and make your move, Cones."


def test_with_spoken_play_the_reason_is_said_once_with_the_news_not_twice(tmp_path: Path) -> None:
    """Spoken play says every line of the news, the reason with it: the voice that says the
    reasons alone keeps quiet then."""
    state = GameState.parse("C:- R:R3,M9 entered:R turn:C")
    heard: list[str] = []
    with Table(state_dir=tmp_path, settings=Settings(mummy=None, spoken=True),
               pieces=state.occupancy()) as table:
        controller = table.controller
        controller.aloud = heard.append
        controller.set_up(state)
        table.run(0.5)
        throw(table, "WDDD")
        assert controller.news[-1] == "The Cones enter their first piece only with a 4 or 6."
    assert heard == []

"""Far play's decisions, without a broker: two boards' ``FarGame`` hand each other their rounds
and actions as the broker would (late, twice, out of order), and a random game played so ends
the same on both."""

from __future__ import annotations

import json
import random

import pytest

from engine import games
from engine.core.sides import Side
from engine.game import Game
from engine.record import GameRecord
from sim.far.protocol import Action, Apply, Choose, FarGame, Round, TakeUp


def opened(name: str = "tait", seed: int = 3) -> Game:
    """A new game as the board that begins makes it (its opening throws cast)."""
    rng = random.Random(seed)
    rules = games.load(name)
    game = Game(rules, rules.first_side(rng, None))
    while game.state.opening and game.state.throw is None:
        game.cast(rules.draw(rng))
    return game


def act(game: Game, rng: random.Random) -> None:
    """The side to play throws or moves (any legal move)."""
    state = game.state
    if state.throw is None and game.ruleset.chance is not None:
        game.cast(game.ruleset.draw(rng))
    else:
        game.play(rng.choice(state.moves))


def test_the_guest_takes_up_the_hosts_new_game_then_plays_its_moves() -> None:
    host, guest = FarGame(Side.CONES, begins=True), FarGame(Side.REELS, begins=False)
    game = opened()
    published, _ = host.to_publish(game.record)
    assert published is not None and published.number == 1
    assert guest.heard_state(published)
    step = guest.next_step(None, "idle", "tait")
    assert step == TakeUp(game.record, 1)
    guest.took_up(step)
    assert guest.next_step(game.record, "throw", "tait") is None  # nothing more to do


def test_an_action_heard_twice_is_played_once() -> None:
    rng = random.Random(5)
    host, guest = FarGame(Side.CONES, begins=True), FarGame(Side.REELS, begins=False)
    game = opened(seed=5)
    round_, _ = host.to_publish(game.record)
    assert round_ is not None
    guest.heard_state(round_)
    guest.took_up(TakeUp(game.record, round_.number))
    mirror = Game.from_record(game.record)
    while game.state.turn != Side.CONES or game.state.is_over:
        act(game, rng)  # the Reels (the guest) would play these: given to both
        mirror = Game.from_record(game.record)
    act(game, rng)  # the host's own action
    _, actions = host.to_publish(game.record)
    assert actions and actions[0].seq == len(mirror.actions)
    message = actions[0]
    assert guest.heard_action(message)
    assert not guest.heard_action(message)  # the duplicate changes nothing
    step = guest.next_step(mirror.record, "throw", "tait")
    assert isinstance(step, Apply) and step.token == str(game.record.to_data()["actions"][-1])


def test_a_board_never_takes_an_action_for_its_own_side_from_the_far_board() -> None:
    guest = FarGame(Side.REELS, begins=False)
    game = opened(seed=7)
    guest.heard_state(Round(1, game.record))
    guest.took_up(TakeUp(game.record, 1))
    forged = Action(1, len(game.actions), game.state.notation(), "3:WWWD", Side.REELS)
    assert not guest.heard_action(forged)
    assert guest.refused
    # nor from its retained round: a Reels' throw this board never made is not taken
    rng = random.Random(1)
    while game.state.turn != Side.REELS:
        act(game, rng)
    before = Game.from_record(game.record)
    act(game, rng)
    assert not guest.heard_state(Round(1, game.record))
    assert "for this board's side, which this board did not make" in guest.refused[-1]
    assert guest.next_step(before.record, "throw", "tait") is None


def test_an_action_that_does_not_follow_from_the_position_is_refused() -> None:
    host = FarGame(Side.CONES, begins=True)
    game = opened(seed=9)
    host.heard_state(Round(1, game.record))
    wrong = Action(1, len(game.actions), "C:C1 R: turn:R", "2:WWDD", Side.REELS)
    assert not host.heard_action(wrong)


def test_a_guest_playing_another_game_chooses_the_hosts_first() -> None:
    guest = FarGame(Side.REELS, begins=False)
    game = opened("senet")
    guest.heard_state(Round(1, game.record))
    assert guest.next_step(None, "idle", "tait") == Choose("senet")


def test_a_new_game_on_the_host_is_a_new_round_the_guest_takes_up() -> None:
    host = FarGame(Side.CONES, begins=True)
    first = opened("ramses", 1)
    assert host.to_publish(first.record)[0] == Round(1, first.record)
    second = opened("ramses", 2)  # no throw in Ramses: a new game has no action yet
    assert second.actions == ()
    found, _ = host.to_publish(second.record)
    assert found is not None and found.number == 2


@pytest.mark.parametrize("seed", [
    3, *(pytest.param(seed, marks=pytest.mark.long) for seed in (0, 1, 2))])
def test_random_games_end_alike_whatever_the_broker_does(seed: int) -> None:
    """Messages delivered late, twice or dropped (the retained round still comes): the two
    boards' games end the same, move for move (Ramses in ``make test``, the others long)."""
    rng = random.Random(seed)
    name = ("tait", "cyningstan", "senet", "ramses")[seed]
    host, guest = FarGame(Side.CONES, begins=True), FarGame(Side.REELS, begins=False)
    boards = {Side.CONES: opened(name, seed), Side.REELS: None}
    far = {Side.CONES: guest, Side.REELS: host}
    mine = {Side.CONES: host, Side.REELS: guest}
    retained: dict[int, object] = {}
    post: list[tuple[FarGame, object]] = []
    for _ in range(5000):
        for side in Side:
            local = boards[side]
            record = local.record if local is not None else None
            round_, actions = mine[side].to_publish(record)
            if round_ is not None:
                retained[id(far[side])] = (far[side], round_)
            for action in actions:
                post.append((far[side], action))
                if rng.random() < 0.3:
                    post.append((far[side], action))  # delivered twice
        rng.shuffle(post)  # and out of order
        cut = rng.randint(0, len(post))
        for target, sent in post[:cut]:
            if rng.random() > 0.2:  # some lost on the way: the retained round brings them
                target.heard_action(sent)
        post = post[cut:]
        for target, told in list(retained.values()):
            if rng.random() < 0.3:  # the retained round, heard on a reconnection
                target.heard_state(told)
        for side in Side:
            local = boards[side]
            record = local.record if local is not None else None
            step = mine[side].next_step(record, "move", name)
            if isinstance(step, TakeUp):
                boards[side] = Game.from_record(step.record)
                mine[side].took_up(step)
            elif isinstance(step, Apply):
                game = boards[side]
                assert game is not None
                sent = json.loads(_with(game.record, step.token))
                game.apply(GameRecord.from_data(sent).actions[-1])
            elif (game := boards[side]) is not None and not game.state.is_over \
                    and game.state.turn == side:
                act(game, rng)
        a, b = boards[Side.CONES], boards[Side.REELS]
        if a is not None and b is not None and a.state.is_over and b.state.is_over:
            break
    a, b = boards[Side.CONES], boards[Side.REELS]
    assert a is not None and b is not None and a.state.is_over
    assert a.record.to_json() == b.record.to_json(), name
    assert not host.refused and not guest.refused  # nothing honest is refused


def _with(record: GameRecord, token: str) -> str:
    import json

    data = record.to_data()
    return json.dumps({**data, "actions": [*data["actions"], token]})


def test_a_round_rewritten_by_the_far_board_is_refused_and_the_board_keeps_its_own() -> None:
    """The host republishes the round with the guest's own move changed: the guest refuses
    it in one line and plays on from its own record."""
    rng = random.Random(21)
    guest = FarGame(Side.REELS, begins=False)
    game = opened("ramses", 21)
    while game.state.turn != Side.REELS:
        act(game, rng)
    guest.heard_state(Round(1, game.record))
    guest.took_up(TakeUp(game.record, 1))
    act(game, rng)  # the guest's own move
    published, _ = guest.to_publish(game.record)
    assert published is not None
    honest = Game.from_record(game.record)
    forged = Game.from_record(GameRecord(game.record.ruleset, game.record.first,
                                         game.record.actions[:-1]))
    others = [m for m in forged.state.moves if m != game.actions[-1]]
    assert others, "the guest had a choice"
    forged.play(others[0])  # its move changed
    assert not guest.heard_state(Round(1, forged.record))
    assert guest.refused == [f"the far board's round 1 changes action "
                             f"{len(game.actions) - 1} ({forged.record.to_data()['actions'][-1]}"
                             "), which this board has otherwise"]
    assert guest.next_step(honest.record, "move", "ramses") is None  # nothing taken up


@pytest.mark.parametrize(("game", "changed", "said"), [
    ("tait", {"throw_weights": [[1, 10 ** 9]]}, "ruleset.throw_weights: not as"),
    ("ramses", {"specials_to_win": 1e300}, "ruleset.specials_to_win: not as"),
    ("senet", {"game": "nowhere"}, "'nowhere' is not a game this board knows"),
])
def test_rules_from_far_away_are_the_boards_own_or_refused(game: str, changed: dict[str, object],
                                                            said: str) -> None:
    """A round whose rules are not exactly a game this board knows is refused before anything
    is built from them (a huge weight once grew the process to 3 GB)."""
    from sim.far import messages
    from sim.far.messages import UnknownRules, known_rules

    rules = known_rules(games.load("tait").to_json())
    assert rules is games.load("tait")  # the board's own object
    record = messages.Record("aseb-game", 1, {**games.load(game).to_json(), **changed}, "cones",
                             [])
    with pytest.raises(UnknownRules, match=said):
        Round.of(messages.Round("kitchen", 1, record))

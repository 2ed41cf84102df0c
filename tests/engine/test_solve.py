"""The solver against the plain restatement of the rules: every value, the index, the bound on
extra turns, convergence, checkpoints and the demon-cast; Tait's rules and Cyningstan's."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.cyningstan import RULES
from engine.solve import Group, Index, Solver, group, groups, working
from engine.solve.graph import mirrors
from engine.solve.hands import Halves
from engine.solve.index import PRIVATE_SHIFT, SHARED_SHIFT
from engine.solve.values import demon_cast_value
from engine.tait.moves import Move
from engine.tait.packed import ENTERED, HALF_MASK, OFF
from engine.tait.state import TAIT, GameState, Ruleset
from firmware.solve.run import solve
from tests.engine import brute_force
from tests.engine.brute_force import WON, Key


def cyningstan(pieces: int) -> Ruleset:
    return replace(RULES, pieces=pieces)


SOLVED_SMALL = [pytest.param(Ruleset(pieces=2), id="tait-2"),
                pytest.param(Ruleset(pieces=3), id="tait-3", marks=pytest.mark.long),
                pytest.param(cyningstan(2), id="cyningstan-2")]
"""Tait's with two pieces and Cyningstan's with two in make test; Tait's with three (5 s each
over two shared cores) in make test-long."""


@cache
def solved_with_bound(ruleset: Ruleset) -> tuple[Index, np.ndarray, float, float]:
    """The values of a solved ruleset, the largest Bellman residual over its positions, and
    the bound on it the solve gives (each group's last change)."""
    index = Index(ruleset)
    solver = Solver(index)
    w = working(index)
    residual = bound = 0.0
    for layers in groups(index):
        units = group(index, layers)
        bound = max(bound, list(solver.solve_group(w, units, 1e-12))[-1])
        residual = max(residual, solver.sweep(w, units, write=False))
    return index, w, residual, bound


def solved_with_residual(ruleset: Ruleset) -> tuple[Index, np.ndarray, float]:
    """The values of a solved ruleset, and the largest Bellman residual over its positions."""
    index, w, residual, _ = solved_with_bound(ruleset)
    return index, w, residual


def solved(pieces: int, game: str = "tait") -> tuple[Index, np.ndarray]:
    index, w, _ = solved_with_residual(cyningstan(pieces) if game == "cyningstan"
                                       else Ruleset(pieces=pieces))
    return index, w


def half(spots: tuple[int, ...], off: int, entered: bool) -> int:
    return sum(1 << p for p in spots) | off << OFF | (ENTERED if entered else 0)


def number(index: Index, key: Key) -> int:
    mine, theirs, off0, off1, in0, in1, extra = key
    return index.number(half(mine, off0, in0), extra, half(theirs, off1, in1))


def test_one_piece_a_side_every_value_matches_the_brute_force() -> None:
    index, w = solved(1)
    plain = brute_force.solve(Ruleset(pieces=1))
    assert len(plain) > 200
    worst = max(abs(w[number(index, key)] - value) for key, value in plain.items())
    assert worst < 1e-12


@pytest.mark.parametrize("pieces", [1, pytest.param(2, marks=pytest.mark.long)])  # 2: a minute
def test_cyningstans_game_every_value_matches_the_brute_force(pieces: int) -> None:
    """Pieces resting on 16, bearing off by the exact throw past it, an extra throw on the
    marked squares, the four-sided die and no entry barrier: the solver and the plain rules of
    tests/engine/reference.py agree on every position reachable from the start."""
    index, w = solved(pieces, "cyningstan")
    plain = brute_force.solve(cyningstan(pieces))
    assert len(plain) > {1: 200, 2: 19000}[pieces]
    assert index.halves.most_extra == 0  # each extra throw is thrown at once
    worst = max(abs(w[number(index, key)] - value) for key, value in plain.items())
    assert worst < 1e-12


def opponents(index: Index) -> dict[tuple[int, int], np.ndarray]:
    """The opponent's squares (4 private bits, then the free shared ones squeezed) in block
    order, by (pieces off, free shared squares); the half that has not entered is left out."""
    sets, first = index.block_sets
    return {(off, free): sets[first[free]: first[free] + index.below[free, index.pieces - off + 1]]
            for off in range(index.pieces) for free in range(index.shared + 1)}


def block_halves(index: Index, sets: np.ndarray, taken: int, off: int) -> np.ndarray:
    """The opponent's half codes of one block, from its squares beside the mover's ``taken``."""
    shared = index.spread[taken, sets >> 4].astype(np.int64)
    halves = (sets & 0xF) << PRIVATE_SHIFT | shared << SHARED_SHIFT | off << OFF | ENTERED
    return np.concatenate(([0], halves)) if off == 0 else halves


@pytest.mark.parametrize("ruleset", [Ruleset(pieces=1), Ruleset(pieces=2), cyningstan(2)],
                         ids=["tait-1", "tait-2", "cyningstan-2"])
def test_the_index_numbers_every_position_once(ruleset: Ruleset) -> None:
    index = Index(ruleset)
    sets = opponents(index)
    found = []
    for (a, b), (first, size) in index.layers.items():
        at = first
        for hand in np.flatnonzero(index.hand_off == a).tolist():
            mover = int(index.halves.codes[index.hand_half[hand]])
            extra = int(index.hand_extra[hand])
            block = block_halves(index, sets[b, int(index.hand_free[hand])],
                                 mover >> SHARED_SHIFT & index.shared_mask, b)
            numbers = index.numbers(np.full(len(block), mover), np.full(len(block), extra), block)
            assert numbers.tolist() == list(range(at, at + len(block)))
            assert [index.number(mover, extra, int(o)) for o in block[:3]] == numbers[:3].tolist()
            at += len(block)
            found.append(numbers)
        assert at == first + size
    every = np.concatenate(found)
    assert sorted(every.tolist()) == list(range(index.size))


def plain_group(index: Index, layers: list[tuple[int, int]]) -> tuple[Group, np.ndarray]:
    """``group`` restated with NumPy: every block's units, their mirrors, then a stable sort
    by the key (the furthest first); the units, and their mirrors."""
    sets, pips = opponents(index), index.pips.astype(np.int64)
    first_side = min(a for a, _ in layers)
    found: list[list[np.ndarray]] = [[], [], [], [], []]
    for a, b in layers:
        for hand in np.flatnonzero(index.hand_off == a).tolist():
            mover = int(index.halves.codes[index.hand_half[hand]])
            block = block_halves(index, sets[b, int(index.hand_free[hand])],
                                 mover >> SHARED_SHIFT & index.shared_mask, b)
            rows = index.start[b, hand] + np.arange(len(block))
            if index.hand_extra[hand] == 0:
                mirrors = index.numbers(block, np.zeros_like(block), np.full_like(block, mover))
                keep = rows <= mirrors
                rows, block, mirrors = rows[keep], block[keep], mirrors[keep]
            else:
                mirrors = np.full(len(block), -1)
            mine, theirs = pips[mover], pips[block]
            if a == b:
                key = np.maximum(mine, theirs) << 10 | np.minimum(mine, theirs)
            else:
                key = mine << 10 | theirs if a == first_side else theirs << 10 | mine
            for column, part in zip(found, (rows, np.full(len(rows), hand), block, mirrors, -key),
                                    strict=True):
                column.append(part)
    position, hand_of, opponent, mirror, level = (np.concatenate(c) for c in found)
    order = np.argsort(level, kind="stable")
    numbers = np.array([index.halves.number[h] for h in opponent[order].tolist()])
    return Group(layers, position[order], hand_of[order], numbers, mirror[order],
                 sum(index.layers[layer][1] for layer in layers)), mirror[order]


@pytest.mark.parametrize("ruleset", [Ruleset(pieces=3), cyningstan(2)],
                         ids=["tait-3", "cyningstan-2"])
def test_the_compiled_sweep_order_is_the_plain_one(ruleset: Ruleset) -> None:
    from engine.solve import kernel

    index = Index(ruleset)
    arrays = Solver(index).arrays
    for layers in groups(index):
        compiled, (plain, plain_mirrors) = group(index, layers), plain_group(index, layers)
        assert compiled.positions == plain.positions
        for name in ("position", "hand", "opponent"):
            assert np.array_equal(getattr(compiled, name), getattr(plain, name)), (layers, name)
        assert np.array_equal(mirrors(index, compiled), plain_mirrors), layers
        kept = kernel.with_mirrors(compiled, arrays)
        assert np.array_equal(kept.mirror, plain_mirrors), layers


def shrunk(half: int, pieces: int) -> int:
    """A half with its rearmost piece borne off: one waiting to enter, else the furthest back."""
    on_board = [p for p in range(1, OFF) if half >> p & 1]
    if pieces - (half >> OFF & 7) - len(on_board) == 0:
        half &= ~(1 << on_board[0])
    return (half | ENTERED) + (1 << OFF)


@pytest.mark.parametrize("ruleset", SOLVED_SMALL)
def test_a_group_starts_from_the_race_with_a_piece_fewer_a_side(ruleset: Ruleset) -> None:
    """Each position of a group starts from the solved chance of the same position with both
    sides' rearmost piece borne off (the mirror too), before any sweep."""
    from engine.solve import kernel

    n = ruleset.pieces
    index, solved_w = solved(n, ruleset.name)
    solver, w = Solver(index), solved_w.copy()
    units = group(index, [(0, 0)])
    mirror = mirrors(index, units)
    w[units.position] = -1.0
    w[mirror[mirror >= 0]] = -1.0
    kernel.start_values(w, units, solver.arrays, n)
    for u in random.Random(25).sample(range(len(units.position)), 300):
        mover = int(index.hand_code[units.hand[u]])
        theirs = int(index.halves.codes[units.opponent[u]])
        start = index.number(shrunk(mover, n), 0, shrunk(theirs, n))
        assert w[units.position[u]] == solved_w[start]
        if mirror[u] >= 0:
            start = index.number(shrunk(theirs, n), 0, shrunk(mover, n))
            assert w[mirror[u]] == solved_w[start]


@pytest.mark.parametrize("ruleset", SOLVED_SMALL)
def test_a_group_reads_only_the_layers_it_names(ruleset: Ruleset) -> None:
    """Solved with every other layer poisoned (a chance any move would choose, as the mover's or
    as the opponent's), each group comes out the same to the last bit: the run keeps only the
    layers ``Solver.reads`` names in memory."""
    index, solved_w = solved(ruleset.pieces, ruleset.name)
    solver = Solver(index)
    for layers in groups(index):
        for poison in (10.0, -9.0):
            w = np.full(index.size + 1, poison)
            w[-1] = 0.0  # what a throw with no move left adds
            for layer in solver.reads(layers):
                first, size = index.layers[layer]
                w[first:first + size] = 0.5 if layer in layers else solved_w[first:first + size]
            for _ in solver.solve_group(w, group(index, layers), 1e-12):
                pass
            for layer in layers:
                first, size = index.layers[layer]
                assert np.array_equal(w[first:first + size], solved_w[first:first + size]), (
                    layers, poison)


def test_the_bound_on_extra_turns_is_reached_from_the_start() -> None:
    """The solver keeps as many extra turns as its bound allows; games reach exactly that many
    (python -m tests.benchmarks.solve_check shows it for two pieces and more)."""
    index = Index(Ruleset(pieces=1))
    reached = max(key[6] for key in brute_force.solve(Ruleset(pieces=1), tolerance=1.0))
    assert reached == index.halves.most_extra == 1


@pytest.mark.parametrize("pieces", [2, 3])
def test_sampled_positions_obey_the_plain_rules_bellman_equation(pieces: int) -> None:
    """For random positions of the table, the value equals each throw's best move's value by the
    plain rules of tests/engine/reference.py, looked up in the solved table."""
    index, w = solved(pieces)
    ruleset = Ruleset(pieces=pieces)
    rng = random.Random(pieces)
    for key in _random_keys(index, rng, 150):
        total = 0.0
        for p, choices in brute_force.successors(key, ruleset):
            options = []
            for target, passed in choices:
                value = 1.0 if target == WON else w[number(index, target)]  # type: ignore[arg-type]
                options.append(1.0 - value if passed else value)
            total += p * max(options)
        assert total == pytest.approx(w[number(index, key)], abs=1e-9)


def _random_keys(index: Index, rng: random.Random, count: int) -> list[Key]:
    """Random positions of the table (both halves and the extra turns), as brute-force keys."""
    codes = index.halves.codes.tolist()
    bound = index.halves.bound.tolist()
    keys: list[Key] = []
    while len(keys) < count:
        i, j = rng.randrange(len(codes)), rng.randrange(len(codes))
        mine, theirs = codes[i], codes[j]
        if mine & theirs & 0xFFE0:  # two pieces on one shared square
            continue
        keys.append((
            tuple(p for p in range(1, 16) if mine >> p & 1),
            tuple(p for p in range(1, 16) if theirs >> p & 1),
            mine >> OFF & 7, theirs >> OFF & 7, bool(mine & ENTERED), bool(theirs & ENTERED),
            rng.randint(0, bound[i]),
        ))
    return keys


def test_three_pieces_converge_below_the_residual_goal() -> None:
    _, _, residual = solved_with_residual(Ruleset(pieces=3))
    assert 0 < residual < 1e-9


@pytest.mark.parametrize("ruleset", [Ruleset(pieces=2), Ruleset(pieces=3), cyningstan(2)],
                         ids=["tait-2", "tait-3", "cyningstan-2"])
def test_the_last_sweeps_change_bounds_the_residual(ruleset: Ruleset) -> None:
    """``aseb solve`` prints each group's last change as the residual, measuring nothing more:
    the Bellman residual measured in full is never above it."""
    _, _, residual, bound = solved_with_bound(ruleset)
    assert 0 < residual <= bound * (1 + 1e-9) + 1e-15
    assert bound < 1e-12


@pytest.mark.parametrize("ruleset", SOLVED_SMALL)
def test_a_choosing_sweep_that_keeps_proven_moves_gives_the_values_of_looking(
    ruleset: Ruleset, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A choosing sweep keeps a unit's moves without looking while its values cannot have moved
    by half the gap to a second best move: the values are those of looking at every move, to
    the last bit, and it did keep some."""
    from engine.solve import kernel

    def solve_all(forget: bool) -> tuple[np.ndarray, int]:
        real = kernel.sweep
        kept = 0

        def counted(w: np.ndarray, units: Group, arrays: kernel.Arrays,
                    choices: kernel.Choices, how: int, spent: float = 0.0
                    ) -> tuple[float, int, int]:
            nonlocal kept
            if forget:  # as if no unit's moves had ever been looked at
                choices.margin[:] = kernel.NEVER
            found = real(w, units, arrays, choices, how, spent)
            kept += found[2]
            return found

        with monkeypatch.context() as patch:
            patch.setattr(kernel, "sweep", counted)
            index = Index(ruleset)
            solver, w = Solver(index), working(index)
            for layers in groups(index):
                for _ in solver.solve_group(w, group(index, layers), 1e-11):
                    pass
        return w, kept

    looking, none = solve_all(forget=True)
    keeping, kept = solve_all(forget=False)
    assert none == 0 and kept > 1000
    assert np.array_equal(looking, keeping)


@pytest.mark.parametrize("ruleset", SOLVED_SMALL)
def test_best_moves_kept_narrow_and_mirrors_worked_out_give_the_same_bits(
    ruleset: Ruleset,
) -> None:
    """The four ways of holding a group (its best moves wide or narrow, its mirrors kept or
    worked out as it is swept) sweep the same arithmetic: the same values to the last bit, the
    same count of sweeps."""
    from engine.solve import kernel

    index = Index(ruleset)
    solver = Solver(index)
    found = []
    for wide, kept in [(True, True), (True, False), (False, True), (False, False)]:
        w = working(index)
        sweeps = 0
        for layers in groups(index):
            units = group(index, layers)
            if kept:
                units = kernel.with_mirrors(units, solver.arrays)
            sweeps += len(list(solver.solve_group(w, units, 1e-11, wide=wide)))
        found.append((w, sweeps))
    for w, sweeps in found[1:]:
        assert np.array_equal(w, found[0][0]) and sweeps == found[0][1]


def test_a_plan_counts_the_bytes_a_group_holds_and_takes_the_fastest_that_fits() -> None:
    from engine.solve import kernel
    from engine.solve.values import HOLDINGS

    index = Index(Ruleset(pieces=3))
    solver = Solver(index)
    units = group(index, [(0, 1), (1, 0)])
    paired = kernel.with_mirrors(units, solver.arrays).mirror >= 0
    assert paired.any() and not paired.all()
    reads = 8 * sum(index.layers[layer][1] for layer in solver.reads(units.layers))
    starts = 8 * sum(index.layers[layer][1] for layer in solver.starts(units.layers))
    held = []
    for wide, kept_mirrors in HOLDINGS:
        order = units.position.nbytes + units.hand.nbytes + units.opponent.nbytes
        if kept_mirrors:
            order += kernel.with_mirrors(units, solver.arrays).mirror.nbytes
        choices = kernel.choices_for(units, solver.chances, index.hand_extra, wide)
        kept = choices.wide.nbytes + choices.narrow.nbytes + choices.margin.nbytes
        plan = solver.plan(units.layers, reads - starts + order + kept)
        assert (plan.wide, plan.mirrors) == (wide, kept_mirrors)
        assert plan.held == max(reads + order, reads - starts + order + kept)
        held.append(plan.held)
    assert held == sorted(held, reverse=True)
    assert solver.plan(units.layers, 0) == solver.plan(units.layers, held[-1])


@pytest.mark.parametrize("ruleset", [Ruleset(pieces=4), cyningstan(3)],
                         ids=["tait-4", "cyningstan-3"])
def test_the_index_counts_a_groups_units_as_the_sweep_order_makes_them(ruleset: Ruleset) -> None:
    """So a run can plan every group before it solves one (a group of one layer holds the
    positions that are their own mirror)."""
    from engine.solve.values import units_of

    index = Index(ruleset)
    for layers in groups(index):
        units = group(index, layers)
        paired = int(np.count_nonzero(index.hand_extra[units.hand] == 0))
        assert units_of(index, layers) == (len(units.position), paired), layers


def test_each_packed_move_unpacks_to_the_move_table() -> None:
    from engine.solve import kernel
    from engine.solve.graph import move_table

    moves = move_table(Index(Ruleset(pieces=3)))
    code = kernel.packed(moves)
    assert (code & 7 == moves.throw).all()
    assert (code >> kernel.PASSES & 1 == moves.passes).all()
    assert ((1 << (code >> kernel.BUMP & 31)) >> 1 == moves.bump).all()
    assert (code >> kernel.TARGET & kernel.TARGET_MASK == moves.target).all()
    assert (code >> kernel.TAKEN & kernel.TAKEN_MASK == moves.taken).all()
    assert (code >> kernel.FREE & 15 == moves.free).all()
    assert (moves.bump != 0).any() and (moves.passes == 1).any() and (moves.passes == 0).any()


@pytest.mark.parametrize("pieces", [1, 2, 3])
def test_the_demon_cast_changes_no_chance(pieces: int) -> None:
    index, w = solved(pieces)
    assert demon_cast_value(index, w) == pytest.approx(w[index.number(0, 0, 0)], abs=1e-12)


def test_a_solve_writes_the_same_bytes_every_run(tmp_path: Path) -> None:
    first = solve(Ruleset(pieces=2), tmp_path / "a", show=False)
    second = solve(Ruleset(pieces=2), tmp_path / "b", show=False)
    assert first.sha256 == second.sha256
    assert (tmp_path / "a" / "tait-2.values").read_bytes() == (
        tmp_path / "b" / "tait-2.values"
    ).read_bytes()
    assert first.positions == 23370 and first.residual < 1e-9


def test_five_extra_turns_can_be_held_and_the_bound_allows_exactly_that() -> None:
    """With five pieces the bound (5) is reached in play: a run of sixes and marked squares
    from a turn that began with no extra turn in hand."""
    state = GameState.parse("C:C2,M6,M10 R:M9 entered:CR turn:C")
    for value, start in [(6, 10), (6, 6), (6, 2), (4, 0), (6, 4), (6, 10), (6, 0), (4, 12),
                         (6, 6)]:
        state, _ = state.cast(Throw.of(value))
        state, _ = state.play(Move(Side.CONES, start, value))
    assert state.turn == Side.CONES and state.extra_turns == 5
    halves = Halves(TAIT)
    assert halves.most_extra == 5
    assert halves.bound[halves.number[state.code & HALF_MASK]] == 5


def test_settled_moves_are_looked_at_again_on_the_way_to_the_tolerance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Once a group's moves settle, the cheap sweeps stop when the values first change less
    than ``LOOK_AGAIN`` for one more look, then go on to the tolerance for the last one."""
    from engine.solve import kernel
    from engine.solve.values import LOOK_AGAIN

    tolerance = 1e-11
    real = kernel.sweep
    log: list[tuple[int, float]] = []

    def logged(w: np.ndarray, units: Group, arrays: kernel.Arrays, choices: kernel.Choices,
               how: int, spent: float = 0.0) -> tuple[float, int, int]:
        found = real(w, units, arrays, choices, how, spent)
        log.append((how, found[0]))
        return found

    monkeypatch.setattr(kernel, "sweep", logged)
    index = Index(Ruleset(pieces=3))
    solver, w = Solver(index), working(index)
    for layers in groups(index):
        log.clear()
        for _ in solver.solve_group(w, group(index, layers), tolerance):
            pass
    # the last group, (0, 0): the change of the cheap sweep just before each look
    before = [log[k - 1][1] for k in range(1, len(log))
              if log[k][0] == kernel.CHOOSE and log[k - 1][0] == kernel.CHOSEN]
    assert before[-1] < tolerance / 4
    assert tolerance / 4 <= before[-2] < LOOK_AGAIN

"""Ramses' rules written plainly from the seed, with its own numbers (1-22, the oblong spaces 5
and 22 with the square they are lined up with) and no bit masks: the engine is checked against
this over random games (tests/engine/test_ramses_agrees.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.sides import Side

SPECIAL = {1, 18, 9, 13, 17}
OBLONG_DOOR = {5: 4, 22: 21}
"""Each oblong space and the square at its end."""


def spot(n: int) -> tuple[int, int]:
    """(row, column) of square n on the seed's Figure Two."""
    if n <= 4:
        return 0, n - 1
    if n <= 17:
        return 1, n - 6
    return 2, n - 18


def name(n: int, line: int | None) -> str:
    """The engine's cell name of square n (or oblong n lined up with ``line``)."""
    if n in OBLONG_DOOR:
        return f"{'U' if n == 5 else 'L'}{line}"
    return f"T{n}"


Place = tuple[int, int | None]
"""A square (n, None) or an oblong space with its alignment (5, 12)."""


@dataclass
class Plain:
    """A Ramses position: each piece's place and owner, the player, the half of the turn."""

    pieces: dict[Place, Side]
    turn: Side
    second: bool = False
    first: bool = True
    winner: Side | None = None
    seen: list[tuple[object, ...]] = field(default_factory=list)
    specials: int = 3
    may_pass: bool = True

    @classmethod
    def new(cls, first: Side, specials: int = 3, may_pass: bool = True) -> Plain:
        pieces = {(n, None): Side.CONES for n in (2, 3, 4)}
        pieces[(5, 10)] = Side.CONES
        pieces.update({(n, None): Side.REELS for n in (19, 20, 21)})
        pieces[(22, 10)] = Side.REELS
        plain = cls(pieces, first, specials=specials, may_pass=may_pass)
        plain.seen.append(plain.key())
        plain.settle()
        return plain

    def key(self) -> tuple[object, ...]:
        """The position as rule 11 names it: the pieces, the player to move, the half turn."""
        return (tuple(sorted((p, s) for p, s in self.pieces.items())), self.turn, self.second)

    def empty(self, n: int) -> bool:
        return all(p[0] != n for p in self.pieces)

    def steps_of(self, place: Place) -> int:
        n, line = place
        row = spot(n)[0] if n not in OBLONG_DOOR else (0 if n == 5 else 2)
        column = spot(line if line is not None else n)[1]
        in_row = in_column = 0
        for m, lined in self.pieces:
            r = (0 if m == 5 else 2) if m in OBLONG_DOOR else spot(m)[0]
            c = spot(lined)[1] if m in OBLONG_DOOR else spot(m)[1]  # type: ignore[arg-type]
            in_row += r == row
            in_column += c == column
        return max(in_row, in_column)

    def walks(self, place: Place) -> set[Place]:
        """Where the piece on ``place`` can end after exactly its number of steps."""
        ends: set[Place] = set()
        start_n, start_line = place

        def next_squares(n: int, line: int | None, came: int | None) -> list[Place]:
            if n in OBLONG_DOOR:  # in an oblong space: out to the door or the lined-up square
                door = OBLONG_DOOR[n]
                if came is None:
                    return [(door, None), (line, None)]  # type: ignore[list-item]
                if came == door:
                    return [(k, None) for k in range(10, 18)]
                return [(door, None)]
            found = [(m, None) for m in list(range(1, 5)) + list(range(6, 22))
                     if abs(spot(m)[0] - spot(n)[0]) + abs(spot(m)[1] - spot(n)[1]) == 1]
            for oblong, door in OBLONG_DOOR.items():
                if n == door:
                    found += [(oblong, None)]
                elif 10 <= n <= 17:
                    found += [(oblong, n)]
            return found

        def go(n: int, line: int | None, came: int | None, left: int, visited: set[int]) -> None:
            for m, lined in next_squares(n, line, came):
                if m in visited or not self.empty(m):
                    continue
                if left == 1:
                    if m in OBLONG_DOOR and lined is None:  # entered from the door: any alignment
                        ends.update((m, k) for k in range(10, 18))
                    else:
                        ends.add((m, lined))
                    continue
                go(m, lined, n, left - 1, visited | {m})

        go(start_n, start_line, None, self.steps_of(place), {start_n})
        return ends

    def candidates(self) -> list[tuple[Place, Place]]:
        owner = self.turn.other if self.second else self.turn
        found = []
        for place, side in self.pieces.items():
            if side != owner or (self.second and place[0] in SPECIAL):
                continue
            for end in self.walks(place):
                if self.first and not self.second and end[0] in SPECIAL:
                    continue
                found.append((place, end))
        return found

    def moved(self, place: Place, end: Place) -> dict[Place, Side]:
        pieces = dict(self.pieces)
        pieces[end] = pieces.pop(place)
        return pieces

    def legal(self) -> list[tuple[Place, Place]]:
        if self.winner is not None:
            return []
        found = []
        for place, end in self.candidates():
            after = self.moved(place, end)
            if self._holder(after) is None and self._next_key(after) in self.seen:
                continue
            found.append((place, end))
        return found

    def _holder(self, pieces: dict[Place, Side]) -> Side | None:
        for side in Side:
            if sum(1 for p, s in pieces.items() if s == side and p[0] in SPECIAL) >= self.specials:
                return side
        return None

    def _next_key(self, pieces: dict[Place, Side]) -> tuple[object, ...]:
        turn, second, _ = self._after_half()
        return (tuple(sorted((p, s) for p, s in pieces.items())), turn, second)

    def _after_half(self) -> tuple[Side, bool, bool]:
        if self.second:
            return self.turn.other, False, False
        return self.turn, True, self.first

    def play(self, place: Place, end: Place) -> None:
        assert (place, end) in self.legal()
        self.pieces = self.moved(place, end)
        holder = self._holder(self.pieces)
        if holder is not None:
            self.winner = holder
            return
        self.turn, self.second, self.first = self._after_half()
        self.seen.append(self.key())
        self.settle()

    def settle(self) -> None:
        """Pass a second half with no move if allowed; a player with no move loses."""
        if not self.legal() and self.second and self.may_pass:
            self.turn, self.second, self.first = self._after_half()
            self.seen.append(self.key())
        if not self.legal():
            self.winner = self.turn.other

    def names(self) -> dict[str, Side]:
        return {name(n, line): side for (n, line), side in self.pieces.items()}

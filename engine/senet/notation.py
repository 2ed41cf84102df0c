"""Reading a Senet position from its one-line notation (``SenetPosition.notation`` writes it).

>>> from engine.senet import SENET
>>> parse_position("C:H12,H20 R:H14 turn:C throw:2", SENET).off
(3, 4)
"""

from __future__ import annotations

from engine.core.errors import BadNotation
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.senet.board import LAST, WATER, number
from engine.senet.core import (
    BLACK,
    FIRST_ONE,
    MOVED,
    OFF,
    OPENED,
    OVER,
    PIECES,
    REELS,
    SECOND,
    TURN,
)
from engine.senet.position import SenetGame, SenetPosition

FIELDS = ("C", "R", "off", "black", "moved", "opening", "turn", "throw", "winner")


def parse_position(text: str, rules: SenetGame) -> SenetPosition:
    """The position ``text`` writes under ``rules``; raises BadNotation saying what is wrong.
    Left out: ``off`` is what the board lacks of five, ``black`` the Reels (``-`` only with no
    piece set out), ``moved`` both sides."""
    try:
        pairs = [part.split(":", 1) for part in text.split()]
        fields = dict(pairs)
    except ValueError:
        raise BadNotation(f"not a position: {text!r} (fields are key:value)") from None
    if len(fields) < len(pairs):
        raise BadNotation(f"not a position: {text!r} names a field twice")
    if unknown := set(fields) - set(FIELDS):
        raise BadNotation(f"not a position: unknown field {sorted(unknown)[0]!r}")
    try:
        return _position(fields, rules)
    except ValueError as exc:
        raise BadNotation(f"not a position: {text!r} ({exc})") from None


def _position(fields: dict[str, str], rules: SenetGame) -> SenetPosition:
    turn = Side.parse(fields.get("turn", "C"))
    code = TURN if turn == Side.REELS else 0
    pieces = [_squares(fields.get(side.letter, "-"), rules) for side in Side]
    black = fields.get("black", "-" if not any(pieces) and "off" not in fields else "R")
    if black == "-":
        if any(pieces) or "off" in fields or "throw" in fields or "winner" in fields:
            raise ValueError("during the opening no piece is set out and nothing is thrown")
        state = fields.get("opening", "-")
        if state not in ("-", "1", "x"):
            raise ValueError(f"opening is -, 1 or x, not {state!r}")
        return SenetPosition(code | {"-": 0, "x": SECOND, "1": SECOND | FIRST_ONE}[state],
                             None, (), rules)
    if "opening" in fields:
        raise ValueError("the opening is over once black is known")
    code |= OPENED | (BLACK if Side.parse(black) == Side.REELS else 0)
    off_text = fields.get("off")
    off = [int(n) for n in off_text.split(",")] if off_text else [PIECES - len(p) for p in pieces]
    if len(off) != 2:
        raise ValueError("off is two counts, like off:0,2")
    for side in Side:
        if not 0 <= off[side] or len(pieces[side]) + off[side] != PIECES:
            raise ValueError(f"the {side.title} have {PIECES} pieces on the board or off it")
        code |= off[side] << (OFF + 3 * side)
        for n in pieces[side]:
            code |= 1 << (n + (REELS if side else 0))
    if both := set(pieces[0]) & set(pieces[1]):
        raise ValueError(f"two pieces on H{min(both)}")
    for side in Side:
        if side.letter in fields.get("moved", "CR"):
            code |= 1 << (MOVED + side)
    if "winner" in fields:
        winner = Side.parse(fields["winner"])
        if off[winner] != PIECES:
            raise ValueError(f"the {winner.title} have not borne off every piece")
        code = (code & ~TURN | winner) | OVER
    elif PIECES in off:
        raise ValueError("a side has borne off every piece: write winner:")
    position = SenetPosition(code, None, (), rules)
    throw_text = fields.get("throw", "-")
    if throw_text != "-":
        if position.is_over:
            raise ValueError("nothing is thrown once the game is over")
        throw = Throw.parse(throw_text)
        moves = position.legal_moves(throw)
        if not moves:
            raise ValueError(f"{throw} has no move, so it was lost")
        position = SenetPosition(code, throw, moves, rules)
    return position


def _squares(text: str, rules: SenetGame) -> list[int]:
    if text == "-":
        return []
    found: list[int] = []
    for name in text.split(","):
        n = number(name)
        if n == WATER:
            raise ValueError("no piece rests in the House of Water (H27)")
        if n == LAST and not rules.exact_exits:
            raise ValueError("no piece rests on H30: reaching it bears the piece off")
        if n in found:
            raise ValueError(f"{name} is listed twice")
        found.append(n)
    return sorted(found)

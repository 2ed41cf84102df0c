"""Reading the stacking game's positions from their one line of text (``StacksPosition.notation``
writes it).

``C:w10,C1,M9x2 R:w15 turn:C dice:35 ready:M9x2``: each side's men waiting (``w``) and on each
square (``x2``, ``x3`` for stacks); out of play are the rest of fifteen. While dice are pending,
``ready`` lists the mover's men that may still land on the last square this turn (left out: all
its men on M9-M15) and ``seized:yes`` says an opposing man was captured from a square other than
the last this turn. A finished game ends ``winner:C held`` or ``winner:C stuck``.

>>> from engine.stacks import STACKS
>>> parse_position("C:w13,C2x2 R:w15 turn:R", STACKS).notation()
'C:w13,C2x2 R:w15 turn:R dice:-'
"""

from __future__ import annotations

from engine.core.errors import BadNotation, RulesError
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games.api import Rules
from engine.stacks.board import CAPACITY, FIRST_READY, LAST, MEN, ROW, number
from engine.stacks.dice import faces
from engine.stacks.position import StacksPosition


def _counts(side: Side, text: str, what: str) -> list[int]:
    """Counts by path square from ``w10,C1,M9x2`` (``-``: none)."""
    counts = [0] * (LAST + 1)
    for item in text.split(",") if text not in ("", "-") else ():
        name, _, times = item.strip().upper().partition("X")
        if not times.isdigit() and times:
            raise BadNotation(f"{what}: {item!r} is not a square with a count (M9x2)")
        k = int(times) if times else 1
        if name.startswith("W"):
            if not name[1:].isdigit():
                raise BadNotation(f"{what}: {item!r} is not a count of men waiting (w10)")
            counts[0] += int(name[1:])
            continue
        n = number(side, name)
        if not 1 <= k <= CAPACITY:
            raise BadNotation(f"{what}: {item!r}: a square holds 1 to {CAPACITY} men")
        counts[n] += k
    return counts


def parse_position(text: str, rules: Rules) -> StacksPosition:
    """The position ``StacksPosition.notation`` wrote, under ``rules``; BadNotation says what
    does not fit."""
    fields: dict[str, str] = {}
    words = text.split()
    for i, word in enumerate(words):
        key, colon, value = word.partition(":")
        if not colon:
            if i and words[i - 1].lower().startswith("winner:"):
                fields["ending"] = word.lower()
                continue
            raise BadNotation(f"not a position field: {word!r} (write key:value)")
        fields[key.lower()] = value
    unknown = set(fields) - {"c", "r", "turn", "dice", "ready", "seized", "winner", "ending"}
    if unknown:
        raise BadNotation(f"unknown position field {sorted(unknown)[0]!r}")
    try:
        men = tuple(tuple(_counts(side, fields.get(side.letter.lower(), "w15"), side.title))
                    for side in Side)
        turn = Side.parse(fields.get("turn", "C"))
    except (RulesError, ValueError) as exc:
        raise BadNotation(str(exc)) from None
    for side in Side:
        if sum(men[side]) > MEN:
            raise BadNotation(f"{side.title} have {sum(men[side])} men: fifteen at most")
    for n in range(ROW + 1, LAST + 1):
        if men[0][n] and men[1][n]:
            raise BadNotation(f"M{n} holds men of both sides: a square holds one side's men")
    dice_text = fields.get("dice", "-")
    try:
        dice = faces(Throw(int(dice_text))) if dice_text != "-" else ()
    except (RulesError, ValueError):
        raise BadNotation(f"dice:{dice_text} is not dice: write their faces (dice:135)") from None
    winner = Side.parse(fields["winner"]) if "winner" in fields else None
    if winner is not None:
        ending = fields.get("ending", "held")
        if ending not in ("held", "stuck"):
            raise BadNotation(f"a game ends held or stuck, not {ending!r}")
        return StacksPosition((men[0], men[1]), turn, winner=winner, ending=ending, rules=rules)
    own = men[turn]
    ready: tuple[int, ...] = (0,) * (LAST + 1)
    if dice:
        ready = (0,) * FIRST_READY + own[FIRST_READY:]
        if "ready" in fields:
            ready = tuple(_counts(turn, fields["ready"], "ready"))
            if any(r > m for r, m in zip(ready, own, strict=True)) or ready[0]:
                raise BadNotation("ready: more men ready than stand there")
    return StacksPosition((men[0], men[1]), turn, dice, ready, fields.get("seized") == "yes",
                          rules=rules)

"""``aseb review``'s text: a finished game judged move by move, in the player's language.

    print(review_text(review(judge, record)))
"""

from __future__ import annotations

from engine.core.sides import Side
from engine.mummy.review import NOTICEABLE, Review
from engine.text import dice_text
from firmware.words import _, bullet, say, side_said


def review_text(review: Review) -> str:
    """The review as lines to print: who judged, every step, then mistakes and luck."""
    how = _("perfect play") if review.exact else _("estimated")
    lines = [say(review.judged_by),
             _("{side} had {chance} to win at the start ({how}).").format(
                 side=side_said(review.first), chance=f"{review.start:.1%}", how=how)]
    for s in review.steps:
        number, side = f"{s.number:3d}", side_said(s.side)
        if s.move is None:
            shown = "-" if s.throw is None else dice_text(s.throw) \
                if review.device == "dice" else str(s.throw.value)
            lines.append(_("{number}. {side} throw {shown}    luck {luck}").format(
                number=number, side=side, shown=shown, luck=f"{s.luck:+5.1f}"))
        elif s.loss >= NOTICEABLE:
            lines.append(_("{number}. {side} {move} gave up {loss} points (best {best})  "
                           "{side} {chance}").format(
                number=number, side=side, move=say(s.move or ""), loss=f"{s.loss:4.1f}",
                best=say(s.best or ""), chance=f"{s.chance:.0%}"))
        else:
            lines.append(_("{number}. {side} {move} best move{gap}{side} {chance}").format(
                number=number, side=side, move=say(s.move or ""), gap=" " * 17,
                chance=f"{s.chance:.0%}"))
    for who in Side:
        listed = "; ".join(_("{number}. {move} -{loss} (best {best})").format(
            number=s.number, move=say(s.move or ""), loss=f"{s.loss:.1f}", best=say(s.best or ""))
            for s in review.mistakes(who)) or _("none")
        lines.append(_("{side}' biggest mistakes: {listed}").format(side=side_said(who),
                                                                    listed=listed))
    sides = list(Side)
    if review.lucky:
        lines.append(_("Luck of the throws: {luck}").format(luck=bullet(
            [_("{side} {points} points").format(side=side_said(side),
                                                points=f"{review.luck(side):+.1f}")
             for side in sides])))
    lines.append(_("Points given up by moves: {lost}").format(lost=bullet(
        [f"{side_said(side)} {review.lost(side):.1f}" for side in sides])))
    return "\n".join(lines)

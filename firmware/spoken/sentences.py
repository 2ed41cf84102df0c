"""Spoken play's sentences: the moves a throw allows (each said as ``engine.text.move_text``
says it: "Cone on C2 to M6", "a new Cone onto C4"), the dice still to use ("The dice to use: 3
and 5."), what is wrong with the board ("A Reel is missing from M9."), and the whole board in a
sentence, in the language spoken now.

    moves_said(state)   # 'Cone on C2 to M6, or a new Cone onto C4.'
    board_said(state)   # 'Cones on C2 and M6. Reels on M9. Waiting: 3 Cones, 4 Reels. ...'
"""

from __future__ import annotations

from engine.core.sides import Side
from engine.games.api import Position
from engine.text import move_text
from firmware.play.telling import capture_words, racks_to_mend
from firmware.play.tracker import InProgress, Mismatch
from firmware.words import N_, _, ngettext, say, side_said, upper_first
from hardware.core.squares import RACK_OF

MISSING = {Side.CONES: N_("A Cone is missing from {square}."),
           Side.REELS: N_("A Reel is missing from {square}.")}
STRAY = N_("Take the piece off {square}.")


def moves_said(state: Position) -> str:
    """Every move the pending throw allows, one after another (``Cone on C2 to M6, or a new
    Cone onto C4.``); empty when there is none."""
    said = [say(move_text(state, move)) for move in state.moves]
    return upper_first(_(", or ").join(said)) + "." if said else ""


def dice_said(state: Position) -> str:
    """The dice still to use, where a game throws dice used one at a time (``The dice to use:
    1, 3 and 5.``); empty for any other game, or with no dice pending."""
    chance, throw = state.rules.chance, state.throw
    if chance is None or chance.name != "dice" or throw is None:
        return ""
    faces = list(str(throw.value))
    return ngettext("The die to use: {dice}.", "The dice to use: {dice}.", len(faces)).format(
        dice=listed(faces))


def wrong_said(verdict: Mismatch | InProgress) -> str:
    """What is wrong with the board, square by square (the racks, which have no lights, by
    what they need)."""
    if isinstance(verdict, InProgress):
        if verdict.capture:
            return capture_words(verdict)
        targets = _(" or ").join(sorted(t for t in verdict.targets if t not in RACK_OF))
        return _("Set the piece on {squares}.").format(squares=targets) if targets else ""
    said = [_(MISSING[side]).format(square=square)
            for square, side in sorted(verdict.missing.items()) if square not in RACK_OF]
    said += [_(STRAY).format(square=square) for square in sorted(verdict.unexpected)
             if square not in RACK_OF]
    return " ".join(said) + racks_to_mend(verdict)


def listed(items: list[str]) -> str:
    """Items one after another, the last after ``and`` (``C2, M6 and M9``)."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=_(", ").join(items[:-1]), last=items[-1])


def board_said(state: Position) -> str:
    """The board in a few sentences: where each side's pieces stand, how many wait and how many
    are off (a stack of men said as many)."""
    owners = state.owners()
    heights: dict[str, int] = getattr(state, "heights", dict)()
    said = []
    for side in Side:
        squares = [square for square in state.rules.geometry.squares
                   if owners.get(square) is side]
        named = [square if heights.get(square, 1) == 1 else
                 _("{square} ({n} high)").format(square=square, n=heights[square])
                 for square in squares]
        if named:
            said.append(_("{side} on {squares}.").format(side=side_said(side),
                                                         squares=listed(named)))
        else:
            said.append(_("No {side} on the board.").format(side=side_said(side)))
    if state.rules.chance is not None:  # Ramses' pieces never wait nor leave the board
        for side in Side:
            said.append(ngettext("{side}: {waiting} waiting, {off} off.",
                                 "{side}: {waiting} waiting, {off} off.", state.waiting(side))
                        .format(side=side_said(side), waiting=state.waiting(side),
                                off=state.off[side]))
    return " ".join(said)

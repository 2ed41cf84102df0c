"""What the window shows of the stacking game: the board's scene (stacks, rings, dice), the
mummy's man in the air, the status line, what just happened (or a hint), the dice's caption.

    shot = picture(play, layout)   # a ``Snapshot`` (the window adds its pages)
"""

from __future__ import annotations

import random

from engine.core.sides import Side
from engine.mummy import hint
from engine.stacks import Move
from firmware.words import _, say, side_said
from sim.board.pieces import Pieces
from sim.drawing.layout import Layout
from sim.drawing.stacks import Scene, spot
from sim.drawing.text import NO_BREAK
from sim.window.stacks_play import StacksPlay, captured, source
from sim.window.view import Snapshot


def picture(play: StacksPlay, layout: Layout, mouse: tuple[int, int]) -> Snapshot:
    """The stacking game's part of the window's picture now."""
    return Snapshot(frame={}, pieces=Pieces(), held=None, mouse=mouse, shaking=False,
                    status=status(play), sticks_caption=caption(play), now=play.now,
                    news=news(play), flight=flight(play, layout), stacks=scene(play))


def _shown(play: StacksPlay) -> Move | None:
    """The mummy's move being shown, or carried by its hand."""
    return play.showing or (play.carried.move if play.carried is not None else None)


def scene(play: StacksPlay) -> Scene:
    """What the board shows now."""
    state, choice = play.state, play.choice
    moves = play.moves()
    targets: set[str] = set()
    captures: set[str] = set()
    for m in moves:
        if source(m) == choice.source and choice.target in (None, m.target):
            targets.add(m.target)
            if choice.target is not None and m.capture:
                captures.add(captured(m))
    flash: tuple[str, ...] = ()
    shown = _shown(play)
    if shown is not None:
        flash = (source(shown), shown.target)
        if shown.capture:  # the man it will capture, ringed in red as the player's would be
            captures.add(captured(shown))
    stacks = state.stacks()
    waiting = [state.waiting(Side.CONES), state.waiting(Side.REELS)]
    if play.carried is not None:  # the man in the mummy's hand has left its place
        move = play.carried.move
        if move.enters:
            waiting[move.side] -= 1
        else:
            side, count = stacks[move.source]
            stacks = {**stacks, move.source: (side, count - 1)}
            if count == 1:
                del stacks[move.source]
    return Scene(stacks=stacks, waiting=(waiting[0], waiting[1]), out=state.off,
                 dice=play.thrown, used=play.used() if play.thrown else (),
                 chosen=choice.source, targets=frozenset(targets), captures=frozenset(captures),
                 movable=frozenset(source(m) for m in moves), flash=flash,
                 die_chosen=choice.die, names=names(play),
                 to_play=None if state.is_over else state.turn)


def names(play: StacksPlay) -> dict[Side, str]:
    """Who plays each side."""
    mummy = play.settings.mummy
    return {side: _("the mummy, {level}").format(level=say(play.mummy.level.title))
            if side == mummy else _("you") if mummy is not None else _("a player")
            for side in Side}


def flight(play: StacksPlay, layout: Layout) -> tuple[Side, tuple[int, int]] | None:
    """The man in the mummy's hand, and where it is now."""
    carried = play.carried
    if carried is None:
        return None
    start, end = spot(layout, source(carried.move)), spot(layout, carried.move.target)
    x = carried.progress(play.now)
    return carried.move.side, (round(start[0] + (end[0] - start[0]) * x),
                               round(start[1] + (end[1] - start[1]) * x))


def status(play: StacksPlay) -> str:
    """What to do now."""
    state = play.state
    if state.is_over:
        assert state.winner is not None
        winner = side_said(state.winner)
        if state.ending == "held":
            return _("{side} win: three men on the last square. Click or press Space for a new "
                     "game.").format(side=winner)
        return _("{side} win: the opponent could not use a die. Click or press Space for a new "
                 "game.").format(side=winner)
    who = side_said(state.turn)
    if play.mummy_to_play:
        shown = _shown(play)
        return _("The mummy ({side}) is thinking...").format(side=who) if shown is None else \
            _("The mummy moves {move}.").format(move=shown.notation())
    if state.throw is None:
        return _("{side}, press Space or click the dice to throw.").format(side=who)
    if play.choice.source is None:
        return _("{side}: click a man to move, or your men waiting to enter (dice to use: "
                 "{dice}).").format(side=who, dice=NO_BREAK.join(map(str, state.dice)))
    return _("{side}: click where it goes (green), or another man.").format(side=who)


def news(play: StacksPlay) -> str:
    """What just happened, a word on a click, or the hint and its reason."""
    state = play.state
    if play.notice is not None and play.now < play.notice[1]:
        return play.notice[0]
    if play.settings.hints and state.throw is not None and not play.mummy_to_play \
            and state.moves:
        if play.hint_shown is None or play.hint_shown[0] is not state:
            advice = hint(state, play.settings.level, random.Random(0))
            play.hint_shown = (state, _("Hint: {advice}").format(advice=say(str(advice))))
        return play.hint_shown[1]
    return " ".join(play.told)


def caption(play: StacksPlay) -> str:
    """Under the dice: the last throw, or how to throw."""
    state = play.state
    if state.throw is None and not state.is_over and not play.mummy_to_play:
        return _("click (or Space) to throw")
    return play.threw

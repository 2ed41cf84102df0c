"""What the window shows of play on the board: the lights, the pieces where the hands left them,
the sticks and their caption, the status line, what just happened, each side's label, the
mummy's piece in the air.

    shot = picture(play, layout, mouse=(0, 0))   # a ``Snapshot`` (the window adds its pages)
"""

from __future__ import annotations

import random

from engine.core.sides import Side
from engine.games.api import Offboard
from engine.mummy import hint
from engine.text import move_text, throw_said
from firmware.lights.scenes import Phase
from firmware.words import N_, _, ngettext, say, side_said
from sim.drawing.layout import Layout
from sim.window.board_play import BoardPlay
from sim.window.choosing import dice_shown, ringed
from sim.window.view import Player, Snapshot


def picture(play: BoardPlay, layout: Layout, mouse: tuple[int, int], *,
            lesson: bool = False, tournament: str | None = None) -> Snapshot:
    """The board's part of the window's picture now; ``lesson``: a tutorial speaks (the status
    line is the controller's), ``tournament``: Setna's word between games."""
    controller, hand = play.controller, play.hand
    frame, caption = play.table.frame, _("hold to shake")
    if controller.throws:
        side, throw = list(controller.throws.items())[-1]
        caption = _("{side} threw {n}").format(side=side_said(side),
                                               n=say(throw_said(controller.rules, throw)))
    state = play.state
    if play.demon_showing() and state is not None and state.throw is not None:
        # The sticks keep showing the throw to move with; the caption tells how it came.
        lost = len(play.demon) - 1
        thrower, n = side_said(state.turn), state.throw.value
        if getattr(controller.rules, "demon_cast", False):
            caption = ngettext("Demon-cast: {lost} lost, {side} threw {n}",
                               "Demon-cast: {lost} lost, {side} threw {n}", lost).format(
                lost=lost, side=thrower, n=n) if lost else \
                _("Demon-cast: {side} threw {n}").format(side=thrower, n=n)
        else:
            caption = _("Opening: {side} threw {n}").format(side=thrower, n=n)
    if hand.shaking:
        caption = _("shaking...")
    dice = dice_shown(controller)
    chosen, squares = play.chosen, play.choices()
    return Snapshot(frame=frame, pieces=hand.pieces, held=hand.held, mouse=mouse,
                    shaking=hand.shaking, status=status(play, layout, lesson),
                    sticks_caption=caption, now=play.now, news=news(play, tournament),
                    players=players(play), flight=flight(play, layout),
                    odds=play.chances.cones(), dice=dice,
                    ringed=ringed(dice, play.usable_dice()),
                    choices=(chosen.held.side, squares) if chosen is not None and squares else None,
                    chosen=chosen.held.origin if chosen is not None else None)


def status(play: BoardPlay, layout: Layout, lesson: bool = False) -> str:
    """What to do now: the controller's line, unless the mummy's hand is making its move."""
    controller, state = play.controller, play.state
    move = controller.mummy_move
    if move is not None and state is not None and play.mummy_moves_itself:
        if controller.settings.far and state.turn == controller.remote:
            return _("The far board plays: {move}.").format(move=say(move_text(state, move)))
        return _("The mummy plays: {move}.").format(move=say(move_text(state, move)))
    if controller.phase is Phase.GUIDE and controller.setting_out and not lesson:
        return setting_out_status(play)
    if controller.phase is Phase.IDLE and layout.chance is None:
        return _("Press Space (or Options > New game) to begin a game of {game}.").format(
            game=say(controller.rules.title))
    if controller.phase in (Phase.WON, Phase.CLEAR) and play.hand.pieces.owners and not lesson:
        return _("{status} Click a piece (or drag it) to take it off.").format(
            status=controller.status())
    return controller.status()


def setting_out_status(play: BoardPlay) -> str:
    """Who sets out which pieces, in the window's terms."""
    mummy = play.controller.settings.mummy
    if mummy is None:
        return _("Set out the pieces on the blinking squares: click (or drag) a waiting "
                 "piece of the side whose colour blinks.")
    yours = side_said(mummy.other)
    if play.mummy_moves_itself:
        return _("Set out your {yours} on the blinking squares; the mummy sets out its "
                 "own.").format(yours=yours)
    return _("Set out the {yours} and the mummy's {theirs} on the blinking squares.").format(
        yours=yours, theirs=side_said(mummy))


def news(play: BoardPlay, tournament: str | None = None) -> str:
    """What just happened (a lost throw, a bump, an extra turn), or the hint and its reason."""
    controller, state = play.controller, play.state
    if play.notice is not None and play.now < play.notice[1]:
        return play.notice[0]
    if controller.hint is not None and state is not None and state.throw is not None:
        if play.hint_shown is None or play.hint_shown[0] is not state:
            advice = hint(state, controller.settings.level, random.Random(0))
            play.hint_shown = (state, _("Hint: {advice}").format(advice=say(str(advice))))
        return play.hint_shown[1]
    if tournament is not None and controller.phase is Phase.IDLE:
        return tournament
    return " ".join(controller.news)


def players(play: BoardPlay) -> tuple[Player, ...]:
    """Each side's label: who plays it, its last throw, its pieces off, whether it is to play."""
    controller, state = play.controller, play.state
    mummy = controller.settings.mummy
    found = []
    for side in Side:
        far = controller.settings.far and controller.remote is not None
        who = N_("the far board") if far and side == controller.remote else \
            N_("you") if far else N_("the mummy") if side == mummy else \
            N_("you") if mummy is not None else N_("a player")
        throw = controller.throws.get(side)
        to_play = state is not None and state.turn == side \
            and controller.phase in (Phase.THROW, Phase.MOVE)
        black = getattr(state, "black", None)  # Senet's: who moves first, once it is thrown
        plays = None if black is None else N_("plays black") if side is black \
            else N_("plays white")
        found.append(Player(side, who, say(throw_said(controller.rules, throw)) if throw else None,
                            play.hand.pieces.off[side], to_play, plays))
    return tuple(found)


def flight(play: BoardPlay, layout: Layout) -> tuple[Side, tuple[int, int]] | None:
    """The mummy's piece in the air: from its square (or sideline) towards its target."""
    flying = play.mummy_hand.flight
    if flying is None:
        return None
    mover = flying.mover
    start = spot(layout, mover.side, mover.start)
    end = spot(layout, mover.side, mover.via[0] if mover.via else mover.end)
    x = flying.progress(play.now)
    return mover.side, (round(start[0] + (end[0] - start[0]) * x),
                        round(start[1] + (end[1] - start[1]) * x))


def spot(layout: Layout, side: Side, where: object) -> tuple[int, int]:
    """Where a piece stands: its square, else its side's sideline (waiting, or borne off)."""
    if isinstance(where, str) and where in layout.squares:
        return layout.squares[where].center
    if where is Offboard.BORNE_OFF:
        return layout.side_label(side).center
    return layout.sideline_slot(side, 0)

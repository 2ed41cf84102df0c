"""Every light scene of every game, as functions of time, and the meanings a player must tell
apart: what the light measures (``tests.firmware.lights.seeing``) look at.

    for name, light in every_scene(calm=False): flashes_by_pixel(frames(light, SECONDS))
    for a, b in pairs(calm=True): judge(a, b, brightness=0.4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from engine import games
from engine.core.sides import Side
from engine.core.sticks import Throw
from engine.games.api import Geometry
from firmware.kiosk.language import language_squares
from firmware.lights.odds import odds_frame
from firmware.lights.pin import pin_frame
from firmware.lights.scenes import PALETTE, Palette, Phase, Show, scene
from firmware.menu.board_menu import BoardMenu
from firmware.menu.choices import LANGUAGE_COLOURS, choose
from firmware.menu.menu_table import menu_table
from firmware.story.sand_scene import tournament_scene
from firmware.story.tournament import TO_WIN, Tournament
from firmware.story.tutorial import path_glow
from hardware.lights.pixels import Frame

C, R = Side.CONES, Side.REELS
SECONDS = 8.0
"""Seconds of each scene watched: the victory run (6 s) and its clearing after it."""
DICE_SCENES = (123, 456, 666)
"""The stacking game's dice scenes watched (each die counting its face on a stick pixel)."""
Light = Callable[[float], Frame]


def _shows(geometry: Geometry) -> dict[str, Show]:
    """A show of every kind on ``geometry``: each phase, each motion the light language has."""
    cones, reels = geometry.paths[C], geometry.paths[R]
    a, b, c, d = cones[4], cones[6], reels[5], reels[7]
    marked = next(iter(geometry.marked), a)
    throw = Throw.parse("3:WDWW")
    move = {"phase": Phase.MOVE, "throw": throw, "geometry": geometry}
    return {
        "waiting for a shake": Show(Phase.IDLE, geometry=geometry),
        "the Cones to throw": Show(Phase.THROW, turn=C, geometry=geometry),
        "the Reels to throw": Show(Phase.THROW, turn=R, geometry=geometry),
        "pieces that can move": Show(movable=frozenset({a, b}), **move),
        "a hint": Show(movable=frozenset({a, b}), hint=a, **move),
        "a lifted piece's target": Show(lifted_targets=frozenset({b}), **move),
        "lift it and set it down again": Show(reseat=frozenset({b}), **move),
        "the mummy's move": Show(turn=R, mummy_move=(c, d), **move),
        "the mummy's move, its bump first": Show(turn=R, mummy_move=(c, d), bump_first=b,
                                                 **move),
        "the mummy's piece entering": Show(turn=R, mummy_move=(None, c), **move),
        "a mistake to mend": Show(missing={a: C, c: R}, unexpected=frozenset({b}), **move),
        "an extra turn's flare": Show(flare_until=1.5, movable=frozenset({a}), **move),
        "a stuck switch": Show(stuck=frozenset({marked}), **move),
        "the sticks to shake again": Show(Phase.THROW, shake_again=True, geometry=geometry),
        "the Cones win": Show(Phase.WON, winner=C, geometry=geometry),
        "the Reels win": Show(Phase.WON, winner=R, geometry=geometry),
        "the board to clear": Show(Phase.CLEAR, clearing=frozenset({a, c}), geometry=geometry),
        "a saved game set out again": Show(Phase.GUIDE, missing={a: C, c: R},
                                           unexpected=frozenset({b}), geometry=geometry),
    }


def _lit(show: Show, t: float) -> Frame:
    return scene(show, t)


def _menu(geometry: Geometry, page: int) -> Light:
    """The board menu's page ``page`` as a function of time (the menu made once, not a frame)."""
    menu = BoardMenu(menu_table(geometry), choose(geometry.board)[0])
    menu.page = page
    return menu.frame


def every_scene(calm: bool, colours: Palette = PALETTE) -> Iterator[tuple[str, Light]]:
    """Every scene of every game, named, as a function of time (``calm``: calm lights)."""
    seen: set[str] = set()
    for name in games.names():
        geometry = games.load(name).geometry
        if geometry.board in seen:  # games on one board light alike
            continue
        seen.add(geometry.board)
        where = f"{geometry.board}: "
        for what, show in _shows(geometry).items():
            yield where + what, partial(_lit, show._replace(calm=calm, palette=colours))
        idle = Show(Phase.IDLE, geometry=geometry, calm=calm, palette=colours,
                    languages={square: LANGUAGE_COLOURS[code] for square, code in
                               language_squares(menu_table(geometry)).items()})
        yield where + "a kiosk's language squares", partial(_lit, idle)
        yield where + "the web page's PIN", partial(pin_frame, "3905", geometry, calm=calm)
        for page in range(len(menu_table(geometry).pages)):
            yield where + f"the board menu, page {page + 1}", _menu(geometry, page)
        if games.load(name).words.device == "dice":
            for dice in DICE_SCENES:
                show = Show(Phase.MOVE, throw=Throw.of(dice), dice=True, geometry=geometry,
                            calm=calm, palette=colours)
                yield where + f"the dice {' '.join(str(dice))}", partial(_lit, show)
    yield "the chances", partial(odds_frame, 0.4, colours=colours)
    lesson = Show(Phase.THROW, calm=calm, palette=colours)
    yield "a lesson's path", lambda t: path_glow(scene(lesson, t), t)
    for stage in range(TO_WIN):
        yield f"Setna's tournament, stage {stage}", partial(tournament_scene,
                                                            Tournament(0, stage, stage))
    yield "Setna's tournament won", partial(tournament_scene, Tournament(TO_WIN, 0, 0))
    yield "Setna's tournament lost", partial(tournament_scene, Tournament(0, TO_WIN, 4))


# --- meanings ------------------------------------------------------------------------------

def meanings(calm: bool, colours: Palette = PALETTE) -> dict[str, tuple[Light, str]]:
    """Everything the light says that a player must tell from something else, as a scene and
    the pixel that says it (on Twenty Squares' board: every board lights alike)."""
    geometry = games.load("tait").geometry
    square, other = "M8", "M10"
    move = {"phase": Phase.MOVE, "geometry": geometry, "calm": calm, "palette": colours}
    found: dict[str, Show] = {}
    for side in Side:
        name = side.title
        found[f"{name} can move"] = Show(turn=side, movable=frozenset({square}), **move)
        found[f"{name} to throw"] = Show(Phase.THROW, turn=side, geometry=geometry, calm=calm,
                                         palette=colours)
        found[f"a lifted {name} piece's target"] = Show(
            turn=side, lifted_targets=frozenset({square}), **move)
        found[f"{name}: lift and set down again"] = Show(turn=side, reseat=frozenset({square}),
                                                         **move)
        found[f"a {name} piece missing"] = Show(turn=side, missing={square: side}, **move)
    found["a piece that should not be there"] = Show(unexpected=frozenset({square}), **move)
    found["the mummy's move"] = Show(turn=R, mummy_move=(square, other), **move)
    found["the piece the mummy bumps"] = Show(turn=R, mummy_move=(other, "M11"),
                                              bump_first=square, **move)
    found["a stuck switch"] = Show(stuck=frozenset({square}), **move)
    lit: dict[str, tuple[Light, str]] = {
        name: (partial(_lit, show), geometry.homes[show.turn][1] if show.phase is Phase.THROW
               else square) for name, show in found.items()}
    chances = partial(odds_frame, 0.5, colours=colours)
    lit["the Cones' chances"] = (chances, "M5")
    lit["the Reels' chances"] = (chances, "M16")
    stacks = games.load("stacks").geometry  # the dice, each counting its face
    for face in range(1, 7):
        lit[f"a die showing {face}"] = (partial(_lit, Show(
            Phase.MOVE, throw=Throw.of(face), dice=True, geometry=stacks, calm=calm,
            palette=colours)), "S1")
    lit["the dice to shake again"] = (partial(_lit, Show(
        Phase.THROW, shake_again=True, geometry=stacks, calm=calm, palette=colours)), "S1")
    return lit


PAIRS: tuple[tuple[str, str], ...] = (
    # the two sides
    ("Cones can move", "Reels can move"),
    ("Cones to throw", "Reels to throw"),
    ("a lifted Cones piece's target", "a lifted Reels piece's target"),
    ("a Cones piece missing", "a Reels piece missing"),
    # a legal move and a mistake
    *((f"{side} can move", f"a {side} piece missing") for side in ("Cones", "Reels")),
    *((f"{side} can move", "a piece that should not be there") for side in ("Cones", "Reels")),
    *((f"a lifted {side} piece's target", f"a {side} piece missing")
      for side in ("Cones", "Reels")),
    *((f"a lifted {side} piece's target", "a piece that should not be there")
      for side in ("Cones", "Reels")),
    *((f"{side}: lift and set down again", f"a {side} piece missing")
      for side in ("Cones", "Reels")),
    # the mummy's gold and the Reels' amber
    ("the mummy's move", "Reels can move"),
    ("the mummy's move", "a lifted Reels piece's target"),
    ("the mummy's move", "a Reels piece missing"),
    ("the mummy's move", "Reels to throw"),
    # a missing piece and an unexpected one
    ("a Cones piece missing", "a piece that should not be there"),
    ("a Reels piece missing", "a piece that should not be there"),
    ("the piece the mummy bumps", "the mummy's move"),
    # a stuck reed and a side's colour
    *(("a stuck switch", f"{what}") for side in ("Cones", "Reels") for what in (
        f"{side} can move", f"a {side} piece missing", f"a lifted {side} piece's target",
        f"{side} to throw")),
    # the chances' fill
    ("the Cones' chances", "the Reels' chances"),
    # the stacking game's dice: every face from every other, and from a shake to make again
    *((f"a die showing {a}", f"a die showing {b}") for a in range(1, 7)
      for b in range(a + 1, 7)),
    *((f"a die showing {face}", "the dice to shake again") for face in range(1, 7)),
)
"""The pairs of meanings a player must tell apart (issue 39's list, each side's)."""

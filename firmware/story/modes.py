"""The board's story modes by name (``aseb run --tutorial``, ``--tournament``, or the board file's
``[story] mode``): the guided tutorial, or Setna's tournament, beside the controller.

    story = begin_story("tournament", controller, state_dir, say=voice.say)
    controller.tick(); story.tick()   # every frame
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.games.api import Rules
from firmware.play.controller import Controller
from firmware.story.setna import Setna
from firmware.story.tournament import TournamentStore
from firmware.story.tutorial import BOARD, Tutorial

Companion = Tutorial | Setna
"""A story beside the controller: ``tick`` it every frame."""
MODES = ("game", "tutorial", "tournament")
"""Ordinary games; the guided tutorial first, then games; Setna's tournament."""
STORY_GAME = "tait"
"""The lessons and the tournament are Twenty Squares under Tait's rules, as in the 1995 game."""


def check_story(mode: str, rules: Rules) -> None:
    """Raise ValueError, in words, for a mode that is not one, or a story under other rules."""
    if mode not in MODES:
        raise ValueError(f"unknown story mode {mode!r}: {', '.join(MODES)}")
    if mode != "game" and rules.name != STORY_GAME:
        raise ValueError(f"the {mode} is played with Tait's Twenty Squares, not {rules.title}")


def begin_story(mode: str, controller: Controller, state_dir: Path | None,
                say: Callable[[str], None] | None = None) -> Companion | None:
    """Start the ``tutorial`` or the ``tournament`` on ``controller``'s board (None for plain
    ``game``s); raises ValueError as ``check_story`` does."""
    check_story(mode, controller.rules)
    story: Companion
    if mode == "tutorial":
        story = Tutorial(controller, BOARD, say=say)
    elif mode == "tournament":
        story = Setna(controller, TournamentStore(state_dir) if state_dir else None, say=say)
    else:
        return None
    story.start()
    return story

"""The owner's choices at work on a board: read at start, applied to the controller and its story,
changed by the board menu, saved when it closes.

The choices (``firmware.menu.choices``) come from the board file's defaults, then the settings file
(``firmware.menu.settings_file``), then a run's flags. Beside the controller, ``BoardSettings`` runs
the story the mode names (the tutorial, Setna's tournament) and, each time the menu closes,
applies what it chose: another game (its own saved game resumed, or the board left idle),
the mummy's side and level, the chances, the volume, the mode; then saves the file.

    chosen = load_choices(board, SettingsFile(state_dir), overrides={"level": "vizier"})
    settings = with_choices(Settings(), chosen, table_for)
    keeper = BoardSettings(controller, chosen, SettingsFile(state_dir), state_dir, say=voice.say)
    keeper.begin(); controller.tick(); keeper.tick()      # every frame
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from pathlib import Path

from engine import games
from engine.games.api import Rules
from engine.mummy.chances import SolvedTable
from firmware import words
from firmware.kiosk.kiosk import Kiosk
from firmware.menu.board_menu import BoardMenu
from firmware.menu.choices import Chosen, choose
from firmware.menu.menu_table import menu_table
from firmware.menu.settings_file import SettingsFile
from firmware.play.controller import Controller
from firmware.play.settings import Settings
from firmware.service.boards import board_defaults
from firmware.spoken.spoken_play import SpokenPlay, quiet
from firmware.story.modes import Companion, begin_story
from hardware.boards.board_file import Board

log = logging.getLogger(__name__)

TableFor = Callable[[Rules], SolvedTable | None]
"""The solved table of a game, when one is installed."""


def no_table(rules: Rules) -> SolvedTable | None:
    """No solved table for any game."""
    return None


def load_choices(board: Board, file: SettingsFile | None,
                 overrides: Mapping[str, str] = {}) -> Chosen:
    """What a board plays with: its file's defaults, the settings file, then ``overrides``."""
    defaults = board_defaults(board)
    if file is None:
        return choose(board.kind, defaults, overrides)[0]
    chosen = file.load(board.kind, defaults, overrides=overrides)
    if board.kiosk.enabled and chosen.mummy is None:  # visitors always meet the mummy
        chosen = chosen.with_("opponent", "reels")
    return chosen


def with_choices(settings: Settings, chosen: Chosen, table_for: TableFor = no_table) -> Settings:
    """``settings`` playing what ``chosen`` says (the game and its solved table, the mummy,
    its level, the chances)."""
    if settings.ruleset.name != chosen.game:
        settings.ruleset = games.load(chosen.game)
        settings.table = table_for(settings.ruleset)
    settings.mummy = chosen.mummy
    settings.far = chosen.far
    settings.level = chosen.level
    settings.fair = chosen.fair
    settings.chances = chosen.chances
    settings.calm, settings.spoken = chosen.calm, chosen.spoken
    return settings


class BoardSettings:
    """The choices on one board, with its story and its menu; ``tick`` it every frame."""

    def __init__(self, controller: Controller, chosen: Chosen, file: SettingsFile | None,
                 state_dir: Path | None, *, board: Board,
                 say: Callable[[str], None] | None = None,
                 story_say: Callable[[str], None] | None = None,
                 volume: Callable[[float], None] | None = None,
                 language: Callable[[str], None] | None = None,
                 table_for: TableFor = no_table, kiosk: Kiosk | None = None,
                 speaking: Callable[[], bool] = quiet) -> None:
        self.controller = controller
        self.language = language
        """Anything else to tell of a new language (the voice); the words change here."""
        self._speak(chosen.language)
        self.chosen = chosen
        self.file = file
        self.state_dir = state_dir
        self.say = say
        self.story_say = story_say
        """What the stories speak with (None: they are quiet, as a board file may ask)."""
        self.volume = volume
        """Anything else to turn up or down with the speaker (the voice)."""
        self.table_for = table_for
        self.kiosk = kiosk
        """A museum's kiosk, whose quiet hours win over the volume chosen (it sets the speaker
        and, with its ``voice``, the voice)."""
        self.story: Companion | None = None
        self.speaking = speaking
        """Whether the voice is still speaking (spoken play waits for it)."""
        self.spoken: SpokenPlay | None = None
        """Spoken play, while it is chosen (``firmware.spoken``)."""
        controller.menu = BoardMenu(menu_table(controller.rules.geometry, board.menu.open,
                                               pin_fixed=board.web.pin is not None),
                                    chosen, say=say,
                                    has_table=lambda: controller.settings.table is not None)
        if kiosk is not None:  # the volume chosen is heard at once, as quiet hours allow
            controller.menu.loudness = kiosk.loudness
        controller.menu_locked = board.kiosk.enabled and not board.kiosk.menu

    def begin(self, mode: str | None = None) -> None:
        """Play with the choices: their volume, spoken play, and the story of their mode (or
        of ``mode``, a run's flag) beside the controller."""
        self._set_volume()
        self._set_spoken()
        self.story = begin_story(mode or self.chosen.mode, self.controller, self.state_dir,
                                 say=self._tell_story)

    def _tell_story(self, text: str) -> None:
        """A story's line (a lesson's): after what spoken play says, else as the board file
        asks (``story_say``; None: quiet)."""
        if self.spoken is not None:
            self.spoken.tell(text)
        elif self.story_say is not None:
            self.story_say(text)

    def _set_spoken(self) -> None:
        """Spoken play beside the controller while it is chosen (and the board has a voice)."""
        wanted = self.chosen.spoken and self.say is not None
        if wanted and self.spoken is None and self.say is not None:
            self.spoken = SpokenPlay(self.controller, self.say, self.speaking)
        elif not wanted:
            self.spoken = None

    def tick(self) -> None:
        """Tick the story and spoken play; apply and save what the menu chose once it
        closes."""
        if self.story is not None:
            self.story.tick()
        if self.spoken is not None:
            self.spoken.tick()
        controller = self.controller
        if controller.menu_closed and controller.menu is not None:
            controller.menu_closed = False
            self.apply(controller.menu.chosen)
            if self.file is not None:
                self.file.save(self.chosen)

    def apply(self, chosen: Chosen) -> None:
        """Play with ``chosen`` from now on (the board is idle: the menu has just closed)."""
        changed = chosen.changed(self.chosen)
        self.chosen = chosen
        controller = self.controller
        if controller.menu is not None:
            controller.menu.chosen = chosen
        if not changed:
            return
        log.info("chosen: %s", ", ".join(f"{key} {chosen[key]}" for key in changed))
        story = self.story if self.story is not None and self.story.running else None
        left = "mode" in changed and story is not None
        if left and story is not None:
            story.stop()  # the mummy, its level and the saved game as before the story
            story = self.story = None
        if "game" in changed or left:  # the board's own game again: resumed, or idle
            rules = games.load(chosen.game)
            controller.change_game(rules, self.table_for(rules))
        if story is None:  # a story running on keeps its own mummy until it ends
            settings = controller.settings
            settings.mummy, settings.fair = chosen.mummy, chosen.fair
            if settings.far != chosen.far:
                settings.far = chosen.far
                if not chosen.far:  # far play ends: the far board's side is this board's again
                    controller.play_far(None, begins=True, away=False)
            controller.set_level(chosen.level)
        controller.settings.chances = chosen.chances
        controller.settings.calm, controller.settings.spoken = chosen.calm, chosen.spoken
        self._set_volume()
        if "language" in changed:
            self._speak(chosen.language)
        self._set_spoken()
        if "mode" in changed:
            self.story = begin_story(chosen.mode, controller, self.state_dir,
                                     say=self._tell_story)

    def _speak(self, language: str) -> None:
        """Speak ``language`` from now on (not over the pseudo-language a test or --lang asked
        for)."""
        if words.language() != words.PSEUDO:
            words.use(language)
            if self.language is not None:
                self.language(words.voice())

    def _set_volume(self) -> None:
        if self.kiosk is not None:
            self.kiosk.set_volume(self.chosen.volume)
            return
        self.controller.speaker.volume = self.chosen.volume
        if self.volume is not None:
            self.volume(self.chosen.volume)

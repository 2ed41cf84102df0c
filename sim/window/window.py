"""``aseb sim``: every game of the family in one pygame-ce window.

A game with a board is played on the simulated board, the real controller lighting it
(``sim.window.board_play``): the mouse is the player's hand (lift, place, click to move, shake), the
mummy moves its own pieces through its simulated hand (unless the player chooses to carry out
its moves, to rehearse the real board). The stacking game, whose stacks no reed can count, is
played so too, on the simulated Hall board (``hardware/boards/hall.toml``). Around it: the menu bar
(``sim.window.menus``), the Help pages, the log, the review page, sounds, MummyFacts, the story
(``sim.window.story``). ``Window.handle`` takes pygame events, ``step`` lets time pass and
``render`` draws, so tests drive it with synthetic events and a fake time step;
``sim.window.launch.open_window`` runs the real loop.

    window = Window.open(state_dir=tmp_path, settings=WindowSettings(mummy=None), seed=1)
    window.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(1100, 300)))
    window.step(0.5); window.render(surface)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pygame

from engine.games import DEFAULT
from engine.games import load as load_game
from engine.mummy.chances import SolvedTable
from firmware.lights.scenes import Phase
from firmware.menu.choices import VOLUMES, Chosen, choose, setting
from firmware.menu.settings_file import SettingsFile
from firmware.play.controller import Controller, Settings
from firmware.service.boards import board_for, check_board
from firmware.solve.installed import table_for
from firmware.spoken.spoken_play import SpokenPlay, quiet
from firmware.story.facts import FactTeller
from firmware.story.modes import STORY_GAME
from firmware.story.setna import Setna
from firmware.story.tutorial import Tutorial
from firmware.words import N_, _, say
from firmware.words import voice as language_voice
from hardware.boards.board_file import Board, ConfigError
from hardware.sounds.voice import EspeakVoice, Voice
from sim.board.hand import Hand
from sim.board.mummy_hand import MummyHand
from sim.board.table import Table
from sim.drawing.focus import focus_places, nearest, point
from sim.drawing.layout import Layout
from sim.pages.keys import FIRST_TIME
from sim.pages.page import Page
from sim.window import board_words
from sim.window import menus as window_menu
from sim.window.audio import Audio
from sim.window.board_play import BoardPlay, saved_pieces, saved_stacks
from sim.window.chances import Chances
from sim.window.choosing import dice_count, dice_game
from sim.window.menu_bar import Item, Menu
from sim.window.settings import WindowSettings, save
from sim.window.story import Story
from sim.window.view import Snapshot, View, leave_buttons, page_buttons

SIZE = (1280, 720)
LARGER = 1.5
"""Options > Larger text: every word this much larger."""
LOG_SHARE, LOG_LARGER = 0.34, 0.42
"""The share of the window's width the open log takes beside the board (with larger text)."""
LOG_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 12, pygame.K_PAGEDOWN: -12,
            pygame.K_HOME: 100_000, pygame.K_END: -100_000}
"""Keys that scroll the open log, and by how many lines (back toward the game's start)."""
BACK_KEYS = (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_BACKSPACE)
"""Keys that turn a page back."""
LEAVE_KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)
"""Keys that leave the game once the window has asked (any other plays on)."""
REDRAW = (pygame.WINDOWEXPOSED, pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED,
          pygame.WINDOWMOVED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.VIDEOEXPOSE)
"""Window events after which the whole picture is drawn again (stale parts must not stay)."""


ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
"""The arrow keys and the way each moves the focus."""
TURN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT,
             pygame.K_PAGEDOWN)
"""Keys that turn a page (or put the review away), as a click does."""

KEYS_HINT = 30.0
"""Seconds the first-time hint of the keys shows, where MummyFacts would."""
NO_SOUND = N_("No sound here (no sound device could be opened): the window plays silently.")
"""Said under the status line when the window opens without sound."""
NO_VOICE = N_("Nothing can be said aloud here: spoken play needs espeak-ng (sudo apt install "
              "espeak-ng).")
"""Said when spoken play is chosen in a window that has no voice."""
NO_OTHER_GAME = N_("This window plays one game only: open it again to play {game}.")
"""Said when a window that cannot open another game (a test's) is asked to."""

Opener = Callable[[str], Table]
"""Sets out a game by name: its board and controller."""


class Window:
    """A game of the family in a window: events in, time steps, pictures out."""

    def __init__(self, table: Table, settings: WindowSettings, *,
                 size: tuple[int, int] = SIZE, settings_file: Path | None = None,
                 audio: Audio | None = None, rng: random.Random | None = None,
                 chosen: Chosen | None = None, choices_file: SettingsFile | None = None,
                 opener: Opener | None = None, voice: Voice | None = None) -> None:
        """``table``: the simulated board and its controller;
        ``chosen``: the board's settings as last chosen (the mode, the volume...), kept in
        ``choices_file``; ``opener`` sets out another game chosen in Options; ``voice``
        speaks spoken play (espeak-ng, where installed)."""
        self.settings = settings
        self.voice = voice
        self.spoken: SpokenPlay | None = None
        """Spoken play beside the board's controller, while it is chosen."""
        self.settings_file = settings_file
        self.choices_file = choices_file
        self.audio = audio
        self._opener = opener
        self.volume = chosen["volume"] if chosen is not None else setting("volume").default
        """The volume chosen (``1``-``5``): the window's sounds and music play at it."""
        if audio is not None:
            audio.volume = int(self.volume) / VOLUMES
        self.play = BoardPlay(table, settings)
        self.story: Story | None = Story(self, self.play)
        """The tutorial and Setna's tournament (played on the board only)."""
        self._speak_up()
        self._log_open = False
        self.layout = self._fit(size)
        self.view = View()
        self.menu = Menu(self.menu_items, self.view.texts)
        self.log_back = 0
        """Lines the open log is scrolled back from the newest (the wheel, the arrow keys)."""
        self.facts = FactTeller(rng if rng is not None else random.Random())
        self.fact: str | None = None
        self.page: Page | None = None
        self.pages: list[Page] = []
        """Pages still to come after this one."""
        self.turned: list[Page] = []
        """Pages before this one (Back turns to the last of them)."""
        self._after_pages: Callable[[], None] | None = None
        self.mouse = (0, 0)
        self.focus: str | None = None
        """The place the keyboard's focus is on (``sim.drawing.focus``); None until a key moves
        it (the mouse leads)."""
        self.running = True
        self.leaving = False
        """Esc was pressed in a game: the window asks whether to leave it."""
        self.fullscreen_asked = False
        if self.story is not None and settings.tournament and self.play.rules.name == STORY_GAME:
            self.story.start_tournament(resume=True)  # being played when the window closed
        elif self.story is not None and chosen is not None and chosen.mode == "tutorial":
            self.story.start_tutorial()  # as the board does: the mode's story at every start
        if audio is not None and not audio.working:
            self.play.notice = (_(NO_SOUND), self.play.now + 8.0)
        self.keys_hint_until = -1.0
        """Until when the first-time hint of the keys shows (once, the first time)."""
        if not settings.keys_told:
            settings.keys_told = True  # kept with the settings when the window closes
            self.keys_hint_until = self.play.now + KEYS_HINT

    @classmethod
    def open(cls, *, board: Board | None = None, state_dir: Path | None = None,
             settings: WindowSettings | None = None, seed: int | None = None,
             size: tuple[int, int] = SIZE, settings_file: Path | None = None,
             audio: Audio | None = None, game: str = DEFAULT,
             table: SolvedTable | None = None, chosen: Chosen | None = None,
             choices_file: SettingsFile | None = None, voice: Voice | None = None) -> Window:
        """A window on a fresh table; a saved game in progress is set out on the board first.
        ``table``: the solved table of the game, for the chances bar and the review page;
        ``chosen`` and ``choices_file``: the board's settings, and where they are kept;
        ``voice``: what speaks spoken play."""
        settings = settings if settings is not None else WindowSettings()
        seed = seed if seed is not None else secrets.randbits(32)

        def opener(name: str) -> Table:
            rules = load_game(name)
            fits = check_board(board, rules) if board is not None \
                else None  # ConfigError: this board file does not play that game
            return _play_for(name, fits, state_dir, settings, seed,
                             table if name == game else table_for(rules))

        return cls(opener(game), settings, size=size, settings_file=settings_file, audio=audio,
                   rng=random.Random(seed), chosen=chosen, choices_file=choices_file,
                   opener=opener, voice=voice)

    # --- the board's parts (tests and the benchmark reach them) ---------------------------

    @property
    def board(self) -> BoardPlay:
        """Play on the board."""
        return self.play

    @property
    def table(self) -> Table:
        """The simulated board and its controller."""
        return self.board.table

    @property
    def controller(self) -> Controller:
        """The real board controller behind the window."""
        return self.board.controller

    @property
    def hand(self) -> Hand:
        """The player's hand on the board."""
        return self.board.hand

    @property
    def mummy_hand(self) -> MummyHand:
        """The mummy's hand on the board."""
        return self.board.mummy_hand

    @property
    def chances(self) -> Chances:
        """The solved table's chances and the last game's review."""
        return self.play.chances

    @property
    def tutorial(self) -> Tutorial | None:
        """The tutorial, while it runs or has just ended."""
        return self.story.tutorial if self.story is not None else None

    @property
    def setna(self) -> Setna | None:
        """Setna's tournament, while it is played."""
        return self.story.setna if self.story is not None else None

    @property
    def notice(self) -> tuple[str, float] | None:
        """A word to the player (what a click did not do), and until when it shows."""
        return self.play.notice

    @notice.setter
    def notice(self, value: tuple[str, float] | None) -> None:
        self.play.notice = value

    @property
    def mummy_moves_itself(self) -> bool:
        """Whether the mummy's hand makes its moves (else the player carries them out)."""
        return self.play.mummy_moves_itself

    @property
    def busy(self) -> bool:
        """Whether something moves under the player's hand (then frames come faster)."""
        return self.menu.open is not None or self.play.busy

    @property
    def log_open(self) -> bool:
        """Whether the game's log is open, in its column beside the board."""
        return self._log_open

    @log_open.setter
    def log_open(self, value: bool) -> None:
        if value != self._log_open:
            self._log_open = value
            self.refit()  # the board makes room for it, or takes the room back

    # --- events ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """Take one pygame event: mouse, keys, resizing, quitting."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            self.view.invalidate()
        elif event.type in REDRAW:
            self.view.invalidate()
        elif event.type == pygame.MOUSEWHEEL and self.log_open:
            self._scroll_log(3 * event.y)  # the wheel turned up: earlier lines
        elif event.type == pygame.KEYDOWN and self.log_open and event.key in LOG_KEYS:
            self._scroll_log(LOG_KEYS[event.key])
        elif event.type == pygame.KEYDOWN:
            self._key_down(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.play.stop_shake("key")
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.menu.hover = event.pos
            self.menu.cursor = None  # the mouse leads the menu again
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self._press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.mouse = event.pos
            self.play.release(event.pos, self.layout)

    def resize(self, size: tuple[int, int]) -> None:
        """Fit the board to a new window size."""
        if tuple(size) != self.layout.size:
            self.layout = self._fit((int(size[0]), int(size[1])))

    def refit(self) -> None:
        """Lay the window out again (the chances bar came or went)."""
        self.layout = self._fit(self.layout.size)

    def _fit(self, size: tuple[int, int]) -> Layout:
        """The layout of this game's board at ``size`` (with the chances bar when it shows)."""
        rules = self.play.rules
        return Layout.fit(size, rules.geometry,
                          chance=rules.chance.name if rules.chance is not None else None,
                          odds=self.play.chances.shown, pieces=rules.pieces,
                          text=LARGER if self.settings.larger_text else 1.0,
                          dice=dice_count(rules) if dice_game(rules) else 0,
                          aside=(LOG_LARGER if self.settings.larger_text else LOG_SHARE)
                          if self._log_open else 0.0)

    def in_game(self) -> bool:
        """Whether a game is being played (leaving it is asked first)."""
        game, phase = self.controller.game, self.controller.phase
        return game is not None and not game.state.is_over \
            and phase in (Phase.THROW, Phase.MOVE, Phase.GUIDE)

    def _key_down(self, key: int, mod: int = 0) -> None:
        if self.leaving:  # asked whether to leave: Esc again (or Enter) leaves
            self.leaving = False
            if key in LEAVE_KEYS:
                self.running = False
            return
        if self.page is not None and key in TURN_KEYS:
            self._turn_page()
            return
        if self.page is not None and key in BACK_KEYS:
            self._turn_back()
            return
        if self.play.chances.review is not None and key in TURN_KEYS:
            self.play.chances.review = None
            return
        taken, action = self.menu.key(key)
        if taken:
            self.act(action)
            return
        if key == pygame.K_ESCAPE:
            if isinstance(self.play, BoardPlay) and self.play.key_back():
                return  # the piece in hand goes back where it was
            if self.page is not None or self.menu.open is not None or self.log_open \
                    or self.play.chances.review is not None:
                then = self._after_pages if self.page is not None else None
                self.page = self._after_pages = self.play.chances.review = None
                self.menu.close()
                self.pages.clear()
                self.turned.clear()
                self.log_open = False
                if then is not None:  # pages put away are read: what follows them follows
                    then()
            elif self.in_game():
                self.leaving = True  # the key that closes everything else asks first
            else:
                self.running = False
        elif key == pygame.K_l:
            self.act("log")
        elif key == pygame.K_SPACE and self.page is None and self.play.chances.review is None:
            self.play.start_shake("key", self.layout)
        elif key == pygame.K_F11:
            self.fullscreen_asked = True
        elif key == pygame.K_r and isinstance(self.play, BoardPlay):
            self.play.option("repeat")  # spoken play says again what the board awaits
        elif self.page is None and self.play.chances.review is None:
            self._board_key(key, mod)

    def _board_key(self, key: int, mod: int) -> None:
        """The board by keys: arrows move the focus, Tab goes to the next place that matters
        now (Shift-Tab back), Enter acts on the place as a click does."""
        places = focus_places(self.layout)
        play = self.play
        if key in ARROWS:
            start = self.focus if self.focus in places else self._stops(places)[0]
            self.focus = nearest(places, start, ARROWS[key]) if self.focus in places else start
        elif key == pygame.K_TAB:
            stops = self._stops(places)
            step = -1 if mod & pygame.KMOD_SHIFT else 1
            here = stops.index(self.focus) if self.focus in stops else -1 if step > 0 else 0
            self.focus = stops[(here + step) % len(stops)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus not in places:
                self.focus = self._stops(places)[0]
            if isinstance(play, BoardPlay):
                play.key_enter(self.focus, self.layout)
            else:
                play.press(point(self.layout, self.focus, places[self.focus]), self.layout)
        else:
            return
        if self.focus in places:  # a piece in the keys' hand follows the focus
            self.mouse = point(self.layout, self.focus, places[self.focus])

    def _stops(self, places: dict[str, pygame.Rect]) -> list[str]:
        """The places Tab visits now: those that matter (every place when none does)."""
        stops = self.play.stops() if isinstance(self.play, BoardPlay) else []
        return [stop for stop in stops if stop in places] or list(places)

    def _press(self, pos: tuple[int, int]) -> None:
        """A press goes to whatever lies on top: a page, the review, the menu, the log, and
        only then the board."""
        chances = self.play.chances
        if self.leaving:
            self.leaving = False
            self.running = not leave_buttons(self.layout)[0].collidepoint(pos)
        elif self.page is not None:
            back, _next = page_buttons(self.layout, self.page.picture is not None)
            if self.turned and back.collidepoint(pos):
                self._turn_back()
            else:
                self._turn_page()
        elif chances.review is not None:
            chances.review = None
        elif self.menu.open is not None or self.menu.covers(pos, self.layout):
            self.act(self.menu.click(pos, self.layout))
        elif self.layout.aside is not None and self.layout.aside.collidepoint(pos):
            self.log_open = False  # a click on the log puts it away
        else:
            self.play.press(pos, self.layout)

    # --- the menu and the pages -----------------------------------------------------------

    @property
    def chosen(self) -> Chosen:
        """The board's settings as the window plays them now (``firmware.menu.choices``)."""
        s, story = self.settings, self.story
        tutorial = story is not None and story.tutorial is not None \
            and not story.tutorial.finished
        values = {**s.as_choices(), "game": self.play.rules.name, "volume": self.volume}
        if tutorial:
            values["mode"] = "tutorial"
        return choose(None, values)[0]

    def change_game(self, name: str) -> None:
        """Options > Game: set out ``name`` (its own saved game resumed), the game left saved;
        a board file that does not play it is said so, and nothing changes."""
        if name == self.play.rules.name:
            return
        if self._opener is None:
            self.play.notice = (_(NO_OTHER_GAME).format(game=say(load_game(name).title)),
                                self.play.now + 6.0)
            return
        try:
            made = self._opener(name)
        except ConfigError as exc:
            self.play.notice = (str(exc), self.play.now + 6.0)
            return
        if self.story is not None:  # the stories are Tait's game's: left, and kept
            self.story.leave_tutorial()
            self.story.leave_tournament()
        self.play.close()
        self.play = BoardPlay(made, self.settings)
        self.story = Story(self, self.play)
        self.spoken = None
        self._speak_up()
        self.refit()
        self.view.invalidate()
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            pygame.display.set_caption(f"aseb: {self.play.rules.title}")

    def set_volume(self, value: str) -> None:
        """The volume chosen (``1``-``5``): the window's sounds and music play at it."""
        self.volume = setting("volume").choice(value).value
        if self.audio is not None:
            self.audio.volume = int(self.volume) / VOLUMES

    def set_lights(self, calm: bool) -> None:
        """Options > Lights: calm (nothing blinks) or as usual, on the board at once."""
        self.settings.calm_lights = calm
        if isinstance(self.play, BoardPlay):
            self.play.controller.settings.calm = calm

    def set_spoken(self, spoken: bool) -> None:
        """Options > Spoken play: the window says throws, moves and mistakes aloud (where
        there is no voice, a word says so)."""
        self.settings.spoken_play = spoken
        self._speak_up()
        voice = self.voice
        if spoken and (voice is None or not getattr(voice, "available", True)):
            self.play.notice = (_(NO_VOICE), self.play.now + 8.0)

    def _speak_up(self) -> None:
        """Spoken play beside the board's controller while it is chosen (a shake with no
        piece lifted asks it again); none for the stacking game, which has no board."""
        play = self.play
        if not isinstance(play, BoardPlay):
            return
        wanted = self.settings.spoken_play
        play.controller.settings.spoken = wanted
        companions = play.table.companions
        if self.spoken is not None and (not wanted or self.spoken not in companions):
            if self.spoken in companions:
                companions.remove(self.spoken)
            self.spoken = None
        if wanted and self.spoken is None:
            voice = self.voice
            self.spoken = SpokenPlay(play.controller, self._say,
                                     (lambda: voice.speaking) if isinstance(voice, EspeakVoice)
                                     else quiet, lambda: play.mummy_moves_itself)
            companions.append(self.spoken)

    def _say(self, text: str) -> None:
        """Say ``text`` with the voice, in the language spoken now (Options may change it)."""
        voice = self.voice
        if isinstance(voice, EspeakVoice):
            voice.speak_in(language_voice())
        if voice is not None:
            voice.say(text)

    def tell(self, text: str) -> None:
        """A story's line (a lesson's), said aloud where spoken play is on."""
        if self.spoken is not None:
            self.spoken.tell(text)

    def keep_choices(self) -> None:
        """Save the board's settings (``settings.json``) and the window's own (``window.json``)."""
        if self.choices_file is not None:
            self.choices_file.save(self.chosen)
        if self.settings_file is not None:
            save(self.settings, self.settings_file)

    def menu_items(self, title: str) -> list[Item]:
        """The drop-down under ``title`` (see ``sim.window.menus``)."""
        return window_menu.items(self, title)

    def act(self, action: str | None) -> None:
        """Do what a menu item (or a test) asks: ``sounds``, ``mummy``, ``new_game``, ..."""
        window_menu.act(self, action)

    def _scroll_log(self, lines: int) -> None:
        """Scroll the open log ``lines`` back (negative: on toward the newest), within it."""
        self.log_back = max(0, min(self.log_back + lines, self.view.log_most))

    def show_pages(self, shown: list[Page], then: Callable[[], None] | None = None) -> None:
        """Show ``shown`` one after the other, a click turning each; ``then`` after the last
        (a page longer than the window holds goes on over the next)."""
        self.page, *self.pages = self.view.fit_pages(shown, self.layout)
        self.turned = []
        self._after_pages = then

    def _turn_page(self) -> None:
        """Next: the next page, or after the last one the pages close (and ``then`` runs)."""
        if self.pages:
            if self.page is not None:
                self.turned.append(self.page)
            self.page = self.pages.pop(0)
            return
        then, self._after_pages = self._after_pages, None
        self.page = None
        self.turned = []
        if then is not None:
            then()

    def _turn_back(self) -> None:
        """Back: the page before this one (none before the first)."""
        if self.turned and self.page is not None:
            self.pages.insert(0, self.page)
            self.page = self.turned.pop()

    @property
    def page_number(self) -> tuple[int, int] | None:
        """Which page is shown, and of how many (None: no page, or a page alone)."""
        if self.page is None:
            return None
        total = len(self.turned) + 1 + len(self.pages)
        return (len(self.turned) + 1, total) if total > 1 else None

    # --- time -----------------------------------------------------------------------------

    def step(self, seconds: float) -> None:
        """Let ``seconds`` pass on the board's clock: the hands' touches, the controller's ticks;
        then the story, the sounds and MummyFacts have their turn."""
        play = self.play
        play.step(seconds)
        if self.story is not None:
            self.story.follow()
        play.settle()
        self._hear()
        self.fact = self.facts.update(play.now, play.waiting_for_a_throw(),
                                      self.settings.mummy_facts and self.tutorial is None)

    def _hear(self) -> None:
        for name in self.play.sounds():
            if self.audio is not None:
                self.audio.play(name)

    # --- pictures -------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """What the window would show now."""
        play, story = self.play, self.story
        shot = board_words.picture(play, self.layout, self.mouse,
                                   lesson=self.tutorial is not None,
                                   tournament=story.telling if story is not None else None)
        places = focus_places(self.layout)
        focus = places.get(self.focus) if self.focus is not None else None
        return replace(shot, fact=self.fact, page=self.page, page_number=self.page_number,
                       log=play.said if self.log_open else None, log_back=self.log_back,
                       labels=self.settings.square_labels,
                       lesson=story.lesson if story is not None and story.lesson else
                       (_("Keys"), _(FIRST_TIME)) if play.now < self.keys_hint_until else None,
                       review=play.chances.review, leaving=self.leaving,
                       focus=(focus.x, focus.y, focus.w, focus.h) if focus is not None else None)

    def status(self) -> str:
        """What to do now (the status line)."""
        return self.snapshot().status

    def news(self) -> str:
        """What just happened, or the hint and its reason."""
        return self.snapshot().news

    def render(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw the window onto ``surface``: None if all of it was drawn, else what changed."""
        self.resize(surface.get_size())
        return self.view.draw(surface, self.layout, self.menu, self.snapshot())

    def close(self) -> None:
        """Save the game and the settings, release the pins, the sound and the voice."""
        self.keep_choices()
        self.play.close()
        if self.audio is not None:
            self.audio.close()
        if self.voice is not None:
            self.voice.close()


def _play_for(game: str, board: Board | None, state_dir: Path | None, settings: WindowSettings,
              seed: int, table: SolvedTable | None) -> Table:
    """``game`` set out on a fresh simulated board (a saved game in progress set out on it
    first): the board file given, else the shipped one of the game's kind (the stacking
    game's is a Hall board)."""
    rules = load_game(game)
    wired = board if board is not None else board_for(rules)
    controller_settings = Settings(mummy=settings.mummy, level=settings.level,
                                   fair=settings.fair, hints=settings.hints, ruleset=rules,
                                   table=table, calm=settings.calm_lights,
                                   spoken=settings.spoken_play)
    if wired.hall is not None:  # whose men stand where, and how many
        return Table(state_dir=state_dir, settings=controller_settings, seed=seed, board=wired,
                     stacks=saved_stacks(state_dir, rules.name))
    return Table(state_dir=state_dir, settings=controller_settings, seed=seed, board=wired,
                 pieces=saved_pieces(state_dir, rules.name, wired.reeds.has_racks))

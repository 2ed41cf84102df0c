"""One description of the settings: each setting's choices, its default, and how it persists.

The board menu (pieces set on lit squares between games, ``firmware.menu.board_menu``), the window's
Options, the terminal's commands (``sim.terminal.game``) and the printed menu card
(``firmware.menu.card``) are all generated from ``SETTINGS``; nothing else lists an option. Every
setting persists in the one settings file of the state directory (``firmware.menu.settings_file``);
the board file gives the defaults (``[menu]``, ``[story] mode``, ``[sounds] volume``, a kiosk's
``level``) and ``aseb run``'s flags override them for a run.

Adding a setting is one more ``Setting`` here, with its page on the board taking the next tab
square of ``firmware.menu.menu_table``. Titles and labels are catalog messages (``N_``, or the
engine's phrases): every face says them with ``firmware.words.say``; the languages are named in
themselves, untranslated.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from engine import games
from engine.core.sides import Side
from engine.core.words import N_, phrase
from engine.mummy import Level
from firmware import words
from firmware.lights.scenes import CALM, CONES, GOLD, REELS
from firmware.words import LANGUAGES, NP_, _, pgettext
from hardware.lights.strips import Colour

STORY_GAME = "tait"
"""The tutorial and Setna's tournament are Twenty Squares under Tait's rules (1995's game)."""
VOLUMES = 5
"""The volume's steps: 1 is a fifth of the speaker's full volume, 5 all of it."""


@dataclass(frozen=True)
class Choice:
    """One choice of a setting: its ``value`` (kept in the settings file and typed in the
    terminal), its ``label`` (said and printed) and its square's ``colour`` on the board."""

    value: str
    label: str
    colour: Colour
    short: str = ""
    """The choice in a word or two, for a menu's line (none: the label is short already)."""
    word: str = ""
    """The choice as a player types it, marked ``NP_("typed", ...)`` and typed in the player's
    language (``vizir``) or in English; none: its value, the same in every language (a game's
    name, a volume)."""

    @property
    def title(self) -> str:
        """The choice as a menu's line shows it: its short name, else its label."""
        return self.short or self.label

    def typed(self) -> str:
        """The choice as typed in the language spoken now (``vizir``, ``vizier``)."""
        return pgettext("typed", self.word) if self.word else self.value


@dataclass(frozen=True)
class Setting:
    """A setting: its ``key`` (the settings file's key and the terminal's command), its
    ``title`` (the menu page's name), its ``choices`` and the ``default`` value."""

    key: str
    title: str
    choices: tuple[Choice, ...]
    default: str
    word: str = ""
    """The setting's name as a player types it, marked ``NP_("typed", ...)`` (``niveau``;
    none: its key)."""
    persists: str = "the settings file in the state directory"
    """How the choice is kept between runs (every setting: the one settings file)."""

    def typed(self) -> str:
        """The setting's name as typed in the language spoken now (``niveau``, ``level``)."""
        return pgettext("typed", self.word) if self.word else self.key

    def typed_choice(self, word: str) -> Choice | None:
        """The choice a typed word names: in the language spoken now or in English, in any case
        and with or without accents (``vizir``, ``Vizier``, ``equitable``); a language also by
        its own name (``français``). None when it names none."""
        wanted = folded(word)
        for choice in self.choices:
            names = {choice.value, choice.word or choice.value, choice.typed()}
            if self.key == "language":
                names.add(choice.label)
            if wanted in {folded(name) for name in names}:
                return choice
        return None

    def choice(self, value: str) -> Choice:
        """The choice of ``value`` (any case); ValueError naming the choices otherwise."""
        wanted = value.strip().lower()
        for choice in self.choices:
            if choice.value == wanted:
                return choice
        known = ", ".join(c.value for c in self.choices)
        raise ValueError(_("{key}: '{value}' is not a choice (choose one of {known})").format(
            key=self.key, value=value, known=known))


def _game_choices() -> tuple[Choice, ...]:
    colours = {"tait": GOLD, "cyningstan": (40, 200, 80), "senet": (0, 170, 170),
               "ramses": (200, 60, 170), "stacks": (120, 120, 255)}
    return tuple(Choice(name, games.load(name).title, colours.get(name, CALM))
                 for name in games.names())


FAIR = N_("Fair")
"""Fair mode as a menu names it beside the levels' names (``Scribe``...)."""
LEVEL_COLOURS: dict[str, Colour] = {
    "scribe": (70, 55, 30), "priest": (150, 105, 30), "vizier": (255, 150, 0),
    "neferkaptah": (255, 225, 140), "fair": (0, 200, 140)}
"""The mummy's levels as a ramp of warmth and brightness (so colour-blind players see the ramp),
and fair mode apart, in green."""


@cache
def settings() -> tuple[Setting, ...]:
    """Every setting, in the order of the board menu's pages."""
    return (
        Setting("game", N_("Game"), _game_choices(), STORY_GAME, NP_("typed", "game")),
        Setting("opponent", N_("Opponent"), (
            Choice("reels", N_("The mummy plays the Reels"), REELS, word=NP_("typed", "reels")),
            Choice("cones", N_("The mummy plays the Cones"), CONES, word=NP_("typed", "cones")),
            Choice("none", N_("Two players, no mummy"), CALM, word=NP_("typed", "none")),
            Choice("far", N_("A board far away: it plays the other side through the internet"),
                   FAR, N_("A board far away"), NP_("typed", "far"))), "reels",
            NP_("typed", "opponent")),
        Setting("level", N_("Mummy's level"), (
            *(Choice(level.name.lower(), phrase(N_("{level}: {description}"), level=level.title,
                                                description=level.description),
                     LEVEL_COLOURS[level.name.lower()], level.title,
                     LEVEL_WORDS[level.name.lower()]) for level in Level),
            Choice("fair", N_("Fair: the mummy's strength follows the results, so each side wins "
                              "about half"), LEVEL_COLOURS["fair"], FAIR, NP_("typed", "fair"))),
            "priest", NP_("typed", "level")),
        Setting("mode", N_("Mode"), (
            Choice("game", N_("Play games"), CALM, word=NP_("typed", "games")),
            Choice("tutorial", N_("The tutorial: six lessons, then play on"), (40, 200, 60),
                   N_("The tutorial"), NP_("typed", "tutorial")),
            Choice("tournament", N_("Setna's tournament against the mummy"), (210, 140, 30),
                   word=NP_("typed", "tournament"))), "game", NP_("typed", "mode")),
        Setting("chances", N_("Chances"), (
            Choice("shown", N_("Chances shown after every move, from the solved table (a board "
                               "without one lights none; a screen estimates them)"), CONES,
                   N_("Shown"), NP_("typed", "shown")),
            Choice("hidden", N_("Chances hidden"), (40, 40, 40), N_("Hidden"),
                   NP_("typed", "hidden"))), "shown", NP_("typed", "chances")),
        Setting("volume", N_("Volume"), tuple(
            Choice(str(n), phrase(N_("Volume {n} of {volumes}"), n=n, volumes=VOLUMES),
                   _grey(n / VOLUMES), phrase(N_("{n} of {volumes}"), n=n, volumes=VOLUMES))
            for n in range(1, VOLUMES + 1)), "4", NP_("typed", "volume")),
        Setting("language", N_("Language"), tuple(
            Choice(code, name, LANGUAGE_COLOURS[code]) for code, name in LANGUAGES.items()),
            words.choose(), NP_("typed", "language")),
        Setting("lights", N_("Lights"), (
            Choice("usual", N_("Lights as usual: what is wrong blinks"), (255, 150, 0),
                   N_("Usual"), NP_("typed", "usual")),
            Choice("calm", N_("Calm lights: nothing blinks, lights swell slowly"), CALM,
                   N_("Calm"), NP_("typed", "calm"))), "usual", NP_("typed", "lights")),
        Setting("spoken", N_("Spoken play"), (
            Choice("off", N_("Spoken play off"), (40, 40, 40), N_("Off"), NP_("typed", "off")),
            Choice("on", N_("Spoken play: the board says each throw, the moves it allows, the "
                            "mummy's move and what is wrong; a shake with no piece lifted says "
                            "it again"), (0, 200, 140), N_("On"), NP_("typed", "on"))), "off",
            NP_("typed", "spoken")),
    )


LEVEL_WORDS = {"scribe": NP_("typed", "scribe"), "priest": NP_("typed", "priest"),
               "vizier": NP_("typed", "vizier"), "neferkaptah": NP_("typed", "neferkaptah")}
"""The mummy's levels as typed (``vizir``), by value."""


def folded(word: str) -> str:
    """A typed word as compared: lower case, accents and marks dropped (``Équitable`` is
    ``equitable``), so a player need not type them."""
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


FAR: Colour = (120, 60, 220)
"""A board far away's choice: violet, as no side's colour is."""
LANGUAGE_COLOURS: dict[str, Colour] = {
    "en": (200, 40, 40), "ar": (0, 150, 70), "de": (230, 190, 0), "fr": (30, 60, 200),
    "it": (40, 200, 120), "es": (240, 120, 0)}
"""A colour for each language's square on the board menu (the six are told apart by place, so
colour-blind visitors choose by the card too)."""
PIN = "pin"
"""The action that makes a new PIN for the web page."""
NO_WEB_PAGE = N_("No web page listens to this board now, so no PIN was made: start the web "
                 "page, then ask again.")
"""Said when the menu's new PIN is chosen and no web page would take it."""


def actions(pin_fixed: bool = False) -> Setting | None:
    """The board menu's last page: things done at once, kept nowhere (a choice sets one on the
    spot and the menu closes). A new PIN for the web page, which the board makes, says aloud,
    lights and tells the page (``firmware.service.link``), unless the board file fixes the PIN
    (``pin_fixed``: the page's own is the one). None: nothing to do on this board."""
    if pin_fixed:
        return None
    return Setting("do", N_("The web page"), (
        Choice(PIN, N_("A new PIN for the web page: the board says it aloud and lights it, "
                       "and the menu closes"), GOLD, N_("A new PIN")),),
        "", persists="nothing: done at once")


NO_TABLE = N_("This board has no solved table yet, so it lights no chances; they light once "
              "the table is made (aseb solve, or the aseb-solve service).")
"""Said when the chances are chosen on a board without its game's solved table."""


def _grey(level: float) -> Colour:
    value = int(255 * level)
    return (value, value, value)


def typed_setting(word: str) -> Setting | None:
    """The setting a typed word names, in the language spoken now or in English (``niveau``,
    ``level``); None when it names none."""
    wanted = folded(word)
    for found in settings():
        if wanted in {folded(found.key), folded(found.typed())}:
            return found
    return None


def setting(key: str) -> Setting:
    """The setting of ``key``; ValueError naming the settings otherwise."""
    for found in settings():
        if found.key == key:
            return found
    raise ValueError(f"unknown setting {key!r} (the settings are {', '.join(keys())})")


def keys() -> tuple[str, ...]:
    """Every setting's key, in order."""
    return tuple(s.key for s in settings())


@cache  # the registry is fixed once imported, and the menu asks at every frame
def games_on(kind: str) -> tuple[str, ...]:
    """The games a ``kind`` of board can play, in the registry's order."""
    return tuple(name for name in games.names() if games.load(name).geometry.board == kind)


def offered(found: Setting, kind: str | None) -> tuple[Choice, ...]:
    """The choices of a setting a ``kind`` of board offers: only the games it can play, and
    the stories only where Tait's game is played (None: a screen, which offers every one)."""
    if kind is None:
        return found.choices
    if found.key == "game":
        playable = games_on(kind)
        return tuple(c for c in found.choices if c.value in playable)
    if found.key == "mode" and STORY_GAME not in games_on(kind):
        return tuple(c for c in found.choices if c.value == "game")
    return found.choices


@dataclass(frozen=True)
class Chosen:
    """A value for every setting (by key): what the board plays with now."""

    values: Mapping[str, str]

    def __getitem__(self, key: str) -> str:
        return self.values[key]

    def with_(self, key: str, value: str) -> Chosen:
        """These choices with ``key`` set to ``value`` (and the other settings it needs: a
        story is played under Tait's rules, another game leaves the story)."""
        values = {**self.values, key: setting(key).choice(value).value}
        if key == "mode" and values["mode"] != "game":
            values["game"] = STORY_GAME
        if key == "game" and values["game"] != STORY_GAME:
            values["mode"] = "game"
        return Chosen(MappingProxyType(values))

    def as_spoken(self) -> Chosen:
        """These choices with the language spoken now, which a face shows as the language
        (``--lang de`` speaks German over a kept English; a kiosk visitor's choice too)."""
        spoken = words.language()
        if spoken not in LANGUAGES or spoken == self.values["language"]:
            return self
        return Chosen(MappingProxyType({**self.values, "language": spoken}))

    def changed(self, other: Chosen) -> tuple[str, ...]:
        """The keys whose values differ from ``other``'s."""
        return tuple(k for k in keys() if self.values[k] != other.values[k])

    @property
    def game(self) -> str:
        return self.values["game"]

    @property
    def mummy(self) -> Side | None:
        """The side the mummy plays; None for two players and for a board far away."""
        value = self.values["opponent"]
        return None if value in ("none", "far") else Side.parse(value)

    @property
    def far(self) -> bool:
        """Whether a board far away plays the other side (``sim.far``)."""
        return self.values["opponent"] == "far"

    @property
    def fair(self) -> bool:
        return self.values["level"] == "fair"

    @property
    def level(self) -> Level:
        """The mummy's level (fair mode starts from the Vizier's and follows the results)."""
        return Level.VIZIER if self.fair else Level.parse(self.values["level"])

    @property
    def mode(self) -> str:
        return self.values["mode"]

    @property
    def chances(self) -> bool:
        return self.values["chances"] == "shown"

    @property
    def language(self) -> str:
        """The language the board speaks (``en``, ``de``...)."""
        return self.values.get("language", "en")

    @property
    def calm(self) -> bool:
        """Calm lights: nothing blinks."""
        return self.values.get("lights") == "calm"

    @property
    def spoken(self) -> bool:
        """Spoken play: the board says throws, moves and mistakes."""
        return self.values.get("spoken") == "on"

    @property
    def volume(self) -> float:
        """The speaker's volume, 0.2 to 1."""
        return int(self.values["volume"]) / VOLUMES

    def to_json(self) -> dict[str, str]:
        return dict(self.values)


def volume_step(volume: float) -> str:
    """The step (``1``-``5``) nearest a volume of 0 to 1 (a board file's ``[sounds] volume``)."""
    return str(min(VOLUMES, max(1, round(volume * VOLUMES))))


def choose(kind: str | None, *layers: Mapping[str, object]) -> tuple[Chosen, list[str]]:
    """The choices of a ``kind`` of board: each setting's default, then each layer in turn
    (the board file's defaults, the settings file, a run's flags) where it names a value this
    board offers; with a problem, in words, for each value left out."""
    values = {s.key: s.default for s in settings()}
    problems: list[str] = []
    for layer in layers:
        for key, value in layer.items():
            problem = _take(values, kind, key, value)
            if problem:
                problems.append(problem)
    for found in settings():  # a default this board does not offer: its first offer
        choices = offered(found, kind)
        if values[found.key] not in {c.value for c in choices} and choices:
            values[found.key] = choices[0].value
    if values["mode"] != "game" and values["game"] != STORY_GAME:
        values["mode"] = "game"  # the stories are played with Tait's rules only
    return Chosen(MappingProxyType(values)), problems


def _take(values: dict[str, str], kind: str | None, key: object, value: object) -> str | None:
    """Set ``values[key]`` from a layer; the problem in words when it cannot be."""
    if key not in keys():
        return f"{key!r} is not a setting (the settings are {', '.join(keys())})"
    assert isinstance(key, str)
    found = setting(key)
    if not isinstance(value, str):
        return f"{key}: expected one of {', '.join(c.value for c in found.choices)}, " \
               f"not {type(value).__name__}"
    try:
        choice = found.choice(value)
    except ValueError as exc:
        return str(exc)
    if choice in offered(found, kind):  # else kept for another board: the default here
        values[key] = choice.value
    return None


def describe(kind: str | None, chosen: Chosen | None = None) -> Iterable[str]:
    """Every setting for ``aseb play``'s ``options``: its title in the language spoken and
    the command that sets it, then each choice a ``kind`` of board offers (None: every one),
    as typed and what it means, the one chosen (or the default) marked."""
    for found in settings():
        yield from described(found, kind, chosen[found.key] if chosen is not None
                             else found.default)


def described(found: Setting, kind: str | None, now: str) -> Iterable[str]:
    """One setting's lines of ``describe``: ``Mummy's level (level):``, then ``  vizier
    Vizier: ...`` for each choice, ``now`` marked; the names as typed in the language spoken
    now (``Niveau de la momie (niveau) :``, ``  vizir  Vizir : ...``)."""
    yield _("{title} ({key}):").format(title=words.say(found.title), key=found.typed())
    choices = offered(found, kind)
    width = max(len(choice.typed()) for choice in choices) + 2
    for choice in choices:
        mark = "  " + _("(now)") if choice.value == now else ""
        yield f"  {choice.typed():<{width}}{words.say(choice.label)}{mark}"

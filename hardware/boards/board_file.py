"""One TOML file describes a physical board; ``load_board`` reads it into frozen dataclasses.

Everything is checked before any pin is touched, and a bad file is refused with one line naming
the file, the key and the problem::

    board = load_board(DEFAULT_BOARD)
    board.reeds.pins["M7"]  # 25
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from hardware.boards.hall_file import HallConfig, read_hall
from hardware.core.errors import NAMED, shown, shown_value
from hardware.core.header import GPIO_PINS, I2C1, SPI0
from hardware.core.squares import (
    KINDS,
    RACK_OF,
    SQUARES_OF,
    STACKS,
    STICK_PIXELS,
    TWENTY_SQUARES,
    UNWIRED,
)
from hardware.doors.toml_reader import ConfigError, Section, load_toml, parse_toml
from hardware.sounds.shipped import shipped
from hardware.sounds.speaker import SoundsConfig

__all__ = [
    "BOARDS",
    "DEFAULT_BOARD",
    "DEFAULT_BOARDS",
    "Board",
    "BuildConfig",
    "ConfigError",
    "Expander",
    "ExpanderChannel",
    "FactsConfig",
    "LightsConfig",
    "MenuConfig",
    "ReedsConfig",
    "SticksConfig",
    "StoryConfig",
    "WebConfig",
    "load_board",
    "parse_board",
]

BOARDS = Path(__file__).parent
DEFAULT_BOARD = BOARDS / "pi-direct.toml"
DEFAULT_BOARDS = {TWENTY_SQUARES: DEFAULT_BOARD, "senet": BOARDS / "senet.toml",
                  "ramses": BOARDS / "ramses.toml", "stacks": BOARDS / "hall.toml"}
"""The shipped board file of each kind of board (the simulator's, when none is given)."""
BUTTONS = ("new_game", "mummy", "switch_sides", "chances", "repeat")
PIN_FACTORIES = ("lgpio", "rpigpio")
LIGHT_BACKENDS = ("spi", "pwm", "pi5", "memory")
PWM_PINS = (12, 13, 18, 19, 21)
DARK_PIXEL = "-"
CHANNELS = tuple(f"{port}{bit}" for port in "AB" for bit in range(8))


@dataclass(frozen=True)
class ExpanderChannel:
    """One input of an MCP23017: its I2C address and bit 0-15 (A0-A7 are 0-7, B0-B7 are 8-15)."""

    address: int
    bit: int

    def __str__(self) -> str:
        return f"{self.address:#04x} {CHANNELS[self.bit]}"


@dataclass(frozen=True)
class Expander:
    """An MCP23017 on I2C; ``interrupt_pin`` is the GPIO its INT line drives, None to poll it."""

    address: int
    interrupt_pin: int | None


@dataclass(frozen=True)
class ReedsConfig:
    """How the reed switches are read: straight to GPIO pins, or through MCP23017 expanders.

    Besides the 20 squares, a board may have a reed under every rack slot (``has_racks``)."""

    backend: str
    debounce: float
    pins: Mapping[str, int]
    channels: Mapping[str, ExpanderChannel]
    expanders: tuple[Expander, ...]
    poll_interval: float

    @property
    def names(self) -> tuple[str, ...]:
        """Every switch's name: the squares, then the rack slots if fitted."""
        return (*self.pins, *self.channels)

    @property
    def has_racks(self) -> bool:
        """Whether the waiting racks and borne-off trays have switches."""
        return any(name in RACK_OF for name in self.names)


@dataclass(frozen=True)
class SticksConfig:
    """The stick box's tilt switch, its timings in seconds, and the optional throw button."""

    tilt_pin: int
    rest_closed: bool
    debounce: float
    start_tilts: int
    start_window: float
    settle: float
    max_shake: float
    button_pin: int | None


@dataclass(frozen=True)
class LightsConfig:
    """The NeoPixel strip: backend, data pin, which square each pixel sits under, power limits."""

    backend: str
    pin: int | None
    pixel_order: str
    order: tuple[str, ...]
    brightness: float
    max_milliamps: float
    milliamps_per_channel: float
    idle_milliamps: float


@dataclass(frozen=True)
class FactsConfig:
    """MummyFacts on a board without a screen: ``speak`` them with espeak-ng in ``voice``."""

    speak: bool = False
    voice: str = "en"


@dataclass(frozen=True)
class KioskConfig:
    """A museum board left running unattended: attract, abandoned games, quiet hours, reset.

    Times of day are minutes after midnight, local time; ``quiet`` is (start, end), None for
    no quiet hours (start after end crosses midnight)."""

    enabled: bool = False
    level: str = "fair"
    invite_every: float = 240.0
    """Seconds between invitation sounds while the board is idle (0: never)."""
    abandon_after: float = 180.0
    """Seconds a game may go untouched before it is ended and the board cleared."""
    quiet: tuple[int, int] | None = None
    quiet_volume: float = 0.0
    reset: str = "corners"
    """The staff reset: ``corners`` (cover R1, R4, C1 and C4), ``button`` (hold new_game),
    ``both`` or ``none``."""
    reset_hold: float = 5.0
    stuck_after: float = 120.0
    """Seconds a single square may disagree with the game, all else still, before its reed is
    taken as stuck and play goes on around it."""
    menu: bool = True
    """Visitors may open the board menu; False: only staff, by the reset gesture."""


@dataclass(frozen=True)
class MenuConfig:
    """The board menu: the squares that open it (none: the path's two ends) and the defaults
    of the settings, by key, as written (``firmware.menu.choices`` checks them)."""

    open: tuple[str, ...] = ()
    defaults: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


STORY_MODES = ("game", "tutorial", "tournament")


@dataclass(frozen=True)
class StoryConfig:
    """What the board plays when it starts: ordinary ``game``s, the guided ``tutorial`` first
    (then games), or Setna's ``tournament`` against the mummy."""

    mode: str = "game"


WEB_PORT = 8020
HOST_NAME = re.compile(r"(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                       r"(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*")
"""A host name as DNS writes it (``aseb.local``, ``board-2.home.arpa``)."""


@dataclass(frozen=True)
class WebConfig:
    """Where ``aseb web`` listens (loopback, unless the file names the board's LAN address), the
    PIN the file sets (None: the board says one aloud when asked), who may read its figures, and
    its certificate for HTTPS::

        [web]
        address = "192.168.1.20"
        port = 8020
        pin = "482913"
        hosts = ["aseb.local"]    # the names the page is reached by (its first: the links)
        metrics = ["192.168.1.5", "127.0.0.1"]   # who may read /metrics (none: nobody)
        certificate = "/etc/aseb/web.crt"        # HTTPS (with key): the page's certificate
        key = "/etc/aseb/web.key"                # and its private key, readable by nobody else
    """

    address: str = "127.0.0.1"
    port: int = WEB_PORT
    pin: str | None = None
    hosts: tuple[str, ...] = ()
    """Names the page is reached by (a browser's ``Host``), besides localhost, this machine's
    own name and any IP address: a page reached under another name is refused (DNS rebinding)."""
    metrics: tuple[str, ...] = ()
    """The addresses or networks (``192.168.1.0/24``) that may read ``/metrics``: none, nobody
    (the figures say when the board is played, and by how many)."""
    certificate: Path | None = None
    """The page's TLS certificate (PEM; with ``key``): the page is served over HTTPS."""
    key: Path | None = None
    """The certificate's private key (PEM), readable by nobody but its owner and group."""

    @property
    def scheme(self) -> str:
        """``https`` where the file names a certificate, else ``http``."""
        return "https" if self.certificate is not None else "http"

    @property
    def origin(self) -> str:
        """Where a friend's link points (``http://aseb.local:8020``): the first of ``hosts``,
        else the address the page listens on, else this machine's name on the local network
        (a link is never built from what a request claims)."""
        if self.hosts:
            name = self.hosts[0]
        elif ipaddress.ip_address(self.address).is_unspecified:
            name = socket.gethostname().lower() + ".local"
        else:
            name = f"[{self.address}]" if ":" in self.address else self.address
        return f"{self.scheme}://{name}:{self.port}"


@dataclass(frozen=True)
class BuildConfig:
    """The board's size as built, for the build kit's drilling template (``aseb build-kit``):
    the side of a square and the wood around the squares, in millimetres."""

    square_mm: float = 40.0
    border_mm: float = 15.0


@dataclass(frozen=True)
class Board:
    """Everything about one physical board; ``source`` is the file it came from."""

    source: str
    name: str
    pin_factory: str
    reeds: ReedsConfig
    sticks: SticksConfig
    buttons: Mapping[str, int]
    lights: LightsConfig
    sounds: SoundsConfig
    facts: FactsConfig = field(default_factory=FactsConfig)
    kiosk: KioskConfig = field(default_factory=KioskConfig)
    kind: str = TWENTY_SQUARES
    """The kind of board the squares are wired for: ``twenty-squares``, ``senet`` or
    ``ramses``."""
    story: StoryConfig = field(default_factory=StoryConfig)
    menu: MenuConfig = field(default_factory=MenuConfig)
    web: WebConfig = field(default_factory=WebConfig)
    build: BuildConfig = field(default_factory=BuildConfig)
    hall: HallConfig | None = None
    """A Hall board's sensors (``[sensors] kind = "hall"``; its ``reeds`` are then none)."""

    @property
    def squares(self) -> tuple[str, ...]:
        """The names of this kind of board's squares."""
        return SQUARES_OF[self.kind]


SECTIONS = ("board", "lights", "reeds", "sensors", "squares", "sticks", "buttons", "sounds",
            "facts", "kiosk", "story", "menu", "web", "network", "build")
"""The top-level tables of a board file."""


def load_board(path: str | Path) -> Board:
    """Read and check a board file; raises ``ConfigError`` naming the key and the problem."""
    path = Path(path)
    return _board(load_toml(path), shown(str(path), NAMED), base=path.parent)


def parse_board(text: str, source: str = "board.toml", base: Path | None = None) -> Board:
    """Check board-file ``text``; ``source`` names it in messages, ``base`` anchors folders."""
    return _board(parse_toml(text, source), source, base)


def _board(data: dict[str, Any], source: str, base: Path | None) -> Board:
    top = Section(source, "", data)
    for name in top.names():  # before any section is read: a misspelt one is named first
        if name not in SECTIONS:
            raise top.error(name, f"unknown section (the sections are {', '.join(SECTIONS)})")
    pins = _PinRegistry(source)

    about = top.section("board")
    name = about.text("name", "Twenty Squares")
    pin_factory = about.text("pin_factory", "lgpio", choices=PIN_FACTORIES)
    sensors = top.section("sensors")
    hall = sensors.text("kind", "reed", choices=("reed", "hall")) == "hall"
    if about.text("kind", TWENTY_SQUARES) in UNWIRED and not hall:
        unwired = about.text("kind")
        raise about.error("kind", f"no reed board can be wired for a {unwired} board: "
                          f"{UNWIRED[unwired]} (play it with aseb sim or aseb play, or build "
                          "a Hall board: [sensors] kind = 'hall')")
    kind = about.text("kind", TWENTY_SQUARES, choices=KINDS)
    about.done()

    # The strip's and the buses' pins are claimed first: a square on them is the error.
    lights = _lights(top.section("lights"), pins, kind)
    hall_config: HallConfig | None = None
    if hall:
        if top.has("reeds"):
            raise top.error("reeds", 'unknown section (a Hall board, [sensors] kind = "hall", '
                            "has no reed switches)")
        hall_config = read_hall(sensors, top.section("squares", required=True), SQUARES_OF[kind],
                                base, pins.require, pins.reserve,
                                max_men=3 if kind == STACKS else 1)
        reeds = ReedsConfig("hall", 0.0, MappingProxyType({}), MappingProxyType({}), (), 0.0)
    else:
        sensors.done()
        reeds_section = top.section("reeds", required=True)
        backend = reeds_section.text("backend", "gpio", choices=("gpio", "mcp23017"))
        expanders = _expanders(reeds_section, pins) if backend == "mcp23017" else ()
        squares = top.section("squares", required=True)
        reeds = _reeds(reeds_section, squares, backend, expanders, pins, kind)
    sticks = _sticks(top.section("sticks", required=True), pins)
    buttons = _buttons(top.section("buttons"), pins)
    sounds = _sounds(top.section("sounds"), base)
    facts = _facts(top.section("facts"))
    kiosk = _kiosk(top.section("kiosk"), buttons)
    story_section = top.section("story")
    story = StoryConfig(story_section.text("mode", "game", choices=STORY_MODES))
    story_section.done()
    menu = _menu(top.section("menu"), kind)
    web = _web(top.section("web"), base)
    build = _build(top.section("build"))
    top.done()
    return Board(source, name, pin_factory, reeds, sticks, buttons, lights, sounds, facts,
                 kiosk, kind, story, menu, web, build, hall_config)


class _PinRegistry:
    """Who uses each GPIO so far, to refuse a second user with the first one's name."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.users: dict[int, str] = {}

    def require(self, section: Section, key: str) -> int:
        """Read the required GPIO ``key`` and claim it."""
        if not section.has(key):
            raise section.error(key, "missing")
        pin = self.claim(section, key)
        assert pin is not None
        return pin

    def reserve(self, pin: int, user: str) -> None:
        self.users.setdefault(pin, user)

    def claim(self, section: Section, key: str, default: int | None = None) -> int | None:
        """Read ``key`` as a GPIO number and claim it; ``default`` when absent."""
        value = section._get(key, default)
        if value is None:
            return None
        if type(value) is not int:
            raise section.error(key, f"expected a BCM GPIO number (an integer), got "
                                f"{shown_value(value)}")
        if value not in GPIO_PINS:
            raise section.error(key, f"GPIO {shown_value(value)} does not exist on the Pi header "
                                "(BCM 0-27)")
        if value in self.users:
            raise section.error(key, f"GPIO {value} is already used by {self.users[value]}")
        self.users[value] = section.key(key)
        return value


def _lights(section: Section, pins: _PinRegistry, kind: str) -> LightsConfig:
    backend = section.text("backend", "spi", choices=LIGHT_BACKENDS)
    pin: int | None = None
    if backend == "spi":
        # The SPI backend always sends on MOSI; the bus's other pins are the kernel's.
        pin = section.integer("pin", 10)
        if pin != 10:
            problem = f"the spi backend always uses GPIO 10 (SPI0 MOSI), not {pin}"
            raise section.error("pin", problem)
        pins.reserve(10, section.key("pin"))
        for bcm, label in SPI0.items():
            pins.reserve(bcm, f"{label} (the LED strip's SPI bus)")
    elif backend in ("pwm", "pi5"):
        pin = pins.claim(section, "pin", 18)
        if backend == "pwm" and pin not in PWM_PINS:
            allowed = ", ".join(map(str, PWM_PINS))
            raise section.error("pin", f"the pwm backend needs one of GPIO {allowed}, not {pin}")
    order = section.strings("order")
    squares = SQUARES_OF[kind]
    known = set(squares) | set(STICK_PIXELS) | {DARK_PIXEL}
    for i, name in enumerate(order):
        if name not in known:
            raise section.error(f"order[{i}]", f"{shown_value(name)} is not a square, a stick "
                                "pixel S1-S4, or '-' (no pixel)")
    for name in (*squares, *STICK_PIXELS):
        if name not in order:
            problem = f"{name} is missing (every square and stick needs a pixel)"
            raise section.error("order", problem)
    config = LightsConfig(
        backend=backend,
        pin=pin,
        pixel_order=section.text("pixel_order", "GRB", choices=("GRB", "RGB", "BRG", "RBG", "GBR")),
        order=order,
        brightness=section.number("brightness", 0.4, high=1.0),
        max_milliamps=section.number("max_milliamps", 2000, low=1),
        milliamps_per_channel=section.number("milliamps_per_channel", 20, high=100),
        idle_milliamps=section.number("idle_milliamps", 1, high=10),
    )
    idle = config.idle_milliamps * len(order)
    if config.max_milliamps <= idle:
        raise section.error("max_milliamps", f"{config.max_milliamps:g} mA is not above what the "
                            f"dark strip draws ({len(order)} pixels x {config.idle_milliamps:g} mA"
                            f" = {idle:g} mA): no pixel could ever light")
    section.done()
    return config


def _expanders(reeds: Section, pins: _PinRegistry) -> tuple[Expander, ...]:
    for bcm, label in I2C1.items():
        pins.reserve(bcm, f"{label} (the expanders' I2C bus)")
    found: list[Expander] = []
    for section in reeds.sections("expanders"):
        address = section.integer("address", low=0x20, high=0x27)
        if any(e.address == address for e in found):
            raise section.error("address", f"{address:#04x} is listed twice")
        found.append(Expander(address, pins.claim(section, "interrupt_pin")))
        section.done()
    if not found:
        raise reeds.error("expanders", "missing (the mcp23017 backend needs [[reeds.expanders]])")
    return tuple(found)


def _reeds(
    section: Section,
    squares: Section,
    backend: str,
    expanders: tuple[Expander, ...],
    pins: _PinRegistry,
    kind: str,
) -> ReedsConfig:
    debounce = section.number("debounce_ms", 20, high=500) / 1000
    poll = section.number("poll_ms", 5, low=1, high=1000) / 1000
    if backend == "gpio" and section.has("expanders"):
        raise section.error("expanders", "unknown key (only the mcp23017 backend has expanders)")
    section.done()

    gpio: dict[str, int] = {}
    channels: dict[str, ExpanderChannel] = {}
    used: dict[ExpanderChannel, str] = {}
    addresses = {e.address for e in expanders}
    names = SQUARES_OF[kind]
    racks = RACK_OF if kind == TWENTY_SQUARES else {}  # racks are Twenty Squares' only
    for square in squares.names():
        if square not in names and square not in racks:
            other = next((k for k in KINDS if square in SQUARES_OF[k]), None)
            if other is not None:
                raise squares.error(square, f"unknown key ({square} is a square of a {other} "
                                            f"board; this file is for a {kind} board: "
                                            "see [board] kind)")
            raise squares.error(square, _UNKNOWN_SQUARE[kind])
        wiring = squares.section(square)
        if backend == "gpio":
            gpio[square] = pins.require(wiring, "pin")
        else:
            channel = _channel(wiring, addresses)
            if channel in used:
                raise wiring.error("channel", f"{channel} is already used by {used[channel]}")
            used[channel] = wiring.key("channel")
            channels[square] = channel
        wiring.done()
    for square in names:
        if not squares.has(square):
            problem = f"missing (every one of the {len(names)} squares needs a switch)"
            raise squares.error(square, problem)
    if any(squares.has(slot) for slot in racks):  # evidence only when every slot can be read
        for slot in RACK_OF:
            if not squares.has(slot):
                problem = "missing (rack switches are all fitted or none: CW1-RO5, 20 slots)"
                raise squares.error(slot, problem)
    squares.done()
    return ReedsConfig(
        backend,
        debounce,
        MappingProxyType(gpio),
        MappingProxyType(channels),
        expanders,
        poll,
    )


_UNKNOWN_SQUARE = {
    TWENTY_SQUARES: "unknown key (the squares are R1-R4, C1-C4 and M5-M16; "
                    "rack slots CW1-CW5, RW1-RW5, CO1-CO5, RO1-RO5)",
    "senet": "unknown key (a senet board's squares are H1-H30)",
    "ramses": "unknown key (a ramses board's squares are T1-T4, T6-T21, and the oblong "
              "spaces' alignments U10-U17 and L10-L17)",
    "stacks": "unknown key (a stacks board's squares are C1-C5, R1-R5 and M6-M15)",
}


def _channel(wiring: Section, addresses: set[int]) -> ExpanderChannel:
    address = wiring.integer("expander")
    if address not in addresses:
        known = ", ".join(f"{a:#04x}" for a in sorted(addresses))
        raise wiring.error("expander", f"no expander at {address:#04x} (reeds.expanders: {known})")
    name = wiring.text("channel")
    if name not in CHANNELS:
        raise wiring.error("channel", f"expected A0-A7 or B0-B7, got {shown_value(name)}")
    return ExpanderChannel(address, CHANNELS.index(name))


def _sticks(section: Section, pins: _PinRegistry) -> SticksConfig:
    config = SticksConfig(
        tilt_pin=pins.require(section, "tilt_pin"),
        rest_closed=section.text("rest", "closed", choices=("closed", "open")) == "closed",
        debounce=section.number("debounce_ms", 10, high=200) / 1000,
        start_tilts=section.integer("start_tilts", 3, low=2, high=20),
        start_window=section.number("start_window_ms", 1200, low=100, high=10_000) / 1000,
        settle=section.number("settle_ms", 700, low=100, high=10_000) / 1000,
        max_shake=section.number("max_shake_s", 15, low=1, high=600),
        button_pin=pins.claim(section, "button_pin"),
    )
    section.done()
    return config


def _buttons(section: Section, pins: _PinRegistry) -> Mapping[str, int]:
    found = {}
    for name in BUTTONS:
        pin = pins.claim(section, name)
        if pin is not None:
            found[name] = pin
    section.done(expected="the buttons are " + ", ".join(BUTTONS))
    return MappingProxyType(found)


SOUND_SETTINGS = ("folder", "volume", "muted")


def _sounds(section: Section, base: Path | None) -> SoundsConfig:
    root = base or Path.cwd()
    folder = section.text("folder", "")
    config = SoundsConfig(
        folder=(root / folder) if folder else None,
        volume=section.number("volume", 0.8, high=1.0),
        muted=section.boolean("muted", False),
        files=MappingProxyType(_sound_files(section, root)),
    )
    section.done()
    return config


def _sound_files(section: Section, root: Path) -> dict[str, Path]:
    """The sounds the file points at files of their own: ``bump = "museum/knock.ogg"``."""
    names = shipped()
    files = {}
    for name in section.names():
        if name in SOUND_SETTINGS:
            continue
        if name not in names:
            known = ", ".join((*SOUND_SETTINGS, *names))
            raise section.error(name, f"unknown key (the keys here are {known})")
        path = section.text(name)
        if not path.strip() or "\0" in path:
            raise section.error(name, f"expected the path of a sound file, got {shown_value(path)}")
        files[name] = root / path
    return files


VOICE_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-+_")


def _facts(section: Section) -> FactsConfig:
    config = FactsConfig(speak=section.boolean("speak", False), voice=section.text("voice", "en"))
    if not config.voice or not set(config.voice) <= VOICE_LETTERS:
        raise section.error("voice", f"expected an espeak-ng voice name such as 'en' or "
                            f"'en-gb', got {shown_value(config.voice)}")
    section.done()
    return config


KIOSK_LEVELS = ("scribe", "priest", "vizier", "neferkaptah", "fair")
RESETS = ("corners", "button", "both", "none")


def _kiosk(section: Section, buttons: Mapping[str, int]) -> KioskConfig:
    config = KioskConfig(
        enabled=section.boolean("enabled", False),
        level=section.text("level", "fair", choices=KIOSK_LEVELS),
        invite_every=section.number("invite_every_min", 4, high=24 * 60) * 60,
        abandon_after=section.number("abandon_after_min", 3, low=0.5, high=24 * 60) * 60,
        quiet=_hours(section, "quiet_hours"),
        quiet_volume=section.number("quiet_volume", 0.0, high=1.0),
        reset=section.text("reset", "corners", choices=RESETS),
        reset_hold=section.number("reset_hold_s", 5, low=1, high=60),
        stuck_after=section.number("stuck_after_s", 120, low=10, high=24 * 3600),
        menu=section.boolean("menu", True),
    )
    if config.reset in ("button", "both") and "new_game" not in buttons:
        raise section.error("reset", f"{config.reset!r} needs a new_game button in [buttons]")
    section.done()
    return config


def _menu(section: Section, kind: str) -> MenuConfig:
    """``open``: the squares that open the menu (the last one closes it); every other key is
    a setting's default, checked against the settings where the board is started."""
    opening = section.strings("open", [])
    squares = SQUARES_OF[kind]
    for i, square in enumerate(opening):
        if square not in squares:
            raise section.error(f"open[{i}]", f"{square!r} is not a square of a {kind} board")
    if len(set(opening)) != len(opening) or len(opening) == 1 or len(opening) > 4:
        raise section.error("open", "expected two to four different squares")
    defaults = {key: section.text(key) for key in section.names() if key != "open"}
    section.done()
    return MenuConfig(opening, MappingProxyType(defaults))


def _web(section: Section, base: Path | None) -> WebConfig:
    """The web page's section: read here, so every door that reads a board file checks it."""
    address = section.text("address", WebConfig.address)
    try:
        ipaddress.ip_address(address)
    except ValueError:
        raise section.error("address", f"expected an IP address such as '127.0.0.1' or "
                            f"'192.168.1.20', got {shown_value(address)}") from None
    port = section.integer("port", WEB_PORT, low=1024, high=65535)
    pin = section.text("pin", "") or None
    if pin is not None and not (pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 8):
        raise section.error("pin", f"expected 4 to 8 digits in quotes, got {shown_value(pin)}")
    hosts = section.strings("hosts", [])
    for host in hosts:
        if not HOST_NAME.fullmatch(host):
            raise section.error("hosts", f"expected host names such as 'aseb.local', got "
                                f"{shown_value(host)}")
    if len(hosts) > 20:
        raise section.error("hosts", f"expected at most 20 names, got {len(hosts)}")
    metrics = section.strings("metrics", [])
    for i, allowed in enumerate(metrics):
        try:
            ipaddress.ip_network(allowed, strict=False)
        except ValueError:
            raise section.error(f"metrics[{i}]", "expected an IP address or a network such as "
                                f"'192.168.1.0/24', got {shown_value(allowed)}") from None
    if len(metrics) > 20:
        raise section.error("metrics", f"expected at most 20 addresses, got {len(metrics)}")
    root = base or Path.cwd()
    certificate, key = (section.text(name, "") for name in ("certificate", "key"))
    if bool(certificate) != bool(key):
        raise section.error("key" if certificate else "certificate",
                            "missing (HTTPS needs both the certificate and its key)")
    section.done()
    return WebConfig(address, port, pin, tuple(host.lower() for host in hosts),
                     tuple(metrics), root / certificate if certificate else None,
                     root / key if key else None)


def _build(section: Section) -> BuildConfig:
    """The squares' size and the border: a square must hold its pixel and its reed (30 mm at
    least: the pixel and the reed side by side) and fit a page of the template (at most 150 mm)."""
    config = BuildConfig(square_mm=section.number("square_mm", 40.0, low=30.0, high=150.0),
                         border_mm=section.number("border_mm", 15.0, low=0.0, high=100.0))
    section.done()
    return config


def _hours(section: Section, key: str) -> tuple[int, int] | None:
    """``"22:00-08:00"`` as minutes after midnight; ``""`` for none."""
    text = section.text(key, "")
    if not text:
        return None
    try:
        start, end = (_minutes(part) for part in text.split("-"))
    except ValueError:
        raise section.error(key, "expected hours like '22:00-08:00', got "
                            f"{shown_value(text)}") from None
    return start, end


def _minutes(text: str) -> int:
    hours, minutes = text.strip().split(":")
    h, m = int(hours), int(minutes)
    if not (0 <= h < 24 and 0 <= m < 60 and len(minutes) == 2):
        raise ValueError(text)
    return h * 60 + m

from pathlib import Path

import pytest

from hardware.boards.board_file import BOARDS, DEFAULT_BOARD, ConfigError, load_board, parse_board
from hardware.core.squares import SQUARES, SQUARES_OF

DEFAULT = DEFAULT_BOARD.read_text()


def refused(text: str) -> str:
    with pytest.raises(ConfigError) as caught:
        parse_board(text, "board.toml")
    message = str(caught.value)
    assert message.startswith("board.toml: ")
    assert "\n" not in message
    return message


def test_shipped_board_files_load() -> None:
    direct = load_board(DEFAULT_BOARD)
    assert set(direct.reeds.pins) == set(SQUARES)
    assert direct.lights.backend == "spi" and direct.reeds.debounce == 0.02
    expanders = load_board(BOARDS / "mcp23017.toml")
    assert set(expanders.reeds.channels) == set(SQUARES)
    assert str(expanders.reeds.channels["R1"]) == "0x21 A0"
    assert dict(expanders.buttons) == {"new_game": 5, "mummy": 6, "switch_sides": 13}


def test_square_on_the_led_pin_is_refused_naming_both() -> None:
    text = DEFAULT.replace('backend = "spi"', 'backend = "pwm"\npin = 18')
    assert refused(text) == "board.toml: squares.M7.pin: GPIO 18 is already used by lights.pin"


def test_square_on_the_spi_bus_is_refused() -> None:
    message = refused(DEFAULT.replace("R3 = { pin = 4 }", "R3 = { pin = 11 }"))
    assert message == (
        "board.toml: squares.R3.pin: GPIO 11 is already used by SPI0 SCLK (the LED strip's SPI bus)"
    )


def test_square_on_the_i2c_bus_of_the_expanders_is_refused() -> None:
    text = (BOARDS / "mcp23017.toml").read_text().replace("tilt_pin = 26", "tilt_pin = 3")
    assert "sticks.tilt_pin: GPIO 3 is already used by I2C1 SCL" in refused(text)


def test_two_squares_on_one_pin_are_refused() -> None:
    message = refused(DEFAULT.replace("M6 = { pin = 15 }", "M6 = { pin = 14 }"))
    assert message == "board.toml: squares.M6.pin: GPIO 14 is already used by squares.M5.pin"


def test_two_squares_on_one_expander_channel_are_refused() -> None:
    text = (BOARDS / "mcp23017.toml").read_text()
    text = text.replace('M6 = { expander = 0x20, channel = "A1" }',
                        'M6 = { expander = 0x20, channel = "A0" }')
    expected = "squares.M6.channel: 0x20 A0 is already used by squares.M5.channel"
    assert refused(text).endswith(expected)


def test_pin_that_is_not_on_the_header_is_refused() -> None:
    message = refused(DEFAULT.replace("M16 = { pin = 19 }", "M16 = { pin = 31 }"))
    expected = "squares.M16.pin: GPIO 31 does not exist on the Pi header (BCM 0-27)"
    assert message == f"board.toml: {expected}"


def test_missing_square_is_refused() -> None:
    message = refused(DEFAULT.replace("M9 = { pin = 24 }\n", ""))
    assert message.startswith("board.toml: squares.M9: missing")


def test_unknown_square_is_refused() -> None:
    message = refused(DEFAULT.replace("M9 = { pin = 24 }", "M9 = { pin = 24 }\nM17 = { pin = 7 }"))
    assert message.startswith("board.toml: squares.M17: unknown key")


def test_unknown_key_is_refused_with_the_known_ones() -> None:
    message = refused(DEFAULT.replace("brightness = 0.4", "brightnes = 0.4"))
    assert message.startswith("board.toml: lights.brightnes: unknown key (known keys here:")
    assert "brightness" in message


def test_unknown_button_is_refused() -> None:
    message = refused(DEFAULT.replace("[buttons]", "[buttons]\nreset = 0"))
    assert message.startswith("board.toml: buttons.reset: unknown key (the buttons are new_game")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("R1 = { pin = 2 }", 'R1 = { pin = "2" }',
         "squares.R1.pin: expected a BCM GPIO number (an integer), got '2'"),
        ("brightness = 0.4", 'brightness = "high"',
         "lights.brightness: expected a number, got 'high' (text)"),
        ("brightness = 0.4", "brightness = 1.5",
         "lights.brightness: expected a number from 0 to 1, got 1.5"),
        ("muted = false", "muted = 0", "sounds.muted: expected true or false, got 0 (an integer)"),
        ('rest = "closed"', 'rest = "shut"', "sticks.rest: expected one of 'closed', 'open'"),
        ("R2 = { pin = 3 }", "R2 = 3", "squares.R2: expected a table, got 3 (an integer)"),
        ("tilt_pin = 26", "tilt_pin = true", "sticks.tilt_pin: expected a BCM GPIO number"),
    ],
)
def test_wrong_types_and_values_are_refused(old: str, new: str, expected: str) -> None:
    assert old in DEFAULT
    assert expected in refused(DEFAULT.replace(old, new))


def test_light_order_missing_a_square_or_naming_a_stranger_is_refused() -> None:
    assert "lights.order: M11 is missing" in refused(DEFAULT.replace('"M11", ', ""))
    assert "lights.order[3]: 'S5' is not a square" in refused(DEFAULT.replace('"S4"', '"S5"'))


def test_expander_that_is_not_declared_is_refused() -> None:
    text = (BOARDS / "mcp23017.toml").read_text().replace(
        'R1 = { expander = 0x21, channel = "A0" }', 'R1 = { expander = 0x22, channel = "A0" }'
    )
    assert "squares.R1.expander: no expander at 0x22" in refused(text)


def test_broken_toml_and_missing_file_are_one_line_errors(tmp_path: Path) -> None:
    assert "not valid TOML" in refused(DEFAULT + "\n[lights\n")
    with pytest.raises(ConfigError, match=r"nowhere\.toml: cannot read the file"):
        load_board(tmp_path / "nowhere.toml")


def test_a_board_file_points_sounds_at_its_own_files(tmp_path: Path) -> None:
    text = DEFAULT.replace("muted = false", 'muted = false\nbump = "museum/knock.ogg"\n'
                           'music = "/srv/music.ogg"')
    (tmp_path / "board.toml").write_text(text)
    sounds = load_board(tmp_path / "board.toml").sounds
    assert dict(sounds.files) == {"bump": tmp_path / "museum" / "knock.ogg",
                                  "music": Path("/srv/music.ogg")}
    assert load_board(DEFAULT_BOARD).sounds.files == {}


@pytest.mark.parametrize(("line", "expected"), [
    ('bumpp = "knock.ogg"', "sounds.bumpp: unknown key (the keys here are folder, volume, muted, "
                            "bear-off, bump,"),
    ('bump = ""', "sounds.bump: expected the path of a sound file, got ''"),
    ("bump = 3", "sounds.bump: expected text, got 3 (an integer)"),
    ('bump = "a\\u0000b"', "sounds.bump: expected the path of a sound file, got 'a\\x00b'"),
])
def test_a_sound_file_setting_that_makes_no_sense_is_one_line(line: str, expected: str) -> None:
    assert expected in refused(DEFAULT.replace("muted = false", f"muted = false\n{line}"))


def test_facts_are_spoken_only_when_the_board_file_asks() -> None:
    assert not load_board(DEFAULT_BOARD).facts.speak
    board = parse_board(DEFAULT.replace("speak = false", "speak = true").replace(
        'voice = "en"', 'voice = "en-gb"'))
    assert board.facts.speak and board.facts.voice == "en-gb"
    assert "facts.speak: expected true or false" in refused(
        DEFAULT.replace("speak = false", 'speak = "yes"'))
    assert "facts.voice: expected an espeak-ng voice name" in refused(
        DEFAULT.replace('voice = "en"', 'voice = "en --stdout"'))
    assert "facts.shout: unknown key" in refused(DEFAULT.replace("speak = false", "shout = 1"))


RACKS_BOARD = (BOARDS / "mcp23017-racks.toml").read_text()


def test_a_board_with_rack_switches_reads_every_slot() -> None:
    board = load_board(BOARDS / "mcp23017-racks.toml")
    assert board.reeds.has_racks and len(board.reeds.names) == 40
    assert not load_board(BOARDS / "mcp23017.toml").reeds.has_racks


def test_rack_switches_are_all_fitted_or_none() -> None:
    message = refused(RACKS_BOARD.replace('RO5 = { expander = 0x22, channel = "B5" }\n', ""))
    assert message.startswith("board.toml: squares.RO5: missing (rack switches are all fitted")


def test_a_rack_slot_beyond_five_is_an_unknown_key() -> None:
    extra = 'RO6 = { expander = 0x22, channel = "B6" }\n'
    message = refused(RACKS_BOARD.replace("[sticks]", extra + "[sticks]"))
    assert message.startswith("board.toml: squares.RO6: unknown key")


def test_the_kiosk_section_reads_its_times_and_quiet_hours() -> None:
    text = DEFAULT.replace('quiet_hours = ""', 'quiet_hours = "22:00-08:30"').replace(
        "enabled = false", "enabled = true")
    kiosk = parse_board(text).kiosk
    assert kiosk.enabled and kiosk.quiet == (22 * 60, 8 * 60 + 30)
    assert kiosk.abandon_after == 180 and kiosk.invite_every == 240


@pytest.mark.parametrize(("old", "new", "expected"), [
    ('quiet_hours = ""', 'quiet_hours = "25:00-08:00"',
     "kiosk.quiet_hours: expected hours like '22:00-08:00', got '25:00-08:00'"),
    ('reset = "corners"', 'reset = "button"',
     "kiosk.reset: 'button' needs a new_game button in [buttons]"),
    ('level = "fair"', 'level = "pharaoh"', "kiosk.level: expected one of 'scribe'"),
    ("abandon_after_min = 3", "abandon_after_min = 0", "kiosk.abandon_after_min: expected a "),
])
def test_kiosk_mistakes_are_refused(old: str, new: str, expected: str) -> None:
    assert old in DEFAULT
    assert expected in refused(DEFAULT.replace(old, new))


def test_an_unknown_section_is_named_with_the_known_ones() -> None:
    text = DEFAULT_BOARD.read_text(encoding="utf-8") + "\n[stix]\ntilt_pin = 4\n"
    with pytest.raises(ConfigError) as error:
        parse_board(text, "board.toml")
    message = str(error.value)
    assert message.startswith("board.toml: stix: unknown section")
    assert "sticks" in message and "lights" in message


SENET_BOARD = (BOARDS / "senet.toml").read_text()


def test_a_senet_board_file_reads_thirty_squares_on_two_expanders() -> None:
    board = load_board(BOARDS / "senet.toml")
    assert board.kind == "senet" and board.squares == SQUARES_OF["senet"]
    assert set(board.reeds.channels) == set(SQUARES_OF["senet"]) and not board.reeds.has_racks
    assert str(board.reeds.channels["H30"]) == "0x21 B5"
    assert len(board.lights.order) == 34
    assert load_board(DEFAULT_BOARD).kind == "twenty-squares"


def test_a_ramses_board_file_reads_twenty_squares_and_two_rows_of_eight_oblong_reeds() -> None:
    board = load_board(BOARDS / "ramses.toml")
    assert board.kind == "ramses" and board.squares == SQUARES_OF["ramses"]
    assert set(board.reeds.channels) == set(SQUARES_OF["ramses"]) and len(board.squares) == 36
    assert str(board.reeds.channels["U10"]) == "0x22 A0"
    assert str(board.reeds.channels["L17"]) == "0x22 B7"
    assert len(board.lights.order) == 40


def test_an_unknown_kind_of_board_is_refused() -> None:
    message = refused(SENET_BOARD.replace('kind = "senet"', 'kind = "chess"'))
    assert message.startswith("board.toml: board.kind: expected one of 'twenty-squares', 'senet'")


def test_a_square_of_the_other_kind_of_board_is_refused_naming_the_kind() -> None:
    text = DEFAULT.replace("M9 = { pin = 24 }", "M9 = { pin = 24 }\nH1 = { pin = 7 }")
    assert refused(text) == ("board.toml: squares.H1: unknown key (H1 is a square of a senet "
                             "board; this file is for a twenty-squares board: see [board] kind)")
    text = SENET_BOARD.replace("[sticks]", 'M5 = { expander = 0x21, channel = "B6" }\n[sticks]')
    assert "squares.M5: unknown key (M5 is a square of a twenty-squares board" in refused(text)


def test_a_senet_board_needs_every_one_of_its_thirty_squares_and_pixels() -> None:
    message = refused(SENET_BOARD.replace('H17 = { expander = 0x21, channel = "A0" }\n', ""))
    assert message == ("board.toml: squares.H17: missing (every one of the 30 squares needs "
                       "a switch)")
    assert "lights.order: H30 is missing" in refused(SENET_BOARD.replace(', "H30"', ""))
    assert "'M5' is not a square" in refused(SENET_BOARD.replace('"H30"', '"M5"'))


def test_a_senet_board_has_no_rack_switches() -> None:
    text = SENET_BOARD.replace("[sticks]", 'CW1 = { expander = 0x21, channel = "B6" }\n[sticks]')
    assert refused(text).startswith("board.toml: squares.CW1: unknown key (a senet board's "
                                    "squares are H1-H30)")

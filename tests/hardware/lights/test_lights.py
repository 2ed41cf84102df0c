from collections.abc import Sequence
from dataclasses import replace

import pytest

from hardware.boards.board_file import DEFAULT_BOARD, LightsConfig, load_board
from hardware.lights.pixels import REWRITE_EVERY, WHITE, Lights, estimate_milliamps
from hardware.lights.strips import Colour, MemoryStrip


@pytest.fixture
def config() -> LightsConfig:
    return replace(load_board(DEFAULT_BOARD).lights, brightness=1.0, max_milliamps=10_000)


def lights_for(config: LightsConfig) -> tuple[Lights, MemoryStrip]:
    strip = MemoryStrip(len(config.order))
    return Lights(config, strip), strip


def test_each_square_lights_the_pixel_wired_under_it(config: LightsConfig) -> None:
    lights, strip = lights_for(config)
    lights.show({"M8": (255, 180, 60), "S2": WHITE})
    assert strip.pixels[config.order.index("M8")] == (255, 180, 60)
    assert strip.pixels[config.order.index("S2")] == WHITE
    assert sum(1 for p in strip.pixels if p != (0, 0, 0)) == 2


def test_brightness_dims_every_pixel(config: LightsConfig) -> None:
    lights, strip = lights_for(replace(config, brightness=0.5))
    lights.show({"R4": (200, 100, 0)})
    assert strip.pixels[config.order.index("R4")] == (100, 50, 0)


def test_frame_over_the_power_limit_is_dimmed_to_fit(config: LightsConfig) -> None:
    limited = replace(config, max_milliamps=500, milliamps_per_channel=20, idle_milliamps=1)
    lights, strip = lights_for(limited)
    everything = {name: WHITE for name in config.order}
    assert estimate_milliamps([WHITE] * 24, 20, 1) == 24 * 61
    lights.show(everything)
    assert lights.last_milliamps <= 500
    assert lights.last_milliamps > 450  # dimmed to fit, not blacked out
    assert len(set(strip.pixels)) == 1  # every pixel dimmed alike


def test_frame_under_the_limit_is_untouched(config: LightsConfig) -> None:
    lights, strip = lights_for(replace(config, max_milliamps=500))
    lights.show({"M16": WHITE})
    assert strip.pixels[config.order.index("M16")] == WHITE


def test_a_name_twice_in_the_order_lights_both_pixels_and_dash_stays_dark(
    config: LightsConfig,
) -> None:
    doubled = replace(config, order=(*config.order, "M12", "-"))
    lights, strip = lights_for(doubled)
    lights.show({"M12": (0, 0, 255)})
    assert [i for i, p in enumerate(strip.pixels) if p == (0, 0, 255)] == [
        config.order.index("M12"),
        24,
    ]
    assert strip.pixels[25] == (0, 0, 0)


def test_unknown_square_and_bad_colour_are_refused(config: LightsConfig) -> None:
    lights, _ = lights_for(config)
    with pytest.raises(KeyError, match="M17"):
        lights.show({"M17": WHITE})
    with pytest.raises(ValueError, match="M7"):
        lights.show({"M7": (300, 0, 0)})


def test_last_frame_shows_what_was_sent_by_name(config: LightsConfig) -> None:
    lights, _ = lights_for(replace(config, brightness=0.5))
    lights.show({"C1": (100, 100, 100)})
    assert lights.last_frame["C1"] == (50, 50, 50)
    lights.off()
    assert lights.last_frame["C1"] == (0, 0, 0)


def test_strip_of_the_wrong_length_is_refused(config: LightsConfig) -> None:
    with pytest.raises(ValueError, match="23 pixels"):
        Lights(config, MemoryStrip(23))


class ClosingStrip(MemoryStrip):
    """A strip that remembers being released."""

    closed = False

    def close(self) -> None:
        self.closed = True
        super().close()


def test_a_limit_below_the_idle_draw_leaves_every_frame_dark_without_dividing_by_zero(
        config: LightsConfig) -> None:
    starved = replace(config, max_milliamps=10, idle_milliamps=1)  # 24 pixels draw 24 mA idle
    strip = ClosingStrip(len(config.order))
    lights = Lights(starved, strip)
    lights.show({})  # a dark frame: over the limit with nothing to dim
    lights.show({"M8": WHITE})
    assert set(strip.pixels) == {(0, 0, 0)}
    lights.close()
    assert strip.closed


def test_the_strip_is_released_even_when_the_last_frame_cannot_be_sent(
        config: LightsConfig) -> None:
    class Unplugged(ClosingStrip):
        def write(self, pixels: object) -> None:
            raise OSError("SPI transfer failed")

    strip = Unplugged(len(config.order))
    lights = Lights(config, strip)
    with pytest.raises(OSError):
        lights.close()
    assert strip.closed


def test_an_unchanged_frame_is_not_sent_again_but_refreshed_now_and_then(
        config: LightsConfig) -> None:
    lights, strip = lights_for(config)
    for _ in range(REWRITE_EVERY):
        lights.show({"M8": WHITE})
    assert strip.writes == 1  # the strip keeps its pixels: nothing to send
    lights.show({"M8": WHITE})
    assert strip.writes == 2  # once in a while, in case a spark upset a pixel
    assert strip.pixels[config.order.index("M8")] == WHITE


def test_a_change_of_brightness_shows_at_once_even_for_the_same_frame(
        config: LightsConfig) -> None:
    lights, strip = lights_for(config)
    frame = {"R4": (200, 100, 0)}
    lights.show(frame)
    lights.brightness = 0.5
    lights.show(frame)
    assert strip.pixels[config.order.index("R4")] == (100, 50, 0)
    assert lights.last_frame["R4"] == (100, 50, 0)
    lights.brightness = 1.0  # a colour scaled before, at another brightness
    lights.show(frame)
    assert strip.pixels[config.order.index("R4")] == (200, 100, 0)


def test_any_change_of_the_frame_shows_at_once(config: LightsConfig) -> None:
    lights, strip = lights_for(config)
    frame = {"R4": (200, 100, 0), "M8": WHITE}
    lights.show(frame)
    frame["M8"] = (0, 0, 255)  # the same dict, changed in place
    lights.show(frame)
    assert strip.pixels[config.order.index("M8")] == (0, 0, 255)
    lights.show({"R4": (200, 100, 0)})  # a square gone dark
    assert strip.pixels[config.order.index("M8")] == (0, 0, 0)
    assert strip.writes == 3


def test_a_frame_that_could_not_be_sent_is_sent_again(config: LightsConfig) -> None:
    class Flaky(MemoryStrip):
        fail = True

        def write(self, pixels: Sequence[Colour]) -> None:
            if self.fail:
                self.fail = False
                raise OSError("SPI transfer failed")
            super().write(pixels)

    strip = Flaky(len(config.order))
    lights = Lights(config, strip)
    with pytest.raises(OSError):
        lights.show({"M8": WHITE})
    lights.show({"M8": WHITE})
    assert strip.pixels[config.order.index("M8")] == WHITE


def test_a_bad_colour_is_refused_however_often_good_ones_were_shown(
        config: LightsConfig) -> None:
    lights, _ = lights_for(config)
    lights.show({"M7": WHITE})
    with pytest.raises(ValueError, match="M7"):
        lights.show({"M7": (255, 255, 256)})
    with pytest.raises(KeyError, match="M17"):
        lights.show({"M7": WHITE, "M17": WHITE})

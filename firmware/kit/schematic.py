"""The wiring diagram of a board file, drawn as a schematic with schemdraw: the Pi's header pins
that are used, each reed switch on its GPIO or expander channel, the expanders on I2C (on a Hall
board each square's sensor on its ADC's channel, the ADCs on SPI1), the stick box, the buttons,
and the LED chain behind its level shifter, in the chain's order.

    svg = schematic_svg(load_board(DEFAULT_BOARD))   # the SVG's bytes
"""

from __future__ import annotations

from typing import Any

from hardware.boards.board_file import CHANNELS, Board
from hardware.boards.hall_file import SPI0_GATE, SPI1
from hardware.boards.wiring import ADC_PINS, PinUse, pin_label, pin_uses
from hardware.core.header import PHYSICAL

PITCH = 1.4
"""Schematic units between two neighbouring pins of a drawn chip."""
GAP = 2.5
"""Schematic units between two blocks of the diagram, one above the other."""


def schematic_svg(board: Board) -> bytes:
    """``board``'s wiring drawn as an SVG picture."""
    import schemdraw
    import schemdraw.elements as elm

    schemdraw.use("svg")
    with schemdraw.Drawing(show=False, fontsize=10) as drawing:
        drawing.config(unit=2, margin=2.5)
        top = _pi(drawing, elm, board, 0.0)
        top = _expanders(drawing, elm, board, top - GAP)
        top = _adcs(drawing, elm, board, top - GAP)
        _lights(drawing, elm, board, top - GAP)
        svg: bytes = drawing.get_imagedata("svg")
    return svg


def _chip(drawing: Any, elm: Any, name: str, left: list[str], right: list[str], x: float,
          top: float, width: float) -> tuple[Any, float]:
    """A chip with its pins listed top to bottom, its name above it; returns it and its foot."""
    rows = max(len(left), len(right), 1)
    height = (rows + 1) * PITCH
    # schemdraw counts a side's pins from the bottom: pin k of a side sits k pitches up.
    pins = [elm.IcPin(name=label, side="left", slot=f"{rows - i}/{rows}")
            for i, label in enumerate(left)]
    pins += [elm.IcPin(name=label, side="right", slot=f"{rows - i}/{rows}")
             for i, label in enumerate(right)]
    chip = elm.Ic(pins=pins, size=(width, height), pinspacing=PITCH)
    drawing += chip.at((x, top - height))
    drawing += elm.Label().at((x, top + 0.45)).label(name, fontsize=12, halign="left")
    return chip, top - height


def _to(drawing: Any, elm: Any, anchor: Any, use: PinUse, length: float = 1.2) -> None:
    """A wire from a pin to the right, ending in a switch to ground or a labelled terminal."""
    drawing += elm.Line().at(anchor).right(length)
    if use.how == "switch":
        drawing += elm.SwitchReed().right().label(use.part, loc="top", fontsize=9)
        drawing += elm.Ground().right()
    elif use.how == "button":
        drawing += elm.Button().right().label(use.part, loc="top", fontsize=9)
        drawing += elm.Ground().right()
    else:
        drawing += elm.Dot(open=True).label(use.part, loc="right", fontsize=9)


def _pi(drawing: Any, elm: Any, board: Board, top: float) -> float:
    """The Pi's header pins in use, each wired to its part."""
    # the kernel's SPI0 pins are left free, not wired: only the pins wired to a part are drawn
    uses = sorted(((bcm, use) for bcm, use in pin_uses(board).items() if use.how != "kernel"),
                  key=lambda item: PHYSICAL[item[0]])
    chip, foot = _chip(drawing, elm, "Raspberry Pi (header pins in use; every switch's other "
                       "side to GND)", [], [pin_label(bcm) for bcm, _ in uses], 0.0, top, 5.0)
    for i, (_, use) in enumerate(uses):
        _to(drawing, elm, getattr(chip, f"inR{i + 1}"), use)
    return foot


def _expanders(drawing: Any, elm: Any, board: Board, top: float) -> float:
    """Each MCP23017 with its address, bus and interrupt, and a reed on every channel used."""
    for expander in board.reeds.expanders:
        wired = sorted(((channel.bit, name) for name, channel in board.reeds.channels.items()
                        if channel.address == expander.address))
        interrupt = (pin_label(expander.interrupt_pin) if expander.interrupt_pin is not None
                     else "not wired: polled")
        left = [f"SDA: {pin_label(2)}", f"SCL: {pin_label(3)}", f"INT: {interrupt}",
                "VDD: 3V3, 100 nF to GND", "VSS: GND",
                "A2 A1 A0: " + " ".join(str(expander.address >> b & 1) for b in (2, 1, 0))]
        chip, foot = _chip(drawing, elm, f"MCP23017 at {expander.address:#04x}", left,
                           [CHANNELS[bit] for bit, _ in wired], 4.0, top, 7.5)
        for i, (_, name) in enumerate(wired):
            _to(drawing, elm, getattr(chip, f"inR{i + 1}"), PinUse(f"reed {name}", "switch"), 0.8)
        top = foot - GAP
    return top


def _on_spi0(board: Board) -> list[int]:
    """The Hall ADCs on SPI0 (a fourth, beside the LED strip's data)."""
    if board.hall is None:
        return []
    return [n for n in range(len(board.hall.select_pins)) if board.hall.bus(n) == "spi0"]


def _adcs(drawing: Any, elm: Any, board: Board, top: float) -> float:
    """A Hall board's ADCs on SPI1 (a fourth on SPI0), each channel wired to a square's
    sensor."""
    if board.hall is None:
        return top
    for number, select in enumerate(board.hall.select_pins):
        wired = sorted((where.channel, name) for name, where in board.hall.channels.items()
                       if where.adc == number)
        pins = dict(zip(SPI1.values(), board.hall.pins(number), strict=True))
        left = [*(f"{ADC_PINS[label]}: {pin_label(bcm)}" for label, bcm in pins.items()),
                f"CS: {pin_label(select)}", "VDD, VREF: 3.3 V rail, 100 nF to GND",
                "AGND, DGND: GND"]
        on = " (on SPI0, beside the LED data)" if board.hall.bus(number) == "spi0" else ""
        chip, foot = _chip(drawing, elm, f"{board.hall.adc.upper()}: ADC {number}{on}", left,
                           [f"CH{channel}" for channel, _ in wired], 4.0, top, 10.0)
        for i, (_, name) in enumerate(wired):
            _to(drawing, elm, getattr(chip, f"inR{i + 1}"),
                PinUse(f"OUT of the Hall sensor under {name} (100 kohm to GND)", "wire"), 0.8)
        top = foot - GAP
    return top


def _lights(drawing: Any, elm: Any, board: Board, top: float) -> None:
    """GPIO to the 74AHCT125, the 330 ohm resistor, then the pixels in the chain's order."""
    if board.lights.pin is None:
        return
    gated = _on_spi0(board)
    enable = f"1OE to {pin_label(SPI0_GATE)}, SPI0 CE0" if gated else "1OE to GND"
    chip, foot = _chip(drawing, elm, f"74AHCT125 level shifter ({enable}, VCC to 5 V)",
                       ["1A"], ["1Y"], 7.0, top, 3.0)
    drawing += elm.Line().at(chip.inL1).left(0.8)
    drawing += elm.Dot(open=True).label(f"from {pin_label(board.lights.pin)}", loc="left",
                                        fontsize=9)
    drawing += elm.Line().at(chip.inR1).right(0.6)
    drawing += elm.Resistor().right().label("330 Ω", fontsize=9)
    drawing += elm.Dot(open=True).label("DIN of the first pixel", loc="right", fontsize=9)
    order = [name for name in board.lights.order if name != "-"]
    lines = [" → ".join(order[start:start + 12]) for start in range(0, len(order), 12)]
    lines = ["The pixels, chained DOUT to DIN in this order:", *lines,
             "5 V LED supply to every pixel's 5V and GND, 1000 uF across it at the strip;",
             "its GND joins the Pi's GND."]
    if gated:
        lines += [f"1OE on SPI0 CE0: the shifter passes the LED data only while the strip is "
                  f"written, so ADC {', '.join(map(str, gated))}'s reads on the same wire "
                  "never reach the pixels;",
                  "10 kohm from the first pixel's DIN to GND keeps the line low in between."]
    for row, line in enumerate(lines):
        drawing += elm.Label().at((4.0, foot - 1.2 - row * 0.6)).label(line, halign="left",
                                                                       fontsize=9)

"""A Hall board's failed sensors, named: each is told in words (its square, and where it is
wired), said aloud, kept in the board's health for its companions (the web page, ``aseb
fleet``), and its square judged as the game has it until it reads again.

    faults.failed(SensorFailed("M9", "nothing", 1, 0, t))   # "The sensor under M9 reads ..."
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from engine.core.words import N_, Phrase, phrase
from firmware.play.telling import Telling
from firmware.words import say
from hardware.core.events import SensorFailed, SensorMended

log = logging.getLogger("firmware.play.controller")  # its rooms log as the controller, as before

SAID_FOR = 8.0
"""Seconds the status line says a sensor has failed, before it says what the game waits for."""
FAULT_WORDS = {
    "nothing": N_("The sensor under {square} reads nothing: check its wire (ADC {adc}, input "
                  "{channel})."),
    "full": N_("The sensor under {square} reads the full supply: check its wires (ADC {adc}, "
               "input {channel})."),
    "beyond": N_("The sensor under {square} reads more than any men could give: check it and "
                 "its wires (ADC {adc}, input {channel})."),
    "stuck": N_("The sensor under {square} is stuck at one reading: check it and its wires "
                "(ADC {adc}, input {channel})."),
}
PLAYS_ON = N_("Play goes on: the board takes {square} as the game has it.")
MENDED = N_("The sensor under {square} reads again.")


@dataclass(frozen=True)
class Fault:
    """A failed sensor: how it failed, where it is wired, when, and its words."""

    square: str
    fault: str
    adc: int
    channel: int
    since: float
    words: Phrase

    def to_json(self) -> dict[str, Any]:
        """As the board's health tells it (``firmware.service.link``)."""
        return {"square": self.square, "fault": self.fault, "adc": self.adc,
                "channel": self.channel, "words": str(self.words)}


def fault_words(event: SensorFailed) -> Phrase:
    """What a player hears and reads of a failed sensor."""
    return phrase(FAULT_WORDS.get(event.fault, FAULT_WORDS["beyond"]), square=event.square,
                  adc=event.adc, channel=event.channel)


class SensorFaults(Telling):
    """The controller's room for a Hall board's failed sensors."""

    def _sensor_failed(self, event: SensorFailed) -> None:
        """Name the sensor, say it, and judge its square as the game has it."""
        words = fault_words(event)
        self.faults[event.square] = Fault(event.square, event.fault, event.adc, event.channel,
                                          self.clock.now(), words)
        self.tracker.sensor_failed(event.square)
        self.fault_said_until = self.clock.now() + SAID_FOR
        self._tell_fault([words, phrase(PLAYS_ON, square=event.square)])

    def _sensor_mended(self, event: SensorMended) -> None:
        """The sensor reads again: its square is judged by it once more."""
        if self.faults.pop(event.square, None) is None:
            return
        self.tracker.sensor_mended(event.square, event.t)
        self._tell_fault([phrase(MENDED, square=event.square)])

    def _tell_fault(self, sentences: list[Phrase]) -> None:
        """Into the log and the news (spoken play says them), and aloud at once otherwise."""
        self._tell(list(sentences))
        log.warning("%s", " ".join(sentences))
        if self.aloud is not None and not self.settings.spoken:
            self.aloud(" ".join(say(s) for s in sentences))

    def fault_status(self, now: float) -> str | None:
        """The status line's words while a fault is fresh: which sensor, and how play goes
        on (None when there is none to say)."""
        if now >= self.fault_said_until or not self.faults:
            return None
        newest = max(self.faults.values(), key=lambda f: f.since)
        return f"{say(newest.words)} {say(phrase(PLAYS_ON, square=newest.square))}"

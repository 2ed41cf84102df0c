"""A voice for a board without a screen: text spoken by espeak-ng, when it is installed.

Without espeak-ng nothing breaks: the board says once, at start, that it stays quiet. Speech runs
in its own process, so the main loop never waits for it.

    voice = EspeakVoice("en", volume=0.8)   # apt install espeak-ng
    voice.say("The name senet is usually translated 'passing'.")
    voice.hush()                            # the sticks were thrown
"""

from __future__ import annotations

import logging
import shutil
import subprocess
from typing import Protocol

log = logging.getLogger(__name__)

PROGRAM = "espeak-ng"


class Voice(Protocol):
    """Anything that speaks a line of text, and can be cut short."""

    def say(self, text: str) -> None:
        """Start speaking ``text`` (cutting short whatever is being said)."""

    def hush(self) -> None:
        """Stop speaking now."""

    def close(self) -> None:
        """Stop speaking and let go of the speech process."""


class EspeakVoice:
    """espeak-ng in ``language`` (its -v voice), as loud as the board's ``volume`` (0 to 1)."""

    def __init__(self, language: str = "en", volume: float = 0.8, muted: bool = False,
                 program: str = PROGRAM, warn: bool = True) -> None:
        """``warn``: say in the log, now, when espeak-ng is missing (a face that speaks only on
        request says so itself, when asked, with ``available``)."""
        self.language = language
        self.set_volume(volume)
        self.muted = muted
        self._process: subprocess.Popen[bytes] | None = None
        self.program = shutil.which(program)
        if self.program is None and warn:
            log.warning("%s is not installed: nothing is spoken (the menu, MummyFacts, the "
                        "lessons; sudo apt install espeak-ng)", program)

    def speak_in(self, language: str) -> None:
        """Speak with espeak-ng's voice ``language`` (``de``, ``ar``...) from the next line on."""
        self.language = language

    def set_volume(self, volume: float) -> None:
        """Speak as loud as the board's ``volume`` (0 to 1) from the next line on."""
        self.amplitude = round(min(1.0, max(0.0, volume)) * 125)  # 0.8 is espeak-ng's own 100

    @property
    def available(self) -> bool:
        """Whether espeak-ng was found (False: every call is quietly ignored)."""
        return self.program is not None

    @property
    def speaking(self) -> bool:
        """Whether a line is being spoken now."""
        return self._process is not None and self._process.poll() is None

    def say(self, text: str) -> None:
        """Speak ``text`` in the background; a failing espeak-ng is logged, never raised."""
        if self.program is None or self.muted:
            return
        self.hush()
        command = [self.program, "-v", self.language, "-a", str(self.amplitude), "--stdin"]
        try:
            self._process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                             stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL)
            assert self._process.stdin is not None
            self._process.stdin.write(text.encode("utf-8"))
            self._process.stdin.close()
        except OSError as e:
            log.warning("%s could not speak (%s)", self.program, e)
            self._process = None

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the line being spoken is finished (for tests and a clean stop)."""
        if self._process is not None:
            self._process.wait(timeout)

    def hush(self) -> None:
        """Stop speaking now (and reap the finished process)."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(0.5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    def close(self) -> None:
        """Stop speaking."""
        self.hush()

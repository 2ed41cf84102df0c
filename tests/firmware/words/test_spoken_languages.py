"""The simulated board in each visitor's language: the tutorial to its end and a whole game, the
lessons spoken by espeak-ng in the language's own voice (``aseb run --simulated`` speaks as the
real board does: the board menu, and the stories where the board file asks).

espeak-ng's process is faked (``subprocess.Popen`` in ``hardware.sounds.voice``): the test needs no
sound card and no espeak-ng, yet sees the very command line and text the board would hand it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.games import load
from firmware import words
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.story.tutorial import LESSONS, Tutorial
from hardware.sounds import voice as voice_module
from hardware.sounds.voice import EspeakVoice
from sim.board.demo import Demo
from sim.board.table import Table
from tests.firmware.story.test_tutorial import follow_the_lessons
from tests.sim.board.test_demo import run_demo

Spoken = list[tuple[str, str]]
"""(espeak-ng's -v voice, the text it was handed), in order."""


class FakeEspeak:
    """Stands in for the espeak-ng process: keeps its voice and the text written to it."""

    def __init__(self, spoken: Spoken, command: list[str], **_pipes: Any) -> None:
        self.voice = command[command.index("-v") + 1]
        self.spoken = spoken
        self.stdin = self
        self._text = b""

    def write(self, data: bytes) -> None:
        self._text += data

    def close(self) -> None:
        self.spoken.append((self.voice, self._text.decode("utf-8")))

    def poll(self) -> int:
        return 0  # said at once

    def wait(self, timeout: float | None = None) -> int:
        return 0


@pytest.fixture
def spoken(monkeypatch: pytest.MonkeyPatch) -> Iterator[Spoken]:
    said: Spoken = []
    monkeypatch.setattr(voice_module.shutil, "which", lambda program: f"/usr/bin/{program}")
    monkeypatch.setattr(voice_module.subprocess, "Popen",
                        lambda command, **pipes: FakeEspeak(said, command, **pipes))
    yield said
    words.use("en")


@pytest.mark.parametrize("language", list(words.LANGUAGES))
def test_the_tutorial_is_spoken_in_the_languages_voice(language: str, spoken: Spoken,
                                                       tmp_path: Path) -> None:
    speaker = EspeakVoice()  # English until the board's language is chosen
    with Table(state_dir=tmp_path, menu=True, overrides={"language": language},
               story="tutorial", say=speaker.say, language=speaker.speak_in) as table:
        assert table.choices is not None
        tutorial = table.choices.story
        assert isinstance(tutorial, Tutorial)
        follow_the_lessons(table, tutorial, steps=400)
        assert tutorial.finished
    assert len(spoken) >= len(LESSONS)
    assert {voice for voice, _ in spoken} == {words.VOICES[language]}
    catalog = gettext.translation(words.DOMAIN, words.LOCALES, [language], fallback=True)
    for lesson in LESSONS:  # each lesson's praise, in the language's words, was spoken
        praise = catalog.gettext(lesson.praise)
        assert any(praise in text for _, text in spoken), praise
        if praise != lesson.praise:  # translated: the English is never heard
            assert not any(lesson.praise in text for _, text in spoken)


@pytest.mark.parametrize("language", list(words.LANGUAGES))
def test_a_whole_game_on_the_simulated_board_in_each_language(language: str, spoken: Spoken,
                                                              tmp_path: Path) -> None:
    """The mummy's hand plays both sides to the end (two pieces a side: a short game), the
    voice the language's; the board's last words are the language's."""
    speaker = EspeakVoice()
    with Table(state_dir=tmp_path, menu=True, overrides={"language": language}, seed=5,
               settings=Settings(mummy_plays_both=True, celebrate=2.0,
                                 ruleset=replace(load("tait"), pieces=2)),
               say=speaker.say, language=speaker.speak_in) as table:
        assert speaker.language == words.VOICES[language] and words.language() == language
        demo = Demo(table.sim)
        controller = table.controller
        while controller.phase is not Phase.WON and table.now < 3600:
            run_demo(table, demo, 1.0)
        assert controller.phase is Phase.WON
        said_here = controller.status()
        words.use("en")
        said_in_english = controller.status()
    catalog = gettext.translation(words.DOMAIN, words.LOCALES, [language], fallback=True)
    if catalog.gettext("Cones") != "Cones":  # a catalog with the sides' names translated
        assert said_here != said_in_english
    else:
        assert said_here == said_in_english

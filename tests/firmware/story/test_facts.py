"""MummyFacts: the shipped facts and their sources, the teller's timing, and facts spoken on a
board without a screen (espeak-ng when it is there, silence when it is not)."""

from __future__ import annotations

import logging
import os
import random
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.core.sides import Side
from engine.tait.state import GameState
from firmware.play.controller import Settings
from firmware.service.daemon import spoken_facts
from firmware.story.facts import (
    EVERY,
    FIRST,
    LONGEST,
    Fact,
    FactTeller,
    SpokenFacts,
    awaiting_throw,
    load_facts,
)
from hardware.core.errors import ConfigError
from hardware.sounds.voice import EspeakVoice
from sim.board.table import Table

MUSEUMS = ("British Museum", "Metropolitan Museum", "Brooklyn Museum", "Museum of Fine Arts",
           "Griffith Institute", "Oriental Institute", "Ur Online")
FEW = [Fact(f"Fact number {i}.", "A book (2000)") for i in range(5)]


def test_the_shipped_facts_are_many_short_and_each_has_its_source() -> None:
    facts = load_facts()
    assert len(facts) >= 60
    assert len({fact.text for fact in facts}) == len(facts)
    for fact in facts:
        assert 20 <= len(fact.text) <= LONGEST, fact.text
        assert fact.text.endswith((".", "'", "?", '"')), fact.text
        # A source is a book or article with its year, or a museum's collection page.
        year = re.search(r"\b(1[89]\d\d|20[0-2]\d)\b", fact.source)
        assert year or any(museum in fact.source for museum in MUSEUMS), fact.source


def test_the_facts_cover_the_games_and_the_tale_of_setne() -> None:
    texts = " ".join(fact.text for fact in load_facts())
    for subject in ("Twenty Squares", "senet", "Mehen", "Royal Game of Ur", "sticks",
                    "Tutankhamun", "Neferkaptah", "Setne", "Hounds and Jackals"):
        assert subject in texts, subject


@pytest.mark.parametrize(("text", "expected"), [
    ('[[fact]]\ntext = "A fact."\n', "fact[0].source: missing"),
    ('[[fact]]\ntext = " "\nsource = "A book (1990)"\n', "fact[0].text: must not be empty"),
    ('[[fact]]\ntext = "A fact."\nsource = "B (1990)"\nyear = 3\n', "fact[0].year: unknown key"),
    (f'[[fact]]\ntext = "{"x" * 300}"\nsource = "B (1990)"\n', "300 characters; keep it under"),
    ('[[fact]]\ntext = 1e999\nsource = "B (1990)"\n', "fact[0].text: expected text, got inf"),
    ("fact = 3\n", "fact: expected a list of tables"),
    ("# nothing\n", "fact: no [[fact]] in the file"),
    ('[[fact]\ntext = "x"', "not valid TOML"),
])
def test_a_bad_facts_file_is_one_line_naming_the_problem(
    tmp_path: Path, text: str, expected: str
) -> None:
    path = tmp_path / "facts.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_facts(path)
    assert expected in str(caught.value) and "\n" not in str(caught.value)


def test_binary_garbage_or_no_file_is_one_line_as_for_every_toml_file(tmp_path: Path) -> None:
    """The facts are read by the one reader of TOML files: what it says of a board file, it
    says of them (a byte-order mark too: said, as for a board file)."""
    path = tmp_path / "facts.toml"
    path.write_bytes(b"\xff\xfe\x00garbage\x00" * 10)
    with pytest.raises(ConfigError, match="not UTF-8"):
        load_facts(path)
    with pytest.raises(ConfigError, match="cannot read the file"):
        load_facts(tmp_path / "missing.toml")
    path.write_text('\ufeff[[fact]]\ntext = "A fact."\nsource = "A book (1990)"\n',
                    encoding="utf-8")
    with pytest.raises(ConfigError, match="byte-order mark"):
        load_facts(path)
    path.write_text('[[fact]]\ntext = "A fact."\nsource = "A book (1990)"\n', encoding="utf-8")
    assert load_facts(path) == (Fact("A fact.", "A book (1990)"),)


def test_a_fact_comes_after_a_while_of_waiting_and_goes_on_the_throw() -> None:
    teller = FactTeller(random.Random(1), FEW)
    assert teller.update(0.0, waiting=True) is None
    assert teller.update(FIRST - 1, waiting=True) is None
    fact = teller.update(FIRST, waiting=True)
    assert fact is not None and teller.update(FIRST + 30, waiting=True) == fact
    assert teller.update(FIRST + 31, waiting=False) is None  # thrown
    assert teller.update(FIRST + 31 + EVERY[0] - 1, waiting=True) is None
    assert teller.update(FIRST + 31 + EVERY[1], waiting=True) is not None


def test_every_fact_is_told_before_any_is_told_twice() -> None:
    teller = FactTeller(random.Random(7), FEW)
    told = []
    now = 0.0
    teller.update(now, waiting=True)
    for _ in range(2 * len(FEW)):
        now += 200.0
        told.append(teller.update(now, waiting=True))
        teller.update(now + 1, waiting=False)
    assert sorted(told[:5]) == sorted(f.text for f in FEW) == sorted(told[5:])


def test_no_fact_while_the_option_is_off() -> None:
    teller = FactTeller(random.Random(1), FEW)
    assert all(teller.update(t, waiting=True, enabled=False) is None for t in range(0, 1000, 10))


class Mouth:
    """A Voice stand-in that remembers what it was asked to say."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.hushed = 0

    def say(self, text: str) -> None:
        self.said.append(text)

    def hush(self) -> None:
        self.hushed += 1

    def close(self) -> None:
        self.hush()


def test_a_spoken_fact_is_said_once_and_hushed_on_the_throw() -> None:
    mouth = Mouth()
    spoken = SpokenFacts(FactTeller(random.Random(1), FEW), mouth)
    for t in range(0, 100):
        spoken.update(float(t), waiting=True)
    assert len(mouth.said) == 1 and mouth.hushed == 0
    spoken.update(100.0, waiting=False)
    assert mouth.hushed == 1


@pytest.fixture
def waiting_table(tmp_path: Path) -> Iterator[Table]:
    state = GameState.parse("C:C1 R:M9 turn:C entered:CR")
    with Table(state_dir=tmp_path, settings=Settings(mummy=Side.REELS),
               pieces=state.occupancy()) as table:
        table.controller.set_up(state)
        table.run(0.5)
        yield table


def test_the_board_speaks_a_fact_while_a_player_decides_and_stops_on_the_shake(
    waiting_table: Table,
) -> None:
    table, mouth = waiting_table, Mouth()
    speak = spoken_facts(table.controller, mouth)
    assert awaiting_throw(table.controller)
    for _ in range(int(FIRST) + 2):
        table.run(1.0)
        speak()
    assert len(mouth.said) == 1 and mouth.said[0] in {f.text for f in load_facts()}
    table.sim.shake(0.8)
    table.run(2.0)
    speak()
    assert not awaiting_throw(table.controller) and mouth.hushed == 1


def stand_in_espeak(folder: Path, log: Path) -> None:
    """An ``espeak-ng`` that writes its arguments and what it was given to read to ``log``."""
    script = folder / "espeak-ng"
    script.write_text(f'#!/bin/sh\necho "$@" > "{log}"\ncat >> "{log}"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)


def test_without_espeak_ng_nothing_breaks(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no espeak-ng on it
    with caplog.at_level(logging.WARNING):
        voice = EspeakVoice()
    assert not voice.available
    assert "espeak-ng is not installed" in caplog.text and len(caplog.records) == 1
    spoken = SpokenFacts(FactTeller(random.Random(1), FEW), voice)
    for t in range(0, 400, 5):
        spoken.update(float(t), waiting=t < 300)
    voice.close()
    assert not voice.speaking


def test_espeak_ng_is_called_with_the_voice_the_volume_and_the_fact(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    heard = tmp_path / "heard.txt"
    stand_in_espeak(tmp_path, heard)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ.get('PATH', '')}")
    voice = EspeakVoice("en-gb", volume=0.4)
    assert voice.available
    voice.say("The name senet is usually translated 'passing'.")
    voice.wait(timeout=10)
    voice.close()
    assert heard.read_text() == "-v en-gb -a 50 --stdin\n" \
        "The name senet is usually translated 'passing'."


def test_a_muted_board_does_not_speak(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    heard = tmp_path / "heard.txt"
    stand_in_espeak(tmp_path, heard)
    monkeypatch.setenv("PATH", str(tmp_path))
    voice = EspeakVoice(muted=True)
    voice.say("Hush.")
    voice.wait(timeout=10)
    assert voice.available and not heard.exists()

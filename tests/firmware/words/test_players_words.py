"""A player reads a player's words: every message of the catalog a player reads or hears, and
every game's How to play (the window's pages, the terminal's rules, About), in every language,
holds none of our own vocabulary: the seed, a decision, a rule's number, an identifier of an
option or a function, what was tested, a file of the source tree, a search's inner workings, the
pseudo-language, markup. What spoken play says through a whole game, in each language, holds
none of it either, and no move in notation.

The command line's help and its errors (``sim/command/cli.py``), the web page's configuration
errors (``sim/web/config.py``) and the solve's refusal to start in too little memory
(``firmware/solve/run.py``) are for the maker who runs the commands: they name flags, files and
MiB on purpose, and are left out of the catalog's check; every command's ``--help`` is checked
as its reader reads it: a description, the same name for the same kind of value, no markup, no
pseudo-language, none of our vocabulary beyond its flags and files."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.games import load, names
from firmware import words
from firmware.lights.scenes import Phase
from firmware.play.controller import Settings
from firmware.words.catalog import PLACEHOLDER, TEMPLATE, po_path, read_po
from sim.board.demo import Demo
from sim.board.table import Table
from sim.pages.how_to_play import about, how_to_play
from sim.terminal.rules import rules_text
from tests.sim.board.test_demo import run_demo

SQUARE = r"(?:[A-Z]{1,2}\d{1,2}(?:\(\d+\))?)"
MOVE = re.compile(rf"(?<![\w-])(?:\d:)?(?:in|{SQUARE})[-x](?:off|{SQUARE})(?:x{SQUARE})?"
                  rf"(?![\w-])|(?<![\w:])\d:(?:in|{SQUARE})\b")
"""A move in notation: ``C2-M6``, ``inxM6``, ``M14-off``, ``2:in-C2``, ``6:M9-M15xM12``."""
RUN = re.compile(rf"(?<![\w-]){SQUARE}(?: +{SQUARE})+(?![\w-])")
"""Square names one after another with no word between (``C3 R2 C2``), in a line that says
something else too (a drawn board's row of labels is only names)."""


def notation_in(text: str) -> list[str]:
    """The moves in notation, and runs of square-like names, in a player's ``text``: a move
    is said in words ("a new Cone onto C4"), and throws with the sides that threw them."""
    found = MOVE.findall(text)
    for line in text.splitlines():
        if RUN.search(line) and RUN.sub(" ", line).strip(" |>[]*"):
            found += RUN.findall(line)
    return found


def test_the_checker_finds_moves_in_notation_and_throws_that_read_as_squares() -> None:
    assert notation_in("The mummy plays in-R4.") == ["in-R4"]
    assert notation_in("1) inxM6  2) M14-off  3) 2:in-C2  4) 6:M9-M15xM12  5) H28-off") == [
        "inxM6", "M14-off", "2:in-C2", "6:M9-M15xM12", "H28-off"]
    assert notation_in("The demon casts the sticks until someone can enter: C3 R2 C2 R1: the "
                       "Reels enter with the 4.") == ["C3 R2 C2 R1"]
    assert notation_in("The mummy plays: a new Reel onto R4, bumping a Cone. Cones on C2 and "
                       "M6. Cones 3, Reels 2. With the 2: Cone on C1 to C3; 1-4 and 6") == []
    assert notation_in(" C1   C2   C3   C4\n  [C ] [  ]") == []  # a drawn board's labels

MAKERS = ("sim/command/cli.py", "sim/command/about.py", "sim/command/selftest.py",
          "sim/command/calibrate.py",
          "sim/web/config.py", "firmware/solve/run.py")
"""Where the messages for the maker running the commands are."""
NAMES = ("MummyFacts", "MummyFact")
"""Names that look like identifiers and are a player's words (the 1995 game's)."""
OURS = {
    "the seed we worked from": r"\bseeds?\b",
    "a decision": r"\bdecided\b",
    "a rule's number": r"\brules? \d",
    "what was tested": r"\btest(?:ed|s|ing)?\b",
    "an identifier of the code": r"\b[a-z]+_[a-z0-9_]+\b|\b(?!JavaScript\b)[A-Z][a-z]+[A-Z]\w*"
                                 r"|\b[a-z_]+\.[a-z_]+\(|\b[A-Z]\w+\.[a-z_]\w*",
    "a command-line option": r"(?<![\w-])--[a-z]",
    "a file of the source tree": r"[\w/.-]+\.(?:md|py|txt|toml|json|jsonl|cfg|po|mo|csv|sock)\b",
    "a search's inner workings": r"(?i)\balpha-?b[eê]ta\b|\bnodes?\b|\bplies\b|\bply\b",
    "a program's state": r"(?i)\b(?:is|are|not) loaded\b",
    "the pseudo-language": r"\bqps\b",
    "markup": r"`",
}
"""Our vocabulary in any language (names and numbers look the same in every one)."""
OURS_IN = {
    "de": r"\b(?:Vorlage|entschieden|geprüft|getestet|Regeln? \d)",
    "fr": r"\b(?:décidée?s?|vérifiée?s?|testée?s?|règles? \d)",
    "it": r"\b(?:decis[oaie]|verificat[oaie]|testat[oaie]|regol[ae] \d)",
    "es": r"\b(?:decidid[oa]s?|comprobad[oa]s?|probad[oa]s?|reglas? \d)",
    "ar": r"(?:النص الأصلي|مختبر|القاعدة \d)",
}
"""The same, as our translators would have written it in each language."""


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    words.use("en")


def ours(text: str, language: str) -> list[str]:
    """What of our vocabulary ``text`` holds (its placeholders aside)."""
    text = PLACEHOLDER.sub(" ", text)
    text = re.sub(r"['«]\s?\w+ \d+\s?['»]", " ", text)  # a command quoted: 'rules 2'
    for name in NAMES:
        text = text.replace(name, " ")
    found = [what for what, pattern in OURS.items() if re.search(pattern, text)]
    if language in OURS_IN and re.search(OURS_IN[language], text):
        found.append(f"our words in {language}")
    return found


def test_the_check_finds_our_vocabulary_in_any_language() -> None:
    assert ours("as the seed says, decided here (rule 12)", "en") == [
        "the seed we worked from", "a decision", "a rule's number"]
    assert ours("option backward_when_blocked of SenetRules", "en") == [
        "an identifier of the code"]
    assert ours("The games need JavaScript to run.", "en") == []  # a name a player knows
    assert ours("tested over random games; see engine/senet/rules.md", "en") == [
        "what was tested", "a file of the source tree"]
    assert ours("--no-demon-cast turns it off", "en") == ["a command-line option"]
    assert ours("wie die Vorlage sagt (Regel 12)", "de") == ["our words in de"]
    assert ours("(القاعدة 12)", "ar") == ["our words in ar"]
    assert ours("{side} win! The MummyFacts of P. S. Neeley's 20-Squares.", "en") == []
    assert ours("'rules 2': the next page; « règles 2 » : la page suivante", "fr") == []
    assert ours("searches four moves ahead (alpha-beta within 600 positions)", "en") == [
        "a search's inner workings"]
    assert ours("no solved table is loaded: Neferkaptah plays as the Vizier", "en") == [
        "a program's state"]
    assert ours("qps: the pseudo-language; ``--simulated``", "en") == [
        "a command-line option", "the pseudo-language", "markup"]


def players_messages(language: str) -> Iterator[tuple[str, str]]:
    """Every message a player reads or hears, as said in ``language``, with where it is."""
    catalog = read_po(TEMPLATE if language == "en" else po_path(language))
    for message in catalog:
        if not message.id or all(place in MAKERS for place, _line in message.locations):
            continue
        said = message.id if language == "en" else message.string
        for text in said if isinstance(said, tuple) else (said,):
            yield text, message.locations[0][0]


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
def test_no_message_a_player_reads_holds_our_vocabulary(language: str) -> None:
    found = [(where, text[:80], what) for text, where in players_messages(language)
             for what in ours(text, language)]
    assert found == []
    assert sum(1 for _ in players_messages(language)) > 800  # the catalog, not a few lines


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
@pytest.mark.parametrize("name", names())
def test_no_how_to_play_page_holds_our_vocabulary(name: str, language: str,
                                                  english_after: None) -> None:
    """The window's pages and About, and the terminal's rules page by page."""
    words.use(language)
    rules = load(name)
    shown = [f"{page.title}\n{page.body}" for page in (*how_to_play(rules), about(rules))]
    shown += [rules_text(rules, str(n)) for n in range(1, len(how_to_play(rules)))]
    found = [(text.split("\n")[0], what) for text in shown for what in ours(text, language)]
    assert found == []


SPOKEN = dict(zip(names(), ("ar", "de", "fr", "es", "it"), strict=True))
"""The language each game is spoken in below: every game once, every language but English
(English's sentences are the catalog's ids, checked above)."""


@pytest.mark.parametrize("name", [n if n != "stacks" else pytest.param(n, marks=pytest.mark.long)
                                  for n in names()])  # the stacking game's demo: a minute
def test_what_spoken_play_says_through_a_whole_game_is_a_players_words(
        name: str, tmp_path: Path, english_after: None) -> None:
    """The mummy's hand plays both sides on the simulated board with spoken play chosen, in
    ``SPOKEN``'s language: every line said holds none of our vocabulary and no notation (the
    demon's throws were once said "C3 R2 C2", as squares)."""
    said: list[str] = []
    table = Table(state_dir=tmp_path, seed=7, menu=True, say=said.append,
                  settings=Settings(mummy_plays_both=True, celebrate=2.0, ruleset=load(name)),
                  overrides={"game": name, "spoken": "on", "language": SPOKEN[name]})
    demo = Demo(table.sim)
    controller = table.controller
    while controller.phase is not Phase.WON and table.now < 3600:
        run_demo(table, demo, 1.0)
    table.close()
    assert controller.phase is Phase.WON
    assert words.language() == SPOKEN[name] and len(said) > 20  # a game, said in its language
    found = [(line[:80], what) for line in said
             for what in [*ours(line, SPOKEN[name]), *notation_in(line)]]
    assert found == []


COMMANDS = ("play", "run", "sim", "solve", "review", "stats", "menu-card", "build-kit", "web",
            "far", "fleet", "selftest", "calibrate")
FLAGS_AND_FILES = ("a command-line option", "a file of the source tree")
"""What a command's help names on purpose: its flags, and the files it reads or writes."""
OPTION = re.compile(r"^\s+(--[a-z-]+) ([A-Z][A-Z_]*)\b", re.MULTILINE)


def helps(language: str, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """``aseb --help`` and every ``aseb COMMAND --help``, as printed in ``language``."""
    from sim.command.cli import main

    monkeypatch.setenv("LANGUAGE", language)
    found = {}
    for command in ("", *COMMANDS):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"] if command else ["--help"])
        assert done.value.code == 0
        found[command or "aseb"] = capsys.readouterr().out
    return found


@pytest.mark.parametrize("language", sorted(words.LANGUAGES))
def test_every_commands_help_is_written_for_its_reader(
        language: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        english_after: None) -> None:
    printed = helps(language, monkeypatch, capsys)
    found = [(command, what) for command, text in printed.items()  # its flags named, on purpose
             for what in ours(re.sub(r"--[a-z-]+", " ", text), language)
             if what not in FLAGS_AND_FILES]
    assert found == []
    assert [command for command, text in printed.items()  # the usage, then what it is for
            if text.split("\n\n")[1].rstrip(":").strip().isalpha()] == []
    assert [command for command, text in printed.items() if re.search(r"\.py\b|/\w+/\w+\.md", text)
            ] == []
    metavars: dict[str, set[str]] = {}
    for text in printed.values():
        for option, metavar in OPTION.findall(text):
            metavars.setdefault(option, set()).add(metavar)
    metavars.pop("--out")  # a file or a folder, as the command writes one
    assert {option: names for option, names in metavars.items() if len(names) > 1} == {}

"""A player reads a player's words: every message of the catalog a player reads or hears, and
every game's How to play (the window's pages, the terminal's rules, About), in every language,
holds none of our own vocabulary: the seed, a decision, a rule's number, an identifier of an
option or a function, what was tested, a file of the source tree.

The command line's help and its errors (``sim/command/cli.py``), the web page's configuration
errors (``sim/web/config.py``) and the solve's refusal to start in too little memory
(``firmware/solve/run.py``) are for the maker who runs the commands: they name flags, files and
MiB on purpose, and are left out."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine.games import load, names
from firmware import words
from firmware.words.catalog import PLACEHOLDER, TEMPLATE, po_path, read_po
from sim.pages.how_to_play import about, how_to_play
from sim.terminal.rules import rules_text

MAKERS = ("sim/command/cli.py", "sim/web/config.py", "firmware/solve/run.py")
"""Where the messages for the maker running the commands are."""
NAMES = ("MummyFacts", "MummyFact")
"""Names that look like identifiers and are a player's words (the 1995 game's)."""
OURS = {
    "the seed we worked from": r"\bseeds?\b",
    "a decision": r"\bdecided\b",
    "a rule's number": r"\brules? \d",
    "what was tested": r"\btest(?:ed|s|ing)?\b",
    "an identifier of the code": r"\b[a-z]+_[a-z0-9_]+\b|\b[A-Z][a-z]+[A-Z]\w*"
                                 r"|\b[a-z_]+\.[a-z_]+\(|\b[A-Z]\w+\.[a-z_]\w*",
    "a command-line option": r"(?<![\w-])--[a-z]",
    "a file of the source tree": r"[\w/.-]+\.(?:md|py|txt|toml|json|jsonl|cfg|po|mo|csv|sock)\b",
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
    assert ours("tested over random games; see engine/senet/rules.md", "en") == [
        "what was tested", "a file of the source tree"]
    assert ours("--no-demon-cast turns it off", "en") == ["a command-line option"]
    assert ours("wie die Vorlage sagt (Regel 12)", "de") == ["our words in de"]
    assert ours("(القاعدة 12)", "ar") == ["our words in ar"]
    assert ours("{side} win! The MummyFacts of P. S. Neeley's 20-Squares.", "en") == []
    assert ours("'rules 2': the next page; « règles 2 » : la page suivante", "fr") == []


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

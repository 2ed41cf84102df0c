"""The site's pages for players (``docs/play/``) are written for a player: commands to type and
the names of settings are theirs, but not our source tree, our decisions or our rule numbers
(those belong to the developers' pages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

PLAY = Path(__file__).resolve().parents[1] / "docs" / "play"
OURS = {
    "a file of the source tree": r"\b(?:engine|firmware|hardware|sim|tests)/[\w/]*|\b\w+\.py\b",
    "a decision": r"\bdecided\b",
    "the seed we worked from": r"\bseeds?\b",
    "a rule's number": r"(?<!`)\brules? \d",  # `rules 3` is the terminal's command
    "an identifier of the code": r"\b[A-Z][a-z]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\(",
}


def ours(text: str) -> list[str]:
    """What in ``text`` is our vocabulary, each with what it is."""
    return [f"{what}: {found.group(0)!r}" for what, pattern in OURS.items()
            for found in re.finditer(pattern, text)]


def test_the_check_finds_our_vocabulary() -> None:
    assert ours("The tutorial (`firmware/story/tutorial.py`) decided it, by rule 3.") == [
        "a file of the source tree: 'firmware/story/tutorial'", "a decision: 'decided'",
        "a rule's number: 'rule 3'"]
    assert ours("It is in setna.py.") == ["a file of the source tree: 'setna.py'"]
    assert ours("Every game speaks its own words (`Rules.words`).") == [
        "an identifier of the code: 'Rules.words'"]
    assert ours("Press Enter to throw; `aseb play --plain` draws nothing.") == []


@pytest.mark.parametrize("page", sorted(PLAY.glob("*.md")), ids=lambda page: page.stem)
def test_no_page_for_players_holds_our_vocabulary(page: Path) -> None:
    assert ours(page.read_text(encoding="utf-8")) == []

"""The site's pages for players (``docs/play/``, and each game's How to play) are written for a
player: what a player types in the terminal game and the names of settings are theirs, but not
our source tree, our decisions or our rule numbers (those belong to the developers' pages), nor a
command line, a file's path, a board file's key or an exit status (those belong to the one
install page, ``docs/play/install.md``, and to the technicians' and developers' pages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PLAY = ROOT / "docs" / "play"
INSTALL = PLAY / "install.md"
HOW_TO_PLAY = sorted(ROOT.glob("engine/*/how_to_play.md"))
OURS = {
    "a file of the source tree": r"\b(?:engine|firmware|hardware|sim|tests)/[\w/]*|\b\w+\.py\b",
    "a decision": r"\bdecided\b",
    "the seed we worked from": r"\bseeds?\b",
    "a rule's number": r"(?<!`)\brules? \d",  # `rules 3` is the terminal's command
    "an identifier of the code": r"\b[A-Z][a-z]+\.[a-z_]+\b|\b[a-z]+_[a-z_]+\(",
}


SHELL = ("aseb", "make", "pip", "pipx", "python", "python3", "sudo", "systemctl",
         "journalctl", "apt", "apt-get", "git", "cd", "cp", "chmod", "chown", "export")
TECHNICIANS = {
    "a command line": r"`(?:\$ )?(?:(?:" + "|".join(SHELL) + r")(?:\s[^`]*)?|(?:\./|\.venv/)[^`]*)`"
                      r"|`--[a-z][\w-]*[^`]*`"
                      r"|^```(?:sh|bash|console|shell)\b",
    "a file's path": r"(?:~|\B/(?:etc|var|opt|run|tmp|usr|proc|dev|home))/[\w./-]*"
                     r"|\b[\w-]+\.(?:json|toml|sock|conf|pem|log|ogg)\b",
    "a board file's key": r"`\[[a-z_]+\][^`]*`",
    "an exit status": r"\bexit(?:s|ed)?(?: with)? \d+|\bexit (?:status|code)",
}
"""What a player never needs to read: it belongs to the install page, a technician's or a
developer's."""


def technicians(text: str) -> list[str]:
    """What in ``text`` is for a technician or a developer, each with what it is."""
    return [f"{what}: {found.group(0)!r}" for what, pattern in TECHNICIANS.items()
            for found in re.finditer(pattern, text, re.MULTILINE)]


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


def test_the_check_finds_a_technicians_words() -> None:
    assert technicians("Run `make run`, or `.venv/bin/aseb sim --game senet`.") == [
        "a command line: '`make run`'", "a command line: '`.venv/bin/aseb sim --game senet`'"]
    assert technicians("```sh\naseb play\n```") == ["a command line: '```sh'"]
    assert technicians("Add `--lang de`.") == ["a command line: '`--lang de`'"]
    assert technicians("Kept in `~/.local/state/aseb/simulator/settings.json`.") == [
        "a file's path: '~/.local/state/aseb/simulator/settings.json'"]
    assert technicians("the board file's `[web]` section") == ["a board file's key: '`[web]`'"]
    assert technicians("A bad board file exits 78.") == ["an exit status: 'exits 78'"]
    assert technicians("The terminal draws a marked square as `[* ]`.") == []
    assert technicians("Type `rules 3`, `game senet`, `lights calm` or `C2-M6`; press Enter.") == []


PLAYERS = sorted(page for page in PLAY.glob("*.md") if page != INSTALL)


@pytest.mark.parametrize("page", [*PLAYERS, *HOW_TO_PLAY],
                         ids=lambda page: f"{page.parent.name}/{page.stem}")
def test_no_page_for_players_holds_a_technicians_words(page: Path) -> None:
    assert technicians(page.read_text(encoding="utf-8")) == []


def test_the_players_pages_lead_to_the_one_install_page() -> None:
    assert INSTALL.exists()
    for page in ("index.md", "terminal.md"):
        assert "](install.md" in (PLAY / page).read_text(encoding="utf-8"), page
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "play/install.md" in nav

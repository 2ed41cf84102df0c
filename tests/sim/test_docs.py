"""The README and the rules page link only to files in the repository, and those files exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs" / "rules").glob("*.md")),
         ROOT / "firmware" / "README.md", ROOT / "hardware" / "README.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_stays_in_the_repository(page: Path) -> None:
    for target in re.findall(r"\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
        assert "://" not in target and not target.startswith(".."), target
        assert (page.parent / target.split("#")[0]).resolve().is_relative_to(ROOT), target
        assert (page.parent / target.split("#")[0]).exists(), target


def test_the_rules_page_marks_its_decisions() -> None:
    rules = (ROOT / "docs" / "rules" / "tait.md").read_text(encoding="utf-8")
    assert rules.count("**(decided)**") >= 3
    for game in ("cyningstan", "senet", "stacks"):
        assert "(decided)" in (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    for rule in ("Bumping", "Bearing off", "Extra turns", "demon-cast", "first entry"):
        assert rule.lower() in rules.lower(), rule

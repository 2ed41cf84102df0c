"""The README and the rules pages link only to files in the repository, and those files exist;
every rules page is package data, so an install (a wheel, not the source tree) has it."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES_PAGES = sorted(ROOT.glob("engine/*/rules.md"))
PAGES = [ROOT / "README.md", *RULES_PAGES,
         ROOT / "firmware" / "README.md", ROOT / "hardware" / "README.md"]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_stays_in_the_repository(page: Path) -> None:
    for target in re.findall(r"\]\(([^)]+)\)", page.read_text(encoding="utf-8")):
        assert "://" not in target, target
        assert (page.parent / target.split("#")[0]).resolve().is_relative_to(ROOT), target
        assert (page.parent / target.split("#")[0]).exists(), target


def test_the_rules_page_marks_its_decisions() -> None:
    rules = (ROOT / "engine" / "tait" / "rules.md").read_text(encoding="utf-8")
    assert rules.count("**(decided)**") >= 3
    for game in ("cyningstan", "senet", "stacks"):
        assert "(decided)" in (ROOT / "engine" / game / "rules.md").read_text(encoding="utf-8")
    for rule in ("Bumping", "Bearing off", "Extra turns", "demon-cast", "first entry"):
        assert rule.lower() in rules.lower(), rule


def test_every_games_rules_for_players_and_reference_are_package_data() -> None:
    """How to play reads ``engine/NAME/how_to_play.md`` with importlib.resources, and the
    reference ``rules.md`` sits beside it: the wheel (systemd/install.sh, pip install .) carries
    them only if a package-data pattern names them."""
    from engine.games import load, names
    from sim.pages.guide import SOURCE, guide

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    setuptools = project["tool"]["setuptools"]
    patterns = setuptools["package-data"]["*"]
    assert sorted(ROOT / "engine" / name / "rules.md" for name in names()) == RULES_PAGES
    for name in names():
        assert any(fnmatch.fnmatch(f"engine.{name}", p) for p in setuptools["packages"]["find"]
                   ["include"]), name
        for page in ("rules.md", SOURCE):
            assert any(fnmatch.fnmatch(page, p) for p in patterns), (page, patterns)
        assert (ROOT / "engine" / name / SOURCE).exists(), name
        assert guide(load(name)) is not None, name

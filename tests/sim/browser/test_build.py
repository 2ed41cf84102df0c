"""The Play page as make docs builds it: a page in each language from the catalogs (Arabic right
to left), the web page's own drawing and painter, aseb's packages compiled for the browser's
Python with none of what it never imports, Pyodide's files and licence, a service worker that
keeps every file, a manifest with our icons; and a solved table published beside it, looked up
without NumPy exactly as the board looks it up."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest

from firmware import words
from firmware.words import LANGUAGES
from sim.browser.build import KEPT_OUT, BuildError, build, page_name
from sim.browser.session import Session
from sim.browser.table import PublishedTable, published
from sim.browser.worker import start, use_table
from tests.solved import TWO, random_game, table_directory, two_piece_table


def test_a_position_is_found_in_the_published_table_as_the_board_finds_it() -> None:
    table = two_piece_table()
    lookup = json.loads(json.dumps(published(table)))  # as the page fetches it
    found = PublishedTable(lookup, [int(value) for value in table.values])
    codes = {game.before(n).code for seed in range(30) for game in [random_game(seed)]
             for n in range(len(game.actions) + 1)}
    assert len(codes) > 300
    assert all(found.chance(code) == table.chance(code) for code in codes)


def test_a_table_that_is_not_one_is_refused_in_a_line() -> None:
    table = two_piece_table()
    lookup = published(table)
    with pytest.raises(ValueError, match="hold 3 positions"):
        PublishedTable(json.loads(json.dumps(lookup)), [0, 0, 0])
    with pytest.raises(ValueError, match="not a published solved table"):
        PublishedTable({"format": 1}, [])
    session = start("{}")
    said = json.loads(use_table(session, "[1, 2", []))
    assert said[0]["type"] == "error" and session.table is None


def test_neferkaptah_is_chosen_only_once_his_table_is_here() -> None:
    session: Session = start("{}")
    refused = session.answer('{"type": "set", "key": "level", "value": "neferkaptah"}')
    assert refused[0]["type"] == "error" and session.chosen.level.name == "PRIEST"
    table = two_piece_table()
    events = json.loads(use_table(session, json.dumps(published(table)),
                                  [int(v) for v in table.values]))
    assert {"settings"} <= {event["type"] for event in events}
    session.answer('{"type": "set", "key": "level", "value": "neferkaptah"}')
    assert session.chosen.level.name == "NEFERKAPTAH" and session.mummy.table is not None


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("app")
    try:
        build(folder, fetch=False, table=table_directory(), table_rules=TWO)
    except BuildError as exc:
        pytest.skip(f"the Play page cannot be built here: {exc}")
    return folder


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_page_in_each_language_from_the_catalogs(page: Path, language: str) -> None:
    html = (page / page_name(language)).read_text(encoding="utf-8")
    assert f'<html lang="{language}" dir="{"rtl" if language == "ar" else "ltr"}">' in html
    assert '<svg class="board"' in html and 'id="sq-M8"' in html  # the web page's drawing
    assert 'src="static/board.js"' in html and 'src="static/play.js"' in html
    assert '<option value="neferkaptah"' in html and "data-table=" in html
    assert ('Play in your browser' in html) == (language == "en")


def test_the_packages_are_compiled_for_the_browsers_python_without_what_it_never_imports(
        page: Path) -> None:
    names = zipfile.ZipFile(io.BytesIO((page / "aseb.zip").read_bytes())).namelist()
    assert "sim/browser/session.pyc" in names and "engine/tait/vizier.pyc" in names
    assert not [name for name in names if name.endswith(".py")]
    assert not [name for name in names if any(name.startswith(out) for out in KEPT_OUT)]
    assert "firmware/words/locale/ar/LC_MESSAGES/aseb.mo" in names
    assert "firmware/words/locale/qps/LC_MESSAGES/aseb.mo" not in names
    stdlib = zipfile.ZipFile(io.BytesIO((page / "pyodide/python_stdlib.zip").read_bytes()))
    assert "json/__init__.pyc" in stdlib.namelist()


def test_pyodide_is_served_with_its_licence_and_nothing_from_elsewhere(page: Path) -> None:
    licence = (page / "pyodide/LICENSE.txt").read_text(encoding="utf-8")
    assert "Mozilla Public License Version 2.0" in licence and "MPL-2.0" in licence
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"):
        assert (page / "pyodide" / name).stat().st_size > 0
    scripts = [path.read_text(encoding="utf-8") for path in (page / "static").glob("*.*js")]
    assert not [found for text in scripts for found in re.findall(r"https?://[^\s\"']+", text)]


def test_the_service_worker_keeps_every_file_of_the_page_but_the_table(page: Path) -> None:
    worker = (page / "sw.js").read_text(encoding="utf-8")
    kept = json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S).group(1))  # type: ignore[union-attr]
    served = {path.relative_to(page).as_posix() for path in page.rglob("*") if path.is_file()}
    assert set(kept) - {"./"} == served - {"sw.js"} - {n for n in served if n.startswith("table/")}
    assert any(n.startswith("table/") and n.endswith(".values") for n in served)


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_manifest_makes_it_an_app_in_its_language_with_our_icons(
        page: Path, language: str) -> None:
    html = (page / page_name(language)).read_text(encoding="utf-8")
    name = re.search(r'<link rel="manifest" href="([^"]+)">', html).group(1)  # type: ignore[union-attr]
    manifest = json.loads((page / name).read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["lang"] == language
    assert manifest["start_url"] == f"./{page_name(language)}"
    assert (manifest["dir"] == "rtl") == (language == "ar")
    for icon in manifest["icons"]:
        data = (page / icon["src"]).read_bytes()
        width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and icon["sizes"] == f"{width}x{height}"


def test_imported_from_its_zip_the_worker_reads_the_catalogs_beside_it(
        page: Path, tmp_path: Path) -> None:
    packages = tmp_path / "aseb.zip"
    packages.write_bytes((page / "aseb.zip").read_bytes())
    kept = words.LOCALES
    try:
        session = start('{"settings": {"language": "de"}}', str(packages))
        assert words.LOCALES == tmp_path / "locale"
        assert (tmp_path / "locale/de/LC_MESSAGES/aseb.mo").is_file()
        assert session.lines[0].startswith("Zwanzig Felder")
    finally:
        words.read_catalogs_from(kept)
        words.use("en")

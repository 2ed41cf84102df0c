"""The catalog tool: Babel extracts every marked word into ``aseb.pot``, brings each language's
``.po`` up to date, writes the pseudo-language ``qps`` from the template and compiles every
``.mo`` (the ``.mo`` files are committed, so a fresh clone speaks every language without Babel).

    python -m firmware.words.catalog          # or: make catalog
    python -m firmware.words.catalog --check  # exit 1 when the catalogs are not up to date

What is extracted is said in ``babel.cfg`` at the top of the source tree: Python (``_``,
``N_``, ``ngettext``, ``nphrase``, ``pgettext`` and ``NP_`` with their context), the MummyFacts
(``firmware.story.facts:extract``) and the rules pages the window shows
(``sim.pages.how_to_play:extract``). Babel is a dev dependency.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from firmware.words import DOMAIN, LANGUAGES, LOCALES, PSEUDO
from hardware.doors.file_reader import Bounds, read_bytes, read_text
from hardware.doors.writer import write_whole

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "babel.cfg"
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "nphrase": (1, 2),
            "pgettext": ((1, "c"), 2), "NP_": ((1, "c"), 2)}
STAMP = datetime(2026, 1, 1, tzinfo=UTC)
CATALOG = Bounds("catalog", 8 * 1024 * 1024)
"""A language's catalog, its template, babel.cfg: a few hundred kilobytes each."""
"""A fixed date in the headers, so a catalog changes only when its messages do."""
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%\([a-z_]+\)[sd]")
PSEUDO_LETTERS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçďéƒĝĥîĵķļṁñôƥǫŕšţûṽŵẋýžÅƁÇĎÉƑĜĤÎĴĶĻṀÑÔƤǪŔŠŢÛṼŴẊÝŽ")


def po_path(language: str) -> Path:
    """Where a language's catalog is: ``firmware/words/locale/de/LC_MESSAGES/aseb.po``."""
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every marked message of the source tree, as Babel finds it by ``babel.cfg``."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    config = io.StringIO(read_text(CONFIG, CATALOG))
    method_map, options_map = parse_mapping_cfg(config)  # type: ignore[no-untyped-call]
    catalog = Catalog(project="aseb", version="0.1", creation_date=STAMP,
                      msgid_bugs_address="https://github.com/aseb/aseb/issues",
                      copyright_holder="the aseb authors", charset="utf-8")
    for path, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, KEYWORDS, ("Translators:",), strip_comment_tags=True):
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def pseudo(text: str) -> str:
    """``text`` bracketed and accented, its placeholders kept: ``[Ŝĥàķé {side}]``."""
    out, at = [], 0
    for found in PLACEHOLDER.finditer(text):
        out.append(text[at:found.start()].translate(PSEUDO_LETTERS))
        out.append(found.group())
        at = found.end()
    out.append(text[at:].translate(PSEUDO_LETTERS))
    return f"[{''.join(out)}]"


def pseudo_catalog(template: Catalog) -> Catalog:
    """The pseudo-language made from the template (two plural forms, as English)."""
    from babel.messages.catalog import Catalog

    made = Catalog(domain=DOMAIN, project="aseb", version="0.1", creation_date=STAMP,
                   revision_date=STAMP, charset="utf-8")  # no locale: English's two plurals
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            made.add(message.id, tuple(pseudo(m) for m in message.id), message.locations,
                     context=message.context)
        else:
            made.add(message.id, pseudo(str(message.id)), message.locations,
                     context=message.context)
    return made


def read_po(path: Path) -> Catalog:
    from babel.messages.pofile import read_po as babel_read_po

    return babel_read_po(io.BytesIO(read_bytes(path, CATALOG)))


def po_bytes(catalog: Catalog) -> bytes:
    from babel.messages.pofile import write_po

    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def updated(template: Catalog, language: str) -> Catalog:
    """A language's catalog brought up to the template: new messages added empty, gone ones
    dropped (kept as obsolete), its translations kept."""
    from babel.messages.catalog import Catalog

    path = po_path(language)
    if language == PSEUDO:
        return pseudo_catalog(template)
    if path.exists():
        catalog = read_po(path)
    else:
        catalog = Catalog(locale=language, domain=DOMAIN, project="aseb", version="0.1",
                          creation_date=STAMP, revision_date=STAMP, charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()  # the history of a message is git's
    return catalog


def files(template: Catalog) -> dict[Path, bytes]:
    """Every catalog file as it should be: the template, each .po and its .mo."""
    wanted = {TEMPLATE: po_bytes(template)}
    for language in (*LANGUAGES, PSEUDO):
        catalog = updated(template, language)
        wanted[po_path(language)] = po_bytes(catalog)
        wanted[po_path(language).with_suffix(".mo")] = mo_bytes(catalog)
    return wanted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m firmware.words.catalog", description=__doc__)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 naming each catalog that is out of date")
    args = parser.parse_args(argv)
    template = extract()
    stale = []
    for path, data in files(template).items():
        if path.exists() and read_bytes(path, CATALOG) == data:
            continue
        stale.append(path)
        if not args.check:
            write_whole(path, data)
    messages = sum(1 for m in template if m.id)
    for path in stale:
        print(f"{'out of date' if args.check else 'wrote'}: {path.relative_to(ROOT)}")
    print(f"{messages} messages; {len(stale)} files {'out of date' if args.check else 'written'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())

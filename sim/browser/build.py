"""The Play page written into a folder of the site (``make docs`` does it, through the docs'
hook): a page in each language, the page's scripts beside the web page's own drawing, aseb's
packages as one zip, Pyodide from its npm package (the version pinned in ``package-lock.json``,
fetched by ``npm ci`` into ``build/npm``) with its licence, the service worker that keeps it all
for offline play, and the manifest and icons that make it an app on a phone.

    python -m sim.browser.build build/app     # the page alone (a look, a test, the benchmark)
    python -m sim.browser.build --pyodide     # Pyodide's package only (make test does it)
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from engine import games
from firmware import words
from firmware.lights.scenes import GOLD
from firmware.menu.choices import choose, setting
from firmware.service.link_schema import geometry_json
from firmware.words import LANGUAGES, _, ngettext, pgettext, problem, say
from sim.browser.page import OFFERED, SCRIPT, offers
from sim.web import words as web_words
from sim.web.board_svg import board_svg

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
"""The source tree (the packages are zipped from here)."""
NPM = ROOT / "build" / "npm"
"""Where ``npm ci`` installs Pyodide's package (left out of the source tree and its wheel)."""
WEB = ROOT / "sim" / "web"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json",
                 "package.json")
"""What of Pyodide's npm package a browser loads as it is (no source maps, no node-only
files)."""
TABLE = "table"
"""Where a published solved table lives beside the page (fetched only when chosen, so never
kept by the service worker with the page)."""
STDLIB = "python_stdlib.zip"
"""Python's standard library in Pyodide's package: served compiled (``bytecode``)."""
PACKAGES = ("engine", "firmware", "hardware", "sim")
KEPT_OUT = ("engine/solve", "firmware/solve", "firmware/kit", "sim/window", "sim/drawing",
            "sim/board", "sim/command", "sim/far", "sim/browser/build.py")
"""What the worker never imports: the solver (NumPy, Numba), the build kit, the window and its
drawing (pygame), the simulated board, the command line, far play, this builder."""
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
"""Every file of the zip dated alike, so the same sources make the same zip."""


class BuildError(Exception):
    """The page cannot be built here, and what to do about it."""


def pyodide(npm: Path = NPM, *, fetch: bool = True) -> Path:
    """Pyodide's npm package, installed by ``npm ci`` from the pinned lock file when it is
    missing or another version (``fetch``; else BuildError); BuildError saying what to
    install when npm is not there."""
    lock = json.loads((HERE / "package-lock.json").read_text(encoding="utf-8"))
    wanted = lock["packages"]["node_modules/pyodide"]["version"]
    folder = npm / "node_modules" / "pyodide"
    if _version(folder) == wanted:
        return folder
    if not fetch:
        raise BuildError(f"Pyodide {wanted} is not installed in {npm} (make test and make docs "
                         "install it with npm)")
    with _alone(npm):  # one build at a time installs (the tests build in parallel)
        if _version(folder) != wanted:
            _install(npm, wanted)
    return folder


def _install(npm: Path, wanted: str) -> None:
    folder = npm / "node_modules" / "pyodide"
    command = shutil.which("npm")
    if command is None:
        raise BuildError(f"the Play page needs npm to fetch Pyodide {wanted} (its npm package, "
                         "pinned in sim/browser/package-lock.json): apt-get install npm")
    npm.mkdir(parents=True, exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(HERE / name, npm / name)
    done = subprocess.run([command, "ci", "--ignore-scripts", "--no-audit", "--no-fund",
                           "--omit=dev"], cwd=npm, capture_output=True, text=True, check=False)
    if done.returncode != 0 or _version(folder) != wanted:
        raise BuildError(f"npm ci could not fetch Pyodide {wanted}: "
                         f"{(done.stderr or done.stdout).strip()[-400:]}")


@contextlib.contextmanager
def _alone(npm: Path) -> Iterator[None]:
    """Hold ``npm``'s lock: builds in parallel wait for each other's install and compiling."""
    npm.mkdir(parents=True, exist_ok=True)
    with (npm / ".lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _version(folder: Path) -> str | None:
    try:
        found = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    version = found.get("version") if isinstance(found, dict) else None
    return version if isinstance(version, str) else None


def packages_zip() -> bytes:
    """aseb's packages as the worker loads them: every module it may import, and the
    catalogs of the six languages."""
    import io

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in _shipped():
            info = zipfile.ZipInfo(path.relative_to(ROOT).as_posix(), ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return buffer.getvalue()


def _shipped() -> Iterable[Path]:
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            name = path.relative_to(ROOT).as_posix()
            if any(name == out or name.startswith(out + "/") for out in KEPT_OUT) \
                    or "__pycache__" in path.parts or not path.is_file():
                continue
            if path.suffix == ".py" or (path.suffix == ".mo" and path.parent.parent.name
                                        in LANGUAGES):
                yield path


def bytecode(found: Path, sources: bytes, npm: Path = NPM) -> bytes:
    """``sources`` (a zip of modules) compiled by Pyodide's own Python (``compile.mjs`` under
    Node), kept in ``npm`` by what was compiled and how, so the same sources compile once."""
    key = hashlib.sha256(sources + (HERE / "bytecode.py").read_bytes() +
                         str(_version(found)).encode()).hexdigest()[:20]
    kept = npm / "compiled" / f"{key}.zip"
    if not kept.is_file():
        with _alone(npm):
            if not kept.is_file():
                _compile(found, sources, kept)
    return kept.read_bytes()


def _compile(found: Path, sources: bytes, kept: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise BuildError("the Play page needs Node (it comes with npm) to compile Python's "
                         "modules with Pyodide: apt-get install nodejs npm")
    kept.parent.mkdir(parents=True, exist_ok=True)
    given = kept.with_suffix(".sources")
    given.write_bytes(sources)
    made = kept.with_suffix(".part")
    done = subprocess.run([node, str(HERE / "compile.mjs"), str(found), str(given), str(made)],
                          capture_output=True, text=True, check=False)
    given.unlink()
    if done.returncode != 0 or not made.is_file():
        raise BuildError(f"Pyodide could not compile the modules: "
                         f"{(done.stderr or done.stdout).strip()[-400:]}")
    made.replace(kept)


def build(out: Path, *, docs: str = "../", npm: Path = NPM, fetch: bool = True,
          table: Path | None = None, table_rules: Any = None) -> list[Path]:
    """Write the Play page into ``out``; ``docs``: the way from it to the documentation's
    front page; ``fetch``: install Pyodide if it is missing; ``table``: a folder holding Tait's
    solved table (of ``table_rules``: Tait's game when None), published beside the page for
    Neferkaptah. Returns every file written."""
    found = pyodide(npm, fetch=fetch)
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, bytes] = {"aseb.zip": bytecode(found, packages_zip(), npm)}
    for name in ("board.js", "aseb.css"):
        written[f"static/{name}"] = (WEB / "static" / name).read_bytes()
    for name in ("play.js", "play.css", "worker.mjs"):
        written[f"static/{name}"] = (HERE / "static" / name).read_bytes()
    for name in PYODIDE_FILES:
        written[f"pyodide/{name}"] = (found / name).read_bytes()
    written["pyodide/python_stdlib.zip"] = bytecode(found, (found / STDLIB).read_bytes(), npm)
    written["pyodide/LICENSE.txt"] = licence(found)
    written.update(icons())
    version = hashlib.sha256(b"".join(hashlib.sha256(data).digest() for _, data in
                                      sorted(written.items()))).hexdigest()[:16]
    published = None if table is None else publish(table, out / TABLE, table_rules)
    language = words.language()
    try:
        for code in LANGUAGES:
            words.use(code)
            written[page_name(code)] = page(code, docs, version, published).encode()
            written[manifest_name(code)] = manifest(code)
    finally:
        words.use(language)
    written["sw.js"] = service_worker(version, sorted(written)).encode()
    paths = [] if published is None else [out / published["lookup"], out / published["values"]]
    for name, data in written.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        paths.append(path)
    return paths


def page_name(code: str) -> str:
    """The page of a language: English's is ``index.html``, the others' ``de.html``..."""
    return "index.html" if code == "en" else f"{code}.html"


def _templates() -> Any:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader([HERE / "templates",
                                                             WEB / "templates"]),
                             autoescape=jinja2.select_autoescape(["html"]),
                             extensions=["jinja2.ext.i18n"])
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(  # type: ignore[attr-defined]
        _, ngettext, newstyle=True, pgettext=pgettext)
    return env


def publish(folder: Path, out: Path, rules: Any = None) -> dict[str, str]:
    """Tait's solved table (of ``rules``: Tait's game when None) in ``folder`` written into
    ``out`` as browsers read it
    (``sim.browser.table``): its values as they are, its index's lookup beside them. What
    the page is told of it: where each is, and its size."""
    from firmware.solve.places import table_name
    from firmware.solve.table import TableError, open_table
    from sim.browser.table import published

    try:
        found = open_table(folder.expanduser(), *([] if rules is None else [rules]))
    except TableError as exc:
        raise BuildError(f"no table to publish: {problem(exc)}") from None
    out.mkdir(parents=True, exist_ok=True)
    name = table_name(found.ruleset)
    (out / f"{name}.json").write_text(json.dumps(published(found), separators=(",", ":")),
                                      encoding="utf-8")
    shutil.copyfile(found.path, out / f"{name}.values")
    size = found.path.stat().st_size
    return {"lookup": f"{TABLE}/{name}.json", "values": f"{TABLE}/{name}.values",
            "size": f"{size / 1e6:.0f} MB"}


def page(code: str, docs: str, version: str, table: dict[str, str] | None = None) -> str:
    """The page in the language spoken now (``code``), the default game's board drawn;
    Neferkaptah offered where ``table`` (his solved table) is published."""
    chosen, _problems = choose(None, {"language": code})
    rules = games.load(chosen.game)
    title = say(rules.title)
    signs = {key: _(name) for key, name in web_words.SIGNS.items()}
    shown = [{"key": key, "title": say(setting(key).title), "default": chosen[key],
              "choices": [{"value": c.value, "title": say(c.title)}
                          for c in offers(setting(key), table=table is not None)]}
             for key in OFFERED if key != "language"]
    script_words = {key: _(text) for key, text in web_words.SCRIPT.items()} | {
        key: _(text) for key, text in SCRIPT.items()}
    return str(_templates().get_template("play.html").render(
        lang=code, rtl=words.right_to_left(), script_words=script_words, settings=shown,
        board=board_svg(geometry_json(rules.geometry), title, signs),
        manifest=manifest_name(code),
        game={"name": rules.name}, languages=LANGUAGES,
        pages={c: page_name(c) for c in LANGUAGES}, docs=docs, version=version, table=table))


def service_worker(version: str, files: list[str]) -> str:
    """The service worker, keeping ``files`` (the page's own paths) for offline play."""
    template = _templates().get_template("sw.js")
    return str(template.render(version=version, files=["./", *files]))


def manifest_name(code: str) -> str:
    """The manifest of a language's page: the app it makes opens that page."""
    return f"manifest.{code}.webmanifest"


def manifest(code: str) -> bytes:
    """The web manifest of the page in the language spoken now (``code``): the page as an app
    on a phone, in its language, its icons ours."""
    found = {
        "name": _("aseb: play in your browser"), "short_name": "aseb", "lang": code,
        "dir": "rtl" if words.right_to_left() else "ltr",
        "description": _("The Game of Twenty Squares and its family, against the mummy of "
                         "Neferkaptah or two at one screen: nothing to install."),
        "start_url": f"./{page_name(code)}", "scope": "./", "display": "standalone",
        "background_color": "#2a1f17", "theme_color": "#2a1f17",
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png"},
                  {"src": "icon-maskable-512.png", "sizes": "512x512", "type": "image/png",
                   "purpose": "maskable"}]}
    return json.dumps(found, indent=2, ensure_ascii=False).encode()


def icons() -> dict[str, bytes]:
    """The app's icons, drawn by the window's own drawing: a Cone and a Reel on a marked
    square of the wooden board (the maskable one with room around it for any mask)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import io

    import pygame

    from engine.core.sides import Side
    from sim.drawing.board import TABLE, WOOD, draw_piece, draw_tile

    pygame.init()
    drawn = {}
    for name, size, inset in (("icon-192.png", 192, 0.08), ("icon-512.png", 512, 0.08),
                              ("icon-maskable-512.png", 512, 0.2)):
        surface = pygame.Surface((size, size))
        surface.fill(TABLE)
        square = pygame.Rect(0, 0, int(size * (1 - 2 * inset)), int(size * (1 - 2 * inset)))
        square.center = (size // 2, size // 2)
        pygame.draw.rect(surface, WOOD, square, border_radius=size // 10)
        draw_tile(surface, square, "ankh", (222, 200, 152))
        cell = square.width // 2
        draw_piece(surface, Side.CONES, (square.centerx - cell // 2, square.bottom - cell // 3),
                   cell)
        draw_piece(surface, Side.REELS, (square.centerx + cell // 2, square.bottom - cell // 3),
                   cell)
        pygame.draw.rect(surface, GOLD, square, width=max(2, size // 64),
                         border_radius=size // 10)
        buffer = io.BytesIO()
        pygame.image.save(surface, buffer, "png")
        drawn[name] = buffer.getvalue()
    return drawn


def licence(found: Path) -> bytes:
    """Pyodide's licence (MPL 2.0, its package.json says) and the Python inside it (PSF), with
    where each one's source is."""
    package = json.loads((found / "package.json").read_text(encoding="utf-8"))
    text = [f"Pyodide {package['version']} ({package.get('license', 'MPL-2.0')}), "
            "https://github.com/pyodide/pyodide: served unchanged from its npm package "
            "(pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip, "
            "pyodide-lock.json).",
            "It holds CPython (the Python Software Foundation License, "
            "https://docs.python.org/3/license.html) compiled to WebAssembly with Emscripten.",
            "aseb itself (aseb.zip, the page and its scripts) is under the MIT licence.", ""]
    mpl = HERE / "MPL-2.0.txt"
    return ("\n".join(text) + "\n" + mpl.read_text(encoding="utf-8")).encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sim.browser.build",
                                     description="Write the Play page into a folder.")
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--docs", default="../", help="the way from the page to the docs")
    parser.add_argument("--table", type=Path, help="publish the solved table in this folder")
    parser.add_argument("--pyodide", action="store_true",
                        help="only install Pyodide's npm package into build/npm")
    args = parser.parse_args(argv)
    if args.out is None and not args.pyodide:
        parser.error("name the folder to write the page into (or --pyodide)")
    try:
        if args.pyodide:
            print(f"Pyodide in {pyodide()}")
            return 0
        written = build(args.out, docs=args.docs, table=args.table)
    except BuildError as exc:
        print(f"sim.browser.build: {exc}", file=sys.stderr)
        return 69
    print(f"{len(written)} files, {sum(p.stat().st_size for p in written):,} bytes in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

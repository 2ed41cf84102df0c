"""Every file aseb reads goes through the one reader, every message through the one decoder,
every file it writes through the one writer (``hardware/doors``): the source of the shipped
packages is read (ast, ``tests/doors_scan.py``) and any other read, parse or write fails this
test, but for the few ``ALLOWED`` below, each with its reason.

A door not allowed, or an allowance no longer found, fails the test; so does a raw read
planted anywhere.
"""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest

from tests.doors_scan import PACKAGES, ROOT, Door, doors, doors_in

SOLVER = ("the solve's own working files in its checkpoint folder: hundreds of megabytes read "
          "and written in place a layer or a group at a time, never whole (a whole-file reader "
          "or writer would hold them twice); nothing there comes from outside")
TABLE = ("the solved table (96 MB to 1 GB) is mapped, never read whole: its description is read "
         "by the reader first, and the values file must be a regular file of the exact size")

ALLOWED: dict[tuple[str, str, str], str] = {
    ("hardware/sounds/speaker.py", "quiet_stderr", "open"):
        "/dev/null stands in for stderr while SDL starts: no file is read or written",
    ("firmware/solve/layers.py", "Layers.__init__", "mmap.mmap"):
        "anonymous memory for the solve's values: no file at all",
    ("firmware/solve/layers.py", "Layers.hold", "open"): SOLVER,
    ("firmware/solve/layers.py", "Layers.save", ".tofile"): SOLVER,
    ("firmware/solve/layers.py", "Layers.save", "os.replace"): SOLVER,
    ("firmware/solve/run.py", "solve", "open"): SOLVER,
    ("firmware/solve/run.py", "solve", ".tofile"): SOLVER,
    ("firmware/solve/run.py", "solve", "os.replace"): SOLVER,
    ("firmware/solve/run.py", "_sha256", "open"): SOLVER,
    ("firmware/solve/run.py", "_resume", "open"): SOLVER,
    ("firmware/solve/table.py", "open_table", "numpy.memmap"): TABLE,
    ("sim/browser/worker.py", "_catalogs", ".write_bytes"):
        "the catalogs out of aseb's own zip into Pyodide's file system, in the browser's memory, "
        "for gettext, which reads only files",
    ("sim/wall/tls.py", "_in_memory", "os.write"):
        "the certificate and key, read by the reader, handed to ssl in anonymous memory (a "
        "memfd: load_cert_chain reads only paths); no file is written",
}
"""The raw doors kept, each with why: none reads what a stranger hands aseb."""

BUILD = ("the Play page's build, run by make docs and CI: it reads aseb's own source tree and "
         "the npm package make fetched by its pinned lock, and writes the site's folder; it "
         "never runs on a board or in a browser, and nothing a stranger hands aseb reaches it")
BUILDS: dict[str, str] = {
    "sim/browser/build.py": BUILD,
    "sim/browser/bytecode.py": BUILD,
}
"""Whole modules that are build tools, not doors, each with why."""


def allowed(door: Door) -> bool:
    """Whether ``door`` is one of the few kept raw, with its reason."""
    return door.key in ALLOWED or door.path in BUILDS

@functools.cache
def found() -> tuple[Door, ...]:
    return tuple(doors())


def test_no_door_skips_the_reader_the_decoder_or_the_writer() -> None:
    skipping = [str(door) for door in found() if not allowed(door)]
    assert skipping == [], "read, parse or write through hardware/doors:\n" + "\n".join(skipping)


def test_every_door_allowed_is_still_there() -> None:
    """An allowance whose door is gone is taken off: the list stays short and true."""
    keys = {door.key for door in found()}
    assert sorted(set(ALLOWED) - keys) == []
    assert sorted(set(BUILDS) - {door.path for door in found()}) == []


PLANTED = {
    "open(path)": "open(path)",
    "with open": "with open(path, 'rb') as f:\n    f.read()",
    "a path's read_text": "Path(where).read_text()",
    "a path's read_bytes": "(folder / 'game.json').read_bytes()",
    "a path's open": "path.open('w')",
    "a path's open, no mode": "self.path.open()",
    "write_text": "out.write_text('x')",
    "write_bytes": "out.write_bytes(b'x')",
    "json.loads": "import json\njson.loads(text)",
    "json.load": "import json\njson.load(f)",
    "json.loads imported by name": "from json import loads as parse\nparse(text)",
    "tomllib.loads": "import tomllib\ntomllib.loads(text)",
    "tomllib.load": "import tomllib\ntomllib.load(f)",
    "os.open": "import os\nos.open(path, os.O_RDONLY)",
    "io.open": "import io\nio.open(path)",
    "numpy.load": "import numpy as np\nnp.load(path)",
    "pickle.loads": "import pickle\npickle.loads(data)",
    "msgspec": "import msgspec\nmsgspec.json.decode(data)",
    "shutil.copy": "import shutil\nshutil.copy(a, b)",
    "os.replace": "import os\nos.replace(a, b)",
    "a path's replace": "tmp.replace(self.path)",
    "a picture saved": "import pygame\npygame.image.save(surface, str(path))",
    "a PDF canvas": "from reportlab.pdfgen.canvas import Canvas\nCanvas(str(out))",
}
"""Raw reads, parses and writes as they are written, each planted in a module."""


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_planted_raw_door_is_found(name: str) -> None:
    source = "def load(path, where, folder, self, out, text, f, data, a, b, tmp, surface):\n" + \
        textwrap.indent(PLANTED[name], "    ") + "\n"
    assert [door.function for door in doors_in(source, "firmware/planted.py")] == ["load"]


def test_a_raw_read_planted_in_the_tree_fails_the_scan(tmp_path: Path) -> None:
    """The scan walks every package: a copy of the tree with one raw read more finds it."""
    for package in PACKAGES:
        (tmp_path / package).symlink_to(ROOT / package)
    planted = tmp_path / "planted"
    planted.mkdir()
    (planted / "board.py").write_text("import json\n\n\ndef settings(path):\n    return "
                                      "json.loads(path.read_text())\n")
    seen = [str(door) for door in doors(tmp_path, (*PACKAGES, "planted"))
            if not allowed(door)]
    assert seen == ["planted/board.py:5: json.loads (parses JSON) in settings",
                    "planted/board.py:5: .read_text (reads a file) in settings"]


@pytest.mark.parametrize("source", [
    "menu.open(now, pieces)",  # the board menu's own open
    "Window.open(board=board)",
    "text.replace('a', 'b')",  # str.replace takes two
    "store.save(saved)",  # a game saved through the writer
    "out = io.BytesIO()\ncanvas = Canvas(out)",  # a PDF drawn in memory
    "import pygame\nbuffer = io.BytesIO()\npygame.image.save(surface, buffer, 'a.png')",
])
def test_what_is_not_a_file_is_not_taken_for_one(source: str) -> None:
    code = "import io\nfrom reportlab.pdfgen.canvas import Canvas\n\n\ndef f(menu, now, " \
        "pieces, board, text, store, saved, surface):\n" + textwrap.indent(source, "    ") + "\n"
    assert list(doors_in(code, "firmware/fine.py")) == []

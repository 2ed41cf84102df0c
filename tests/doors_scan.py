"""Every raw read, parse and write in the shipped packages' source, found by reading it (ast):
the doors a file or a message may come in or go out by, outside the three in ``hardware/doors``.

A door is a call to one of ``RAW_CALLS`` (resolved through the module's imports: ``np.load`` is
``numpy.load``, ``Canvas`` from ``reportlab.pdfgen.canvas`` is that class) or a method call that
only a file or a path makes: ``read_text``, ``read_bytes``, ``write_text``, ``write_bytes``,
``tofile``; a path's ``open``, ``replace``, ``rename`` and a picture's ``save`` (told from the
project's own methods of those names by their arguments: a mode or an encoding, one argument
where ``str.replace`` takes two, a path where ``save`` is handed a game).

    for door in doors(ROOT):          # Door("firmware/solve/run.py", 278, "_resume",
        print(door)                   #      "json.loads")
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "hardware", "firmware", "sim")
"""What the wheel installs: the program aseb is (tests/ and docs/hooks are the developers')."""
DOORS = "hardware/doors/"
"""The three doors themselves: the one place raw reads, parses and writes belong."""

RAW_CALLS = {
    # files opened, read or written
    "open": "opens a file", "io.open": "opens a file", "os.open": "opens a file",
    "os.fdopen": "opens a file", "io.FileIO": "opens a file", "codecs.open": "opens a file",
    "os.read": "reads a descriptor", "os.write": "writes a descriptor",
    "os.pread": "reads a descriptor", "os.pwrite": "writes a descriptor",
    "mmap.mmap": "maps a file", "numpy.load": "reads a file", "numpy.fromfile": "reads a file",
    "numpy.memmap": "maps a file", "numpy.save": "writes a file", "numpy.savez": "writes a file",
    "numpy.loadtxt": "reads a file", "numpy.savetxt": "writes a file",
    "tempfile.NamedTemporaryFile": "writes a file", "tempfile.TemporaryFile": "writes a file",
    "tempfile.mkstemp": "writes a file", "tempfile.SpooledTemporaryFile": "writes a file",
    "sqlite3.connect": "opens a database", "logging.FileHandler": "writes a file",
    "shutil.copy": "writes a file", "shutil.copy2": "writes a file",
    "shutil.copyfile": "writes a file", "shutil.copytree": "writes files",
    "shutil.move": "moves a file", "os.replace": "moves a file", "os.rename": "moves a file",
    "os.renames": "moves a file", "os.link": "links a file", "os.symlink": "links a file",
    "os.truncate": "writes a file", "os.mkfifo": "makes a FIFO", "os.mknod": "makes a node",
    "pygame.image.save": "writes a picture", "pygame.image.load": "reads a picture",
    "PIL.Image.open": "reads a picture", "reportlab.pdfgen.canvas.Canvas": "writes a PDF",
    "soundfile.read": "reads a sound", "soundfile.write": "writes a sound",
    # bytes parsed
    "json.load": "parses JSON", "json.loads": "parses JSON", "tomllib.load": "parses TOML",
    "tomllib.loads": "parses TOML", "pickle.load": "unpickles", "pickle.loads": "unpickles",
    "marshal.load": "unmarshals", "marshal.loads": "unmarshals",
    "msgspec.json.decode": "parses JSON", "msgspec.msgpack.decode": "parses msgpack",
    "ast.literal_eval": "parses Python", "csv.reader": "parses CSV",
    "csv.DictReader": "parses CSV",
}
"""Calls that read, parse or write, by their dotted name, and what each does."""
RAW_METHODS = {"read_text": "reads a file", "read_bytes": "reads a file",
               "write_text": "writes a file", "write_bytes": "writes a file",
               "tofile": "writes a file", "drawToFile": "writes a picture"}
"""Methods only a path or an array has."""
PATHLIKE = re.compile(r"path|file|dir|folder|out|where|tmp|target|source|aside|own|older",
                      re.IGNORECASE)
"""Names a path goes by: ``path.open()`` is a file's, ``menu.open(now)`` the board menu's."""
MODE = re.compile(r"^[rwaxbt+U]{1,4}$")


@dataclass(frozen=True)
class Door:
    """One raw read, parse or write: the file, its line, the function it is in, what it calls."""

    path: str
    line: int
    function: str
    call: str
    does: str

    @property
    def key(self) -> tuple[str, str, str]:
        """What an allowance names: the file, the function and the call (lines move)."""
        return self.path, self.function, self.call

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.call} ({self.does}) in {self.function}"


def doors(root: Path = ROOT, packages: tuple[str, ...] = PACKAGES) -> Iterator[Door]:
    """Every raw door in ``packages`` under ``root``, but the three doors' own."""
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            if not name.startswith(DOORS):
                yield from _doors_of(path.read_text(encoding="utf-8"), name)


@functools.cache
def _doors_of(source: str, name: str) -> tuple[Door, ...]:
    """``doors_in``, once a module's text (the tree planted beside it holds the same)."""
    return tuple(doors_in(source, name))


def doors_in(source: str, name: str) -> Iterator[Door]:
    """The raw doors of one module's ``source`` (``name``: its path, for the report)."""
    tree = ast.parse(source)
    aliases = _aliases(tree)
    for function, node, memory in _calls(tree, aliases):
        if _in_memory(node, memory, aliases):
            continue  # a library writing to (or reading from) bytes in memory: no file
        found = _judged(node, aliases)
        if found is not None:
            call, does = found
            yield Door(name, node.lineno, function, call, does)


def _aliases(tree: ast.AST) -> dict[str, str]:
    """Each name the module binds by an import (wherever it stands), to its dotted origin."""
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    found[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    found[top] = top
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                found[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return found


def _calls(tree: ast.AST, aliases: dict[str, str]
           ) -> Iterator[tuple[str, ast.Call, set[str]]]:
    """Every call in ``tree`` with the qualified name of the function it stands in and the
    names that function binds to bytes in memory (``out = io.BytesIO()``)."""
    def visit(node: ast.AST, where: list[str], memory: set[str]
              ) -> Iterator[tuple[str, ast.Call, set[str]]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                yield from visit(child, [*where, child.name], _buffers(child, aliases))
                continue
            if isinstance(child, ast.Call):
                yield ".".join(where) or "(module)", child, memory
            yield from visit(child, where, memory)
    yield from visit(tree, [], _buffers(tree, aliases))


BUFFERS = ("io.BytesIO", "io.StringIO")
"""Bytes or text in memory: a library that writes to one writes no file."""


def _buffers(scope: ast.AST, aliases: dict[str, str]) -> set[str]:
    """The names ``scope`` binds to a buffer in memory."""
    found = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign | ast.withitem | ast.NamedExpr):
            value = node.context_expr if isinstance(node, ast.withitem) else node.value
            targets = ([node.optional_vars] if isinstance(node, ast.withitem) else
                       [node.target] if isinstance(node, ast.NamedExpr) else node.targets)
            if isinstance(value, ast.Call) and _dotted(value.func, aliases) in BUFFERS:
                found.update(t.id for t in targets if isinstance(t, ast.Name))
    return found


def _in_memory(call: ast.Call, memory: set[str], aliases: dict[str, str]) -> bool:
    """Whether ``call`` is handed a buffer in memory to read or write instead of a file."""
    for arg in [*call.args, *(k.value for k in call.keywords)]:
        if isinstance(arg, ast.Name) and arg.id in memory:
            return True
        if isinstance(arg, ast.Call) and _dotted(arg.func, aliases) in BUFFERS:
            return True
    return False


def _dotted(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """``np.load`` as ``numpy.load``; None for what is not a chain of names."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    head = aliases.get(node.id, node.id)
    return ".".join([head, *reversed(parts)])


def _judged(call: ast.Call, aliases: dict[str, str]) -> tuple[str, str] | None:
    """The name and the deed of ``call`` if it is a raw door, else None."""
    dotted = _dotted(call.func, aliases)
    if dotted is not None and dotted in RAW_CALLS:
        if dotted == "open" and "open" in aliases:
            return None  # a module's own ``open`` imported under that name
        return dotted, RAW_CALLS[dotted]
    if not isinstance(call.func, ast.Attribute):
        return None
    method = call.func.attr
    receiver = call.func.value
    if method in RAW_METHODS:
        return f".{method}", RAW_METHODS[method]
    if method == "open" and (_has_mode(call) or _pathlike(receiver)):
        return ".open", "opens a file"
    if method in ("replace", "rename") and len(call.args) == 1 and not call.keywords \
            and _pathlike(receiver):
        return f".{method}", "moves a file"
    if method == "save" and call.args and _pathlike(call.args[0]):
        return ".save", "writes a file"
    return None


def _has_mode(call: ast.Call) -> bool:
    """Whether ``call`` is handed a file mode (``"rb"``) or a text file's keywords."""
    if any(k.arg in ("encoding", "newline", "buffering", "errors") for k in call.keywords):
        return True
    return any(isinstance(a, ast.Constant) and isinstance(a.value, str) and MODE.match(a.value)
               for a in call.args[:2])


def _pathlike(node: ast.expr) -> bool:
    """Whether ``node`` reads as a path: ``Path(...)``, ``str(out)``, ``a / b``, ``self.path``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return True
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in ("Path", "str", "fspath"):
            return True
        return isinstance(node.func, ast.Attribute) and node.func.attr in (
            "with_suffix", "with_name", "joinpath", "expanduser", "resolve")
    if isinstance(node, ast.Name):
        return bool(PATHLIKE.search(node.id))
    if isinstance(node, ast.Attribute):
        return bool(PATHLIKE.search(node.attr))
    return False


if __name__ == "__main__":
    for found in doors():
        print(found)

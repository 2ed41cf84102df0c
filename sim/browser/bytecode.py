"""Python's modules compiled ahead for the browser: a zip of sources made a zip of bytecode,
by the interpreter that runs this (``compile.mjs`` runs it in Pyodide's own Python under Node, so
the bytecode is the browser's). Python then starts without compiling the standard library and
aseb's packages at every visit (four seconds of a cold start here, most of it).

    python bytecode.py sources.zip compiled.zip
"""

from __future__ import annotations

import importlib.util
import io
import marshal
import sys
import zipfile

SOURCELESS = (0).to_bytes(4, "little") + (0).to_bytes(8, "little")
"""A .pyc's flags and stamp: checked against no source (none is shipped beside it)."""


def compiled(sources: bytes) -> bytes:
    """``sources`` (a zip) with each ``.py`` replaced by its ``.pyc``; everything else, and a
    module this Python cannot compile (a test of a syntax error), as it was."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(sources)) as found, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as made:
        for info in found.infolist():
            data = found.read(info)
            name = info.filename
            if name.endswith(".py"):
                try:
                    code = compile(data, name, "exec", dont_inherit=True)
                except (SyntaxError, ValueError):
                    code = None
                if code is not None:
                    data = importlib.util.MAGIC_NUMBER + SOURCELESS + marshal.dumps(code)
                    name += "c"
            kept = zipfile.ZipInfo(name, info.date_time)
            kept.compress_type = zipfile.ZIP_DEFLATED
            kept.external_attr = info.external_attr
            made.writestr(kept, data)
    return out.getvalue()


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as given:
        made = compiled(given.read())
    with open(sys.argv[2], "wb") as written:
        written.write(made)

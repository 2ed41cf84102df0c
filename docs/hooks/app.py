"""MkDocs hook: the Play page (``app/``), built beside the documentation at every build by the
same code as ``python -m sim.browser.build`` (its npm install of Pyodide included), so the page
and the site are one. ``ASEB_SITE_TABLE=FOLDER make docs`` publishes Tait's solved table in
FOLDER beside the page (96 MB), and the page then offers Neferkaptah."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from sim.browser.build import BuildError, build

FOLDER = "app"
"""Where the page lives on the site: ``app/index.html`` (``app/de.html``... the others)."""
_scratch = tempfile.TemporaryDirectory(prefix="aseb-app-")


def on_files(files: Files, config: Any) -> Files:
    """Build the page and add each of its files to the site."""
    out = Path(_scratch.name)
    table = os.environ.get("ASEB_SITE_TABLE")
    try:
        written = build(out, docs="../", table=Path(table) if table else None)
    except BuildError as exc:
        raise PluginError(f"the Play page: {exc}") from None
    for path in written:
        files.append(File.generated(config, f"{FOLDER}/{path.relative_to(out).as_posix()}",
                                    abs_src_path=str(path)))
    return files

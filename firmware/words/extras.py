"""What to add when a command's optional packages are missing, said the same way by every
command: the extra's own packages, read from aseb's installed metadata (pyproject.toml's
optional dependencies, written once). aseb is on no package index, so asking pip for aseb with
an extra by its name would find nothing, or somebody else's package; the extras' packages are
on PyPI.

    needs("aseb sim", "physics", ImportError("No module named 'magpylib'"))
    # "aseb sim needs the physics extra (No module named 'magpylib'): add it with pipx inject
    #  aseb 'magpylib>=5', or pip install 'magpylib>=5' in aseb's environment"
"""

from __future__ import annotations

import operator
import re
import shlex
import sys
from importlib import metadata

from firmware.words import _

EXTRA = re.compile(r"""extra\s*==\s*["']([\w-]+)["']""")
OWN = re.compile(r"aseb\[([\w,-]+)\]")
PYTHON = re.compile(r"""python_version\s*([<>=!]=?)\s*["'](\d+)\.(\d+)["']""")
COMPARE = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
           "==": operator.eq, "!=": operator.ne}


def for_this_python(requirement: str) -> bool:
    """Whether a requirement's ``python_version`` condition, if any, holds for this Python."""
    found = PYTHON.search(requirement)
    if found is None:
        return True
    compare = COMPARE.get(found.group(1), operator.eq)
    return bool(compare(sys.version_info[:2], (int(found.group(2)), int(found.group(3)))))


def packages(extra: str) -> tuple[str, ...]:
    """The packages ``extra`` adds, each with the versions it allows, ready for a shell (an extra
    that names others of aseb's counts theirs; none when aseb's metadata cannot be read)."""
    try:
        required = metadata.requires("aseb") or []
    except metadata.PackageNotFoundError:
        return ()
    found: list[str] = []
    for requirement in required:
        marker = EXTRA.search(requirement)
        if marker is None or marker.group(1) != extra or not for_this_python(requirement):
            continue
        own = OWN.match(requirement)
        named = requirement.split(";")[0].replace(" ", "")
        names = ([name for other in own.group(1).split(",") for name in packages(other)]
                 if own else [shlex.quote(named)])
        found += [name for name in names if name not in found]
    return tuple(found)


def needs(command: str, extra: str, error: object) -> str:
    """The line a person reads when ``command`` runs without ``extra``: what to add, and how."""
    names = " ".join(packages(extra))
    if not names:  # not installed: nothing to read the extra's packages from
        return _("{command} needs the {extra} extra ({error})").format(
            command=command, extra=extra, error=error)
    return _("{command} needs the {extra} extra ({error}): add it with pipx inject aseb "
             "{packages}, or pip install {packages} in aseb's environment").format(
        command=command, extra=extra, error=error, packages=names)

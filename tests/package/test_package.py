"""A package that installs anywhere: the wheel carries every file aseb reads beside its code, and
nothing tells anyone to install aseb from a package index (it is on none).

The long run (`make test-long`) builds the sdist and, from it, the wheel, as `make dist` does,
from the tracked files; installs the wheel into a fresh virtual environment outside the clone;
and there plays the terminal game, draws the menu card and a build kit, runs the simulated board
and the window for a few seconds, and finds every font, sound, catalog, rules page, board file
and template (``tests/package/found.py``). The new environment borrows this one's dependencies
(a ``.pth`` file), so no package index is needed; ``pip check`` holds the wheel's own list of
them to what is there.
"""

from __future__ import annotations

import fnmatch
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "firmware", "hardware", "sim")
NOT_SHIPPED = {
    "*.po": "a catalog's source: its compiled .mo is shipped",
    "*.pot": "the catalogs' template",
    "*/README.md": "a developers' note on a layer",
}
"""Files inside the packages that an installed aseb never reads, and why."""
TEXT = (".md", ".py", ".toml", ".txt", ".sh", ".service", ".html", ".js", ".yml", ".cfg",
        ".po", ".pot", "Makefile", "run")


def tracked() -> list[str]:
    """The repository's tracked files (what a clone has)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed: the tracked files cannot be listed")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: no tracked files to list")
    return [name for name in listed.stdout.decode().split("\0") if (ROOT / name).is_file()]


def data_files() -> list[str]:
    """Every tracked file in the packages that is not code and is read by an installed aseb."""
    return [name for name in tracked() if name.split("/")[0] in PACKAGES
            and not name.endswith(".py")
            and not any(fnmatch.fnmatch(name, pattern) for pattern in NOT_SHIPPED)]


def shipped(name: str) -> bool:
    """Whether pyproject.toml's package data puts the file ``name`` in the wheel, as setuptools
    reads it: every folder under an included package is a package too (``packages.find``'s
    namespaces), and a pattern is a glob from a package's folder (``*`` within one folder)."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]
    patterns = [pattern for found in setuptools["package-data"].values() for pattern in found]
    folders = name.split("/")[:-1]
    for depth in range(len(folders), 0, -1):
        package = ".".join(folders[:depth])
        if not any(fnmatch.fnmatch(package, include)
                   for include in setuptools["packages"]["find"]["include"]):
            continue
        below = name.split("/")[depth:]
        if any(len(pattern.split("/")) == len(below) and all(
                fnmatch.fnmatchcase(part, glob) for part, glob in zip(below, pattern.split("/"),
                                                                     strict=True))
               for pattern in patterns):
            return True
    return False


def test_every_file_aseb_reads_beside_its_code_is_package_data() -> None:
    files = data_files()
    assert "hardware/sounds/bump.ogg" in files and "sim/web/templates/base.html" in files
    assert [name for name in files if not shipped(name)] == []


def test_the_check_finds_a_file_no_pattern_names() -> None:
    assert shipped("engine/tait/rules.md")
    assert shipped("firmware/words/locale/de/LC_MESSAGES/aseb.mo")
    assert not shipped("engine/tait/notes.rst")
    assert not shipped("firmware/words/locale/de/LC_MESSAGES/aseb.po")
    assert not shipped("docs/play/index.md")  # not in a package at all


INSTALL_BY_NAME = re.compile(r"\bpipx? install\s+(?:--?[\w-]+\s+)*['\"]?aseb(?:\[|['\"\s]|$)",
                             re.MULTILINE)
"""An instruction to install aseb by its name, from an index: ``pip install 'aseb[far]'``."""


def test_the_check_finds_aseb_installed_by_name() -> None:
    told = "pip install 'aseb[far]'\npipx install aseb\npip install --user aseb\n"
    assert len(INSTALL_BY_NAME.findall(told)) == 3
    fine = ("pipx install ./aseb-0.1.0-py3-none-any.whl\npipx install '.[far]'\n"
            "pipx inject aseb 'paho-mqtt>=2.1'\npip install -e '.[dev]'\n")
    assert INSTALL_BY_NAME.findall(fine) == []


def test_nothing_tells_anyone_to_install_aseb_from_a_package_index() -> None:
    told = {}
    for name in tracked():
        if name.endswith(TEXT) and name != "tests/package/test_package.py":
            found = INSTALL_BY_NAME.findall((ROOT / name).read_text(encoding="utf-8"))
            if found:
                told[name] = found
    assert told == {}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sdist, and the wheel built from it, of a copy of the tracked files (as make dist)."""
    source, dist = tmp_path_factory.mktemp("clone"), tmp_path_factory.mktemp("dist")
    for name in tracked():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    done = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--quiet",
                           "--outdir", str(dist), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return dist


@pytest.fixture(scope="module")
def installed(built: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtual environment outside the clone with the wheel installed (its dependencies
    borrowed from this environment): its folder."""
    home = tmp_path_factory.mktemp("elsewhere")
    env = home / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], capture_output=True, text=True).stdout.strip()
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    Path(site, "borrowed.pth").write_text("\n".join(sorted(ours)) + "\n")
    wheel = next(built.glob("aseb-*.whl"))
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--quiet", "--no-deps", "--no-index", str(wheel)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return env


def aseb(env: Path, *arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The installed ``aseb`` run in a folder of its own outside the clone, its own home."""
    home = env.parent / "home"
    work = env.parent / "work"
    work.mkdir(exist_ok=True)
    variables = {key: value for key, value in os.environ.items()
                 if not key.startswith(("PYTHON", "XDG_", "VIRTUAL_ENV"))}
    variables.update(HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                     LANGUAGE="en", PATH=f"{env / 'bin'}{os.pathsep}{os.environ['PATH']}")
    return subprocess.run([str(env / "bin" / "aseb"), *arguments], input=stdin, cwd=work,
                          env=variables, capture_output=True, text=True, timeout=300)


@pytest.mark.long  # a wheel built and installed into a new environment (make test-long)
def test_the_wheel_and_sdist_are_built(built: Path) -> None:
    assert sorted(path.name for path in built.iterdir()) == [
        "aseb-0.1.0-py3-none-any.whl", "aseb-0.1.0.tar.gz"]


@pytest.mark.long
def test_the_installed_wheel_holds_every_file_and_finds_each(installed: Path) -> None:
    python = installed / "bin" / "python"
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig."
                                "get_paths()['purelib'])"], capture_output=True,
                               text=True).stdout.strip())
    for name in data_files():
        assert (site / name).read_bytes() == (ROOT / name).read_bytes(), name
    found = subprocess.run([str(python), str(ROOT / "tests" / "package" / "found.py")],
                           cwd=installed.parent, capture_output=True, text=True,
                           env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": ""})
    assert found.returncode == 0, found.stderr
    lines = [line for line in found.stdout.splitlines() if line.startswith("found ")]
    assert all(line.split()[2].startswith(str(site)) for line in lines[:4]), lines[:4]
    kinds = {line.split()[1] for line in lines}
    assert kinds == {"package", "font", "sound", "catalog", "rules", "facts", "board",
                     "template", "static"}
    assert len([line for line in lines if line.startswith("found sound")]) == 16
    check = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "check"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stdout


@pytest.mark.long
def test_the_installed_aseb_plays_in_the_terminal_in_two_languages(installed: Path) -> None:
    assert aseb(installed, "--version").stdout.strip() == "aseb 0.1.0"
    english = aseb(installed, "play", "--seed", "3", stdin="\n1\n" * 30)
    assert english.returncode == 0 and "Traceback" not in english.stderr, english.stderr
    assert "threw" in english.stdout
    german = aseb(installed, "play", "--seed", "3", "--lang", "de", stdin="\n1\n" * 30)
    assert german.returncode == 0 and "Kegel" in german.stdout, german.stderr


@pytest.mark.long
def test_the_installed_aseb_draws_the_menu_card_and_a_build_kit(installed: Path) -> None:
    work = installed.parent / "work"
    for language, out in (("en", "card.pdf"), ("ar", "card-ar.pdf")):
        card = aseb(installed, "menu-card", "--lang", language, "--out", out)
        assert card.returncode == 0, card.stdout + card.stderr
        assert (work / out).read_bytes().startswith(b"%PDF")
    kit = aseb(installed, "build-kit", "--out", "kit")
    assert kit.returncode == 0, kit.stdout + kit.stderr
    assert {path.name for path in (work / "kit").iterdir()} >= {
        "parts.csv", "wiring.svg", "template-a4.pdf", "template-letter.pdf"}


@pytest.mark.long
def test_the_installed_aseb_runs_the_simulated_board_and_the_window(installed: Path) -> None:
    board = aseb(installed, "run", "--simulated", "--seconds", "3")
    assert board.returncode == 0 and "Traceback" not in board.stderr, board.stderr
    window = aseb(installed, "sim", "--seconds", "2")
    assert window.returncode == 0 and "Traceback" not in window.stderr, window.stderr

"""systemd/install.sh on this machine: the dry run and a real install into a scratch root, with
stand-ins for useradd, usermod, userdel, systemctl, raspi-config, dpkg-query and apt-get on PATH.

The real install builds a real virtual environment (no Pi extras: they only build on a Pi) from a
clean export of a copy of this repository that has a .venv and an untracked file in it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.systemd.standins import make_standins

ROOT = Path(__file__).resolve().parents[2]
PI5 = "Raspberry Pi 5 Model B Rev 1.0"
PI4 = "Raspberry Pi 4 Model B Rev 1.5"
PI3 = "Raspberry Pi 3 Model B Plus Rev 1.3"
ZERO2 = "Raspberry Pi Zero 2 W Rev 1.0"


@dataclass
class Run:
    status: int
    out: str
    calls: list[str]


@dataclass
class Machine:
    """A copy of the repository to install from, stand-ins on PATH, and a scratch root."""

    source: Path
    bin: Path
    state: Path
    root: Path

    def install(self, *options: str, missing: str = "", root: Path | None = None,
                cwd: Path | None = None) -> Run:
        """Run install.sh with ``options`` (under ``--root`` of the scratch root by default),
        from ``cwd`` (default: the source's parent, neither the source nor this checkout)."""
        log = self.state / "calls.log"
        log.write_text("")
        env = {**os.environ, "PATH": f"{self.bin}{os.pathsep}{os.environ['PATH']}",
               "ASEB_TEST_STATE": str(self.state), "ASEB_TEST_MISSING": missing}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # as sudo runs it: Python writes __pycache__
        where = [] if root == Path("/") else ["--root", str(root or self.root)]
        done = subprocess.run(["bash", str(self.source / "systemd/install.sh"), *where, *options],
                              env=env, capture_output=True, text=True, timeout=600,
                              cwd=cwd or self.source.parent)
        return Run(done.returncode, done.stdout + done.stderr, log.read_text().splitlines())


def tracked_files() -> list[str]:
    if shutil.which("git") is None:
        pytest.skip("git is not installed: the installer's export needs it")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: no tracked files to make a source repository from")
    return [f for f in listed.stdout.decode().split("\0") if f]


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository holding this checkout's tracked files as they are now, committed, plus a
    .venv and an untracked file that must never be installed."""
    source = tmp_path_factory.mktemp("clone")
    for name in tracked_files():
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    git = ["git", "-C", str(source), "-c", "user.name=test", "-c", "user.email=test@localhost"]
    subprocess.run([*git, "init", "--quiet"], check=True)
    subprocess.run([*git, "add", "--all"], check=True)
    subprocess.run([*git, "commit", "--quiet", "-m", "as it is now"], check=True)
    (source / ".venv/bin").mkdir(parents=True)
    (source / ".venv/bin/python").write_text("a developer's venv")
    (source / "notes.txt").write_text("untracked")
    return source


def scratch_root(path: Path, model: str | None, groups: tuple[str, ...]) -> Path:
    (path / "etc").mkdir(parents=True)
    (path / "etc/passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (path / "etc/group").write_text("root:x:0:\n" + "".join(
        f"{g}:x:{900 + i}:pi\n" for i, g in enumerate(groups)))
    if model is not None:
        (path / "proc/device-tree").mkdir(parents=True)
        (path / "proc/device-tree/model").write_bytes(model.encode() + b"\0")
    return path


def machine(source: Path, tmp: Path, model: str | None = PI5,
            groups: tuple[str, ...] = ("gpio", "i2c", "audio")) -> Machine:
    bin_dir, state = tmp / "bin", tmp / "state"
    make_standins(bin_dir, state)
    return Machine(source, bin_dir, state, scratch_root(tmp / "root", model, groups))


def files(root: Path) -> dict[str, float]:
    return {str(p.relative_to(root)): p.stat().st_mtime for p in root.rglob("*")}


def changes(run: Run) -> list[str]:
    """The calls that change something (the installer also asks systemctl and dpkg-query)."""
    return [c for c in run.calls
            if not c.startswith(("dpkg-query", "raspi-config nonint get_"))
            and " is-enabled " not in f" {c} " and " is-active " not in f" {c} "]


def test_the_dry_run_on_a_pi5_prints_every_action_and_changes_nothing(
        source: Path, tmp_path: Path) -> None:
    m = machine(source, tmp_path)
    before = files(m.root)
    run = m.install("--dry-run")
    assert run.status == 0, run.out
    assert files(m.root) == before and run.calls == []  # not even a question asked
    root = m.root
    assert f"model: {PI5}" in run.out
    assert (f"would run: useradd --prefix {root} --system --user-group --home-dir /var/lib/aseb"
            " --no-create-home --shell /usr/sbin/nologin aseb") in run.out
    for group in ("gpio", "i2c", "audio"):
        assert f"would run: usermod --prefix {root} -a -G {group} aseb" in run.out
    assert "no group 'spi' on this system: skipped (the service starts without it)" in run.out
    assert "/opt/aseb/venv/bin/python -m pip install --quiet " in run.out
    assert "\\[pi\\,pi5\\]" in run.out  # the extras of a Pi 5, as printed by %q
    assert f"would run: python3 -m venv {root}/opt/aseb/venv" in run.out
    assert f"hardware/boards/pi-direct.toml {root}/etc/aseb/board.toml" in run.out
    assert f"systemd/aseb.service {root}/etc/systemd/system/aseb.service" in run.out
    assert f"would run: systemctl --root={root} enable aseb.service" in run.out
    # SPI for the strip, and GPIO 2/3 and 14/15 freed for reeds: said exactly, not done here.
    assert "turn spi on with 'sudo raspi-config nonint do_spi 0'" in run.out
    assert "dtparam=spi=on" in run.out and "do_i2c 1" in run.out and "do_serial_cons 1" in run.out


def test_a_pi4_gets_the_pi_extra_and_a_pc_is_warned(source: Path, tmp_path: Path) -> None:
    pi4 = machine(source, tmp_path / "pi4", model=PI4).install("--dry-run")
    assert pi4.status == 0 and "[pi]" in pi4.out.replace("\\", "") and "pi5" not in pi4.out
    pc = machine(source, tmp_path / "pc", model=None).install("--dry-run")
    assert pc.status == 0 and "warning: not a Raspberry Pi" in pc.out


@pytest.mark.long  # two dry runs as two Pis; make test keeps a Pi 4's and a Pi 5's
def test_the_solve_carries_the_memory_limit_of_the_pi_it_is_installed_on(
        source: Path, tmp_path: Path) -> None:
    for model, limit in ((PI3, "600M"), (ZERO2, "300M")):
        run = machine(source, tmp_path / limit, model=model).install("--dry-run")
        assert run.status == 0, run.out
        assert f"the table's solve may use {limit} of memory on this Pi" in run.out
        assert "etc/systemd/system/aseb-solve.service.d/memory.conf" in run.out
    pi4 = machine(source, tmp_path / "pi4", model=PI4)
    (pi4.root / "proc/meminfo").write_text("MemTotal:        3884000 kB\n")  # 4 GB: no limit
    run = pi4.install("--dry-run")
    assert run.status == 0 and "aseb-solve.service.d" not in run.out, run.out
    (pi4.root / "proc/meminfo").write_text("MemTotal:         925000 kB\n")  # the 1 GB one
    assert "may use 600M" in pi4.install("--dry-run").out


def test_a_pwm_board_gets_its_extra_its_drop_in_and_a_warning(source: Path,
                                                              tmp_path: Path) -> None:
    m = machine(source, tmp_path, model=PI4)
    board = tmp_path / "pwm.toml"
    text = (source / "hardware/boards/pi-direct.toml").read_text()
    board.write_text(text.replace('backend = "spi"', 'backend = "pwm"\npin = 12')
                     .replace("M11 = { pin = 12 }", "M11 = { pin = 9 }"))
    run = m.install("--dry-run", "--board", str(board))
    assert run.status == 0, run.out
    assert "[pi,pwm]" in run.out.replace("\\", "")
    assert "systemd/lights-pwm.conf" in run.out and "the pwm lights need root" in run.out
    # rpi_ws281x compiles: a compiler and Python's headers, and never swig.
    assert "apt-get install -y --no-install-recommends python3-venv python3-dev gcc" in run.out
    assert "swig" not in run.out


def test_a_bad_board_file_stops_it_before_any_change(source: Path, tmp_path: Path) -> None:
    m = machine(source, tmp_path)
    board = tmp_path / "board.toml"
    board.write_bytes((source / "hardware/boards/pi-direct.toml").read_bytes()
                      .replace(b"brightness = 0.4", b"brightness = nan"))
    before = files(m.root)
    run = m.install("--board", str(board))
    assert run.status == 78
    assert "lights.brightness: expected a finite number, got nan" in run.out
    assert files(m.root) == before and changes(run) == []


def test_a_board_file_for_another_game_is_refused_before_any_change(
        source: Path, tmp_path: Path) -> None:
    """A board file asking for a game its board is not wired for would only exit 78 at every
    start."""
    m = machine(source, tmp_path)
    board = tmp_path / "board.toml"
    board.write_text((source / "hardware/boards/pi-direct.toml").read_text()
                     .replace('# game = "tait"', 'game = "senet"'))
    before = files(m.root)
    run = m.install("--board", str(board))
    assert run.status == 78, run.out
    assert "menu.game: senet is not played on a twenty-squares board" in run.out
    assert files(m.root) == before and changes(run) == []


def test_a_senet_board_installs_to_play_senet(source: Path, tmp_path: Path) -> None:
    """The unit runs the board file's own game, as ``aseb run --board`` chooses it."""
    run = machine(source, tmp_path).install("--dry-run", "--board",
                                            str(source / "hardware/boards/senet.toml"))
    assert run.status == 0, run.out
    assert "game: senet" in run.out


def test_a_hall_board_gets_spi1_and_is_told_to_calibrate(source: Path, tmp_path: Path) -> None:
    run = machine(source, tmp_path, model=PI4).install(
        "--dry-run", "--board", str(source / "hardware/boards/hall.toml"))
    assert run.status == 0, run.out
    assert "squares: hall, game: stacks" in run.out
    assert "dtoverlay=spi1-3cs" in run.out
    assert "calibrate --board /etc/aseb/board.toml" in run.out


def test_a_valid_web_section_is_taken_and_a_bad_one_refused_before_any_change(
        source: Path, tmp_path: Path) -> None:
    """install.sh --web refused a board file with a valid [web] section."""
    m = machine(source, tmp_path)
    board = tmp_path / "board.toml"
    text = (source / "hardware/boards/pi-direct.toml").read_text()
    board.write_text(text + '\n[web]\naddress = "127.0.0.1"\nport = 8021\n')
    run = m.install("--dry-run", "--web", "--board", str(board))
    assert run.status == 0, run.out
    board.write_text(text + "\n[web]\nport = " + "9" * 5000 + "\n")
    before = files(m.root)
    run = m.install("--web", "--board", str(board))
    assert run.status == 78, run.out
    assert f"{board}: web.port: a number of 5,000 digits" in run.out
    assert files(m.root) == before and changes(run) == []


def stub_venv(root: Path) -> None:
    """A virtual environment that is already there: its python runs this one's ``-c`` and takes
    every ``pip install`` as done, so the installer's own steps are tried in seconds."""
    venv = root / "opt/aseb/venv/bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text('#!/bin/sh\n[ "$1" = -m ] && exit 0\nexec python3 "$@"\n')
    (venv / "aseb").write_text("#!/bin/sh\n")
    for program in ("python", "aseb"):
        (venv / program).chmod(0o755)


@pytest.mark.long  # beside the real install's second run (long too)
def test_a_second_install_from_another_directory_changes_nothing(
        source: Path, tmp_path: Path) -> None:
    """The board file's check left __pycache__ in the export before its fingerprint was taken:
    the second run deleted /opt/aseb/src, reinstalled and restarted the service."""
    m = machine(source, tmp_path)
    stub_venv(m.root)
    first = m.install("--extras", "", cwd=tmp_path)
    assert first.status == 0, first.out
    before = files(m.root)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    again = m.install("--extras", "", cwd=elsewhere)
    assert again.status == 0, again.out
    assert "up to date" in again.out
    assert [line for line in again.out.splitlines() if line.startswith("+")] == []
    assert changes(again) == [] and files(m.root) == before
    assert not list((m.root / "opt/aseb/src").rglob("__pycache__"))  # the export as it is


def test_from_the_clones_root_the_code_to_be_installed_is_checked(
        source: Path, tmp_path: Path) -> None:
    """Run from the clone's root, the check imported the working tree, not the export."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", str(source), str(clone)], check=True)
    # uncommitted, not installed
    with (clone / "hardware/boards/board_file.py").open("a") as changed:
        changed.write("\nraise SystemExit('the working tree was checked')\n")
    m = machine(clone, tmp_path)
    run = m.install("--dry-run", cwd=clone)
    assert run.status == 0, run.out
    assert "uncommitted changes" in run.out and "the working tree was checked" not in run.out


def test_the_dry_run_on_this_machine_says_what_it_would_enable(
        source: Path, tmp_path: Path) -> None:
    m = machine(source, tmp_path)
    if Path("/opt/aseb").exists() or Path("/etc/aseb").exists():
        pytest.skip("aseb is installed on this machine")
    run = m.install("--dry-run", missing="python3-venv", root=Path("/"))
    assert run.status == 0, run.out
    # The spi board's extras are all wheels: no compiler, no headers, no swig.
    assert ("would run: apt-get update; apt-get install -y --no-install-recommends python3-venv "
            "(for those not installed; would ask dpkg-query)") in run.out
    assert "gcc" not in run.out and "swig" not in run.out and "python3-dev" not in run.out
    assert "would run: raspi-config nonint do_spi 0 (if it is not on yet" in run.out
    assert "would run: systemctl daemon-reload" in run.out
    assert "would run: systemctl enable aseb.service" in run.out
    assert "would run: systemctl restart aseb.service" in run.out
    assert run.calls == []  # systemctl, raspi-config and dpkg-query: none asked for real
    assert not Path("/opt/aseb").exists() and not Path("/etc/aseb").exists()


@pytest.fixture(scope="module")
def installed(source: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[
        tuple[Machine, Run]]:
    """One real install into a scratch root (a real venv, no Pi extras)."""
    m = machine(source, tmp_path_factory.mktemp("install"))
    yield m, m.install("--extras", "")


@pytest.mark.long  # a real venv: a minute or two of pip (make test-long)
def test_the_install_places_a_clean_export_a_venv_the_board_file_and_the_unit(
        installed: tuple[Machine, Run]) -> None:
    m, run = installed
    assert run.status == 0, run.out
    opt = m.root / "opt/aseb"
    assert (opt / "src/systemd/install.sh").is_file()
    assert not (opt / "src/.venv").exists() and not (opt / "src/notes.txt").exists()
    assert not (opt / "src/build").exists()
    unit = (m.root / "etc/systemd/system/aseb.service").read_text()
    assert unit == (m.source / "systemd/aseb.service").read_text()
    program = next(line for line in unit.splitlines()
                   if line.startswith("ExecStart=")).split("=", 1)[1].split()[0]
    assert (m.root / program.lstrip("/")).is_file()  # the venv's aseb command
    assert ((m.root / "etc/aseb/board.toml").read_text()
            == (m.source / "hardware/boards/pi-direct.toml").read_text())
    board = str(m.root / "etc/aseb/board.toml")
    check = subprocess.run([str(opt / "venv/bin/python"), "-c", "import sys, gpiozero, pygame; "
                            "from hardware.boards.board_file import load_board; "
                            "print(load_board(sys.argv[1]).name)", board],
                           capture_output=True, text=True)
    assert check.stdout.splitlines()[-1].startswith("Twenty Squares"), check.stderr
    pages = subprocess.run([str(opt / "venv/bin/python"), "-c", "from engine.games import load, "
                            "names; from sim.pages.how_to_play import how_to_play\n"
                            "for name in names(): print(name, len(how_to_play(load(name))))"],
                           capture_output=True, text=True, cwd=m.root)  # not the source tree
    counted = dict(line.split() for line in pages.stdout.splitlines())
    assert len(counted) == 5 and all(int(n) > 3 for n in counted.values()), pages.stderr
    passwd = (m.root / "etc/passwd").read_text()
    assert "aseb:x:999:999::/var/lib/aseb:/usr/sbin/nologin" in passwd
    groups = (m.root / "etc/group").read_text()
    for group in ("gpio", "i2c", "audio"):
        assert f"{group}:x:" in groups and ":pi,aseb\n" in groups
    assert f"systemctl --root={m.root} enable aseb.service" in run.calls
    assert "installed under" in run.out


@pytest.mark.long  # a real venv: a minute or two of pip (make test-long)
def test_the_installed_unit_passes_systemd_analyze_verify(
        installed: tuple[Machine, Run], tmp_path: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd)")
    m, _ = installed
    unit = (m.root / "etc/systemd/system/aseb.service").read_text()
    # The unit names /opt/aseb/...: point it at the scratch root's copy, the one built here.
    (tmp_path / "aseb.service").write_text(unit.replace("ExecStart=/opt/",
                                                        f"ExecStart={m.root}/opt/"))
    verify = subprocess.run(["systemd-analyze", "verify", str(tmp_path / "aseb.service")],
                            capture_output=True, text=True)
    assert verify.returncode == 0 and verify.stdout + verify.stderr == ""


@pytest.mark.long  # a real venv: a minute or two of pip (make test-long)
def test_a_second_install_changes_nothing(installed: tuple[Machine, Run]) -> None:
    m, first = installed
    assert first.status == 0
    before = files(m.root)
    again = m.install("--extras", "")
    assert again.status == 0, again.out
    assert "up to date" in again.out
    assert [line for line in again.out.splitlines() if line.startswith("+")] == []
    assert changes(again) == [] and files(m.root) == before


@pytest.mark.long  # a real venv: a minute or two of pip (make test-long)
def test_uninstall_keeps_the_saved_games_and_the_board_file_and_says_so(
        installed: tuple[Machine, Run]) -> None:
    m, _ = installed
    saved = m.root / "var/lib/aseb/game.json"
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text("{}")
    run = m.install("--uninstall")
    assert run.status == 0, run.out
    assert not (m.root / "opt/aseb").exists()
    assert not (m.root / "etc/systemd/system/aseb.service").exists()
    assert "aseb:" not in (m.root / "etc/passwd").read_text()
    assert saved.exists() and (m.root / "etc/aseb/board.toml").exists()
    assert "kept the saved games in /var/lib/aseb and the board file" in run.out
    assert f"systemctl --root={m.root} disable aseb.service" in run.calls
    again = m.install("--uninstall")
    assert again.status == 0 and changes(again) == []


def test_install_sh_is_shellcheck_clean() -> None:
    if shutil.which("shellcheck") is None:
        pytest.skip("shellcheck is not installed (apt-get install shellcheck; .ci/run does)")
    scripts = [str(ROOT / "systemd/install.sh"), str(ROOT / "systemd/check-unit.sh"),
               str(ROOT / ".ci/run"), str(ROOT / "tests/systemd/systemd-test.sh"),
               str(ROOT / "tests/systemd/box-checks.sh"),
               str(ROOT / "tests/benchmarks/solve_cgroup.sh")]
    check = subprocess.run(["shellcheck", *scripts], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout

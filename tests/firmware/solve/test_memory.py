"""How much memory the solve may use: its service's cgroup, and the limit its unit carries on
the Raspberry Pi it finds (fake device trees and ``/proc/meminfo``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware.solve import memory
from firmware.solve.memory import dropin, memory_limit, pi_model, solve_limit


def test_the_memory_limit_is_the_least_along_the_services_cgroup(tmp_path: Path) -> None:
    root = tmp_path / "cgroup"
    service = root / "system.slice" / "aseb-solve.service"
    service.mkdir(parents=True)
    (root / "memory.max").write_text("max\n")
    (root / "system.slice" / "memory.max").write_text("2147483648\n")
    (service / "memory.max").write_text("629145600\n")
    cgroup = tmp_path / "cgroup-of-self"
    cgroup.write_text("0::/system.slice/aseb-solve.service\n")
    assert memory_limit(cgroup, root) == 629145600
    (service / "memory.max").write_text("max\n")
    assert memory_limit(cgroup, root) == 2147483648
    cgroup.write_text("0::/\n")
    assert memory_limit(cgroup, root) is None
    assert memory_limit(tmp_path / "no-such-file", root) is None


def test_a_system_with_the_memory_controller_on_cgroup_v1_is_asked_there(tmp_path: Path) -> None:
    root = tmp_path / "cgroup"
    mine = root / "memory" / "box" / "aseb-solve-7"
    mine.mkdir(parents=True)
    (root / "memory" / "memory.limit_in_bytes").write_text("9223372036854771712\n")  # none
    (root / "memory" / "box" / "memory.limit_in_bytes").write_text("9223372036854771712\n")
    (mine / "memory.limit_in_bytes").write_text("314572800\n")
    cgroup = tmp_path / "cgroup-of-self"
    cgroup.write_text("9:name=systemd:/x\n4:cpu,memory:/box/aseb-solve-7\n0::/x\n")
    assert memory_limit(cgroup, root) == 314572800
    cgroup.write_text("4:memory:/box\n")
    assert memory_limit(cgroup, root) is None


def fake_pi(tmp_path: Path, model: str | None, total_kb: int | None = None,
            where: str = "proc/device-tree/model") -> Path:
    """A root with a device tree naming ``model`` (as the kernel writes it: a NUL at the end)
    and a ``/proc/meminfo`` with ``total_kb``."""
    if model is not None:
        (tmp_path / where).parent.mkdir(parents=True)
        (tmp_path / where).write_bytes(model.encode() + b"\0")
    if total_kb is not None:
        (tmp_path / "proc").mkdir(parents=True, exist_ok=True)
        (tmp_path / "proc" / "meminfo").write_text(
            f"MemTotal:       {total_kb} kB\nMemFree:          123456 kB\n")
    return tmp_path


def test_the_memory_the_system_has_and_can_give_now(tmp_path: Path) -> None:
    pi = fake_pi(tmp_path, "Raspberry Pi 3 Model B Rev 1.2", 926_000)
    (pi / "proc" / "meminfo").write_text("MemTotal:         926000 kB\nMemFree:          40000 kB\n"
                                         "MemAvailable:     640000 kB\n")
    assert (memory.memory_total(pi), memory.memory_available(pi)) == (904, 625)
    assert memory.memory_available(tmp_path / "nowhere") is None


def test_the_model_is_read_from_the_device_tree_either_place(tmp_path: Path) -> None:
    assert pi_model(fake_pi(tmp_path / "a", "Raspberry Pi 3 Model B Rev 1.2")) == \
        "Raspberry Pi 3 Model B Rev 1.2"
    assert pi_model(fake_pi(tmp_path / "b", "Raspberry Pi Zero 2 W Rev 1.0",
                            where="sys/firmware/devicetree/base/model")) == \
        "Raspberry Pi Zero 2 W Rev 1.0"
    assert pi_model(fake_pi(tmp_path / "c", None)) is None  # a PC
    assert pi_model(fake_pi(tmp_path / "d", "")) is None


@pytest.mark.parametrize(("model", "total_kb", "limit"), [
    ("Raspberry Pi Zero 2 W Rev 1.0", 427_000, 300),
    ("Raspberry Pi 3 Model A Plus Rev 1.0", 437_000, 300),
    ("Raspberry Pi 3 Model B Rev 1.2", 926_000, 600),
    ("Raspberry Pi 3 Model B Plus Rev 1.3", 926_000, 600),
    ("Raspberry Pi 4 Model B Rev 1.1", 3_884_000, None),  # 4 GB
    ("Raspberry Pi 4 Model B Rev 1.4", 1_870_000, None),  # 2 GB
    ("Raspberry Pi 4 Model B Rev 1.1", 925_000, 600),  # the Pi 4 of 1 GB
    ("Raspberry Pi 5 Model B Rev 1.0", 8_000_000, None),
    ("Raspberry Pi 3 Model B Rev 1.2", None, 600),  # the model says it
    ("Raspberry Pi 4 Model B Rev 1.1", None, None),  # it does not, nor does the system
    (None, 900_000, None),  # not a Pi: no unit limit
])
def test_each_pi_gets_the_solves_limit_its_memory_leaves(
    model: str | None, total_kb: int | None, limit: int | None,
) -> None:
    assert solve_limit(model, None if total_kb is None else total_kb // 1024) == limit


def test_the_drop_in_carries_the_limit_of_the_pi_found(tmp_path: Path) -> None:
    zero = fake_pi(tmp_path / "zero", "Raspberry Pi Zero 2 W Rev 1.0", 427_000)
    assert dropin(zero) == ("# Raspberry Pi Zero 2 W Rev 1.0: the solve in 300 MiB (written by "
                            "systemd/install.sh)\n[Service]\nMemoryMax=300M\nMemorySwapMax=0\n")
    assert "MemoryMax=600M\n" in dropin(fake_pi(tmp_path / "three",
                                                "Raspberry Pi 3 Model B Rev 1.2", 926_000))
    assert dropin(fake_pi(tmp_path / "four", "Raspberry Pi 4 Model B Rev 1.4", 3_884_000)) == ""
    assert dropin(fake_pi(tmp_path / "pc", None, 16_000_000)) == ""


def test_the_command_prints_the_drop_in(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    three = fake_pi(tmp_path, "Raspberry Pi 3 Model B Plus Rev 1.3", 926_000)
    assert memory.main(["--root", str(three)]) == 0
    assert capsys.readouterr().out == dropin(three)

"""The pin factory's refusal says what to fix, including lgpio's read-only working directory."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from hardware.core import pins
from hardware.core.errors import HardwareUnavailable


def test_a_read_only_working_directory_is_named(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", None)  # no lgpio here, as on a PC
    monkeypatch.setenv("LG_WD", str(tmp_path))
    monkeypatch.setattr(pins.os, "access", lambda path, mode: path != str(tmp_path))
    with pytest.raises(HardwareUnavailable) as refused:
        pins.open_pin_factory("lgpio")
    assert f"{tmp_path} is read-only (set LG_WD, or WorkingDirectory= in a unit)" in str(
        refused.value)


def test_a_writable_working_directory_is_not_blamed(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", None)
    monkeypatch.setenv("LG_WD", str(tmp_path))
    with pytest.raises(HardwareUnavailable) as refused:
        pins.open_pin_factory("lgpio")
    assert "working directory" not in str(refused.value)

"""A board's state for a museum and Home Assistant's discovery, as Home Assistant's current
documentation asks: ``default_entity_id`` (``object_id`` is deprecated), counts that start again
from zero as ``total_increasing``, the board's start a timestamp, every entity under the board's
own node id and device."""

from __future__ import annotations

import json

import pytest

from sim.command.cli import main
from sim.far.status import board_state, discovery


def test_discovery_is_as_home_assistant_asks_now() -> None:
    found = {topic: json.loads(payload) for topic, payload in discovery("hall-2")}
    assert all(topic.split("/")[2] == "hall-2" for topic in found)  # its own node id only
    for topic, config in found.items():
        assert "object_id" not in config
        kind = topic.split("/")[1]
        assert config["default_entity_id"] == f"{kind}.{config['unique_id']}"
        assert config["device"]["identifiers"] == ["aseb_hall-2"]
    counts = {t.split("/")[3]: c.get("state_class") for t, c in found.items()}
    assert counts["games_today"] == counts["restarts"] == counts["i2c_outages"] == \
        "total_increasing"
    assert found["homeassistant/sensor/hall-2/started/config"]["device_class"] == "timestamp"


def test_the_state_tells_when_the_board_started() -> None:
    state = board_state("hall-2", {"health": {"since": 1_800_000_000.0}}, games_today=3,
                        restarts=1)
    assert state["started"] == "2027-01-15T08:00:00+00:00"
    assert board_state("hall-2", {"health": {"since": "soon"}}, games_today=0,
                       restarts=0)["started"] is None


@pytest.mark.parametrize("value", ["inf", "nan", "1e300", "0", "-1"])
def test_fleet_takes_no_endless_or_empty_wait(value: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", "--broker", "mqtts://127.0.0.1", "--credentials", "none.toml",
                 "--seconds", value]) == 64
    said = capsys.readouterr().err
    assert said.startswith("aseb fleet: --seconds") and len(said.splitlines()) == 1


def test_fleet_forgets_a_board_gone_for_the_time_set() -> None:
    from sim.far.run import fleet_table

    now = 2_000_000_000.0
    table = fleet_table({"kitchen": {"name": "kitchen", "at": now - 40, "connected": True},
                         "attic": {"name": "attic", "at": now - 40 * 86400}}, now, 30 * 86400)
    assert "\nkitchen  yes     40 s" in table and "attic" not in table
    assert table.endswith("(1 boards not seen for 30 days are left out)")

"""A board's state for a museum that watches all its boards: one retained JSON message under its
name (``aseb/boards/NAME/state``), and Home Assistant's MQTT discovery, so every board appears
in a museum's Home Assistant with no setup (a device per board, a sensor per figure), as Home
Assistant's current documentation asks: ``default_entity_id`` (``object_id`` is deprecated),
``total_increasing`` for the counts that start again from zero, the board's start as a
timestamp rather than an uptime.

    state = board_state("hall-2", link.latest, games_today=12, restarts=1)
    for topic, payload in discovery("hall-2"): client.publish(topic, payload, retain=True)
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sim.far import topics

FORGET = 30 * 24 * 3600
"""Seconds the broker keeps a board's retained state once the board stops renewing it (MQTT 5's
message expiry), and the default after which ``aseb fleet`` leaves a board out."""

SENSORS = (
    ("game", "Game", None, "mdi:checkerboard", None),
    ("mode", "Mode", None, "mdi:book-open-variant", None),
    ("language", "Language", None, "mdi:translate", None),
    ("phase", "Phase", None, "mdi:timer-sand", None),
    ("opponent", "Opponent", None, "mdi:account-multiple", None),
    ("games_today", "Games today", "games", "mdi:counter", "total_increasing"),
    ("i2c_outages", "I2C outages", "outages", "mdi:chip", "total_increasing"),
    ("restarts", "Restarts", "restarts", "mdi:restart", "total_increasing"),
    ("disk_full", "Saves refused by the disk", "saves", "mdi:harddisk-remove",
     "total_increasing"),
)
"""Each figure of the state: its key, its name in Home Assistant, its unit, its icon and its
state class (the counts start again from zero: each day, or when the board starts). The names
are a technician's, in English, as log lines are."""


def board_state(name: str, latest: dict[str, dict[str, Any]], *, games_today: int,
                restarts: int, far: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state of board ``name`` from the link's latest events (``sim.far.link_client``)."""
    settings = latest.get("settings", {}).get("values", {})
    health = latest.get("health", {})
    status = latest.get("status", {})
    since = health.get("since")
    started = None
    if isinstance(since, int | float) and not isinstance(since, bool) and 0 < since < 1e11:
        started = datetime.fromtimestamp(since, UTC).isoformat(timespec="seconds")
    return {"name": name, "online": True, "game": latest.get("game", {}).get("name"),
            "mode": settings.get("mode"), "language": settings.get("language"),
            "opponent": settings.get("opponent"), "phase": status.get("phase"),
            "games_today": games_today, "since": since if started else None,
            "started": started, "i2c_outages": health.get("i2c_outages", 0),
            "restarts": restarts, "disk_full": health.get("disk_full", 0),
            "far": {key: far[key] for key in ("state", "peer", "away")} if far else None}


def discovery(name: str) -> list[tuple[str, bytes]]:
    """Home Assistant's discovery messages for board ``name`` (each retained), every one
    under its own node id (the access list lets a board write no other)."""
    device = {"identifiers": [f"aseb_{name}"], "name": f"aseb {name}",
              "manufacturer": "aseb", "model": "Twenty Squares board"}
    available = {"availability_topic": topics.online(name), "payload_available": "online",
                 "payload_not_available": "offline"}
    found = []
    for key, title, unit, icon, state_class in SENSORS:
        config: dict[str, Any] = {
            "name": title, "unique_id": f"aseb_{name}_{key}",
            "default_entity_id": f"sensor.aseb_{name}_{key}",
            "state_topic": topics.state(name), "value_template": f"{{{{ value_json.{key} }}}}",
            **available, "icon": icon, "device": device}
        if unit is not None:
            config["unit_of_measurement"] = unit
        if state_class is not None:
            config["state_class"] = state_class
        found.append((f"{topics.DISCOVERY}/sensor/{name}/{key}/config",
                      json.dumps(config).encode()))
    started = {"name": "Started", "unique_id": f"aseb_{name}_started",
               "default_entity_id": f"sensor.aseb_{name}_started",
               "state_topic": topics.state(name), "value_template": "{{ value_json.started }}",
               "device_class": "timestamp", **available, "icon": "mdi:power", "device": device}
    found.append((f"{topics.DISCOVERY}/sensor/{name}/started/config",
                  json.dumps(started).encode()))
    online = {"name": "Online", "unique_id": f"aseb_{name}_online",
              "default_entity_id": f"binary_sensor.aseb_{name}_online",
              "state_topic": topics.online(name), "payload_on": "online",
              "payload_off": "offline", "device_class": "connectivity", "device": device}
    found.append((f"{topics.DISCOVERY}/binary_sensor/{name}/online/config",
                  json.dumps(online).encode()))
    return found

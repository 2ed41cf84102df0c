"""A board's state for a museum that watches all its boards: one retained JSON message under its
name (``aseb/boards/NAME/state``), and Home Assistant's MQTT discovery, so every board appears
in a museum's Home Assistant with no setup (a device per board, a sensor per figure).

    state = board_state("hall-2", link.latest, games_today=12, restarts=1)
    for topic, payload in discovery("hall-2"): client.publish(topic, payload, retain=True)
"""

from __future__ import annotations

import json
from typing import Any

from sim.far import topics

SENSORS = (
    ("game", "Game", None, "mdi:checkerboard"),
    ("mode", "Mode", None, "mdi:book-open-variant"),
    ("language", "Language", None, "mdi:translate"),
    ("phase", "Phase", None, "mdi:timer-sand"),
    ("opponent", "Opponent", None, "mdi:account-multiple"),
    ("games_today", "Games today", "games", "mdi:counter"),
    ("i2c_outages", "I2C outages", "outages", "mdi:chip"),
    ("restarts", "Restarts", "restarts", "mdi:restart"),
    ("disk_full", "Saves refused by the disk", "saves", "mdi:harddisk-remove"),
)
"""Each figure of the state: its key, its name in Home Assistant, its unit, its icon (the
names are a technician's, in English, as log lines are)."""


def board_state(name: str, latest: dict[str, dict[str, Any]], *, games_today: int,
                restarts: int, far: dict[str, Any] | None = None) -> dict[str, Any]:
    """The state of board ``name`` from the link's latest events (``sim.far.link_client``)."""
    settings = latest.get("settings", {}).get("values", {})
    health = latest.get("health", {})
    status = latest.get("status", {})
    return {"name": name, "online": True, "game": latest.get("game", {}).get("name"),
            "mode": settings.get("mode"), "language": settings.get("language"),
            "opponent": settings.get("opponent"), "phase": status.get("phase"),
            "games_today": games_today, "since": health.get("since"),
            "i2c_outages": health.get("i2c_outages", 0), "restarts": restarts,
            "disk_full": health.get("disk_full", 0),
            "far": {key: far[key] for key in ("state", "peer", "away")} if far else None}


def discovery(name: str) -> list[tuple[str, bytes]]:
    """Home Assistant's discovery messages for board ``name`` (each retained)."""
    device = {"identifiers": [f"aseb_{name}"], "name": f"aseb {name}",
              "manufacturer": "aseb", "model": "Twenty Squares board"}
    found = []
    for key, title, unit, icon in SENSORS:
        config: dict[str, Any] = {
            "name": title, "unique_id": f"aseb_{name}_{key}", "object_id": f"aseb_{name}_{key}",
            "state_topic": topics.state(name), "value_template": f"{{{{ value_json.{key} }}}}",
            "availability_topic": topics.online(name), "payload_available": "online",
            "payload_not_available": "offline", "icon": icon, "device": device}
        if unit is not None:
            config["unit_of_measurement"] = unit
            config["state_class"] = "total" if key != "games_today" else "measurement"
        found.append((f"{topics.DISCOVERY}/sensor/{name}/{key}/config",
                      json.dumps(config).encode()))
    online = {"name": "Online", "unique_id": f"aseb_{name}_online",
              "object_id": f"aseb_{name}_online", "state_topic": topics.online(name),
              "payload_on": "online", "payload_off": "offline",
              "device_class": "connectivity", "device": device}
    found.append((f"{topics.DISCOVERY}/binary_sensor/{name}/online/config",
                  json.dumps(online).encode()))
    return found

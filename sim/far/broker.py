"""The companion's MQTT client: paho-mqtt over MQTT 5, TLS with the system's CAs or a named
one, a user name and password, and a last will that tells every other board this one is away.

paho's own thread keeps the connection (and reconnects after a broker restart or a cut, waiting
longer each time, up to ``LONGEST``); what arrives is handed to ``heard`` from that thread, and
``connected`` says when the connection comes and goes. Subscriptions are kept and made again on
every connection; a QoS 1 message published while the broker is away waits in paho's queue.

    client = BrokerClient(network.broker, "aseb-kitchen", will=(online_topic, b"offline"),
                          heard=on_message, connected=on_connection)
    client.start(); client.subscribe("aseb/boards/+/state"); client.publish(topic, b"{}")
"""

from __future__ import annotations

import logging
import ssl
import threading
from collections.abc import Callable

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from sim.far.config import Broker

log = logging.getLogger(__name__)

KEEPALIVE = 10
"""Seconds between pings: the broker tells the last will some 15 s after a board vanishes."""
SESSION = 24 * 3600
"""Seconds the broker keeps a board's session (its subscriptions, and QoS 1 messages for it)
while it is away: a day of power cut loses nothing."""
LONGEST = 30
"""Seconds between two tries to reconnect at most."""

Heard = Callable[[str, bytes, bool], None]
"""A message: its topic, its payload, and whether it was retained (told on subscribing)."""


class BrokerClient:
    """One board's connection to the broker."""

    def __init__(self, broker: Broker, client_id: str, *, will: tuple[str, bytes] | None,
                 heard: Heard, connected: Callable[[bool], None]) -> None:
        self.broker = broker
        self.heard = heard
        self.connected = connected
        self.is_connected = False
        self.stopping = False
        self.problem: str | None = None
        """Why the last connection failed, in the broker's words (None: it did not)."""
        self._topics: set[str] = set()
        self._lock = threading.Lock()
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             protocol=mqtt.MQTTv5)
        client.username_pw_set(broker.username, broker.password)
        if broker.tls:
            client.tls_set(ca_certs=str(broker.ca) if broker.ca else None,
                           cert_reqs=ssl.CERT_REQUIRED, tls_version=ssl.PROTOCOL_TLS_CLIENT)
        if will is not None:
            client.will_set(will[0], will[1], qos=1, retain=True)
        client.reconnect_delay_set(1, LONGEST)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client

    def start(self) -> None:
        """Connect in paho's thread (it keeps trying while the broker cannot be reached)."""
        properties = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        properties.SessionExpiryInterval = SESSION
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=KEEPALIVE,
                                  clean_start=False, properties=properties)
        self.client.loop_start()

    def stop(self) -> None:
        """Disconnect cleanly (the last will is not told: a board that stops says so itself)."""
        self.stopping = True
        self.client.disconnect()
        self.client.loop_stop()

    def drop(self) -> None:
        """End as a power cut does: the connection closed with no goodbye (tests)."""
        self.client.loop_stop()
        sock = self.client.socket()
        if sock is not None:
            sock.close()

    def subscribe(self, topic: str) -> None:
        """Hear ``topic`` (a filter) from now on, on every connection."""
        with self._lock:
            if topic in self._topics:
                return
            self._topics.add(topic)
        if self.is_connected:
            self.client.subscribe(topic, qos=1)

    def unsubscribe(self, topic: str) -> None:
        with self._lock:
            if topic not in self._topics:
                return
            self._topics.discard(topic)
        if self.is_connected:
            self.client.unsubscribe(topic)

    def publish(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        """Send ``payload`` with QoS 1 (queued while the broker is away)."""
        self.client.publish(topic, payload, qos=1, retain=retain)

    # --- paho's callbacks (its thread) ----------------------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            self.problem = str(reason)
            log.warning("the broker %s:%d refused the connection: %s", self.broker.host,
                        self.broker.port, reason)
            return
        self.problem = None
        with self._lock:
            topics = sorted(self._topics)
        for topic in topics:
            client.subscribe(topic, qos=1)
        self.is_connected = True
        log.info("connected to the broker %s:%d", self.broker.host, self.broker.port)
        self.connected(True)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason: ReasonCode, properties: object) -> None:
        was = self.is_connected
        self.is_connected = False
        if was and not self.stopping:
            log.warning("the broker went away (%s): trying again", reason)
            self.connected(False)

    def _on_message(self, client: mqtt.Client, userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        self.heard(message.topic, bytes(message.payload), bool(message.retain))

"""The companion's MQTT client: paho-mqtt over MQTT 5, TLS with the system's CAs or a named one,
a user name and password (or none, on a public broker), and a last will that tells the museum
this board is away.

The connection is kept by a thread of our own around paho's ``loop``, so every failure is named:
a host that is not known, a broker that cannot be reached, a password refused, a certificate not
trusted. Each is one line in the log and a ``Trouble`` for whoever shows it; the client tries
again, waiting twice as long each time up to ``LONGEST``, and says so each time. What arrives is
handed to ``heard`` from that thread, and ``connected`` says when the connection comes and
goes. Subscriptions are made again on every connection; a QoS 1 message published while the
broker is away waits in paho's queue.

    client = BrokerClient(network.broker, "aseb-1f2e...", will=(online_topic, b"offline"),
                          heard=on_message, connected=on_connection)
    client.start(); client.subscribe("aseb/offers/31"); client.publish(topic, b"{}")
"""

from __future__ import annotations

import errno
import logging
import socket
import ssl
import threading
from collections.abc import Callable
from dataclasses import dataclass

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion, MQTTErrorCode
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from firmware.words import N_
from hardware.core.errors import shown
from sim.far.config import Broker

log = logging.getLogger(__name__)

KEEPALIVE = 10
"""Seconds between pings: the broker tells the last will some 15 s after a board vanishes."""
SESSION = 24 * 3600
"""Seconds the broker keeps a board's session (its subscriptions, and QoS 1 messages for it)
while it is away: a day of power cut loses nothing."""
FIRST = 1.0
"""Seconds before the first try again."""
LONGEST = 60.0
"""Seconds between two tries at most."""
EX_UNAVAILABLE, EX_CONFIG = 69, 78

UNREACHABLE = N_("The far game's server cannot be reached: check this board's internet "
                 "connection. It tries again by itself.")
REFUSED = N_("The far game's server refused this board's name or password: the person who "
             "set it up can check them. It tries again by itself.")
UNTRUSTED = N_("The far game's server could not be trusted (its certificate): the person who "
               "set it up can check it. It tries again by itself.")
"""What went wrong, as the board's page and the window say it."""

Heard = Callable[[str, bytes, bool], None]
"""A message: its topic, its payload, and whether it was retained (told on subscribing)."""


@dataclass(frozen=True)
class Trouble:
    """Why the broker cannot be used now: ``kind`` (no_host, unreachable, refused, untrusted,
    tls, lost), the reason in the log's words, the exit status a command ends with, and the
    words a player reads."""

    kind: str
    reason: str
    status: int
    words: str


def trouble_of(exc: BaseException) -> Trouble:
    """The trouble a failed connection raised."""
    reason = shown(str(exc) or type(exc).__name__, 120)
    if isinstance(exc, ssl.SSLCertVerificationError):
        return Trouble("untrusted", shown(exc.verify_message or reason, 120), EX_CONFIG,
                       UNTRUSTED)
    if isinstance(exc, ssl.SSLError):
        return Trouble("tls", reason, EX_CONFIG, UNTRUSTED)
    if isinstance(exc, socket.gaierror) and exc.errno in (
            socket.EAI_NONAME, getattr(socket, "EAI_NODATA", socket.EAI_NONAME)):
        return Trouble("no_host", reason, EX_UNAVAILABLE, UNREACHABLE)
    if isinstance(exc, UnicodeError):
        return Trouble("no_host", "not a host's name", EX_CONFIG, UNREACHABLE)
    if isinstance(exc, OSError) and exc.errno == errno.ECONNREFUSED:
        return Trouble("unreachable", "nothing listens on that port", EX_UNAVAILABLE,
                       UNREACHABLE)
    return Trouble("unreachable", reason, EX_UNAVAILABLE, UNREACHABLE)


def refusal(reason: ReasonCode) -> Trouble:
    """The trouble of a connection the broker answered with a refusal."""
    said = str(reason)
    if reason.value in (0x86, 0x87, 0x85, 0x8C, 0x04, 0x05, 0x02):
        # bad user name or password, not authorised, client id not valid, bad method
        return Trouble("refused", said, EX_CONFIG, REFUSED)
    return Trouble("unreachable", said, EX_UNAVAILABLE, UNREACHABLE)


class BrokerClient:
    """One board's connection to the broker."""

    def __init__(self, broker: Broker, client_id: str, *, will: tuple[str, bytes] | None,
                 heard: Heard, connected: Callable[[bool], None],
                 keep: int | None = None) -> None:
        self.broker = broker
        self.heard = heard
        self.connected = connected
        self.keep = keep
        """Seconds the broker keeps this board's retained messages once it stops renewing
        them (MQTT 5's message expiry; None: for ever)."""
        self.is_connected = False
        self.trouble: Trouble | None = None
        """Why the broker cannot be used now (None: it can, or no try has ended yet)."""
        self.tries = 0
        """Connections tried that ended in trouble (tests)."""
        self._refused: Trouble | None = None
        self._topics: set[str] = set()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             protocol=mqtt.MQTTv5)
        if broker.username is not None:
            client.username_pw_set(broker.username, broker.password)
        if broker.tls:
            context = ssl.create_default_context(cadata=broker.ca) if broker.ca else \
                ssl.create_default_context()
            client.tls_set_context(context)
        if will is not None:
            client.will_set(will[0], will[1], qos=1, retain=True,
                            properties=self._expiry(PacketTypes.WILLMESSAGE))
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client

    def start(self) -> None:
        """Connect in a thread of its own (it keeps trying while the broker cannot be used)."""
        self._thread = threading.Thread(target=self._run, daemon=True,
                                        name=f"aseb-broker-{self.broker.host[:20]}")
        # paho writes to the socket from whichever thread publishes unless it knows a thread
        # of its own runs the loop (as loop_start's does): two writers garble TLS records
        self.client._thread = self._thread
        self._thread.start()

    def stop(self) -> None:
        """Disconnect cleanly (the last will is not told: a board that stops says so itself)."""
        self._stop.set()
        if self.is_connected:
            self.client.disconnect()
        if self._thread is not None:
            self._thread.join(10)

    def drop(self) -> None:
        """End as a power cut does: the connection closed with no goodbye (tests)."""
        self._stop.set()
        sock = self.client.socket()
        if sock is not None:
            sock.close()
        if self._thread is not None:
            self._thread.join(10)

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

    def publish(self, topic: str, payload: bytes, *, retain: bool = False,
                keep: int | None = None) -> None:
        """Send ``payload`` with QoS 1 (queued while the broker is away); a retained one kept
        ``keep`` seconds after it was sent (else the client's own ``keep``)."""
        properties = self._expiry(PacketTypes.PUBLISH, keep) if retain and payload else None
        self.client.publish(topic, payload, qos=1, retain=retain, properties=properties)

    def _expiry(self, packet: int, keep: int | None = None) -> Properties | None:
        seconds = keep if keep is not None else self.keep
        if seconds is None:
            return None
        properties = Properties(packet)  # type: ignore[no-untyped-call]
        properties.MessageExpiryInterval = seconds
        return properties

    # --- the connection's thread -----------------------------------------------------------

    def _run(self) -> None:
        wait = FIRST
        broker = self.broker
        properties = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        properties.SessionExpiryInterval = SESSION
        while not self._stop.is_set():
            self._refused = None
            trouble: Trouble | None
            try:
                self.client.connect(broker.host, broker.port, keepalive=KEEPALIVE,
                                    clean_start=False, properties=properties)
            except Exception as exc:  # every failure is said: paho's own thread would die
                trouble = trouble_of(exc)
            else:
                code = MQTTErrorCode.MQTT_ERR_SUCCESS
                while not self._stop.is_set() and code == MQTTErrorCode.MQTT_ERR_SUCCESS:
                    code = self.client.loop(0.5)
                if self.is_connected:
                    wait = FIRST  # it was up: try again soon
                was = self.is_connected
                self.is_connected = False
                if self._stop.is_set():
                    break
                trouble = self._refused or Trouble(
                    "lost" if was else "unreachable", mqtt.error_string(code), EX_UNAVAILABLE,
                    UNREACHABLE)
            self.tries += 1
            self.trouble = trouble
            self._say(trouble, wait)
            self.connected(False)
            if self._stop.wait(wait):
                break
            wait = min(LONGEST, wait * 2)
        self.is_connected = False

    def _say(self, trouble: Trouble, wait: float) -> None:
        """The trouble in one line of the log, and when the next try is."""
        where, again = f"{self.broker.host[:80]}:{self.broker.port}", round(wait)
        match trouble.kind:
            case "no_host":
                log.warning("the broker's host %s is not known (%s): check [network] broker "
                            "and this board's DNS; trying again in %d s", where, trouble.reason,
                            again)
            case "refused":
                log.warning("the broker %s refused this board's user name or password (%s): "
                            "check the credentials file and the broker's password file; "
                            "trying again in %d s", where, trouble.reason, again)
            case "untrusted":
                log.warning("the broker %s is not trusted: its certificate %s; name the CA "
                            "that signed it in [network] ca; trying again in %d s", where,
                            trouble.reason, again)
            case "tls":
                log.warning("TLS with the broker %s failed (%s): is it its TLS port "
                            "(mqtts://, 8883)? trying again in %d s", where, trouble.reason,
                            again)
            case "lost":
                log.warning("the broker %s went away (%s): trying again in %d s", where,
                            trouble.reason, again)
            case _:
                log.warning("the broker %s cannot be reached (%s): trying again in %d s",
                            where, trouble.reason, again)

    # --- paho's callbacks (the connection's thread) ----------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: object, flags: object,
                    reason: ReasonCode, properties: object) -> None:
        if reason.is_failure:
            self._refused = refusal(reason)
            return
        with self._lock:
            topics = sorted(self._topics)
        for topic in topics:
            client.subscribe(topic, qos=1)
        self.is_connected = True
        self.trouble = None
        log.info("connected to the broker %s:%d", self.broker.host, self.broker.port)
        self.connected(True)

    def _on_disconnect(self, client: mqtt.Client, userdata: object, flags: object,
                       reason: ReasonCode, properties: object) -> None:
        pass  # the connection's thread sees the loop end, and says why

    def _on_message(self, client: mqtt.Client, userdata: object,
                    message: mqtt.MQTTMessage) -> None:
        self.heard(message.topic, bytes(message.payload), bool(message.retain))

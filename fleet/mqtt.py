"""One way to make a paho-mqtt 2.x client for the fleet: MQTT 5 over TLS with the café CA.

Every fleet process (box, keeper, board, staff command, tests, bench) connects
through :func:`make_client`, so TLS, credentials and sessions are set in one
place. MQTT 5 is used because its acknowledgements carry reason codes: a
publish the broker's ACL refuses comes back as "Not authorized" (0x87).
"""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

#: How long the broker keeps a persistent session (its subscriptions and queued QoS 1
#: messages) while the client is away: a day covers a closed café.
SESSION_EXPIRY = 24 * 3600


@dataclass(frozen=True, kw_only=True)
class Account:
    """Where and as whom to connect: the hub's address, a user name and password, the CA."""

    host: str
    port: int
    user: str
    password: str
    ca: Path

    def __repr__(self) -> str:  # never print a password
        return f"Account(host={self.host!r}, port={self.port}, user={self.user!r})"


def make_client(
    account: Account,
    client_id: str,
    *,
    will: tuple[str, bytes] | None = None,
) -> mqtt.Client:
    """A configured, unconnected client (call :func:`connect_async` or ``connect``)."""
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2,
        client_id=client_id,
        protocol=mqtt.MQTTv5,
        reconnect_on_failure=True,
    )
    client.tls_set(ca_certs=str(account.ca), tls_version=ssl.PROTOCOL_TLS_CLIENT)
    client.username_pw_set(account.user, account.password)
    client.reconnect_delay_set(min_delay=1, max_delay=2)
    if will is not None:
        client.will_set(will[0], will[1], qos=1, retain=True)
    return client


def session_properties(persistent: bool) -> Properties | None:
    """CONNECT properties: a persistent session keeps subscriptions and queued messages."""
    if not persistent:
        return None
    props = Properties(PacketTypes.CONNECT)
    props.SessionExpiryInterval = SESSION_EXPIRY
    return props


def connect_async(
    client: mqtt.Client, account: Account, *, persistent: bool, keepalive: int = 10
) -> None:
    """Start connecting in the background (paho retries until it gets through)."""
    client.connect_async(
        account.host,
        account.port,
        keepalive=keepalive,
        clean_start=not persistent,
        properties=session_properties(persistent),
    )

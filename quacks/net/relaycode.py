"""Relay codes (issue 33, item 4): where a relayed room is and the secret to join it, as one text to pass on.

A LAN room code (roomcode.py) packs the host's IPv4 address into its characters; a relayed room is found through
a relay named by a host name or any address, which no short code can hold. So a relay code is the relay's
address, a slash, and the join key (the join secret alone, roomcode.py's ``join_key``)::

    relay.example.org:47480/7F2M-9XHD-C
    203.0.113.7/7F2M-9XHD-C            (the relay's default port, 47480)
    [2001:db8::1]:47480/7F2M-9XHD-C

The join key's check character catches a mistyped key; the relay's address is checked by reaching it. The
relay is told only the room id derived from the secret (relay.py), never the key.

This module imports no network code: the join screen reads a typed code with it.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import RELAY_PORT
from .roomcode import join_key, parse_address, read_join_key


@dataclass(frozen=True)
class RelayCode:
    """What a relay code says: the relay's host name or address, its port, and the join secret."""

    relay: str
    port: int
    secret: bytes

    @property
    def address(self) -> str:
        return f"[{self.relay}]:{self.port}" if ":" in self.relay else f"{self.relay}:{self.port}"


def make_relay_code(relay: str, port: int, secret: bytes) -> str:
    """The relay code of a room on the relay at ``relay``:``port`` with the join secret ``secret``."""
    where = f"[{relay}]" if ":" in relay else relay
    return f"{where}:{port}/{join_key(secret)}"


def looks_like_relay_code(text: str) -> bool:
    """Whether ``text`` is written like a relay code (an address, a slash, a key): a join box tries it first."""
    where, slash, key = text.strip().rpartition("/")
    return bool(slash and where.strip() and key.strip())


def _has_port(where: str) -> bool:
    if where.startswith("["):
        return "]:" in where
    return where.count(":") == 1


def read_relay_code(text: str) -> RelayCode:
    """What a relay code says; ValueError with a sentence for the player if it is mistyped."""
    where, slash, key = text.strip().rpartition("/")
    where = where.strip()
    if not slash or not where:
        raise ValueError("A relay code is the relay's address, a slash and the join key: "
                         "relay.example.org:47480/7F2M-9XHD-C.")
    if not key.strip():
        raise ValueError("The join key is missing after the slash: relay.example.org:47480/7F2M-9XHD-C.")
    if where.startswith(("ws://", "http://", "https://")) or "/" in where:
        raise ValueError("Write the relay's address without ws:// or http://, such as relay.example.org:47480.")
    host, port = parse_address(where)
    if not _has_port(where):
        port = RELAY_PORT
    return RelayCode(host, port, read_join_key(key))


def split_relay(text: str) -> tuple[str, int]:
    """(host, port) of a relay's address as ``--relay`` takes it (the port :data:`RELAY_PORT` if not given)."""
    where = text.strip()
    host, port = parse_address(where)
    return host, port if _has_port(where) else RELAY_PORT


__all__ = ["RELAY_PORT", "RelayCode", "looks_like_relay_code", "make_relay_code", "read_relay_code", "split_relay"]

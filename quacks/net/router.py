"""The router way in (issue 33 §4): the host asks its home router to open its port to the internet.

A home router that speaks UPnP IGD (most do, when the owner left it on) forwards a port when a computer at home
asks. The host asks for its own TCP port, for a lease (``LEASE`` seconds: a host that crashes leaves no port open
for long), renews the lease while it hosts and removes the mapping when the room closes. The answer is one of

- ``YES``: the router opened the port and its own address is on the internet: friends outside the home reach the
  host at ``external``:``port`` (the room code carries that address);
- ``NO``: a router answered and refused (``detail`` its sentence, for the log), or it opened the port but its own
  address is not on the internet (a private or carrier-grade NAT address: another router stands between), so the
  port helps no one outside;
- ``UNKNOWN``: no router answered in time, or the ``miniupnpc`` library is missing: whether friends can come in
  is not known.

Only UPnP IGD is asked (``miniupnpc``); NAT-PMP and PCP are not (no well-kept Python library covers them).
Everything here blocks (a router may take seconds): callers run it in a thread (``asyncio.to_thread``), never in
the window's or the asyncio loop's own thread. Discovery is SSDP multicast on the local network, about 4 s at most
(``DISCOVER_MS``); nothing is sent anywhere but to the router that answers. ``QUACKS_NO_ROUTER=1`` in the
environment turns the asking off (the test suite sets it: its games stay on loopback).
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
from dataclasses import dataclass
from types import ModuleType
from typing import Any

log = logging.getLogger("quacks.net")

YES, NO, UNKNOWN = "yes", "no", "unknown"
LEASE = 3600  # seconds the router keeps the port open unless renewed
RENEW_EVERY = LEASE // 3  # the host renews its lease this often while it hosts
DISCOVER_MS = 1000  # the wait for answers to each round of SSDP searches (miniupnpc's least; it makes a few
# rounds: about 4 s in all when no router answers; a router answers in milliseconds)
DESCRIPTION = "Quacks game"  # the mapping's name in the router's own page


@dataclass(frozen=True)
class RouterAnswer:
    """What the router said (module docstring): ``state`` YES, NO or UNKNOWN; ``external`` the router's address
    toward the internet and ``port`` the port it opened (YES); ``detail`` an English sentence for the log."""

    state: str
    external: str = ""
    port: int = 0
    detail: str = ""


def turned_off() -> bool:
    """Whether the environment turns the asking off (``QUACKS_NO_ROUTER=1``)."""
    return os.environ.get("QUACKS_NO_ROUTER", "") not in ("", "0")


def worth_asking(bind: str) -> bool:
    """Whether a host listening on ``bind`` asks its router: not when the environment turns it off, nor for a
    loopback address (no one outside this computer can come in there)."""
    if turned_off():
        return False
    try:
        return not ipaddress.ip_address(bind.strip("[]")).is_loopback
    except ValueError:
        return bind != "localhost"


def library() -> ModuleType | None:
    """The ``miniupnpc`` module, or None where it cannot be imported (the game runs without it: UNKNOWN)."""
    try:
        import miniupnpc
    except ImportError as e:
        log.info("the router cannot be asked to open a port: miniupnpc is missing (%s)", e)
        return None
    return miniupnpc


def on_internet(address: str) -> bool:
    """Whether ``address`` is one the internet can reach: not private (RFC 1918), not carrier-grade NAT
    (100.64.0.0/10), not loopback, link-local or a documentation block; False for anything that is no address."""
    try:
        return ipaddress.ip_address(address).is_global
    except ValueError:
        return False


class PortMapping:
    """A port the router holds open for this host (``open_port``): ``renew`` keeps it, ``close`` removes it."""

    def __init__(self, upnp: Any, port: int, internal: str, lease: int) -> None:
        self.upnp, self.port, self.internal, self.lease = upnp, port, internal, lease

    def renew(self) -> bool:
        """Ask for the lease again (the same mapping: the router extends it); False if the router refused."""
        try:
            self.upnp.addportmapping(self.port, "TCP", self.internal, self.port, DESCRIPTION, "", self.lease)
        except Exception as e:  # noqa: BLE001 - miniupnpc raises bare Exception with the router's sentence
            log.info("the router did not renew port %d: %s", self.port, e)
            return False
        return True

    def close(self) -> None:
        """Remove the mapping (the room is closed); a router that does not answer lets the lease run out."""
        try:
            self.upnp.deleteportmapping(self.port, "TCP")
        except Exception as e:  # noqa: BLE001 - as above
            log.info("the router did not remove port %d (its lease runs out): %s", self.port, e)


async def keep_open(mapping: PortMapping, stopped: asyncio.Event) -> None:
    """Renew ``mapping``'s lease every ``RENEW_EVERY`` seconds (in a thread: the router may take seconds) until
    ``stopped`` is set (the host has stopped serving); closing the mapping is the caller's."""
    for _renewal in range(10**6):  # bounded by the room: renewed while the host serves
        if stopped.is_set():
            return
        try:
            await asyncio.wait_for(stopped.wait(), RENEW_EVERY)
        except TimeoutError:
            await asyncio.to_thread(mapping.renew)


def open_port(port: int, *, lease: int = LEASE, discover_ms: int = DISCOVER_MS,
              module: ModuleType | None = None) -> tuple[RouterAnswer, PortMapping | None]:
    """Ask the router to forward TCP ``port`` (the same number outside) to this computer (module docstring). Blocks
    for up to about ``discover_ms`` while no router answers, a few seconds more while one does."""
    lib = module if module is not None else library()
    if lib is None:
        return RouterAnswer(UNKNOWN, detail="the miniupnpc library is missing"), None
    upnp = lib.UPnP()
    upnp.discoverdelay = discover_ms
    try:
        if not upnp.discover():
            return RouterAnswer(UNKNOWN, detail="no router answered the UPnP search"), None
        upnp.selectigd()
    except Exception as e:  # noqa: BLE001 - no IGD among what answered: miniupnpc's own sentence
        return RouterAnswer(UNKNOWN, detail=f"no UPnP router: {e}"), None
    internal = str(upnp.lanaddr)
    try:
        upnp.addportmapping(port, "TCP", internal, port, DESCRIPTION, "", lease)
    except Exception as e:  # noqa: BLE001 - the router's refusal ("Action not authorized", a conflict...)
        return RouterAnswer(NO, detail=f"the router refused to open port {port}: {e}"), None
    mapping = PortMapping(upnp, port, internal, lease)
    try:
        external = str(upnp.externalipaddress() or "")
    except Exception as e:  # noqa: BLE001 - as above
        external, why = "", str(e)
    else:
        why = "none given"
    if not on_internet(external):
        mapping.close()  # of no use to anyone outside: not left behind
        return RouterAnswer(NO, external, detail=f"the router opened port {port} but its own address "
                            f"({external or why}) is not on the internet: another router stands between"), None
    return RouterAnswer(YES, external, port, f"the router opened port {port} on {external}"), mapping


__all__ = ["DISCOVER_MS", "LEASE", "NO", "RENEW_EVERY", "UNKNOWN", "YES", "PortMapping", "RouterAnswer",
           "keep_open", "library", "on_internet", "open_port", "turned_off",
           "worth_asking"]

"""Finding games on the LAN (issue 22): the host advertises ``_quacks._tcp`` over multicast DNS with the
``zeroconf`` library, and a joining player browses for it. A help, not a must: where multicast is blocked the
room code or the address always works, and a browser with nothing found says so (:func:`nothing_found_text`).

What goes over multicast (the TXT properties, :func:`advert_properties`): the protocol and game versions, the
first 16 hex digits of the rules hash, the free seats and the seat count, the books, and the host's name. Never
the join secret, a seat token or the room code (it holds the secret): anyone on the network hears multicast. A
game found here fills the address in; the player types the *join key* the host shows (``roomcode.join_key``),
or the whole room code (docs/protocol.md, "Finding games on the LAN").

Any error of zeroconf or of the system (no multicast, no interface, the library missing from this copy) is
caught and kept as ``problem``, a sentence beginning "discovery unavailable:": never a traceback. Both classes
take ``interfaces`` (addresses such as ``["127.0.0.1"]``: tests stay on loopback or in a namespace of their
own) and ``make_zeroconf`` (tests inject a failing one).
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import secrets
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..names import name_problem

if TYPE_CHECKING:  # pragma: no cover - imported where used: a copy without zeroconf still imports this module
    from zeroconf import ServiceBrowser, ServiceInfo, Zeroconf

log = logging.getLogger("quacks.net")

SERVICE_TYPE = "_quacks._tcp.local."
RULES_PREFIX = 16  # hex digits of the rules hash in the TXT (enough to tell two data folders apart)
MAX_BOOKS_TEXT = 60
MAX_INSTANCE_BYTES = 63  # DNS-SD: an instance name is one label
INFO_TIMEOUT_MS = 2000  # how long a browser waits for a found service's address and TXT

ZeroconfFactory = Callable[[list[str] | None], "Zeroconf"]  # interfaces (None: all) -> a started Zeroconf


@dataclass(frozen=True)
class Advert:
    """What a host tells the LAN about its game (module docstring: nothing secret)."""

    host_name: str
    address: str  # the IPv4 address the host listens on
    port: int
    free_seats: int
    seats: int
    books: str  # a short text: "all set 1", "set 2 of every book", "blue 2, red 1, ..."
    protocol: int
    game_version: str
    rules: str  # the full rules hash; only its first RULES_PREFIX digits are sent


@dataclass(frozen=True)
class FoundGame:
    """A game a browser found: where it is, what it plays, how many seats are free."""

    name: str  # the service's instance name (unique on the LAN)
    host_name: str
    address: str
    port: int
    free_seats: int
    seats: int
    books: str
    protocol: int
    game_version: str
    rules: str  # the prefix of the host's rules hash

    def line(self) -> str:
        """One line for a list of found games."""
        return (f"{self.host_name} at {self.address}:{self.port}: {self.free_seats} of {self.seats} seats free, "
                f"books {self.books}, Quacks {self.game_version}")


def advert_properties(advert: Advert) -> dict[str, str]:
    """The TXT properties of ``advert`` (short keys; each pair well under DNS-SD's 255 bytes)."""
    return {"v": str(advert.protocol), "game": advert.game_version[:40], "rules": advert.rules[:RULES_PREFIX],
            "free": str(advert.free_seats), "seats": str(advert.seats), "books": advert.books[:MAX_BOOKS_TEXT],
            "host": advert.host_name}


def instance_name(host_name: str) -> str:
    """The service's instance name: the host's name, cut to one DNS label (63 bytes of UTF-8), dots and
    backslashes (which DNS-SD would escape) replaced."""
    text = host_name.replace(".", " ").replace("\\", " ").strip() or "Quacks"
    data = text.encode("utf-8")[:MAX_INSTANCE_BYTES]
    return data.decode("utf-8", errors="ignore").strip() or "Quacks"


def _instance_of(service_name: str) -> str:
    suffix = "." + SERVICE_TYPE
    return service_name[:-len(suffix)] if service_name.endswith(suffix) else service_name


def _whole(text: str | None, low: int, high: int) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 6:
        return None
    value = int(text)
    return value if low <= value <= high else None


def found_game(name: str, addresses: list[str], port: int | None, props: Mapping[str, str | None]) -> FoundGame | None:
    """The game a service found on the LAN describes, or None if it is not one (anyone may advertise anything on
    a network: a service with a missing or malformed property is left out, never trusted)."""
    v4 = []
    for a in addresses:
        try:
            v4.append(str(ipaddress.IPv4Address(a)))
        except ValueError:
            continue
    protocol = _whole(props.get("v"), 0, 10**6)
    free = _whole(props.get("free"), 0, 4)
    seats = _whole(props.get("seats"), 2, 4)
    game, rules, books, host = props.get("game"), props.get("rules"), props.get("books"), props.get("host")
    if (not v4 or port is None or not 1 <= port <= 65535 or protocol is None or free is None or seats is None
            or free > seats or game is None or rules is None or books is None or host is None):
        return None
    if name_problem(host) or len(game) > 40 or name_problem(game, max_length=40) or len(rules) > RULES_PREFIX:
        return None
    if len(books) > MAX_BOOKS_TEXT or (books and name_problem(books, max_length=MAX_BOOKS_TEXT)):
        return None
    return FoundGame(name, host.strip(), v4[0], port, free, seats, books, protocol, game, rules)


_NO_MULTICAST = {errno.ENODEV, errno.EADDRNOTAVAIL, errno.ENETUNREACH, errno.ENETDOWN}


def unavailable(error: BaseException) -> str:
    """The problem sentence for an error of zeroconf or of the system."""
    if isinstance(error, ModuleNotFoundError):
        reason = "this copy of the game was built without the zeroconf library"
    elif isinstance(error, OSError) and error.errno in _NO_MULTICAST:
        reason = f"no network interface here takes multicast ({error.strerror})"
    elif isinstance(error, OSError) and error.strerror:
        reason = error.strerror[:1].lower() + error.strerror[1:]
    else:
        reason = str(error).strip() or type(error).__name__
    return f"discovery unavailable: {reason[:200]}"


def nothing_found_text(problem: str | None) -> str:
    """What a join screen says when a browser has found no game."""
    if problem:
        return f"No games found ({problem}); join with the room code or the host's address."
    return "No games found; on this network try the room code (multicast may be blocked)."


# the errors zeroconf and the system raise where there is no multicast, no interface, or the library is missing
_ERRORS: tuple[type[BaseException], ...] = (OSError, RuntimeError, ValueError, ImportError)


def _failed(what: str, error: BaseException) -> str:
    """``unavailable``'s sentence for an error of advertising or browsing, the error itself in the debug log."""
    log.debug("LAN %s failed: %r", what, error)
    return unavailable(error)


def _errors() -> tuple[type[BaseException], ...]:
    try:
        from zeroconf import Error
    except ImportError:
        return _ERRORS
    return (*_ERRORS, Error)


def _quiet_library() -> None:
    """zeroconf logs its own socket errors with tracebacks; a player sees ``problem`` instead."""
    logging.getLogger("zeroconf").setLevel(logging.CRITICAL)


def _default_zeroconf(interfaces: list[str] | None) -> Zeroconf:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    # its own thread and loop even when called from a running asyncio loop (the host runs one)
    return Zeroconf(interfaces=interfaces if interfaces else InterfaceChoice.All, ip_version=IPVersion.V4Only,
                    use_asyncio=False)


class Advertiser:
    """Advertises one host's game while it is in the lobby. ``start``, ``update`` and ``stop`` block for a
    moment (zeroconf probes the name on the network): a host on an asyncio loop calls them in a thread."""

    def __init__(self, advert: Advert, *, interfaces: list[str] | None = None,
                 make_zeroconf: ZeroconfFactory | None = None) -> None:
        self.advert = advert
        self.interfaces = interfaces
        self._make = make_zeroconf or _default_zeroconf
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._server = f"quacks-{secrets.token_hex(4)}.local."  # the host's own A record: an ASCII label
        self._lock = threading.Lock()  # start, update and stop may come from different threads
        self.problem: str | None = None
        self.name: str | None = None  # the instance name as registered (zeroconf renames it on a clash)

    def _service_info(self, name: str) -> ServiceInfo:
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE_TYPE, name, port=self.advert.port, properties=advert_properties(self.advert),
                           server=self._server, parsed_addresses=[self.advert.address])

    def start(self) -> bool:
        """Advertise; False (and ``problem`` says why) if discovery is unavailable here."""
        with self._lock:
            return self._start()

    def _start(self) -> bool:
        _quiet_library()
        try:
            info = self._service_info(f"{instance_name(self.advert.host_name)}.{SERVICE_TYPE}")
            self._zc = self._make(self.interfaces)
            self._zc.register_service(info, allow_name_change=True)
        except _errors() as e:
            self.problem = _failed("advertising", e)
            self._close()
            return False
        self._info = info
        self.name = _instance_of(info.name)
        self.problem = None
        return True

    def update(self, free_seats: int) -> None:
        """Tell the LAN how many seats are free now."""
        with self._lock:
            self._update(free_seats)

    def _update(self, free_seats: int) -> None:
        if free_seats == self.advert.free_seats:
            return
        self.advert = replace(self.advert, free_seats=free_seats)
        if self._zc is None or self._info is None:
            return
        try:
            info = self._service_info(self._info.name)
            self._zc.update_service(info)
            self._info = info
        except _errors() as e:
            self.problem = unavailable(e)
            log.debug("LAN advertising update failed: %r", e)

    def stop(self) -> None:
        """Take the game off the LAN (a goodbye packet) and close the sockets; safe to call twice."""
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        zc, info, self._info = self._zc, self._info, None
        if zc is not None and info is not None:
            try:
                zc.unregister_service(info)
            except _errors() as e:
                log.debug("LAN advertising stop failed: %r", e)
        self._close()

    def _close(self) -> None:
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                zc.close()
            except _errors() as e:
                log.debug("closing zeroconf failed: %r", e)


class Browser:
    """Browses the LAN for games; ``found()`` is the list as it is now (thread-safe: zeroconf's threads add
    and remove services as they come and go). ``problem`` says why discovery is unavailable, or is None."""

    def __init__(self, *, interfaces: list[str] | None = None, make_zeroconf: ZeroconfFactory | None = None) -> None:
        self.interfaces = interfaces
        self._make = make_zeroconf or _default_zeroconf
        self._lock = threading.Lock()
        self._games: dict[str, FoundGame] = {}
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self.problem: str | None = None

    def start(self) -> bool:
        """Start browsing; False (and ``problem`` says why) if discovery is unavailable here."""
        _quiet_library()
        try:
            from zeroconf import ServiceBrowser

            self._zc = self._make(self.interfaces)
            self._browser = ServiceBrowser(self._zc, SERVICE_TYPE, handlers=[self._changed])
        except _errors() as e:
            self.problem = _failed("browsing", e)
            self.stop()
            return False
        self.problem = None
        return True

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: object) -> None:
        """zeroconf's handler (on the browser's thread): a service came, changed or went."""
        from zeroconf import ServiceStateChange

        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._games.pop(name, None)
            return
        try:
            info = zeroconf.get_service_info(service_type, name, timeout=INFO_TIMEOUT_MS)
        except _errors() as e:
            log.debug("reading a found service failed: %r", e)
            return
        game = None
        if info is not None:
            game = found_game(_instance_of(name), info.parsed_addresses(), info.port, info.decoded_properties)
        with self._lock:
            if game is None:
                self._games.pop(name, None)
            else:
                self._games[name] = game

    def found(self) -> list[FoundGame]:
        """The games found and still there, by host name."""
        with self._lock:
            games = list(self._games.values())
        return sorted(games, key=lambda g: (g.host_name.casefold(), g.name, g.address, g.port))

    def stop(self) -> None:
        """Stop browsing and close the sockets; safe to call twice."""
        browser, self._browser = self._browser, None
        zc, self._zc = self._zc, None
        try:
            if browser is not None:
                browser.cancel()
            if zc is not None:
                zc.close()
        except _errors() as e:
            log.debug("stopping the LAN browser failed: %r", e)

    def __enter__(self) -> Browser:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


__all__ = ["SERVICE_TYPE", "Advert", "Advertiser", "Browser", "FoundGame", "advert_properties", "found_game",
           "instance_name", "nothing_found_text", "unavailable"]

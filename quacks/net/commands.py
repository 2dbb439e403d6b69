"""``python -m quacks host``, ``join`` and ``find``: a served match without a window (issue 21, item 6; issue 22).

``host`` prints the room code and the address and serves a match (bots included) until it is over, Ctrl+C,
or a player away too long ends it; ``--resume`` starts again from the hosted game kept on disk (the players come
back with their tokens); with ``--lan`` (the default) it advertises the game on the LAN while it waits in the
lobby (``discovery.py``). ``join`` plays one seat headless, a bot choosing for it (tests and soak runs). ``find``
lists the games advertised on the LAN, or says why it found none. Each says in one line why it cannot start: the
port in use, a wrong version, a full room, a mistyped code.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import logging
import socket
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..ai.levels import LEVELS
from ..content.loader import DataLoadError, default_catalogue
from ..content.rules_hash import rules_hash
from ..names import name_problem
from ..rules.config import GameConfig
from ..session.setup import PLAYER_COLOURS, REMOTE, SeatSpec
from ..storage import paths
from ..version import __version__
from . import TURN_CLOCK
from .protocol import MAX_CLOCK, PROTOCOL_VERSION
from .relaycode import looks_like_relay_code, make_relay_code, read_relay_code, split_relay
from .room import LOBBY, Room
from .roomcode import (
    SECRET_BYTES,
    code_for,
    join_key,
    looks_like_code,
    new_join_secret,
    parse_address,
    read_code,
    read_join_key,
)

if TYPE_CHECKING:  # pragma: no cover
    from .discovery import Advertiser
    from .host import Host
    from .relay_link import RelayAgent

# Imported where they are used, after ``_network_missing`` has looked: ``asyncio`` and ``websockets`` (the one-folder
# bundle leaves them out, and the window imports this module for ``hosted_path`` and the like), the host and the
# client (they import websockets), and discovery (zeroconf).


log = logging.getLogger("quacks.net")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _network_missing(command: str) -> int | None:
    """1, and a sentence, if this copy of the game cannot play over the network (the one-folder bundle leaves
    asyncio and websockets out until the table hosts and joins, issue 22); None if it can."""
    try:
        import asyncio  # noqa: F401

        import websockets  # noqa: F401
    except ModuleNotFoundError:
        _say(f"quacks {command}: this copy of the game was built without network play; run it from a checkout "
             f"or an installed copy (pip install), where python -m quacks {command} works")
        return 1
    return None


def lan_address() -> str:
    """This computer's address on its LAN (the one a packet to the outside would leave from; nothing is sent)."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, and a UDP connect sends nothing
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def lan_address6() -> str | None:
    """This computer's IPv6 address toward the internet (the one a packet to a documentation address would leave
    from; nothing is sent), or None: no IPv6, no route, or no global address (link-local, unique-local,
    loopback)."""
    if not socket.has_ipv6:
        return None
    with contextlib.closing(socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)) as s:
        try:
            s.connect(("2001:db8::1", 9))  # 2001:db8::/32 is for documentation: never routed; UDP sends nothing
            ip = ipaddress.IPv6Address(str(s.getsockname()[0]).split("%")[0])
        except (OSError, ValueError):
            return None
    # only a global address: a link-local or unique-local one (fd00::/8, a home network's own) no one outside
    # the home can reach, and inside it the IPv4 code does
    return str(ip) if ip.is_global else None


def code_or_none(address: str | None, port: int, secret: bytes) -> str | None:
    """The room code of ``address`` (either family), or None if no code holds it (a host name, ``::``, none)."""
    try:
        return code_for(address, port, secret) if address else None
    except ValueError:
        return None


def room_codes(bind: str, port: int, secret: bytes, families: tuple[str, ...]) -> tuple[str | None, str | None]:
    """The room codes of a host listening on ``bind`` (on ``families``, ``Host.families``): (IPv4 code, IPv6
    code), each None where the host has no address of that family to give. A bind on every address gives this
    computer's address of each family (``lan_address``, ``lan_address6``); a bind on one address, its own code."""
    if bind not in ("0.0.0.0", "::", ""):  # host.ANY_ADDRESS (not imported here: it needs websockets)
        own = code_or_none(bind, port, secret)
        return (None, own) if ":" in bind else (own, None)
    return (code_or_none(lan_address(), port, secret) if "IPv4" in families else None,
            code_or_none(lan_address6(), port, secret) if "IPv6" in families else None)


def bracketed(host: str, port: int) -> str:
    """``host:port``, an IPv6 address in brackets (``[::1]:47474``) as ``parse_address`` reads it."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def hosted_path() -> Path:
    return paths.data_dir(create=True) / "hosted-game.json"


def tokens_path() -> Path:
    return paths.config_dir(create=True) / "seat-tokens.json"


def host_main(args: argparse.Namespace) -> int:
    missing = _network_missing("host")
    if missing is not None:
        return missing
    import asyncio

    from .host import read_room

    try:
        cat = default_catalogue()
    except DataLoadError as e:
        _say(f"quacks host: the game's own data has errors:\n{e}")
        return 1
    if args.resume:
        loaded = read_room(hosted_path(), cat)
        for problem in loaded.problems:  # each a sentence naming the file (a bad one is kept aside)
            _say(f"quacks host: {problem.message}")
        room = loaded.value
        if room is None:
            if not loaded.problems:
                _say(f"quacks host: there is no hosted game to go on with in {hosted_path()}")
            return 1
    else:
        kinds = [k.strip() for k in str(args.seats).split(",") if k.strip()]
        if args.away_bot not in LEVELS:
            _say(f"quacks host: --away-bot takes one of {', '.join(LEVELS)}, not {args.away_bot!r}")
            return 2
        bad = [k for k in kinds if k != REMOTE and k not in LEVELS]
        if bad or not 2 <= len(kinds) <= 4 or REMOTE not in kinds:
            _say(f"quacks host: --seats takes 2 to 4 of remote, {', '.join(LEVELS)} with at least one remote, "
                 f"not {args.seats!r}")
            return 2
        seats = tuple(SeatSpec(f"Seat {i + 1}" if k == REMOTE else f"{k.capitalize()} bot {i + 1}",
                               PLAYER_COLOURS[i], k) for i, k in enumerate(kinds))
        room = Room(cat, GameConfig(seats=tuple(s.name for s in seats)), seats, join_secret=new_join_secret(),
                    turn_limit=TURN_CLOCK)
    if args.turn_clock is not None:
        if not 0 <= args.turn_clock <= MAX_CLOCK:
            _say(f"quacks host: --turn-clock takes 0 (no clock) to {MAX_CLOCK} seconds, not {args.turn_clock}")
            return 2
        room.turn_limit = args.turn_clock
    room.rules = rules_hash()
    relay = None
    if args.relay:
        try:
            relay = split_relay(str(args.relay))
        except ValueError as e:
            _say(f"quacks host: --relay: {e}")
            return 2
    bind = args.bind or lan_address()
    # who joins, leaves, comes back or is handed to a bot: one line each on the host's terminal
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    try:
        return asyncio.run(_host(room, bind, args, relay))
    except KeyboardInterrupt:
        _say("quacks host: stopped (Ctrl+C); the game is kept: python -m quacks host --resume goes on with it")
        return 130


def _lan_name(args: argparse.Namespace) -> str:
    name = str(args.lan_name) if args.lan_name else socket.gethostname().split(".")[0]
    return name.strip() if not name_problem(name) else "Quacks"


async def _advertise(room: Room, bind: str, port: int, args: argparse.Namespace) -> Advertiser | None:
    """Advertise the room on the LAN (in a thread: zeroconf probes the name for a moment); one line says where,
    or why not. None if discovery is unavailable here: the room code works all the same."""
    import asyncio

    from .discovery import Advert, Advertiser

    try:  # "::" listens on IPv4 as well (host.py): advertised like "0.0.0.0"
        listen = ipaddress.IPv4Address("0.0.0.0" if bind == "::" else bind)
    except ValueError:
        print("LAN: not advertised (the host listens on a name or an IPv6 address); join with the address",
              flush=True)
        return None
    address = lan_address() if listen.is_unspecified else str(listen)
    advert = Advert(_lan_name(args), address, port, len(room.free_seats()), len(room.seats),
                    books_text(room), PROTOCOL_VERSION, __version__, room.rules)
    advertiser = Advertiser(advert, interfaces=None if listen.is_unspecified else [address])
    if not await asyncio.to_thread(advertiser.start):
        print(f"LAN: not advertised ({advertiser.problem}); join with the room code", flush=True)
        return None
    print(f"LAN: advertised as {advertiser.name} while the game waits for players", flush=True)
    return advertiser


async def _keep_advert(room: Room, advertiser: Advertiser, host: Host) -> None:
    """The advert follows the lobby (its free seats) and goes when the game starts."""
    import asyncio

    while not host.stopped.is_set():
        if room.phase != LOBBY:
            await asyncio.to_thread(advertiser.stop)
            print("LAN: no longer advertised (the game has started)", flush=True)
            return
        await asyncio.to_thread(advertiser.update, len(room.free_seats()))
        await asyncio.sleep(0.5)


def books_text(room: Room) -> str:
    """The books the room plays, short: "all set 1", or each colour's set."""
    sets = dict(room.config.books)
    if len(set(sets.values())) == 1:
        return f"all set {next(iter(sets.values()))}"
    return ", ".join(f"{colour} {n}" for colour, n in sorted(sets.items()))


def _relay_said(agent: RelayAgent) -> None:
    where = f"{agent.relay}:{agent.port}"
    if agent.state == "open":
        print(f"relay: the room is open on {where}", flush=True)
    else:
        print(f"relay: {agent.problem or 'connecting'} ({where}; trying again)", flush=True)


def _open_on_relay(room: Room, bind: str, port: int, relay: tuple[str, int]) -> RelayAgent:
    """The agent that opens the room on the relay (relay_link.py) and pipes its players to this host; it prints
    the relay code at once and a line when the relay opens the room or loses it."""
    from .relay import room_id
    from .relay_link import RelayAgent, local_address

    agent = RelayAgent(relay[0], relay[1], room_id(room.join_secret), local_address(bind), port,
                       on_change=_relay_said)
    print(f"relay code: {make_relay_code(relay[0], relay[1], room.join_secret)} (for players outside this "
          "network: python -m quacks join RELAY-CODE)", flush=True)
    return agent


async def _router_way(room: Room, host: Host, bind: str, port: int) -> None:
    """Ask the router to open ``port`` (a host on ``bind``: issue 33 §4, router.py), print what it said, renew the
    lease while the host serves and close the port when it stops."""
    import asyncio

    from .router import NO, keep_open, open_port, worth_asking

    if not worth_asking(bind):
        return
    answer, mapping = await asyncio.to_thread(open_port, port)
    if mapping is None:
        print(f"router: {'no' if answer.state == NO else 'not known'} ({answer.detail}); players outside this "
              "network cannot join by this way in", flush=True)
        return
    print(f"router: yes ({answer.detail}); room code for players outside this network: "
          f"{code_or_none(answer.external, answer.port, room.join_secret)}", flush=True)
    try:
        await keep_open(mapping, host.stopped)
    finally:
        await asyncio.to_thread(mapping.close)
        print("router: the port is closed again", flush=True)


async def _host(room: Room, bind: str, args: argparse.Namespace, relay: tuple[str, int] | None = None) -> int:
    import asyncio

    from .host import Host

    host = Host(room, save_path=hosted_path(), away_after=args.away_after, when_away=args.away,
                bot_level=args.away_bot)
    try:
        port = await host.start(bind, args.port)
    except OSError as e:
        _say(f"quacks host: cannot listen on {bracketed(bind, args.port)} ({e.strerror or e}); is another game "
             "using the port? Try --port with another number.")
        return 1
    v4, v6 = room_codes(bind, port, room.join_secret, host.families)
    first, second = (v6, v4) if ":" in bind else (v4, v6)  # the code of the family asked for first
    room.code = first or second
    print(f"room code: {room.code or '(none for this address)'}", flush=True)
    if first and second:
        print(f"room code ({'IPv4' if ':' in bind else 'IPv6'}): {second}", flush=True)
    print(f"address: {bracketed(bind, port)}  join secret: {room.join_secret.hex()}", flush=True)
    print(f"fairness: the host's secret has the SHA-256 {room.commitment}", flush=True)
    clock = f"{room.turn_limit} s a choice" if room.turn_limit else "none"
    print(f"turn clock: {clock}", flush=True)
    print(f"join key: {join_key(room.join_secret)} (for a game found on the LAN: python -m quacks find)", flush=True)
    print(f"listening on {' and '.join(host.families)}", flush=True)
    agent = _open_on_relay(room, bind, port, relay) if relay is not None else None
    way_in = asyncio.get_running_loop().create_task(_router_way(room, host, bind, port)) if args.router else None
    agent_task = asyncio.get_running_loop().create_task(agent.run()) if agent is not None else None
    advertiser = await _advertise(room, bind, port, args) if args.lan and room.phase == LOBBY else None
    watch = asyncio.get_running_loop().create_task(_keep_advert(room, advertiser, host)) if advertiser else None
    await host.stopped.wait()
    if watch is not None:
        watch.cancel()
    if advertiser is not None:
        await asyncio.to_thread(advertiser.stop)
    await host.close()
    if way_in is not None:  # the router closes the port again (in at most a few seconds; else its lease runs out)
        await asyncio.wait([way_in], timeout=5)
    if agent is not None and agent_task is not None:  # after the host: its last messages go through the relay
        await agent.close()
        await agent_task
    counts = ", ".join(f"{k} {v}" for k, v in host.counts.items())
    print(f"connections: {counts}", flush=True)
    m = room.match
    if m is not None and m.over:
        scores = ", ".join(f"{s.name} {g.score}" for s, g in zip(m.setup.seats, m.game.seats, strict=True))
        print(f"the game is over: {scores}", flush=True)
        return 0
    print(f"quacks host: {host.ended_reason or 'stopped'}", flush=True)
    return 0


def secret_hex(text: str) -> str:
    """The join secret in hex from what ``--secret`` was given: the host's join key, a room code, or hex."""
    bare = text.strip().replace("-", "").replace(" ", "")
    if len(bare) == 2 * SECRET_BYTES and all(ch in "0123456789abcdefABCDEF" for ch in bare):
        return bare.lower()
    return read_join_key(text).hex()


def join_main(args: argparse.Namespace) -> int:
    missing = _network_missing("join")
    if missing is not None:
        return missing
    import asyncio

    from .client import Client, JoinRefused, Tokens

    if args.bot not in LEVELS:
        _say(f"quacks join: --bot takes one of {', '.join(LEVELS)}, not {args.bot!r}")
        return 2
    problem = name_problem(args.name, what="--name")
    if problem:
        _say(f"quacks join: {problem}")
        return 2
    target = str(args.target)
    secret = args.secret
    relayed = looks_like_relay_code(target)
    try:
        if relayed:
            relay_code = read_relay_code(target)
            host, port, secret = relay_code.relay, relay_code.port, relay_code.secret.hex()
        elif looks_like_code(target):
            code = read_code(target)
            host, port, secret = code.address, code.port, code.secret.hex()
        else:
            host, port = parse_address(target)
            if secret is not None:
                secret = secret_hex(str(secret))
    except ValueError as e:
        _say(f"quacks join: {e}")
        return 2
    try:
        client = Client(host, port, name=args.name, join_secret=secret, tokens=Tokens.load(tokens_path()),
                        level=args.bot, think=max(0.0, float(args.think)), relay=relayed)
    except DataLoadError as e:
        _say(f"quacks join: the game's own data has errors:\n{e}")
        return 1
    try:
        report = asyncio.run(client.run())
    except KeyboardInterrupt:
        _say("quacks join: stopped (Ctrl+C); join again with the same command to take the seat back")
        return 130
    except JoinRefused as e:
        _say(f"quacks join: the host refused ({e.reason}): {e.detail}")
        return 1
    except ConnectionError as e:
        _say(f"quacks join: {e}")
        return 1
    print(f"seat {report.seat + 1}; final scores {report.scores}; reconnections {report.reconnects}, "
          f"resyncs {report.resyncs}", flush=True)
    print(f"luck {report.fair.text() if report.fair else 'not checked'}", flush=True)
    return 0 if report.fair is not None and report.fair.ok else 1


def find_main(args: argparse.Namespace) -> int:
    """List the games advertised on the LAN after listening ``--seconds``; 0 if any, else 1 and why none."""
    try:
        from .discovery import Browser, nothing_found_text
    except ModuleNotFoundError:  # pragma: no cover - a copy built without the network code
        _say("quacks find: this copy of the game was built without network play")
        return 1
    seconds = float(args.seconds)
    if not 0.1 <= seconds <= 600:
        _say(f"quacks find: --seconds takes 0.1 to 600, not {args.seconds}")
        return 2
    with Browser(interfaces=list(args.interface) if args.interface else None) as browser:
        if browser.problem is None:
            time.sleep(seconds)
        games = browser.found()
    if not games:
        _say(f"quacks find: {nothing_found_text(browser.problem)}")
        return 1
    ours = rules_hash()
    for g in games:
        other = g.protocol != PROTOCOL_VERSION or g.game_version != __version__ or not ours.startswith(g.rules)
        print(g.line() + (" (another version of the game or its rules: cannot join)" if other else ""), flush=True)
    print("join one: python -m quacks join ADDRESS:PORT --secret JOIN-KEY (the host shows its join key)", flush=True)
    return 0

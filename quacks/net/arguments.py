"""The command line of ``host``, ``join`` (issue 21), ``find`` (issue 22) and ``relay`` (issue 33): built for every
command of ``python -m quacks``, so it imports nothing of the network code (nor zeroconf); the commands themselves
are in ``commands.py`` (the relay's in ``relay.py``), imported when run."""

from __future__ import annotations

import argparse

from . import DEFAULT_PORT, RELAY_PORT, TURN_CLOCK

# what a host does with a seat whose player is gone (room.py's AWAY_*, written out here to keep this import light)
AWAY_WAIT, AWAY_BOT, AWAY_END = "wait", "bot", "end"


def _host_main(args: argparse.Namespace) -> int:
    from .commands import host_main

    return host_main(args)


def _join_main(args: argparse.Namespace) -> int:
    from .commands import join_main

    return join_main(args)


def _find_main(args: argparse.Namespace) -> int:
    from .commands import find_main

    return find_main(args)


def _relay_main(args: argparse.Namespace) -> int:
    from .relay import relay_main

    return relay_main(args.bind, args.port, args.max_rooms)


def add_commands(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    h = sub.add_parser("host", help="serve a match to players on other computers (no window)")
    h.add_argument("--seats", default="remote,normal",
                   help="the seats in order: remote (a player on another computer) or a bot level "
                        "(easy, normal, ...); 2 to 4 seats, at least one remote")
    h.add_argument("--bind", default=None, help="the address to listen on (default: this computer's LAN address)")
    h.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})")
    h.add_argument("--away", choices=(AWAY_WAIT, AWAY_BOT, AWAY_END), default=AWAY_BOT,
                   help="what to do with a seat whose player is gone for --away-after seconds")
    h.add_argument("--away-after", type=float, default=120.0)
    h.add_argument("--away-bot", default="normal", help="the level of the bot that plays for them")
    h.add_argument("--turn-clock", type=int, default=None, metavar="SECONDS",
                   help=f"seconds a player has for each choice, after which the seat is handled as a gone player's "
                        f"(a bot plays it until they take it back; with --away end the game is saved and ends); "
                        f"0: no clock (default {TURN_CLOCK}; --resume keeps the game's own)")
    h.add_argument("--resume", action="store_true", help="go on with the hosted game kept on disk")
    h.add_argument("--lan", action=argparse.BooleanOptionalAction, default=True,
                   help="advertise the game on the LAN while it waits for players (python -m quacks find lists "
                        "it); the room code works either way")
    h.add_argument("--lan-name", default=None, help="the name the LAN sees (default: this computer's name)")
    h.add_argument("--relay", default=None, metavar="HOST[:PORT]",
                   help=f"also open the room on this relay (python -m quacks relay, port {RELAY_PORT} unless given), "
                        "for players outside this network: they join with the relay code it prints")
    h.add_argument("--router", action=argparse.BooleanOptionalAction, default=True,
                   help="ask this network's router (UPnP) to open the port to the internet while the game is "
                        "hosted; if it does, players outside this network join with the room code it prints")
    h.set_defaults(func=_host_main)
    j = sub.add_parser("join", help="play one seat of a served match headless, a bot choosing for it")
    j.add_argument("target", help="the room code, the relay code (relay:port/JOIN-KEY), or the host's address "
                                  "(host:port)")
    j.add_argument("--bot", default="normal", help="the level of the bot that plays the seat")
    j.add_argument("--name", default="Guest")
    j.add_argument("--think", type=float, default=0.0, help="seconds the bot waits before each choice")
    j.add_argument("--secret", default=None,
                   help="when joining by address (a game found on the LAN): the host's join key (7F2M-9XHD-C) "
                        "or the join secret in hex")
    j.set_defaults(func=_join_main)
    f = sub.add_parser("find", help="list the games advertised on the LAN (python -m quacks host)")
    f.add_argument("--seconds", type=float, default=3.0, help="how long to listen (default 3)")
    f.add_argument("--interface", action="append", default=None,
                   help="an address of this computer to browse on (default: every interface); may be repeated")
    f.set_defaults(func=_find_main)
    r = sub.add_parser("relay", help="meet hosts and players who cannot reach each other: run on a public machine")
    r.add_argument("--bind", default=None, help="the address to listen on (default: every address)")
    r.add_argument("--port", type=int, default=RELAY_PORT, help=f"the port (default {RELAY_PORT})")
    r.add_argument("--max-rooms", type=int, default=1000, help="rooms carried at once (default 1000)")
    r.set_defaults(func=_relay_main)

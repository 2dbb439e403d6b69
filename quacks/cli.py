"""Command line: ``python -m quacks [play | scenario | check-data | simulate | bench-ui | ...]``.

Every way of starting the game reads the same arguments through :func:`main`: ``python -m quacks``, the
installed ``quacks`` (desktop) and ``quacks-cli`` (console) commands, and the frozen bundle
(``quacks_launcher.py``). No traceback reaches a player: a command that fails says what went wrong in one
line (``QUACKS_DEBUG=1`` shows the traceback, for developers).
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from . import i18n
from .i18n import LANGUAGE_NAMES, LANGUAGES, PSEUDO, TEST_LANGUAGES
from .net.arguments import add_commands
from .version import __version__

# A command imports what only it needs when it runs (the rules and the data for scenario, check-data,
# import-replay and --selftest; the window for play; a developer command by its name, below): ``--version`` and
# ``--help`` answer in a tenth of a second instead of nearly one, and starting the game never loads the dev tools.

#: The developer commands and their modules, all in the package quacks.devtools, which the bundle leaves out
#: (build_installer.spec). They are imported by name when asked for (``_dev_module``), so that starting the game
#: never loads them.
DEV_COMMANDS = {
    "simulate": "quacks.devtools.tournament",  # seeded bot tournaments
    "bench-ui": "quacks.devtools.ui.bench",  # frame times of the table mid-game
    "screenshots": "quacks.devtools.ui.shots",  # the README's screenshots
    "check-layout": "quacks.devtools.ui.layout_check",  # every screen at every scale, in every language
    "bench": "quacks.devtools.bench",  # measured figures against their targets
    "train-expert": "quacks.devtools.training",  # the Expert bot's learned value, from self-play
    "strength": "quacks.devtools.strength",  # a level against the one below, per set; data/bot_strength.yaml
}


# the player's languages and the pseudo-language of the layout check (all named once, in quacks/i18n.py)
LANG_CHOICES = (*LANGUAGES, PSEUDO)
LANG_HELP = ("the language of the game for this run: "
             + "".join(f"{code} ({LANGUAGE_NAMES[code]}), " for code in LANGUAGES)
             + f"or {PSEUDO} (every text accented, bracketed and 40%% longer, to see whether a screen has room for "
               "longer words); default: the setting, else the system's language")


def _say(text: str) -> None:
    """Print to stderr if there is one (a windowed bundle has none)."""
    stream = sys.stderr or sys.stdout
    if stream is None:
        return
    try:
        print(text, file=stream, flush=True)
    except (OSError, ValueError):
        pass


def _dev_module(command: str) -> Any:
    """The module of a developer command; None (and a message) in a bundle that leaves it out."""
    try:
        return importlib.import_module(DEV_COMMANDS[command])
    except ModuleNotFoundError as e:
        if e.name is None or not e.name.startswith("quacks"):
            raise
        _say(f"quacks {command}: this developer command is not part of this copy of the game (the bundle leaves "
             f"it out); run it from a checkout: python -m quacks {command}")
        return None


def _scenario(args: argparse.Namespace) -> int:
    from . import scenario

    return scenario.main(args.file)


def _check_data(args: argparse.Namespace) -> int:
    from . import datacheck

    errors = datacheck.check_data(args.dir)  # never raises: every problem is an error naming its file
    where = args.dir or "the game's data folder"
    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print(f"{len(errors)} error(s) in {where}", file=sys.stderr)
        return 1
    # the translations of the data's texts (data/i18n/<lang>.yaml): a missing one is a warning unless --strict
    t_errors, warnings = datacheck.check_translations(args.dir)
    strict = bool(getattr(args, "strict", False))
    for w in warnings:
        print(("" if strict else "warning: ") + str(w), file=sys.stderr)
    for e in t_errors:
        print(e, file=sys.stderr)
    bad = t_errors + (warnings if strict else [])
    if bad:
        print(f"{len(bad)} error(s) in the translations of {where}", file=sys.stderr)
        return 1
    note = f" ({len(warnings)} translation warning(s); --strict makes them errors)" if warnings else ""
    print(f"{where}: all data files are valid{note}")
    return 0


def _dev(command: str) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        module = _dev_module(command)
        return 2 if module is None else int(module.main(args))

    return run


def _play(args: argparse.Namespace) -> int:
    from .storage import paths  # (the rules' commands, scenario first, run without the storage's platformdirs)
    from .storage.files import clean_leftovers

    # temp files of a program killed while it saved (each one a complete copy of nothing the game needs)
    clean_leftovers([paths.config_dir(), paths.saves_dir(), paths.replays_dir(), paths.data_dir()])
    from .ui.main import run

    return run(args)


def _import_replay(args: argparse.Namespace) -> int:
    """Check a replay file and add it to the replays folder (where the game lists replays), never replacing one."""
    from .content.loader import DataLoadError, default_catalogue
    from .storage import StorageError, replays

    try:
        _, message = replays.import_replay_file(args.file, catalogue=default_catalogue())
    except StorageError as e:
        _say(str(e))
        return 1
    except DataLoadError as e:
        _say(f"the game's own data has errors, so no replay can be checked:\n{e}")
        return 1
    print(message)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="quacks", description="The Quacks of Quedlinburg on your desktop.")
    p.add_argument("--version", action="version", version=f"Quacks {__version__}",
                   help="print the version and exit (no window opens)")
    p.add_argument("--selftest", action="store_true",
                   help="check data, display and a bot game; print one line and exit (0 if all is well)")
    p.add_argument("--lang", default=None, choices=LANG_CHOICES, help=LANG_HELP)
    sub = p.add_subparsers(dest="command")
    pl = sub.add_parser("play", help="start the game (the default)")
    pl.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    # SUPPRESS: "quacks --lang de play" keeps the global option's value
    pl.add_argument("--lang", default=argparse.SUPPRESS, choices=LANG_CHOICES, help=LANG_HELP)
    pl.set_defaults(func=_play)
    sc = sub.add_parser("scenario", help="run a scenario file and print the state where it stops")
    sc.add_argument("file")
    sc.set_defaults(func=_scenario)
    cd = sub.add_parser("check-data", help="validate a data folder (default: the game's own)")
    cd.add_argument("dir", nargs="?", default=None)
    cd.add_argument("--strict", action="store_true",
                    help="a text not yet translated in data/i18n/<lang>.yaml is an error, not a warning")
    cd.set_defaults(func=_check_data)
    sim = sub.add_parser("simulate", help="seeded bot tournaments with duplicate seating")
    sim.add_argument("--seats", default="hard,normal", help="2-4 levels, e.g. hard,normal,normal,normal")
    sim.add_argument("--games", type=int, default=1000, help="games in all (deals x seat rotations)")
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--books", default="1", help="1-4, random (a set per colour each deal), or green=1,blue=2,...")
    sim.add_argument("--pot", default="standard", choices=("standard", "test-tubes"))
    sim.add_argument("--fortunes", default="on", choices=("on", "off"))
    sim.add_argument("--jobs", type=int, default=1)
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    sim.set_defaults(func=_dev("simulate"))
    bu = sub.add_parser("bench-ui", help="frame times of the table mid-game")
    bu.add_argument("--size", default="1920x1080")
    bu.add_argument("--frames", type=int, default=600)
    bu.add_argument("--json", action="store_true")
    bu.add_argument("--full", action="store_true", help="present the whole canvas every frame (the worst case)")
    bu.set_defaults(func=_dev("bench-ui"))
    be = sub.add_parser("bench", help="measured figures (frame times, idle wake-ups, ...) as one JSON object")
    be.add_argument("--only", action="append", metavar="GROUP", help="only this group of figures (repeatable)")
    be.add_argument("--check", action="store_true", help="compare each figure with its target; exit 1 on a miss")
    be.add_argument("--json", action="store_true", help="only the JSON object: no progress lines on stderr")
    be.add_argument("--quick", action="store_true", help="measure less (rougher figures)")
    be.set_defaults(func=_dev("bench"))
    sh = sub.add_parser("screenshots", help="draw the README's screenshots into a folder")
    sh.add_argument("--out", default="docs/screenshots")
    sh.add_argument("--language", choices=LANGUAGES, default="en",
                    help="the language the screens are drawn in (default: en, as in the README)")
    sh.set_defaults(func=_dev("screenshots"))
    cl = sub.add_parser("check-layout", help="draw every screen at every UI scale and report cut, overflowing, "
                                              "overlapping or too small text (exit 1 if any)")
    cl.add_argument("--quick", action="store_true", help="only the screens of the default test suite")
    cl.add_argument("--case", action="append", help="only screens whose name contains this (repeatable)")
    cl.add_argument("--scale", action="append", type=int, help="a UI scale in percent (repeatable; default all)")
    cl.add_argument("--language", action="append", choices=(*LANGUAGES, *TEST_LANGUAGES),
                    help="repeatable; default all (marker: report text that did not come through a catalogue)")
    cl.add_argument("--size", action="append", help="a window size such as 1280x720 (repeatable; default six)")
    cl.add_argument("--shots", default=None, help="also save every drawing as a PNG into this folder")
    cl.add_argument("--verbose", action="store_true", help="one line per drawing on stderr")
    cl.set_defaults(func=_dev("check-layout"))
    ir = sub.add_parser("import-replay", help="check a replay file and add it to the game's replays")
    ir.add_argument("file")
    ir.set_defaults(func=_import_replay)
    tr = sub.add_parser("train-expert", help="learn the Expert bot's value of a position from self-play")
    tr.add_argument("--games", type=int, default=2000, help="self-play games (one in five is held out)")
    tr.add_argument("--seed", type=int, default=1)
    tr.add_argument("--jobs", type=int, default=1, help="worker processes (the weights do not depend on it)")
    tr.add_argument("--policy", default="hard", help="the level that plays the games (default: hard)")
    tr.add_argument("--out", default=None, help="the weights file (default: the game's data/bots/expert.yaml)")
    tr.add_argument("--trial-games", type=int, default=0,
                    help="games whose shops are tried with other purchases, each played to its end (what chips "
                         "are worth)")
    tr.add_argument("--samples", default=None, help="keep the self-play samples in this file (and fit again from "
                                                    "it when the games, seed and policy are the same)")
    tr.add_argument("--quiet", action="store_true", help="no progress line")
    tr.set_defaults(func=_dev("train-expert"))
    st = sub.add_parser("strength", help="a bot level against the level below, per set and pooled (duplicate "
                                         "seating); --write puts it into data/bot_strength.yaml")
    st.add_argument("--level", required=True, help="normal, hard or expert")
    st.add_argument("--games-per-set", type=int, default=400, help="games on each of Sets 1-4 and random books")
    st.add_argument("--seed", type=int, default=1)
    st.add_argument("--jobs", type=int, default=2)
    st.add_argument("--table", action="store_true", help="also one of the level against three of the level below")
    st.add_argument("--write", action="store_true", help="write the pooled head-to-head result into the data")
    st.add_argument("--out", default=None, help="the strength file to write (default: data/bot_strength.yaml)")
    st.add_argument("--json", action="store_true")
    st.add_argument("--quiet", action="store_true")
    st.set_defaults(func=_dev("strength"))
    add_commands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command in ``argv`` (default: the process's own arguments); the exit code."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    # older macOS hands an app started from the Finder a process serial number: not an argument of ours
    args_list = [a for a in args_list if not a.startswith("-psn_")]
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as e:  # --help, or a usage error already explained by argparse
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if getattr(args, "lang", None):
        i18n.set_language(args.lang)
    if args.selftest:
        from . import selftest

        return selftest.run()
    if not getattr(args, "command", None):
        args = parser.parse_args(["play", *args_list])
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        _say("quacks: interrupted")
        return 130
    except Exception as e:  # noqa: BLE001 - a player sees one line, never a traceback
        if os.environ.get("QUACKS_DEBUG"):
            raise
        _say(f"quacks {args.command}: stopped by an unexpected problem ({type(e).__name__}: {e}). "
             "Please report it; QUACKS_DEBUG=1 shows the details.")
        return 1


def gui_main() -> int:
    """The ``quacks`` desktop entry point: the same arguments as every other way of starting the game."""
    return main(sys.argv[1:])

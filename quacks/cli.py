"""Command line: ``python -m quacks [play | scenario | check-data | simulate | bench-ui | ...]``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence


def _scenario(args: argparse.Namespace) -> int:
    from .scenario import main

    return main(args.file)


def _check_data(args: argparse.Namespace) -> int:
    from .content.loader import check_data

    errors = check_data(args.dir)
    where = args.dir or "the game's data folder"
    if errors:
        for e in errors:
            print(e, file=sys.stderr)
        print(f"{len(errors)} error(s) in {where}", file=sys.stderr)
        return 1
    print(f"{where}: all data files are valid")
    return 0


def _simulate(args: argparse.Namespace) -> int:
    from .tournament import main

    return main(args)


def _play(args: argparse.Namespace) -> int:
    from .ui.main import run

    return run(args)


def _bench_ui(args: argparse.Namespace) -> int:
    from .ui.bench import main

    return main(args)


def _screenshots(args: argparse.Namespace) -> int:
    from .ui.shots import main

    return main(args)


def _import_replay(args: argparse.Namespace) -> int:
    """Check a replay file and copy it into the replays folder (where the game lists replays)."""
    import shutil

    from .content.loader import default_catalogue
    from .storage import paths, replays

    loaded = replays.import_replay(args.file, default_catalogue())
    if loaded.value is None:
        for n in loaded.notes:
            print(n, file=sys.stderr)
        return 1
    folder = paths.replays_dir(create=True)
    name = args.file.split("/")[-1].split("\\")[-1]
    if not name.endswith(".quacks-replay.json"):
        name = name.rsplit(".", 1)[0] + ".quacks-replay.json"
    target = folder / name
    shutil.copyfile(args.file, target)
    print(f"imported: {target}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="quacks", description="The Quacks of Quedlinburg on your desktop.")
    p.add_argument("--selftest", action="store_true",
                   help="check data, display and a bot game; print one line and exit (0 if all is well)")
    sub = p.add_subparsers(dest="command")
    pl = sub.add_parser("play", help="start the game (the default)")
    pl.add_argument("--size", default=None, help="window size, e.g. 1280x800")
    pl.set_defaults(func=_play)
    sc = sub.add_parser("scenario", help="run a scenario file and print the state where it stops")
    sc.add_argument("file")
    sc.set_defaults(func=_scenario)
    cd = sub.add_parser("check-data", help="validate a data folder (default: the game's own)")
    cd.add_argument("dir", nargs="?", default=None)
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
    sim.set_defaults(func=_simulate)
    bu = sub.add_parser("bench-ui", help="frame times of the table mid-game")
    bu.add_argument("--size", default="1920x1080")
    bu.add_argument("--frames", type=int, default=600)
    bu.add_argument("--json", action="store_true")
    bu.add_argument("--full", action="store_true", help="present the whole canvas every frame (the worst case)")
    bu.set_defaults(func=_bench_ui)
    sh = sub.add_parser("screenshots", help="draw the README's screenshots into a folder")
    sh.add_argument("--out", default="docs/screenshots")
    sh.set_defaults(func=_screenshots)
    ir = sub.add_parser("import-replay", help="check a replay file and add it to the game's replays")
    ir.add_argument("file")
    ir.set_defaults(func=_import_replay)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.selftest:
        from .selftest import run as selftest

        return selftest()
    if not getattr(args, "command", None):
        args = parser.parse_args(["play", *(argv or [])])
    return int(args.func(args))


def gui_main() -> int:
    """The ``quacks`` desktop entry point."""
    return main(["play"])

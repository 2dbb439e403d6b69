"""``python -m quacks strength``: how a bot level fares against the level below it, measured (issue 23).

For each of Sets 1-4 and random books (a set per colour each deal), ``simulate`` plays the level against the
level below with duplicate seating (every deal once per rotation of the seats): head to head (2 seats) and, with
``--table``, one of it against three of the level below. The results are printed per set and pooled, each with
its 95% interval (Wilson); ``--write`` puts the pooled head-to-head figure into ``data/bot_strength.yaml``, the
file the new-game screen reads.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from ..ai.levels import LADDER
from ..content.bot_strength import Strength, load_strength, strength_path
from ..storage.bot_strength import write_strength
from .tournament import simulate, wilson

SETS = ("1", "2", "3", "4", "random")


@dataclass(frozen=True)
class Result:
    books: str
    seats: int  # seats the measured level held (games x its seats per game)
    wins: float

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


def measure(level: str, against: str, per_set: int, seed: int, jobs: int, table: bool,
            progress: bool) -> dict[str, list[Result]]:
    """The level's results by set: ``duel`` (2 seats) and, with ``table``, ``one_vs_three``."""
    out: dict[str, list[Result]] = {"duel": [], "one_vs_three": []}
    shapes = [("duel", [level, against])] + ([("one_vs_three", [level, against, against, against])] if table else [])
    for books in SETS:
        for name, seats in shapes:
            if progress:
                sys.stderr.write(f"{level} against {against}, {name}, books {books}: {per_set} games\n")
            s = simulate(seats, per_set, seed, books=books, jobs=jobs, progress=progress)
            lv = s["levels"][level]
            out[name].append(Result(books, lv["seats"], lv["win_rate"] * lv["seats"]))
    return out


def pooled(results: list[Result]) -> Result:
    return Result("pooled", sum(r.seats for r in results), sum(r.wins for r in results))


def report(level: str, against: str, results: dict[str, list[Result]]) -> list[str]:
    lines = []
    for name, rs in results.items():
        if not rs:
            continue
        parity = "50%" if name == "duel" else "25%"
        lines.append(f"{level} against {against}, {name.replace('_', ' ')} (parity {parity}):")
        for r in [*rs, pooled(rs)]:
            lo, hi = wilson(r.rate, r.seats)
            lines.append(f"  {r.books:>7}: {r.rate:6.1%} of {r.seats:>5} seats   95% [{lo:.1%}, {hi:.1%}]")
    return lines


def main(args: argparse.Namespace) -> int:
    if args.level not in LADDER[1:]:
        print(f"strength: --level takes one of {', '.join(LADDER[1:])}", file=sys.stderr)
        return 2
    against = LADDER[LADDER.index(args.level) - 1]
    results = measure(args.level, against, args.games_per_set, args.seed, args.jobs, args.table, not args.quiet)
    for line in report(args.level, against, results):
        print(line)
    duel = pooled(results["duel"])
    lo, hi = wilson(duel.rate, duel.seats)
    if args.json:
        print(json.dumps({name: {r.books: [r.rate, r.seats] for r in [*rs, pooled(rs)]}
                          for name, rs in results.items() if rs}))
    if args.write:
        games = duel.seats  # one seat of the level per duel game
        command = (f"python -m quacks strength --level {args.level} --games-per-set {args.games_per_set} "
                   f"--seed {args.seed}{' --table' if args.table else ''} --write")
        out = Path(args.out) if args.out else strength_path()
        entries = dict(load_strength(out if out.exists() else strength_path(), ladder=LADDER))
        entries[args.level] = Strength(args.level, against, games, round(duel.rate, 4), round(lo, 4), round(hi, 4),
                                       True, command)
        write_strength(out, [entries[lv] for lv in LADDER[1:] if lv in entries], LADDER)
        print(f"wrote {out}")
    return 0

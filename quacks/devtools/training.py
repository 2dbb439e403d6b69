"""``python -m quacks train-expert``: the Expert bot's value of a position, learned from self-play (issue 23).

Bots play whole games exactly as at the table (``tournament.play_match``): four seats mostly, two in every
fourth group of games, the books going round Sets 1-4 and a random set per colour. At every shop each seat's
position is written down twice: before buying (coins in hand; the ``end`` table) and after (the chips bought in
the bag; the ``start`` table). When the game is over, each sample learns the seat's final margin.

A ridge regression per table and round (standardised features, solved exactly in pure Python) gives the weights;
one game in five is held out and its error printed beside that of always guessing the mean. The scale that turns
a predicted margin into a chance of winning is fitted on the same games by maximum likelihood. Everything is
seeded by ``--seed`` and the game's number, and the workers' games are put back in order: the same arguments give
the same weights on any number of cores.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing.pool import Pool
from pathlib import Path
from typing import Any, TypeVar

import yaml

from ..ai.base import Bot, BotChoice, RandomSource
from ..ai.features import INDEX, NAMES, features, final_margin, position_of
from ..ai.levels import make_bot
from ..ai.shop import HORIZON, brew_gains
from ..ai.value_model import TABLES, ValueModel
from ..ai.values import Values
from ..content.loader import default_catalogue
from ..resources import ReadError, data_dir, read_bytes
from ..rules.actions import Action
from ..rules.chips import CHIP_BY_NAME, SET_COLOURS
from ..rules.config import GameConfig
from ..rules.game import Game
from ..rules.kinds import DecisionKind
from ..session.match import Match
from ..storage.files import StorageError, write_bytes_atomic
from .tournament import bot_setup, parse_books

BOOKS = ("1", "2", "3", "4", "random")
HOLD_OUT = 5  # every fifth game is held out
RIDGE = 300.0  # on standardised features: as if this many samples said "no effect" (a small fit stays near zero)
LEAD = INDEX["lead"]
T = TypeVar("T")


@dataclass(frozen=True)
class Sample:
    game: int
    table: str  # "start" or "end"
    rnd: int
    feats: tuple[float, ...]
    margin: float


class Recorder:
    """A bot that lets ``inner`` choose and writes down the seat's position at each shop (before and after)."""

    def __init__(self, inner: Bot, out: list[tuple[int, str, int, tuple[float, ...]]]) -> None:
        self.inner = inner
        self.level = inner.level
        self.out = out
        self.last: set[int] = set()

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        choice = self.inner.decide(g, seat, actions, rng)
        kind = g.decision_kind(seat)
        if kind is DecisionKind.BREW and g.round == g.cat.events.rounds and seat not in self.last:
            self.last.add(seat)  # the last round's start: only the lead is used (the chance of winning from it)
            self.out.append((seat, "last", g.round, tuple(features(g, seat, position_of(g, seat, 0.0)))))
        if kind is DecisionKind.SHOP:
            bought = [CHIP_BY_NAME[x].index for x in choice.action.args if x != "nothing"]
            base, gains = brew_gains(g, seat, Values(g, seat), sorted(set(bought)))
            before = position_of(g, seat, base)
            after = before.with_chips(bought, base + sum(gains[i] for i in bought))
            self.out.append((seat, "end", g.round, tuple(features(g, seat, before))))
            self.out.append((seat, "start", g.round, tuple(features(g, seat, after))))
        return choice


def game_setup(index: int, seed: int) -> tuple[GameConfig, int]:
    """The ``index``-th training game of ``seed``: its books and seat count, and its match seed."""
    books_spec = BOOKS[index % len(BOOKS)]
    n = 2 if (index // len(BOOKS)) % 4 == 3 else 4
    game_seed = seed * 1_000_003 + index
    books = parse_books(books_spec, random.Random(f"{game_seed}:books"))
    return GameConfig(seats=tuple(f"seat-{i}" for i in range(n)), books=books), game_seed


def play_one(args: tuple[int, int, str]) -> list[Sample]:
    """One self-play game and its samples, each with the final margin of its seat."""
    index, seed, level = args
    cfg, game_seed = game_setup(index, seed)
    levels = (level,) * len(cfg.seats)
    m = Match(default_catalogue(), bot_setup(cfg, levels, game_seed))
    written: list[tuple[int, str, int, tuple[float, ...]]] = []
    for s in list(m.bots):
        m.bots[s] = Recorder(m.bots[s], written)
    m.run_until_human(200_000)
    g = m.game
    if not g.over:
        raise RuntimeError(f"training game {index} did not end")
    return [Sample(index, table, rnd, feats, float(final_margin(g, seat))) for seat, table, rnd, feats in written]


#: the most games ``--games`` and ``--trial-games`` may ask for: the shipped weights took 2,000 and 300; a million
#: is days of play on many cores, and a count past any sense is said at once (issue 30 §7)
MAX_GAMES = 1_000_000
MAX_JOBS = 256
#: games handed to the worker pool at a time: the pool takes in all it is given at once, so a count of 10**12 was
#: 10**12 jobs in memory before the first game (6.4 GB in 25 s)
WINDOW = 256


def jobs_of(games: int, seed: int, level: str) -> Iterator[tuple[int, int, str]]:
    """The games' jobs, made as they are played (never all at once)."""
    return ((i, seed, level) for i in range(games))


def in_pool(pool: Pool, fn: Callable[[tuple[int, int, str]], T], games: int, seed: int, level: str,
            chunksize: int = 1) -> Iterator[T]:
    """``fn`` of every game's job on ``pool``, in any order, handed over ``WINDOW`` games at a time."""
    for start in range(0, games, WINDOW):
        window = ((i, seed, level) for i in range(start, min(games, start + WINDOW)))
        yield from pool.imap_unordered(fn, window, chunksize=chunksize)


def self_play(games: int, seed: int, jobs: int, level: str = "hard", progress: bool = True) -> list[Sample]:
    """The samples of ``games`` games, in the order of the games whatever the number of workers."""
    make_bot(level)  # an unknown level is said before any game
    by_game: dict[int, list[Sample]] = {}
    t0 = time.perf_counter()

    def take(parts: Iterable[list[Sample]]) -> None:
        for n, part in enumerate(parts, 1):
            if part:
                by_game[part[0].game] = part
            if progress and (n % 10 == 0 or n == games):
                rate = n / max(1e-9, time.perf_counter() - t0)
                sys.stderr.write(f"\rself-play: {n}/{games} games ({rate:.1f}/s)")
                sys.stderr.flush()

    if jobs <= 1:
        take(map(play_one, jobs_of(games, seed, level)))
    else:
        with worker_pool(jobs) as pool:
            take(in_pool(pool, play_one, games, seed, level, chunksize=2))
    if progress:
        sys.stderr.write("\n")
    return [s for i in sorted(by_game) for s in by_game[i]]


def worker_pool(jobs: int) -> Pool:
    """A pool of ``jobs`` workers started by a fork server (``spawn`` on Windows), never by forking this process:
    a process that already runs threads (a test runner, coverage) can be forked while another thread holds a
    lock, and the child then waits on it for ever (a CI run hung so). Workers get module functions only."""
    return mp.get_context("spawn" if sys.platform == "win32" else "forkserver").Pool(max(1, jobs))


# fitting ----------------------------------------------------------------------------------------------------
def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; ``a`` is symmetric positive definite here)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    x = [0.0] * n
    for col in reversed(range(n)):
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        x[col] = (m[col][n] - sum(m[col][k] * x[k] for k in range(col + 1, n))) / p
    return x


def ridge(rows: Sequence[Sequence[float]], ys: Sequence[float], penalty: float = RIDGE) -> tuple[float, ...]:
    """Weights in the features' own units: the ridge fit on standardised features (the bias is not pulled)."""
    n, k = len(rows), len(rows[0])
    mean = [math.fsum(r[j] for r in rows) / n for j in range(k)]
    std = [math.sqrt(math.fsum((r[j] - mean[j]) ** 2 for r in rows) / n) for j in range(k)]
    used = [j for j in range(1, k) if std[j] > 1e-9]  # feature 0 is the bias; a constant feature gets no weight
    y_mean = math.fsum(ys) / n
    z = [[(r[j] - mean[j]) / std[j] for j in used] for r in rows]
    d = len(used)
    xtx = [[0.0] * d for _ in range(d)]
    xty = [0.0] * d
    for zr, y in zip(z, ys):
        yc = y - y_mean
        for a in range(d):
            za = zr[a]
            if za:
                row = xtx[a]
                for b in range(a, d):
                    row[b] += za * zr[b]
                xty[a] += za * yc
    for a in range(d):
        for b in range(a):
            xtx[a][b] = xtx[b][a]
        xtx[a][a] += penalty
    beta = solve(xtx, xty)
    w = [0.0] * k
    for a, j in enumerate(used):
        w[j] = beta[a] / std[j]
    w[0] = y_mean - sum(w[j] * mean[j] for j in used)
    return tuple(w)


def predict(w: Sequence[float], feats: Sequence[float]) -> float:
    return math.fsum(a * b for a, b in zip(w, feats))


def rmse(errors: Iterable[float]) -> float:
    e = list(errors)
    return math.sqrt(math.fsum(x * x for x in e) / len(e)) if e else 0.0


def win_scale(pairs: Sequence[tuple[float, bool]]) -> float:
    """The scale s of P(win) = 1 / (1 + exp(-margin / s)) that fits ``pairs`` (predicted margin, won) best,
    by golden-section search of the log-likelihood over 0.5 .. 60 VP."""
    def nll(s: float) -> float:
        total = 0.0
        for m, won in pairs:
            x = max(-60.0, min(60.0, m / s))
            p = 1.0 / (1.0 + math.exp(-x))
            total -= math.log(max(1e-12, p if won else 1.0 - p))
        return total

    lo, hi = 0.5, 60.0
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = nll(a), nll(b)
    for _ in range(60):
        if fa < fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = nll(a)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = nll(b)
    return (lo + hi) / 2


@dataclass
class Fit:
    model: ValueModel
    report: list[str]
    held_out_rmse: float
    baseline_rmse: float  # always guessing the mean margin
    untrained_rmse: float  # weights all zero: the lead a seat has now is taken to be its final margin


def fit(samples: Sequence[Sample], settings: dict[str, Any]) -> Fit:
    """The weights of every table and round from ``samples``; the held-out games' error beside the mean's."""
    tables: dict[str, dict[int, tuple[float, ...]]] = {t: {} for t in TABLES}
    report: list[str] = []
    errs: list[float] = []
    base_errs: list[float] = []
    zero_errs: list[float] = []
    pairs: dict[int, list[tuple[float, bool]]] = {}
    for table in TABLES:
        rounds = sorted({s.rnd for s in samples if s.table == table})
        for r in rounds:
            train = [s for s in samples if s.table == table and s.rnd == r and s.game % HOLD_OUT != HOLD_OUT - 1]
            test = [s for s in samples if s.table == table and s.rnd == r and s.game % HOLD_OUT == HOLD_OUT - 1]
            if len(train) < 2 * len(NAMES):
                continue
            # what is learned: how the margin will change from the lead the seat has now
            w = ridge([s.feats for s in train], [s.margin - s.feats[LEAD] for s in train])
            tables[table][r] = w
            mean = math.fsum(s.margin for s in train) / len(train)
            e = [s.feats[LEAD] + predict(w, s.feats) - s.margin for s in test]
            b = [mean - s.margin for s in test]
            errs += e
            base_errs += b
            zero_errs += [s.feats[LEAD] - s.margin for s in test]
            if table == "end":
                pairs[r] = [(s.feats[LEAD] + predict(w, s.feats), s.margin > 0) for s in train + test]
            report.append(f"{table:>5} round {r}: {len(train)} samples, held-out error {rmse(e):.2f} VP "
                          f"(the mean alone: {rmse(b):.2f})")
    if not tables["start"] or not tables["end"]:
        raise ValueError("too few games to learn from: play more (--games)")
    last = [(s.feats[LEAD], s.margin > 0) for s in samples if s.table == "last"]
    if last:
        pairs[samples[[s.table for s in samples].index("last")].rnd] = last
    scales = {r: win_scale(p) for r, p in sorted(pairs.items()) if p}
    for r, x in scales.items():
        report.append(f"round {r}: the chance of winning is 1 / (1 + exp(-margin / {x:.2f} VP))")
    model = ValueModel(tables["start"], tables["end"], scales, settings)
    return Fit(model, report, rmse(errs), rmse(base_errs), rmse(zero_errs))


def write_model(model: ValueModel, path: Path) -> None:
    """The weights as a readable YAML file (written to a temporary file, then moved into place)."""
    head = ("# The Expert bot's learned value of a position (issue 23): linear weights over the features of\n"
            "# quacks/ai/features.py, per table and round. Written by `python -m quacks train-expert` with the\n"
            "# settings below; do not edit by hand, train again.\n")
    text = head + yaml.safe_dump(model.to_data(), sort_keys=False, default_flow_style=None, width=120)
    write_bytes_atomic(path, text.encode("utf-8"), "the Expert bot's weights")


SAMPLES_LIMIT = 512 * 1024 * 1024


def _save_rows(rows: list[Any], key: dict[str, Any], path: Path) -> None:
    """``rows`` as JSON with the ``key`` that made them and the feature names (to fit again without playing)."""
    data = json.dumps({"key": key, "features": list(NAMES), "rows": rows})
    write_bytes_atomic(path, data.encode("utf-8"), "the training samples")


def _load_rows(key: dict[str, Any], path: Path) -> list[Any]:
    """The rows kept at ``path``; ValueError if they were made with other games, seed, policy or features."""
    d = json.loads(read_bytes(path, limit=SAMPLES_LIMIT))
    if d.get("key") != key or d.get("features") != list(NAMES):
        raise ValueError(f"{path} was made with other settings")
    rows: list[Any] = d["rows"]
    return rows


def save_samples(samples: Sequence[Sample], key: dict[str, Any], path: Path) -> None:
    """The self-play samples as JSON (to fit again without playing the games again)."""
    _save_rows([[s.game, s.table, s.rnd, s.margin, list(s.feats)] for s in samples], key, path)


def load_samples(key: dict[str, Any], path: Path) -> list[Sample] | None:
    """The samples kept at ``path`` if they were made with the same games, seed and policy (else None)."""
    try:
        return [Sample(int(g), str(t), int(r), tuple(float(x) for x in f), float(m))
                for g, t, r, m, f in _load_rows(key, path)]
    except (ReadError, ValueError, TypeError, KeyError, AttributeError):
        return None


def save_trials(trials: Sequence[Trial], key: dict[str, Any], path: Path) -> None:
    """The shop trials as JSON (to fit again without playing them again)."""
    _save_rows([[t.game, t.rnd, [list(t.chosen[0]), t.chosen[1]], [[list(f), m] for f, m in t.others]]
                for t in trials], key, path)


def load_trials(key: dict[str, Any], path: Path) -> list[Trial] | None:
    """The trials kept at ``path`` if they were made with the same games, seed and policy (else None)."""
    try:
        return [Trial(int(g), int(r), (tuple(float(x) for x in c[0]), float(c[1])),
                      tuple((tuple(float(x) for x in f), float(m)) for f, m in o))
                for g, r, c, o in _load_rows(key, path)]
    except (ReadError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def train(games: int, seed: int, jobs: int, level: str = "hard", progress: bool = True,
          samples_path: Path | None = None, trial_games: int = 0) -> Fit:
    """Self-play, the fit of the value, and (``trial_games``) the shop trials that set what the chips bought are
    worth in the ``start`` table."""
    t0 = time.perf_counter()
    key: dict[str, Any] = {"games": games, "seed": seed, "policy": level}
    samples = load_samples(key, samples_path) if samples_path is not None and samples_path.exists() else None
    if samples is None:
        samples = self_play(games, seed, jobs, level, progress)
        if samples_path is not None:
            save_samples(samples, key, samples_path)
    settings = {"games": games, "seed": seed, "policy": level, "hold_out": f"1 game in {HOLD_OUT}",
                "ridge": RIDGE, "samples": len(samples), "trial_games": trial_games}
    result = fit(samples, settings)
    if trial_games:
        tkey: dict[str, Any] = {"trial_games": trial_games, "seed": seed + 1, "policy": level}
        tpath = samples_path.with_suffix(".trials.json") if samples_path is not None else None
        trials = load_trials(tkey, tpath) if tpath is not None and tpath.exists() else None
        if trials is None:
            trials = shop_trials(trial_games, seed + 1, jobs, level, progress)
            if tpath is not None:
                save_trials(trials, tkey, tpath)
        by_round = fit_trials(trials)
        start = {r: list(w) for r, w in result.model.start.items()}
        rounds = default_catalogue().events.rounds
        for r, w in start.items():
            weights = by_round.get(r)
            if weights is None:  # no shop tried in this round (the last shops): Hard's own reckoning
                weights = {j: 0.0 for j in CHIP_FEATURES} | {BREW: HORIZON * (rounds - r)}
            for j, x in weights.items():
                w[j] = x
        result.model = ValueModel({r: tuple(w) for r, w in start.items()}, result.model.end, result.model.win_scale,
                                  {**settings, "trials": len(trials), "trial_ridge": TRIAL_RIDGE})
        tried = sum(len(t.others) for t in trials)
        result.report.append(f"shop trials: {len(trials)} shops in {trial_games} games, {tried} other purchases "
                             f"played to the end; the chips' worth by round fitted on their differences")
        for r, weights in by_round.items():
            result.report.append(f"  round {r}: brew x{weights[BREW]:.2f}")
    result.report.append(f"training took {time.perf_counter() - t0:.0f} s")
    return result


def main(args: argparse.Namespace) -> int:
    if args.games < 10:
        print("train-expert: --games must be at least 10", file=sys.stderr)
        return 2
    if args.games > MAX_GAMES:
        print(f"train-expert: --games must be at most {MAX_GAMES:,}, not {args.games:,}", file=sys.stderr)
        return 2
    if not 0 <= args.trial_games <= MAX_GAMES:
        print(f"train-expert: --trial-games must be 0 to {MAX_GAMES:,}, not {args.trial_games:,}", file=sys.stderr)
        return 2
    if args.jobs > MAX_JOBS:  # (0 or less: one, in this process)
        print(f"train-expert: --jobs must be 1 to {MAX_JOBS}, not {args.jobs:,}", file=sys.stderr)
        return 2
    try:
        result = train(args.games, args.seed, max(1, args.jobs), args.policy, progress=not args.quiet,
                       samples_path=Path(args.samples) if args.samples else None, trial_games=args.trial_games)
    except (ValueError, StorageError) as e:
        print(f"train-expert: {e}", file=sys.stderr)
        return 2
    for line in result.report:
        print(line)
    print(f"held-out error: {result.held_out_rmse:.2f} VP (untrained, the lead taken as the final margin: "
          f"{result.untrained_rmse:.2f} VP; the mean alone: {result.baseline_rmse:.2f} VP)")
    out = Path(args.out) if args.out else data_dir() / "bots" / "expert.yaml"
    try:
        write_model(result.model, out)
    except StorageError as e:
        print(f"train-expert: {e}", file=sys.stderr)
        return 1
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")
    return 0


# shop trials: what a different purchase would have changed ------------------------------------------------------
#: the features a purchase changes (the others are the same for every purchase at one shop)
CHIP_FEATURES = tuple(i for i, n in enumerate(NAMES) if n in ("chips", "white_share", "orange", "black", "brew")
                      or n[:-1] in {c.value for c in SET_COLOURS})
BREW = INDEX["brew"]
TRIAL_SHARE = 2  # one shop in this many (rounds before the last two) is tried with other purchases
ALTERNATIVES = 3  # purchases tried beside the policy's: the next best by Hard's reckoning, and one at random


@dataclass(frozen=True)
class Trial:
    """One shop tried with several purchases, each game played on to its end by the same bots with the same
    seed: the position after each purchase (``start`` features) and the seat's final margin."""

    game: int
    rnd: int
    chosen: tuple[tuple[float, ...], float]
    others: tuple[tuple[tuple[float, ...], float], ...]


class TrialPicker:
    """A bot that lets ``inner`` choose and, at some shops, writes down the purchases to try."""

    def __init__(self, inner: Bot, index: int, out: list[tuple[int, int, int, list[tuple[Action, tuple[float, ...]]]]]
                 ) -> None:
        self.inner = inner
        self.level = inner.level
        self.index = index
        self.out = out

    def decide(self, g: Game, seat: int, actions: list[Action], rng: RandomSource) -> BotChoice:
        choice = self.inner.decide(g, seat, actions, rng)
        last_tried = g.cat.events.rounds - 2
        if g.decision_kind(seat) is not DecisionKind.SHOP or g.round > last_tried or len(actions) < 2:
            return choice
        pick = random.Random(f"trial:{self.index}:{seat}:{g.round}")
        if pick.randrange(TRIAL_SHARE):
            return choice
        singles = sorted({CHIP_BY_NAME[x].index for a in actions for x in a.args if x != "nothing"})
        base, gains = brew_gains(g, seat, Values(g, seat), singles)
        now = position_of(g, seat, base)

        def post(a: Action) -> tuple[float, ...]:
            bought = [CHIP_BY_NAME[x].index for x in a.args if x != "nothing"]
            return tuple(features(g, seat, now.with_chips(bought, base + sum(gains[i] for i in bought))))

        worth = {a: sum(gains[CHIP_BY_NAME[x].index] for x in a.args if x != "nothing") for a in actions}
        rest = sorted((a for a in actions if a != choice.action), key=lambda a: (-worth[a], str(a)))
        tried = rest[:ALTERNATIVES - 1]
        left = rest[ALTERNATIVES - 1:]
        if left:
            tried.append(left[pick.randrange(len(left))])
        self.out.append((seat, g.round, len(g.record), [(a, post(a)) for a in [choice.action, *tried]]))
        return choice


def play_trials(args: tuple[int, int, str]) -> list[Trial]:
    """One self-play game, and each shop picked in it played on with every purchase tried."""
    index, seed, level = args
    cfg, game_seed = game_setup(index, seed)
    cat = default_catalogue()
    m = Match(cat, bot_setup(cfg, (level,) * len(cfg.seats), game_seed))
    picked: list[tuple[int, int, int, list[tuple[Action, tuple[float, ...]]]]] = []
    for s in list(m.bots):
        m.bots[s] = TrialPicker(m.bots[s], index, picked)
    m.run_until_human(200_000)
    data = m.to_data()
    out = []
    for seat, rnd, cut, tried in picked:
        results = []
        for action, feats in tried:
            again = Match.from_data(cat, {**data, "record": data["record"][:cut], "tick": {}, "queue": []})
            again.submit(seat, action)
            again.run_until_human(200_000)
            results.append((feats, float(final_margin(again.game, seat))))
        out.append(Trial(index, rnd, results[0], tuple(results[1:])))
    return out


def shop_trials(games: int, seed: int, jobs: int, level: str = "hard", progress: bool = True) -> list[Trial]:
    """The trials of ``games`` games, in the order of the games whatever the number of workers."""
    by_game: dict[int, list[Trial]] = {}
    t0 = time.perf_counter()

    def take(parts: Iterable[list[Trial]]) -> None:
        for n, part in enumerate(parts, 1):
            if part:
                by_game[part[0].game] = part
            if progress and (n % 5 == 0 or n == games):
                sys.stderr.write(f"\rshop trials: {n}/{games} games ({n / (time.perf_counter() - t0):.2f}/s)")
                sys.stderr.flush()

    if jobs <= 1:  # in this process, as self_play does: no worker to start
        take(map(play_trials, jobs_of(games, seed, level)))
    else:
        with worker_pool(jobs) as pool:
            take(in_pool(pool, play_trials, games, seed, level))
    if progress:
        sys.stderr.write("\n")
    return [t for i in sorted(by_game) for t in by_game[i]]


TRIAL_RIDGE = 100.0  # as if this many differences said "no effect" beyond the brew's


def fit_trials(trials: Sequence[Trial], penalty: float = TRIAL_RIDGE) -> dict[int, dict[int, float]]:
    """By round: weights of the features a purchase changes, fitted on the differences between the purchases
    tried at one shop (y: the margin's difference, x: the features' difference; no intercept). The brew is not
    pulled towards zero: with little data the fit falls back on the simulated brew alone, as Hard does."""
    out: dict[int, dict[int, float]] = {}
    for r in sorted({t.rnd for t in trials}):
        rows: list[list[float]] = []
        ys: list[float] = []
        for t in trials:
            if t.rnd != r:
                continue
            f0, m0 = t.chosen
            for f, m in t.others:
                rows.append([f[j] - f0[j] for j in CHIP_FEATURES])
                ys.append(m - m0)
        if len(rows) < 20:
            continue
        d = len(CHIP_FEATURES)
        xtx = [[math.fsum(row[a] * row[b] for row in rows) for b in range(d)] for a in range(d)]
        xty = [math.fsum(row[a] * y for row, y in zip(rows, ys)) for a in range(d)]
        for a, j in enumerate(CHIP_FEATURES):
            # ridge on each feature's own scale (standardised), none on the brew
            xtx[a][a] += (penalty * xtx[a][a] / len(rows) if j != BREW else 0.0) + 1e-9
        w = solve(xtx, xty)
        out[r] = dict(zip(CHIP_FEATURES, w))
    return out

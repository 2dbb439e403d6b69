"""Statistics per local (human) player name, kept as ``statistics.json`` in the data folder.

:func:`record_finished_match` adds a finished match once (a match is known by a hash of its setup, seed
and record, so counting it again changes nothing). Per player: games and wins (by the opponents' level
and by the number of seats), mean and best score, best single pot, explosions by round, and buys.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict, cast

from ..i18n import N_, _
from ..names import MAX_NAME, name_problem, printable
from ..session.match import HUMAN, Match
from . import paths
from .files import BadDataError, JsonObject, Loaded, as_object, check_document, json_type, load_json, write_json
from .locks import write_lock
from .paths import Base

SCHEMA = 1
KIND = "quacks-statistics"
WHAT = N_("statistics")
MIXED = "mixed"
MAX_COUNTED = 100_000
COUNTED = re.compile(r"[0-9A-Za-z]{1,64}")  # a game's key (match_key: 32 hex digits)
MAX_NUMBER = 10**12  # far beyond any count or score a player reaches; keeps the averages finite


class PlayerData(TypedDict):
    """One player's statistics as written (rounds as text keys, a tally as ``[games, wins]``)."""

    games: int
    wins: int
    score_total: int
    best_score: int | None
    best_pot: int | None
    by_opponents: dict[str, list[int]]
    by_seats: dict[str, list[int]]
    brews: dict[str, int]
    explosions: dict[str, int]
    buys: dict[str, int]


class StatisticsData(TypedDict):
    """The statistics file as written."""

    schema: int
    kind: str
    players: dict[str, PlayerData]
    counted: list[str]


@dataclass
class Tally:
    games: int = 0
    wins: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class PlayerStats:
    """One local player's record over every finished game."""

    games: int = 0
    wins: int = 0
    score_total: int = 0
    best_score: int | None = None
    best_pot: int | None = None  # the most VP from one scoring space in one round
    by_opponents: dict[str, Tally] = field(default_factory=dict)  # "easy", "normal", "hard", "human", "mixed"...
    by_seats: dict[int, Tally] = field(default_factory=dict)  # number of seats at the table
    brews: dict[int, int] = field(default_factory=dict)  # round -> rounds brewed
    explosions: dict[int, int] = field(default_factory=dict)  # round -> rounds exploded
    buys: dict[str, int] = field(default_factory=dict)  # chip name -> how many bought

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def explosion_rate(self) -> dict[int, float]:
        """Round -> share of that round's brews that exploded."""
        return {r: self.explosions.get(r, 0) / n for r, n in sorted(self.brews.items()) if n}

    def favourite_buys(self, n: int = 5) -> list[tuple[str, int]]:
        """The ``n`` chips bought most often, most first."""
        return sorted(self.buys.items(), key=lambda kv: (-kv[1], kv[0]))[:n]

    def to_data(self) -> PlayerData:
        return {
            "games": self.games, "wins": self.wins, "score_total": self.score_total,
            "best_score": self.best_score, "best_pot": self.best_pot,
            "by_opponents": {k: [t.games, t.wins] for k, t in sorted(self.by_opponents.items())},
            "by_seats": {str(k): [t.games, t.wins] for k, t in sorted(self.by_seats.items())},
            "brews": {str(k): v for k, v in sorted(self.brews.items())},
            "explosions": {str(k): v for k, v in sorted(self.explosions.items())},
            "buys": dict(sorted(self.buys.items())),
        }

    @staticmethod
    def from_data(raw: object, where: str) -> PlayerStats:
        """One player's statistics from the file; BadDataError says where and what is wrong.

        The place in the file is written out only for a message (a file of 50,000 players took seconds when
        every field's place was built as it was read)."""
        d = as_object(raw, where)
        p = PlayerStats(
            games=_count(d.get("games"), where, "games"),
            wins=_count(d.get("wins"), where, "wins"),
            score_total=_int(d.get("score_total"), where, "score_total"),
            best_score=_opt_int(d.get("best_score"), where, "best_score"),
            best_pot=_opt_int(d.get("best_pot"), where, "best_pot"),
            by_opponents={_label(k, where, "by_opponents"): _tally(v, where, "by_opponents", k)
                          for k, v in _obj(d, "by_opponents", where).items()},
            by_seats={_key(k, where, "by_seats"): _tally(v, where, "by_seats", k)
                      for k, v in _obj(d, "by_seats", where).items()},
            brews=_per_round(d, "brews", where),
            explosions=_per_round(d, "explosions", where),
            buys={_label(k, where, "buys"): _count(v, where, "buys", k) for k, v in _obj(d, "buys", where).items()},
        )
        if p.wins > p.games:
            raise BadDataError(f"{where} has more wins ({p.wins}) than games ({p.games})")
        return p


def _at(where: str, *keys: str) -> str:
    """The place of a value in the file, for a message: ``players.Ann.brews.3``."""
    return ".".join((where, *(printable(str(k), 30) for k in keys)))


def _int(v: object, where: str, *keys: str) -> int:
    if type(v) is not int:
        raise BadDataError(f"{_at(where, *keys)} must be a whole number, not {json_type(v)}")
    if not -MAX_NUMBER <= v <= MAX_NUMBER:
        raise BadDataError(f"{_at(where, *keys)} is out of range (at most {MAX_NUMBER} either way)")
    return v


LABEL = re.compile(r"[\w-]{1,20}")  # letters, digits (as str.isalnum has them), "_" and "-"


def _label(k: str, where: str, *keys: str) -> str:
    """A short word used as a key (an opponents' level, a chip name): letters, digits, - and _."""
    if LABEL.fullmatch(k) is None:
        raise BadDataError(f"{_at(where, *keys)} has the key {printable(k, 20)!r}, which is not a level or chip name")
    return k


def _count(v: object, where: str, *keys: str) -> int:
    n = _int(v, where, *keys)
    if n < 0:
        raise BadDataError(f"{_at(where, *keys)} cannot be negative")
    return n


def _opt_int(v: object, where: str, key: str) -> int | None:
    return None if v is None else _int(v, where, key)


def _obj(d: JsonObject, key: str, where: str) -> JsonObject:
    v = d.get(key, {})
    if not isinstance(v, dict):
        raise BadDataError(f"{_at(where, key)} must be an object, not {json_type(v)}")
    return v


def _key(k: str, where: str, *keys: str) -> int:
    if not (len(k) <= 3 and k.isascii() and k.isdigit()):
        raise BadDataError(f"{_at(where, *keys)} has the key {printable(k, 20)!r}, which is not a small whole number")
    return int(k)


def _per_round(d: JsonObject, key: str, where: str) -> dict[int, int]:
    """A count per round (``{"1": 40, "2": 38}``): looked over in one go, each entry on its own only if one is wrong."""
    v = _obj(d, key, where)
    if all(len(k) <= 3 and k.isascii() and k.isdigit() for k in v) and all(
            type(n) is int and 0 <= n <= MAX_NUMBER for n in v.values()):
        return {int(k): n for k, n in cast("dict[str, int]", v).items()}  # (every value checked just above)
    return {_key(k, where, key): _count(n, where, key, k) for k, n in v.items()}


def _tally(v: object, where: str, *keys: str) -> Tally:
    if not (type(v) is list and len(v) == 2):
        raise BadDataError(f"{_at(where, *keys)} must be [games, wins]")
    t = Tally(_count(v[0], where, *keys), _count(v[1], where, *keys))
    if t.wins > t.games:
        raise BadDataError(f"{_at(where, *keys)} has more wins than games")
    return t


@dataclass
class Statistics:
    """Every local player's statistics, and the matches already counted."""

    players: dict[str, PlayerStats] = field(default_factory=dict)
    counted: list[str] = field(default_factory=list)

    def player(self, name: str) -> PlayerStats:
        """The statistics of ``name`` (empty ones if never seen)."""
        return self.players.get(name, PlayerStats())

    def to_data(self) -> StatisticsData:
        return {
            "schema": SCHEMA, "kind": KIND,
            "players": {n: p.to_data() for n, p in sorted(self.players.items())},
            "counted": self.counted[-MAX_COUNTED:],
        }

    @staticmethod
    def from_data(raw: object) -> Statistics:
        obj, _version = check_document(raw, kind=KIND, current=SCHEMA)
        # Every text that is kept is checked where it is read (a name by name_problem, a level or chip by LABEL,
        # a round by its ASCII digits, a counted game by COUNTED), so no control character is ever drawn or
        # written back; files.check_text over a whole large file took seconds.
        players = obj.get("players", {})
        if not isinstance(players, dict):
            raise BadDataError(f'"players" must be an object, not {json_type(players)}')
        for n in players:
            problem = name_problem(n, what=N_("a player name"), max_length=MAX_NAME)
            if problem:
                raise BadDataError(f'"players": {problem}')
        counted = obj.get("counted", [])
        if not isinstance(counted, list) or not all(type(c) is str and COUNTED.fullmatch(c) for c in counted):
            raise BadDataError('"counted" must be a list of game keys (letters and digits)')
        return Statistics({n: PlayerStats.from_data(p, f"players.{n[:30]}") for n, p in players.items()},
                          list(counted))


def match_key(match: Match) -> str:
    """The identity of a match: a hash of its setup (with seed) and its record."""
    data = {"setup": match.setup.to_data(), "record": [list(e) for e in match.game.record]}
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def opponents_level(match: Match, seat: int) -> str:
    """The level of the other seats: one kind ("easy", "normal", "hard", "human": here or on another computer, ...)
    or "mixed"."""
    kinds = {HUMAN if s.is_remote else s.kind for i, s in enumerate(match.setup.seats) if i != seat}  # a person
    return kinds.pop() if len(kinds) == 1 else MIXED


def add_match(stats: Statistics, match: Match) -> bool:
    """Count a finished match for each human seat; False if it is not over or was counted before."""
    g = match.game
    if not g.is_over:
        return False
    key = match_key(match)
    if key in stats.counted:
        return False
    ranking = g.ranking() or []
    winners = set(ranking[0]) if ranking else set()
    best_pot: dict[int, int] = {}
    exploded: set[tuple[int, int]] = set()
    buys: dict[int, Counter[str]] = {}
    for e in g.events:
        if e.seat is None:
            continue
        if e.kind == "vp" and e.get("source") == "space":
            amount = e.get("amount", 0)
            if isinstance(amount, int):
                best_pot[e.seat] = max(best_pot.get(e.seat, 0), amount)
        elif e.kind == "explode":
            exploded.add((e.seat, e.round))
        elif e.kind == "buy":
            buys.setdefault(e.seat, Counter()).update(str(c) for c in e.get("chips", []) or [])
    rounds = range(g.config.first_round, g.round + 1)
    n = len(match.setup.seats)
    for seat, spec in enumerate(match.setup.seats):
        if spec.kind != HUMAN:
            continue
        p = stats.players.setdefault(spec.name, PlayerStats())
        won = seat in winners
        score = g.seats[seat].score
        p.games += 1
        p.wins += won
        p.score_total += score
        p.best_score = score if p.best_score is None else max(p.best_score, score)
        if seat in best_pot:
            p.best_pot = best_pot[seat] if p.best_pot is None else max(p.best_pot, best_pot[seat])
        for t in (p.by_opponents.setdefault(opponents_level(match, seat), Tally()),
                  p.by_seats.setdefault(n, Tally())):
            t.games += 1
            t.wins += won
        for r in rounds:
            p.brews[r] = p.brews.get(r, 0) + 1
            if (seat, r) in exploded:
                p.explosions[r] = p.explosions.get(r, 0) + 1
        for chip, k in buys.get(seat, Counter()).items():
            p.buys[chip] = p.buys.get(chip, 0) + k
    stats.counted.append(key)
    return True


def load_statistics(base: Base = None) -> tuple[Statistics, list[str]]:
    """The statistics (empty if none) and notes about a bad file that was kept aside."""
    return _statistics(_load(base))


def _load(base: Base) -> Loaded[Statistics]:
    return load_json(paths.statistics_path(base), Statistics.from_data, what=WHAT)


def _statistics(loaded: Loaded[Statistics]) -> tuple[Statistics, list[str]]:
    notes = loaded.notes
    if loaded.value is None:
        if loaded.problems:
            notes.append(_("Statistics start again from nothing; the old file is kept."))
        return Statistics(), notes
    return loaded.value, notes


def _write(stats: Statistics, path: Path, old_checked: bool) -> list[str]:
    # compact: a statistics file of many players is read and written faster, and stays further below the size cap
    reports = write_json(path, stats.to_data(), what=WHAT, validate_old=Statistics.from_data, old_checked=old_checked,
                         compact=True)
    return [r.message for r in reports]


def record_finished_match(match: Match, base: Base = None) -> tuple[bool, list[str]]:
    """Add a finished match to the statistics file: (counted?, notes). StorageError if it cannot be written.

    Read, counted and written under the file's write lock (``locks.write_lock``): two programs recording games
    at once each add theirs to what the other wrote (without it, 38 of 80 such games were lost)."""
    path = paths.statistics_path(base)
    with write_lock(path, WHAT):
        loaded = _load(base)
        stats, notes = _statistics(loaded)
        if not add_match(stats, match):
            return False, notes
        # the file as it is was read and checked just now, under the lock: it becomes the backup unread again
        return True, notes + _write(stats, path, old_checked=loaded.path == path)

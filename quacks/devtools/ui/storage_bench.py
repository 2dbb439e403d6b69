"""The measuring child of the ``storage`` figures (``python -m quacks bench --only storage``;
quacks/devtools/bench_storage.py says what each figure is): ``python -m quacks.devtools.ui.storage_bench [--quick]``
writes large files into ``$QUACKS_HOME`` (which must be a scratch folder), measures, and prints one JSON line."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import pygame

from ...content.loader import default_catalogue
from ...rules.config import GameConfig
from ...session.match import HUMAN, Match, MatchSetup, SeatSpec
from ...storage import paths, saves, stats
from ...storage.files import dumps
from ...storage.settings import Settings
from ...storage.stats import KIND, SCHEMA, PlayerData
from ...ui.app import App
from ...ui.keys import Act, press_event
from ...ui.scenes.load import LoadScene
from ..bench_storage import KEYS, PLAYERS, SAVE_MB, SAVES

if TYPE_CHECKING:  # pragma: no cover
    from ...storage.saves import SaveDocument
    from ...storage.stats import StatisticsData

T = TypeVar("T")


def _big_save_document(mb: float) -> SaveDocument:
    """A real finished 4-seat game's save, its record repeated to about ``mb`` MB (only the list reads it)."""
    names = ("Ann", "Bob", "Cid", "Dot")
    setup = MatchSetup(GameConfig(seats=names), tuple(SeatSpec(n, c, "easy") for n, c in
                                                       zip(names, ("amber", "teal", "plum", "moss"))), 3)
    m = Match(default_catalogue(), setup)
    m.run_until_human()
    doc = saves.make_document(m)
    record = saves.match_record(doc["match"])
    one = len(json.dumps(record, indent=1))
    doc["match"]["record"] = record * max(1, int(mb * 1e6 / one))
    return doc


def _players(n: int) -> StatisticsData:
    """A statistics document of ``n`` players, each as after a few dozen games."""
    one: PlayerData = {"games": 40, "wins": 13, "score_total": 2480, "best_score": 91, "best_pot": 19,
           "by_opponents": {"normal": [40, 13]}, "by_seats": {"2": [40, 13]},
           "brews": {str(r): 40 for r in range(1, 10)}, "explosions": {str(r): 3 + r for r in range(1, 10)},
           "buys": {c: 7 for c in ("orange-1", "blue-1", "red-1")}}
    return {"schema": SCHEMA, "kind": KIND, "players": {f"Player {i:05d}": one for i in range(n)},
            "counted": [f"{i:032x}" for i in range(min(n, 100_000))]}


def measure(quick: bool = False) -> dict[str, dict[str, float]]:
    """Every figure of the group, in this process (its home: ``$QUACKS_HOME``, which must be a scratch folder)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    n_saves, mb, n_players = (10, 0.5, 5_000) if quick else (SAVES, SAVE_MB, PLAYERS)
    folder = paths.saves_dir(create=True)
    raw = (json.dumps(_big_save_document(mb), indent=1) + "\n").encode("utf-8")
    for i in range(n_saves):
        doc_bytes = raw.replace(b'"quacks-save"', b'"quacks-save", "_n": %d' % i, 1)
        (folder / f"slot-big-{i:02d}-{i:08x}.json").write_bytes(doc_bytes)
    out: dict[str, dict[str, float]] = {"load_list": _load_list(n_saves, len(raw))}

    st_path = paths.statistics_path()
    st_path.write_bytes(dumps(_players(n_players)))  # indented, as the game wrote it before
    size = st_path.stat().st_size
    (open_s, open_cpu), (loaded, notes) = _timed(stats.load_statistics)
    assert not notes and len(loaded.players) == n_players, notes
    game = _finished_game()
    (record_s, record_cpu), (counted, notes) = _timed(lambda: stats.record_finished_match(game))
    assert counted and not notes, notes
    (reopen_s, reopen_cpu), _ = _timed(stats.load_statistics)
    out["statistics"] = {"players": n_players, "file_mb": round(size / 1e6, 1), "open_s": open_s,
                         "open_cpu_s": open_cpu, "record_s": record_s, "record_cpu_s": record_cpu,
                         "written_mb": round(st_path.stat().st_size / 1e6, 1), "reopen_s": reopen_s,
                         "reopen_cpu_s": reopen_cpu}
    return out


def _timed(fn: Callable[[], T]) -> tuple[tuple[float, float], T]:
    """((wall seconds, CPU seconds of this process), what ``fn()`` returned)."""
    t0, c0 = time.perf_counter(), time.process_time()
    value = fn()
    return (round(time.perf_counter() - t0, 3), round(time.process_time() - c0, 3)), value


def _finished_game() -> Match:
    m = Match(default_catalogue(), MatchSetup(GameConfig(seats=("Player 00001", "Bot")),
                                              (SeatSpec("Player 00001", "amber", "easy"),
                                               SeatSpec("Bot", "teal", "easy")), 5))
    m.run_until_human()
    return Match(m.cat, MatchSetup(m.setup.game, (SeatSpec("Player 00001", "amber", HUMAN), m.setup.seats[1]), 5),
                 record=list(m.game.record))


def _load_list(n_saves: int, size: int) -> dict[str, float]:
    app = App(Settings(pace="instant"), headless=True)
    scene = LoadScene(app)
    t0 = time.perf_counter()
    app.push(scene)
    first = time.perf_counter() - t0
    assert len(scene.slots) == n_saves and all(s.problem is None for s in scene.slots)
    down = press_event(Act.DOWN)
    t0 = time.perf_counter()
    for _ in range(KEYS):
        app.handle(down)
    key_ms = (time.perf_counter() - t0) / KEYS * 1000
    assert scene.index == KEYS % n_saves
    app.pop()
    t0 = time.perf_counter()
    app.push(LoadScene(app))  # the next visit: a new screen over the same files
    second = time.perf_counter() - t0
    pygame.quit()
    return {"saves": n_saves, "save_mb": round(size / 1e6, 1), "first_visit_s": round(first, 3),
            "key_ms": round(key_ms, 3), "second_visit_s": round(second, 3)}


if __name__ == "__main__":
    if not os.environ.get("QUACKS_HOME"):
        sys.exit("python -m quacks.devtools.ui.storage_bench writes large files: run it with QUACKS_HOME set to a "
                 "scratch folder (python -m quacks bench --only storage does)")
    print(json.dumps(measure(quick="--quick" in sys.argv[1:])))

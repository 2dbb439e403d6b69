"""The storage figures for ``python -m quacks bench``: the ``storage`` group (issue 18 §4).

- ``load_list``: the Load screen over :data:`SAVES` large saves (each a real save whose record is repeated to about
  :data:`SAVE_MB` MB; the list reads only a save's summary, but the careful reader reads and parses the whole
  file): the first visit, an arrow key (the mean of :data:`KEYS`), and a second visit, in seconds and ms;
- ``statistics``: a statistics file of :data:`PLAYERS` players (every field filled as after some games, written as
  the game wrote it before issue 18: indented): opening it (``open_s``), counting one more finished game into it
  (``record_s``, which reads and writes it), and opening it as the game writes it now (``reopen_s``); wall seconds,
  and ``*_cpu_s`` the process's CPU seconds (the machine may be shared).

Measured in a process of its own (``python -m quacks.bench_storage``) with its home in a temporary folder and
SDL's dummy video driver; ``--quick`` uses fewer and smaller files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from .bench import Options, Target, group

SAVES = 50
SAVE_MB = 3.0
KEYS = 20
PLAYERS = 50_000

STORAGE_TARGETS = (
    Target("load_list.key_ms", "<=", 50.0, "an arrow key on the Load screen with 50 large saves"),
    Target("statistics.open_s", "<=", 3.0, "opening a statistics file of 50,000 players"),
)


def _big_save_document(mb: float) -> dict[str, Any]:
    """A real finished 4-seat game's save, its record repeated to about ``mb`` MB (only the list reads it)."""
    from .content.loader import default_catalogue
    from .rules.config import GameConfig
    from .session.match import Match, MatchSetup, SeatSpec
    from .storage import saves

    names = ("Ann", "Bob", "Cid", "Dot")
    setup = MatchSetup(GameConfig(seats=names), tuple(SeatSpec(n, c, "easy") for n, c in
                                                       zip(names, ("amber", "teal", "plum", "moss"))), 3)
    m = Match(default_catalogue(), setup)
    m.run_until_human()
    doc = saves.make_document(m)
    one = len(json.dumps(doc["match"]["record"], indent=1))
    doc["match"]["record"] = doc["match"]["record"] * max(1, int(mb * 1e6 / one))
    return doc


def _players(n: int) -> dict[str, Any]:
    """A statistics document of ``n`` players, each as after a few dozen games."""
    from .storage.stats import KIND, SCHEMA

    one = {"games": 40, "wins": 13, "score_total": 2480, "best_score": 91, "best_pot": 19,
           "by_opponents": {"normal": [40, 13]}, "by_seats": {"2": [40, 13]},
           "brews": {str(r): 40 for r in range(1, 10)}, "explosions": {str(r): 3 + r for r in range(1, 10)},
           "buys": {c: 7 for c in ("orange-1", "blue-1", "red-1")}}
    return {"schema": SCHEMA, "kind": KIND, "players": {f"Player {i:05d}": one for i in range(n)},
            "counted": [f"{i:032x}" for i in range(min(n, 100_000))]}


def measure(quick: bool = False) -> dict[str, Any]:
    """Every figure of the group, in this process (its home: ``$QUACKS_HOME``, which must be a scratch folder)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .storage import paths, stats
    from .storage.files import dumps

    n_saves, mb, n_players = (10, 0.5, 5_000) if quick else (SAVES, SAVE_MB, PLAYERS)
    folder = paths.saves_dir(create=True)
    raw = (json.dumps(_big_save_document(mb), indent=1) + "\n").encode("utf-8")
    for i in range(n_saves):
        doc_bytes = raw.replace(b'"quacks-save"', b'"quacks-save", "_n": %d' % i, 1)
        (folder / f"slot-big-{i:02d}-{i:08x}.json").write_bytes(doc_bytes)
    out: dict[str, Any] = {"load_list": _load_list(n_saves, len(raw))}

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


def _timed(fn: Any) -> tuple[tuple[float, float], Any]:
    """((wall seconds, CPU seconds of this process), what ``fn()`` returned)."""
    t0, c0 = time.perf_counter(), time.process_time()
    value = fn()
    return (round(time.perf_counter() - t0, 3), round(time.process_time() - c0, 3)), value


def _finished_game() -> Any:
    from .content.loader import default_catalogue
    from .rules.config import GameConfig
    from .session.match import HUMAN, Match, MatchSetup, SeatSpec

    m = Match(default_catalogue(), MatchSetup(GameConfig(seats=("Player 00001", "Bot")),
                                              (SeatSpec("Player 00001", "amber", "easy"),
                                               SeatSpec("Bot", "teal", "easy")), 5))
    m.run_until_human()
    return Match(m.cat, MatchSetup(m.setup.game, (SeatSpec("Player 00001", "amber", HUMAN), m.setup.seats[1]), 5),
                 record=list(m.game.record))


def _load_list(n_saves: int, size: int) -> dict[str, Any]:
    import pygame

    from .storage.settings import Settings
    from .ui.app import App
    from .ui.scenes.load import LoadScene

    app = App(Settings(pace="instant"), headless=True)
    scene = LoadScene(app)
    t0 = time.perf_counter()
    app.push(scene)
    first = time.perf_counter() - t0
    assert len(scene.slots) == n_saves and all(s.problem is None for s in scene.slots)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
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


@group("storage", STORAGE_TARGETS, "the Load list over 50 large saves, a 50,000-player statistics file")
def storage(opts: Options) -> dict[str, Any]:
    """Run :func:`measure` in a process of its own, its home a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="quacks-bench-storage-") as home:
        env = dict(os.environ, QUACKS_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        root = str(Path(__file__).resolve().parent.parent)
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        opts.say("storage: the Load list and a large statistics file ...")
        r = subprocess.run([sys.executable, "-m", "quacks.bench_storage", *(["--quick"] if opts.quick else [])],
                           env=env, capture_output=True, text=True, timeout=1800)
    lines = [ln for ln in r.stdout.splitlines() if ln.startswith("{")]
    if r.returncode != 0 or not lines:
        return {"error": (r.stderr or r.stdout).strip().splitlines()[-1:] or [f"exit {r.returncode}"]}
    return json.loads(lines[-1])  # type: ignore[no-any-return]


if __name__ == "__main__":
    if not os.environ.get("QUACKS_HOME"):
        sys.exit("python -m quacks.bench_storage writes large files: run it with QUACKS_HOME set to a scratch folder "
                 "(python -m quacks bench --only storage does)")
    print(json.dumps(measure(quick="--quick" in sys.argv[1:])))

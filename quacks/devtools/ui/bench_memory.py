"""``python -m quacks.devtools.ui.bench_memory [GAMES]``: the UI process's resident memory across games, one JSON line.

The way a player goes: a game of two Easy bots started from the title, played through the real table (the
pace "instant", every overlay closed with Enter) to the final screen, then New game from there and Start,
``GAMES`` games in all (default 3). The resident memory (``VmRSS``, Linux) is read at the title, on each final screen
and on each new-game screen after its first frames. Nothing is written to the player's folders (the app's
``no_saves``). ``python -m quacks bench --only memory`` runs it in a process of its own and checks
``growth_mb``: from the first final screen to the last new-game screen (a game left for a new one must not
keep anything; it kept ~90 MB of freed picture buffers before the parchment was drawn in bands).
"""

from __future__ import annotations

import gc
import json
import os
import sys
import weakref
from pathlib import Path
from typing import Any

import pygame

from ...storage.settings import Settings
from ...ui.app import App
from ...ui.flows import start_match
from ...ui.keys import Act, press_event
from ...ui.scenes.final import FinalScene
from ...ui.scenes.newgame import NewGameScene
from ...ui.scenes.newgame_model import SetupModel
from ...ui.scenes.table import TableScene
from ...ui.scenes.title import TitleScene

BOTS = [["Hildegard", "teal", "easy"], ["Ottokar", "plum", "easy"]]


def rss_mb() -> float | None:
    """The resident memory of this process in MB (None where /proc is missing)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def _press_enter(app: Any) -> None:
    app.handle(press_event(Act.CONFIRM))


def _frames(app: Any, n: int) -> None:
    for _ in range(n):
        for ev in pygame.event.get():
            app.handle(ev)
        app.frame(1 / 60)


def play_games(games: int = 3, seed: int = 1, max_frames: int = 200_000) -> dict[str, Any]:
    """Play ``games`` bot games through the scenes, leaving each final screen for a new game; the figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    settings = Settings(pace="instant")
    settings.last_setup = {"seats": BOTS, "books": "1"}  # the new-game screen's choices: two bots
    app = App(settings, headless=True)
    app.no_saves = True
    app.push(TitleScene(app))
    _frames(app, 3)
    out: dict[str, Any] = {"games": games, "title_mb": rss_mb(), "final_mb": [], "new_game_mb": [],
                           "kept": []}
    for g in range(games):
        if g == 0:  # the first game starts from the title (as Continue or a loaded game would)
            model = SetupModel.from_data(settings.last_setup)
            model.seed = str(seed)
            start_match(app, model.build())
        else:
            scene = app.scene
            assert isinstance(scene, NewGameScene), [type(s).__name__ for s in app.scenes]
            scene.model.seed = str(seed + g)
            scene.start()
        table = app.scene
        assert isinstance(table, TableScene)
        gone: list[weakref.ref[Any]] = [weakref.ref(table), weakref.ref(table.match)]
        for _ in range(max_frames):
            if isinstance(app.scene, FinalScene):
                break
            if app.scene is not table:
                _press_enter(app)  # the round results, a confirmation: their default
            _frames(app, 1)
        else:
            raise RuntimeError(f"game {g + 1} did not reach the final screen in {max_frames} frames")
        del table
        _frames(app, 3)
        gc.collect()
        out["final_mb"].append(rss_mb())
        _press_enter(app)  # New game
        _frames(app, 3)
        gc.collect()
        out["new_game_mb"].append(rss_mb())
        out["kept"].append(sum(ref() is not None for ref in gone))  # the table and the match left behind
    out["scenes"] = [type(s).__name__ for s in app.scenes]
    if out["final_mb"][0] is not None and out["new_game_mb"][-1] is not None:
        out["growth_mb"] = round(out["new_game_mb"][-1] - out["final_mb"][0], 1)
    else:
        out["growth_mb"] = {"error": "needs /proc (Linux)"}
    return out


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 3
    print(json.dumps(play_games(games)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The storage figures for ``python -m quacks bench``: the ``storage`` group (issue 18 §4).

- ``load_list``: the Load screen over :data:`SAVES` large saves (each a real save whose record is repeated to about
  :data:`SAVE_MB` MB; the list reads only a save's summary, but the careful reader reads and parses the whole
  file): the first visit, an arrow key (the mean of :data:`KEYS`), and a second visit, in seconds and ms;
- ``statistics``: a statistics file of :data:`PLAYERS` players (every field filled as after some games, written as
  the game wrote it before issue 18: indented): opening it (``open_s``), counting one more finished game into it
  (``record_s``, which reads and writes it), and opening it as the game writes it now (``reopen_s``); wall seconds,
  and ``*_cpu_s`` the process's CPU seconds (the machine may be shared).

Measured in a process of its own (``python -m quacks.devtools.ui.storage_bench``) with its home in a temporary
folder and SDL's dummy video driver; ``--quick`` uses fewer and smaller files.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .bench_groups import Figures, Options, Target, child_figures, group

SAVES = 50
SAVE_MB = 3.0
KEYS = 20
PLAYERS = 50_000

STORAGE_TARGETS = (
    Target("load_list.key_ms", "<=", 50.0, "an arrow key on the Load screen with 50 large saves"),
    Target("statistics.open_s", "<=", 3.0, "opening a statistics file of 50,000 players"),
)


@group("storage", STORAGE_TARGETS, "the Load list over 50 large saves, a 50,000-player statistics file")
def storage(opts: Options) -> Figures:
    """Run ``quacks.devtools.ui.storage_bench`` in a process of its own, its home a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="quacks-bench-storage-") as home:
        env = dict(os.environ, QUACKS_HOME=home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        root = str(Path(__file__).resolve().parent.parent)
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        opts.say("storage: the Load list and a large statistics file ...")
        r = subprocess.run([sys.executable, "-m", "quacks.devtools.ui.storage_bench",
                            *(["--quick"] if opts.quick else [])], env=env, capture_output=True, text=True,
                           timeout=1800)
    return child_figures(r)



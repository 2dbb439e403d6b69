"""``python -m quacks bench --only storage`` (issue 18 §4): the figures are measured in a process of their own, in a
scratch home, and come back whole (their values are what the report quotes; no test times anything)."""

from __future__ import annotations

import os
import subprocess
import sys

from quacks.devtools import bench
from quacks.devtools.bench_storage import storage


def test_the_storage_group_measures_every_figure_in_a_scratch_home() -> None:
    figures = storage(bench.Options(quick=True))
    assert "error" not in figures, figures
    load, st = figures["load_list"], figures["statistics"]
    assert load["saves"] == 10 and {"first_visit_s", "key_ms", "second_visit_s"} <= set(load)
    assert st["players"] == 5000 and st["written_mb"] < st["file_mb"]  # written compact now
    assert {r["figure"] for r in bench.check({"storage": figures})} == {"load_list.key_ms", "statistics.open_s"}


def test_the_measuring_child_refuses_to_run_outside_a_scratch_home() -> None:
    env = {k: v for k, v in os.environ.items() if k != "QUACKS_HOME"}
    r = subprocess.run([sys.executable, "-m", "quacks.devtools.ui.storage_bench"], env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode != 0 and "QUACKS_HOME" in r.stderr

"""``python -m quacks bench``: the registry of figure groups, the JSON object, and ``--check`` on canned
figures (nothing is measured here)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from quacks.cli import build_parser, main
from quacks.devtools import bench

CANNED: dict[str, Any] = {
    "driver": "x11",
    "frames": {f"{w}x{h}": {"p50_ms": 0.2, "p99_ms": 4.0} for w, h in bench.SIZES},
    "resize": {"drag": {"p99_ms": 12.0}, "jumps": {"p99_ms": 15.0}},
    "idle": {"title": {"wakeups_per_s": 1.0, "cpu_percent": 0.0},
             "table": {"wakeups_per_s": 1.0, "cpu_percent": 0.2}},
}


def test_the_display_group_is_registered_with_a_target_for_every_figure_asked_for() -> None:
    g = bench.GROUPS["display"]
    keys = {t.key for t in g.targets}
    assert {f"frames.{w}x{h}.p99_ms" for w, h in bench.SIZES} <= keys
    assert {"resize.drag.p99_ms", "resize.jumps.p99_ms", "idle.title.wakeups_per_s", "idle.table.wakeups_per_s",
            "idle.title.cpu_percent", "idle.table.cpu_percent"} <= keys
    assert all(bench.lookup(CANNED, k) is not None for k in keys)  # the canned figures have the real shape


def test_check_passes_figures_that_meet_their_targets() -> None:
    rows = bench.check({"display": CANNED})
    assert rows and all(r["ok"] for r in rows)
    assert {"group", "figure", "value", "target", "ok", "what"} <= set(rows[0])


@pytest.mark.parametrize(("key", "value"), [
    ("frames.2560x1440.p99_ms", 8.01),
    ("resize.jumps.p99_ms", 40.0),
    ("idle.table.wakeups_per_s", 920.0),
    ("idle.title.cpu_percent", 2.0),
])
def test_check_misses_a_figure_over_its_target(key: str, value: float) -> None:
    figures = json.loads(json.dumps(CANNED))
    *path, last = key.split(".")
    node = figures
    for p in path:
        node = node[p]
    node[last] = value
    missed = [r for r in bench.check({"display": figures}) if not r["ok"]]
    assert [r["figure"] for r in missed] == [key] and missed[0]["value"] == value


def test_a_figure_not_measured_misses_its_target() -> None:
    figures = json.loads(json.dumps(CANNED))
    figures["idle"]["table"] = {"error": "needs /proc (Linux)"}
    figures["frames"]["3840x2160"] = {"error": ["no display"]}
    missed = {r["figure"] for r in bench.check({"display": figures}) if not r["ok"]}
    assert missed == {"idle.table.wakeups_per_s", "idle.table.cpu_percent", "frames.3840x2160.p99_ms"}


def test_targets_compare_both_ways() -> None:
    at_least = bench.Target("x", ">=", 190.0)
    assert at_least.met(200) and not at_least.met(180) and not at_least.met(None) and not at_least.met(True)
    at_most = bench.Target("x", "<=", 8.0)
    assert at_most.met(8.0) and not at_most.met(8.5) and not at_most.met("8")


@pytest.fixture()
def canned_groups(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """The registry with the display group measuring nothing, and a second group as another helper adds one."""
    calls = {"display": 0, "engine": 0}

    def fake_display(opts: bench.Options) -> dict[str, Any]:
        calls["display"] += 1
        opts.say("display: canned")
        return json.loads(json.dumps(CANNED))

    def fake_engine(opts: bench.Options) -> dict[str, Any]:
        calls["engine"] += 1
        return {"games_per_s": 150.0}

    groups = {"display": bench.Group("display", fake_display, bench.GROUPS["display"].targets),
              "engine": bench.Group("engine", fake_engine, (bench.Target("games_per_s", ">=", 190.0),))}
    monkeypatch.setattr(bench, "GROUPS", groups)
    return calls


def test_the_command_prints_one_json_object(canned_groups: dict[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "display"]) == 0
    out, err = capsys.readouterr()
    report = json.loads(out)  # exactly one JSON object on stdout
    assert list(report) == ["groups"] and list(report["groups"]) == ["display"]
    assert report["groups"]["display"]["frames"]["1280x800"]["p99_ms"] == 4.0
    assert "display: canned" in err  # progress on stderr
    assert canned_groups == {"display": 1, "engine": 0}  # --only ran one group


def test_check_exits_1_on_a_miss_and_json_keeps_stderr_quiet(canned_groups: dict[str, int],
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--check", "--json"]) == 1  # engine: 150 games/s against >= 190
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert set(report["groups"]) == {"display", "engine"}
    assert report["check"]["passed"] is False
    missed = [r for r in report["check"]["results"] if not r["ok"]]
    assert [(r["group"], r["figure"]) for r in missed] == [("engine", "games_per_s")]
    assert err == ""
    assert main(["bench", "--check", "--only", "display"]) == 0
    assert "ok   display.frames.1280x720.p99_ms" in capsys.readouterr().err


def test_an_unknown_group_is_refused(canned_groups: dict[str, int], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--only", "nonsense"]) == 2
    assert "no group nonsense" in capsys.readouterr().err
    assert canned_groups == {"display": 0, "engine": 0}


def test_the_parser_knows_the_command() -> None:
    args = build_parser().parse_args(["bench", "--only", "display", "--only", "engine", "--check", "--quick"])
    assert args.only == ["display", "engine"] and args.check and args.quick and not args.json


def test_a_child_measurement_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.devtools.ui.bench import child_main

    assert child_main(["frames"]) == 2
    assert "usage" in capsys.readouterr().err

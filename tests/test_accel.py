"""The optional compiled engine (quacks/accel.py): which builds are loaded, and that a build plays the same games.

The build itself (mypyc, a C compiler) is made in CI (``.ci/run``: ``python3 run.py accelerate``), which then
runs the engine's tests with ``QUACKS_ACCEL=1 QUACKS_REQUIRE_ACCEL=1``: there the tests below that need a build
must find one and the process must be running it. Without a build they are skipped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import quacks.rules.game
from quacks import accel

ROOT = Path(__file__).resolve().parent.parent
REQUIRED = os.environ.get("QUACKS_REQUIRE_ACCEL") == "1"


def fake_build(d: Path, **override: object) -> Path:
    """A build folder with a stamp matching the current sources (empty files stand for the compiled ones)."""
    modules = {}
    for name in accel.MODULES:
        rel = name.replace(".", "/") + ".so"
        (d / rel).parent.mkdir(parents=True, exist_ok=True)
        (d / rel).write_bytes(b"")
        modules[name] = {"file": rel, "source_sha256": accel.source_hash(name)}
    stamp: dict[str, object] = {"python": accel.python_tag(), "modules": modules, **override}
    (d / accel.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    return d


def test_no_build_is_not_loaded(tmp_path: Path) -> None:
    st = accel.check(tmp_path)
    assert not st.active and "not built" in st.reason


def test_a_build_of_the_current_sources_may_be_loaded(tmp_path: Path) -> None:
    st = accel.check(fake_build(tmp_path))
    assert st.active and set(accel.MODULES) <= set(st.modules)
    assert st.summary()["modules"] == sorted(accel.MODULES)


def test_a_build_of_older_sources_or_another_python_is_not(tmp_path: Path) -> None:
    d = fake_build(tmp_path / "old")
    stamp = json.loads((d / accel.STAMP).read_text(encoding="utf-8"))
    stamp["modules"][accel.MODULES[0]]["source_sha256"] = "0" * 64
    (d / accel.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    assert "older sources" in accel.check(d).reason and not accel.check(d).active

    other = fake_build(tmp_path / "other", python="cpython-27-win32-.pyd")
    assert "another Python" in accel.check(other).reason

    part = fake_build(tmp_path / "part")
    (part / (accel.MODULES[1].replace(".", "/") + ".so")).unlink()
    assert "incomplete" in accel.check(part).reason

    fewer = fake_build(tmp_path / "fewer")
    stamp = json.loads((fewer / accel.STAMP).read_text(encoding="utf-8"))
    del stamp["modules"][accel.MODULES[-1]]
    (fewer / accel.STAMP).write_text(json.dumps(stamp), encoding="utf-8")
    assert "another set of modules" in accel.check(fewer).reason

    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / accel.STAMP).write_text("{not json", encoding="utf-8")
    assert "unreadable" in accel.check(bad).reason


def _probe(env_accel: str | None) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "QUACKS_ACCEL"}
    if env_accel is not None:
        env["QUACKS_ACCEL"] = env_accel
    code = ("import json, quacks.accel as a, quacks.rules.game as g;"
            "print(json.dumps({'status': a.status().summary(), 'compiled': a.is_compiled(g)}))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    out: dict[str, object] = json.loads(r.stdout)
    return out


def test_the_plain_modules_run_unless_asked() -> None:
    probe = _probe(None)
    assert probe["compiled"] is False
    assert not probe["status"]["active"]  # type: ignore[index]


built = accel.check().active
needs_build = pytest.mark.skipif(not built and not REQUIRED, reason="no compiled build (python3 run.py accelerate)")


@needs_build
def test_when_asked_the_build_is_what_runs() -> None:
    assert built, "QUACKS_REQUIRE_ACCEL=1 but there is no usable build: " + accel.check().reason
    probe = _probe("1")
    assert probe["compiled"] is True and probe["status"]["active"], probe  # type: ignore[index]


@needs_build
def test_this_process_runs_what_was_asked() -> None:
    """In CI's second pass (QUACKS_ACCEL=1) the engine tests of this very process run the compiled modules."""
    if accel.asked():
        assert accel.is_compiled(quacks.rules.game), accel.status().reason
    else:
        assert not accel.is_compiled(quacks.rules.game)


def without_times(x: object) -> object:
    if isinstance(x, dict):
        return {k: without_times(v) for k, v in x.items() if k not in ("seconds", "games_per_second", "decision_ms")}
    return x


@needs_build
@pytest.mark.parametrize("seats,books", [("normal,easy,random,normal", "1"), ("normal,normal", "random")])
def test_the_build_plays_the_same_games(seats: str, books: str) -> None:
    """simulate's whole summary (wins, VP, explosions per seat) is the same compiled and plain."""
    def run(asked: str) -> object:
        env = dict(os.environ, QUACKS_ACCEL=asked)
        r = subprocess.run([sys.executable, "-m", "quacks", "simulate", "--seats", seats, "--games", "40", "--seed",
                            "7", "--books", books, "--json", "--quiet"], cwd=ROOT, env=env, capture_output=True,
                           text=True, check=True)
        return without_times(json.loads(r.stdout))

    plain, compiled = run("0"), run("1")
    assert plain == compiled


def _run(args: list[str], build: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QUACKS_ACCEL": "1", "QUACKS_ACCEL_DIR": str(build), "QUACKS_HOME": str(home)}
    env.pop("QUACKS_REQUIRE_ACCEL", None)
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


PROBE = ("import json, quacks.accel as a, quacks.rules.game as g, quacks.ai.simple as s;"
         "print(json.dumps({'status': a.status().summary(), 'reason': a.status().reason,"
         " 'compiled': a.is_compiled(g) or a.is_compiled(s)}))")


@pytest.mark.parametrize("damage", [b"", b"\x7fELF" + bytes(range(256)) * 4])
def test_a_damaged_build_with_a_valid_stamp_falls_back_to_the_plain_modules(tmp_path: Path, damage: bytes) -> None:
    """Issue 18 §4: compiled files that will not load (empty, or garbage after an ELF mark), stamped as the
    current sources for this Python, stopped every command with an ImportError."""
    build = fake_build(tmp_path / "build")
    for name in accel.MODULES:
        (build / (name.replace(".", "/") + ".so")).write_bytes(damage)
    assert accel.check(build).active  # the stamp says it may be loaded
    r = _run(["-c", PROBE], build, tmp_path)
    assert r.returncode == 0, r.stderr
    probe = json.loads(r.stdout)
    assert probe["compiled"] is False and not probe["status"]["active"]
    assert probe["reason"].startswith("damaged build (quacks.rules.")
    assert "the compiled engine in" in r.stderr and "cannot be used, so the plain modules run" in r.stderr

    r = _run(["-m", "quacks", "check-data"], build, tmp_path)
    assert r.returncode == 0 and "all data files are valid" in r.stdout, r.stderr
    assert r.stderr.count("cannot be used") == 1  # said once


@needs_build
@pytest.mark.parametrize("which", ["last", "helper"])
def test_a_build_with_one_damaged_file_is_not_used_at_all(tmp_path: Path, which: str) -> None:
    """The last module of the list, or mypyc's helper library (the code of every module), broken and the rest
    sound: none is used (half a build is never run), and accelerate --status says so."""
    import shutil

    build = tmp_path / "build"
    shutil.copytree(accel.build_dir(), build)
    stamp = json.loads((build / accel.STAMP).read_text(encoding="utf-8"))
    name = accel.MODULES[-1] if which == "last" else next(m for m in stamp["modules"] if m not in accel.MODULES)
    (build / stamp["modules"][name]["file"]).write_bytes(b"\x7fELF damaged")
    r = _run(["-c", PROBE], build, tmp_path)
    assert r.returncode == 0, r.stderr
    probe = json.loads(r.stdout)
    assert probe["compiled"] is False and probe["reason"].startswith(f"damaged build ({name}: "), probe
    r = _run([str(ROOT / "tools" / "accelerate.py"), "--status", "--out", str(build)], build, tmp_path)
    assert json.loads(r.stdout)["active"] is False

"""``run.py``: the lock, the lowest-versions environment (the lower bounds pyproject.toml declares), CI's report
on the newest releases, and Ctrl+C reaching the child."""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_run_py():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_dependency_has_a_lower_bound_that_test_lowest_pins() -> None:
    run = load_run_py()
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    pins = run.lowest_pins()
    assert len(pins) == len(deps) == 8
    for dep, pin in zip(deps, pins, strict=True):
        name, low = re.fullmatch(r"([A-Za-z0-9_.-]+)>=(\S+)", dep.replace(" ", "")).groups()  # type: ignore[union-attr]
        assert pin == f"{name}=={low}"
    assert {p.split("==")[0].lower() for p in pins} == {"pygame-ce", "pyyaml", "platformdirs", "websockets",
                                                          "zeroconf", "miniupnpc", "cryptography", "spake2"}
    assert [t.split(">")[0] for t in run._test_tools()] == ["pytest", "pytest-xdist", "hypothesis"]


def test_ci_runs_the_lowest_versions_and_requires_the_end_to_end_tests() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 run.py test\n" in ci and "python3 run.py test-lowest" in ci
    assert "export QUACKS_REQUIRE_E2E=1" in ci
    # the router test (tests/net/test_router.py) must run in CI: its daemon and tools installed, its skip a failure
    assert "export QUACKS_REQUIRE_ROUTER=1" in ci and "miniupnpd nftables iproute2" in ci
    assert "|| echo" not in ci and "|| true" not in ci  # a failed install stops CI
    # the one run that may fail without failing CI: the newest releases, reported
    assert "if ! python3 run.py test-newest" in ci and ci.count("\nif ! ") == 1


def test_every_locked_environment_installs_from_the_lock_and_notices_a_change(tmp_path: Path) -> None:
    run = load_run_py()
    pins = run.lock_pins()
    # the run-time dependencies and the test tools are all pinned, each once, as name==version
    for name in ("pygame-ce", "pyyaml", "platformdirs", "websockets", "zeroconf", "ifaddr", "miniupnpc", "cryptography",
                 "spake2", "cffi", "pycparser", "pytest", "pytest-xdist",
                 "hypothesis", "ruff", "mypy", "pyinstaller", "babel", "coverage", "setuptools", "pip"):
        assert re.fullmatch(r"[A-Za-z0-9_.-]+==[0-9][0-9A-Za-z.]*", pins[name]), name
    # each declared range admits the locked version (the lock is one choice within pyproject's ranges)
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    for dep in deps:
        name, low = re.fullmatch(r"([A-Za-z0-9_.-]+)>=(\S+)", dep.replace(" ", "")).groups()  # type: ignore[union-attr]
        locked = pins[run._norm(name)].split("==")[1]
        assert tuple(map(int, locked.split(".")[:3])) >= tuple(map(int, low.split(".")[:3])), dep
    # the stamp of a locked environment changes with the lock, .venv-newest's does not
    before = run._stamp("test")
    original = run.LOCK
    copy = tmp_path / "constraints.txt"
    copy.write_text(original.read_text(encoding="utf-8") + "extra==1.0\n", encoding="utf-8")
    run.LOCK = copy
    assert run._stamp("test") != before
    assert run._stamp("test-newest") == load_run_py()._stamp("test-newest")


@pytest.mark.skipif(os.name == "nt", reason="POSIX signals")
def test_ctrl_c_reaches_the_child_which_finishes_and_gives_its_exit_code() -> None:
    """Ctrl+C under run.py: the child gets it, finishes its work (pytest's summary, the game's last save) and its
    exit code is run.py's; run.py prints no traceback of its own."""
    child = ("import sys, time\n"
             "try:\n    print('ready', flush=True)\n    time.sleep(30)\nexcept KeyboardInterrupt:\n"
             "    time.sleep(0.3); print('child finished its work', flush=True); sys.exit(3)\n")
    parent = ("import importlib.util, signal, sys\n"
              "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
              f"spec = importlib.util.spec_from_file_location('run_py', {str(ROOT / 'run.py')!r})\n"
              "run = importlib.util.module_from_spec(spec); spec.loader.exec_module(run)\n"
              f"sys.exit(run._call([sys.executable, '-c', {child!r}]))\n")
    proc = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, stdin=subprocess.DEVNULL, start_new_session=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    proc.send_signal(signal.SIGINT)  # to run.py only: it forwards it
    out, err = proc.communicate(timeout=20)
    assert "child finished its work" in out
    assert proc.returncode == 3
    assert "Traceback" not in err


def test_the_test_command_runs_on_both_cores_unless_told() -> None:
    """``python3 run.py test`` runs the default suite on two workers (it took over 10 minutes in one process);
    ``-n`` given by the caller wins."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("run_py", ROOT / "run.py")
    assert spec is not None and spec.loader is not None
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    assert run.both_cores([]) == ["-n", "2"]
    assert run.both_cores(["-q", "tests/ui"]) == ["-n", "2"]
    assert run.both_cores(["-n", "0"]) == [] and run.both_cores(["-n4"]) == []
    assert run.both_cores(["--numprocesses=3"]) == []

#!/usr/bin/env python3
"""Set everything up and start the game, or run the tests; each in its own virtual environment.

    python3 run.py play         # .venv with the game installed, then the game
    python3 run.py test         # .venv-test with the game and the test tools, then the test suite on both
                                # cores (pytest-xdist; "-n 0" runs it in one process)
    python3 run.py lint         # the same .venv-test, then ruff and mypy over the code
    python3 run.py test-lowest  # .venv-lowest: the lowest dependency versions pyproject.toml declares, then
                                # the test suite (CI runs it once: the declared lower bounds really work)
    python3 run.py coverage     # the same .venv-test, the default suite under coverage.py on both cores, then
                                # line coverage per package; fails if a package is under 85%
                                # (out/coverage/: coverage.json and an html/ report)
    python3 run.py accelerate   # the same .venv-test, then the optional compiled engine into build/accel/
                                # (mypyc and a C compiler; QUACKS_ACCEL=1 uses it: quacks/accel.py)
    python3 run.py test-newest  # .venv-newest: the newest releases of everything (no lock), then the test
                                # suite; CI runs it once and reports what broke without failing the run
    python3 run.py lock         # write constraints.txt anew: the newest releases that pyproject.toml allows

Every environment but .venv-newest installs exactly the versions of constraints.txt (the lock: every package
of the game and the test and build tools, pinned) and is made anew when the lock or pyproject.toml changes;
players who install the game with pip keep pyproject.toml's ranges.

Anything after the command is passed on (``python3 run.py test -m slow``, ``python3 run.py play scenario F``).
Nothing is installed outside the project folder. Works with Python 3.11+ on Linux, macOS and Windows.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
ENVS = {"play": (".venv", "."), "test": (".venv-test", ".[dev]"), "lint": (".venv-test", ".[dev]"),
        "test-lowest": (".venv-lowest", "."), "coverage": (".venv-test", ".[dev]"),
        "accelerate": (".venv-test", ".[dev]"), "test-newest": (".venv-newest", ".[dev]")}
LOCK = ROOT / "constraints.txt"  # the pinned set of every environment but .venv-newest (python3 run.py lock)
LOCK_HEADER = """\
# The lock: every package of the game's, the test and the build environments, pinned. run.py installs from it
# (pip install -c constraints.txt) and makes an environment anew when it changes; pyproject.toml keeps the
# ranges that players' installs take. Written by `python3 run.py lock` (the newest releases pyproject.toml
# allows, on Linux); the packages only another system needs are pinned by hand at the end.
"""
OTHER_SYSTEMS = ("colorama==0.4.6", "pywin32-ctypes==0.2.3", "pefile==2024.8.26", "macholib==1.16.4")
COVERAGE_OUT = "out/coverage"  # pyproject.toml's [tool.coverage.run] data_file lives here too
TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis")  # what test-lowest needs from the dev extra


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _stamp(kind: str = "test") -> str:
    """What an environment was made from: pyproject.toml and, but for .venv-newest, the lock."""
    h = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    if kind != "test-newest":
        h.update(LOCK.read_bytes())
    return h.hexdigest()


def lock_pins() -> dict[str, str]:
    """The lock as {normalised name: 'name==version'}."""
    pins = {}
    for line in LOCK.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name = line.split("==", 1)[0]
            pins[_norm(name)] = line
    return pins


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _project() -> dict:  # type: ignore[type-arg]
    import tomllib

    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def lowest_pins() -> list[str]:
    """``name==version`` for every run-time dependency, at the lower bound pyproject.toml declares."""
    pins = []
    for dep in _project()["dependencies"]:
        m = re.fullmatch(r"\s*([A-Za-z0-9_.\-]+)\s*>=\s*([0-9][0-9A-Za-z.]*)\s*", dep)
        if m is None:
            raise SystemExit(f"pyproject.toml: the dependency {dep!r} needs a lower bound written as name>=version")
        pins.append(f"{m.group(1)}=={m.group(2)}")
    return pins


def _test_tools() -> list[str]:
    """The test tools, with the versions the dev extra asks for."""
    dev = _project()["optional-dependencies"]["dev"]
    names = {re.split(r"[<>=!~ \[]", d, maxsplit=1)[0].lower(): d for d in dev}
    return [names[t] for t in TEST_TOOLS]


def ensure_env(kind: str) -> Path:
    """Create the environment once and (re)install the project when pyproject.toml changes."""
    name, spec = ENVS[kind]
    env = ROOT / name
    py = _python(env)
    if not py.exists():
        print(f"[run.py] creating {name} ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
    stamp = env / ".quacks-installed"
    if kind == "test-newest":  # always the newest releases of the day
        pip = [str(py), "-m", "pip", "--disable-pip-version-check", "-q"]
        print(f"[run.py] installing the newest releases of {spec} into {name} ...", flush=True)
        subprocess.run([*pip, "install", "--upgrade", "pip"], check=False)
        subprocess.run([*pip, "install", "--upgrade", "--upgrade-strategy", "eager", "-e", spec], cwd=ROOT,
                       check=True)
        return py
    if stamp.exists() and stamp.read_text() != _stamp(kind):  # the lock or pyproject.toml changed: start clean
        print(f"[run.py] constraints.txt or pyproject.toml changed: making {name} anew ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(env)
    if not stamp.exists() or stamp.read_text() != _stamp(kind):
        print(f"[run.py] installing {spec} into {name} from constraints.txt (once) ...", flush=True)
        pip = [str(py), "-m", "pip", "--disable-pip-version-check", "-q"]
        constraints = env / "constraints.txt"
        if kind == "test-lowest":  # the lowest declared run-time versions, the locked tools
            pins = lowest_pins()
            low = {_norm(p.split("==")[0]) for p in pins}
            rest = [pin for key, pin in lock_pins().items() if key not in low]
            constraints.write_text("\n".join([*pins, *rest]) + "\n", encoding="utf-8")
            print(f"[run.py] lowest declared versions: {', '.join(pins)}", flush=True)
            install = ["-e", spec, *_test_tools()]
        else:
            shutil.copyfile(LOCK, constraints)
            install = ["-e", spec]
        subprocess.run([*pip, "install", "-c", str(constraints), "--upgrade", "pip"], check=False)
        subprocess.run([*pip, "install", "-c", str(constraints), *install], cwd=ROOT, check=True)
        stamp.write_text(_stamp(kind))
    return py


def write_lock() -> int:
    """constraints.txt anew: a scratch environment with the newest releases pyproject.toml allows, frozen."""
    with tempfile.TemporaryDirectory() as tmp:
        env = Path(tmp) / "venv"
        venv.EnvBuilder(with_pip=True).create(env)
        py = _python(env)
        pip = [str(py), "-m", "pip", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "install", "--upgrade", "pip", "setuptools"], check=True)
        subprocess.run([*pip, "install", ".[dev]"], cwd=ROOT, check=True)
        frozen = subprocess.run([*pip, "freeze", "--all"], check=True, capture_output=True, text=True).stdout
    pins = sorted((line for line in frozen.splitlines() if "==" in line and _norm(line.split("==")[0]) != "quacks"),
                  key=str.lower)
    LOCK.write_text(LOCK_HEADER + "\n".join(pins) + "\n# other systems\n" + "\n".join(OTHER_SYSTEMS) + "\n",
                    encoding="utf-8")
    print(f"[run.py] wrote {LOCK.name}: {len(pins)} packages")
    return 0


def newest_report(py: Path) -> None:
    """Which installed versions of .venv-newest differ from the lock."""
    locked = lock_pins()
    frozen = subprocess.run([str(py), "-m", "pip", "freeze", "--all"], capture_output=True, text=True).stdout
    changed = []
    for line in frozen.splitlines():
        if "==" not in line:
            continue
        key = _norm(line.split("==")[0])
        if key != "quacks" and locked.get(key, "").split("==")[-1] != line.split("==")[1]:
            changed.append(f"{line.split('==')[0]} {locked.get(key, '==(not locked)').split('==')[1]} -> "
                           f"{line.split('==')[1]}")
    print("[run.py] newest releases against constraints.txt: " + ("; ".join(changed) or "no difference"),
          flush=True)


def _call(cmd: list[str]) -> int:
    """Run ``cmd`` and return its exit code. Ctrl+C reaches the child (from the terminal, or forwarded when
    only run.py got it) and run.py waits for it to finish: pytest's summary and the game's last save are kept,
    and no traceback of run.py's is printed."""
    started: list[subprocess.Popen[bytes]] = []

    def forward(signum: int, _frame: object) -> None:
        try:  # a Ctrl+C at the terminal already went to the whole foreground group, the child included
            at_terminal = os.name == "nt" or os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
        except (OSError, ValueError, AttributeError):
            at_terminal = False
        if not at_terminal and started and started[0].poll() is None:
            started[0].send_signal(signum)

    old = signal.signal(signal.SIGINT, forward)  # before the child starts: no moment without the handler
    started.append(subprocess.Popen(cmd))
    child = started[0]
    try:
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # pragma: no cover - only if the handler was replaced
                continue
    finally:
        signal.signal(signal.SIGINT, old)


def both_cores(rest: list[str]) -> list[str]:
    """The arguments that run pytest on two workers, unless ``rest`` chooses its own (``-n``): the default suite
    in about half the time on the 2-core machines the project is tested on."""
    return [] if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in rest) else ["-n", "2"]


def run_coverage(py: Path, rest: list[str]) -> int:
    """The default suite under coverage.py (its settings: pyproject.toml), on both cores unless ``rest`` says
    otherwise; the xdist workers and the Pythons the tests start are measured too and combined. Then
    tools/coverage_check.py prints line coverage per package. 0 only if the tests pass and every package
    reaches the floor."""
    os.chdir(ROOT)
    out = ROOT / COVERAGE_OUT
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob(".coverage*"):  # the data of an earlier run
        old.unlink()
    cov = [str(py), "-m", "coverage"]
    tests = _call([*cov, "run", "-m", "pytest", *both_cores(rest), "-q", *rest])
    if subprocess.call([*cov, "combine", "-q"]) != 0:
        print("[run.py] no coverage data was recorded", file=sys.stderr)
        return 1
    report = out / "coverage.json"
    subprocess.call([*cov, "json", "-q", "-o", str(report)])
    subprocess.call([*cov, "html", "-q", "-d", str(out / "html")])
    check = subprocess.call([str(py), str(ROOT / "tools" / "coverage_check.py"), str(report)])
    print(f"[run.py] per-module figures: {out / 'html' / 'index.html'}", flush=True)
    if tests != 0:
        print(f"[run.py] the tests failed (exit {tests}): the figures above may be low", file=sys.stderr)
    return tests or check


def main(argv: list[str]) -> int:
    if sys.version_info < (3, 11):
        print("Quacks needs Python 3.11 or newer.", file=sys.stderr)
        return 2
    if not argv or (argv[0] not in ENVS and argv[0] != "lock"):
        print(__doc__)
        return 2
    kind, rest = argv[0], argv[1:]
    if kind == "lock":
        return write_lock()
    py = ensure_env(kind)
    if kind == "play":
        cmd = [str(py), "-m", "quacks", *rest]
    elif kind == "test-lowest":
        pins = lowest_pins()
        check = ("import importlib.metadata as m, sys; pins = sys.argv[1:]; "
                 "bad = [p for p in pins if m.version(p.split('==')[0]) != p.split('==')[1]]; "
                 "print('[run.py] running the tests with', ', '.join(pins)); sys.exit(1 if bad else 0)")
        if subprocess.call([str(py), "-c", check, *pins]) != 0:
            print("[run.py] .venv-lowest does not hold the lowest versions; delete it and run again", file=sys.stderr)
            return 1
        cmd = [str(py), "-m", "pytest", *rest]
    elif kind == "test-newest":
        newest_report(py)
        os.chdir(ROOT)
        code = _call([str(py), "-m", "pytest", *rest])
        if code != 0:
            print(f"[run.py] the suite fails with the newest releases (exit {code}): see above; the locked set "
                  "(python3 run.py test) is what counts", file=sys.stderr)
        return code
    elif kind == "coverage":
        return run_coverage(py, rest)
    elif kind == "accelerate":
        cmd = [str(py), str(ROOT / "tools" / "accelerate.py"), *rest]
    elif kind == "lint":
        os.chdir(ROOT)
        ruff = subprocess.call([str(py), "-m", "ruff", "check", "quacks", "tests", "tools", "run.py", *rest])
        return subprocess.call([str(py), "-m", "mypy", "quacks"]) or ruff
    else:  # test
        cmd = [str(py), "-m", "pytest", *both_cores(rest), *rest]
    os.chdir(ROOT)
    return _call(cmd)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

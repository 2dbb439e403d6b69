#!/usr/bin/env python3
"""Set everything up and start the game, or run the tests; each in its own virtual environment.

    python3 run.py play         # .venv with the game installed, then the game
    python3 run.py test         # .venv-test with the game and the test tools, then the test suite
    python3 run.py lint         # the same .venv-test, then ruff and mypy over the code
    python3 run.py test-lowest  # .venv-lowest: the lowest dependency versions pyproject.toml declares, then
                                # the test suite (CI runs it once: the declared lower bounds really work)
    python3 run.py coverage     # the same .venv-test, the default suite under coverage.py on both cores, then
                                # line coverage per package; fails if a package is under 85%
                                # (out/coverage/: coverage.json and an html/ report)
    python3 run.py accelerate   # the same .venv-test, then the optional compiled engine into build/accel/
                                # (mypyc and a C compiler; QUACKS_ACCEL=1 uses it: quacks/accel.py)

Anything after the command is passed on (``python3 run.py test -m slow``, ``python3 run.py play scenario F``).
Nothing is installed outside the project folder. Works with Python 3.11+ on Linux, macOS and Windows.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
ENVS = {"play": (".venv", "."), "test": (".venv-test", ".[dev]"), "lint": (".venv-test", ".[dev]"),
        "test-lowest": (".venv-lowest", "."), "coverage": (".venv-test", ".[dev]"),
        "accelerate": (".venv-test", ".[dev]")}
COVERAGE_OUT = "out/coverage"  # pyproject.toml's [tool.coverage.run] data_file lives here too
TEST_TOOLS = ("pytest", "pytest-xdist", "hypothesis")  # what test-lowest needs from the dev extra


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


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
    if not stamp.exists() or stamp.read_text() != _stamp():
        print(f"[run.py] installing {spec} into {name} (once) ...", flush=True)
        pip = [str(py), "-m", "pip", "--disable-pip-version-check", "-q"]
        subprocess.run([*pip, "install", "--upgrade", "pip"], check=False)
        if kind == "test-lowest":
            pins = lowest_pins()
            constraints = env / "lowest-constraints.txt"
            constraints.write_text("\n".join(pins) + "\n", encoding="utf-8")
            print(f"[run.py] lowest declared versions: {', '.join(pins)}", flush=True)
            subprocess.run([*pip, "install", "-c", str(constraints), "-e", spec, *_test_tools()], cwd=ROOT,
                           check=True)
        else:
            subprocess.run([*pip, "install", "-e", spec], cwd=ROOT, check=True)
        stamp.write_text(_stamp())
    return py


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
    workers = [] if any(a == "-n" or a.startswith(("-n", "--numprocesses")) for a in rest) else ["-n", "2"]
    tests = subprocess.call([*cov, "run", "-m", "pytest", *workers, "-q", *rest])
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
    if not argv or argv[0] not in ENVS:
        print(__doc__)
        return 2
    kind, rest = argv[0], argv[1:]
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
    elif kind == "coverage":
        return run_coverage(py, rest)
    elif kind == "accelerate":
        cmd = [str(py), str(ROOT / "tools" / "accelerate.py"), *rest]
    elif kind == "lint":
        os.chdir(ROOT)
        ruff = subprocess.call([str(py), "-m", "ruff", "check", "quacks", "tests", "tools", "run.py", *rest])
        return subprocess.call([str(py), "-m", "mypy", "quacks"]) or ruff
    else:
        cmd = [str(py), "-m", "pytest", *rest]
    os.chdir(ROOT)
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

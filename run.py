#!/usr/bin/env python3
"""Set everything up and start the game, or run the tests; each in its own virtual environment.

    python3 run.py play       # .venv with the game installed, then the game
    python3 run.py test       # .venv-test with the game and the test tools, then the test suite
    python3 run.py lint       # the same .venv-test, then ruff and mypy over the code

Anything after the command is passed on (``python3 run.py test -m slow``, ``python3 run.py play scenario F``).
Nothing is installed outside the project folder. Works with Python 3.11+ on Linux, macOS and Windows.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
ENVS = {"play": (".venv", "."), "test": (".venv-test", ".[dev]"), "lint": (".venv-test", ".[dev]")}


def _python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _stamp() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


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
        subprocess.run([*pip, "install", "-e", spec], cwd=ROOT, check=True)
        stamp.write_text(_stamp())
    return py


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

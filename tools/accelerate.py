"""Build (or remove) the optional compiled engine: ``quacks/accel.py``'s modules through mypyc.

    python tools/accelerate.py          # build into build/accel/ (needs mypy's mypyc, a C compiler and
                                        # the Python headers: the dev extra and gcc)
    python tools/accelerate.py --clean  # remove the build: the plain modules run again
    python tools/accelerate.py --status # what the game would load, and why (its modules loaded)

The sources are copied to a temporary folder and compiled there, so the checkout never holds compiled
files next to its sources (a stale one would shadow an edited module). The results go to ``build/accel/``
with a stamp of the sources' hashes and the Python they were built for; ``quacks/accel.py`` loads nothing
that does not match. Run it with the Python that will play (``python3 run.py accelerate`` uses .venv-test).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from quacks import accel  # noqa: E402


def build(out: Path) -> int:
    with tempfile.TemporaryDirectory(prefix="quacks-accel-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT / "quacks", work / "quacks", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        files = [str(accel.source_of(m, work).relative_to(work)) for m in accel.MODULES]
        print(f"[accelerate] compiling {len(files)} modules with mypyc (about a minute) ...", flush=True)
        r = subprocess.run([sys.executable, "-m", "mypyc", *files], cwd=work, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout[-4000:], r.stderr[-4000:], sep="\n", file=sys.stderr)
            print("[accelerate] the build failed; the game goes on with the plain modules", file=sys.stderr)
            return 1
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        modules: dict[str, dict[str, str]] = {}
        suffix = accel.importlib.machinery.EXTENSION_SUFFIXES[0]
        for so in sorted(work.rglob("*" + suffix)):
            rel = so.relative_to(work)
            if rel.parts[0] == "build":
                continue  # setuptools' intermediate copies
            (out / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(so, out / rel)
            name = ".".join(rel.with_name(rel.name[: -len(suffix)]).parts)
            entry = {"file": rel.as_posix()}
            if name in accel.MODULES:
                entry["source_sha256"] = accel.source_hash(name)
            modules[name] = entry
        missing = set(accel.MODULES) - set(modules)
        if missing:
            print(f"[accelerate] mypyc made no module for {sorted(missing)}", file=sys.stderr)
            return 1
        stamp = {"python": accel.python_tag(), "modules": modules}
        (out / accel.STAMP).write_text(json.dumps(stamp, indent=1), encoding="utf-8")
    status = loaded(out)
    print(f"[accelerate] {out}: {status['reason']}")
    return 0 if status["active"] else 1


def loaded(out: Path) -> dict[str, object]:
    """What a game started with ``QUACKS_ACCEL=1`` makes of the build in ``out``: its stamp checked and its
    modules loaded (in a process of its own: a damaged module must not stop this one)."""
    code = "import json, quacks.accel as a; print(json.dumps(a.status().summary()))"
    env = {**os.environ, "QUACKS_ACCEL": "1", "QUACKS_ACCEL_DIR": str(out)}
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    try:
        result: dict[str, object] = json.loads(r.stdout)
        return result
    except ValueError:
        return {"active": False, "reason": f"the build cannot be loaded (exit code {r.returncode}): "
                                           f"{r.stderr.strip()[-500:]}", "modules": []}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--clean", action="store_true", help="remove the build")
    ap.add_argument("--status", action="store_true", help="say whether the build would be loaded")
    ap.add_argument("--out", type=Path, default=accel.build_dir(), help="where the build goes")
    a = ap.parse_args(argv)
    if a.clean:
        shutil.rmtree(a.out, ignore_errors=True)
        print(f"[accelerate] removed {a.out}")
        return 0
    if a.status:
        print(json.dumps(loaded(a.out)))
        return 0
    return build(a.out)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

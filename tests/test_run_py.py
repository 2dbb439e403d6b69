"""``run.py``: the lowest-versions environment installs exactly the lower bounds pyproject.toml declares."""

from __future__ import annotations

import importlib.util
import re
import tomllib
from pathlib import Path

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
    assert len(pins) == len(deps) == 3
    for dep, pin in zip(deps, pins, strict=True):
        name, low = re.fullmatch(r"([A-Za-z0-9_.-]+)>=(\S+)", dep.replace(" ", "")).groups()  # type: ignore[union-attr]
        assert pin == f"{name}=={low}"
    assert {p.split("==")[0].lower() for p in pins} == {"pygame-ce", "pyyaml", "platformdirs"}
    assert [t.split(">")[0] for t in run._test_tools()] == ["pytest", "pytest-xdist", "hypothesis"]


def test_ci_runs_the_lowest_versions_and_requires_the_end_to_end_tests() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 run.py test\n" in ci and "python3 run.py test-lowest" in ci
    assert "export QUACKS_REQUIRE_E2E=1" in ci
    assert "|| echo" not in ci and "|| true" not in ci  # a failed install stops CI

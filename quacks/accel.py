"""The optional compiled engine (issue 12, item 3): the engine's hottest modules built with mypyc.

The game never needs it: the modules below are plain Python, and they are what runs unless it is asked for
(``QUACKS_ACCEL=1``) and a build made by ``python3 run.py accelerate`` (``tools/accelerate.py``) sits in
``build/accel/`` beside the package, made from exactly these sources for this Python. Then a finder loads
the compiled modules in their place, and ``simulate``, ``tournament`` and the bots run about twice as fast
with the same results (CI runs the fingerprint, scenario and engine tests against the build).

It is asked for, not automatic: compiled code checks the declared types at run time (a list where a tuple is
declared is a TypeError), and the game a player runs stays the plain one the whole test suite covers. A
build from other sources (the code changed since) or for another Python is never loaded, nor one whose
modules will not load (a damaged file under a sound stamp): the plain modules run and ``status()`` (and, for a
damaged build, the log) says why. ``QUACKS_ACCEL_DIR`` points at a build elsewhere.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from .resources import ReadError, read_bytes

# The compiled set: the whole ``quacks.rules`` package (issue 20: the effect classes read their parameters into
# declared attributes, none set from data) but ``config``, with the match loop and the bots Normal and Easy.
# ``config`` stays plain: mypyc folds the type ``bool | int`` of a house switch's value into ``int``, so a yes/no
# switch would read 1/0 and fail its own check; it is read once when a game is set up, never per step. Three
# of mypyc's limits shaped the sources (each with a comment there): a dataclass field annotated ``object`` or with
# a name imported only for type checking fails to load (``params.Param.default``, ``catalogue``'s effects), an
# Enum's ``.value`` is not ready while its module is set up (``chips`` reads ``_value_``), and a class with
# ``__lt__`` but no ``__hash__`` loses its hash (``Chip`` declares it). Adding a module: it must compile, load
# and keep the fingerprints (CI runs them against the build).
MODULES = (
    "quacks.rules.game",
    "quacks.rules.brewing",
    "quacks.rules.bag",
    "quacks.rules.state",
    "quacks.rules.chance",
    "quacks.rules.fast",
    "quacks.rules.round_flow",
    "quacks.rules.decisions",
    "quacks.rules.registry",
    "quacks.rules.effects",
    "quacks.rules.books",
    "quacks.rules.fortunes",
    "quacks.rules.chips",
    "quacks.rules.options",
    "quacks.rules.params",
    "quacks.rules.catalogue",
    "quacks.rules.actions",
    "quacks.rules.kinds",
    "quacks.rules.events",
    "quacks.rules.snapshot",
    "quacks.rules.replay",
    "quacks.rules.foresight",
    "quacks.session.match",
    "quacks.session.seeding",  # LazyRandom holds its random.Random: a compiled subclass of the C type is not sound
    "quacks.ai.base",
    "quacks.ai.normal",
    "quacks.ai.odds",
    "quacks.ai.simple",  # Easy is a Normal: a compiled class cannot have a plain subclass
)
STAMP = "stamp.json"
PACKAGE_ROOT = Path(__file__).resolve().parent.parent


def source_of(module: str, root: Path = PACKAGE_ROOT) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def source_hash(module: str, root: Path = PACKAGE_ROOT) -> str:
    return hashlib.sha256(read_bytes(source_of(module, root), limit=4 << 20)).hexdigest()


def build_dir() -> Path:
    return Path(os.environ.get("QUACKS_ACCEL_DIR") or PACKAGE_ROOT / "build" / "accel")


def python_tag() -> str:
    return f"{sys.implementation.cache_tag}-{sys.platform}-{importlib.machinery.EXTENSION_SUFFIXES[0]}"


@dataclass
class Status:
    active: bool = False
    reason: str = "not built (python3 run.py accelerate)"
    modules: dict[str, Path] = field(default_factory=dict)  # module name -> compiled file, helper lib included

    def summary(self) -> dict[str, Any]:
        return {"active": self.active, "reason": self.reason,
                "modules": sorted(m for m in self.modules if m in MODULES)}


def check(directory: Path | None = None, root: Path = PACKAGE_ROOT) -> Status:
    """Whether the build in ``directory`` may be loaded: made for this Python from the current sources."""
    d = build_dir() if directory is None else directory
    if not (d / STAMP).exists():
        return Status()
    try:
        stamp = json.loads(read_bytes(d / STAMP, limit=1 << 20))
        if stamp.get("python") != python_tag():
            return Status(reason=f"built for another Python ({stamp.get('python')})")
        files: dict[str, Path] = {}
        for name, entry in stamp["modules"].items():
            if name in MODULES and entry["source_sha256"] != source_hash(name, root):
                return Status(reason=f"built from older sources ({name} changed): build it again")
            path = d / entry["file"]
            if not path.is_file():
                return Status(reason=f"incomplete build ({entry['file']} is missing)")
            files[name] = path
        if set(MODULES) - set(files):
            return Status(reason="built for another set of modules: build it again")
    except (ReadError, OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        return Status(reason=f"unreadable build stamp ({e})")
    return Status(active=True, reason="compiled", modules=files)


class _Loader(importlib.machinery.ExtensionFileLoader):
    """Loads a compiled module and notes in ``failed`` the one that could not be loaded."""

    def __init__(self, fullname: str, path: str, failed: list[str]) -> None:
        super().__init__(fullname, path)
        self.failed = failed

    def create_module(self, spec: Any) -> Any:
        try:
            return super().create_module(spec)
        except BaseException:
            self.failed.append(self.name)
            raise


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, modules: dict[str, Path]) -> None:
        self.modules = modules
        self.failed: list[str] = []  # the compiled modules that would not load

    def find_spec(self, fullname: str, path: Any = None, target: ModuleType | None = None) -> Any:
        file = self.modules.get(fullname)
        if file is None:
            return None
        loader = _Loader(fullname, str(file), self.failed)
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


_STATUS: Status | None = None


def asked() -> bool:
    return os.environ.get("QUACKS_ACCEL", "") not in ("", "0")


def install() -> Status:
    """Load the compiled modules from now on if asked and the build may be used (once; then says what was done).

    The compiled modules are all imported at once, here: if one of them cannot be (a damaged or truncated file
    whose stamp still matches, a helper library that will not load), none is used, the plain modules run and
    the log says why. Half a build is never used: a compiled class cannot have a plain subclass.
    """
    global _STATUS
    if _STATUS is None:
        _STATUS = check()
        if not asked():
            _STATUS = Status(reason="not asked for (QUACKS_ACCEL=1)" if _STATUS.active else _STATUS.reason)
        if _STATUS.active and not any(m in sys.modules for m in MODULES):
            _STATUS = _load_all(_STATUS)
        elif _STATUS.active:
            _STATUS = Status(reason="the plain modules were imported first")
    return _STATUS


def _load_all(status: Status) -> Status:
    """Import every compiled module of ``status``; on any failure undo it all (the finder and every module the
    attempt imported) and say so in the log: the plain modules are imported in their place later."""
    finder = _Finder(status.modules)
    before = set(sys.modules)
    sys.meta_path.insert(0, finder)
    module = ""
    try:
        for module in MODULES:
            importlib.import_module(module)
        return status
    except Exception as e:  # noqa: BLE001 - ImportError, but a broken module may raise anything while it loads
        sys.meta_path.remove(finder)
        for loaded in set(sys.modules) - before:
            if loaded.startswith("quacks.") or loaded in status.modules:
                del sys.modules[loaded]
        failed = finder.failed[0] if finder.failed else module
        reason = f"damaged build ({failed}: {type(e).__name__}: {e}); build it again (python3 run.py accelerate)"

        logging.getLogger("quacks").warning("the compiled engine in %s cannot be used, so the plain modules run: "
                                            "%s", build_dir(), reason)
        return Status(reason=reason)


def status() -> Status:
    return install()


def is_compiled(module: ModuleType) -> bool:
    return not str(getattr(module, "__file__", "")).endswith(".py")

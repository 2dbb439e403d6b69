"""What build_installer.spec leaves out of the bundle, checked without building it (the built bundle:
tests/packaging/test_bundle.py, slow): every module that needs a developer command is left out with it
(the package ``quacks.devtools``, and nothing of the game imports it), and the program's icon files are no data
files of the bundle or the wheel."""

from __future__ import annotations

import ast
from pathlib import Path

from quacks import cli

ROOT = Path(__file__).resolve().parents[2]


def spec_list(name: str) -> list[str]:
    """A list of strings assigned at the top of build_installer.spec."""
    tree = ast.parse((ROOT / "build_installer.spec").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            value = ast.literal_eval(node.value)
            assert isinstance(value, list)
            return value
    raise AssertionError(f"build_installer.spec has no {name}")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every quacks module ``path`` imports, at the top or inside a function (``from . import x`` counts x)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)] if node.level else []
            target = ".".join([*base, *(node.module.split(".") if node.module else [])])
            out.add(target)
            out |= {f"{target}.{a.name}" for a in node.names}
    return {m for m in out if m == "quacks" or m.startswith("quacks.")}


def is_dev(name: str, dev: list[str]) -> bool:
    return any(name == d or name.startswith(d + ".") for d in dev)


def test_every_module_that_needs_a_developer_command_is_left_out_with_it() -> None:
    """The spec leaves out the package ``quacks.devtools`` whole; every developer command of quacks/cli.py lives in
    it, and no module of the game imports anything of it (the bundle would miss it at run time)."""
    dev = spec_list("DEV_MODULES")
    assert dev == ["quacks.devtools"]
    assert all(is_dev(m, dev) for m in cli.DEV_COMMANDS.values()), "a developer command would be in the bundle"
    modules = {module_name(p): p for p in (ROOT / "quacks").rglob("*.py")}
    assert {m for m in modules if is_dev(m, dev)} >= set(cli.DEV_COMMANDS.values())
    for name, path in sorted(modules.items()):
        needs = sorted(m for m in imports(path) if is_dev(m, dev))
        if needs and not is_dev(name, dev):
            raise AssertionError(f"{name} imports {needs}, which the bundle leaves out: move it into quacks/devtools "
                                 "(or stop importing them)")
    spec = (ROOT / "build_installer.spec").read_text(encoding="utf-8")
    assert 'filter=lambda name: not is_dev_module(name)' in spec and "excludes=DEV_MODULES + UNUSED" in spec


def test_the_import_reader_resolves_relative_imports() -> None:
    found = imports(ROOT / "quacks" / "devtools" / "bench_engine.py")
    assert {"quacks.devtools.bench_groups", "quacks.devtools.tournament", "quacks.accel",
            "quacks.content.loader"} <= found


def test_the_program_icons_are_no_game_assets() -> None:
    """quacks.ico and quacks.icns only become the Windows program's and the macOS app's icon (the spec's ICON);
    assets/ goes whole into the wheel and the bundle, so they live in packaging/icons/."""
    assert not [p for p in (ROOT / "assets").rglob("*") if p.suffix in (".ico", ".icns")]
    assert (ROOT / "packaging" / "icons" / "quacks.ico").is_file()
    assert (ROOT / "packaging" / "icons" / "quacks.icns").is_file()
    spec = (ROOT / "build_installer.spec").read_text(encoding="utf-8")
    assert 'ICONS = ROOT / "packaging" / "icons"' in spec

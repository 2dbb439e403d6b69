"""One way to open a screen (issue 31, ``quacks/ui/screens.py``): every name leads to a scene class, a name that
leads nowhere is a loud error, and the doors open, replace and go back as the app's stack does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from quacks.ui import screens
from quacks.ui.scene import Scene
from quacks.ui.screens import Screen, ScreenNotFound, back_to, is_screen, open_scene, replace_scene, scene_class

from .driver import Driver

UI = Path(__file__).resolve().parents[2] / "quacks" / "ui"


@pytest.mark.parametrize("screen", list(Screen), ids=lambda s: s.name)
def test_every_screen_names_a_scene_class(screen: Screen) -> None:
    cls = scene_class(screen)
    assert isinstance(cls, type) and issubclass(cls, Scene)
    assert cls.__name__ == screen.value.partition(":")[2]


def test_a_name_that_leads_nowhere_is_a_loud_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Gone:
        name = "GONE"
        value = "scenes.title:NoSuchScene"

    with pytest.raises(ScreenNotFound, match="GONE"):
        scene_class(Gone())  # type: ignore[arg-type]


def test_the_doors_open_replace_and_go_back(driver: Driver) -> None:
    app = driver.app
    assert is_screen(driver.scene, Screen.TITLE)
    rules = open_scene(app, Screen.RULES)
    assert driver.scene is rules and len(app.scenes) == 2
    stats = replace_scene(app, Screen.STATS)
    assert driver.scene is stats and rules not in app.scenes and len(app.scenes) == 2
    back_to(app, Screen.TITLE)
    assert is_screen(driver.scene, Screen.TITLE) and len(app.scenes) == 1


def test_no_window_module_builds_another_screens_scene_by_name() -> None:
    """A scene class is named only in its own module (and its family's), never built or imported by another
    screen: ``TitleScene(``, ``from .newgame import NewGameScene`` and the like go through the registry."""
    homes = {m.value.partition(":")[2]: m.value.partition(":")[0] for m in Screen}
    found = []
    for path in UI.rglob("*.py"):
        module = ".".join(path.relative_to(UI).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in homes \
                    and homes[node.func.id] != module and module != "screens":
                found.append(f"{module}:{node.lineno} builds {node.func.id}")
    assert found == []


def test_the_registry_imports_no_screen() -> None:
    tree = ast.parse(Path(screens.__file__).read_text(encoding="utf-8"))
    imported = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and (n.module or "").startswith("scenes")]
    assert imported == []

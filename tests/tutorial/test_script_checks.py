"""check-data reads the guided game's script too (issue 18 §4): a ``books`` the data has no set of, an unknown
trigger, target or wait, a text that cannot be drawn or names a placeholder the coach does not fill, a name
with a control character: each is an error naming data/tutorial.yaml and the field, and "Learn to play" with
such a script says so instead of stopping the game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from quacks.content.loader import default_catalogue
from quacks.datacheck import check_data
from quacks.resources import data_dir
from quacks.tutorial.coach import Coach
from quacks.tutorial.script import KEY_FIELDS, TEXT_FIELDS, ScriptError, load_script


@pytest.fixture()
def data(tmp_path: Path) -> Path:
    d = tmp_path / "data"
    shutil.copytree(data_dir(), d)
    return d


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def errors_of(folder: Path) -> list[str]:
    return [str(e) for e in check_data(folder)]


@pytest.mark.parametrize("old,new,expect", [
    ("  books: 1\n", "  books: 7\n", "data/tutorial.yaml game.books: the green, blue, red, yellow, purple book(s) "
                                     "of the data have no set 7"),
    ("  books: 1\n", "  books: 0\n", "data/tutorial.yaml game.books: must be the number of a set of books, 1 to 9"),
    ("  books: 1\n", "  books: true\n", "data/tutorial.yaml game.books: must be the number"),
    ("  books: 1\n", "  books: 1\n  board: big\n", "data/tutorial.yaml game: unknown field 'board'"),
    ("  you: You\n", '  you: "Y\\0ou"\n', "data/tutorial.yaml game.you: a name cannot contain U+0000"),
    ("level: easy}", "level: godlike}", "data/tutorial.yaml game.opponent.level: unknown level 'godlike'"),
    ("when: {kind: start}", "when: {kind: moon}", "data/tutorial.yaml step welcome.when: unknown trigger 'moon'"),
    ("decision: brew}", "decision: juggle}", "data/tutorial.yaml step draw.when.decision: unknown decisionkind"),
    ("    target: pot\n", "    target: sky\n", "data/tutorial.yaml step welcome.target: unknown target 'sky'"),
    ("    wait: ok\n", "    wait: later\n", "data/tutorial.yaml step welcome.wait: unknown wait 'later'"),
    ("step: books}", "step: nowhere}", "data/tutorial.yaml step shop.when.step: after names no step 'nowhere'"),
    ("Welcome to Quedlinburg!", "Welcome to \u202eQuedlinburg!", "step welcome.text: holds U+202E"),
    ("Welcome to Quedlinburg!", "Welcome to {score}!", "step welcome.text: names {score}, which the guided game "
                                                         "does not fill"),
    ("Welcome to Quedlinburg!", "Welcome {to Quedlinburg!", "step welcome.text: has a { or } that opens"),
    ("Welcome to Quedlinburg!", "Welcome to Quedlinburg!" + " Quack!" * 150, "step welcome.text: is 1"),
    ("Welcome to Quedlinburg!", "Welcome to " + "Q" * 19_000, "step welcome.text: has a word of 19000"),
    ("Welcome to Quedlinburg!", "Welcome to " + "Q" * 41, "step welcome.text: has a word of 41 characters"),
    ("  - id: draw\n", "  - id: welcome\n", "data/tutorial.yaml steps[3].id: step 'welcome' appears twice"),
    # the triggers of issue 19: a risk of some or all chips, a chance of a known kind
    ("chips: some}", "chips: many}", "data/tutorial.yaml step stop.when.chips: must be one of some, all"),
    ("chance: die}", "chance: dice}", "data/tutorial.yaml step bonus-die.when.chance: unknown chancekind 'dice'"),
    ("{kind: risk, chips: some}", "{kind: risk}", "data/tutorial.yaml step stop.when: risk needs 'chips'"),
    # the lessons: every step in exactly one, in the script's order, each lesson's words drawable
    ("    steps: [flask]\n", "    steps: [flask, nowhere]\n", "data/tutorial.yaml lesson flask.steps: names no step "
                                                               "'nowhere'"),
    ("    steps: [flask]\n", "    steps: [flask, draw]\n", "data/tutorial.yaml lesson flask.steps: step 'draw' is in "
                                                            "lesson 'brewing' already"),
    ("    steps: [scoring, bonus-die]\n", "    steps: [bonus-die, scoring]\n",
     "data/tutorial.yaml lesson scoring.steps: must list its steps in the script's order"),
    ("    steps: [books-out]\n", "    steps: [round-9]\n", "data/tutorial.yaml step books-out: is in no lesson"),
    ("    title: Rubies\n", "    title: \"{rubies}\"\n", "data/tutorial.yaml lesson rubies.title: has a { or }"),
    ("    about: A droplet step or a full flask.\n", "    about: \"\"\n",
     "data/tutorial.yaml lesson rubies.about: needs a text"),
    ("  - id: rubies\n    title:", "  - id: flask\n    title:", "data/tutorial.yaml lessons[8].id: lesson 'flask' "
                                                               "appears twice"),
])
def test_check_data_checks_the_guided_games_script(data: Path, old: str, new: str, expect: str) -> None:
    path = data / "tutorial.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = errors_of(data)
    assert any(expect in e for e in errors), errors


def test_a_missing_or_unreadable_script_is_an_error(data: Path) -> None:
    (data / "tutorial.yaml").unlink()
    assert errors_of(data) == ["data/tutorial.yaml: file is missing; restore it from the game's data folder"]
    (data / "tutorial.yaml").write_text("steps: [1, 2\n", encoding="utf-8")
    assert "data/tutorial.yaml: is not valid YAML" in errors_of(data)[0]


def test_the_check_data_command_fails_on_a_bad_script(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from quacks.cli import main

    assert main(["check-data", str(data)]) == 0
    replace(data / "tutorial.yaml", "  books: 1\n", "  books: 7\n")
    assert main(["check-data", str(data)]) == 1
    assert "data/tutorial.yaml game.books" in capsys.readouterr().err


def test_the_games_own_script_passes_and_the_coach_fills_every_field() -> None:
    script = load_script()
    assert check_data() == []
    step = script.steps[0]
    every = " ".join("{" + f + "}" for f in TEXT_FIELDS)
    keys = {k: f"<{k}>" for k in KEY_FIELDS}
    text = Coach.text(type(step)(step.id, step.when, step.target, step.wait, every), default_catalogue(), "Ada", keys)
    assert "{" not in text and "Ada" in text and all(f"<{k}>" in text for k in KEY_FIELDS)
    with pytest.raises(KeyError, match="key_draw"):
        Coach.text(step, default_catalogue(), "Ada", {})


def test_learn_to_play_with_a_set_the_data_lacks_says_so(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The script is checked against the game's data before the game is built (it stopped the game before)."""
    replace(data / "tutorial.yaml", "  books: 1\n", "  books: 7\n")
    monkeypatch.setattr("quacks.resources.data_dir", lambda: data)
    with pytest.raises(ScriptError) as err:
        load_script()
    assert err.value.problems == [("game.books", "the green, blue, red, yellow, purple book(s) of the data have no "
                                                 "set 7")]


def test_learn_to_play_on_the_title_with_books_7(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from quacks.ui import flows
    from quacks.ui.app import App
    from quacks.ui.scenes.title import TitleScene

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path / "home"))
    replace(data / "tutorial.yaml", "  books: 1\n", "  books: 7\n")
    monkeypatch.setattr("quacks.resources.data_dir", lambda: data)
    app = App(size=(960, 540))
    app.push(TitleScene(app))
    assert flows.start_tutorial(app) == ("The guided game cannot start: its script is damaged (details in the "
                                         "log).")
    assert isinstance(app.scenes[-1], TitleScene)

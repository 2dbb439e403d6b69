"""Every number and name of a save or replay is checked against a scenario's ranges before a game is built
(issue 18 §4): a seat colour outside the four used to pass and then stop Continue, Load and Watch at every
start; a start score of 10**9 made the rat tails count for minutes (one loop per 50-VP lap)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from quacks.rules.catalogue import Catalogue
from quacks.rules.config import MAX_COUNT, SeatSetup, config_problems
from quacks.scenario import ScenarioError, check_against, parse_scenario
from quacks.session.match import HUMAN
from quacks.storage import paths, replays, saves
from quacks.storage.files import StorageError

from .conftest import make_match, play

Edit = Callable[[dict[str, Any]], None]


def _state(seat: int, **values: Any) -> Edit:
    def edit(setup: dict[str, Any]) -> None:
        setup["game"].setdefault("setup", {})[str(seat)] = values
    return edit


def _set(key: str, value: Any) -> Edit:
    def edit(setup: dict[str, Any]) -> None:
        setup[key] = value
    return edit


def _colour(value: Any) -> Edit:
    def edit(setup: dict[str, Any]) -> None:
        setup["seats"][1]["colour"] = value
    return edit


def _game(key: str, value: Any) -> Edit:
    def edit(setup: dict[str, Any]) -> None:
        setup["game"][key] = value
    return edit


def _renamed(setup: dict[str, Any]) -> None:
    setup["seats"][1]["name"] = "Someone else"


BAD: dict[str, tuple[Edit, str]] = {
    "colour red": (_colour("red"), "colour"),
    "colour empty": (_colour(""), "colour"),
    "score 10**9": (_state(0, score=10**9), "score"),
    "score 1000": (_state(1, score=MAX_COUNT + 1), "score"),
    "negative rubies": (_state(0, rubies=-1), "rubies"),
    "score as text": (_state(0, score="12"), "score"),
    "score true": (_state(0, score=True), "score"),
    "droplet past the pot": (_state(0, droplet=99), "droplet"),
    "tube past the tubes": (_state(0, tube=99), "tube"),
    "a million chips in the bag": (_state(0, bag={"white-1": 10**6}), "bag"),
    "a supply of 10**9": (_game("supply", {"white-1": 10**9}), "supply"),
    "a seat that is not there": (_state(7, score=3), "seat"),
    "a seed as text": (_set("seed", "12"), "seed"),
    "the seats and the game disagree": (_renamed, "disagree"),
}


def spoilt(edit: Edit, first_round: int = 1) -> dict[str, Any]:
    """A real save (2 human turns in), its setup edited by hand."""
    doc = saves.make_document(play(make_match((HUMAN, "easy"), first_round=first_round), 2))
    edit(doc["match"]["setup"])
    return doc


def write(p: Path, doc: dict[str, Any]) -> Path:
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(json.dumps(doc), encoding="utf-8")
    return p


@pytest.mark.parametrize("case", sorted(BAD))
def test_continue_load_and_watch_refuse_a_number_or_name_out_of_range(base: Path, tmp_path: Path, cat: Catalogue,
                                                                       case: str) -> None:
    edit, word = BAD[case]
    doc = spoilt(edit)
    auto = write(paths.autosave_path(base), doc)
    write(saves.slot_path("hand-edited", base), doc)
    replay = write(tmp_path / f"{case}.quacks-replay.json", {**doc, "kind": saves.REPLAY_KIND})
    for loaded in (saves.load_autosave(base, cat), saves.load_slot("hand-edited", base, cat),
                   replays.import_replay(replay, cat)):
        assert loaded.value is None
        (problem,) = loaded.problems
        assert problem.kind == "invalid" and word in problem.message
    assert not auto.exists() and replay.exists()  # a bad autosave is kept aside; the player's own file stays put
    with pytest.raises(StorageError, match=word):
        replays.import_replay_file(replay, base, cat)
    assert not paths.replays_dir(base).exists() or not list(paths.replays_dir(base).iterdir())


def test_a_start_score_of_10_to_the_9_is_refused_at_once_not_counted_lap_by_lap(base: Path, tmp_path: Path,
                                                                               cat: Catalogue) -> None:
    # from round 2 on, the rat tails between the seats are counted at the start of every round
    doc = spoilt(_state(0, score=10**9), first_round=2)
    write(paths.autosave_path(base), doc)
    replay = write(tmp_path / "big.quacks-replay.json", {**doc, "kind": saves.REPLAY_KIND})
    t0 = time.monotonic()
    assert saves.load_autosave(base, cat).value is None
    assert replays.import_replay(replay, cat).value is None
    with pytest.raises(StorageError, match="score"):
        replays.import_replay_file(replay, base, cat)
    assert time.monotonic() - t0 < 5


def test_the_highest_numbers_a_scenario_allows_still_load(base: Path, cat: Catalogue) -> None:
    edge = SeatSetup(score=MAX_COUNT, rubies=MAX_COUNT, droplet=cat.pot.last - 10, tube=len(cat.tubes))
    m = play(make_match((HUMAN, "easy"), first_round=2, setup={0: edge}), 2)
    write(saves.slot_path("edge", base), saves.make_document(m))
    loaded = saves.load_slot("edge", base, cat)
    assert loaded.problems == [] and loaded.value is not None


def test_scenarios_and_saves_share_one_home_for_the_ranges(cat: Catalogue) -> None:
    sc = parse_scenario({"setup": {"seats": ["Ann", "Bob"], "state": {"Ann": {"droplet": cat.pot.last + 1}}}})
    problems = config_problems(sc.config, cat)
    assert problems == [f"setup.0.droplet must be 0-{cat.pot.last} (R6)"]
    with pytest.raises(ScenarioError, match=rf"setup.state.Ann.droplet must be 0-{cat.pot.last} \(R6\)"):
        check_against(sc, cat)

"""Replay files and the replay cursor."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quacks.rules.catalogue import Catalogue
from quacks.rules.replay import replay
from quacks.rules.snapshot import fingerprint
from quacks.session.match import HUMAN, Match
from quacks.storage import replays
from quacks.storage.files import BadDataError

from .conftest import finish, make_match


@pytest.fixture(scope="module")
def done() -> Match:
    return finish(make_match((HUMAN, "normal", "easy"), seed=21))


def state_at(cat: Catalogue, m: Match, i: int) -> dict[str, object]:
    return fingerprint(replay(cat, m.setup.game, m.game.record[:i]))


def test_export_and_import(tmp_path: Path, done: Match) -> None:
    path = replays.export_replay(done, tmp_path / "my game", {"title": "a close one"})
    assert path.name == "my game.quacks-replay.json"
    doc = json.loads(path.read_text())
    assert doc["kind"] == "quacks-replay" and doc["schema"] == 2 and doc["meta"]["title"] == "a close one"
    loaded = replays.import_replay(path)
    assert loaded.problems == [] and loaded.value is not None and loaded.value.kind == "quacks-replay"
    assert fingerprint(loaded.value.to_match().game) == fingerprint(done.game)
    assert replays.export_replay(done.to_data(), path) == path  # exporting again keeps the old file as .bak
    assert (tmp_path / "my game.quacks-replay.json.bak").exists()


def test_suggested_path_is_in_the_replays_folder(base: Path, done: Match) -> None:
    p = replays.suggest_replay_path(done, base)
    assert p.parent == base / "data" / "replays" and p.name.endswith("Ann-Bob-Cid.quacks-replay.json")


def test_importing_a_bad_file_reports_it_and_leaves_it_alone(tmp_path: Path, done: Match) -> None:
    path = replays.export_replay(done, tmp_path / "x")
    doc = json.loads(path.read_text())
    doc["match"]["record"][5] = ["act", 0, "fly"]
    raw = json.dumps(doc).encode()
    path.write_bytes(raw)
    loaded = replays.import_replay(path)
    assert loaded.value is None and "record entry 5" in loaded.problems[0].message
    assert path.read_bytes() == raw and sorted(p.name for p in tmp_path.iterdir()) == [path.name]
    missing = replays.import_replay(tmp_path / "nope.quacks-replay.json")
    assert missing.value is None and missing.problems[0].kind == "missing"
    settings_like = tmp_path / "s.json"
    settings_like.write_text('{"schema": 1, "volume": 0.5}')
    assert '"kind"' in replays.import_replay(settings_like).problems[0].message


def test_cursor_gives_the_state_at_every_step(cat: Catalogue, done: Match) -> None:
    c = replays.ReplayCursor(cat, done.to_data(), snapshot_every=50)
    n = c.length
    assert n == len(done.game.record) > 100 and c.at_end
    assert fingerprint(c.game) == fingerprint(done.game)
    for i in (0, 1, 49, 50, 51, 137, n - 1, n):
        assert fingerprint(c.seek(i)) == state_at(cat, done, i), i
    c.seek(60)
    assert fingerprint(c.forward()) == state_at(cat, done, 61)
    assert fingerprint(c.back(3)) == state_at(cat, done, 58)
    assert c.index == 58
    assert c.back(10_000) is c.game and c.at_start
    assert c.forward(10_000) is c.game and c.at_end


def test_cursor_jumps_to_rounds(cat: Catalogue, done: Match) -> None:
    c = replays.ReplayCursor(cat, done.to_data())
    rounds = c.rounds()
    assert sorted(rounds) == list(range(1, 10)) and rounds[1] == 0
    for r in (1, 4, 9):
        g = c.jump_to_round(r)
        assert g.round == r and c.index == rounds[r]
        if r > 1:
            assert fingerprint(c.back()) == state_at(cat, done, rounds[r] - 1) and c.game.round == r - 1
    assert c.round_start(0) == 0 and c.round_start(12) == c.length


def test_cursor_on_an_unfinished_game_and_a_late_start(cat: Catalogue) -> None:
    m = make_match(("easy", "easy"), seed=5, first_round=6)
    for _ in range(60):
        m.advance()
    c = replays.ReplayCursor.from_saved(
        replays.SavedGame("quacks-replay", m.to_data(), {}, "", 2), cat)
    assert min(c.rounds()) == 6 and c.length == len(m.game.record) > 20
    assert fingerprint(c.game) == fingerprint(m.game)


def test_cursor_reports_a_bad_record(cat: Catalogue, done: Match) -> None:
    data = done.to_data()
    data["record"][3] = ["act", 0, "fly"]
    with pytest.raises(BadDataError, match="record entry 3"):
        replays.ReplayCursor(cat, data)

"""Autosave and save slots: exact round trip, bad and hand-edited files, old and future versions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from quacks.content.loader import default_catalogue
from quacks.rules.catalogue import Catalogue
from quacks.rules.snapshot import fingerprint
from quacks.session.match import HUMAN, Match
from quacks.storage import paths, saves
from quacks.storage.files import StorageError, backup_path

from .conftest import finish, make_match, play


def kept_files(folder: Path, name: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-"))


def same_future(a: Match, b: Match, steps: int = 40) -> None:
    """Both matches go on identically (same human choices, same bots and chance)."""
    for _ in range(steps):
        if a.over:
            break
        assert a.need() == b.need()
        for seat in a.need().seats:
            act = a.game.legal_actions(seat)[0]
            a.submit(seat, act)
            b.submit(seat, act)
        a.run_until_human()
        b.run_until_human()
        assert fingerprint(a.game) == fingerprint(b.game)


def test_autosave_round_trips_to_an_identical_game_mid_tick(base: Path, midgame: Match) -> None:
    m = midgame
    seats = m.need().seats
    assert len(seats) == 2
    m.submit(seats[0], "draw")  # half a stir tick: one seat decided, the other not
    assert saves.autosave(m, {"note": "x"}, base) == []
    loaded = saves.load_autosave(base)
    assert loaded.problems == [] and loaded.value is not None
    saved = loaded.value
    assert saved.meta["note"] == "x" and saved.meta["seats"] == ["Ann", "Bob", "Cid"]
    assert saved.meta["round"] == m.game.round and saved.meta["phase"] == m.game.phase
    again = saved.to_match()
    assert fingerprint(again.game) == fingerprint(m.game)
    assert again.tick == m.tick and again.need() == m.need()
    other = saved.to_match(default_catalogue())  # a second Match, replayed afresh
    assert fingerprint(other.game) == fingerprint(m.game)
    same_future(m, again)


def test_match_data_also_works_as_input(base: Path, midgame: Match) -> None:
    saves.autosave(midgame.to_data(), {"round": 2}, base)
    saved = saves.load_autosave(base).value
    assert saved is not None and saved.meta["round"] == 2
    assert fingerprint(saved.to_match().game) == fingerprint(midgame.game)


def test_document_layout(base: Path, midgame: Match) -> None:
    saves.autosave(midgame, None, base)
    doc = json.loads(paths.autosave_path(base).read_text())
    assert set(doc) == {"schema", "kind", "saved_at", "meta", "match"}
    assert doc["schema"] == 2 and doc["kind"] == "quacks-save"
    assert doc["match"] == json.loads(json.dumps(midgame.to_data()))


def test_no_autosave_is_quiet_and_clear_removes_it(base: Path, midgame: Match) -> None:
    assert saves.load_autosave(base).value is None and saves.load_autosave(base).problems == []
    saves.autosave(midgame, None, base)
    saves.autosave(midgame, None, base)
    saves.clear_autosave(base)
    loaded = saves.load_autosave(base)
    assert loaded.value is None and loaded.problems == []


def test_slots_list_load_overwrite_and_delete(base: Path, midgame: Match) -> None:
    saves.save_slot("Tuesday night", midgame, base=base)
    play(midgame, 3)
    saves.save_slot("  Friday   / 2  ", midgame, base=base)
    saves.save_slot("Friday / 2", midgame, base=base)  # same slot again: the earlier one becomes its backup
    infos = saves.list_slots(base)
    assert sorted(i.name for i in infos) == ["Friday / 2", "Tuesday night"]
    for i in infos:
        assert i.problem is None and i.seats == ("Ann", "Bob", "Cid") and i.round and i.phase and i.when
    friday = [i for i in infos if i.name == "Friday / 2"][0]
    assert backup_path(friday.path).exists()
    loaded = saves.load_slot(friday, base)
    assert loaded.value is not None
    assert fingerprint(loaded.value.to_match().game) == fingerprint(midgame.game)
    assert saves.load_slot("Tuesday night", base).value is not None
    saves.delete_slot("Friday / 2", base)
    assert [i.name for i in saves.list_slots(base)] == ["Tuesday night"]
    assert not backup_path(friday.path).exists()
    missing = saves.load_slot("Friday / 2", base)
    assert missing.value is None and missing.problems[0].kind == "missing"


@pytest.mark.parametrize("name", ["", "   ", "a" * 61, "bell\x07", "nul\x00"])
def test_bad_slot_names_are_refused(base: Path, midgame: Match, name: str) -> None:
    with pytest.raises(StorageError):
        saves.save_slot(name, midgame, base=base)
    assert saves.load_slot(name, base).problems


def test_every_save_keeps_its_own_file(base: Path) -> None:
    """Issue 18: a save is named by round and seats, so the default seats' round-1 saves of three games had one
    name; each replaced the one before (the third removed the first for good)."""
    games = [play(make_match(seed=seed), 1) for seed in (1, 2, 3)]
    given = [saves.save_new_slot("round 1 Ann-Bob", m, base=base) for m in games]
    assert given == ["round 1 Ann-Bob", "round 1 Ann-Bob (2)", "round 1 Ann-Bob (3)"]
    infos = {i.name: i for i in saves.list_slots(base)}
    assert sorted(infos) == sorted(given) and not any(backup_path(i.path).exists() for i in infos.values())
    for name, m in zip(given, games):
        loaded = saves.load_slot(infos[name], base)
        assert loaded.value is not None and fingerprint(loaded.value.to_match().game) == fingerprint(m.game)
    saves.delete_slot(infos["round 1 Ann-Bob"], base)  # a name freed by a delete is used again
    assert saves.save_new_slot("round 1 Ann-Bob", games[0], base=base) == "round 1 Ann-Bob"


def test_four_long_seat_names_still_save(base: Path, midgame: Match) -> None:
    name = "round 1 " + "-".join(["Maximilianusss"] * 4)  # four 14-letter names: 67 characters
    assert len(name) == 67
    first = saves.save_new_slot(name, midgame, base=base)
    second = saves.save_new_slot(name, midgame, base=base)
    assert len(first) == len(second) == saves.MAX_SLOT_NAME
    assert first.startswith("round 1 Maximilianusss-") and first.endswith("\u2026")
    assert second.endswith("\u2026 (2)")
    assert sorted(i.name for i in saves.list_slots(base)) == sorted([first, second])


@pytest.mark.parametrize("name", ["", "   ", "bell\x07", "nul\x00"])
def test_a_new_save_with_a_bad_name_is_refused(base: Path, midgame: Match, name: str) -> None:
    with pytest.raises(StorageError):
        saves.save_new_slot(name, midgame, base=base)
    assert saves.list_slots(base) == []


def edit(path: Path, change: Any) -> bytes:
    doc = json.loads(path.read_text())
    change(doc)
    raw = json.dumps(doc).encode()
    path.write_bytes(raw)
    return raw


def test_hand_edited_illegal_action_is_reported_kept_and_the_backup_used(base: Path, midgame: Match) -> None:
    saves.save_slot("edited", midgame, base=base)
    before = fingerprint(midgame.game)
    play(midgame, 2)
    saves.save_slot("edited", midgame, base=base)
    path = saves.slot_path("edited", base)
    record = midgame.to_data()["record"]
    k = next(i for i, e in enumerate(record) if e[0] == "act" and e[2] == "draw")

    def cheat(doc: dict[str, Any]) -> None:
        doc["match"]["record"][k] = ["act", doc["match"]["record"][k][1], "buy black-1 black-1 black-1"]

    raw = edit(path, cheat)
    listed = saves.list_slots(base)
    assert listed[0].problem is None  # listing reads only the summary
    loaded = saves.load_slot("edited", base)
    [problem] = loaded.problems
    assert f"record entry {k}" in problem.message and "cannot be played" in problem.message
    assert "buy black-1" in problem.message and str(path) in problem.message
    [kept] = kept_files(path.parent, path.name)
    assert kept == problem.kept_as and kept.read_bytes() == raw
    assert loaded.from_backup and loaded.value is not None
    assert fingerprint(loaded.value.to_match().game) == before


def test_impossible_chance_outcome_and_wrong_seat_are_reported(base: Path, midgame: Match) -> None:
    record = midgame.to_data()["record"]
    k = next(i for i, e in enumerate(record) if e[0] == "chance" and e[1] == "draw")
    for change, words in (
        (lambda d: d["match"]["record"][k].__setitem__(3, "purple-1"), "not in"),
        (lambda d: d["match"]["record"][k].__setitem__(2, (record[k][2] + 1) % 3), "waits for"),
        (lambda d: d["match"]["record"].insert(0, ["act", 0, "draw"]), "record entry 0"),
        (lambda d: d["match"]["setup"]["seats"][1].__setitem__("kind", "godlike"), "godlike"),
        (lambda d: d["match"]["setup"]["game"].__setitem__("seats", ["A"]), "2 to 4 seats"),
        (lambda d: d["match"]["tick"].__setitem__("7", "draw"), "seat 7"),
        (lambda d: d["match"]["tick"].__setitem__("0", "dance"), '"draw" or "stop"'),
    ):
        saves.autosave(midgame, None, base)
        path = paths.autosave_path(base)
        backup_path(path).unlink(missing_ok=True)
        raw = edit(path, change)
        loaded = saves.load_autosave(base)
        assert loaded.value is None
        assert words in loaded.problems[0].message, loaded.problems[0].message
        assert loaded.problems[0].kept_as is not None and loaded.problems[0].kept_as.read_bytes() == raw


def test_truncated_autosave_falls_back_to_the_backup(base: Path, midgame: Match) -> None:
    saves.autosave(midgame, None, base)
    state = fingerprint(midgame.game)
    play(midgame, 1)
    saves.autosave(midgame, None, base)
    path = paths.autosave_path(base)
    raw = path.read_bytes()[:-300]
    path.write_bytes(raw)
    loaded = saves.load_autosave(base)
    assert "cut off" in loaded.problems[0].message
    assert loaded.value is not None and fingerprint(loaded.value.to_match().game) == state
    assert kept_files(path.parent, "autosave.json")[0].read_bytes() == raw
    saves.autosave(midgame, None, base)  # the game goes on saving
    assert saves.load_autosave(base).problems == []


def test_a_future_version_save_is_reported_and_never_overwritten(base: Path, midgame: Match) -> None:
    saves.save_slot("later", midgame, base=base)
    path = saves.slot_path("later", base)
    backup_path(path).unlink(missing_ok=True)
    raw = edit(path, lambda d: d.update(schema=3, newfield=[1, 2]))
    saves.save_slot("later", midgame, base=base)  # saving over it keeps the newer file aside
    [kept] = kept_files(path.parent, path.name)
    assert kept.read_bytes() == raw
    raw2 = edit(path, lambda d: d.update(schema=4))
    loaded = saves.load_slot("later", base)
    assert loaded.value is None
    assert "made by a newer version of Quacks" in loaded.problems[0].message
    assert loaded.problems[0].kept_as is not None and loaded.problems[0].kept_as.read_bytes() == raw2


def to_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """How version 1 wrote a match: record entries as strings, no open stir tick."""
    record = []
    for e in data["record"]:
        if e[0] == "act":
            record.append(f"act {e[1]} {e[2]}")
        else:
            record.append(f"chance {e[1]} {'-' if e[2] is None else e[2]} {e[3]}")
    return {"setup": data["setup"], "record": record}


def test_version_1_saves_load_through_the_migration(base: Path, cat: Catalogue) -> None:
    m = play(make_match((HUMAN, "normal", "easy"), seed=4), 40)  # several rounds: reveals, dice, cards
    for _ in range(100):  # on to a stir tick in which the bots have decided (version 1 did not keep that)
        if m.tick:
            break
        play(m, 1)
    assert m.tick
    kinds = {e[1] for e in m.game.record if e[0] == "chance"}
    assert {"fortune", "draw"} <= kinds
    v1 = {"schema": 1, "kind": "quacks-save", "saved_at": "2024-01-01T10:00:00+00:00", "meta": {"name": "old"},
          "match": to_version_1(m.to_data())}
    path = saves.slot_path("old", base)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(v1))
    loaded = saves.load_slot("old", base, cat)
    assert loaded.problems == [] and loaded.value is not None
    assert loaded.value.version == 1 and "older version" in loaded.value.notes[0]
    assert loaded.value.match_data["tick"] == {}
    again = loaded.value.to_match(cat)
    assert fingerprint(again.game) == fingerprint(m.game)
    again.run_until_human()  # the bots decide again, the same way (their choices are seeded by the record)
    assert again.tick == m.tick and again.need() == m.need()
    same_future(m, again)
    assert saves.list_slots(base)[0].name == "old"


def test_a_broken_version_1_record_is_reported(base: Path, midgame: Match) -> None:
    data = to_version_1(midgame.to_data())
    data["record"][3] = "act zero draw"
    path = paths.autosave_path(base)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"schema": 1, "kind": "quacks-save", "saved_at": "", "meta": {}, "match": data}))
    loaded = saves.load_autosave(base)
    assert loaded.value is None and "record entry 3" in loaded.problems[0].message


def test_a_bad_slot_is_listed_with_its_problem(base: Path, midgame: Match) -> None:
    saves.save_slot("good", midgame, base=base)
    bad = saves.slot_path("bad", base)
    bad.write_text("not json at all")
    (bad.parent / (bad.name + ".corrupt-20240101T000000")).write_text("old junk")
    (bad.parent / f".{bad.name}.tmp-1-abc").write_text("{")
    infos = {i.path.name: i for i in saves.list_slots(base)}
    assert len(infos) == 2
    assert infos[bad.name].problem and "not valid JSON" in infos[bad.name].problem
    assert infos[saves.slot_path("good", base).name].problem is None


def test_resuming_after_a_killed_write_gives_the_last_complete_save(base: Path, midgame: Match) -> None:
    saves.autosave(midgame, None, base)
    state = fingerprint(midgame.game)
    path = paths.autosave_path(base)
    # the process died after writing part of the next temp file, before the rename
    (path.parent / ".autosave.json.tmp-4242-dead").write_bytes(path.read_bytes()[:500])
    loaded = saves.load_autosave(base)
    assert loaded.problems == [] and loaded.value is not None
    assert fingerprint(loaded.value.to_match().game) == state


def test_a_finished_match_round_trips(base: Path) -> None:
    m = finish(make_match((HUMAN, "easy"), seed=2))
    saves.save_slot("done", m, base=base)
    info = saves.list_slots(base)[0]
    assert info.over and info.phase == "over" and info.round == 9
    got = saves.load_slot("done", base).value
    assert got is not None and got.to_match().over
    assert fingerprint(got.to_match().game) == fingerprint(m.game)


def test_autosave_info_for_the_title_screen(base: Path, midgame: Match) -> None:
    assert saves.autosave_info(base) is None
    saves.autosave(midgame, None, base)
    info = saves.autosave_info(base)
    assert info is not None and info.problem is None and not info.over
    assert info.round == midgame.game.round and info.seats == ("Ann", "Bob", "Cid")
    paths.autosave_path(base).write_text("{")
    info = saves.autosave_info(base)
    assert info is not None and info.problem is not None

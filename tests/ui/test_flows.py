"""quacks.ui.flows with real files in a temporary QUACKS_HOME: starting a match writes the autosave, Continue
reads it back (or says why not), a named save, a finished game counted and forgotten, settings saved; every
problem becomes a message or a log line, never an exception; a no-saves app writes nothing."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from quacks.rules.config import GameConfig
from quacks.session.match import Match, MatchSetup, SeatSpec
from quacks.storage import paths, saves, stats
from quacks.storage.settings import load_settings
from quacks.ui import flows
from quacks.ui.flows import WRITER, AutosaveWriter
from quacks.ui.scenes.table import TableScene

from .driver import Driver
from .screens import finished_with_human, match, scene_of


def test_start_match_pushes_the_table_and_writes_the_autosave(driver: Driver, home: Path) -> None:
    m = match()
    flows.start_match(driver.app, m.setup)
    t = scene_of(driver, TableScene)
    WRITER.flush()
    info = saves.autosave_info()
    assert info is not None and info.problem is None and info.seats == ("Ann", "Bob") and not info.over
    assert flows.has_autosave() == (True, "")
    assert paths.settings_path().exists()  # the settings are saved as a game starts
    assert t.match.setup == m.setup


def test_replace_puts_the_table_in_the_place_of_the_top_scene(driver: Driver, home: Path) -> None:
    below = driver.app.scenes[:]
    flows.start_match(driver.app, match().setup, replace=True)
    assert len(driver.app.scenes) == len(below) and isinstance(driver.scene, TableScene)


def test_continue_says_why_not_when_there_is_nothing_or_a_bad_file(driver: Driver, home: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    assert flows.has_autosave()[0] is False
    assert flows.continue_autosave(driver.app)  # nothing to continue: a sentence
    p = paths.autosave_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text("[]", encoding="utf-8")
    assert flows.has_autosave()[0] is True  # Continue explains
    assert flows.continue_autosave(driver.app)
    assert not any(isinstance(s, TableScene) for s in driver.app.scenes)

    def boom(*a: object, **k: object) -> object:
        raise RuntimeError("the data folder vanished")

    monkeypatch.setattr(saves, "load_autosave", boom)
    assert "the data folder vanished" in flows.continue_autosave(driver.app)
    monkeypatch.setattr(saves, "autosave_info", boom)
    assert flows.has_autosave()[0] is False


def test_continue_resumes_and_a_save_that_cannot_be_resumed_is_said(driver: Driver, home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    m = match()
    m.run_until_human()
    saves.autosave(m)
    assert flows.continue_autosave(driver.app) == ""
    assert scene_of(driver, TableScene).g.record == m.game.record

    def broken(self: object, catalogue: object = None) -> object:
        raise ValueError("record entry 3 is not a legal move")

    monkeypatch.setattr(saves.SavedGame, "to_match", broken)
    assert "record entry 3" in flows.continue_autosave(driver.app)
    loaded = saves.load_autosave()
    assert "record entry 3" in flows.open_saved(driver.app, loaded.value)


def test_a_named_save_and_one_that_fails(driver: Driver, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    m = match()
    m.run_until_human()
    said = flows.save_named(driver.app, m)
    slots = saves.list_slots()
    assert len(slots) == 1 and slots[0].name in said

    def full(*a: object, **k: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(saves, "save_new_slot", full)
    assert "No space left on device" in flows.save_named(driver.app, m)


def test_saving_another_game_at_the_same_round_keeps_the_first(driver: Driver, home: Path) -> None:
    """Issue 18: "Save game" named a save by round and seats, so a later game's round-1 save replaced an earlier
    one in silence (and the third removed the first for good)."""
    games = [match(seed=seed) for seed in (1, 2, 3)]
    said = []
    for m in games:
        m.run_until_human()
        said.append(flows.save_named(driver.app, m))
    assert len(set(said)) == 3
    slots = saves.list_slots()
    assert len(slots) == 3 and all(s.problem is None for s in slots)
    records = sorted(json.dumps(saves.load_slot(s).value.match_data["record"]) for s in slots)  # type: ignore[union-attr]
    assert records == sorted(json.dumps([list(e) for e in m.game.record]) for m in games)


def test_four_long_seat_names_can_be_saved(driver: Driver, home: Path) -> None:
    names = ("Maximilianusss", "Bartholomaeuss", "Konstantinosss", "Wilhelminaaaaa")  # 14 letters each
    m = match(("human", "easy", "easy", "easy"))
    m = Match(m.cat, MatchSetup(GameConfig(seats=names), tuple(SeatSpec(n, s.colour, s.kind) for n, s in
                                                              zip(names, m.setup.seats)), 5))
    m.run_until_human()
    assert len(f"round {m.game.round} " + "-".join(names)) == 67  # over the 60 a save name may have
    said = flows.save_named(driver.app, m)
    (slot,) = saves.list_slots()
    assert slot.problem is None and slot.name in said and len(slot.name) <= saves.MAX_SLOT_NAME


def test_a_finished_game_is_counted_once_and_its_autosave_forgotten(driver: Driver, home: Path) -> None:
    m = finished_with_human(5)
    saves.autosave(m)
    flows.game_finished(driver.app, m)
    assert saves.autosave_info() is None
    st, _ = stats.load_statistics()
    assert st is not None and st.players["Ann"].games == 1


def test_problems_while_saving_are_logged_not_raised(driver: Driver, home: Path, monkeypatch: pytest.MonkeyPatch,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    def boom(*a: object, **k: object) -> object:
        raise OSError("read-only file system")

    m = finished_with_human(5)
    monkeypatch.setattr(stats, "record_finished_match", boom)
    monkeypatch.setattr(saves, "autosave_document", boom)
    import quacks.storage.settings as settings_mod

    monkeypatch.setattr(settings_mod, "save_settings", boom)
    with caplog.at_level(logging.ERROR, logger="quacks.ui"):
        flows.game_finished(driver.app, m)
        flows.autosave(driver.app, m)
        flows.save_settings(driver.app)
    assert sum("read-only file system" in r.getMessage() for r in caplog.records) == 3


def test_the_writer_reports_a_failed_write_and_recovers(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    w = AutosaveWriter()
    m = match()
    m.run_until_human()
    calls: list[int] = []

    def flaky(doc: dict, base: object = None) -> list[str]:
        calls.append(1)
        if len(calls) == 1:
            raise OSError("disk full")
        return ["an old file was kept aside"]

    monkeypatch.setattr(saves, "write_autosave", flaky)
    w.submit(saves.autosave_document(m))
    w.flush()
    assert "disk full" in w.last_error
    w.submit(saves.autosave_document(m))
    w.flush()
    assert w.last_error == "" and len(calls) == 2


def test_an_app_without_saves_writes_nothing(home: Path) -> None:
    d = Driver()
    d.app.no_saves = True  # type: ignore[attr-defined]
    m = finished_with_human(5)
    flows.start_match(d.app, match().setup)
    flows.autosave(d.app, m)
    flows.game_finished(d.app, m)
    flows.save_settings(d.app)
    WRITER.flush()
    assert not paths.autosave_path().exists() and not paths.statistics_path().exists()
    assert not paths.settings_path().exists()
    assert load_settings()[0] is not None


def test_the_writer_never_drops_a_submit_that_meets_its_idle_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """A submit that arrives as the idle thread ends is still written (once a lost autosave stalled CI)."""
    import time

    written: list[int] = []
    monkeypatch.setattr(saves, "write_autosave", lambda doc, base=None: written.append(doc["n"]) or [])
    w = AutosaveWriter(idle=0.002)
    for i in range(200):
        time.sleep(0.002 * (i % 3) / 2)  # before, at and after the idle end
        w.submit({"n": i})
        w.flush(timeout=2.0)
        assert written and written[-1] == i, f"submit {i} was not written"

"""Settings: defaults, round trip, notes for unknown keys and wrong values, bad files kept aside."""

from __future__ import annotations

import json
from pathlib import Path

from quacks.storage import paths
from quacks.storage.settings import Settings, load_settings, save_settings


def test_defaults_when_there_is_no_file(base: Path) -> None:
    assert load_settings(base) == (Settings(), [])
    s = Settings()
    assert (s.pace, s.volume, s.ui_scale, s.last_setup) == ("normal", 0.7, 100, None)


def test_round_trip(base: Path) -> None:
    s = Settings(pace="instant", show_risk=True, reduced_motion=True, volume=0.25, mute=True, ui_scale=150,
                 colour_blind=True, fullscreen=True, sequential_brewing=True,
                 last_setup={"seats": [{"name": "Ann", "kind": "human"}], "books": "random"})
    assert save_settings(s, base) == []
    assert load_settings(base) == (s, [])
    assert json.loads(paths.settings_path(base).read_text())["schema"] == 1


def test_unknown_keys_and_wrong_values_give_notes_and_defaults(base: Path) -> None:
    p = paths.settings_path(base)
    p.parent.mkdir(parents=True)
    p.write_text(json.dumps({"schema": 1, "pace": "ludicrous", "volume": 1.5, "mute": "yes", "ui_scale": 125,
                             "colour_blind": 1, "last_setup": [1], "theme": "dark", "show_risk": True}))
    s, notes = load_settings(base)
    assert s == Settings(ui_scale=125, show_risk=True)
    text = "\n".join(notes)
    for word in ("'theme' is unknown", "'pace'", "'volume'", "'mute'", "'colour_blind'", "'last_setup'"):
        assert word in text
    assert p.exists()  # a file with only wrong values is not bad: it is kept in place


def test_saving_wrong_values_writes_defaults(base: Path) -> None:
    notes = save_settings(Settings(volume=float("nan"), ui_scale=999, pace="warp"), base)
    assert len(notes) == 3
    assert load_settings(base) == (Settings(), [])


def test_corrupt_settings_are_kept_aside_and_the_backup_used(base: Path) -> None:
    save_settings(Settings(volume=0.1), base)
    save_settings(Settings(volume=0.2), base)
    p = paths.settings_path(base)
    p.write_bytes(b'{"schema": 1, "volume": 0.')
    s, notes = load_settings(base)
    assert s.volume == 0.1
    assert "cut off" in notes[0] and str(p) in notes[0]
    kept = [q for q in p.parent.iterdir() if ".corrupt-" in q.name]
    assert len(kept) == 1 and kept[0].read_bytes() == b'{"schema": 1, "volume": 0.'


def test_future_settings_are_kept_and_defaults_used(base: Path) -> None:
    p = paths.settings_path(base)
    p.parent.mkdir(parents=True)
    p.write_text('{"schema": 7, "volume": 0.3}')
    s, notes = load_settings(base)
    assert s == Settings()
    assert "newer version of Quacks" in notes[0] and notes[-1] == "Default settings are used."
    save_settings(Settings(mute=True), base)  # going on never overwrites the kept file
    kept = [q for q in p.parent.iterdir() if ".corrupt-" in q.name]
    assert kept[0].read_text() == '{"schema": 7, "volume": 0.3}'

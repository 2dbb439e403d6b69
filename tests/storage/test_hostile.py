"""Hostile and broken files meet the storage loaders: a NUL in a name, numbers too large for a float, endless
and huge files, a full disk, a read-only home, kills mid-write. Each case is one that once got through."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from quacks.names import name_problem
from quacks.resources import ReadError, read_bytes
from quacks.storage import files, paths, replays, saves, stats
from quacks.storage.files import MAX_BYTES, StorageError, clean_leftovers, temp_owner
from quacks.storage.settings import Settings, load_settings, save_settings

from .conftest import make_match, play

POSIX = pytest.mark.skipif(os.name != "posix", reason="needs POSIX pipes, links and permissions")


def doc_of(m: Any) -> dict[str, Any]:
    return saves.make_document(m)


def write(p: Path, data: bytes | str) -> Path:
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return p


def with_seat_name(name: str) -> dict[str, Any]:
    doc = doc_of(play(make_match(), 2))
    doc["match"]["setup"]["seats"][0]["name"] = name
    doc["match"]["setup"]["game"]["seats"][0] = name
    return doc


def aside(p: Path) -> list[Path]:
    return sorted(q for q in p.parent.iterdir() if q.name.startswith(p.name + ".corrupt-"))


# --- control characters in names ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Ann\x00", "A\nB", "\u202eevil", "Bob\x1b[31m", "\ud800", "Zoë\u2028"])
def test_a_control_character_in_a_seat_name_makes_the_autosave_bad_kept_aside_and_the_game_goes_on(
        base: Path, name: str) -> None:
    p = write(paths.autosave_path(base), json.dumps(with_seat_name(name)))
    loaded = saves.load_autosave(base)
    assert loaded.value is None
    (problem,) = loaded.problems
    assert "U+" in problem.message and "\x00" not in problem.message and "\n" not in problem.message
    assert not p.exists() and len(aside(p)) == 1  # set aside once: the next Continue does not meet it again
    assert saves.load_autosave(base).value is None and saves.load_autosave(base).problems == []


def test_a_nul_in_the_summary_of_a_save_is_never_listed_for_drawing(base: Path) -> None:
    m = play(make_match(), 2)
    saves.save_slot("Tuesday", m, base=base)
    (info,) = saves.list_slots(base)
    doc = json.loads(info.path.read_text(encoding="utf-8"))
    for key, value in (("name", "Tues\x00day"), ("seats", ["Ann\x00", "Bob"]), ("phase", "brew\x07ing")):
        bad = json.loads(json.dumps(doc))
        bad["meta"][key] = value
        info.path.write_text(json.dumps(bad), encoding="utf-8")
        (listed,) = saves.list_slots(base)
        assert listed.problem is not None and "U+" in listed.problem
        assert all("\x00" not in s and "\x07" not in s for s in (listed.name, listed.phase, *listed.seats))


def test_save_names_with_control_characters_are_refused(base: Path) -> None:
    m = play(make_match(), 1)
    for bad in ("a\x00b", "tab\there", "\u200b", ""):
        with pytest.raises(StorageError) as info:
            saves.save_slot(bad, m, base=base)
        assert info.value.kind == "invalid"
    assert saves.list_slots(base) == []


def test_a_player_name_with_a_control_character_makes_the_statistics_bad(base: Path) -> None:
    p = write(paths.statistics_path(base), json.dumps(
        {"schema": 1, "kind": "quacks-statistics", "players": {"Ann\x00": {"games": 1, "wins": 0,
                                                                             "score_total": 3}}, "counted": []}))
    st, notes = stats.load_statistics(base)
    assert st.players == {} and notes and not p.exists() and aside(p)


@pytest.mark.parametrize("spoil", [
    {"buys": {"red-1\x00": 2}}, {"by_opponents": {"easy\u202e": [1, 0]}}, {"brews": {"\u0663": 1}},
    {"brews": {"1": -1}}, {"by_seats": {"2": [1, 2]}}, {"buys": {"red-1": 1.5}}])
def test_every_text_and_number_kept_from_the_statistics_is_checked(base: Path, spoil: dict[str, Any]) -> None:
    """The statistics are checked field by field (their whole-file text check took seconds for a large file):
    no key with a control character, no odd digit, no impossible count is kept."""
    ann = {"games": 1, "wins": 0, "score_total": 3, **spoil}
    write(paths.statistics_path(base), json.dumps({"schema": 1, "kind": "quacks-statistics",
                                                   "players": {"Ann": ann}, "counted": []}))
    st, notes = stats.load_statistics(base)
    assert st.players == {} and notes and "\x00" not in " ".join(notes)


@pytest.mark.parametrize("counted", [["abc\x00"], ["a" * 65], [""], [3]])
def test_a_counted_game_must_be_a_game_key(base: Path, counted: list[Any]) -> None:
    write(paths.statistics_path(base), json.dumps({"schema": 1, "kind": "quacks-statistics", "players": {},
                                                   "counted": counted}))
    st, notes = stats.load_statistics(base)
    assert st.counted == [] and notes


def test_numbers_that_would_break_the_averages_make_the_statistics_bad(base: Path) -> None:
    write(paths.statistics_path(base), json.dumps(
        {"schema": 1, "kind": "quacks-statistics", "players": {"Ann": {"games": 10**300, "wins": 0,
                                                                         "score_total": 10**308 * 10}}}))
    st, notes = stats.load_statistics(base)
    assert st.players == {} and any("out of range" in n for n in notes)


def test_storage_messages_never_carry_a_control_character() -> None:
    e = StorageError(Path("/tmp/a\nb\x00"), "bad \x1b[2J byte", what="save 'x\u202e'")
    assert all(c not in e.message for c in "\n\x00\x1b\u202e")
    assert "\\u000a" in e.message


# --- settings ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("volume", ["1" + "0" * 400, "1e999", "-1e999", "1" + "0" * 4000])
def test_a_volume_too_large_for_a_float_gives_a_note_and_keeps_the_original(base: Path, volume: str) -> None:
    text = '{"schema": 1, "volume": ' + volume + ', "mute": true}'
    p = write(paths.settings_path(base), text)
    s, notes = load_settings(base)  # documented never to fail
    assert isinstance(s, Settings) and s.volume == Settings().volume
    assert notes
    # the file as the player had it survives the corrected settings being written (twice: .bak rotates)
    save_settings(s, base)
    save_settings(s, base)
    kept = [q for q in p.parent.iterdir() if q.read_bytes() == text.encode()]
    assert kept, "the original settings file was lost"


def test_settings_with_a_value_problem_are_copied_once_not_at_every_start(base: Path) -> None:
    p = write(paths.settings_path(base), json.dumps({"schema": 1, "volume": 7}))
    for _ in range(3):
        _, notes = load_settings(base)
        assert any("kept as" in n for n in notes)
    assert len(aside(p)) == 1 and p.exists()


def test_a_last_setup_with_a_control_character_in_a_name_is_dropped(base: Path) -> None:
    write(paths.settings_path(base), json.dumps({"schema": 1, "last_setup": {"seats": [["Ann\x00", "amber",
                                                                                         "human"]]}}))
    s, notes = load_settings(base)
    assert s.last_setup is None and any("'last_setup'" in n for n in notes)


def test_load_settings_never_raises(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import quacks.storage.settings as settings_mod

    def boom(*a: object, **k: object) -> None:
        raise RuntimeError("something nobody thought of")

    monkeypatch.setattr(settings_mod, "load_json", boom)
    s, notes = load_settings(base)
    assert s == Settings() and "something nobody thought of" in notes[0]


# --- endless and huge files ----------------------------------------------------------------------------------

def endless_and_huge(folder: Path) -> dict[str, Path]:
    """A named pipe nobody writes to, a link to /dev/zero, a file over the cap, a folder, a sparse giant."""
    folder.mkdir(parents=True, exist_ok=True)
    out: dict[str, Path] = {}
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    out["fifo"] = fifo
    zero = folder / "zero"
    zero.symlink_to("/dev/zero")
    out["dev-zero"] = zero
    big = folder / "big"
    with open(big, "wb") as f:
        f.truncate(MAX_BYTES + 1)
    out["too-large"] = big
    (folder / "dir").mkdir()
    out["folder"] = folder / "dir"
    return out


@POSIX
def test_the_one_reader_refuses_pipes_devices_folders_and_giants_at_once(tmp_path: Path) -> None:
    for kind, p in endless_and_huge(tmp_path / "x").items():
        t0 = time.monotonic()
        with pytest.raises(ReadError) as info:
            read_bytes(p, limit=MAX_BYTES)
        assert time.monotonic() - t0 < 2, kind
        assert info.value.kind in ("not-a-file", "too-large"), kind
        assert str(p) in str(info.value)


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "too-large", "folder"])
def test_every_storage_loader_reports_endless_and_huge_files(base: Path, tmp_path: Path, kind: str) -> None:
    source = endless_and_huge(tmp_path / "src")[kind]
    targets = [paths.settings_path(base), paths.autosave_path(base), saves.slot_path("x", base),
               paths.statistics_path(base)]
    for t in targets:
        t.parent.mkdir(parents=True, exist_ok=True)
        if kind == "folder":
            t.mkdir()
        else:
            t.symlink_to(source)
    t0 = time.monotonic()
    s, s_notes = load_settings(base)
    st, st_notes = stats.load_statistics(base)
    auto = saves.load_autosave(base)
    slot = saves.load_slot("x", base)
    imported = replays.import_replay(source)
    assert time.monotonic() - t0 < 5
    assert s == Settings() and s_notes and st_notes
    for loaded in (auto, slot, imported):
        assert loaded.value is None and loaded.problems and loaded.problems[0].kind == "unreadable"


# --- import-replay -------------------------------------------------------------------------------------------

@pytest.fixture()
def replay_file(tmp_path: Path, cat: Any) -> Path:
    m = play(make_match(), 3)
    return replays.export_replay(m, tmp_path / "downloads" / "our game")


def test_import_writes_a_new_replay_and_never_replaces_one(replay_file: Path, base: Path, cat: Any) -> None:
    path1, msg1 = replays.import_replay_file(replay_file, base, cat)
    assert path1.parent == paths.replays_dir(base) and path1.name == "our game.quacks-replay.json"
    assert msg1.startswith("imported: ") and path1.read_bytes() == replay_file.read_bytes()
    # the same replay again: nothing new
    path2, msg2 = replays.import_replay_file(replay_file, base, cat)
    assert path2 == path1 and "imported before" in msg2
    # a different replay with the same name: a second file, the first untouched
    other = play(make_match(seed=99), 5)
    replays.export_replay(other, replay_file)
    first = path1.read_bytes()
    path3, _ = replays.import_replay_file(replay_file, base, cat)
    assert path3.name == "our game-2.quacks-replay.json" and path1.read_bytes() == first


def test_importing_a_file_from_the_replays_folder_itself_changes_nothing(replay_file: Path, base: Path,
                                                                          cat: Any) -> None:
    path, _ = replays.import_replay_file(replay_file, base, cat)
    again, msg = replays.import_replay_file(path, base, cat)
    assert again == path and "already" in msg
    assert sorted(p.name for p in paths.replays_dir(base).iterdir()) == [path.name]


@POSIX
def test_import_into_a_read_only_home_is_a_clear_error(replay_file: Path, tmp_path: Path, cat: Any) -> None:
    home = tmp_path / "ro"
    home.mkdir()
    home.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        if os.access(home, os.W_OK):  # root ignores permissions: a folder where nobody may create anything
            home = Path("/sys/quacks-read-only-home")
            try:
                home.mkdir()
            except OSError:
                pass  # good: not even root may create a folder here
            else:
                home.rmdir()
                pytest.skip("no read-only place to try")
        with pytest.raises(StorageError) as info:
            replays.import_replay_file(replay_file, home, cat)
        assert info.value.kind == "unwritable" and str(home) in str(info.value)
    finally:
        (tmp_path / "ro").chmod(stat.S_IRWXU)


def test_import_when_the_replays_path_is_a_file_is_a_clear_error(replay_file: Path, base: Path, cat: Any) -> None:
    write(paths.replays_dir(base), b"not a folder")
    with pytest.raises(StorageError) as info:
        replays.import_replay_file(replay_file, base, cat)
    assert info.value.kind == "unwritable" and "folder" in str(info.value)
    assert paths.replays_dir(base).read_bytes() == b"not a folder"


def test_import_on_a_full_disk_leaves_nothing_behind(replay_file: Path, base: Path, cat: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def full(path: Path, data: bytes) -> None:
        with open(path, "xb") as f:
            f.write(data[: len(data) // 3])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_file", full)
    with pytest.raises(StorageError) as info:
        replays.import_replay_file(replay_file, base, cat)
    assert "No space left" in str(info.value)
    folder = paths.replays_dir(base)
    assert not folder.exists() or list(folder.iterdir()) == []  # no 0-byte or half replay, no temp file


def test_import_of_a_broken_replay_writes_nothing(tmp_path: Path, base: Path, cat: Any) -> None:
    bad = write(tmp_path / "bad.quacks-replay.json", '{"schema": 2, "kind": "quacks-replay", "match": [')
    with pytest.raises(StorageError) as info:
        replays.import_replay_file(bad, base, cat)
    assert "truncated" in str(info.value) and not paths.replays_dir(base).exists()
    assert bad.read_bytes().endswith(b"[")


def test_write_bytes_new_refuses_to_replace(tmp_path: Path) -> None:
    p = write(tmp_path / "a.json", b"old")
    with pytest.raises(StorageError) as info:
        files.write_bytes_new(p, b"new")
    assert info.value.kind == "exists" and p.read_bytes() == b"old"
    files.write_bytes_new(tmp_path / "b.json", b"new")
    assert (tmp_path / "b.json").read_bytes() == b"new"
    assert [q.name for q in tmp_path.iterdir() if ".tmp-" in q.name] == []


# --- temp files of killed programs ------------------------------------------------------------------------

def dead_pid() -> int:
    import subprocess

    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def test_temp_files_of_dead_programs_are_cleaned_at_start(base: Path) -> None:
    folder = paths.saves_dir(base, create=True)
    dead = dead_pid()
    gone = [write(folder / f".autosave.json{files.TEMP_MARK}{dead}-0a1b2c3d", b"{"),
            write(folder / f".autosave.json.bak{files.TEMP_MARK}{dead}-deadbeef", b"{")]
    old = write(folder / f".slot-x.json{files.TEMP_MARK}{os.getppid()}-00ff00ff", b"{")
    os.utime(old, (time.time() - files.STALE_TEMP_SECONDS - 5,) * 2)
    mine = write(folder / f".autosave.json{files.TEMP_MARK}{os.getpid()}-12345678", b"{")  # a live writer's
    keep = [write(folder / "autosave.json", b"{}"), write(folder / ".hidden.tmp-notours", b"x")]
    removed = clean_leftovers([folder, base / "nowhere"])
    assert sorted(removed) == sorted([*gone, old])
    assert mine.exists() and all(p.exists() for p in keep)
    assert temp_owner(gone[0].name) == dead and temp_owner("autosave.json") is None


def test_the_game_cleans_temp_files_before_it_starts(base: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks import cli
    from quacks.ui import main as ui_main

    monkeypatch.setenv("QUACKS_HOME", str(base))
    folder = paths.saves_dir(create=True)
    left = write(folder / f".autosave.json{files.TEMP_MARK}{dead_pid()}-0a1b2c3d", b"{")
    seen: list[bool] = []
    monkeypatch.setattr(ui_main, "run", lambda args: seen.append(left.exists()) or 0)
    assert cli.main(["play"]) == 0
    assert seen == [False]


def test_names_are_checked_by_one_function() -> None:
    assert name_problem("Ann") is None
    assert name_problem("Zoë-2 von Quedlinburg") is None
    for bad in ("", "   ", "A\x00", "tab\t", "\u202e", "x" * 25, None, 3):
        assert name_problem(bad), repr(bad)
    assert "U+0000" in (name_problem("A\x00") or "")


# issue 30 §7: the one atomic writer replaced whatever was at its target (train-expert --out /dev/zero turned the
# device into a regular file). A pipe stands for a device here: no test writes near a real one.


def _not_regular(tmp_path: Path, kind: str) -> tuple[Path, Path]:
    """A target that is no regular file (``kind``: a pipe, a link to a pipe standing for a device node, a folder),
    and the thing that must survive unchanged."""
    target = tmp_path / "out" / "target.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(target)
        return target, target
    if kind == "link-to-device":
        device = tmp_path / "device"
        os.mkfifo(device)
        target.symlink_to(device)
        return target, device
    target.mkdir()
    return target, target


def _unchanged(target: Path, survivor: Path, kind: str) -> None:
    assert stat.S_ISFIFO(os.stat(survivor).st_mode) if kind != "folder" else survivor.is_dir()
    if kind == "link-to-device":
        assert target.is_symlink()
    assert not [p for p in target.parent.iterdir() if p.name.startswith(".")]  # no temp file left behind


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "link-to-device", "folder"])
@pytest.mark.parametrize("writer", ["atomic", "json", "new"])
def test_every_writer_refuses_a_target_that_is_no_regular_file(tmp_path: Path, kind: str, writer: str) -> None:
    target, survivor = _not_regular(tmp_path, kind)
    with pytest.raises(StorageError) as caught:
        if writer == "atomic":
            files.write_bytes_atomic(target, b"{}\n", "weights")
        elif writer == "json":
            files.write_json(target, {"a": 1}, what="settings")
        else:
            files.write_bytes_new(target, b"{}\n", "replay")
    e = caught.value
    assert e.kind in ("unwritable", "exists") and str(target) in e.message, e.message
    if writer != "new":  # (a new file never replaces anything there: "a file of that name is there already")
        assert "not a regular file" in e.message, e.message
    _unchanged(target, survivor, kind)
    assert not list(target.parent.glob("*.corrupt-*"))  # refused, not moved aside as a bad file


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "link-to-device", "folder"])
def test_the_developer_screenshots_refuse_a_target_that_is_no_regular_file(tmp_path: Path, kind: str) -> None:
    """``screenshots`` and ``check-layout --shots`` write through one saver that refuses what is not a file."""
    import pygame

    from quacks.devtools.ui.shots import save_picture

    target, survivor = _not_regular(tmp_path, kind)
    with pytest.raises(StorageError) as caught:
        save_picture(pygame.Surface((4, 4)), target)
    assert "not a regular file" in caught.value.message and str(target) in caught.value.message
    _unchanged(target, survivor, kind)


@POSIX
def test_a_backup_that_is_no_regular_file_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "settings.json"
    target.write_text('{"a": 0}\n', encoding="utf-8")
    os.mkfifo(files.backup_path(target))
    files.write_json(target, {"a": 1}, what="settings")  # the save itself goes through
    assert json.loads(target.read_text(encoding="utf-8")) == {"a": 1}
    assert stat.S_ISFIFO(os.lstat(files.backup_path(target)).st_mode)


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "link-to-device"])
def test_train_expert_refuses_to_write_its_weights_over_a_device(tmp_path: Path, kind: str,
                                                                 monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from types import SimpleNamespace

    from quacks.ai.value_model import ValueModel
    from quacks.content.loader import default_catalogue
    from quacks.devtools import training

    target, survivor = _not_regular(tmp_path, kind)
    model = ValueModel.from_data(default_catalogue().bot_values)
    monkeypatch.setattr(training, "train", lambda *a, **k: training.Fit(model, [], 1.0, 2.0, 3.0))
    args = SimpleNamespace(games=10, trial_games=0, jobs=1, seed=1, policy="hard", quiet=True, samples=None,
                           out=str(target))
    assert training.main(args) == 1  # type: ignore[arg-type]
    err = capsys.readouterr().err
    assert "not a regular file" in err and str(target) in err and "Traceback" not in err, err
    _unchanged(target, survivor, kind)

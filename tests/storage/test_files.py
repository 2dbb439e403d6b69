"""The safe-write and safe-read primitives: atomic writes with a backup, bad files kept aside."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from quacks.storage import files
from quacks.storage.files import BadDataError, StorageError, TooNewError, load_json, write_json


def ident(x: Any) -> Any:
    return x


def doc(v: int) -> dict[str, Any]:
    return {"schema": 1, "value": v}


def versioned(obj: Any) -> Any:
    files.check_document(obj, kind=None, current=1)
    if type(obj.get("value")) is not int:
        raise BadDataError('"value" must be a whole number')
    return obj


def asides(folder: Path, name: str) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-"))


def test_write_creates_folders_and_keeps_the_previous_file_as_bak(tmp_path: Path) -> None:
    p = tmp_path / "a" / "b" / "x.json"
    write_json(p, doc(1))
    assert json.loads(p.read_text()) == doc(1)
    assert not files.backup_path(p).exists()
    write_json(p, doc(2))
    write_json(p, doc(3))
    assert json.loads(p.read_text()) == doc(3)
    assert json.loads(files.backup_path(p).read_text()) == doc(2)
    assert sorted(q.name for q in p.parent.iterdir()) == ["x.json", "x.json.bak"]


def test_a_bad_old_file_is_kept_aside_not_made_the_backup(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    write_json(p, doc(1))
    write_json(p, doc(2))  # bak = 1
    p.write_bytes(b'{"schema": 1, "val')
    reports = write_json(p, doc(3))
    assert len(reports) == 1 and reports[0].kept_as is not None
    assert reports[0].kept_as.read_bytes() == b'{"schema": 1, "val'
    assert json.loads(files.backup_path(p).read_text()) == doc(1)  # the good backup was not replaced
    assert json.loads(p.read_text()) == doc(3)


def test_a_newer_versions_file_is_not_overwritten(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    future = json.dumps({"schema": 9, "value": 1}).encode()
    p.write_bytes(future)
    reports = write_json(p, doc(2), validate_old=versioned)
    assert reports[0].kind == "too-new" and "newer version of Quacks" in reports[0].message
    assert reports[0].kept_as is not None and reports[0].kept_as.read_bytes() == future


@pytest.mark.parametrize("content, kind, words", [
    (b"", "not-json", "empty"),
    (b'{"schema": 1, "value": [1, 2', "not-json", "truncated"),
    (b"{'schema': 1}", "not-json", "line 1, column 2"),
    (b"\xff\xfe\x00garbage", "not-json", "UTF-8"),
    (b'{"schema": 1, "value": NaN}', "not-json", "NaN"),
    (b"[1, 2, 3]", "invalid", "top level must be an object"),
    (b'{"schema": "1", "value": 1}', "invalid", '"schema"'),
    (b'{"schema": 1, "value": "x"}', "invalid", '"value"'),
    (b'{"schema": 2, "value": 1}', "too-new", "newer version of Quacks"),
    (b"[" * 100_000, "not-json", ""),
])
def test_every_kind_of_bad_file_is_reported_kept_aside_and_the_backup_used(
        tmp_path: Path, content: bytes, kind: str, words: str) -> None:
    p = tmp_path / "x.json"
    write_json(p, doc(1))
    write_json(p, doc(2))  # the backup holds 1
    p.write_bytes(content)
    loaded = load_json(p, versioned, what="test file")
    assert loaded.value == doc(1) and loaded.from_backup
    [problem] = loaded.problems
    assert problem.kind == kind and words in problem.message
    assert str(p) in problem.message and "kept as" in problem.message
    [kept] = asides(tmp_path, "x.json")
    assert kept == problem.kept_as and kept.read_bytes() == content
    assert not p.exists()
    assert any("backup" in n for n in loaded.notes)


def test_without_a_good_backup_nothing_is_returned_and_both_files_are_kept(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_bytes(b"{oops")
    files.backup_path(p).write_bytes(b'{"schema": 5, "value": 1}')
    loaded = load_json(p, versioned)
    assert loaded.value is None
    assert [e.kind for e in loaded.problems] == ["not-json", "too-new"]
    assert len(asides(tmp_path, "x.json")) == 1 and len(asides(tmp_path, "x.json.bak")) == 1


def test_missing_file_is_quiet_unless_required(tmp_path: Path) -> None:
    assert load_json(tmp_path / "none.json", ident).problems == []
    loaded = load_json(tmp_path / "none.json", ident, required=True)
    assert loaded.value is None and loaded.problems[0].kind == "missing"


def test_a_folder_in_place_of_the_file_is_reported(tmp_path: Path) -> None:
    (tmp_path / "x.json").mkdir()
    loaded = load_json(tmp_path / "x.json", ident, keep_aside=False)
    assert loaded.value is None and loaded.problems[0].kind == "unreadable"


def test_a_validator_that_trips_is_a_report_not_a_crash(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    p.write_text('{"a": 1}')

    def boom(obj: Any) -> Any:
        return obj["missing"]["deeper"]

    loaded = load_json(p, boom)
    assert loaded.value is None and "KeyError" in loaded.problems[0].message


def test_aside_names_never_collide(tmp_path: Path) -> None:
    kept = []
    for i in range(3):
        p = tmp_path / "x.json"
        p.write_text(f"bad {i}")
        kept.append(files.move_aside(p))
    assert len({k for k in kept}) == 3 and all(k is not None and k.exists() for k in kept)
    assert [k.read_text() for k in kept if k] == ["bad 0", "bad 1", "bad 2"]


def test_a_crash_before_the_rename_leaves_the_old_file_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "x.json"
    write_json(p, doc(1))

    def no_replace(src: Any, dst: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", no_replace)
    with pytest.raises(StorageError) as err:
        write_json(p, doc(2))
    assert err.value.kind == "unwritable" and "No space left" in err.value.message
    monkeypatch.undo()
    assert load_json(p, versioned).value == doc(1)
    assert not [q for q in tmp_path.iterdir() if files.TEMP_MARK in q.name]  # the temp file was cleaned up


def test_a_temp_file_left_by_a_killed_process_does_not_disturb_loading(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    write_json(p, doc(1))
    stale = tmp_path / f".x.json{files.TEMP_MARK}999-dead"
    stale.write_bytes(b'{"schema": 1, "val')  # the killed write never reached the rename
    assert load_json(p, versioned).value == doc(1)
    assert files.is_side_file(stale.name)
    old = time.time() - 2 * files.STALE_TEMP_SECONDS
    os.utime(stale, (old, old))
    write_json(p, doc(2))
    assert not stale.exists()  # an old leftover temp is swept by the next good write
    assert load_json(p, versioned).value == doc(2)


def test_data_that_is_not_json_is_refused_before_anything_is_touched(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    write_json(p, doc(1))
    with pytest.raises(StorageError):
        write_json(p, {"x": float("nan")})
    with pytest.raises(StorageError):
        write_json(p, {"x": object()})
    assert load_json(p, versioned).value == doc(1)


def test_storage_error_messages_say_what_and_where(tmp_path: Path) -> None:
    e = StorageError(tmp_path / "s.json", "is broken", what="settings", kept_as=tmp_path / "s.json.corrupt-1")
    assert str(e) == (f"Settings ({tmp_path / 's.json'}): is broken. "
                      "The file was kept as s.json.corrupt-1 in the same folder.")
    assert isinstance(TooNewError("x"), BadDataError)


def test_odd_unicode_is_written_and_read_back(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    data = {"schema": 1, "value": 1, "name": "Ænne \ud800 ☕"}
    write_json(p, data)
    assert load_json(p, versioned).value == data
    e = StorageError(p, "bad name \udcff", what="save")
    assert e.message.encode("utf-8")


REFUSED = ["\x00", "\x07", "\n", "\t", "\x7f", "\x85", "\u200b", "\u202e", "\ufeff", "\ud800", "\ue000", "\u0378",
           "\u2028", "\u2029"]
ALLOWED = ["Zoë", "\u00a0", "a\\b", 'say "hi"', "日本", "🧪", "x\u0301", "/", "</script>", ""]


@pytest.mark.parametrize("bad", REFUSED)
def test_check_text_finds_every_refused_character_wherever_it_is(bad: str) -> None:
    """The first pass (one json.dumps and str.isprintable over a whole file) never lets one through."""
    for doc, where in ((bad, "the text"), ({"a": [1, {"b": f"x{bad}y"}]}, '"a[1].b"'),
                       ({"players": {f"A{bad}": {}}}, '"players'), ([[["deep", bad]]], '"[0][0][1]"')):
        with pytest.raises(BadDataError, match="U\\+") as e:
            files.check_text(doc)
        assert where in str(e.value)


def test_check_text_lets_every_other_text_through() -> None:
    files.check_text({"names": ALLOWED, **{k: k for k in ALLOWED}, "n": [1, 2.5, None, True]})
    files.check_text([["a"] * 3] * 2000)  # nested lists and many texts


def test_the_backup_is_the_previous_file_and_stays_so_when_the_file_is_written_again(tmp_path: Path,
                                                                                     monkeypatch: pytest.MonkeyPatch
                                                                                     ) -> None:
    p = tmp_path / "s.json"
    for link in (True, False):  # a second name for the file (a hard link), or a copy where there are none
        if not link:
            def no_links(*a: object) -> None:
                raise OSError("no hard links here")

            monkeypatch.setattr(os, "link", no_links)
        write_json(p, {"v": 1})
        write_json(p, {"v": 2})
        assert json.loads(files.backup_path(p).read_text()) == {"v": 1}
        write_json(p, {"v": 3})
        assert json.loads(files.backup_path(p).read_text()) == {"v": 2}
        assert json.loads(p.read_text()) == {"v": 3}
        assert not [q for q in tmp_path.iterdir() if files.TEMP_MARK in q.name]


def test_compact_json_reads_back_the_same(tmp_path: Path) -> None:
    data = {"a": [1, {"b": "Zoë \\ \"q\""}], "n": None}
    write_json(tmp_path / "c.json", data, compact=True)
    raw = (tmp_path / "c.json").read_text(encoding="utf-8")
    assert raw.count("\n") == 1 and " " not in raw.replace("Zoë \\\\ \\\"q\\\"", "")
    assert load_json(tmp_path / "c.json", lambda x: x).value == data


def test_the_collector_is_paused_while_a_large_file_is_read_and_back_after(tmp_path: Path) -> None:
    import gc

    p = tmp_path / "big.json"
    p.write_text(json.dumps({"x": ["y" * 100] * 5000}))
    seen: list[bool] = []
    assert gc.isenabled()
    loaded = load_json(p, lambda x: seen.append(gc.isenabled()) or x)
    assert loaded.value is not None and seen == [False] and gc.isenabled()
    bad = load_json(p, lambda x: 1 / 0)  # a validator that trips
    assert bad.value is None and gc.isenabled()

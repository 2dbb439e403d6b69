"""``host --resume`` reads the kept hosted game as a save is read (issue 30 §7): the bounds saves and replays check
(``config_problems`` of rules/config.py: a start score of 10**13 made the rat tails count for ever once play went on),
every record entry replayed, the join secret's length; a bad file is a clear line naming it, and it is kept aside."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from quacks.cli import main
from quacks.net.commands import hosted_path
from quacks.net.host import load_room, read_room
from quacks.session.setup import REMOTE

from .test_room import CAT, begin, hello, room_of


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home of the test's own; a kept game that is read is never served (the command stops there with 0)."""
    from quacks.net import commands

    async def not_served(room: object, bind: str, args: object) -> int:
        return 0

    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    monkeypatch.setattr(commands, "_host", not_served)
    return tmp_path


def kept_room(playing: bool = True) -> dict[str, Any]:
    """A hosted game as the host keeps it: a remote player and a bot, started if ``playing``."""
    room = room_of(REMOTE, "easy")
    room.hello(hello(room, name="Ann"))
    if playing:
        begin(room)
    return {"kind": "quacks-hosted-game", "version": 1, "room": json.loads(json.dumps(room.to_data()))}


def write(doc: dict[str, Any]) -> Path:
    path = hosted_path()
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_a_sound_kept_game_is_read_again() -> None:
    write(kept_room())
    room = load_room(hosted_path(), CAT)
    assert room is not None and room.match is not None and len(room.match.game.record) >= 1


def _big_score(doc: dict[str, Any], where: str) -> None:
    r = doc["room"]
    if where in ("match", "both"):
        r["match"]["setup"]["game"]["setup"] = {"0": {"score": 10**13}}
    if where in ("config", "both"):
        r["config"]["setup"] = {"0": {"score": 10**13}}


@pytest.mark.parametrize(("playing", "where"), [(True, "match"), (True, "both"), (False, "config")])
def test_a_start_score_past_the_bounds_is_refused_at_once(playing: bool, where: str) -> None:
    doc = kept_room(playing)
    _big_score(doc, where)
    path = write(doc)
    done: list[object] = []

    def resume() -> None:
        loaded = read_room(path, CAT)
        room = loaded.value
        if room is not None and room.match is not None:  # the old reader took it: play on, as the host would
            room.match.run_until_human()
        done.append(loaded)

    worker = threading.Thread(target=resume, daemon=True)
    t0 = time.monotonic()
    worker.start()
    worker.join(20)
    assert done, "resuming a hosted game with a start score of 10**13 hung"
    assert time.monotonic() - t0 < 20
    loaded = done[0]
    assert loaded.value is None  # type: ignore[attr-defined]
    text = " ".join(loaded.notes)  # type: ignore[attr-defined]
    assert "hosted-game.json" in text and "score must be a whole number from 0 to" in text, text
    assert not path.exists() and list(path.parent.glob("hosted-game.json.corrupt-*"))  # kept aside, not lost


@pytest.mark.parametrize("secret", ["", "00", "zz" * 5, "00" * 6])
def test_a_bad_join_secret_is_a_clear_line(secret: str, capsys: pytest.CaptureFixture[str]) -> None:
    doc = kept_room()
    doc["room"]["join_secret"] = secret
    write(doc)
    assert main(["host", "--resume", "--bind", "127.0.0.1"]) == 1
    err = capsys.readouterr().err
    assert "join secret" in err and "hosted-game.json" in err, err
    assert "unexpected problem" not in err and "Traceback" not in err and "ValueError" not in err, err


def test_host_resume_names_what_is_wrong_with_the_kept_game(capsys: pytest.CaptureFixture[str]) -> None:
    doc = kept_room()
    _big_score(doc, "both")
    write(doc)
    t0 = time.monotonic()
    assert main(["host", "--resume", "--bind", "127.0.0.1"]) == 1
    assert time.monotonic() - t0 < 20
    err = capsys.readouterr().err
    assert "score" in err and "hosted-game.json" in err and "Traceback" not in err, err
    assert "kept as" in err, err


def test_a_record_entry_that_cannot_be_played_is_named() -> None:
    doc = kept_room()
    doc["room"]["match"]["record"].append(["act", 0, "buy:nonsense"])
    write(doc)
    loaded = read_room(hosted_path(), CAT)
    assert loaded.value is None and "cannot be played" in " ".join(loaded.notes)

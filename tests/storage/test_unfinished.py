"""The unfinished games (issue 19, "No game lost by accident"): every game has an autosave of its own, the last
``MAX_UNFINISHED`` unfinished ones are kept, and a sixth drops only the oldest autosave: never a named save, a
finished game's autosave or a bad file. "Continue" resumes the game last played."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from quacks.session.match import HUMAN, Match
from quacks.storage import paths, replays, saves
from quacks.storage.files import backup_path

from .conftest import finish, make_match, play

T0 = datetime(2025, 1, 31, 20, 0, 0)


def write_game(base: Path, m: Match, minutes: int, game: str | None = None) -> str:
    """Autosave ``m`` as a game started and last played ``minutes`` after T0; its id."""
    game = game or saves.new_game_id(T0 + timedelta(minutes=minutes))
    doc = saves.autosave_document(m, game=game)
    doc["saved_at"] = (T0 + timedelta(minutes=minutes)).astimezone().isoformat(timespec="seconds")
    saves.write_autosave(doc, base)
    return game


@pytest.fixture
def game() -> Match:
    return play(make_match((HUMAN, "easy")), 3)


def test_each_game_has_its_own_autosave_and_continue_takes_the_last_played(base: Path, game: Match) -> None:
    first = write_game(base, game, 0)
    second = write_game(base, play(make_match((HUMAN, "easy"), seed=9), 2), 5)
    assert saves.autosave_path(first, base).exists() and saves.autosave_path(second, base).exists()
    assert [s.game for s in saves.list_autosaves(base)] == [second, first]
    assert saves.autosave_info(base).game == second  # type: ignore[union-attr]
    write_game(base, game, 9, first)  # the first game played again: now it is the last played
    assert saves.autosave_info(base).game == first  # type: ignore[union-attr]
    loaded = saves.load_autosave(base)
    assert loaded.value is not None and loaded.value.to_match().game.record == game.game.record


def test_five_unfinished_games_are_kept_and_a_sixth_drops_only_the_oldest_autosave(base: Path, game: Match) -> None:
    named = saves.save_new_slot("my own save", game, base=base)  # older than every autosave: never dropped
    slot = saves.slot_path(named, base)
    games = [write_game(base, game, k) for k in range(1, 6)]
    assert [s.game for s in saves.unfinished_games(base)] == games[::-1]  # five: all kept
    assert saves.would_drop(base) is not None and saves.would_drop(base).game == games[0]  # type: ignore[union-attr]
    sixth = write_game(base, game, 10)
    kept = [s.game for s in saves.unfinished_games(base)]
    assert kept == [sixth, *games[:0:-1]] and len(kept) == saves.MAX_UNFINISHED
    oldest = saves.autosave_path(games[0], base)
    assert not oldest.exists() and not backup_path(oldest).exists()
    assert slot.exists() and [s.name for s in saves.list_slots(base)] == [named]
    write_game(base, game, 11, sixth)  # a game already kept, saved again: nothing more goes
    assert len(saves.unfinished_games(base)) == saves.MAX_UNFINISHED


def test_a_finished_game_or_a_bad_file_is_never_dropped_to_make_room(base: Path, game: Match) -> None:
    over = write_game(base, finish(make_match((HUMAN, "easy"), seed=2)), 0)  # not yet recorded: kept
    bad = saves.autosave_path(saves.new_game_id(T0), base)
    bad.write_text("{", encoding="utf-8")
    for k in range(1, 8):
        write_game(base, game, k)
    assert len(saves.unfinished_games(base)) == saves.MAX_UNFINISHED
    assert saves.autosave_path(over, base).exists() and bad.exists()
    info = next(s for s in saves.list_autosaves(base) if s.game == over)
    assert info.over and saves.autosave_info(base).game != over  # type: ignore[union-attr]


def test_the_single_autosave_of_older_versions_is_one_of_the_unfinished_games(base: Path, game: Match) -> None:
    saves.autosave(game, None, base)  # game "": saves/autosave.json, as older versions wrote it
    assert paths.autosave_path(base).exists()
    newer = write_game(base, game, 60 * 24 * 365 * 10)  # played later
    assert [s.game for s in saves.list_autosaves(base)] == [newer, ""]
    saves.clear_autosave(base, newer)
    assert saves.autosave_info(base).game == ""  # type: ignore[union-attr]
    assert saves.load_autosave(base).value is not None


def test_a_game_whose_file_went_bad_is_still_listed_from_its_backup(base: Path, game: Match) -> None:
    g = write_game(base, game, 0)
    write_game(base, game, 1, g)  # the second write keeps the first as the backup
    path = saves.autosave_path(g, base)
    path.unlink()
    (info,) = saves.list_autosaves(base)
    assert info.game == g and info.problem is None
    assert saves.load_autosave(base, game=g).value is not None


def test_game_ids_are_checked_and_sort_by_their_start(base: Path) -> None:
    a, b = saves.new_game_id(T0), saves.new_game_id(T0 + timedelta(seconds=1))
    assert a < b and saves.game_of(saves.autosave_path(a, base)) == a
    assert saves.game_of(backup_path(saves.autosave_path(a, base))) == a
    assert saves.game_of(paths.autosave_path(base)) == ""
    assert saves.game_of(base / "slot-x-1234abcd.json") is None
    for bad in ("../x", "20250131-200000-zz", "x" * 30):
        with pytest.raises(ValueError):
            saves.autosave_path(bad, base)


def test_a_finished_games_replay_is_kept_once(base: Path) -> None:
    m = finish(make_match((HUMAN, "easy"), seed=2))
    g = saves.new_game_id(T0)
    first = replays.keep_replay(m, g, base)
    again = replays.keep_replay(m, g, base)
    assert first == again and first.name.startswith(g) and len(replays.list_replays(base)) == 1
    loaded = replays.import_replay(first)
    assert loaded.value is not None and json.loads(first.read_text())["kind"] == saves.REPLAY_KIND
    other = replays.keep_replay(m, "", base)  # no id: a name of its own, never over another
    assert other != first and len(replays.list_replays(base)) == 2

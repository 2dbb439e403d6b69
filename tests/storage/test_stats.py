"""Statistics per local player: what is counted, counted once, and bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from quacks.session.match import HUMAN, Match
from quacks.storage import paths, stats

from .conftest import finish, make_match, play


@pytest.fixture(scope="module")
def duel() -> Match:
    return finish(make_match((HUMAN, "easy"), seed=3))


@pytest.fixture(scope="module")
def table() -> Match:
    return finish(make_match((HUMAN, "easy", HUMAN, "normal"), seed=8), choose=lambda acts: acts[0])


def test_a_finished_match_is_counted_for_the_human(base: Path, duel: Match) -> None:
    assert stats.record_finished_match(duel, base) == (True, [])
    s, notes = stats.load_statistics(base)
    assert notes == [] and set(s.players) == {"Ann"}  # bots have no statistics
    ann = s.player("Ann")
    g = duel.game
    ranking = g.ranking()
    assert ranking is not None
    won = 0 in ranking[0]
    assert (ann.games, ann.wins, ann.score_total, ann.best_score) == (1, int(won), g.seats[0].score, g.seats[0].score)
    assert ann.mean_score == g.seats[0].score
    assert ann.by_opponents == {"easy": stats.Tally(1, int(won))} and ann.by_seats == {2: stats.Tally(1, int(won))}
    pots = [e.get("amount") for e in g.events if e.kind == "vp" and e.seat == 0 and e.get("source") == "space"]
    assert ann.best_pot == max(pots)
    exploded = {e.round for e in g.events if e.kind == "explode" and e.seat == 0}
    assert ann.brews == {r: 1 for r in range(1, 10)}
    assert ann.explosion_rate() == {r: float(r in exploded) for r in range(1, 10)}
    bought = [c for e in g.events if e.kind == "buy" and e.seat == 0 for c in e.get("chips")]
    assert sum(ann.buys.values()) == len(bought) > 0
    assert ann.favourite_buys(1)[0][1] == max(bought.count(c) for c in bought)


def test_the_same_match_is_never_counted_twice(base: Path, duel: Match) -> None:
    stats.record_finished_match(duel, base)
    before = paths.statistics_path(base).read_bytes()
    assert stats.record_finished_match(duel, base) == (False, [])
    copy = Match.from_data(duel.cat, duel.to_data())  # the same game resumed from a save and finished again
    assert stats.record_finished_match(copy, base)[0] is False
    assert paths.statistics_path(base).read_bytes() == before


def test_unfinished_matches_are_not_counted(base: Path) -> None:
    m = play(make_match((HUMAN, "easy")), 3)
    assert stats.record_finished_match(m, base) == (False, [])
    assert not paths.statistics_path(base).exists()


def test_hot_seat_with_bots_counts_each_human_against_mixed_opponents(base: Path, duel: Match,
                                                                      table: Match) -> None:
    stats.record_finished_match(duel, base)
    stats.record_finished_match(table, base)
    s, _ = stats.load_statistics(base)
    assert set(s.players) == {"Ann", "Cid"}
    ann, cid = s.player("Ann"), s.player("Cid")
    assert ann.games == 2 and cid.games == 1
    assert set(ann.by_opponents) == {"easy", "mixed"} and set(ann.by_seats) == {2, 4}
    assert ann.score_total == duel.game.seats[0].score + table.game.seats[0].score
    assert ann.best_score == max(duel.game.seats[0].score, table.game.seats[0].score)
    assert ann.mean_score == ann.score_total / 2
    assert s.player("Nobody") == stats.PlayerStats()


def test_opponent_levels() -> None:
    assert stats.opponents_level(make_match((HUMAN, "hard", "hard")), 0) == "hard"
    assert stats.opponents_level(make_match((HUMAN, HUMAN)), 1) == "human"
    assert stats.opponents_level(make_match((HUMAN, "easy", "normal")), 0) == "mixed"


def test_every_level_of_the_ladder_is_counted_as_its_own_opponent(base: Path) -> None:
    """Expert (issue 23) like the others: a game against Expert bots counts under "expert"."""
    from quacks.ai.levels import LADDER

    for level in LADDER:
        assert stats.opponents_level(make_match((HUMAN, level, level)), 0) == level
    m = finish(make_match((HUMAN, "expert"), seed=3))
    assert stats.record_finished_match(m, base) == (True, [])
    s, _ = stats.load_statistics(base)
    ranking = m.game.ranking()
    assert ranking is not None
    assert s.player("Ann").by_opponents == {"expert": stats.Tally(1, int(0 in ranking[0]))}


def test_bad_statistics_are_kept_aside_and_the_backup_used(base: Path, duel: Match, table: Match) -> None:
    stats.record_finished_match(duel, base)
    stats.record_finished_match(table, base)  # the backup now holds only the duel
    p = paths.statistics_path(base)
    doc = json.loads(p.read_text())
    doc["players"]["Ann"]["wins"] = 99  # more wins than games: hand-edited
    raw = json.dumps(doc).encode()
    p.write_bytes(raw)
    s, notes = stats.load_statistics(base)
    assert "more wins" in notes[0] and "backup" in notes[-1]
    assert s.player("Ann").games == 1
    kept = [q for q in p.parent.iterdir() if ".corrupt-" in q.name]
    assert kept[0].read_bytes() == raw
    assert stats.record_finished_match(table, base)[0] is True  # the table game counts again from the backup
    assert stats.load_statistics(base)[0].player("Ann").games == 2


def test_statistics_from_a_newer_version_are_kept(base: Path) -> None:
    p = paths.statistics_path(base)
    p.parent.mkdir(parents=True)
    p.write_text('{"schema": 2, "kind": "quacks-statistics", "players": {}}')
    s, notes = stats.load_statistics(base)
    assert s == stats.Statistics() and "newer version" in notes[0] and "kept" in notes[-1]

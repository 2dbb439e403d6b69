"""The statistics (after finished games, several players, charts; a damaged file), the rules (every page, the
books in play of a game, scrolling by keys and wheel) and About (the notices table, scrolling, a missing
notices file)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.storage import paths, stats
from quacks.ui.scenes import credits as credits_mod
from quacks.ui.scenes.credits import CreditsScene, load_notices, parse_notices
from quacks.ui.scenes.rules_scene import RulesScene
from quacks.ui.scenes.stats_charts import draw_player
from quacks.ui.scenes.stats_scene import StatsScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import click, finished_with_human, key, match, wheel


def push(d: Driver, scene: object) -> object:
    d.app.push(scene)  # type: ignore[arg-type]
    d.frames(2)
    return scene


# -- statistics ----------------------------------------------------------------------------------------------

def test_no_games_yet(driver: Driver) -> None:
    s = push(driver, StatsScene(driver.app))
    assert isinstance(s, StatsScene) and s.names == []
    key(driver, pygame.K_RIGHT)
    click(driver, s.back_b)
    assert isinstance(driver.scene, TitleScene)


def test_after_finished_games_every_human_has_statistics(driver: Driver, home: Path) -> None:
    for seed in (5, 6, 7):
        stats.record_finished_match(finished_with_human(seed))
    two = match(("human", "human"), seed=8)
    from quacks.devtools.ui.games import play_human_until

    play_human_until(two, lambda _m: False)  # a bot decides for both humans
    assert two.over
    stats.record_finished_match(two)
    stats.record_finished_match(two)  # counted once
    s = push(driver, StatsScene(driver.app))
    assert isinstance(s, StatsScene)
    assert s.names == ["Ann", "Bob"]  # the humans only, never a bot
    p = s.stats.players["Ann"]
    assert p.games == 4 and 0 <= p.wins <= 4 and p.best_score is not None and sum(p.brews.values()) == 36
    assert s.stats.players["Bob"].games == 1 and set(s.stats.players["Bob"].by_opponents) == {"human"}
    assert p.favourite_buys(3)
    seen = set()
    for _ in range(len(s.names) + 1):
        seen.add(s.names[s.index])
        key(driver, pygame.K_RIGHT)
    assert seen == set(s.names)
    key(driver, pygame.K_LEFT)
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_the_charts_fit_a_player_with_many_rows(driver: Driver) -> None:
    p = stats.PlayerStats(games=40, wins=13, score_total=2400, best_score=99, best_pot=35,
                          by_opponents={k: stats.Tally(5, 2) for k in ("easy", "normal", "hard", "human", "mixed",
                                                                         "robot")},
                          by_seats={n: stats.Tally(10, 3) for n in (2, 3, 4)},
                          brews={r: 40 for r in range(1, 10)}, explosions={r: r * 3 for r in range(1, 10)},
                          buys={"orange-1": 30, "blue-2": 12, "red-4": 3, "no-such-chip": 2})
    surf = pygame.Surface((1920, 1080))
    small = pygame.Rect(100, 100, 1500, 260)  # room for a few rows only: the rest is counted, not dropped
    te = driver.app.text
    with te.record(surf) as rec:
        draw_player(surf, te, p, small)
    texts = [getattr(i, "text", "") for i in rec.items]
    assert any("4" in t for t in texts)  # "and 4 more" (in any language: a number is in it)
    draw_player(surf, te, stats.PlayerStats(), pygame.Rect(100, 100, 1500, 600))  # no games: dashes, no errors


def test_wins_by_opponents_list_every_level_weakest_first_expert_too(driver: Driver) -> None:
    """Issue 23: a game against Expert bots has its row like the other levels, in the ladder's order, and no kind's
    id is shown ("vs people", not "vs human")."""
    from quacks.ai.levels import LADDER
    from quacks.wording.text import level_name

    kinds = ("mixed", "expert", "human", "easy", "hard", "normal")
    p = stats.PlayerStats(games=12, wins=5, score_total=600, best_score=70, best_pot=20,
                          by_opponents={k: stats.Tally(2, 1) for k in kinds})
    surf = pygame.Surface((1920, 1080))
    te = driver.app.text
    with te.record(surf) as rec:
        draw_player(surf, te, p, pygame.Rect(100, 100, 1500, 700))
    rows = [i.text.split(":")[0] for i in rec.items if i.text.startswith("vs ")]
    assert rows == [f"vs {level_name(k)}" for k in LADDER] + ["vs people", "vs a mixed table"], rows
    assert "vs Expert" in rows


def test_favourite_buys_with_no_room_are_counted_not_dropped(driver: Driver) -> None:
    """A short chart area (a small window at a large scale) shows the first buys and says how many more there
    are: the sixth favourite used to disappear without a word."""
    names = ("orange-1", "blue-2", "red-4", "green-1", "yellow-1", "purple-1")
    p = stats.PlayerStats(games=3, wins=1, score_total=150, best_score=60, best_pot=20,
                          buys={n: 76 - k for k, n in enumerate(names)})  # counts 76, 75, ... 71: easy to find
    surf = pygame.Surface((1920, 1080))
    te = driver.app.text
    with te.record(surf) as rec:
        draw_player(surf, te, p, pygame.Rect(100, 100, 1500, 330))
    texts = [i.text for i in rec.items]
    counts = [t for t in texts if t in {str(v) for v in range(71, 77)}]
    more = [t for t in texts if t.startswith("and ") and t.endswith(" more")]
    assert len(counts) < len(names) and more == [f"and {len(names) - len(counts)} more"], texts


def test_a_damaged_statistics_file_is_reported(driver: Driver, home: Path) -> None:
    p = paths.statistics_path()
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('{"kind": "quacks-statistics", "schema": 1, "players": {"Ann": {"games": -3}}}', encoding="utf-8")
    s = push(driver, StatsScene(driver.app))
    assert isinstance(s, StatsScene) and s.notes and s.names == []


def test_statistics_that_cannot_be_read_at_all_are_said(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*a: object) -> object:
        raise OSError("the folder is gone")

    monkeypatch.setattr(stats, "load_statistics", boom)
    s = push(driver, StatsScene(driver.app))
    assert isinstance(s, StatsScene) and s.notes and "the folder is gone" in s.notes[0]


# -- rules ---------------------------------------------------------------------------------------------------

def test_every_page_by_tab_key_and_arrows(driver: Driver) -> None:
    r = push(driver, RulesScene(driver.app))
    assert isinstance(r, RulesScene)
    pages = []
    for i, tab in enumerate(r.tabs):
        click(driver, tab)
        assert r.page == i
        pages.append(r.entries())
    assert all(pages) and len(pages) == 6
    assert len(pages[2]) > len(pages[1]) or pages[1] == pages[2]  # without a game "in play" is every book
    key(driver, pygame.K_1)
    assert r.page == 0
    key(driver, pygame.K_LEFT)
    assert r.page == 5
    key(driver, pygame.K_RIGHT)
    key(driver, pygame.K_RIGHT)
    assert r.page == 1
    key(driver, pygame.K_TAB)  # Tab is not a page key (over the table it skips ahead)
    assert r.page == 1
    key(driver, pygame.K_4)
    assert r.page == 3
    key(driver, pygame.K_6)
    assert r.page == 5
    keys = dict((t, b) for t, b, _c in r.entries())
    assert "D: draw a chip" in keys["At the table"] and "Space: go on" in keys["At the table"]
    key(driver, pygame.K_7)  # no seventh page
    assert r.page == 5


def test_the_online_page_says_how_to_play_on_a_lan_over_the_internet_and_when_not_found(driver: Driver) -> None:
    """Issue 22, item 5: the port to forward is the host's default one; every language says it all."""
    from quacks import i18n
    from quacks.net import DEFAULT_PORT

    r = push(driver, RulesScene(driver.app))
    assert isinstance(r, RulesScene)
    key(driver, pygame.K_5)
    headings = [t for t, _b, _c in r.entries()]
    text = " ".join(b for _t, b, _c in r.entries())
    assert headings == ["On one network (LAN)", "Over the internet", "When the game is not found"]
    assert f"TCP port {DEFAULT_PORT}" in text and "VPN" in text and "multicast" in text and "firewall" in text
    assert "Play online" in text and "Host a game" in text and "Join a game" in text
    try:
        for lang, words in (("de", ("Online spielen", "Firewall")), ("nl", ("Online spelen", "firewall"))):
            i18n.set_language(lang)
            r.layout()
            entries = r.entries()
            page = " ".join(t + " " + b for t, b, _c in entries)
            assert len(entries) == 3 and str(DEFAULT_PORT) in page and "VPN" in page, lang
            assert all(w in page for w in words), (lang, page)
            assert not {t for t, _b, _c in entries} & set(headings), f"{lang}: a heading is untranslated"
            assert r.pages[4] != "Playing online", lang
    finally:
        i18n.set_language("en")


def test_the_books_in_play_are_the_games_own(driver: Driver) -> None:
    m = match(books=3)
    r = RulesScene(driver.app, m.game)
    r.goto(1)
    in_play = r.entries()
    r.goto(2)
    every = r.entries()
    assert len(in_play) < len(every)
    assert all("orange" == c or "black" == c or m.game.books[next(k for k in m.game.books if k.value == c)].set == 3
               for _t, _b, c in in_play if c)


def test_scrolling_stops_at_the_end_and_the_top(driver: Driver) -> None:
    r = push(driver, RulesScene(driver.app))
    assert isinstance(r, RulesScene)
    key(driver, pygame.K_3)  # every book: a long page
    for _ in range(200):
        key(driver, pygame.K_PAGEDOWN, frames=0)
    driver.frames(1)
    assert 0 < r.scroll == r.max_scroll
    wheel(driver, 2)
    assert r.scroll == r.max_scroll - 120
    for _ in range(200):
        key(driver, pygame.K_UP, frames=0)
    assert r.scroll == 0
    wheel(driver, -1)
    assert r.scroll == 60
    key(driver, pygame.K_2)
    assert r.scroll == 0  # a new page starts at its top
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


# -- about ---------------------------------------------------------------------------------------------------

def test_about_lists_the_notices_and_scrolls(driver: Driver) -> None:
    c = push(driver, CreditsScene(driver.app))
    assert isinstance(c, CreditsScene)
    assert not c.problem and any(row.name.lower().startswith("pygame") for row in c.rows)
    assert c.where()
    for _ in range(50):
        key(driver, pygame.K_PAGEDOWN, frames=0)
    driver.frames(1)
    for _ in range(50):
        key(driver, pygame.K_PAGEDOWN, frames=0)
    assert c.scroll == c.max_scroll
    key(driver, pygame.K_UP)
    key(driver, pygame.K_DOWN)
    key(driver, pygame.K_PAGEUP)
    wheel(driver, -1)
    key(driver, pygame.K_HOME)
    assert c.scroll == 0
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_a_missing_or_empty_notices_file_is_explained(driver: Driver, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    rows, problem = load_notices(tmp_path / "nowhere.md")
    assert rows == [] and "THIRD_PARTY_NOTICES.md" in problem
    empty = tmp_path / "NOTICES.md"
    empty.write_text("# notices\n\nno table here\n", encoding="utf-8")
    rows, problem = load_notices(empty)
    assert rows == [] and str(empty) in problem
    monkeypatch.setattr(credits_mod, "notices_path", lambda: tmp_path / "nowhere.md")

    def no_licence() -> Path:
        raise FileNotFoundError("LICENSE")

    monkeypatch.setattr(credits_mod, "license_path", no_licence)
    c = push(driver, CreditsScene(driver.app))
    assert isinstance(c, CreditsScene) and c.problem and c.rows == [] and c.where()


def test_the_notices_table_is_read_row_by_row() -> None:
    text = ("intro\n\n| component | what it is | licence | wheel | bundle |\n|---|---|---|---|---|\n"
            "| A | the `a` thing | MIT | yes | no |\n| broken row | x |\n| B | b | Zlib | no | yes |\n\n"
            "| other | table |\n")
    rows = parse_notices(text)
    assert [(r.name, r.what, r.licence, r.wheel, r.bundle) for r in rows] == [
        ("A", "the a thing", "MIT", True, False), ("B", "b", "Zlib", False, True)]

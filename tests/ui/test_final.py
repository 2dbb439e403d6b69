"""The end of a game: a bot table played through to the final screen (statistics counted, the autosave gone),
the breakdown and chart, export and watch the replay (and when they fail), a tie, New game and Title."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.storage import paths, replays, stats
from quacks.ui.flows import WRITER, start_match
from quacks.ui.keys import Act
from quacks.ui.scenes.final import FinalScene, score_by_round, vp_breakdown
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.replay_view import ReplayScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import click, finished, finished_with_human, key, match


def final_over_title(d: Driver, m: object) -> FinalScene:
    if not d.app.scenes:
        d.app.push(TitleScene(d.app))
    f = FinalScene(d.app, m)  # type: ignore[arg-type]
    d.app.push(f)
    d.frames(2)
    return f


def test_a_game_played_to_its_end_is_counted_and_forgotten(driver: Driver, home: Path) -> None:
    """Three bots and a human who always stops at once: the table runs to the final screen."""
    m = match(("human", "easy", "easy"), seed=12, fortunes=False)
    start_match(driver.app, m.setup)
    table = driver.scene
    for _ in range(20_000):
        s = driver.scene
        if isinstance(s, FinalScene):
            break
        if s is not table:  # round results (Space or Enter), confirmations (Enter), choices (the first option)
            driver.answer_first(frames=1) if s is table.turns.choice else driver.press(Act.CONFIRM, frames=1)  # type: ignore[attr-defined]
            continue
        if table.driver.human_turn() and table.controls.active:  # type: ignore[attr-defined]
            driver.press(Act.STOP if table.controls.shop is None else Act.NO, frames=1)  # type: ignore[attr-defined]
            if table.controls.active and table.driver.human_turn():  # type: ignore[attr-defined]
                driver.answer_first(frames=1)
            continue
        driver.frames(1)
    f = driver.scene
    assert isinstance(f, FinalScene) and f.match.game.is_over
    WRITER.flush()
    assert not paths.autosave_path().exists()  # the game is over: nothing to continue
    st, _notes = stats.load_statistics()
    assert st is not None and st.players["Ann"].games == 1  # counted for the human


def test_breakdown_adds_up_and_the_chart_runs_from_start_to_the_last_round(driver: Driver) -> None:
    m = finished_with_human(7)
    f = final_over_title(driver, m)
    rows = vp_breakdown(m)
    for i, s in enumerate(m.game.seats):
        assert sum(rows[i].values()) == s.score
    series = score_by_round(m)
    assert all(len(s) == 10 for s in series) and [s[-1] for s in series] == [s.score for s in m.game.seats]
    assert all(a <= b for s in series for a, b in zip(s, s[1:]))  # scores only grow
    assert f.message == ""


def test_export_by_button_writes_a_replay_and_watch_opens_it(driver: Driver, home: Path) -> None:
    m = finished()
    f = final_over_title(driver, m)
    export = next(b for b in f.buttons if b.on_click == f.export)
    click(driver, export)
    files = list(paths.replays_dir().glob("*.quacks-replay.json"))
    assert len(files) == 1 and str(files[0]) in f.message
    assert replays.import_replay(files[0]).value is not None
    watch = next(b for b in f.buttons if b.on_click == f.watch)
    click(driver, watch)
    assert isinstance(driver.scene, ReplayScene)
    key(driver, pygame.K_ESCAPE)
    assert driver.scene is f


def test_export_and_watch_that_fail_are_said(driver: Driver, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = final_over_title(driver, finished())

    def full(*a: object, **k: object) -> Path:
        raise OSError("No space left on device")

    monkeypatch.setattr(replays, "export_replay", full)
    key(driver, pygame.K_x)
    assert "No space left on device" in f.message

    def bad(*a: object, **k: object) -> None:
        raise ValueError("the record does not replay")

    monkeypatch.setattr(ReplayScene, "__init__", bad)
    key(driver, pygame.K_w)
    assert driver.scene is f and "the record does not replay" in f.message
    driver.frames(1)  # the message is drawn


def test_new_game_and_title_leave_the_final_screen(driver: Driver) -> None:
    f = final_over_title(driver, finished())
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.scene, NewGameScene) and f not in driver.app.scenes
    f = final_over_title(driver, finished())
    click(driver, next(b for b in f.buttons if b.on_click == f.title))
    assert isinstance(driver.scene, TitleScene) and f not in driver.app.scenes
    f = final_over_title(driver, finished())
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, TitleScene)


def test_a_tie_on_points_says_who_got_further(driver: Driver) -> None:
    m = finished(seed=5)
    g = m.game
    a, b = g.seats
    b.score = a.score  # the same points: the last space reached breaks the tie (R23)
    a.last_space, b.last_space = 18, 17  # the two spaces printed 16 (issue 19 §3: said as printed, and which)
    assert g.ranking() == [[0], [1]]
    f = final_over_title(driver, m)
    te = driver.app.text
    with te.record(driver.app.screen) as rec:
        f.invalidate()
        f.draw(driver.app.screen)
    said = " ".join(getattr(i, "text", "") for i in rec.items)
    assert "space 16 (second) against 16 (first)" in said, said
    b.last_space = 18  # a shared first place: both win
    assert g.ranking() == [[0, 1]]
    f.invalidate()
    f.draw(driver.app.screen)


def test_the_winner_row_is_banded_and_the_first_three_places_wear_medals(driver: Driver,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32 (the final page in the table's look): the first three places as medals with their number, the
    winner's row on a golden band; a fourth place keeps its number."""
    from quacks.ui import art
    from quacks.ui import theme as T
    from quacks.ui.app import canvas_rect

    medals: list[int] = []
    real = art.medal

    def counted(place: int, size: int) -> pygame.Surface:
        medals.append(place)
        return real(place, size)

    monkeypatch.setattr(art, "medal", counted)
    m = finished(("easy", "easy", "easy", "easy"), seed=5)
    f = final_over_title(driver, m)
    surf = pygame.Surface(canvas_rect().size)
    medals.clear()
    f.draw(surf)
    ranking = f.match.game.ranking() or []
    places = [1 + sum(len(g) for g in ranking[:k]) for k, group in enumerate(ranking) for _i in group]
    assert sorted(medals) == sorted(p for p in places if p <= 3)
    body = f.frame.body
    row = [surf.get_at((body.centerx, y))[:3] for y in range(body.y, body.bottom)]
    assert T.WINNER_BAND in row

"""No game lost by accident (issue 19 §6): starting or loading a game while one is unfinished asks first, names the
game, goes back on Enter and keeps the unfinished one either way; Continue resumes the game last played, one just
loaded from the Load list too; the Load list shows the unfinished games; a finished game's autosave goes only
once its statistics and replay are written."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.storage import replays, saves, stats
from quacks.ui import flows
from quacks.ui.flows import WRITER
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.scenes.load import LoadScene, slot_texts
from quacks.ui.scenes.newgame import NewGameScene
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import button, finished_with_human, key, match, scene_of


def unfinished(seed: int = 5, kinds: tuple[str, ...] = ("human", "easy")) -> tuple[str, object]:
    """An unfinished game autosaved as the table does it (an id of its own); (id, match)."""
    m = match(kinds, seed)
    m.run_until_human()
    game = saves.new_game_id()
    saves.autosave(m, game=game)
    return game, m


def to_title(d: Driver) -> TitleScene:
    d.app.back_to(TitleScene, lambda: TitleScene(d.app))
    d.frames(2)
    assert isinstance(d.scene, TitleScene)
    return d.scene


def test_new_game_asks_first_names_the_game_goes_back_on_enter_and_keeps_it(driver: Driver) -> None:
    game, m = unfinished()
    driver.key(pygame.K_DOWN)  # from Continue to New game
    t = driver.scene
    assert isinstance(t, TitleScene)
    t.new_game()
    driver.frames(2)
    assert isinstance(driver.scene, NewGameScene)
    driver.key(pygame.K_RETURN)  # Start
    ask = driver.scene
    assert isinstance(ask, Confirm), "a new game over an unfinished one must ask first"
    assert "Ann, Bob" in ask.text and f"round {m.game.round}" in ask.text and "last played" in ask.text
    assert "kept" in ask.text
    driver.key(pygame.K_RETURN)  # the default: go back
    assert isinstance(driver.scene, NewGameScene)
    assert [s.game for s in saves.list_autosaves()] == [game]
    driver.key(pygame.K_RETURN)
    assert isinstance(driver.scene, Confirm)
    driver.key(pygame.K_y)  # start it
    table = scene_of(driver, TableScene)
    WRITER.flush()
    kept = [s.game for s in saves.unfinished_games()]
    assert kept == [table.game_id, game]  # the new game is the last played; the old one is kept
    assert saves.load_autosave(game=game).value.to_match().game.record == m.game.record  # type: ignore[union-attr]


def test_no_question_without_an_unfinished_game(driver: Driver) -> None:
    t = driver.scene
    t.new_game()
    driver.frames(2)
    driver.key(pygame.K_RETURN)
    assert isinstance(scene_of(driver, TableScene), TableScene) and not isinstance(driver.scene, NewGameScene)


def test_the_guided_game_asks_too(driver: Driver) -> None:
    from quacks.ui.scenes.lessons import LessonsScene

    unfinished()
    t = to_title(driver)
    t.learn()
    driver.frames(1)
    assert isinstance(driver.scene, LessonsScene)  # "Learn to play" lists the lessons first
    driver.key(pygame.K_RETURN)  # the guided game from the start
    assert isinstance(driver.scene, Confirm)
    key(driver, pygame.K_ESCAPE)  # go back: the lessons, and no new game
    assert isinstance(driver.scene, LessonsScene) and not any(isinstance(s, TableScene) for s in driver.app.scenes)


def test_the_question_says_which_game_a_sixth_would_drop(driver: Driver) -> None:
    games = [unfinished(seed)[0] for seed in range(1, 6)]
    t = to_title(driver)
    t.new_game()
    driver.frames(2)
    driver.key(pygame.K_RETURN)
    ask = driver.scene
    assert isinstance(ask, Confirm) and "oldest" in ask.text and str(saves.MAX_UNFINISHED) in ask.text
    driver.key(pygame.K_y)
    WRITER.flush()
    kept = {s.game for s in saves.unfinished_games()}
    oldest = min(games, key=lambda g: saves.autosave_path(g).stat().st_mtime_ns if saves.autosave_path(g).exists()
                 else 0)
    assert len(kept) == saves.MAX_UNFINISHED and oldest not in kept


def test_continue_after_load_resumes_the_loaded_game_and_the_named_save_stays(driver: Driver, home: Path) -> None:
    game, _m = unfinished(5)
    other = match(("human", "easy", "easy"), seed=8)
    other.run_until_human()
    name = saves.save_new_slot("to load", other)
    before = saves.slot_path(name).read_bytes()
    t = to_title(driver)
    t.load()
    driver.frames(2)
    ls = driver.scene
    assert isinstance(ls, LoadScene)
    texts = [slot_texts(s) for s in ls.slots]
    assert any(detail.startswith("unfinished") for _t, detail, _p in texts)  # the unfinished game is listed
    ls.choose(next(i for i, s in enumerate(ls.slots) if not s.autosave))
    ls.load()
    driver.frames(1)
    assert isinstance(driver.scene, Confirm) and "Load another game" in driver.scene.text
    driver.key(pygame.K_y)
    table = scene_of(driver, TableScene)
    assert table.match.game.record == other.game.record
    table.menu.quit_to_title()  # at once: nothing played on the loaded game yet
    driver.frames(2)
    t = driver.scene
    assert isinstance(t, TitleScene)
    cont = button(t.buttons, t.continue_game)
    assert cont.enabled
    t.continue_game()
    driver.frames(2)
    again = scene_of(driver, TableScene)
    assert again.match.game.record == other.game.record and again.game_id == table.game_id
    assert saves.slot_path(name).read_bytes() == before  # a named save is never written over
    assert game in {s.game for s in saves.unfinished_games()}


def test_loading_the_unfinished_game_itself_asks_nothing(driver: Driver) -> None:
    game, m = unfinished()
    t = to_title(driver)
    t.load()
    driver.frames(2)
    ls = driver.scene
    assert isinstance(ls, LoadScene) and ls.slots[0].game == game
    ls.load()
    driver.frames(2)
    table = scene_of(driver, TableScene)
    assert table.game_id == game and table.match.game.record == m.game.record  # type: ignore[attr-defined]


def test_a_finished_games_autosave_stays_until_its_replay_is_written(driver: Driver,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    m = finished_with_human(5)
    game = saves.new_game_id()
    saves.autosave(m, game=game)

    def full_disk(*a: object, **k: object) -> object:
        raise OSError("no space left on device")

    keep_replay = replays.keep_replay
    monkeypatch.setattr(replays, "keep_replay", full_disk)
    flows.game_finished(driver.app, m, game)
    assert saves.autosave_path(game).exists(), "the game is not recorded whole: its autosave stays"
    assert flows.has_autosave()[0] is False  # it is over: nothing to continue
    monkeypatch.setattr(replays, "keep_replay", keep_replay)  # the disk has room again
    flows.settle_finished(driver.app)  # the next visit of the title records it
    assert not saves.autosave_path(game).exists()
    assert len(replays.list_replays()) == 1
    st, _ = stats.load_statistics()
    assert st is not None and st.players["Ann"].games == 1  # counted once, not twice

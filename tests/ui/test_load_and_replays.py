"""The load screen with real files in a temporary QUACKS_HOME: named saves listed newest first, chosen by keys
or a click, loaded onto the table, deleted; a damaged save listed with its problem; the replay list: files
listed and opened in the viewer, a damaged one reported; the viewer's buttons, bag, log and hover help."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from quacks.storage import paths, replays, saves
from quacks.ui.overlays.bag import BagView
from quacks.ui.overlays.log import LogView
from quacks.ui.scenes.load import LoadScene, _phase
from quacks.ui.scenes.replay_scene import ReplayListScene
from quacks.ui.scenes.replay_view import ReplayScene, describe_entry
from quacks.ui.scenes.table import TableScene
from quacks.ui.scenes.title import TitleScene

from .driver import Driver
from .screens import button, click, finished, hover, key, label_sizes, match, scene_of


def open_load(d: Driver) -> LoadScene:
    t = d.scene
    assert isinstance(t, TitleScene)
    t.load()
    d.frames(2)
    assert isinstance(d.scene, LoadScene)
    return d.scene


def _two_saves() -> tuple[object, object]:
    a = match(seed=3)
    a.run_until_human()
    saves.save_slot("first game", a)
    b = match(("human", "easy", "easy"), seed=4)
    b.run_until_human()
    saves.save_slot("second game", b)
    # the second is the newer
    first = saves.slot_path("first game")
    os.utime(first, (1_000_000, 1_000_000))
    return a, b


def test_no_saves_yet(driver: Driver) -> None:
    ls = open_load(driver)
    assert ls.slots == [] and not ls.load_b.enabled and not ls.delete_b.enabled and ls.load_b.reason
    key(driver, pygame.K_RETURN)
    key(driver, pygame.K_DELETE)
    key(driver, pygame.K_DOWN)
    assert isinstance(driver.scene, LoadScene) and ls.message == ""


def test_saves_are_listed_chosen_and_loaded(driver: Driver, home: Path) -> None:
    a, b = _two_saves()
    ls = open_load(driver)
    names = [s.name for s in ls.slots]
    assert sorted(names) == ["first game", "second game"]
    assert all(s.problem is None and s.round == 1 for s in ls.slots)
    want = names.index("first game")
    while ls.index != want:
        key(driver, pygame.K_DOWN)
    key(driver, pygame.K_UP)
    key(driver, pygame.K_DOWN)
    assert ls.slots[ls.index].name == "first game"
    assert ls.load_b.enabled
    key(driver, pygame.K_RETURN)
    table = scene_of(driver, TableScene)
    assert table.match.game.record == a.game.record  # type: ignore[attr-defined]
    assert not any(isinstance(s, LoadScene) for s in driver.app.scenes)  # the list closed


def test_a_click_chooses_a_row_and_the_load_button_loads_it(driver: Driver, home: Path) -> None:
    a, b = _two_saves()
    ls = open_load(driver)
    i = [s.name for s in ls.slots].index("second game")
    driver.click(dict(ls.list.rects(driver.app.text, len(ls.slots)))[i].center)
    assert ls.index == i
    click(driver, button([ls.load_b], ls.load))
    table = scene_of(driver, TableScene)
    assert table.match.game.n == 3 and table.match.game.record == b.game.record  # type: ignore[attr-defined]


def test_delete_removes_the_file(driver: Driver, home: Path) -> None:
    _two_saves()
    ls = open_load(driver)
    gone = ls.slots[ls.index]
    click(driver, ls.delete_b)
    assert not gone.path.exists() and ls.message
    assert [s.name for s in ls.slots] != [] and gone.name not in [s.name for s in ls.slots]
    key(driver, pygame.K_DELETE)
    assert ls.slots == [] and not saves.list_slots()


def test_a_damaged_save_is_listed_with_its_problem_and_cannot_be_loaded(driver: Driver, home: Path) -> None:
    folder = paths.saves_dir(create=True)
    (folder / "slot-broken-00000000.json").write_text("{ this is not json", encoding="utf-8")
    ls = open_load(driver)
    assert len(ls.slots) == 1 and ls.slots[0].problem
    assert not ls.load_b.enabled and ls.load_b.reason
    driver.frames(2)  # the problem is drawn in the row
    ls.load()  # even when asked: the reason is shown, the screen stays
    assert isinstance(driver.scene, LoadScene) and ls.message


def test_a_save_that_cannot_be_resumed_says_so(driver: Driver, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _two_saves()
    ls = open_load(driver)

    def broken(self: object, catalogue: object = None) -> object:
        raise ValueError("the record does not replay")

    monkeypatch.setattr(saves.SavedGame, "to_match", broken)
    ls.load()
    driver.frames(1)
    assert not any(isinstance(s, TableScene) for s in driver.app.scenes)


def test_listing_or_deleting_that_fails_is_said(driver: Driver, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _two_saves()
    ls = open_load(driver)

    def cannot(*a: object, **k: object) -> None:
        raise OSError("the disk is read-only")

    monkeypatch.setattr(saves, "delete_slot", cannot)
    ls.delete()
    assert ls.message and len(ls.slots) == 2
    monkeypatch.setattr(saves, "list_slots", cannot)
    ls.refresh()
    assert ls.slots == [] and ls.message
    driver.frames(1)


def test_a_phase_the_game_does_not_know_is_shown_as_it_is() -> None:
    assert _phase("brewing") and _phase("brewing") != "" and _phase("zzz-unknown") == "zzz-unknown"


# -- replays -------------------------------------------------------------------------------------------------

def _exported(seed: int = 5) -> Path:
    m = finished(seed=seed)
    return replays.export_replay(m, paths.replays_dir(create=True) / f"game-{seed}")


def open_replays(d: Driver) -> ReplayListScene:
    ls = open_load(d)
    key(d, pygame.K_r)
    assert isinstance(d.scene, ReplayListScene)
    assert d.scene is not ls
    return d.scene


def test_no_replays_yet(driver: Driver) -> None:
    rl = open_replays(driver)
    assert rl.files == [] and not rl.open_b.enabled and rl.open_b.reason
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.scene, ReplayListScene)
    key(driver, pygame.K_ESCAPE)
    assert isinstance(driver.scene, LoadScene)


def test_replays_are_listed_and_open_in_the_viewer(driver: Driver, home: Path) -> None:
    first, second = _exported(5), _exported(6)
    os.utime(first, (1_000_000, 1_000_000))
    ls = open_load(driver)
    click(driver, button([ls.replays_b], ls.replays))
    rl = driver.scene
    assert isinstance(rl, ReplayListScene)
    assert [f.path for f in rl.files] == [second, first]  # newest first
    key(driver, pygame.K_DOWN)
    assert rl.index == 1
    key(driver, pygame.K_UP)
    key(driver, pygame.K_UP)
    assert rl.index == 1
    click(driver, rl.open_b)
    viewer = driver.scene
    assert isinstance(viewer, ReplayScene)
    assert viewer.cursor.length == len(replays.import_replay(first).value.match_data["record"])  # type: ignore[union-attr]
    key(driver, pygame.K_ESCAPE)
    assert driver.scene is rl


def test_a_damaged_replay_is_reported(driver: Driver, home: Path) -> None:
    folder = paths.replays_dir(create=True)
    (folder / "bad.quacks-replay.json").write_text('{"kind": "quacks-replay"', encoding="utf-8")
    rl = open_replays(driver)
    assert len(rl.files) == 1
    key(driver, pygame.K_RETURN)
    assert isinstance(driver.scene, ReplayListScene) and rl.message
    driver.frames(2)  # drawn with the message


def test_a_replay_list_that_cannot_be_read_is_said(driver: Driver, home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def cannot(*a: object, **k: object) -> Path:
        raise PermissionError("no entry")

    monkeypatch.setattr(paths, "replays_dir", cannot)
    rl = open_replays(driver)
    assert rl.files == [] and rl.message


def test_the_viewer_buttons_bag_log_focus_and_play(driver: Driver, home: Path) -> None:
    path = _exported(5)
    saved = replays.import_replay(path).value
    viewer = ReplayScene(driver.app, saved)
    driver.app.push(viewer)
    driver.frames(1)
    c = viewer.cursor
    by = {b.on_click: b for b in viewer.buttons}
    click(driver, by[viewer.forward])
    click(driver, by[viewer.forward])
    assert c.index == 2
    click(driver, by[viewer.back])
    assert c.index == 1
    click(driver, by[viewer.next_round])
    assert viewer.g.round == 2
    click(driver, by[viewer.prev_round])
    assert c.index < c.round_start(2)
    click(driver, by[viewer.to_end])
    assert c.at_end
    click(driver, by[viewer.next_round])  # no round after the last: stays at the end
    assert c.at_end
    click(driver, by[viewer.to_start])
    assert c.index == 0
    click(driver, by[viewer.toggle_play])
    assert viewer.playing and viewer.busy()
    driver.frames(40, dt=0.1)
    assert c.index > 3
    key(driver, pygame.K_SPACE)
    assert not viewer.playing
    viewer.to_end()
    viewer.toggle_play()
    driver.frames(2, dt=0.3)
    assert not viewer.playing  # at the end it stops by itself
    focus = viewer.focus
    key(driver, pygame.K_v)
    assert viewer.focus == (focus + 1) % viewer.g.n
    other = next(iter(viewer.view.other_rects))
    driver.click(viewer.view.other_rects[other].center)  # a click on another seat's pot looks at it
    assert viewer.focus == other
    key(driver, pygame.K_b)
    assert any(isinstance(s, BagView) for s in driver.app.scenes)
    key(driver, pygame.K_b)
    assert not any(isinstance(s, BagView) for s in driver.app.scenes)
    key(driver, pygame.K_l)
    assert any(isinstance(s, LogView) for s in driver.app.scenes)
    key(driver, pygame.K_l)
    assert not any(isinstance(s, LogView) for s in driver.app.scenes)
    hover(driver, viewer.view.board.die_rect.center)
    assert viewer.hover_text  # the bonus die explained


def test_every_kind_of_record_entry_is_described() -> None:
    names = ("Ann", "Bob")
    m = finished(seed=5)
    said = {describe_entry(list(e), names) for e in m.game.record}
    assert all(said) and len(said) > 10
    assert describe_entry([], names) == ""
    assert "?" in describe_entry(["act", 7, "stop"], names)


# -- the lists: rows at every UI scale, scrolling, the mouse ------------------------------------------------

def test_a_long_list_of_saves_scrolls_with_the_choice_and_says_how_many_more(driver: Driver, home: Path) -> None:
    m = match(seed=3)
    m.run_until_human()
    for i in range(25):
        saves.save_slot(f"game {i:02d}", m)
    ls = open_load(driver)
    te = driver.app.text
    fits = ls.list.capacity(te)
    assert 4 <= fits < 25
    key(driver, pygame.K_END)
    driver.frames(1)
    assert ls.index == 24
    shown = dict(ls.list.rects(te, len(ls.slots)))
    assert 24 in shown and 0 not in shown and ls.list.top == 25 - fits  # the chosen row is in view
    assert all(ls.list.area.contains(r) for r in shown.values())
    key(driver, pygame.K_HOME)
    assert ls.index == 0 and ls.list.rects(te, 25)[0][0] == 0
    driver.app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert ls.index == 3  # the wheel moves the choice (down by 3)
    second = dict(ls.list.rects(te, 25))[1]
    driver.click(second.center)
    assert ls.index == 1


@pytest.mark.parametrize("scale", [100, 200])
def test_rows_grow_with_the_ui_scale_and_the_title_says_who_plays(home: Path, scale: int) -> None:
    d = Driver(ui_scale=scale)
    d.app.push(TitleScene(d.app))
    m = match(seed=3)
    m.run_until_human()
    saves.save_slot("a game", m)
    ls = open_load(d)
    te = d.app.text
    with te.roomy():
        assert ls.list.row_h(te) >= te.height("serif-bold", 26) + te.height("sans", 17)
    d.frames(1)
    (row,) = ls.list.rects(te, 1)
    assert row[1].h == ls.list.row_h(te) and (scale == 100 or row[1].h > 100)  # 72 at 100%
    from quacks.ui.scenes.load import slot_texts

    title, detail, problem = slot_texts(ls.slots[0])
    assert title == ", ".join(m.game.seats[i].name for i in range(m.game.n)) and not problem
    assert "round 1" in detail and "saved" in detail


def test_a_replay_row_says_who_played_who_won_and_the_file(home: Path) -> None:
    from quacks.ui.scenes.replay_scene import replay_texts

    m = finished(seed=5)
    path = replays.export_replay(m, paths.replays_dir(create=True) / "game-5")
    (info,) = replays.list_replays()
    assert info.path == path and info.over and info.scores == tuple(s.score for s in m.game.seats)
    title, detail, problem = replay_texts(info)
    best = max(s.score for s in m.game.seats)
    winners = [s.name for s in m.game.seats if s.score == best]
    assert title == ", ".join(s.name for s in m.game.seats) and not problem
    assert winners[0] in detail and f"{best} VP" in detail and "game-5" in detail
    (paths.replays_dir() / "bad.quacks-replay.json").write_text("[]", encoding="utf-8")
    bad = next(r for r in replays.list_replays() if r.name == "bad")
    assert bad.problem and replay_texts(bad)[2]


def test_the_viewer_bar_draws_its_labels_at_one_size(driver: Driver, home: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """'<< round' and 'round >>' came out smaller than 'play' beside them."""
    viewer = ReplayScene(driver.app, replays.import_replay(_exported(5)).value)  # type: ignore[arg-type]
    driver.app.push(viewer)
    sizes = label_sizes(monkeypatch)
    viewer.draw(driver.app.screen)
    assert len({sizes[b.label] for b in viewer.buttons}) == 1, sizes


def test_the_load_list_reads_each_save_once_not_at_every_arrow_key(driver: Driver, home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: the Load list read every save again on each arrow key (5-10 s a key with 50 large saves). Now the
    keys read nothing; a visit reads only the files that changed since (``python -m quacks bench --only storage``
    measures it)."""
    m = match(seed=3)
    m.run_until_human()
    for i in range(6):
        saves.save_slot(f"game {i}", m)
    reads: list[Path] = []
    real = saves.read_one

    def counted(path: Path, *a: object) -> object:
        reads.append(path)
        return real(path, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(saves, "read_one", counted)
    ls = open_load(driver)
    assert len(reads) == 6 and len(ls.slots) == 6
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_END, pygame.K_HOME):
        key(driver, k)
    driver.app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert ls.index == 2 and len(reads) == 6  # moving the choice reads no file
    assert ls.load_b.enabled
    driver.app.pop()
    m.run_until_human()
    saves.save_slot("game 4", m.to_data())  # one save changes (a new file in its place) before the next visit
    ls = open_load(driver)
    assert reads[6:] == [saves.slot_path("game 4")]

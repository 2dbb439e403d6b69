"""The replay viewer steps through a finished game: forward, back, jump to a round; export and watch."""

from __future__ import annotations

from pathlib import Path

import pygame

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.rules.snapshot import fingerprint
from quacks.session.match import Match, MatchSetup, SeatSpec
from quacks.ui.scenes.final import FinalScene
from quacks.ui.scenes.replay_view import ReplayScene

from .driver import Driver


def finished_match() -> Match:
    cfg = GameConfig(seats=("Ada", "Bo"), books={c: 2 for c in SET_COLOURS})
    m = Match(default_catalogue(), MatchSetup(cfg, (SeatSpec("Ada", "amber", "normal"),
                                                    SeatSpec("Bo", "teal", "easy")), 3))
    m.run_until_human()
    assert m.over
    return m


def test_replay_viewer_moves_through_the_record(home: Path) -> None:
    d = Driver()
    m = finished_match()
    final = FinalScene(d.app, m)
    d.app.push(final)
    d.frames(1)
    d.key(pygame.K_w)
    scene = d.scene
    assert isinstance(scene, ReplayScene)
    assert scene.cursor.index == 0 and scene.g.round == 1
    d.key(pygame.K_RIGHT)
    assert scene.cursor.index == 1
    d.key(pygame.K_PAGEDOWN)
    assert scene.g.round == 2
    step = scene.cursor.index
    d.key(pygame.K_LEFT)
    assert scene.cursor.index == step - 1
    d.key(pygame.K_END)
    assert scene.cursor.at_end and fingerprint(scene.g)["seats"] == fingerprint(m.game)["seats"]
    d.key(pygame.K_PAGEUP)  # from the end back to the start of the last round
    last = max(scene.cursor.rounds())
    assert scene.cursor.index == scene.cursor.round_start(last) < scene.cursor.length and scene.g.round == last
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.scene, FinalScene)


def test_export_replay_writes_a_file_that_imports_again(home: Path) -> None:
    from quacks.storage import replays

    d = Driver()
    m = finished_match()
    final = FinalScene(d.app, m)
    d.app.push(final)
    d.key(pygame.K_x)
    assert final.message.startswith("Saved the replay as ")
    path = Path(final.message.removeprefix("Saved the replay as "))
    assert path.exists()
    loaded = replays.import_replay(path, default_catalogue())
    assert loaded.value is not None
    assert loaded.value.match_data["record"] == [list(e) for e in m.game.record]


def test_narrow_replay_buttons_give_their_keys_on_hover(home: Path) -> None:
    """At 1000x640 and 200% the seven buttons are too narrow for "Leertaste" in a corner: no button shows a
    key hint then (none spills out), and hovering over one names its key."""
    from types import SimpleNamespace

    from quacks import i18n
    from quacks.storage.settings import Settings
    from quacks.ui.app import App

    m = finished_match()
    saved = SimpleNamespace(match_data=m.to_data())
    wide = ReplayScene(App(Settings(pace="instant"), size=(1920, 1080), headless=True), saved)
    assert all(b.hotkey_label for b in wide.buttons)
    i18n.set_language("de")
    try:
        app = App(Settings(pace="instant", ui_scale=200, language="de"), size=(1000, 640), headless=True)
        scene = ReplayScene(app, saved)
        app.push(scene)
        assert not any(b.hotkey_label for b in scene.buttons)
        play = scene.buttons[3]
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=play.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        assert scene.hover_text == "Taste: Leertaste"
    finally:
        i18n.set_language("en")

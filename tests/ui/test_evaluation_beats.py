"""The table shows the evaluation beat by beat (issue 19): the beat's name over the bar and each seat's line on
the seat, Next (Space) and Skip to the end (Tab), the board holding back what is still to come, the round's
results before the shop at any size, and a fortune card's outcome on the board."""

from __future__ import annotations

import pygame

from quacks.rules.config import SeatSetup
from quacks.rules.kinds import DecisionKind, Phase
from quacks.session.match import HUMAN
from quacks.storage.settings import Settings
from quacks.ui.app import App, Scene, canvas_rect
from quacks.ui.keys import Act
from quacks.wording import beats as words

from .driver import Driver
from .test_table import human_waiting, start_table


def drawn_texts(d: Driver) -> list[str]:
    te = d.app.text
    scene = d.app.scene
    with te.record(d.app.screen) as rec:
        for sc in d.app.visible():
            sc.invalidate()
            sc.draw(d.app.screen)
    assert scene is d.app.scene
    return [i.text for i in rec.items]


def at_a_beat(d: Driver) -> object:
    scene = start_table(d, (HUMAN, "normal", "normal"), seed=5, fortunes=False, setup={0: SeatSetup(droplet=12)})
    d.until(lambda: human_waiting(scene), what="brewing")
    d.key(pygame.K_s)  # the human stops at once; the bots brew on
    d.until(lambda: scene.driver.beat is not None and scene.driver.beat.phase is Phase.EVALUATION,
            timeout=60, what="a beat of the evaluation")
    return scene


def test_the_table_names_the_beat_and_each_seats_gain_on_the_seat(home: object) -> None:
    d = Driver(pace="slow")
    scene = at_a_beat(d)
    beat = scene.driver.beat
    g = scene.shown()
    texts = drawn_texts(d)
    assert words.title(g, beat) in texts  # the beat's name over the bar
    for _seat, line in words.lines(g, beat):  # each seat's line on its pot or card (whole or, if long, in two)
        assert any(t and t in line for t in texts)
    assert "Next" in texts and "Skip to the end" in texts
    assert not scene.controls.active and scene.driver.human_turn() == ()  # the game holds for the beat


def test_space_shows_the_next_beat_and_tab_skips_to_the_results_before_the_shop(home: object) -> None:
    d = Driver(pace="slow")
    scene = at_a_beat(d)
    serial = scene.driver.beat_serial
    d.press(Act.NEXT)
    assert scene.driver.beat_serial == serial + 1 or scene.summary is not None
    if scene.summary is None:
        d.press(Act.SKIP)
    d.until(lambda: scene.summary is not None, what="the round's results")
    assert scene.g.phase is Phase.SHOPPING and scene.controls.shop is None  # before the shop
    assert [s.score for s in scene.shown().seats] == [s.score for s in scene.g.seats]  # all shown
    d.press(Act.NEXT)
    d.until(lambda: scene.controls.shop is not None or scene.g.decision_kind(0) != DecisionKind.SHOP,
            what="the shop")


def test_the_board_holds_back_the_victory_points_still_to_come(home: object) -> None:
    d = Driver(pace="slow")
    scene = at_a_beat(d)
    scene.anim.skip()  # the beat's own markers have landed
    hold = scene.driver.held()
    shown = scene.shown()
    markers = scene.anim.marker_values(shown)
    assert any(h.vp for h in hold)  # D comes last
    for i, h in enumerate(hold):
        assert round(markers[i]) == scene.g.seats[i].score - h.vp


def test_the_round_results_fit_a_small_window_at_200_and_every_row_can_be_seen(home: object) -> None:
    from quacks.ui.overlays.round_summary import RoundSummary
    from quacks.wording.results import SeatRound

    class Table(Scene):  # a screen laid out at the window's own size, as the table is
        native = True

    app = App(Settings(ui_scale=200), size=(1000, 640), headless=True)
    app.push(Table(app))
    app.apply_text_scale()
    assert app.text.scale == 2.0 and canvas_rect().size == (1000, 640)
    rows = [SeatRound(f"Player with a long name {i}", 20 + i, 4, 30 + i, 17, 1, 0,
                      why="VP: space +4 · rubies +1 · droplet +1") for i in range(4)]
    s = RoundSummary(app, 3, rows, [("amber", "A"), ("teal", "B"), ("plum", "C"), ("moss", "D")],
                     [15, 16, 16, 17], False, lambda: None)
    app.push(s)
    assert s.rect.h <= 640 and s.rect.w <= 1000
    seen: set[int] = set()
    for _ in range(len(rows)):
        seen |= set(s._shown())
        s.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0))
    assert seen == set(range(len(rows)))  # scrolled, never dropped
    s.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5))  # back to the top
    assert s.top == 0
    te = app.text
    with te.record(app.screen) as rec:
        s.draw(app.screen)
    texts = [i.text for i in rec.items]
    assert "15" in texts and "20" not in texts  # the space by the coins printed on it, never its index
    assert "On to the shop" in " ".join(texts)


def test_a_fortune_card_shows_what_each_seat_got(home: object) -> None:
    d = Driver(pace="instant")
    scene = start_table(d, (HUMAN, "normal", "normal"), seed=11)
    for _ in range(400):  # a round whose card gave something to each seat
        lines = scene.card_lines()
        if len(lines) == 3 and scene.g.phase is Phase.BREWING and human_waiting(scene):
            break
        if scene.summary is not None:
            d.press(Act.NEXT)
        elif human_waiting(scene):
            kind = scene.g.decision_kind(0)
            if kind == DecisionKind.BREW:
                d.press(Act.STOP)
            elif scene.controls.shop is not None:
                d.press(Act.NO)
            else:
                d.answer_first()
        else:
            d.frames(1)
    lines = scene.card_lines()
    assert len(lines) == 3
    texts = drawn_texts(d)
    for _seat, line, short in lines:
        assert any(t and (t in line or t in short) for t in texts)

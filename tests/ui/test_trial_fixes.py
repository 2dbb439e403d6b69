"""What a first trial of the game found, each fixed and kept fixed (issue: a table with no rough edges)."""

from __future__ import annotations

import pygame
import pytest

from quacks.rules.kinds import DecisionKind
from quacks.session.match import HUMAN
from quacks.ui.overlays.handoff import Handoff
from quacks.ui.overlays.pause_menu import PauseMenu
from quacks.wording.results import round_rows

from .driver import Driver
from .test_table import human_waiting, start_table


def test_v_looks_at_another_pot_during_your_own_decision(driver: Driver) -> None:
    scene = start_table(driver, (HUMAN, "normal", "normal"), fortunes=False)
    driver.until(lambda: human_waiting(scene))
    assert scene.focus == 0
    driver.key(pygame.K_v)
    driver.frames(3)
    assert scene.focus == 1, "the other pot stays in view while the decision waits"
    driver.key(pygame.K_SPACE)  # the decision still works from there
    driver.until(lambda: len(scene.g.seats[0].pot) >= 1 or not scene.g.seats[0].brewing)


def test_hot_seat_shows_the_reveal_before_the_next_hand_off_and_esc_opens_the_menu(driver: Driver) -> None:
    scene = start_table(driver, (HUMAN, HUMAN), fortunes=False)
    driver.until(lambda: scene.handoff is not None)
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, PauseMenu), "Esc on a hand-off card opens the pause menu"
    driver.key(pygame.K_ESCAPE)
    assert isinstance(driver.scene, Handoff)
    driver.key(pygame.K_SPACE)
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_SPACE)  # P0 draws
    driver.until(lambda: scene.handoff is not None)
    driver.key(pygame.K_SPACE)
    driver.until(lambda: human_waiting(scene))
    driver.key(pygame.K_SPACE)  # P1 draws: the tick is revealed
    driver.until(lambda: len(scene.g.seats[1].pot) == 1)
    driver.frames(5)
    assert scene.handoff is None, "the revealed tick stays in view for a moment before the next hand-off"
    driver.until(lambda: scene.handoff is not None, timeout=10)
    assert scene.handoff.last_tick.startswith("Last stir:") and "P0 drew" in scene.handoff.last_tick


def test_round_results_show_rubies_gained_and_spent_and_repeated_gains_once() -> None:
    from quacks.content.loader import default_catalogue
    from quacks.rules.chips import SET_COLOURS
    from quacks.rules.config import GameConfig, SeatSetup
    from quacks.rules.game import Game
    from quacks.scenario import apply_step

    cfg = GameConfig(seats=("Mia", "Bo"), books={c: 1 for c in SET_COLOURS}, fortunes=False, first_round=9,
                     setup={0: SeatSetup(rubies=8, droplet=30)})
    g = Game(default_catalogue(), cfg)
    names = ["Mia", "Bo"]
    for step in ("Mia stop", "Bo stop"):
        apply_step(g, names, step)
    from quacks.session.seeding import Streams

    streams = Streams(1)
    while not g.is_over:
        if g.pending_chance() is not None:
            g.apply_chance(streams.sample(g))
            continue
        seat = g.acting_seats()[0]
        acts = [str(a) for a in g.legal_actions(seat)]
        pick = next((a for a in ("convert rubies", "convert coins") if a in acts), acts[-1])
        apply_step(g, names, f"{names[seat]} {pick}")
    rows = round_rows(g, 9, [0, 0])
    mia = rows[0]
    assert mia.rubies_spent >= 8 and f"-{mia.rubies_spent}" in mia.why
    for row in rows:  # gains and spending each said when there are any, never a "+0" or a "-0"
        if row.rubies_gained and row.rubies_spent:
            assert f"rubies +{row.rubies_gained} / -{row.rubies_spent}" in row.why
        elif row.rubies_gained:
            assert f"rubies +{row.rubies_gained}" in row.why and "/ -" not in row.why
        elif row.rubies_spent:
            assert f"rubies -{row.rubies_spent}" in row.why and "rubies +" not in row.why
        else:
            assert "rubies" not in row.why
    assert mia.why.count("bought") == 1 and " x +1" in mia.why, mia.why


def test_the_in_the_bag_list_never_hides_chips_silently(driver: Driver) -> None:
    from quacks.rules.bag import ChipCounts
    from quacks.rules.chips import CHIPS
    from quacks.rules.config import SeatSetup

    full = ChipCounts.from_mapping({c.name: 1 for c in CHIPS if c.colour.value != "black"})
    scene = start_table(driver, fortunes=False, setup={0: SeatSetup(bag=full)})
    driver.until(lambda: human_waiting(scene) and scene.g.decision_kind(0) == DecisionKind.BREW)
    from quacks.ui.app import text_engine

    te = text_engine()
    seen: list[str] = []
    original = te.blit

    def spy(surf, text, *a, **k):  # type: ignore[no-untyped-def]
        seen.append(str(text))
        return original(surf, text, *a, **k)

    te.blit = spy  # type: ignore[method-assign]
    try:
        scene.invalidate()
        scene.draw(driver.app.screen)
    finally:
        te.blit = original  # type: ignore[method-assign]
    shown = sum(1 for t in seen if t.startswith("x ") or t.isdigit())
    assert any("more" in t for t in seen) or shown >= len(list(full.items())), seen[-20:]


def test_at_200_percent_the_focus_panel_still_shows_the_test_tubes_and_a_bots_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Short of room at 200%, the tubes draw smaller and a bot's reason in smaller letters; they used to go."""
    from quacks.ui.app import text_engine
    from quacks.ui.table import focus_panel

    d = Driver(ui_scale=200)
    scene = start_table(d, (HUMAN, "normal"), fortunes=False, variant="test-tubes")
    d.until(lambda: human_waiting(scene))
    tubes: list[tuple[int, int]] = []
    real_tubes = focus_panel.pv.draw_tubes

    def spy_tubes(surf: pygame.Surface, rect: pygame.Rect, g: object, seat: int) -> None:
        tubes.append((seat, rect.h))
        real_tubes(surf, rect, g, seat)  # type: ignore[arg-type]

    monkeypatch.setattr(focus_panel.pv, "draw_tubes", spy_tubes)
    scene.frames.invalidate()
    d.frames(2)
    assert any(seat == 0 and h >= focus_panel.pv.TUBE_LEAST for seat, h in tubes), tubes

    d.key(pygame.K_v)  # the bot's pot in focus, with its reason
    assert scene.focus == 1
    reason = scene.match.reason(1)
    assert reason
    drawn: list[str] = []
    te = text_engine()
    real_wrapped = te.blit_wrapped

    def spy_wrapped(surf: pygame.Surface, text: str, *args: object, **kw: object) -> int:
        drawn.append(text)
        return real_wrapped(surf, text, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(te, "blit_wrapped", spy_wrapped)
    scene.frames.invalidate()
    d.frames(2)
    assert reason in drawn


@pytest.mark.parametrize("scale", [100, 150, 200])
def test_the_undo_button_grows_with_the_ui_scale_so_its_label_keeps_its_size(scale: int) -> None:
    """At 200% Undo was a 170x50 button whose key hint left its label a sliver: 'Undo' came out smaller than
    every other word on the bar. The button now grows with the scale and holds its label at full size."""
    from quacks.ui.app import text_engine

    d = Driver(ui_scale=scale)
    scene = start_table(d, (HUMAN, "normal"), fortunes=False)
    d.until(lambda: human_waiting(scene))
    scene.controls.offer_undo(lambda: None)
    b = scene.controls.undo
    assert b is not None
    te = text_engine()
    with te.roomy():
        size, rows = te.fit_label(b.label, "sans-semibold", b.size, b.label_box(), 14, 2)
        assert size >= 0.85 * b.size and len(rows) == 1, (b.rect, b.label_box(), size)
    assert b.rect.bottom <= scene.view.layout.actions.y and b.rect.y > scene.view.layout.focus.bottom

"""What a first trial of the game found, each fixed and kept fixed (issue: a table with no rough edges)."""

from __future__ import annotations

import pygame

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
    assert mia.rubies_spent >= 8 and "rubies +" in mia.why and f"-{mia.rubies_spent}" in mia.why
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

"""What a first trial of the game found, each fixed and kept fixed (issue: a table with no rough edges)."""

from __future__ import annotations

import pygame
import pytest

from quacks.rules.kinds import DecisionKind
from quacks.session.match import HUMAN
from quacks.ui.keys import Act
from quacks.wording.reasons import reason_text
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
    driver.press(Act.DRAW)  # the decision still works from there
    driver.until(lambda: len(scene.g.seats[0].pot) >= 1 or not scene.g.seats[0].brewing)


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
    assert mia.rubies_spent >= 8 and f"{mia.rubies_spent} rubies spent" in mia.why
    for row in rows:  # gains and spending each said when there are any, never a "+0" or a "-0"
        gained = f"{row.rubies_gained} rub" in row.why and "gained" in row.why
        spent = f"{row.rubies_spent} rub" in row.why and "spent" in row.why
        assert gained == bool(row.rubies_gained) and spent == bool(row.rubies_spent), row.why
        assert "VP:" not in row.why  # each gain in its own unit (issue 19 §8: rubies stood under "VP:")
    # the VP bought with coins and rubies, one at a time, said once with their sum
    bought = sum(int(e.get("amount", 0)) for e in g.events
                 if e.round == 9 and e.seat == 0 and e.kind == "vp" and e.get("source") == "convert")
    assert bought > 1 and mia.why.count("bought") == 1 and f"{bought} VP bought" in mia.why, mia.why


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
    reason = reason_text(scene.match.reason(1))
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


def test_a_replay_speaks_to_a_seat_called_you() -> None:
    """Issue 19 §8 ("You wins"): a replay said "You draws white 1" and, in German, "Du hat mit 30 SP gewonnen"."""
    from pathlib import Path

    from quacks.i18n import set_language
    from quacks.storage.saves import SlotInfo
    from quacks.ui.scenes.replay_scene import replay_texts
    from quacks.ui.scenes.replay_view import describe_entry

    names = ("You", "Ada")
    assert describe_entry(["chance", "draw", 0, "white-1"], names) == "You draw white 1"
    assert describe_entry(["chance", "reveal", 0, "white-1 orange-1"], names) == "You look at white 1, orange 1"
    assert describe_entry(["chance", "die", 0, "vp-1"], names) == "You roll the bonus die"
    assert describe_entry(["chance", "draw", 1, "white-1"], names) == "Ada draws white 1"
    info = SlotInfo("g", Path("g.quacks-replay.json"), seats=names, over=True, scores=(30, 20))
    try:
        for lang, said in (("en", "You won with 30 VP"), ("de", "Du hast mit 30 SP gewonnen"),
                           ("nl", "Jij won met 30 OP")):
            set_language(lang)
            assert said in replay_texts(info)[1], lang
    finally:
        set_language("en")
    assert "Ada won with 30 VP" in replay_texts(SlotInfo("g", Path("g"), seats=names, over=True, scores=(2, 30)))[1]


def test_the_title_pot_shows_the_boards_printed_numbers() -> None:
    """Issue 19 §3: the title's pot was labelled 0 to 53 (the engine's count); it prints the board's coins."""
    from quacks.content.loader import default_catalogue
    from quacks.ui.scenes.title import _printed_pot

    pot = default_catalogue().pot
    spaces = _printed_pot()
    assert [c for c, _vp, _ruby in spaces] == [s.coins for s in pot.spaces]
    assert spaces[16] == (15, 3, True) and spaces[-1] == (35, 15, False)

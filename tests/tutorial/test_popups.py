"""Never two pop-ups at once (issue 19 §5): the guide's bubble never shows while another overlay lies over the
table (the round's results, a confirmation, the bag, the menu): it waits, and comes back when that closes; it
may show beside a choice dialog, never touching it, and then lies above it so that Enter says "Got it"."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from quacks.ui.keys import Act
from quacks.ui.overlays.bag import BagView
from quacks.ui.overlays.choice import ChoiceDialog
from quacks.ui.overlays.round_summary import RoundSummary
from quacks.ui.scenes.table import TableScene

from ..ui.driver import Driver
from .walk import home_at, the_table, walk


def overlays_over(table: TableScene) -> list[object]:
    scenes = table.app.scenes
    return scenes[scenes.index(table) + 1:]


def check_one_at_a_time(table: TableScene, tally: dict[str, int]) -> None:
    """The bubble shows only beside choice dialogs it does not touch; count the frames it waited."""
    bubble = table.guide.bubble if table.guide is not None else None
    if bubble is None:
        return
    others = [s for s in overlays_over(table) if s is not bubble]
    if bubble.showing():
        tally["shown"] += 1
        for s in others:
            assert isinstance(s, ChoiceDialog), f"the guide's bubble shows over {type(s).__name__}"
            assert not bubble.rect.colliderect(s.rect), "the bubble touches the choice dialog"
    elif others:
        tally["waited"] += 1
        if any(isinstance(s, RoundSummary) for s in others):
            tally["behind results"] += 1


def test_the_bubble_never_shows_with_another_pop_up_in_a_whole_guided_game(home: Path) -> None:
    from quacks.ui.flows import start_tutorial

    d = Driver(pace="instant")
    assert start_tutorial(d.app) == ""
    tally = {"shown": 0, "waited": 0, "behind results": 0}
    shown, _table = walk(d, on_frame=lambda t: check_one_at_a_time(t, tally))
    assert tally["shown"] >= len(shown)
    # (the round's results close the evaluation, before the shop: the steps of the next round's start no longer
    # wait behind them, and a step that comes while they are open waits; either way all are shown)
    assert "books-out" in shown and "round-9" in shown


def test_the_bubble_waits_while_the_bag_is_open_and_comes_back(home: Path) -> None:
    from quacks.ui.flows import start_tutorial

    d = Driver(pace="instant")
    assert start_tutorial(d.app) == ""
    d.frames(2)
    table = the_table(d)
    coach = table.coach
    assert coach is not None and coach.current is not None and coach.current.id == "welcome"
    bubble = table.guide.bubble
    assert bubble is not None and bubble.showing()
    d.key(pygame.K_b)
    assert any(isinstance(s, BagView) for s in d.app.scenes)
    assert not bubble.showing(), "the bag is open: the bubble waits"
    d.press(Act.NEXT)
    assert coach.current is not None and coach.current.id == "welcome", "Space did not say Got it unseen"
    d.key(pygame.K_b)  # the bag closes
    assert not any(isinstance(s, BagView) for s in d.app.scenes)
    assert bubble.showing(), "the bubble is back"
    d.press(Act.NEXT)
    assert "welcome" in coach.finished


@pytest.mark.parametrize("size", [(1000, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("scale", [100, 200])
def test_beside_a_choice_dialog_the_bubble_never_touches_it_and_lies_above_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], scale: int) -> None:
    from quacks.ui.flows import WRITER, start_tutorial
    from quacks.ui.table import controls

    monkeypatch.setattr(controls, "BAR_MAX", 2)  # the fortune card's four options go to a choice dialog
    with home_at(tmp_path):
        d = Driver(pace="instant", ui_scale=scale)
        d.app.resize_window(size)
        d.app.apply_text_scale()
        assert start_tutorial(d.app, "fortune") == ""
        d.frames(3)
        table = the_table(d)
        coach = table.coach
        assert coach is not None and coach.current is not None and coach.current.id == "fortune"
        d.press(Act.NEXT)  # "Got it": the card's choice comes, and the guide's word on it
        d.frames(2)
        assert coach.current is not None and coach.current.id == "fortune-choice"
        assert table.turns.choice is not None, "the card's choice is a dialog"
        bubble = table.guide.bubble
        assert bubble is not None and d.app.scenes[-1] is bubble, "the bubble lies above the dialog (its keys first)"
        assert bubble.showing(), "there is room beside the dialog"
        assert not bubble.rect.colliderect(table.turns.choice.rect)
        assert bubble.ring is not None and bubble.ring.target == table.turns.choice.rect, "the ring is on the dialog"
        d.answer_first()  # the first option: the dialog takes the key the bubble does not use
        assert table.turns.choice is None and "fortune-choice" in coach.finished
        WRITER.flush()

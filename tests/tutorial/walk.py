"""Play the guided game at the (headless) table as a new player would: "Got it" (Space) to the guide, D to draw
while the white total is below 6 (a bold newcomer: some pots explode), S to stop, the dearest chip the shop allows,
the first option otherwise (each by its own key, ``quacks.ui.keys``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from quacks.rules.kinds import DecisionKind
from quacks.tutorial.script import Step, Wait
from quacks.ui.keys import Act
from quacks.ui.overlays.confirm import Confirm
from quacks.ui.scenes.final import FinalScene
from quacks.ui.scenes.table import TableScene

from ..ui.driver import Driver


@contextmanager
def home_at(folder: Path) -> Iterator[None]:
    """The player's files in ``folder`` (for fixtures wider than one test)."""
    was = os.environ.get("QUACKS_HOME")
    os.environ["QUACKS_HOME"] = str(folder)
    try:
        yield
    finally:
        if was is None:
            os.environ.pop("QUACKS_HOME", None)
        else:
            os.environ["QUACKS_HOME"] = was


def the_table(d: Driver) -> TableScene:
    return next(s for s in reversed(d.app.scenes) if isinstance(s, TableScene))


def walk(d: Driver, on_step: Callable[[Step, TableScene], None] | None = None,
         on_frame: Callable[[TableScene], None] | None = None, on_act: Callable[[TableScene], None] | None = None,
         limit: int = 40_000) -> tuple[list[str], TableScene]:
    """Play the guided game already started in ``d`` to its end; the steps shown, in order. ``on_step`` sees the
    table the moment each step first shows, ``on_frame`` the table after every frame, ``on_act`` the table just
    before the player answers a decision."""
    table = the_table(d)
    coach = table.coach
    assert coach is not None
    shown: list[str] = []
    for _ in range(limit):
        if isinstance(d.scene, FinalScene):
            break
        if on_frame is not None:
            on_frame(table)
        cur = coach.current
        if cur is not None and (not shown or shown[-1] != cur.id):
            shown.append(cur.id)
            if on_step is not None:
                on_step(cur, table)
        top = d.scene
        if isinstance(top, Confirm):
            d.press(Act.CONFIRM)
        elif table.summary is not None or (cur is not None and cur.wait is Wait.OK):
            d.press(Act.NEXT)
        elif table.controls.active and table.driver.human_turn():
            if on_act is not None:
                on_act(table)
            g = table.g
            s = g.seats[0]
            if g.decision_kind(0) == DecisionKind.BREW:
                d.press(Act.DRAW if s.white_total < 6 and len(s.pot) < 12 else Act.STOP)
            elif table.controls.shop is not None:
                shop = table.controls.shop
                for c, _slot in shop.slots[::-1]:
                    if not shop.why_not(c):
                        shop.toggle(c)
                        break
                d.press(Act.CONFIRM if shop.cart else Act.NO)
            else:
                d.answer_first()
        else:
            d.frames(1)
    return shown, table

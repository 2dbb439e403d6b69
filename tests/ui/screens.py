"""Helpers for the screen tests: find a widget by what it does (labels are translated), make matches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pygame

from quacks.content.loader import default_catalogue
from quacks.rules.chips import SET_COLOURS
from quacks.rules.config import GameConfig
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec

from .driver import Driver

NAMES = ("Ann", "Bob", "Cid", "Dot")
LOOKS = ("amber", "teal", "plum", "moss")


def button(buttons: Iterable[Any], fn: Callable[..., Any]) -> Any:
    """The button whose click runs ``fn`` (a bound method compares equal to itself)."""
    for b in buttons:
        if b.on_click == fn:
            return b
    raise AssertionError(f"no button runs {fn}")


def option(choice: Any, value: Any) -> Any:
    """The button of a Choice that selects ``value``."""
    for b, (v, _label) in zip(choice.buttons, choice.options):
        if v == value:
            return b
    raise AssertionError(f"no option {value!r} in {choice.options}")


def click(d: Driver, widget: Any, frames: int = 2) -> None:
    d.click(widget.rect.center, frames)


def hover(d: Driver, pos: tuple[int, int]) -> None:
    d.app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    d.frames(1)


def key(d: Driver, k: int, mod: int = 0, frames: int = 2) -> None:
    from .driver import audit

    audit(d.app)
    d.app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    d.app.handle(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    d.frames(frames)


def wheel(d: Driver, y: int) -> None:
    d.app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y)))
    d.frames(1)


def match(kinds: tuple[str, ...] = (HUMAN, "easy"), seed: int = 5, books: int = 1, **cfg: Any) -> Match:
    names = NAMES[: len(kinds)]
    config = GameConfig(seats=names, books={c: books for c in SET_COLOURS}, **cfg)
    return Match(default_catalogue(), MatchSetup(config, tuple(SeatSpec(n, c, k) for n, c, k in
                                                               zip(names, LOOKS, kinds)), seed))


def finished(kinds: tuple[str, ...] = ("easy", "easy"), seed: int = 5, **cfg: Any) -> Match:
    """A match the bots played to its end (a few hundredths of a second)."""
    m = match(kinds, seed, **cfg)
    m.run_until_human()
    assert m.over
    return m


def scene_of(d: Driver, kind: type) -> Any:
    """The topmost scene of this type on the stack (an overlay may lie on it)."""
    for s in reversed(d.app.scenes):
        if isinstance(s, kind):
            return s
    raise AssertionError(f"no {kind.__name__} on the stack: {[type(s).__name__ for s in d.app.scenes]}")


def finished_with_human(seed: int = 5, kinds: tuple[str, ...] = (HUMAN, "easy", "normal")) -> Match:
    """A match with a human seat, played to its end (a Normal bot decides for the human)."""
    from quacks.devtools.ui.games import play_human_until

    m = match(kinds, seed)
    play_human_until(m, lambda _m: False)
    assert m.over
    return m


def table(d: Driver, kinds: tuple[str, ...] = (HUMAN, "easy"), seed: int = 4, **cfg: Any) -> Any:
    """A TableScene over the title, the human waiting at their first decision."""
    from quacks.ui.scenes.table import TableScene
    from quacks.ui.scenes.title import TitleScene

    if not d.app.scenes:
        d.app.push(TitleScene(d.app))
    t = TableScene(d.app, match(kinds, seed, **cfg))
    d.app.push(t)
    d.until(lambda: human_waiting(t), what="the human's first decision")
    return t


def human_waiting(t: Any) -> bool:
    return bool(t.driver.human_turn()) and t.controls.active


def label_sizes(monkeypatch: Any) -> dict[str, int]:
    """From now on, each button's label with the size it is drawn at (filled as buttons draw)."""
    from quacks.ui import widgets

    sizes: dict[str, int] = {}
    real = widgets.Button.draw

    def spy(self: widgets.Button, surf: pygame.Surface) -> None:
        sizes[self.label] = self.size
        real(self, surf)

    monkeypatch.setattr(widgets.Button, "draw", spy)
    return sizes

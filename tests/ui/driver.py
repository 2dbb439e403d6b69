"""Drive the real scenes headless (SDL dummy driver) with synthetic input."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import pygame

from quacks.storage.settings import Settings
from quacks.ui.app import App
from quacks.ui.keys import Act, KeyAudit, press_event

#: every state a screen test presses a key in is looked at by the key test's eyes (``quacks.ui.keys.KeyAudit``):
#: a key that means two acts there, a button showing a key that does something else, a key that means one thing
#: here and another there in a game, a key that moves on here and commits a choice there: the test fails
AUDIT = KeyAudit()


def audit(app: App) -> None:
    where = os.environ.get("PYTEST_CURRENT_TEST", "?").split(" ")[0]
    problems = AUDIT.look(app, where)
    assert not problems, "the keys break the table's rules:\n" + "\n".join(problems)


class Driver:
    def __init__(self, **settings: Any) -> None:
        st = Settings(**{"pace": "instant", **settings})
        self.app = App(st, headless=True)

    @property
    def scene(self) -> Any:
        return self.app.scene

    def frames(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            for ev in pygame.event.get():
                self.app.handle(ev)
            self.app.frame(dt)

    def key(self, key: int, frames: int = 2) -> None:
        audit(self.app)
        self.app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        self.app.handle(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.frames(frames)

    def press(self, act: Act, n: int = 0, frames: int = 2) -> None:
        """Press the key of ``act`` (``quacks.ui.keys``: the one table of keys)."""
        audit(self.app)
        down = press_event(act, n)
        self.app.handle(down)
        self.app.handle(pygame.event.Event(pygame.KEYUP, key=down.key, mod=down.mod, unicode="", scancode=0))
        self.frames(frames)

    def answer_first(self, frames: int = 2) -> None:
        """Take the first option the keys offer now (a choice of the game, by its own key)."""
        from quacks.ui.keys import KEYS

        b = next(b for _s, bs in self.app.key_map() for b in bs if KEYS[b.act].commits and b.enabled)
        self.press(b.act, b.n, frames=frames)

    def click(self, pos: tuple[int, int], frames: int = 2) -> None:
        self.app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frames(frames)

    def type(self, text: str) -> None:
        self.app.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))
        self.frames(1)

    def until(self, pred: Callable[[], bool], timeout: float = 20.0, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not pred():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what or pred}")
            self.frames(1)
            time.sleep(0.001)

    def until_shop(self, table: Any, timeout: float = 30.0) -> Any:
        """Play on to the table's shop (closing the round's results, which come before it); the shop panel."""
        end = time.monotonic() + timeout
        while table.controls.shop is None:
            if time.monotonic() > end:
                raise AssertionError("timed out waiting for the shop")
            if table.summary is not None and self.app.scene is table.summary:
                self.press(Act.NEXT, frames=1)
            self.frames(1)
            time.sleep(0.001)
        return table.controls.shop

    def shot(self, path: str) -> None:
        pygame.image.save(self.app.screen, path)

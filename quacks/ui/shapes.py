"""What the layout check needs to know besides text (issue 30): where buttons and chips were drawn, each on the text
recorder's layer (a scene, an overlay, a tooltip). ``check-layout`` reports a chip that a button covers (the shop's
cart once hid a chip under "Clear cart"). Nothing is kept unless the check records (``recording``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from .app import text_engine


@dataclass(frozen=True)
class Shape:
    """A button or a chip as drawn: its kind, its rectangle on the canvas, its layer, and what it is."""

    kind: str  # "button" | "chip" | "pot" | "card" | "landing" | "shop"
    rect: pygame.Rect
    layer: int
    what: str  # a button's label, a chip's name
    where: str  # the drawing code's file and line
    panels: int = 0  # how many panels the text recorder had seen when it was drawn (what lies over it comes later)


_SHAPES: list[Shape] | None = None
_OWNER: object = None  # the text engine's recorder the shapes belong to (a picture drawn aside has its own)


@contextmanager
def recording() -> Iterator[list[Shape]]:
    """Keep every button and chip drawn while inside on the canvas the text engine records now (inside its
    ``record``; a recording of another picture meanwhile, as the guide's look at the table, is left out)."""
    global _SHAPES, _OWNER
    was = _SHAPES, _OWNER
    _SHAPES, _OWNER = [], text_engine().recorder
    try:
        yield _SHAPES
    finally:
        _SHAPES, _OWNER = was


def note(kind: str, surf: pygame.Surface, rect: pygame.Rect, what: str = "") -> None:
    """A ``kind`` ("button", "chip") was drawn at ``rect`` of ``surf`` (kept only while recording, and only where
    ``surf`` is the recorded canvas or a part of it)."""
    if _SHAPES is None:
        return
    rec = text_engine().recorder
    if rec is None or rec is not _OWNER:
        return
    if surf is rec.canvas:
        off = (0, 0)
    elif surf.get_abs_parent() is rec.canvas:
        off = surf.get_abs_offset()
    else:
        return
    import sys

    f = sys._getframe(1)
    name = f.f_code.co_filename
    i = name.rfind("quacks")
    _SHAPES.append(Shape(kind, pygame.Rect(rect).move(off), rec.layer, what,
                         f"{name[i:] if i >= 0 else name}:{f.f_lineno}", len(rec.panels)))


__all__ = ["Shape", "note", "recording"]

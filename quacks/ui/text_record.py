"""What the text engine drew, for the layout check (``python -m quacks check-layout``).

While recording, every line of text is kept with its rectangle on the canvas (the pixels actually inked), the box
it had to stay inside (``box=``, ``within()`` or a wrapped block's rectangle) and whether lines were dropped or
shortened; a view says what it left out for lack of room (``dropped``). ``RecordingText`` adds this to the fitting
engine; ``text.Text`` draws through it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pygame

from .text_breaks import shown
from .text_fit import FittingText


@dataclass
class Drawn:
    """One line of text as drawn, for the layout check."""

    text: str
    rect: pygame.Rect  # the inked pixels, in canvas coordinates
    box: pygame.Rect | None  # what it had to stay inside (None: only the canvas)
    px: int  # the font's pixel size
    cut: bool  # lines of its block were dropped or shortened
    block: int  # lines drawn by one call share a block
    layer: int  # a scene (overlay) or a tooltip draws on its own layer
    where: str  # the drawing code's file and line
    scrolled: bool = False  # partly hidden by a scroll view's clip (expected, not a problem)
    covered: bool = False  # partly hidden under a panel drawn later on its layer
    glyph_cut: str = ""  # letters too tall for the line the engine keeps (drawn cut off)
    panel: pygame.Rect | None = None  # the inside of the rim of the panel it is drawn on (the last one under it)
    face: str = ""  # the font's face ("serif-bold" ...)
    toast: bool = False  # drawn as a toast (a passing message over everything)
    source: str = ""  # a line that ends inside a word: the text it was wrapped from (soft hyphens kept)
    colour: tuple[int, ...] | None = None  # the text's colour (the layout check measures its contrast)
    roomy: bool = False  # drawn as running text with room to grow (in full with the UI scale: ``FontCache.roomy``)


@dataclass
class Dropped:
    """Something a view had no room to show (for the layout check): ``what`` it left out and, if the player can
    still reach it, the labelled control that shows it (``behind``); left out with no such control, it is
    information silently lost."""

    what: str
    behind: str
    where: str


class Recorder:
    """What the text engine drew while recording (see ``Text.record``)."""

    def __init__(self, canvas: pygame.Surface) -> None:
        self.canvas = canvas
        self.items: list[Drawn] = []
        self.dropped: list[Dropped] = []
        self.toasting = False
        self.layer = 0
        self.top = 0  # the highest layer so far
        self.block = 0
        #: the panels drawn so far: (layer, rectangle, the part inside its rim), on the canvas
        self.panels: list[tuple[int, pygame.Rect, pygame.Rect]] = []

    def next_layer(self) -> None:
        """What is drawn from now on lies over everything drawn before (the next scene of the stack)."""
        self.top += 1
        self.layer = self.top


class RecordingText(FittingText):
    """The fitting engine, recording what it draws while asked to (``record``)."""

    def __init__(self, scale: float = 1.0, capacity: int = 3000) -> None:
        super().__init__(scale, capacity)
        self.recorder: Recorder | None = None
        self._boxes: list[pygame.Rect] = []
        self._placed: dict[int, tuple[int, int]] = {}

    @contextmanager
    def record(self, canvas: pygame.Surface) -> Iterator[Recorder]:
        """Record every line drawn on ``canvas`` (or on a surface ``placed`` on it) while inside."""
        was = self.recorder
        self.recorder = Recorder(canvas)
        try:
            yield self.recorder
        finally:
            self.recorder = was

    @contextmanager
    def within(self, box: pygame.Rect) -> Iterator[None]:
        """Text drawn inside has to stay inside ``box`` (canvas coordinates; for the layout check)."""
        self._boxes.append(pygame.Rect(box))
        try:
            yield
        finally:
            self._boxes.pop()

    @contextmanager
    def placed(self, surf: pygame.Surface, offset: tuple[int, int]) -> Iterator[None]:
        """``surf`` (an off-screen picture) will be shown at ``offset`` on the canvas: what is drawn on it
        while inside is recorded where it will appear."""
        self._placed[id(surf)] = (int(offset[0]), int(offset[1]))
        try:
            yield
        finally:
            self._placed.pop(id(surf), None)

    @contextmanager
    def layer(self) -> Iterator[None]:
        """What is drawn inside lies over everything drawn before (a tooltip, an overlay)."""
        rec = self.recorder
        if rec is None:
            yield
            return
        was = rec.layer
        rec.next_layer()
        try:
            yield
        finally:
            rec.layer = was

    def cover(self, surf: pygame.Surface, rect: pygame.Rect, edge: int = 0) -> None:
        """An opaque panel is drawn over ``rect`` of ``surf``: lines drawn on its layer before and under it are
        hidden (no longer recorded); a line it hides only in part is marked. ``edge``: how wide the panel's rim
        is (a frame or a burnt edge that text drawn on the panel must keep off, see ``Drawn.panel``)."""
        rec = self.recorder
        if rec is None:
            return
        off = self._offset(surf)
        if off is None:
            return
        r = pygame.Rect(rect).move(off)
        rec.panels.append((rec.layer, r, r.inflate(-2 * edge, -2 * edge)))
        keep: list[Drawn] = []
        for d in rec.items:
            if d.layer == rec.layer and r.colliderect(d.rect):
                if r.contains(d.rect):
                    continue
                d.covered = True
            keep.append(d)
        rec.items = keep

    def _new_block(self) -> None:
        if self.recorder is not None:
            self.recorder.block += 1

    def _offset(self, surf: pygame.Surface) -> tuple[int, int] | None:
        rec = self.recorder
        assert rec is not None
        if surf is rec.canvas:
            return (0, 0)
        placed = self._placed.get(id(surf))
        if placed is not None:
            return placed
        parent = surf.get_abs_parent()
        if parent is rec.canvas:
            return surf.get_abs_offset()
        return None

    def _record(self, surf: pygame.Surface, img: pygame.Surface, r: pygame.Rect, text: str, face: str, px: int,
                box: pygame.Rect | None, cut: bool, new_block: bool, scaled: bool = True,
                colour: tuple[int, ...] | None = None) -> None:
        rec = self.recorder
        if rec is None or not text.strip():
            return
        off = self._offset(surf)
        if off is None:
            return
        if new_block:
            rec.block += 1
        ink = img.get_bounding_rect()
        if ink.w == 0 or ink.h == 0:
            return
        ink = ink.move(r.x + off[0], r.y + off[1])
        clip = surf.get_clip()
        scrolled = False
        if clip != surf.get_rect():
            vis = clip.move(off)
            if not vis.colliderect(ink):
                return  # scrolled out of view
            scrolled = not vis.contains(ink)
        if box is None and self._boxes:
            box = self._boxes[-1]
        elif box is not None and surf is not rec.canvas:
            box = box.move(off)
        panel = next((inner for layer, outer, inner in reversed(rec.panels)
                      if layer == rec.layer and outer.collidepoint(ink.center)), None)
        line = shown(text)
        rec.items.append(Drawn(line, ink, None if box is None else pygame.Rect(box), px, cut or self.shortened(line),
                               rec.block, rec.layer, _caller(), scrolled, glyph_cut=self.glyph_cut(text, face, px),
                               panel=panel, face=face, toast=rec.toasting, source=self._sources.get(line, ""),
                               roomy=scaled and not self.dense, colour=None if colour is None else tuple(colour[:3])))

    def dropped(self, what: str, behind: str = "") -> None:
        """A view left ``what`` out for lack of room; ``behind`` names the labelled control that still shows it
        ("" if nothing does: the layout check reports it as information dropped)."""
        if self.recorder is not None:
            f = sys._getframe(1)
            name = f.f_code.co_filename
            i = name.rfind("quacks")
            self.recorder.dropped.append(Dropped(what, behind, f"{name[i:] if i >= 0 else name}:{f.f_lineno}"))

    @contextmanager
    def toasting(self) -> Iterator[None]:
        """What is drawn inside is a toast (the layout check makes sure no toast lies over a title)."""
        rec = self.recorder
        if rec is None:
            yield
            return
        was = rec.toasting
        rec.toasting = True
        try:
            yield
        finally:
            rec.toasting = was


#: the text engine's own files: the code that drew is the first frame outside them
_ENGINE_FILES = (str(Path(__file__).with_name("text.py")), __file__, "contextlib.py")


def _caller() -> str:
    """The first frame outside the text engine: the code that drew."""
    f: FrameType | None = sys._getframe(2)
    skip = _ENGINE_FILES
    while f is not None and f.f_code.co_filename.endswith(skip):
        f = f.f_back
    if f is None:
        return "?"
    name = f.f_code.co_filename
    i = name.rfind("quacks")
    return f"{name[i:] if i >= 0 else name}:{f.f_lineno}"

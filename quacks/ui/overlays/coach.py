"""The guide's bubble in the guided first game: it rings what it talks about, says it in a few sentences,
and waits for "Got it" (Enter) or for the player to do it. "Leave the guide" ends it; the game goes on.
The table keeps its input: every key and click the bubble does not use reaches the table.

Never two pop-ups at once: while another overlay lies over the table (the round's results, a confirmation,
the bag, the menu) the bubble waits, unseen, and comes back when it closes; beside a choice dialog it takes a
place that does not touch it (narrower if it must), or waits as well. The ring goes around its target with
room for the target's own text, in a gap of the table's text, so it never crosses a letter (``Ring``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from ...i18n import _
from ...tutorial.coach import Coach
from ...tutorial.script import Wait
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..keys import Act, Binding
from ..widgets import Button, button_bindings

WIDTH = 560
MARGIN = 24
LEAST_WIDTH = 300  # the narrowest the bubble gets to keep clear of a choice dialog (at 100%)
TEXT = 20  # the size of its words (at 100%; smaller at a large UI scale only to keep ``SHARE``)
WIDE = 0.62  # the widest it gets, as a share of the canvas's width (at least its width at 100%)
SHARE = 0.4  # the most of the canvas the bubble covers, if a smaller text (down to its 100% size) can do it
EDGE = 8  # the bubble keeps this far from the canvas's edges
BAND = 6  # the ring's width: a gold band with a dark edge on either side
THIN = 4  # ... where a line of text runs close to a side
RING_GAPS = (6, 8, 4, 10, 3, 12, 14, 2)  # how far from its target the ring may go, the likeliest first


@dataclass
class Ring:
    """The guide's ring around ``target``: ``inner`` is where its band starts (outwards; the target grown to
    hold every line of text it cuts, and each side's gap); ``pieces`` are the parts of the band drawn: its four
    sides (each ``BAND`` wide, or ``THIN`` where a line of text runs close), broken only where a line of text
    runs across a side that has no room for it."""

    target: pygame.Rect
    inner: pygame.Rect
    outer: pygame.Rect  # where the band ends
    pieces: list[pygame.Rect] = field(default_factory=list)
    whole: bool = True  # the whole band, ``BAND`` wide all round (drawn with round corners)


def _cut(piece: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """``piece`` (a side of the band) without ``hole``: what is left on either side of it along the side."""
    if not piece.colliderect(hole):
        return [piece]
    if piece.w >= piece.h:  # a top or bottom side: cut across
        parts = [pygame.Rect(piece.x, piece.y, hole.x - piece.x, piece.h),
                 pygame.Rect(hole.right, piece.y, piece.right - hole.right, piece.h)]
    else:
        parts = [pygame.Rect(piece.x, piece.y, piece.w, hole.y - piece.y),
                 pygame.Rect(piece.x, hole.bottom, piece.w, piece.bottom - hole.bottom)]
    return [p for p in parts if p.w > 0 and p.h > 0]


SIDES = ("top", "bottom", "left", "right")


def ring_around(target: pygame.Rect, texts: Sequence[pygame.Rect]) -> Ring:
    """The ring around ``target`` that crosses none of the lines of text ``texts`` (their inked rectangles).
    The target first grows to hold every line whose middle lies in it (its own text keeps its descenders
    inside); then each side of the ring takes the first gap of ``RING_GAPS`` where it touches no other line (a
    line just above a button leaves room for the top side close to it), else the first where a thinner side
    touches none; a side with no such room takes the place that crosses the fewest, broken where a line runs
    across it."""
    inner = pygame.Rect(target)
    for r in texts:
        if inner.colliderect(r) and inner.collidepoint(r.center) and not inner.contains(r):
            inner.union_ip(r)
    others = [r for r in texts if not inner.contains(r)]
    far = max(RING_GAPS) + BAND  # a side is tried at its longest: whatever gaps the others take, it fits

    def band(side: str, gap: int, width: int) -> pygame.Rect:
        if side == "top":
            return pygame.Rect(inner.x - far, inner.y - gap - width, inner.w + 2 * far, width)
        if side == "bottom":
            return pygame.Rect(inner.x - far, inner.bottom + gap, inner.w + 2 * far, width)
        if side == "left":
            return pygame.Rect(inner.x - gap - width, inner.y - far, width, inner.h + 2 * far)
        return pygame.Rect(inner.right + gap, inner.y - far, width, inner.h + 2 * far)

    gaps: dict[str, tuple[int, int]] = {}
    for side in SIDES:
        tries = [(sum(1 for r in others if r.colliderect(band(side, g, w))), k, i, g, w)
                 for k, w in enumerate((BAND, THIN)) for i, g in enumerate(RING_GAPS)]
        best = min(tries)  # none crossed if it can be; the full band, then the likeliest gap, first
        gaps[side] = (best[3], best[4])
    (gt, wt), (gb, wb), (gl, wl), (gr, wr) = (gaps[s] for s in SIDES)
    band_in = pygame.Rect(inner.x - gl, inner.y - gt, inner.w + gl + gr, inner.h + gt + gb)
    out = pygame.Rect(band_in.x - wl, band_in.y - wt, band_in.w + wl + wr, band_in.h + wt + wb)
    pieces = [pygame.Rect(out.x, out.y, out.w, wt), pygame.Rect(out.x, band_in.bottom, out.w, wb),
              pygame.Rect(out.x, band_in.y, wl, band_in.h), pygame.Rect(band_in.right, band_in.y, wr, band_in.h)]
    crossing = [r for r in others if any(r.colliderect(p) for p in pieces)]
    for hole in crossing:
        pieces = [p for piece in pieces for p in _cut(piece, hole.inflate(4, 4))]
    whole = not crossing and wt == wb == wl == wr == BAND
    return Ring(pygame.Rect(target), band_in, out, pieces, whole)


def draw_ring(surf: pygame.Surface, ring: Ring) -> None:
    if ring.whole:
        pygame.draw.rect(surf, (30, 20, 10), ring.outer, BAND, border_radius=14)
        pygame.draw.rect(surf, T.FOCUS, ring.outer.inflate(-2, -2), BAND - 2, border_radius=13)
        return
    for p in ring.pieces:
        pygame.draw.rect(surf, (30, 20, 10), p)
    for p in ring.pieces:  # the gold inside each dark edge, the sides' gold meeting at the corners
        gold = pygame.Rect(p.x - 1, p.y + 1, p.w + 2, p.h - 2) if p.w >= p.h else pygame.Rect(p.x + 1, p.y - 1, p.w - 2,
                                                                                                 p.h + 2)
        pygame.draw.rect(surf, T.FOCUS, gold.clip(ring.outer.inflate(-2, -2)))


class CoachBubble(Scene):
    opaque = False
    modal = False
    pauses_below = False  # the table goes on animating; it holds the game itself while the coach says so

    def __init__(self, app: App, coach: Coach, text: Callable[[], str], target: Callable[[], pygame.Rect | None],
                 on_leave: Callable[[], None], keep_clear: Callable[[], list[pygame.Rect]] = list,
                 away: Callable[[], list[pygame.Rect] | None] = list,
                 texts: Callable[[], Sequence[pygame.Rect]] = list,
                 buttons: Callable[[], list[pygame.Rect]] = list) -> None:
        """``keep_clear``: what the bubble had better not cover; ``away``: what it must not touch (a choice
        dialog), or None while it must not show at all (another overlay is open); ``texts``: where the lines of
        text under it are (the ring keeps off them); ``buttons``: the buttons the player answers with (Draw, Stop,
        Flask, a card's choices), covered only where no place keeps clear of them (issue 30: the "Careful" bubble
        hid Draw and Stop)."""
        super().__init__(app)
        self.coach = coach
        self.text = text
        self.target = target
        self.on_leave = on_leave
        self.keep_clear = keep_clear
        self.away = away
        self.texts = texts
        self.buttons_below = buttons
        self.rect = pygame.Rect(0, 0, WIDTH, 200)
        self.lines: list[str] = []
        self.ring: Ring | None = None
        self._placed: object = None
        self._fits = False
        self.head_h = 0
        self.ok_b = Button(pygame.Rect(0, 0, 180, 52), _("Got it"), self.coach.ok, key=Act.NEXT, size=22)
        self.leave_b = Button(pygame.Rect(0, 0, 220, 44), _("Leave the guide"), self.on_leave, style="dark",
                              size=18)
        self._sized(TEXT)

    def buttons(self) -> list[Button]:
        st = self.coach.current
        return ([self.ok_b] if st is not None and st.wait is Wait.OK else []) + [self.leave_b]

    def showing(self) -> bool:
        """Whether the bubble is on screen now: a step is current, no other overlay is open, and it has a place
        that touches no choice dialog."""
        return self.coach.current is not None and self.layout()

    def shown_buttons(self) -> list[Button]:
        return self.buttons() if self.coach.current is not None and self.showing() else []

    def bindings(self) -> list[Binding]:
        """Space: "Got it" (a step that waits for the player's OK); the table's keys go on working under it."""
        st = self.coach.current
        if st is None or st.wait is not Wait.OK or not self.showing():
            return []
        return button_bindings([self.ok_b])

    def handle(self, event: pygame.event.Event) -> bool:
        st = self.coach.current
        if st is None or not self.showing():
            return False
        if self.press(event):
            return True
        for b in self.buttons():
            if b.handle(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def sizes(self) -> list[int]:
        """The text sizes to try, largest first: the UI scale's own, down to the one drawn as large as at 100%
        (in a small window at a large UI scale the bubble would cover the whole table)."""
        te = self.app.text
        with te.roomy():
            return list(range(TEXT, min(TEXT, te.floor(TEXT)) - 1, -1))

    def widths(self, size: int, narrow: bool) -> list[int]:
        """The widths to try at a text size, widest first (wider with a larger text, up to ``WIDE`` of the
        canvas); ``narrow``: narrower ones too, to keep clear of a choice dialog or of the target."""
        grow = 1 + 0.5 * (self.app.text.px(size) / TEXT - 1)
        full = min(canvas_rect().w - 48, int(WIDTH * grow), max(int(WIDTH), int(WIDE * canvas_rect().w)))
        if not narrow:
            return [full]
        least = min(full, int(LEAST_WIDTH * grow))
        return sorted({full, max(least, int(full * 0.8)), max(least, int(full * 0.65)), least}, reverse=True)

    # ------------------------------------------------------------------------------------------------
    # where it goes

    def layout(self) -> bool:
        """Place the bubble and its ring for the table as it is now; False if it must wait unseen."""
        away = self.away()
        if away is None:
            return False
        target = self.target()
        text = self.text()
        texts = self.texts() if target is not None else []
        below = self.buttons_below()
        key = (text, None if target is None else tuple(target), tuple(map(tuple, away)), canvas_rect().size,
               self.app.text.scale, self.coach.current, tuple(map(tuple, texts)), tuple(map(tuple, below)))
        if key != self._placed:
            self.ring = ring_around(target, texts) if target is not None else None
            self._fits = self.place(text, self.ring.outer if self.ring is not None else None, self.keep_clear(), away,
                                    below)
            self._placed = key
        return self._fits

    def _sized(self, size: int) -> None:
        """The heading, buttons and labels at the body's text ``size`` (they keep their proportions)."""
        self.size = size
        self.head_size = round(28 * size / TEXT)
        self.note_size = round(18 * size / TEXT)
        self.ok_b.size = round(22 * size / TEXT)
        self.leave_b.size = self.note_size

    def _heights(self, width: int, lines: int) -> int:
        te = self.app.text
        with te.roomy():
            head_h = te.height("serif-bold", self.head_size)
            for b, least, h in ((self.ok_b, 180, 52), (self.leave_b, 220, 44)):
                with te.crowded():
                    hint = te.size(b.hotkey_label, "sans-bold", Button.KEY_SIZE)[0] + 12 if b.hotkey_label else 0
                label = te.size(b.label, "sans-semibold", b.size)[0]
                need = max(label + 2 * (hint + 16), int((label + 30) / 0.5))  # its label beside its key (Button)
                w = min(max(int(least * width / 560), need), (width - 40) // 2)
                text_h = te.height("sans-semibold", b.size)
                with te.crowded():
                    key_h = te.size(b.hotkey_label or "X", "sans-bold", Button.KEY_SIZE)[1]
                # too narrow for the label beside its key (a long key name such as "Leertaste"): above it
                b.rect.size = (w, max(h, text_h + 14, text_h + key_h + 10 if w < need else 0))
            lh = te.font("sans", self.size).get_linesize()
        self.head_h = head_h
        return lines * lh + head_h + 30 + max(self.ok_b.rect.h, self.leave_b.rect.h) + 40

    def place(self, text: str, target: pygame.Rect | None, keep_clear: list[pygame.Rect],
              away: list[pygame.Rect], buttons: Sequence[pygame.Rect] = ()) -> bool:
        """Beside the target, fully on the canvas, touching nothing of ``away`` (a choice dialog), over as
        little of the target and of ``keep_clear`` (the pot in focus, its panel, the controls) as can be, and
        near the target; the middle of the screen if there is no target. The largest text that leaves the
        target (its ring) and the ``buttons`` in sight is taken; if none does, the largest that fits. False if
        nothing fits."""
        te = self.app.text
        canvas = pygame.Rect(0, 0, *canvas_rect().size).inflate(-2 * EDGE, -2 * EDGE)
        sizes = self.sizes()
        first: tuple[int, int, list[str], pygame.Rect] | None = None
        wide = [(size, self.widths(size, False)[0]) for size in sizes]  # a smaller text before a narrower bubble
        narrow = [(size, w) for size in sizes for w in self.widths(size, bool(away) or target is not None)[1:]]
        for size, width in wide + narrow:
            self._sized(size)
            with te.roomy():
                lines = te.wrap(text, "sans", size, width - 48)
            h = self._heights(width, len(lines))
            if h > canvas.h or width > canvas.w:
                continue
            if size != sizes[-1] and width * h > SHARE * canvas.w * canvas.h:
                continue  # a smaller text rather than a bubble over most of the table
            spot = self._spot(width, h, canvas, target, keep_clear, away, buttons)
            if spot is None:
                continue
            if (target is None or not spot.colliderect(target)) and spot.collidelist(list(buttons)) < 0:
                self._settle(lines, spot)
                return True
            if first is None:
                first = (size, width, lines, spot)
        if first is None:
            return False
        size, width, lines, spot = first
        self._sized(size)
        self._heights(width, len(lines))
        self._settle(lines, spot)
        return True

    def _spot(self, width: int, h: int, canvas: pygame.Rect, target: pygame.Rect | None,
              keep_clear: list[pygame.Rect], away: list[pygame.Rect],
              buttons: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The best place for a bubble of ``width`` by ``h`` (see ``place``), or None if every one touches
        ``away``."""
        if target is None and not away:
            r = pygame.Rect(0, 0, width, h)
            r.center = canvas.center
            return r
        near = target if target is not None else canvas
        xs = {near.right + MARGIN, near.x - MARGIN - width, near.centerx - width // 2, canvas.x, canvas.right - width}
        ys = {near.bottom + MARGIN, near.y - MARGIN - h, near.centery - h // 2, canvas.y, canvas.bottom - h}
        for a in away:
            xs |= {a.right + MARGIN, a.x - MARGIN - width}
            ys |= {a.bottom + MARGIN, a.y - MARGIN - h}
        spots = [pygame.Rect(x, y, width, h).clamp(canvas) for x in sorted(xs) for y in sorted(ys)]
        free = [r for r in spots if r.collidelist(away) < 0]
        if not free:
            return None

        def cost(r: pygame.Rect) -> float:
            area = 0.0
            if target is not None:
                c = r.clip(target)
                area += c.w * c.h * 4  # never over the target if it can be helped
            for k in keep_clear:
                c = r.clip(k)
                area += c.w * c.h
            for b in buttons:  # the buttons to answer with: far worse to cover than the target
                c = r.clip(b)
                area += c.w * c.h * 16
            return area + abs(r.centerx - near.centerx) + abs(r.centery - near.centery)

        return min(free, key=cost)

    def _settle(self, lines: list[str], rect: pygame.Rect) -> None:
        self.lines = lines
        self.rect = r = rect
        self.ok_b.rect.bottomright = (r.right - 20, r.bottom - 18)
        self.leave_b.rect.bottomleft = (r.x + 16, r.bottom - 22)

    # ------------------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        st = self.coach.current
        if st is None or not self.showing():
            return
        te = self.app.text
        if self.ring is not None:
            draw_ring(surf, self.ring)
        with te.roomy():
            lh = te.font("sans", self.size).get_linesize()
            r = self.rect
            art.panel(surf, r, tint=(250, 240, 214), seed=91)
            pygame.draw.rect(surf, T.FOCUS, r, 3, border_radius=14)
            with te.within(r):
                te.blit(surf, _("Guide"), (r.x + 24, r.y + 14), "serif-bold", self.head_size, T.BRASS_DARK)
                y = r.y + 14 + self.head_h + 8
                for line in self.lines:
                    te.blit(surf, line, (r.x + 24, y), "sans", self.size, T.INK)
                    y += lh
                if st.wait is Wait.ACT:
                    leave = self.leave_b.rect
                    te.blit_fit(surf, _("Your move"), pygame.Rect(leave.right + 16, leave.y, r.right - 22 -
                                                                  leave.right - 16, leave.h), "sans-semibold",
                                self.note_size, T.BRASS_DARK, anchor="midright", lines=1)
        for b in self.buttons():
            b.draw(surf)

"""A player's pot: the spiral of spaces 0-52 and the spoon with coins, VP and rubies, the chips on their
spaces, the droplet, the rat stone; beside it the flask, the rubies, the fuse meter and the next reward."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ...i18n import _, ngettext
from ...rules.chips import CHIP_BY_NAME, Chip
from ...rules.game import Game
from ...wording import text as W
from .. import art, cauldron_art, shapes
from .. import theme as T
from ..app import text_engine
from .layout import POT_RIM
from .view_state import LandingMark

DETAIL_RADIUS = 150  # a pot this large prints every space's coins, VP and rubies; a smaller one every fifth's coins
SMALL_CHIP_R = 12  # the least radius of a chip in a pot: its value at least 12 px (``art.chip``)
NUMBER_GROWTH = 0.3  # a pot's numbers grow by this share of the UI scale's step, where its spaces have room
SMALL_CHIP_STEP = 0.68  # ... but no wider than this share of the step between spaces (a neighbour's value shows)


@dataclass
class PotLayout:
    centre: tuple[int, int]
    radius: int

    def centres(self) -> list[tuple[float, float]]:
        return cauldron_art.space_centres(self.radius, self.centre)

    @property
    def aside_radius(self) -> int:
        """A chip beside the pot (red set 2, R38): the size of a space, so that six fit round the frame's free
        corner in the smallest window."""
        return max(7, int(cauldron_art.space_radius(self.radius) * 1.16))

    @property
    def chip_radius(self) -> int:
        # a little larger than a space: readable values (neighbouring 1-chips just touch); in a small pot (another
        # seat's) large enough for a value of 12 px, overlapping its neighbours a little as chips in a pot do
        step = cauldron_art.space_step(self.radius)
        least = min(SMALL_CHIP_R, int(step * SMALL_CHIP_STEP))
        if cauldron_art.roomy_pot(self.radius):  # spaces that print 12 px numbers hold chips with 12 px values
            least = SMALL_CHIP_R
        grown = min(int(SMALL_CHIP_R * number_grow()), int(step * 0.45))  # a larger UI scale: larger values (issue 32)
        return max(7, least, grown, int(cauldron_art.space_radius(self.radius) * 1.16))


def droplet_shown(anim: Any | None, seat: int) -> bool:
    """Whether a seat's pot draws its droplet (not while the droplet steps forward: the motion draws it)."""
    return anim is None or seat not in anim.droplets_moving()


def draw_moving_pot(surf: pygame.Surface, g: Game, seat: int, lay: PotLayout, anim: Any | None,
                    colour_blind: bool = False, highlight: int | None = None) -> PotLayout:
    """A seat's pot at ``lay`` as the motion has it now: shaken while it explodes, its chips still in the air and
    a stepping droplet left out (the motion draws them). Returns where it was drawn."""
    sx, sy = anim.shake(seat) if anim is not None else (0, 0)
    pot = PotLayout((lay.centre[0] + sx, lay.centre[1] + sy), lay.radius)
    draw_pot(surf, g, seat, pot, colour_blind=colour_blind, hidden_chips=anim.hidden(seat) if anim is not None else 0,
             highlight=highlight, droplet=droplet_shown(anim, seat))
    return pot


def number_grow() -> float:
    """How much larger the UI scale wants a pot's numbers (``NUMBER_GROWTH`` of its step)."""
    return 1 + NUMBER_GROWTH * (max(1.0, text_engine().scale) - 1)


def numbers_px(lay: PotLayout, colour_blind: bool = False) -> int:
    """The smallest numbers a pot drawn at ``lay`` prints: its spaces' coins (``cauldron_art.cauldron``) and its
    chips' values (``art.chip``), in pixels (the layout check's measure of a pot read at a glance)."""
    detail = lay.radius >= DETAIL_RADIUS
    return min(cauldron_art.numbers_px(lay.radius, detail, number_grow()),
               art.chip_value_px(lay.chip_radius, colour_blind))


def note_pot(surf: pygame.Surface, lay: PotLayout, role: str, colour_blind: bool = False) -> None:
    """Tell the layout check where a pot lies (its iron rim's square) and how small its numbers are: ``role`` is
    "focus" (the deciding seat's), "focus-shop" (the same, small beside the shop) or "other" (another seat's card)."""
    reach = int(lay.radius * POT_RIM)
    shapes.note("pot", surf, pygame.Rect(lay.centre[0] - reach, lay.centre[1] - reach, 2 * reach, 2 * reach),
                f"{role} {numbers_px(lay, colour_blind)}")


def track_spaces(g: Game) -> tuple[tuple[int, int, bool], ...]:
    return tuple((sp.coins, sp.vp, sp.ruby) for sp in g.cat.pot.spaces)


def draw_pot(surf: pygame.Surface, g: Game, seat: int, lay: PotLayout, *, colour_blind: bool = False,
             hidden_chips: int = 0, highlight: int | None = None, droplet: bool = True) -> None:
    """The cauldron with everything in it. ``hidden_chips`` leaves the last chips out (they are still flying);
    ``droplet`` False leaves the droplet out (it is stepping forward: ``Animator.droplets_moving``)."""
    detail = lay.radius >= DETAIL_RADIUS
    pot = cauldron_art.cauldron(lay.radius, track_spaces(g), detail, number_grow() if detail else 1.0)
    surf.blit(pot, pot.get_rect(center=lay.centre))
    s = g.seats[seat]
    centres = lay.centres()
    cr = lay.chip_radius
    # droplet and rat stone
    if droplet:
        dx, dy = centres[min(s.droplet, 52)]
        drop = art.droplet(int(cr * 1.7))
        surf.blit(drop, drop.get_rect(center=(dx, dy - cr * 0.15)))
    if s.rats:
        ri = g.start_index(s)
        rx, ry = centres[ri]
        rt = art.rat(int(cr * 1.9))
        surf.blit(rt, rt.get_rect(center=(rx, ry)))
    pot_chips = s.pot[:len(s.pot) - hidden_chips] if hidden_chips else s.pot
    for p in pot_chips:
        x, y = centres[min(p.index, 52)]
        img = art.chip(p.chip.colour.value, p.chip.value, cr, colour_blind)
        surf.blit(img, img.get_rect(center=(x, y)))
    if highlight is not None and 0 <= highlight < len(centres):
        x, y = centres[highlight]
        pygame.draw.circle(surf, T.FOCUS, (x, y), cr + 4, 3)


def draw_landings(surf: pygame.Surface, lay: PotLayout, marks: Sequence[LandingMark],
                  colour_blind: bool = False) -> None:
    """A pick's chips on the pot before one is chosen (issue 32): each a faded chip on the space it would land on,
    ringed and labelled with its keys; the one under the mouse drawn whole, with the white total it would make
    (red when it would explode the pot)."""
    te = text_engine()
    centres = lay.centres()
    cr = lay.chip_radius
    for m in sorted(marks, key=lambda mk: mk.hovered):  # the one under the mouse on top
        if not 0 <= m.space < len(centres):
            continue
        x, y = (int(v) for v in centres[m.space])
        c = CHIP_BY_NAME[m.chip]
        img = art.chip(c.colour.value, c.value, cr, colour_blind)
        if not m.hovered:
            img = img.copy()
            img.set_alpha(150)
        surf.blit(img, img.get_rect(center=(x, y)))
        explodes = bool(m.white_after) and m.white_after > m.limit
        ring = T.DANGER if explodes else T.FOCUS
        pygame.draw.circle(surf, ring, (x, y), cr + 4, 3 if m.hovered else 2)
        label = m.keys
        if m.hovered and m.white_after:
            label = _("White {total}/{limit}").format(total=m.white_after, limit=m.limit)
        if label:
            tag = te.render(label, "sans-bold", 14, T.CREAM)
            box = tag.get_rect(midbottom=(x, y - cr - 6)).inflate(10, 4)
            pygame.draw.rect(surf, T.DANGER if explodes else T.INK, box, border_radius=box.h // 2)
            te.blit(surf, label, box.center, "sans-bold", 14, T.CREAM, "center")
        shapes.note("landing", surf, pygame.Rect(x - cr, y - cr, 2 * cr, 2 * cr), m.chip)


def aside_centres(lay: PotLayout, n: int) -> list[tuple[int, int]]:
    """Where ``n`` chips set beside the pot lie: just outside the rim, round its bottom-left (the frame's corner
    there is free), the first in the middle and the others either side of it."""
    cr = lay.aside_radius
    reach = lay.radius * 1.13 + cr + 3  # the iron rim's edge (cauldron_art.cauldron), then the chip
    step = (2 * cr + 3) / reach
    out = []
    for i in range(n):
        angle = math.radians(135) + step * ((i + 1) // 2) * (1 if i % 2 else -1)
        out.append((int(lay.centre[0] - reach * math.sin(angle)), int(lay.centre[1] - reach * math.cos(angle))))
    return out


def draw_aside(surf: pygame.Surface, g: Game, seat: int, lay: PotLayout, colour_blind: bool = False) -> None:
    """The chips a seat set beside its pot (red set 2, R38), drawn as chips by the pot's rim."""
    chips = g.seats[seat].aside
    cr = lay.aside_radius
    for c, (x, y) in zip(chips, aside_centres(lay, len(chips)), strict=True):
        pygame.draw.circle(surf, (0, 0, 0), (x + 2, y + 3), cr)  # its shadow on the table
        img = art.chip(c.colour.value, c.value, cr, colour_blind)
        shapes.note("chip", surf, surf.blit(img, img.get_rect(center=(x, y))), c.name)


def space_at(lay: PotLayout, pos: tuple[int, int]) -> int | None:
    """The space under the mouse, for hover help."""
    r = lay.chip_radius + 2
    near = [((x - pos[0]) ** 2 + (y - pos[1]) ** 2, i) for i, (x, y) in enumerate(lay.centres())]
    d, i = min(near)
    return i if d <= r * r else None  # the nearest (a small pot's chips overlap their neighbours)


def fuse(surf: pygame.Surface, rect: pygame.Rect, white: int, limit: int, exploded: bool) -> None:
    """The white total against the limit: one cell per point, red past the limit."""
    te = text_engine()
    cells = max(limit + 3, white)
    gap = 3
    w = (rect.w - gap * (cells - 1)) / cells
    for i in range(cells):
        x = rect.x + i * (w + gap)
        r = pygame.Rect(int(x), rect.y, int(w), rect.h)
        over = i >= limit
        if i < white:
            col = T.DANGER if (over or exploded) else (T.WARN if i >= limit - 2 else T.CREAM)
        else:
            col = (96, 64, 52) if over else (70, 58, 48)
        pygame.draw.rect(surf, col, r, border_radius=4)
        pygame.draw.rect(surf, (30, 22, 16), r, 1, border_radius=4)
        if i == limit - 1:
            pygame.draw.line(surf, T.DANGER, (r.right + 1, rect.y - 6), (r.right + 1, rect.bottom + 6), 3)
    del te


def next_space(g: Game, seat: int) -> int:
    s = g.seats[seat]
    last = s.pot[-1].index if s.pot else g.start_index(s)
    return min(last + 1, g.cat.pot.spoon)


def reward_text(g: Game, index: int) -> str:
    """What a space gives, "24 coins, 8 VP, a ruby" (issue 19: the one home is ``wording.text.space_gives``)."""
    return W.space_gives(g.cat.pot, index)


def draw_rubies(surf: pygame.Surface, pos: tuple[int, int], n: int, size: int = 26, per_row: int = 6,
                width: int = 0) -> None:
    """``n`` rubies from ``pos``: two rows of gems, or one gem and "x n" when there are more; none: "no rubies"
    (within ``width`` if given)."""
    te = text_engine()
    if n > per_row * 2:
        g = art.ruby(size)
        surf.blit(g, pos)
        te.blit(surf, f"x {n}", (pos[0] + size + 6, pos[1] + size // 2), "sans-bold", max(14, int(size * 0.75)),
                T.CREAM, "midleft", scaled=False)
        return
    for i in range(n):
        g = art.ruby(size)
        surf.blit(g, (pos[0] + (i % per_row) * (size + 2), pos[1] + (i // per_row) * (size + 2)))
    if n == 0:
        text = _("no rubies")
        te.blit(surf, text, (pos[0], pos[1] + size // 2), "sans", te.fit(text, "sans", 14, width, 12) if width else 14,
                T.PARCHMENT_DARK, "midleft")


BAG_LEAST = 0.66  # the bag summary's chips short of room: at least this share of their radius


def _bag_size(radius: int) -> int:
    """The size of a count beside a chip of ``radius`` in the bag summary."""
    return max(14, int(radius * 1.1))


def _bag_flow(items: Sequence[tuple[Chip, int]], width: int, radius: int, size: int,
              rows: int | None = None) -> list[tuple[int, int]]:
    """Where each kind of chip goes in the bag summary, as (column's x offset, row), left to right in rows of
    ``width``: each chip with its count right beside it, each place as wide as its own count needs (a bag of
    single digits lists twice the kinds a grid of two-digit places would, which is what lets a 200% table still
    list its bag), in ``size``. Stops at ``rows`` rows."""
    te = text_engine()
    out: list[tuple[int, int]] = []
    x, row = 0, 0
    for _c, k in items:
        w = radius * 2 + 6 + te.size(str(k), "sans-bold", size, scaled=False)[0]
        if x and x + w > width:
            x, row = 0, row + 1
        if rows is not None and row >= rows:
            break
        out.append((x, row))
        x += w + max(12, radius * 2 // 3)
    return out


def bag_summary_height(g: Game, seat: int, width: int, radius: int = 15) -> int:
    """The height the bag summary needs to show every kind of chip."""
    places = _bag_flow(list(g.seats[seat].bag.items()), width, radius, _bag_size(radius))
    return (places[-1][1] + 1 if places else 1) * (radius * 2 + 8)


def draw_bag_summary(surf: pygame.Surface, rect: pygame.Rect, g: Game, seat: int, colour_blind: bool = False,
                     largest: int = 15) -> None:
    """The chips in the bag by kind, as small chips with counts (the bag has no order). What does not fit in
    ``rect`` is never dropped silently: the last place says how many more chips there are. Short of room, the
    chips are drawn smaller first (down to ``BAG_LEAST`` of ``largest``), their counts staying the size ``largest``
    gives them: every kind listed reads better than large chips and "+5 more chips" (issue 32: the bag still
    listed at 200%)."""
    te = text_engine()
    size = _bag_size(largest)
    items = list(g.seats[seat].bag.items())
    radius = largest
    for radius in range(largest, max(12, int(largest * BAG_LEAST)) - 1, -1):
        row_h = radius * 2 + 8
        places = _bag_flow(items, rect.w, radius, size, max(1, (rect.h + 8) // row_h))
        if len(places) == len(items):
            break
    more = ""
    if len(places) < len(items):  # the last place that has room for it says how many are not shown
        for keep in range(len(places) - 1, -1, -1):
            n = sum(k for _c, k in items[keep:])
            more = ngettext("+{n} more chip", "+{n} more chips", n).format(n=n)
            dx = places[keep][0]
            if dx == 0 or rect.x + dx + te.size(more, "sans-semibold", size, scaled=False)[0] <= rect.right:
                places = places[:keep + 1]
                break
    for (c, k), (dx, row) in zip(items, places[:len(places) - (1 if more else 0)], strict=False):
        x, y = rect.x + dx, rect.y + row * row_h
        img = art.chip(c.colour.value, c.value, radius, colour_blind)
        shapes.note("chip", surf, surf.blit(img, (x, y)), c.name)
        te.blit(surf, f"{k}", (x + radius * 2 + 6, y + radius + 1), "sans-bold", size, T.CREAM, "midleft",
                scaled=False)
    if more:
        dx, row = places[-1]
        te.blit(surf, more, (rect.x + dx, rect.y + row * row_h + radius + 1), "sans-semibold", size, T.CREAM,
                "midleft", scaled=False)


# ---------------------------------------------------------------------------------------------------------
# the test-tube side: twelve glasses with their bonuses and the test-tube droplet


TUBE_LEAST = 30  # the lowest row of test tubes still worth drawing (glasses about 10 px wide)


def tube_height(width: int) -> int:
    """The height of the row of test tubes drawn ``width`` wide (at most: a lower row draws them smaller)."""
    slot = width / 12.7
    return int(slot * 1.25) + int(slot * 0.62) + 6


def draw_tubes(surf: pygame.Surface, rect: pygame.Rect, g: Game, seat: int) -> None:
    """The test tube as on the pot's back side: glasses 1-12 in a row, each with its bonus under it (from the
    data), the glasses already reached filled, and the test-tube droplet on its glass (before glass 1 at the
    start)."""
    te = text_engine()
    glasses = g.cat.tubes
    n = len(glasses)
    at = g.seats[seat].tube
    slot = min(rect.w / (n + 0.7), (rect.h - 6) / 1.87)  # as wide as the row, or as high as it lets them be
    gw = max(8, int(slot * 0.62))
    gh = int(slot * 1.25)
    icon = max(10, int(slot * 0.62))
    x0 = rect.x + slot * 0.7
    for i, reward in enumerate(glasses):
        cx = int(x0 + slot * i + slot / 2)
        glass = pygame.Rect(cx - gw // 2, rect.y + 2, gw, gh)
        reached = i < at
        pygame.draw.rect(surf, (38, 30, 26), glass.move(1, 2), border_radius=gw // 2)
        pygame.draw.rect(surf, (120, 200, 226) if reached else (70, 84, 92), glass, border_radius=gw // 2)
        if reached:
            liquid = glass.inflate(-4, -4)
            liquid.top = glass.y + gh // 3
            liquid.h = glass.bottom - 2 - liquid.top
            pygame.draw.rect(surf, T.DROPLET, liquid, border_radius=max(2, gw // 2 - 2))
        pygame.draw.rect(surf, (210, 230, 240), glass, 2, border_radius=gw // 2)
        pygame.draw.line(surf, (210, 230, 240), (glass.x - 2, glass.y), (glass.right + 1, glass.y), 2)
        _tube_bonus(surf, te, reward, (cx, glass.bottom + 4 + icon // 2), icon)
    # the test-tube droplet: on its glass, or before the first one
    d = art.droplet(max(12, int(gw * 1.25)))
    cx = int(x0 + slot * (at - 1) + slot / 2) if at > 0 else int(rect.x + slot * 0.35)
    surf.blit(d, d.get_rect(center=(cx, rect.y + 2 + gh // 2)))


def _tube_bonus(surf: pygame.Surface, te: Any, reward: Any, centre: tuple[int, int], size: int) -> None:
    """A glass's bonus as a picture: a ruby, a chip, or a number of VP (brass)."""
    if reward.chips:
        c = reward.chips[0]
        img = art.chip(c.colour.value, c.value, size // 2)
        surf.blit(img, img.get_rect(center=centre))
    elif reward.rubies:
        img = art.ruby(size)
        surf.blit(img, img.get_rect(center=centre))
    elif reward.droplet:
        img = art.droplet(size)
        surf.blit(img, img.get_rect(center=centre))
    elif reward.vp:
        px = max(14, int(size * 0.7))
        r = max(size // 2, int(px * 0.75))  # (a disc the number fits inside, clear of its rim)
        pygame.draw.circle(surf, T.BRASS, centre, r)
        pygame.draw.circle(surf, T.BRASS_DARK, centre, r, 1)
        te.blit(surf, str(reward.vp), centre, "sans-bold", px, T.INK, "center", scaled=False)

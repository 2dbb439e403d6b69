"""The game's pictures, drawn by our own code: wood, parchment, chips, gems, droplet, rat, flask, die, flame and
markers (the cauldron with its spiral is ``cauldron_art``'s). Drawn once at twice the size and smoothed down, then
cached.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from . import theme as T
from .app import text_engine

SS = 2  # supersampling factor
EDGE = 11  # how far in from its border a parchment's burnt (see-through) edge reaches: text stays inside it


def smooth(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return fast(pygame.transform.smoothscale(surf, size))


def fast(surf: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format (much faster to blit), once a window exists."""
    if pygame.display.get_surface() is not None:
        try:
            return surf.convert_alpha()
        except pygame.error:  # pragma: no cover
            return surf
    return surf


def mix(a: T.RGB, b: T.RGB, t: float) -> T.RGB:
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def shade(c: T.RGB, f: float) -> T.RGB:
    """Darker (f < 1) or lighter (f > 1) colour."""
    if f < 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    return mix(c, (255, 255, 255), min(1.0, f - 1))


# ---------------------------------------------------------------------------------------------------------
# backgrounds and panels


WOOD_STEP = 512  # the planks are drawn once, this much larger at a time than asked for, and cut to size


@lru_cache(maxsize=4)
def _planks(w: int, h: int, seed: int) -> pygame.Surface:
    """Walnut planks with grain lines, ``w`` x ``h`` (drawn once: the costliest picture of the game)."""
    rng = random.Random(seed)
    surf = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    plank_h = 135
    y = 0
    while y < h:
        base = mix(T.WOOD_DARK, T.WOOD_MID, rng.uniform(0.35, 0.75))
        pygame.draw.rect(surf, base, (0, y, w, plank_h))
        for _ in range(70):
            gy = y + rng.uniform(4, plank_h - 4)
            amp = rng.uniform(1, 5)
            period = rng.uniform(180, 600)
            phase = rng.uniform(0, 6.28)
            col = shade(base, rng.uniform(0.78, 1.12))
            pts = [(x, gy + amp * math.sin(x / period * 6.28 + phase)) for x in range(0, w + 40, 40)]
            pygame.draw.aalines(surf, col, False, pts)
        pygame.draw.line(surf, shade(base, 0.55), (0, y), (w, y), 3)
        pygame.draw.line(surf, shade(base, 1.15), (0, y + 3), (w, y + 3), 1)
        y += plank_h
    return surf


@lru_cache(maxsize=1)
def _vignette() -> pygame.Surface:
    """The table's darker edges as a small map (scaled to the table's size: an ellipse touching its sides)."""
    n = 96
    vig = pygame.Surface((n, n), pygame.SRCALPHA)
    c = n / 2
    for yy in range(n):
        for xx in range(n):
            d = math.hypot((xx + 0.5 - c) / c, (yy + 0.5 - c) / c)
            vig.set_at((xx, yy), (0, 0, 0, int(min(150, max(0, (d - 0.55) * 230)))))
    return vig


@lru_cache(maxsize=8)
def wood(size: tuple[int, int], seed: int = 3) -> pygame.Surface:
    """A walnut table top of ``size``: planks with grain lines and a soft vignette. Any size is cheap: the planks
    are drawn once (larger than asked, in steps of ``WOOD_STEP``) and cut to size, the vignette scaled to it."""
    w, h = size
    big = _planks(-(-max(w, 1920) // WOOD_STEP) * WOOD_STEP, -(-max(h, 1080) // WOOD_STEP) * WOOD_STEP, seed)
    surf = big.subsurface((0, 0, w, h)).copy()
    surf.blit(pygame.transform.smoothscale(_vignette(), size), (0, 0))
    return surf


#: rows of a parchment drawn at a time (the supersampled picture of a whole screen's panel would take three
#: buffers of ~25 MB each; glibc keeps such freed blocks in the process, see :func:`parchment`)
PARCHMENT_BAND = 64


@lru_cache(maxsize=128)
def parchment(size: tuple[int, int], tint: T.RGB = T.PARCHMENT, radius: int = 14, seed: int = 1,
              border: T.RGB = T.PARCHMENT_EDGE) -> pygame.Surface:
    """A parchment panel with mottled texture, darker edges and an inked border.

    Drawn in bands of :data:`PARCHMENT_BAND` rows, each at twice the size and smoothed down: the same
    picture as drawing the whole panel at once (every shape is drawn in every band it touches, and a band
    starts on an even row of the large picture), with a few MB of buffers instead of ~75 MB for a panel as
    large as the screen. Such large buffers, once freed, stayed in the process (glibc's heap, after its
    mmap threshold grew): a player leaving the final screen for a new game kept ~90 MB more for good.
    """
    w, h = size
    rng = random.Random(seed * 7919 + w * 31 + h)
    blots = []
    for _ in range(max(8, (w * h) // 5000)):
        x, y = rng.uniform(0, w * SS), rng.uniform(0, h * SS)
        rad = rng.uniform(20, 90) * SS
        blots.append(((x, y), rad, (*shade(tint, rng.uniform(0.86, 0.97)), 26)))
    out = pygame.Surface(size, pygame.SRCALPHA)
    for top in range(0, h, PARCHMENT_BAND):
        rows = min(PARCHMENT_BAND, h - top)
        band = _parchment_band(w, h, top * SS, rows * SS, tint, radius * SS, border, blots)
        out.blit(band, (0, top), special_flags=pygame.BLEND_RGBA_MAX)  # onto nothing: a copy, alpha and all
    return fast(out)


def _parchment_band(w: int, h: int, y0: int, rows: int, tint: T.RGB, r: int, border: T.RGB,
                    blots: list[tuple[tuple[float, float], float, tuple[int, int, int, int]]]) -> pygame.Surface:
    """Rows ``y0 .. y0 + rows`` of the parchment drawn at :data:`SS` times its size, smoothed down.

    The band is drawn with a margin of :data:`SS` rows above and below, cut off at the end: pygame draws the
    edge of a square-cornered outline that lies outside the surface along the surface's edge."""
    m = SS
    whole = pygame.Rect(0, m - y0, w * SS, h * SS)  # the large picture, in the band's coordinates
    big = pygame.Surface((w * SS, rows + 2 * m), pygame.SRCALPHA)
    pygame.draw.rect(big, tint, whole, border_radius=r)
    blot = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    for (x, y), rad, col in blots:
        cy = math.floor(y) + whole.y  # as a whole drawing places it (pygame cuts a centre's fraction off)
        if -rad <= cy <= blot.get_height() + rad:
            pygame.draw.circle(blot, col, (x, cy), rad)
    big.blit(blot, (0, 0))
    del blot
    # edge burn
    for i in range(10):
        a = 8 + i * 5
        pygame.draw.rect(big, (*shade(border, 0.9), max(0, 60 - a)), whole.inflate(-i * 2 * SS, -i * 2 * SS),
                         width=2 * SS, border_radius=max(0, r - i * SS))
    pygame.draw.rect(big, border, whole, width=2 * SS, border_radius=r)
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), whole, border_radius=r)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(big.subsurface((0, m, w * SS, rows)), (w, rows // SS))


@lru_cache(maxsize=64)
def shadow(size: tuple[int, int], radius: int = 14, alpha: int = 110) -> pygame.Surface:
    w, h = size
    pad = 14
    s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int(alpha * (1 - i / pad) ** 2)
        pygame.draw.rect(s, (0, 0, 0, a), (pad - i, pad - i + 4, w + i * 2, h + i * 2), border_radius=radius + i)
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect, tint: T.RGB = T.PARCHMENT, radius: int = 14,
          seed: int = 1, border: T.RGB = T.PARCHMENT_EDGE, drop: bool = True) -> None:
    if drop:
        surf.blit(shadow((rect.w, rect.h), radius), (rect.x - 14, rect.y - 14))
    surf.blit(parchment((rect.w, rect.h), tint, radius, seed, border), rect.topleft)
    text_engine().cover(surf, rect, EDGE)  # what lay under it is hidden, text on it keeps off its edge (layout check)


# ---------------------------------------------------------------------------------------------------------
# chips and tokens


def _dot(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.circle(surf, colour, (cx, cy), r * 0.32)


def _leaf(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx + r * 0.6, cy), (cx, cy + r), (cx - r * 0.6, cy)])


def _web(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    for k in range(6):
        a = k * math.pi / 3
        pygame.draw.line(surf, colour, (cx, cy), (cx + r * math.cos(a), cy + r * math.sin(a)), w)
    pygame.draw.circle(surf, colour, (cx, cy), r * 0.55, w)


def _triangle(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.polygon(surf, colour, [(cx, cy - r), (cx + r * 0.9, cy + r * 0.7), (cx - r * 0.9, cy + r * 0.7)])


def _cap(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.ellipse(surf, colour, (cx - r, cy - r * 0.8, r * 2, r * 1.2))
    pygame.draw.rect(surf, colour, (cx - r * 0.28, cy - r * 0.1, r * 0.56, r * 0.95))


def _star(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pts = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


def _wisp(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.circle(surf, colour, (cx, cy - r * 0.2), r * 0.6)
    pts = [(cx - r * 0.6, cy - r * 0.2), (cx + r * 0.6, cy - r * 0.2), (cx + r * 0.5, cy + r),
           (cx + r * 0.15, cy + r * 0.6), (cx - r * 0.15, cy + r), (cx - r * 0.5, cy + r * 0.6)]
    pygame.draw.polygon(surf, colour, pts)


def _moth(surf: pygame.Surface, cx: float, cy: float, r: float, colour: tuple[int, ...], w: int) -> None:
    pygame.draw.ellipse(surf, colour, (cx - r, cy - r * 0.6, r, r * 1.2))
    pygame.draw.ellipse(surf, colour, (cx, cy - r * 0.6, r, r * 1.2))
    pygame.draw.line(surf, colour, (cx, cy - r * 0.7), (cx, cy + r * 0.7), w)


#: the colour-blind symbols by name (theme.CHIP_LOOKS names one per chip colour); an unknown name fails loudly
SYMBOLS = {"dot": _dot, "leaf": _leaf, "web": _web, "triangle": _triangle, "cap": _cap, "star": _star,
           "wisp": _wisp, "moth": _moth}


def _symbol(surf: pygame.Surface, name: str, centre: tuple[float, float], r: float, colour: tuple[int, ...]) -> None:
    """A small shape per chip colour, so that colour is never the only cue (colour-blind safe)."""
    SYMBOLS[name](surf, centre[0], centre[1], r, colour, max(1, int(r * 0.22)))


def chip_value_px(radius: int, symbols: bool = False) -> int:
    """The pixel size of a chip's value (``chip``): smaller beside a colour-blind symbol."""
    return int(radius * (1.05 if not symbols else 0.95))


@lru_cache(maxsize=512)
def chip(colour: str, value: int, radius: int, symbols: bool = False) -> pygame.Surface:
    """An ingredient chip: a bevelled disc with its value; in colour-blind mode a symbol as well."""
    look = T.CHIP_LOOKS[colour]
    R = radius * SS
    size = R * 2 + 4 * SS
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size / 2, size / 2)
    pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + 1.5 * SS, c[1] + 2.5 * SS), R)
    pygame.draw.circle(big, look.rim, c, R)
    pygame.draw.circle(big, look.fill, c, R * 0.86)
    # bevel: light top-left, dark bottom-right
    hl = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(hl, (255, 255, 255, 70), (c[0] - R * 0.25, c[1] - R * 0.3), R * 0.55)
    big.blit(hl, (0, 0))
    pygame.draw.circle(big, shade(look.rim, 0.8), c, R * 0.86, max(1, SS))
    small = smooth(big, (size // SS, size // SS))
    font_size = chip_value_px(radius, symbols)
    te = text_engine()
    digit = te.render(str(value), "sans-bold", font_size, look.text, scaled=False)
    cx, cy = small.get_width() / 2, small.get_height() / 2
    if symbols:
        # colour-blind help: the colour's symbol above the value, both large enough to read at a glance
        sym = pygame.Surface((radius * 2 * SS, radius * 2 * SS), pygame.SRCALPHA)
        _symbol(sym, look.symbol, (radius * SS, radius * SS), radius * SS * 0.3, (*look.text, 245))
        sym = smooth(sym, (radius * 2, radius * 2))
        small.blit(sym, sym.get_rect(center=(cx - radius * 0.36, cy)))
        small.blit(digit, digit.get_rect(center=(cx + radius * 0.3, cy + 1)))
    else:
        small.blit(digit, digit.get_rect(center=(cx, cy + 1)))
    return small


@lru_cache(maxsize=32)
def ruby(size: int) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    top = (S * 0.5, S * 0.08)
    pts = [(S * 0.2, S * 0.32), (S * 0.8, S * 0.32), (S * 0.5, S * 0.95)]
    pygame.draw.polygon(big, T.RUBY, [top, (S * 0.95, S * 0.32), (S * 0.5, S * 0.95), (S * 0.05, S * 0.32)])
    pygame.draw.polygon(big, T.RUBY_LIGHT, [top, (S * 0.8, S * 0.32), (S * 0.2, S * 0.32)])
    pygame.draw.polygon(big, shade(T.RUBY, 0.7), pts, max(1, SS))
    pygame.draw.polygon(big, shade(T.RUBY, 0.5), [top, (S * 0.95, S * 0.32), (S * 0.5, S * 0.95), (S * 0.05, S * 0.32)],
                        max(1, SS))
    return smooth(big, (size, size))


@lru_cache(maxsize=16)
def coin(size: int) -> pygame.Surface:
    """A gold coin (prices)."""
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2)
    pygame.draw.circle(big, shade(T.BRASS_LIGHT, 0.55), (c[0], c[1] + S * 0.04), S * 0.47)
    pygame.draw.circle(big, T.BRASS_LIGHT, c, S * 0.45)
    pygame.draw.circle(big, shade(T.BRASS_LIGHT, 0.75), c, S * 0.32, max(1, SS * 2))
    return smooth(big, (size, size))


@lru_cache(maxsize=32)
def droplet(size: int) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(big, T.DROPLET, (S / 2, S * 0.62), S * 0.33)
    pygame.draw.polygon(big, T.DROPLET, [(S / 2, S * 0.02), (S * 0.2, S * 0.55), (S * 0.8, S * 0.55)])
    pygame.draw.circle(big, T.DROPLET_LIGHT, (S * 0.42, S * 0.6), S * 0.09)
    pygame.draw.circle(big, shade(T.DROPLET, 0.6), (S / 2, S * 0.62), S * 0.33, max(1, SS))
    return smooth(big, (size, size))


@lru_cache(maxsize=32)
def rat(size: int) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.ellipse(big, T.RAT, (S * 0.08, S * 0.3, S * 0.7, S * 0.5))
    pygame.draw.circle(big, T.RAT, (S * 0.78, S * 0.5), S * 0.16)
    pygame.draw.circle(big, (230, 200, 200), (S * 0.72, S * 0.36), S * 0.07)
    pygame.draw.circle(big, (20, 20, 20), (S * 0.86, S * 0.48), S * 0.035)
    pts = [(S * 0.1, S * 0.55), (S * 0.0, S * 0.75), (S * 0.05, S * 0.95), (S * 0.2, S * 0.9)]
    pygame.draw.lines(big, (190, 140, 140), False, pts, max(2, SS * 2))
    pygame.draw.ellipse(big, shade(T.RAT, 0.6), (S * 0.08, S * 0.3, S * 0.7, S * 0.5), max(1, SS))
    return smooth(big, (size, size))


@lru_cache(maxsize=16)
def flask(size: int, full: bool) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    glass = (210, 230, 240)
    body = (S * 0.15, S * 0.38, S * 0.7, S * 0.58)
    if full:
        pygame.draw.ellipse(big, (120, 200, 110), body)
        pygame.draw.ellipse(big, (180, 240, 160), (S * 0.25, S * 0.45, S * 0.2, S * 0.14))
    else:
        pygame.draw.ellipse(big, (*glass, 60), body)
    pygame.draw.ellipse(big, glass, body, max(2, SS * 2))
    pygame.draw.rect(big, glass, (S * 0.4, S * 0.12, S * 0.2, S * 0.3), max(2, SS * 2))
    pygame.draw.rect(big, (150, 104, 60), (S * 0.37, S * 0.02, S * 0.26, S * 0.13), border_radius=SS * 2)
    return smooth(big, (size, size))


BAG_LEVELS = 4  # how many steps of fullness ``bag`` draws (each size and step drawn once)


def bag_level(inside: int, out: int) -> int:
    """How full the bag looks (0-``BAG_LEVELS``): the share of the seat's chips still in it (``inside``) against
    those drawn out this round (``out``); a bag with any chip in it never looks empty."""
    total = inside + out
    if inside <= 0 or total <= 0:
        return 0
    return max(1, round(BAG_LEVELS * inside / total))


@lru_cache(maxsize=32)
def bag(size: int, level: int) -> pygame.Surface:
    """The ingredient bag as a cloth pouch tied with a brass cord, its belly as full as ``level`` (``bag_level``):
    round and taut when full, slack and creased when nearly empty; shaded from the upper left, with a soft
    shadow under it."""
    full = max(0, min(BAG_LEVELS, level)) / BAG_LEVELS
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    cloth = T.BAG_CLOTH
    bw, bh = S * (0.62 + 0.3 * full), S * (0.44 + 0.16 * full)  # the belly
    bx, by = (S - bw) / 2, S * 0.95 - bh
    pygame.draw.ellipse(big, (0, 0, 0, 90), (bx + SS * 2, S * 0.95 - bh * 0.25 + SS, bw, bh * 0.3))
    neck_w = S * 0.22
    neck = [(S / 2 - neck_w / 2, S * 0.3), (S / 2 + neck_w / 2, S * 0.3), (bx + bw * 0.78, by + bh * 0.3),
            (bx + bw * 0.22, by + bh * 0.3)]
    pygame.draw.polygon(big, shade(cloth, 0.8), neck)
    pygame.draw.ellipse(big, shade(cloth, 0.62), (bx, by, bw, bh))
    pygame.draw.ellipse(big, cloth, (bx + SS, by, bw - SS * 4, bh - SS * 3))
    pygame.draw.ellipse(big, shade(cloth, 1.22), (bx + bw * 0.18, by + bh * 0.14, bw * 0.3, bh * 0.28))
    if full < 0.5:  # a slack bag creases: folds falling from the neck
        for k in (0.36, 0.5, 0.64):
            top = (bx + bw * (0.5 + (k - 0.5) * 0.6), by + bh * 0.08)
            foot = (bx + bw * (0.5 + (k - 0.5) * 1.5), by + bh * 0.62)
            pygame.draw.line(big, shade(cloth, 0.7), top, foot, max(1, SS))
    # the gathered top above the cord, flared
    frill = [(S / 2 - neck_w * 0.5, S * 0.31), (S / 2 - neck_w * 0.95, S * 0.06), (S / 2 - neck_w * 0.2, S * 0.13),
             (S / 2, S * 0.04), (S / 2 + neck_w * 0.2, S * 0.13), (S / 2 + neck_w * 0.95, S * 0.06),
             (S / 2 + neck_w * 0.5, S * 0.31)]
    pygame.draw.polygon(big, shade(cloth, 0.9), frill)
    pygame.draw.polygon(big, shade(cloth, 0.55), frill, max(1, SS))
    # the cord: a brass band round the neck and its knot
    pygame.draw.line(big, T.BRASS_DARK, (S / 2 - neck_w * 0.62, S * 0.31), (S / 2 + neck_w * 0.62, S * 0.31),
                     max(2, int(S * 0.07)))
    pygame.draw.line(big, T.BRASS_LIGHT, (S / 2 - neck_w * 0.55, S * 0.295), (S / 2 + neck_w * 0.55, S * 0.295),
                     max(1, int(S * 0.025)))
    pygame.draw.circle(big, T.BRASS, (S / 2 + neck_w * 0.62, S * 0.32), S * 0.05)
    return smooth(big, (size, size))


@lru_cache(maxsize=16)
def flame(size: int) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    outer = [(S * 0.5, S * 0.0), (S * 0.85, S * 0.55), (S * 0.7, S * 0.95), (S * 0.3, S * 0.95), (S * 0.15, S * 0.55)]
    pygame.draw.polygon(big, T.FLAME, outer)
    pygame.draw.circle(big, T.FLAME, (S * 0.5, S * 0.7), S * 0.3)
    pygame.draw.circle(big, T.FLAME_CORE, (S * 0.5, S * 0.72), S * 0.17)
    return smooth(big, (size, size))


@lru_cache(maxsize=32)
def marker(colour: str, letter: str, size: int) -> pygame.Surface:
    """A scoring marker: a wooden disc in the player's colour with the player's letter (never colour alone)."""
    look = T.PLAYER_LOOKS[colour]
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(big, (0, 0, 0, 100), (S / 2 + SS, S / 2 + 2 * SS), S * 0.46)
    pygame.draw.circle(big, look.dark, (S / 2, S / 2), S * 0.46)
    pygame.draw.circle(big, look.fill, (S / 2, S / 2 - SS), S * 0.4)
    small = smooth(big, (size, size))
    t = text_engine().render(letter, "sans-bold", int(size * (0.5 if len(letter) < 2 else 0.38)),
                             T.SHADOW if sum(look.fill) > 380 else T.CREAM, scaled=False)  # ("A1": two seats' A)
    small.blit(t, t.get_rect(center=(size / 2, size / 2 - 1)))
    return small


@lru_cache(maxsize=16)
def medal(place: int, size: int) -> pygame.Surface:
    """A medal for the first three places of the final ranking (gold, silver, bronze: ``theme.MEDALS``) with the
    place's number on it, so the place never reads by colour alone: a rimmed disc with a soft shadow and a lit
    upper half."""
    fill, rim = T.MEDALS[place]
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    c = (S / 2, S / 2 + SS)
    pygame.draw.circle(big, (0, 0, 0, 90), (c[0] + SS, c[1] + 2 * SS), S * 0.44)
    pygame.draw.circle(big, rim, c, S * 0.44)
    pygame.draw.circle(big, fill, c, S * 0.38)
    pygame.draw.circle(big, shade(fill, 1.18), (c[0], c[1] - S * 0.04), S * 0.31)
    pygame.draw.circle(big, fill, (c[0], c[1] + S * 0.02), S * 0.3)
    small = smooth(big, (size, size))
    t = text_engine().render(str(place), "serif-bold", max(8, int(size * 0.52)), T.INK, scaled=False)
    small.blit(t, t.get_rect(center=(size / 2, size / 2 + 1)))
    return small


DIE_FACE_COLOURS = {"vp-1": T.BRASS, "vp-2": T.BRASS, "ruby": T.RUBY, "droplet": T.DROPLET, "pumpkin": (236, 128, 36)}


@lru_cache(maxsize=16)
def die(face: str | None, size: int, vp_label: str = "VP") -> pygame.Surface:
    """The bonus die showing ``face`` (``vp_label``: the short word for victory points in the player's language)."""
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.rect(big, (0, 0, 0, 90), (SS * 3, SS * 5, S - SS * 4, S - SS * 4), border_radius=S // 6)
    pygame.draw.rect(big, T.CREAM, (0, 0, S - SS * 4, S - SS * 4), border_radius=S // 6)
    pygame.draw.rect(big, T.PARCHMENT_EDGE, (0, 0, S - SS * 4, S - SS * 4), max(1, SS * 2), border_radius=S // 6)
    if face is None:  # not rolled yet: a plain die with pips, not a blank square
        inner = S - SS * 4
        for k in (0.28, 0.5, 0.72):
            pygame.draw.circle(big, T.INK_SOFT, (int(inner * k), int(inner * k)), max(2, S // 14))
        return smooth(big, (size, size))
    small = smooth(big, (size, size))
    inner = size - 4
    icon = size // 2
    c = (inner / 2, inner / 2)
    te = text_engine()
    if face.startswith("vp"):
        t = te.render(face.split("-")[1], "sans-bold", int(size * 0.46), T.INK, scaled=False)  # a serif 1 reads as I
        small.blit(t, t.get_rect(center=(c[0], c[1] - size * 0.06)))
        lbl = te.render(vp_label, "sans-bold", int(size * 0.2), T.INK_SOFT, scaled=False)
        small.blit(lbl, lbl.get_rect(center=(c[0], c[1] + size * 0.26)))
    elif face == "ruby":
        g = ruby(icon)
        small.blit(g, g.get_rect(center=c))
    elif face == "droplet":
        g = droplet(icon)
        small.blit(g, g.get_rect(center=c))
    else:
        g = chip("orange", 1, icon // 2)
        small.blit(g, g.get_rect(center=c))
    return small

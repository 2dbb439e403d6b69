#!/usr/bin/env python3
"""Draw the Quacks app icon and write it in every format the bundles need.

    python3 tools/make_icons.py            # PNGs into assets/icons/, quacks.ico and .icns into packaging/icons/
    python3 tools/make_icons.py --out DIR  # all of them into DIR

The icon is an iron cauldron seen from above: a green brew with a pale spiral (the pot's track) and a few
ingredient chips on it. It is drawn with pygame at 4x the target size and scaled down (supersampling gives
smooth edges); the small sizes (32 px and less) use a simpler drawing with fewer, larger chips.

Written files (all reproducible byte for byte: the PNG and container encoders are our own):

* ``quacks-{256,128,64,32,16}.png``: the window icon (64), the Linux menu icon (256) and the rest
* ``quacks.ico``: Windows, PNG entries (Vista and later) of 16, 24, 32, 48, 64, 128 and 256 px
* ``quacks.icns``: macOS, PNG entries icp4/icp5/icp6/ic07/ic08/ic09/ic11/ic12/ic13/ic14
  (16 to 512 px, and the @2x retina sizes up to 256@2x)

The PNGs are the game's (assets/, in the wheel and the bundle); the two containers only become the icon of
the Windows program and of the macOS app when a bundle is built, so they live with the packaging.
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PNG_SIZES = (256, 128, 64, 32, 16)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, and their pixel sizes
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256), ("ic09", 512),
              ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))
SS = 4  # supersampling factor

Colour = tuple[int, int, int]

# ingredient chips: body, rim, pip colour
CHIPS: dict[str, tuple[Colour, Colour, Colour]] = {
    "orange": ((240, 128, 28), (150, 68, 10), (255, 226, 180)),
    "blue": ((44, 110, 214), (20, 50, 120), (220, 236, 255)),
    "red": ((214, 40, 48), (118, 16, 22), (255, 220, 220)),
    "yellow": ((246, 206, 40), (150, 112, 8), (120, 80, 0)),
    "white": ((246, 242, 228), (150, 140, 120), (60, 60, 60)),
    "purple": ((140, 60, 190), (70, 24, 100), (240, 220, 255)),
}


# --- drawing ---------------------------------------------------------------------------------------------
def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _radial(surf: pygame.Surface, centre: tuple[float, float], radius: float, inner: Colour, outer: Colour,
            focus: tuple[float, float] = (0.0, 0.0), steps: int = 96) -> None:
    """Filled disc shading from ``outer`` at the edge to ``inner`` at a (possibly offset) centre."""
    cx, cy = centre
    for i in range(steps, 0, -1):
        t = i / steps
        r = radius * t
        c = _mix(inner, outer, t ** 1.6)
        pygame.draw.circle(surf, c, (cx + focus[0] * (1 - t), cy + focus[1] * (1 - t)), r)


def _ring(surf: pygame.Surface, centre: tuple[float, float], r_out: float, r_in: float, colour: Colour) -> None:
    pygame.draw.circle(surf, colour, centre, r_out, width=max(1, round(r_out - r_in)))


def _spiral_points(cx: float, cy: float, r0: float, r1: float, turns: float, start: float, n: int = 900
                   ) -> list[tuple[float, float, float]]:
    """Points of an Archimedean spiral (x, y, fraction along) from radius r0 to r1."""
    pts = []
    for i in range(n + 1):
        f = i / n
        a = start + f * turns * 2 * math.pi
        r = r0 + (r1 - r0) * f
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a), f))
    return pts


def _chip(surf: pygame.Surface, x: float, y: float, r: float, kind: str, pips: int, detail: bool) -> None:
    body, rim, pip = CHIPS[kind]
    # shadow on the brew
    shadow = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(shadow, (0, 30, 15, 120), (x + r * 0.14, y + r * 0.2), r * 1.04)
    surf.blit(shadow, (0, 0))
    pygame.draw.circle(surf, rim, (x, y), r)
    pygame.draw.circle(surf, body, (x, y), r * 0.84)
    if detail:
        # a lighter top-left crescent and the value pips
        pygame.draw.circle(surf, _mix(body, (255, 255, 255), 0.35), (x - r * 0.1, y - r * 0.1), r * 0.66)
        pygame.draw.circle(surf, body, (x, y), r * 0.62)
        pr = r * 0.15
        offsets: list[tuple[float, float]] = {
            1: [(0.0, 0.0)], 2: [(-0.28, 0.0), (0.28, 0.0)], 3: [(-0.3, 0.2), (0.3, 0.2), (0.0, -0.28)],
        }[pips]
        for ox, oy in offsets:
            pygame.draw.circle(surf, pip, (x + ox * r, y + oy * r), pr)
    else:
        pygame.draw.circle(surf, _mix(body, (255, 255, 255), 0.3), (x - r * 0.22, y - r * 0.22), r * 0.3)


def _masked(layer: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """``layer`` with its alpha limited to ``mask``'s alpha."""
    out = layer.copy()
    m = mask.copy()
    m.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # white, keep the mask's alpha
    out.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


def _blob(big: int, centre: tuple[float, float], radius: float, colour: Colour, alpha: int,
          steps: int = 48) -> pygame.Surface:
    """A soft round light (or shadow) fading out towards ``radius``."""
    layer = pygame.Surface((big, big), pygame.SRCALPHA)
    for i in range(steps, 0, -1):
        t = i / steps
        pygame.draw.circle(layer, (*colour, round(alpha * (1 - t) ** 1.5)), centre, radius * t)
    return layer


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` px (drawn at SS times that and scaled down)."""
    detail = size > 32
    tiny = size <= 20
    big = size * SS
    s = big / 1024  # design units: a 1024 canvas
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0))
    c = (512 * s, 520 * s)
    r_rim = (392 if detail else 486) * s
    rim_w = (86 if detail else (118 if tiny else 104)) * s
    r_brew = r_rim - rim_w

    # drop shadow under the cauldron
    if detail:
        surf.blit(_blob(big, (c[0] + 12 * s, c[1] + 26 * s), r_rim + 48 * s, (0, 0, 0), 150), (0, 0))

    # handles: two iron loops at the sides
    if detail:
        for side in (-1, 1):
            hx = c[0] + side * (r_rim + 8 * s)
            pygame.draw.circle(surf, (18, 18, 22), (hx, c[1]), 84 * s, width=round(34 * s))
            pygame.draw.circle(surf, (118, 122, 136), (hx - 5 * s, c[1] - 7 * s), 76 * s, width=round(12 * s))

    # the iron lip: a rounded ring (dark at both edges, lighter on top), lit from the top left
    ring = pygame.Surface((big, big), pygame.SRCALPHA)
    steps = 64
    for i in range(steps + 1):
        t = i / steps
        r = r_rim - rim_w * t
        b = math.sin(math.pi * t) ** 0.7
        pygame.draw.circle(ring, (*_mix((20, 20, 25), (92, 96, 108), b), 255), c, r)
    pygame.draw.circle(ring, (0, 0, 0, 0), c, r_brew)
    light = _blob(big, (c[0] - r_rim * 0.62, c[1] - r_rim * 0.68), r_rim * 1.25, (235, 240, 255), 170)
    dark = _blob(big, (c[0] + r_rim * 0.6, c[1] + r_rim * 0.7), r_rim * 1.1, (0, 0, 0), 150)
    ring.blit(_masked(light, ring), (0, 0))
    ring.blit(_masked(dark, ring), (0, 0))
    surf.blit(ring, (0, 0))
    pygame.draw.circle(surf, (10, 10, 13), c, r_rim, width=max(1, round((6 if detail else 14) * s)))
    if detail:  # rivets along the lip
        for k in range(16):
            a = k * math.pi / 8 + math.pi / 16
            rr = r_rim - rim_w / 2
            rx, ry = c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)
            pygame.draw.circle(surf, (14, 14, 18), (rx + 2 * s, ry + 3 * s), 10 * s)
            pygame.draw.circle(surf, (136, 140, 154), (rx - 1 * s, ry - 1 * s), 7.5 * s)

    # the brew, with the lip's shadow falling in at the top left
    pygame.draw.circle(surf, (6, 26, 16), c, r_brew + 3 * s)
    _radial(surf, c, r_brew, (160, 240, 130), (16, 104, 64), focus=(-50 * s, -70 * s))
    shade = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(shade, (4, 30, 18, 140), c, r_brew)
    pygame.draw.circle(shade, (0, 0, 0, 0), (c[0] + 22 * s, c[1] + 30 * s), r_brew)
    surf.blit(shade, (0, 0))

    # the spiral track
    if detail:
        pts = _spiral_points(c[0], c[1], 20 * s, r_brew - 36 * s, turns=2.25, start=-math.pi / 2)
        track_w = 30 * s
    else:
        pts = _spiral_points(c[0], c[1], 30 * s, r_brew - 50 * s, turns=1.25, start=math.pi * 0.75)
        track_w = (44 if tiny else 40) * s
    glow = pygame.Surface((big, big), pygame.SRCALPHA)
    for x, y, f in pts:
        pygame.draw.circle(glow, (240, 255, 220, round(130 + 110 * f)), (x, y), track_w / 2 * (0.5 + 0.5 * f))
    surf.blit(glow, (0, 0))

    # bubbles
    if detail:
        for bx, by, br in ((-40, -190, 18), (-70, -222, 10), (150, 40, 14), (-200, 120, 16), (20, 90, 11),
                           (210, -80, 10)):
            p = (c[0] + bx * s, c[1] + by * s)
            pygame.draw.circle(surf, (210, 255, 200), p, br * s, width=max(1, round(4 * s)))
            pygame.draw.circle(surf, (255, 255, 255), (p[0] - br * 0.35 * s, p[1] - br * 0.35 * s), br * 0.3 * s)

    # chips floating in the brew: (angle in degrees, distance from the centre as a fraction, kind, pips, r)
    placed: tuple[tuple[int, float, str, int, int], ...]
    if detail:
        placed = ((-150, 0.52, "blue", 2, 62), (-40, 0.62, "orange", 1, 70), (25, 0.12, "white", 1, 54),
                  (100, 0.6, "red", 1, 68), (175, 0.64, "yellow", 3, 66))
    elif tiny:
        placed = ((-140, 0.5, "blue", 1, 116), (-20, 0.5, "orange", 1, 120), (100, 0.52, "red", 1, 116))
    else:
        placed = ((-140, 0.52, "blue", 1, 104), (-20, 0.54, "orange", 1, 108), (100, 0.54, "red", 1, 104))
    for ang, dist, kind, pips, r in placed:
        a = math.radians(ang)
        _chip(surf, c[0] + r_brew * dist * math.cos(a), c[1] + r_brew * dist * math.sin(a), r * s, kind, pips,
              detail)

    return pygame.transform.smoothscale(surf, (size, size))


# --- encoders ----------------------------------------------------------------------------------------------
def png_bytes(surf: pygame.Surface) -> bytes:
    """A straight RGBA PNG (no timestamps or text chunks, so the output is reproducible)."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (supported since Windows Vista)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = 6 + 16 * len(sizes)
    entries, blobs = b"", b""
    for px in sizes:
        data = images[px]
        dim = 0 if px >= 256 else px  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(elements: list[tuple[str, bytes]]) -> bytes:
    """An ICNS file of PNG elements (big-endian lengths that include the 8-byte headers)."""
    body = b"".join(kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data for kind, data in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def build(out: Path, containers: Path | None = None) -> list[Path]:
    """Write the PNGs into ``out`` and quacks.ico and quacks.icns into ``containers`` (default: ``out``)."""
    pygame.display.init()
    containers = out if containers is None else containers
    out.mkdir(parents=True, exist_ok=True)
    containers.mkdir(parents=True, exist_ok=True)
    cache: dict[int, bytes] = {}

    def png(px: int) -> bytes:
        if px not in cache:
            cache[px] = png_bytes(draw_icon(px))
        return cache[px]

    written = []
    for px in PNG_SIZES:
        p = out / f"quacks-{px}.png"
        p.write_bytes(png(px))
        written.append(p)
    p = containers / "quacks.ico"
    p.write_bytes(ico_bytes({px: png(px) for px in ICO_SIZES}))
    written.append(p)
    p = containers / "quacks.icns"
    p.write_bytes(icns_bytes([(kind, png(px)) for kind, px in ICNS_TYPES]))
    written.append(p)
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=None, help="one folder for every file (default: assets/icons and "
                                                 "packaging/icons)")
    args = ap.parse_args(argv)
    written = (build(Path(args.out)) if args.out else
               build(ROOT / "assets" / "icons", ROOT / "packaging" / "icons"))
    for p in written:
        print(f"{p}  ({p.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

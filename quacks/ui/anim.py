"""Motion on the table, driven by the engine's events; the state stays the truth.

- a chip flies from the bag to its space (the pot hides it until it lands);
- an exploding pot shakes and puffs;
- the bonus die tumbles and lands on its face;
- score markers slide along the track; floating notes say "+2 VP", "+1 ruby";
- the round results count up (the summary reads ``count_up``).

Every animation is under 0.7 s, a click or key finishes them all at once (``skip``), nothing waits for
them, and with reduced motion they end at once. ``demo`` keeps them running for ``bench-ui``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from ..rules.chips import CHIP_BY_NAME
from . import art
from . import theme as T
from .app import text_engine
from .table import pot_view as pv
from .table.layout import TableLayout

if TYPE_CHECKING:  # pragma: no cover
    from .scenes.table import TableScene

FLIGHT = 0.38
SHAKE = 0.6
DIE = 0.55
SLIDE = 0.5
FLOAT = 0.7


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


@dataclass
class Anim:
    kind: str
    duration: float
    seat: int | None = None
    t: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class Animator:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.anims: list[Anim] = []
        self.marker_from: dict[int, float] = {}
        self.sounds: list[str] = []
        self.last_rects: list[pygame.Rect] = []

    # ------------------------------------------------------------------------------------------------
    @property
    def reduced(self) -> bool:
        return bool(self.scene.settings.reduced_motion)

    def add(self, a: Anim) -> None:
        if self.reduced:
            a.t = a.duration
        self.anims.append(a)

    def events(self, evs: list[Any]) -> None:
        """Start the animations of the new engine events."""
        g = self.scene.g
        for e in evs:
            k = e.kind
            if k == "place" and e.seat is not None:
                # several chips in flight for one seat: the older ones land at once
                flying = [a for a in self.anims if a.kind == "flight" and a.seat == e.seat and not a.done]
                if len(flying) >= 3:
                    flying[0].t = flying[0].duration
                self.add(Anim("flight", FLIGHT, e.seat, data={"chip": e.get("chip"), "index": e.get("index")}))
                self.sounds.append("white" if str(e.get("chip", "")).startswith("white") else "place")
            elif k == "draw":
                self.sounds.append("draw")
            elif k == "explode" and e.seat is not None:
                self.add(Anim("shake", SHAKE, e.seat, data={"seed": len(self.anims)}))
                self.sounds.append("explosion")
            elif k == "die" and e.seat is not None:
                self.add(Anim("die", DIE, e.seat, data={"face": e.get("face")}))
                self.sounds.append("die")
            elif k == "vp" and e.seat is not None:
                before = float(e.get("before", g.seats[e.seat].score))
                self.marker_from[e.seat] = self.marker_value(e.seat, before)
                self.add(Anim("slide", SLIDE, e.seat, data={"from": self.marker_from[e.seat],
                                                           "to": float(e.get("after", 0))}))
                self.add(Anim("float", FLOAT, e.seat, data={"text": f"+{e.get('amount')} VP", "colour": T.BRASS_LIGHT}))
                self.sounds.append("vp")
            elif k == "rubies" and e.seat is not None and e.get("amount", 0) > 0:
                note = {"text": f"+{e.get('amount')} ruby", "colour": T.RUBY_LIGHT}
                self.add(Anim("float", FLOAT, e.seat, data=note))
                self.sounds.append("ruby")
            elif k == "droplet" and e.seat is not None:
                self.add(Anim("float", FLOAT, e.seat, data={"text": "droplet +1", "colour": T.DROPLET_LIGHT}))
            elif k == "buy" and e.seat is not None and e.get("chips"):
                self.sounds.append("shop")
            elif k == "round":
                self.sounds.append("round")
            elif k == "game_over":
                self.sounds.append("fanfare")
        self.flush_sounds()

    def flush_sounds(self) -> None:
        sound = getattr(self.scene.app, "sound", None)
        if sound is not None:
            for name in dict.fromkeys(self.sounds):
                try:
                    sound.play(name)
                except Exception:  # noqa: BLE001 - sound is a nicety, never an error
                    pass
        self.sounds = []

    def update(self, dt: float) -> None:
        for a in self.anims:
            a.t += dt
        if any(a.done for a in self.anims):
            self.anims = [a for a in self.anims if not a.done]

    def skip(self) -> None:
        """Finish every animation at once: everything lands on its final state."""
        for a in self.anims:
            a.t = a.duration
        self.anims = []

    def busy(self) -> bool:
        return bool(self.anims)

    def t_key(self) -> tuple[float, ...]:
        """Changes every frame while something that moves the still picture (shake, die, slide) runs."""
        return tuple(round(a.t, 3) for a in self.anims if a.kind in ("shake", "die", "slide"))

    def blocking(self) -> bool:
        return False  # motion never holds up the game

    # ------------------------------------------------------------------------------------------------
    # what the views ask

    def hidden(self, seat: int) -> int:
        """Chips of this seat still in the air (the pot leaves them out)."""
        return sum(1 for a in self.anims if a.kind == "flight" and a.seat == seat)

    def marker_value(self, seat: int, default: float | None = None) -> float:
        for a in reversed(self.anims):
            if a.kind == "slide" and a.seat == seat:
                p = ease_in_out(a.progress)
                return a.data["from"] + (a.data["to"] - a.data["from"]) * p
        return float(self.scene.g.seats[seat].score) if default is None else default

    def marker_values(self) -> list[float]:
        return [self.marker_value(i) for i in range(self.scene.g.n)]

    def die_face(self, face: str | None) -> tuple[str | None, float]:
        """The face to show and a rotation (degrees) while the die tumbles."""
        for a in self.anims:
            if a.kind == "die":
                p = a.progress
                faces = ["vp-1", "ruby", "vp-2", "droplet", "pumpkin"]
                if p < 0.85:
                    return faces[int(p * 14) % len(faces)], (1 - p) * 540
                return a.data["face"], 0.0
        return face, 0.0

    def shake(self, seat: int) -> tuple[int, int]:
        for a in self.anims:
            if a.kind == "shake" and a.seat == seat:
                p = a.progress
                amp = 14 * (1 - p)
                return int(amp * math.sin(p * 40)), int(amp * 0.6 * math.cos(p * 33))
        return (0, 0)

    def count_up(self, value: int, started: float, now: float) -> int:
        if self.reduced:
            return value
        p = min(1.0, max(0.0, (now - started) / 0.6))
        return int(round(value * ease_out(p)))

    # ------------------------------------------------------------------------------------------------
    # drawing

    def pot_of(self, seat: int) -> pv.PotLayout | None:
        sc = self.scene
        if seat == sc.focus:
            if sc.shop is not None:
                return None  # the shop covers the pot
            return pv.PotLayout(sc.layout.pot_centre, sc.layout.pot_radius)
        if getattr(sc, "show_log", False):
            return None  # the log covers the other pots
        r = sc.other_rects.get(seat)
        if r is None:
            return None
        centre, radius = TableLayout.small_pot(r)
        return pv.PotLayout(centre, radius)

    def bag_pos(self, seat: int) -> tuple[int, int]:
        sc = self.scene
        if seat == sc.focus:
            return sc.bag_button_rect().center
        r = sc.other_rects.get(seat)
        return (r.right - 40, r.bottom - 40) if r is not None else (960, 540)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Draw every running animation; returns the rectangles drawn (for partial updates)."""
        rects: list[pygame.Rect] = []
        te = text_engine()
        cb = self.scene.settings.colour_blind
        for a in self.anims:
            if a.kind == "flight":
                lay = self.pot_of(a.seat)  # type: ignore[arg-type]
                if lay is None:
                    continue
                idx = min(int(a.data["index"]), 52)
                tx, ty = lay.centres()[idx]
                sx, sy = self.bag_pos(a.seat)  # type: ignore[arg-type]
                p = ease_out(a.progress)
                x = sx + (tx - sx) * p
                y = sy + (ty - sy) * p - math.sin(p * math.pi) * 90
                c = CHIP_BY_NAME[a.data["chip"]]
                r = int(lay.chip_radius * (1.35 - 0.35 * p))
                img = art.chip(c.colour.value, c.value, max(6, r), cb)
                rr = img.get_rect(center=(x, y))
                surf.blit(img, rr)
                rects.append(rr)
            elif a.kind == "shake":
                lay = self.pot_of(a.seat)  # type: ignore[arg-type]
                if lay is None:
                    continue
                rng = random.Random(a.data["seed"])
                p = a.progress
                for _ in range(10):
                    ang = rng.uniform(0, 2 * math.pi)
                    dist = lay.radius * (0.3 + 0.9 * p) * rng.uniform(0.6, 1.1)
                    rad = int(lay.radius * 0.16 * (0.5 + p))
                    cx = lay.centre[0] + math.cos(ang) * dist
                    cy = lay.centre[1] + math.sin(ang) * dist - p * 40
                    puff = _puff(max(4, rad), int(200 * (1 - p)))
                    pr = puff.get_rect(center=(cx, cy))
                    surf.blit(puff, pr)
                    rects.append(pr)
            elif a.kind == "float":
                lay = self.pot_of(a.seat)  # type: ignore[arg-type]
                if lay is None:
                    continue
                p = a.progress
                stack = [b for b in self.anims if b.kind == "float" and b.seat == a.seat]
                k = stack.index(a)
                x = lay.centre[0]
                y = lay.centre[1] - lay.radius * 0.35 - p * 60 + k * (34 if a.seat == self.scene.focus else 26)
                img = te.render(a.data["text"], "sans-bold", 30 if a.seat == self.scene.focus else 22,
                                a.data["colour"])
                img = img.copy()
                img.set_alpha(int(255 * (1 - p * p)))
                rr = img.get_rect(center=(x, y))
                surf.blit(img, rr)
                rects.append(rr)
        self.last_rects = rects
        return rects

    # ------------------------------------------------------------------------------------------------
    def demo(self, rng: random.Random, heavy: bool = False) -> None:
        """Start animations as a busy stir tick would (bench-ui keeps motion running): a chip flying into every
        pot and a note; with ``heavy`` also an explosion, the die and a sliding marker (all at once)."""
        g = self.scene.g
        for seat in range(g.n):
            s = g.seats[seat]
            if s.pot:
                p = s.pot[rng.randrange(len(s.pot))]
                self.anims.append(Anim("flight", FLIGHT, seat, data={"chip": p.chip.name, "index": p.index}))
        seat = rng.randrange(g.n)
        self.anims.append(Anim("float", FLOAT, seat, data={"text": "+2 VP", "colour": T.BRASS_LIGHT}))
        if heavy:
            s = g.seats[seat]
            self.anims.append(Anim("shake", SHAKE, seat, data={"seed": rng.randrange(1000)}))
            self.anims.append(Anim("die", DIE, seat, data={"face": "ruby"}))
            self.anims.append(Anim("slide", SLIDE, seat, data={"from": max(0, s.score - 4), "to": s.score}))


_PUFFS: dict[tuple[int, int], pygame.Surface] = {}


def _puff(radius: int, alpha: int) -> pygame.Surface:
    key = (radius, alpha // 16)
    s = _PUFFS.get(key)
    if s is None:
        s = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
        a = (alpha // 16) * 16
        pygame.draw.circle(s, (236, 230, 220, a // 2), (radius + 1, radius + 1), radius)
        pygame.draw.circle(s, (250, 246, 240, a), (radius + 1, radius - radius // 4), int(radius * 0.6))
        if len(_PUFFS) > 400:
            _PUFFS.clear()
        _PUFFS[key] = s
    return s

"""Motion on the table, driven by the engine's events; the state stays the truth.

- a chip flies from the bag to its space (the pot hides it until it lands);
- an exploding pot shakes and puffs;
- the bonus die tumbles and lands on its face;
- score markers walk the track a space at a time (``marker_value``: one eased step per space);
- each gain flies from where it comes from to the seat that gets it: in a beat of the evaluation
  (``session/beats.py``) from the die, the chips that earned it, the scoring space or the card; while brewing or
  shopping from the space of the chip just placed (``gain_source``); as shopping begins each seat's coins fly
  from its scoring space; bought chips fly into their buyer's bag;
  rat stones move out from the droplet at a round's start; "droplet +1" rises over the pot as a note;
- the round results count up (the summary does its own: ``overlays/round_summary.py``).

Every animation is under 0.7 s, a click or key finishes them all at once (``skip``), nothing waits for
them, and with reduced motion they end at once. ``demo`` keeps them running for ``bench-ui``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame

from ..i18n import _
from ..rules.chips import CHIP_BY_NAME
from ..rules.events import Event
from ..rules.game import Game
from ..rules.kinds import EventKind, Phase
from ..session.beats import Beat, BeatKind
from ..wording import text as W
from . import art
from . import theme as T
from .app import text_engine
from .motion_paths import ease_in_out, ease_out, slide_time, walked
from .table import pot_view as pv

if TYPE_CHECKING:  # pragma: no cover
    from ..storage.settings import Settings
    from .sound import Sound
    from .table.view import TableView
    from .text import RGB, Text


class Motion(Enum):
    """The kinds of motion on the table."""

    FLIGHT = "flight"  # a chip from the bag to its space
    SHAKE = "shake"  # an exploding pot
    DIE = "die"  # the bonus die tumbling
    SLIDE = "slide"  # a score marker
    FLOAT = "float"  # a note rising from a pot ("+2 VP")
    FLY = "fly"  # a beat's gain flying to its seat ("+1 ruby", a chip)
    RAT = "rat"  # a rat stone moving out from the droplet
    DROPLET = "droplet"  # the droplet stepping forward, space by space (issue 32)


MOVES_PICTURE = (Motion.SHAKE, Motion.DIE, Motion.SLIDE)  # these change the still picture while they run
#: drawn over their seat's pot (if shown)
DRAWN_ON_POT = (Motion.FLIGHT, Motion.SHAKE, Motion.RAT, Motion.FLOAT, Motion.DROPLET)

FLIGHT = 0.38
SHAKE = 0.6
DIE = 0.55
BOUGHT_SHOWN = 4  # at most this many bought chips fly to the bag (the rest land with the last)
FLOAT = 0.7
FLY = 0.6
RAT = 0.6
DROPLET_STEP = 0.16  # the droplet's hop from one space to the next


@dataclass
class Anim:
    kind: Motion
    duration: float
    seat: int
    t: float = 0.0
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class Animator:
    """The running animations of one table view; ``settings`` is read for reduced motion and colour-blind
    chips, ``sound`` plays what the events sound like (may be None)."""

    def __init__(self, view: TableView, settings: Settings, sound: Sound | None = None) -> None:
        self.view = view
        self.settings = settings
        self.sound = sound
        self.anims: list[Anim] = []
        self.sounds: list[str] = []
        self.last_rects: list[pygame.Rect] = []
        self.shopping = False  # the seat in focus shops: its pot is drawn small beside the shop
        self.scores: list[int] = []

    # ------------------------------------------------------------------------------------------------
    @property
    def reduced(self) -> bool:
        return bool(self.settings.reduced_motion)

    def add(self, a: Anim) -> None:
        if self.reduced:
            a.t = a.duration
        self.anims.append(a)

    def events(self, g: Game, evs: Sequence[Event], beat: Beat | None = None) -> None:
        """Start the animations of the new engine events; those of a ``beat`` fly their gains to their seats."""
        self.scores = [s.score for s in g.seats]
        for e in evs:
            k = e.kind
            if beat is not None and e.seat is not None and self._beat_event(g, beat, e, e.seat):
                continue
            if k == EventKind.PLACE and e.seat is not None:
                # several chips in flight for one seat: the older ones land at once
                flying = [a for a in self.anims if a.kind is Motion.FLIGHT and a.seat == e.seat and not a.done]
                if len(flying) >= 3:
                    flying[0].t = flying[0].duration
                self.add(Anim(Motion.FLIGHT, FLIGHT, e.seat, data={"chip": e.get("chip"), "index": e.get("index")}))
                self.sounds.append("white" if str(e.get("chip", "")).startswith("white") else "place")
            elif k == EventKind.DRAW:
                self.sounds.append("draw")
            elif k == EventKind.EXPLODE and e.seat is not None:
                self.add(Anim(Motion.SHAKE, SHAKE, e.seat, data={"seed": len(self.anims)}))
                self.sounds.append("explosion")
            elif k == EventKind.DIE and e.seat is not None:
                self.add(Anim(Motion.DIE, DIE, e.seat, data={"face": e.get("face")}))
                self.sounds.append("die")
            elif k == EventKind.VP and e.seat is not None:
                self._walk(g, e, e.seat)
                amount = int(e.get("amount", 0))
                if amount > 0:  # a gain flies from the chip that earned it to the seat's score
                    self._fly(e.seat, "+" + W.vp(amount), T.BRASS_LIGHT, self.gain_source(g, e.seat),
                              self.view.score_pos(e.seat))
                self.sounds.append("vp")
            elif k == EventKind.RUBIES and e.seat is not None and e.get("amount", 0) > 0:
                self._fly(e.seat, "+" + W.rubies(int(e.get("amount", 0))), T.RUBY_LIGHT, self.gain_source(g, e.seat),
                          self.view.score_pos(e.seat))
                self.sounds.append("ruby")
            elif k == EventKind.DROPLET and e.seat is not None:
                self.add(Anim(Motion.FLOAT, FLOAT, e.seat, data={"text": _("droplet +1"), "colour": T.DROPLET_LIGHT}))
                self._step_droplet(e)
            elif k == EventKind.BUY and e.seat is not None and e.get("chips"):
                self._into_bag(e.seat, [str(c) for c in e.get("chips")])
                self.sounds.append("shop")
            elif k == EventKind.PHASE and e.get("phase") == Phase.SHOPPING:
                self._coins(g)
            elif k == EventKind.ROUND:
                self.sounds.append("round")
            elif k == EventKind.GAME_OVER:
                self.sounds.append("fanfare")
        self.flush_sounds()

    def _beat_event(self, g: Game, beat: Beat, e: Event, seat: int) -> bool:
        """A beat's event: its gain flies from its source to the seat (True), or it moves as any event (False)."""
        k = e.kind
        src = self.source(g, beat, seat)
        if k == EventKind.VP:
            self._walk(g, e, seat)
            self._fly(seat, "+" + W.vp(int(e.get("amount", 0))), T.BRASS_LIGHT, src, self.view.score_pos(seat))
            self.sounds.append("vp")
        elif k == EventKind.RUBIES and int(e.get("amount", 0)) > 0:
            self._fly(seat, "+" + W.rubies(int(e.get("amount", 0))), T.RUBY_LIGHT, src, self.view.score_pos(seat))
            self.sounds.append("ruby")
        elif k == EventKind.DROPLET:
            n = int(e.get("after", 0)) - int(e.get("before", 0))
            self._fly(seat, _("droplet +{n}").format(n=n), T.DROPLET_LIGHT, src, self.view.score_pos(seat))
            self._step_droplet(e)
        elif k == EventKind.CHIP_GAINED and e.get("chip") in CHIP_BY_NAME:
            self.add(Anim(Motion.FLY, FLY, seat, data={"chip": e.get("chip"), "from": src, "to": self.bag_pos(seat)}))
        elif k == EventKind.RATS:
            s = g.seats[seat]
            self.add(Anim(Motion.RAT, RAT, seat, data={"from": min(s.droplet, 52), "to": g.start_index(s)}))
        else:
            return False
        return True

    def _walk(self, g: Game, e: Event, seat: int) -> None:
        """The seat's score marker walks from where it stands now (it may still be walking) to the new score."""
        before = float(e.get("before", g.seats[seat].score))
        start = self.marker_value(seat, before)
        end = float(e.get("after", 0))
        self.add(Anim(Motion.SLIDE, slide_time(end - start), seat, data={"from": start, "to": end}))

    def _coins(self, g: Game) -> None:
        """Shopping begins (rulebook E): each seat's coins fly from its scoring space to it, with a coin."""
        for seat, s in enumerate(g.seats):
            lay = self.pot_of(seat)
            src = (lay.centres()[min(s.final_space, 52)] if lay is not None and s.final_space is not None
                   else self.gain_source(g, seat))
            if s.coins:
                self._fly(seat, "+" + W.coins(s.coins), T.BRASS_LIGHT, (int(src[0]), int(src[1])),
                          self.view.score_pos(seat), coin=True)

    def _into_bag(self, seat: int, chips: list[str]) -> None:
        """Chips just bought fly, one after the other, from the seat's pot (or card) into its bag."""
        known = [c for c in chips if c in CHIP_BY_NAME][:BOUGHT_SHOWN]
        lay = self.pot_of(seat)
        region = self.view.seat_region(seat)
        if lay is None and not region.w:
            return  # the seat is not on the screen (its bag neither)
        src = lay.centre if lay is not None else region.center
        for k, chip in enumerate(known):
            self.add(Anim(Motion.FLY, FLY, seat, t=-0.12 * k, data={"chip": chip, "from": src,
                                                                     "to": self.bag_pos(seat)}))

    def gain_source(self, g: Game, seat: int) -> tuple[int, int]:
        """Where a gain outside the evaluation comes from: the space of the seat's last chip in its pot (the chip
        just placed earned it), else the middle of its pot, else its part of the screen."""
        lay = self.pot_of(seat)
        if lay is None:
            region = self.view.seat_region(seat)
            return region.center if region.w else self.view.score_pos(seat)
        pot = g.seats[seat].pot
        if pot:
            x, y = lay.centres()[min(pot[-1].index, 52)]
            return int(x), int(y)
        return lay.centre

    def _step_droplet(self, e: Event) -> None:
        """The droplet hops from its old space to its new one, a space at a time (the pot leaves it out meanwhile:
        ``droplets_moving``)."""
        before, after = min(int(e.get("before", 0)), 52), min(int(e.get("after", 0)), 52)
        if e.seat is not None and after > before:
            self.add(Anim(Motion.DROPLET, DROPLET_STEP * (after - before), e.seat,
                          data={"from": before, "to": after}))

    def _fly(self, seat: int, text: str, colour: RGB, src: tuple[int, int], dst: tuple[int, int],
             coin: bool = False) -> None:
        """A gain's words on their way; a seat's second and third gains of a beat follow a little later and land
        a line lower (never on top of each other)."""
        k = sum(1 for a in self.anims if a.kind is Motion.FLY and a.seat == seat and not a.done and "text" in a.data)
        a = Anim(Motion.FLY, FLY, seat, t=-0.1 * k, data={"text": text, "colour": colour, "from": src,
                                                           "to": (dst[0], dst[1] + 30 * k), "coin": coin})
        self.add(a)

    def source(self, g: Game, beat: Beat, seat: int) -> tuple[int, int]:
        """Where a beat's gain comes from: the bonus die, the chips of the book that acted (the last of its colour
        in the pot), the scoring space, the fortune card; else the seat's pot."""
        view = self.view
        if beat.kind is BeatKind.DIE:
            return view.board.die_rect.center
        if beat.kind in (BeatKind.CARD, BeatKind.FORTUNE):
            return view.board.card_rect.center
        lay = self.pot_of(seat)
        if lay is None:
            r = view.seat_region(seat)
            return r.center
        s = g.seats[seat]
        centres = lay.centres()
        if beat.kind is BeatKind.CHIP_ACTION:
            mine = [p for p in s.pot if p.chip.colour.value == beat.source]
            if mine:
                x, y = centres[min(mine[-1].index, 52)]
                return int(x), int(y)
        if beat.kind in (BeatKind.RUBIES, BeatKind.VICTORY_POINTS) and s.final_space is not None:
            x, y = centres[min(s.final_space, 52)]
            return int(x), int(y)
        return lay.centre

    def rats_moving(self) -> frozenset[int]:
        """Seats whose rat stone is on its way (the still picture leaves it out until it lands)."""
        return frozenset(a.seat for a in self.anims if a.kind is Motion.RAT and not a.done)

    def droplets_moving(self) -> frozenset[int]:
        """Seats whose droplet is stepping forward (their pot leaves it out until it lands)."""
        return frozenset(a.seat for a in self.anims if a.kind is Motion.DROPLET and not a.done
                         and a.seat is not None)

    def flush_sounds(self) -> None:
        sound = self.sound
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
        return tuple(round(a.t, 3) for a in self.anims if a.kind in MOVES_PICTURE)

    # ------------------------------------------------------------------------------------------------
    # what the views ask

    def still_look(self, seats: int) -> tuple[object, ...]:
        """What the animations change in the still picture under them: the chips still in the air (the pots leave
        them out) and the rat stones on their way (drawn moving, not in place)."""
        return tuple(self.hidden(i) for i in range(seats)), self.rats_moving(), self.droplets_moving()

    def hidden(self, seat: int) -> int:
        """Chips of this seat still in the air (the pot leaves them out)."""
        return sum(1 for a in self.anims if a.kind is Motion.FLIGHT and a.seat == seat)

    def marker_value(self, seat: int, default: float | None = None) -> float:
        for a in reversed(self.anims):
            if a.kind is Motion.SLIDE and a.seat == seat:
                return walked(a.data["from"], a.data["to"], a.progress)
        if default is not None:
            return default
        return float(self.scores[seat]) if seat < len(self.scores) else 0.0

    def marker_values(self, g: Game) -> list[float]:
        self.scores = [s.score for s in g.seats]
        return [self.marker_value(i) for i in range(g.n)]

    def die_face(self, face: str) -> tuple[str, float]:
        """The face to show and a rotation (degrees) while the die tumbles."""
        for a in self.anims:
            if a.kind is Motion.DIE:
                p = a.progress
                faces = ["vp-1", "ruby", "vp-2", "droplet", "pumpkin"]
                if p < 0.85:
                    return faces[int(p * 14) % len(faces)], (1 - p) * 540
                return a.data["face"], 0.0
        return face, 0.0

    def shake(self, seat: int) -> tuple[int, int]:
        for a in self.anims:
            if a.kind is Motion.SHAKE and a.seat == seat:
                p = a.progress
                amp = 14 * (1 - p)
                return int(amp * math.sin(p * 40)), int(amp * 0.6 * math.cos(p * 33))
        return (0, 0)

    # ------------------------------------------------------------------------------------------------
    # drawing

    def pot_of(self, seat: int) -> pv.PotLayout | None:
        return self.view.pot_layout(seat, self.shopping)

    def bag_pos(self, seat: int) -> tuple[int, int]:
        return self.view.bag_pos(seat)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect]:
        """Draw every running animation; returns the rectangles drawn (for partial updates)."""
        rects: list[pygame.Rect] = []
        te = text_engine()
        cb = bool(self.settings.colour_blind)
        focus = self.view.focus
        for a in self.anims:
            if a.kind is Motion.FLY:
                flown = self._draw_fly(surf, a, te, cb)
                if flown is not None:
                    rects.append(flown)
                continue
            if a.kind not in DRAWN_ON_POT:
                continue
            lay = self.pot_of(a.seat)
            if lay is None:
                continue
            if a.kind is Motion.FLIGHT:
                idx = min(int(a.data["index"]), 52)
                tx, ty = lay.centres()[idx]
                sx, sy = self.bag_pos(a.seat)
                p = ease_out(a.progress)
                x = sx + (tx - sx) * p
                y = sy + (ty - sy) * p - math.sin(p * math.pi) * 90
                c = CHIP_BY_NAME[a.data["chip"]]
                r = int(lay.chip_radius * (1.35 - 0.35 * p))
                img = art.chip(c.colour.value, c.value, max(6, r), cb)
                rr = img.get_rect(center=(x, y))
                surf.blit(img, rr)
                rects.append(rr)
            elif a.kind is Motion.SHAKE:
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
            elif a.kind is Motion.RAT:
                centres = lay.centres()
                at = a.data["from"] + (a.data["to"] - a.data["from"]) * ease_in_out(a.progress)
                lo = int(at)
                hi = min(lo + 1, 52)
                f = at - lo
                x = centres[lo][0] + (centres[hi][0] - centres[lo][0]) * f
                y = centres[lo][1] + (centres[hi][1] - centres[lo][1]) * f
                img = art.rat(int(lay.chip_radius * 1.9))
                rr = img.get_rect(center=(x, y))
                surf.blit(img, rr)
                rects.append(rr)
            elif a.kind is Motion.DROPLET:
                # a hop per space: each step rises and lands on the next space
                centres = lay.centres()
                steps = a.data["to"] - a.data["from"]
                at = a.data["from"] + steps * min(1.0, max(0.0, a.progress))
                lo = min(int(at), 52)
                hi = min(lo + 1, 52)
                f = at - int(at)
                cr = lay.chip_radius
                x = centres[lo][0] + (centres[hi][0] - centres[lo][0]) * ease_in_out(f)
                y = centres[lo][1] + (centres[hi][1] - centres[lo][1]) * ease_in_out(f) - math.sin(f * math.pi) * cr
                img = art.droplet(int(cr * 1.7))
                rr = img.get_rect(center=(x, y - cr * 0.15))
                surf.blit(img, rr)
                rects.append(rr)
            elif a.kind is Motion.FLOAT:
                p = a.progress
                stack = [b for b in self.anims if b.kind is Motion.FLOAT and b.seat == a.seat]
                k = stack.index(a)
                x = lay.centre[0]
                y = lay.centre[1] - lay.radius * 0.35 - p * 60 + k * (34 if a.seat == focus else 26)
                img = te.render(a.data["text"], "sans-bold", 30 if a.seat == focus else 22,
                                a.data["colour"])
                img = img.copy()
                img.set_alpha(int(255 * (1 - p * p)))
                rr = img.get_rect(center=(x, y))
                surf.blit(img, rr)
                rects.append(rr)
        self.last_rects = rects
        return rects

    def _draw_fly(self, surf: pygame.Surface, a: Anim, te: Text, cb: bool) -> pygame.Rect | None:
        """A gain on its way: a chip, or its words ("+1 ruby"), along an arc from its source to its seat."""
        if a.t < 0:
            return None  # still waiting for the one before it
        p = ease_in_out(a.progress)
        (sx, sy), (tx, ty) = a.data["from"], a.data["to"]
        x = sx + (tx - sx) * p
        y = sy + (ty - sy) * p - math.sin(p * math.pi) * 60
        if "chip" in a.data:
            c = CHIP_BY_NAME[a.data["chip"]]
            lay = self.pot_of(a.seat)
            r = lay.chip_radius if lay is not None else 14
            img = art.chip(c.colour.value, c.value, max(10, int(r * 1.2)), cb)
        else:
            img = te.render(a.data["text"], "sans-bold", 26 if a.seat == self.view.focus else 20, a.data["colour"])
            if a.data.get("coin"):  # coins carry a coin before their words
                words, token = img, art.coin(img.get_height())
                img = pygame.Surface((token.get_width() + 4 + words.get_width(), words.get_height()), pygame.SRCALPHA)
                img.blit(token, (0, 0))
                img.blit(words, (token.get_width() + 4, 0))
            if a.progress > 0.8:
                img = img.copy()
                img.set_alpha(int(255 * (1 - (a.progress - 0.8) / 0.2)))
        rr = img.get_rect(center=(int(x), int(y)))
        surf.blit(img, rr)
        return rr

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

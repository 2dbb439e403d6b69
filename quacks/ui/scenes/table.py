"""The table: the whole game in one screen, played with the mouse or the keyboard, hot-seat and bots.

The scene drives a ``Match``: chance steps and bot choices happen by themselves at the pace the player set
(bots think in a worker thread, so the frame loop never freezes); a human's decision is built from the
engine's legal actions. With several humans, each decides behind a short hand-off card.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from ...ai.odds import explosion_risk
from ...rules.actions import DRAW, FLASK, STOP, Action
from ...rules.chips import CHIP_BY_NAME
from ...rules.game import Game
from ...session.match import Match
from .. import art
from .. import theme as T
from ..app import LOGICAL, App, Scene
from ..table import pot_view as pv
from ..table.board_view import BoardView
from ..table.books_view import BooksView
from ..table.layout import TableLayout
from ..table.shop_panel import ShopPanel
from ..table.wording import chip_name, label, prompt
from ..widgets import KEY_NUMBERS, Button, draw_tooltip

PACE = {"slow": 1.1, "normal": 0.55, "fast": 0.2, "instant": 0.0}


def round_reasons(g: Game, rnd: int) -> dict[int, str]:
    """Per seat, in short, where this round's VP, rubies and droplet steps came from."""
    vp: dict[int, list[str]] = {}
    rubies: dict[int, list[str]] = {}
    other: dict[int, list[str]] = {}
    names = {"space": "space", "die": "die", "chip": "chips", "card": "card", "tube": "test tube",
             "convert": "converted"}
    for e in g.events:
        if e.round != rnd or e.seat is None:
            continue
        if e.kind == "vp":
            vp.setdefault(e.seat, []).append(f"{names.get(e.get('source'), 'other')} +{e.get('amount')}")
        elif e.kind == "rubies" and e.get("amount", 0) > 0:
            cause = str(e.cause).split(":")[0]
            rubies.setdefault(e.seat, []).append(cause)
        elif e.kind == "explosion_choice":
            other.setdefault(e.seat, []).append(f"exploded, {e.cause}")
        elif e.kind == "explode" and e.get("protected"):
            other.setdefault(e.seat, []).append("exploded (protected)")
        elif e.kind == "droplet":
            other.setdefault(e.seat, []).append(f"droplet +{e.get('after', 0) - e.get('before', 0)}")
    out = {}
    for seat in set(vp) | set(rubies) | set(other):
        parts = []
        if seat in vp:
            parts.append("VP: " + ", ".join(vp[seat]))
        if seat in rubies:
            parts.append(f"rubies: {', '.join(dict.fromkeys(rubies[seat]))}")
        parts += other.get(seat, [])
        out[seat] = " · ".join(parts)
    return out


@dataclass
class RoundSummary:
    round: int
    rows: list[dict[str, Any]] = field(default_factory=list)


class TableScene(Scene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.g: Game = match.game
        self.layout = TableLayout(self.g.n)
        self.books = BooksView(self.layout.books)
        self.board = BoardView(self.layout.board)
        humans = match.humans()
        self.focus = humans[0] if humans else 0
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        self.handoff: int | None = None
        self.controls: list[Button] = []
        self.controls_key: object = None
        self.shop: ShopPanel | None = None
        self.timer = 0.0
        self.worker: threading.Thread | None = None
        self.worker_result: Any = None
        self.worker_seat: int | None = None
        self.skip = False
        self.show_bag = False
        self.show_log = False
        from ..table.log_panel import LogPanel

        self.log = LogPanel(self.layout.others.inflate(0, 0))
        self.menu_open = False
        self.menu_buttons: list[Button] = []
        self.confirm: tuple[str, Any] | None = None
        self.confirm_buttons: list[Button] = []
        self.summary: RoundSummary | None = None
        self.summary_buttons: list[Button] = []
        self.round_start = self._snapshot()
        self.round_seen = self.g.round
        self.hover_text = ""
        self.hint = ""
        self.reasons: dict[int, str] = {}
        self.die_face: str | None = None
        self.die_who = ""
        self.last_events = 0
        self.marker_vp = [float(s.score) for s in self.g.seats]
        self.other_rects: dict[int, pygame.Rect] = {}
        self.flash: list[tuple[float, str]] = []
        self.frozen = False  # bench-ui: draw without letting the game move on
        self._frame_key: tuple[tuple[object, ...], tuple[float, ...]] | None = None
        self._base: pygame.Surface | None = None
        self._bg_key: Any = None
        self._anim_rects: list[pygame.Rect] = []
        self._ui_events = 0
        self.anim = None
        try:
            from ..anim import Animator

            self.anim = Animator(self)
        except ImportError:  # pragma: no cover - motion comes with "the table comes alive"
            self.anim = None
        self.scan_events(history=True)

    # ------------------------------------------------------------------------------------------------
    # helpers

    @property
    def settings(self) -> Any:
        return self.app.settings

    def looks(self) -> list[tuple[str, str]]:
        return [(s.colour, (s.name[:1] or "?").upper()) for s in self.match.setup.seats]

    def pace(self) -> float:
        if self.skip:
            return 0.0
        return PACE.get(self.settings.pace, 0.55)

    def _snapshot(self) -> list[dict[str, int]]:
        return [{"score": s.score, "rubies": s.rubies, "droplet": s.droplet} for s in self.g.seats]

    def scan_events(self, history: bool = False) -> None:
        """Read the engine's new events: the last die roll, and motion and sound for what just happened
        (``history``: events from before the table opened, e.g. a resumed game, are not animated)."""
        evs = self.g.events[self.last_events:]
        self.last_events = len(self.g.events)
        for e in evs:
            if e.kind == "die":
                self.die_face = e.get("face")
                self.die_who = f"{self.g.seats[e.seat].name} rolled" if e.seat is not None else ""
            elif e.kind == "round":
                self.die_face, self.die_who = None, ""
        if self.anim is not None and not history:
            self.anim.events(evs)

    # ------------------------------------------------------------------------------------------------
    # the match moves on

    def update(self, dt: float) -> None:
        if self.anim is not None:
            self.anim.update(dt)
        self.timer -= dt
        if self.frozen:
            return
        if self.menu_open or self.summary is not None or self.handoff is not None or self.confirm is not None:
            return
        self._collect_worker()
        if self.worker is not None or self.summary is not None:
            return
        if self.anim is not None and self.anim.blocking():
            return
        m = self.match
        for _ in range(200):  # do what needs no waiting, within one frame
            need = m.need()
            if need.kind == "over":
                self.finish()
                return
            if need.kind == "chance":
                m.step_chance()
                self.after_step()
                if self.summary is not None:
                    return
                continue
            if need.kind == "reveal":
                if self.timer > 0:
                    return
                # the whole stir tick is revealed together (R22), then the pace pauses
                while m.need().kind in ("reveal", "chance") and m.in_tick_reveal():
                    m.advance()  # noqa: the reveal loop
                self.after_step(delay=self.pace())
                if self.summary is not None or self.pace() > 0:
                    return
                continue
            if need.kind == "bot":
                seat = need.seats[0]
                in_tick = m.in_tick() and seat in m.tick_seats()
                if self.timer > 0 and not in_tick:
                    return
                self.start_worker(seat)
                return
            if need.kind == "human":
                self.skip = False
                self.prepare_human(need.seats)
                return

    def after_step(self, delay: float = 0.0) -> None:
        self.scan_events()
        self.hover_text = ""  # the state changed: what was under the mouse may be gone
        self.timer = max(self.timer, delay)
        self.autosave()
        if self.g.round != self.round_seen or self.g.is_over:
            self.open_summary()
            self.round_seen = self.g.round

    def start_worker(self, seat: int) -> None:
        g = self.g.fast_clone()
        self.worker_seat = seat
        self.worker_result = None

        def run() -> None:
            try:
                self.worker_result = self.match.bot_decide(seat, g)
            except Exception as e:  # noqa: BLE001 - reported on the table, never a traceback
                self.worker_result = e

        self.worker = threading.Thread(target=run, name="bot", daemon=True)
        self.worker.start()

    def _collect_worker(self) -> None:
        if self.worker is None or self.worker.is_alive():
            return
        self.worker = None
        seat = self.worker_seat
        res = self.worker_result
        assert seat is not None
        if isinstance(res, Exception) or res is None:
            import logging

            logging.getLogger("quacks.ui").exception("bot failed", exc_info=res if isinstance(res, Exception) else None)
            acts = self.g.legal_actions(seat)
            self.match.submit(seat, acts[0])
        else:
            self.reasons[seat] = res.reason
            in_tick = self.match.in_tick() and seat in self.match.tick_seats()
            self.match.last_decision[seat] = res
            self.match.submit(seat, res.action)
            if in_tick:  # bots decide their stir at once; the reveal is what the player watches
                self.after_step(delay=0.0)
                return
        if not self.match.is_human(seat) and self.viewer is None and not self.match.humans():
            self.focus = seat
        self.after_step(delay=self.pace())

    def autosave(self) -> None:
        from ..flows import autosave

        autosave(self.app, self.match)

    # ------------------------------------------------------------------------------------------------
    # a human decides

    def prepare_human(self, seats: tuple[int, ...]) -> None:
        seat = seats[0]
        humans = self.match.humans()
        if len(humans) > 1 and self.viewer != seat:
            self.handoff = seat
            self.viewer = None
            self.controls = []
            return
        self.viewer = seat
        self.focus = seat
        key = (seat, self.g.decision_kind(seat), tuple(self.g.legal_actions(seat)), self.g._version)
        if key == self.controls_key:
            return
        self.controls_key = key
        self.build_controls(seat)
        self.log_state()

    def log_state(self) -> None:
        """At every human decision, the state's fingerprint goes to the log (resume checks compare them)."""
        import hashlib
        import json
        import logging

        from ...rules.snapshot import fingerprint

        data = json.dumps(fingerprint(self.g), sort_keys=True, default=str)
        digest = hashlib.sha1(data.encode()).hexdigest()[:16]
        logging.getLogger("quacks.ui").info("waiting for a human: round %s, step %s, state %s", self.g.round,
                                            len(self.g.record), digest)

    def build_controls(self, seat: int) -> None:
        g = self.g
        kind = g.decision_kind(seat)
        acts = list(g.legal_actions(seat))
        self.shop = None
        self.controls = []
        if kind == "shop":
            f = self.layout.focus
            r = pygame.Rect(f.x, f.y, f.w, self.layout.actions.bottom - f.y)
            self.shop = ShopPanel(g, seat, r, acts, lambda a: self.choose(seat, a), self.settings.colour_blind)
            return
        bar = self.layout.actions
        if kind == "brew":
            specs = [(DRAW, "Space", pygame.K_SPACE), (STOP, "S", pygame.K_s), (FLASK, "F", pygame.K_f)]
            x = bar.x
            w = 230
            for a, hk, key in specs:
                text, tip, _ = label(g, seat, a)
                enabled = a in acts
                b = Button(pygame.Rect(x, bar.y, w, bar.h), text, on_click=partial(self.choose, seat, a),
                           hotkey=key, hotkey_label=hk, enabled=enabled, tooltip=tip,
                           reason=self.why_not(seat, a), size=26, style="brass" if a != STOP else "parchment")
                self.controls.append(b)
                x += w + 12
            return
        n = len(acts)
        gap = 10
        w = max(140, min(330, (bar.w - gap * (n - 1)) // max(1, n)))
        x = bar.x
        y = bar.y
        for i, a in enumerate(acts):
            text, tip, chip = label(g, seat, a)
            icon = None
            if chip:
                c = CHIP_BY_NAME[chip]
                icon = art.chip(c.colour.value, c.value, 16, self.settings.colour_blind)
            if x + w > bar.right:
                x = bar.x
                y -= bar.h + 8
            b = Button(pygame.Rect(x, y, w, bar.h), text, on_click=partial(self.choose, seat, a),
                       hotkey=KEY_NUMBERS[i] if i < 9 else None, hotkey_label=str(i + 1) if i < 9 else "",
                       tooltip=tip, size=19 if len(text) > 16 else 22, icon=icon)
            self.controls.append(b)
            x += w + gap

    def why_not(self, seat: int, a: Action) -> str:
        s = self.g.seats[seat]
        if a == FLASK:
            if not s.flask_full:
                return "Your flask is empty: refill it for 2 rubies at the end of a round."
            if not s.pot or not s.pot[-1].chip.is_white:
                return "The flask only works right after you draw a white chip."
            return "The flask cannot save a pot that has exploded."
        if a == DRAW and not s.bag:
            return "Your bag is empty."
        return ""

    def choose(self, seat: int, a: Action) -> None:
        """A human's choice, confirmed first if it is costly (a white chip that explodes, coins left unspent)."""
        g = self.g
        if a.verb == "pick" and a.args[0] != "none":
            c = CHIP_BY_NAME[a.args[0]]
            if c.is_white and g.seats[seat].white_total + c.value > g.limit(seat):
                self.ask_confirm(f"Placing the {chip_name(c)} explodes your pot (white total "
                                 f"{g.seats[seat].white_total + c.value} over {g.limit(seat)}). Place it anyway?",
                                 (seat, a))
                return
        if a.verb == "buy" and self.shop is not None and self.shop.leftover_could_buy():
            left = (g.seats[seat].coins or 0) - self.shop.spent()
            self.ask_confirm(f"You leave {left} coins unspent, and they would still buy a chip. Buy anyway?", (seat, a))
            return
        self.do(seat, a)

    def do(self, seat: int, a: Action) -> None:
        self.controls = []
        self.controls_key = None
        self.shop = None
        self.match.submit(seat, a)
        humans = self.match.humans()
        if len(humans) > 1:
            self.viewer = None
        self.after_step(delay=0.0)
        self.timer = 0.0

    def ask_confirm(self, text: str, payload: Any) -> None:
        self.confirm = (text, payload)
        r = pygame.Rect(0, 0, 760, 260)
        r.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        self.confirm_rect = r
        self.confirm_buttons = [
            Button(pygame.Rect(r.x + 40, r.bottom - 96, 300, 64), "Yes, do it", self._confirm_yes,
                   hotkey_label="Enter", size=24),
            Button(pygame.Rect(r.right - 340, r.bottom - 96, 300, 64), "No, go back", self._confirm_no,
                   style="dark", hotkey_label="Esc", size=24),
        ]

    def _confirm_yes(self) -> None:
        assert self.confirm is not None
        seat, a = self.confirm[1]
        self.confirm = None
        self.do(seat, a)

    def _confirm_no(self) -> None:
        self.confirm = None

    # ------------------------------------------------------------------------------------------------
    # round summary, the end, the menu

    def open_summary(self) -> None:
        g = self.g
        rnd = g.round - 1 if not g.is_over else g.round
        if rnd < 1:
            return
        before = self.round_start
        rows = []
        buys: dict[int, list[str]] = {}
        for e in g.events:
            if e.kind == "buy" and e.round == rnd and e.seat is not None:
                buys[e.seat] = list(e.get("chips", []))
        why = round_reasons(g, rnd)
        for i, s in enumerate(g.seats):
            b = before[i] if i < len(before) else {"score": 0, "rubies": 0, "droplet": 0}
            rows.append({
                "name": s.name, "space": s.last_space, "vp": s.score - b["score"], "score": s.score,
                "rubies": s.rubies - b["rubies"], "droplet": s.droplet - b["droplet"],
                "coins": g.cat.pot.space(s.last_space).coins, "buys": buys.get(i, []), "why": why.get(i, ""),
            })
        self.summary = RoundSummary(rnd, rows)
        self.round_start = self._snapshot()
        r = self.summary_rect()
        label_text = "See the final result" if g.is_over else f"On to round {g.round}"
        self.summary_buttons = [Button(pygame.Rect(r.right - 380, r.bottom - 90, 340, 66), label_text,
                                       self.close_summary, hotkey_label="Enter", size=24)]
        self.summary_opened = time.perf_counter()

    def summary_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 1300, 250 + 96 * self.g.n)
        r.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        return r

    def close_summary(self) -> None:
        self.summary = None
        if self.g.is_over:
            self.finish()

    def finish(self) -> None:
        from ..flows import game_finished
        from .final import FinalScene

        game_finished(self.app, self.match)
        self.app.replace(FinalScene(self.app, self.match))

    def toggle_menu(self) -> None:
        self.menu_open = not self.menu_open
        if self.menu_open:
            r = pygame.Rect(0, 0, 520, 560)
            r.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
            self.menu_rect = r
            items = [("Resume", self.toggle_menu), ("Save game", self.save_game), ("Rules", self.open_rules),
                     ("Settings", self.open_settings), ("Quit to title", self.quit_to_title)]
            self.menu_buttons = [Button(pygame.Rect(r.x + 60, r.y + 110 + i * 84, r.w - 120, 66), t, fn, size=24)
                                 for i, (t, fn) in enumerate(items)]

    def save_game(self) -> None:
        from ..flows import save_named

        self.flash.append((time.perf_counter(), save_named(self.app, self.match)))
        self.menu_open = False

    def open_rules(self) -> None:
        from .rules_scene import RulesScene

        self.menu_open = False
        self.app.push(RulesScene(self.app, self.g))

    def open_settings(self) -> None:
        from .settings_scene import SettingsScene

        self.menu_open = False
        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from .title import TitleScene

        self.autosave()
        self.app.replace(TitleScene(self.app))

    def resume(self) -> None:
        self.controls_key = None
        self.app.text.set_scale(self.settings.ui_scale / 100)

    # ------------------------------------------------------------------------------------------------
    # input

    def handle(self, event: pygame.event.Event) -> None:
        self._ui_events += 1
        if self.anim is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anim.skip()
        if self.confirm is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self._confirm_yes()
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_n):
                self._confirm_no()
                return
            for b in self.confirm_buttons:
                b.handle(event)
            return
        if self.menu_open:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.toggle_menu()
                return
            for b in self.menu_buttons:
                if b.handle(event):
                    return
            return
        if self.summary is not None:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE,
                                                               pygame.K_ESCAPE):
                self.close_summary()
                return
            for b in self.summary_buttons:
                b.handle(event)
            return
        if self.handoff is not None:
            if (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)) or (
                    event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                self.viewer = self.handoff
                self.handoff = None
                self.controls_key = None
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.show_bag:
                    self.show_bag = False
                else:
                    self.toggle_menu()
                return
            if event.key == pygame.K_b:
                self.show_bag = not self.show_bag
                return
            if event.key == pygame.K_l:
                self.show_log = not self.show_log
                return
            if event.key == pygame.K_TAB:
                self.skip = True
                self.timer = 0
                return
            if event.key == pygame.K_v:
                self.cycle_focus()
                return
        if self.show_log and self.log.handle(event):
            return
        if self.shop is not None and self.shop.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            for b in self.controls:
                if b.hotkey == event.key:
                    if b.enabled:
                        b.click()
                    else:
                        self.hint = b.reason
                    return
        if event.type == pygame.MOUSEMOTION:
            self.update_hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat, r in self.other_rects.items():
                if r.collidepoint(event.pos):
                    self.focus = seat
                    return
            if self.bag_button_rect().collidepoint(event.pos):
                self.show_bag = not self.show_bag
                return
        for b in self.controls:
            if b.handle(event):
                return

    def cycle_focus(self) -> None:
        self.focus = (self.focus + 1) % self.g.n

    def bag_button_rect(self) -> pygame.Rect:
        info = self.layout.info
        return pygame.Rect(info.x, info.bottom - 52, 230, 50)

    def update_hover(self, pos: tuple[int, int]) -> None:
        from ..help import hover_help

        self.hover_text = hover_help(self, pos)

    def busy(self) -> bool:
        if self.worker is not None or (self.anim is not None and self.anim.busy()):
            return True
        if self.summary is not None and time.perf_counter() - self.summary_opened < 0.7:
            return True  # the numbers are counting up
        if self.menu_open or self.summary is not None or self.handoff is not None or self.confirm is not None:
            return False
        need = self.match.need().kind
        return need in ("chance", "reveal", "bot", "over") or self.timer > 0

    # ------------------------------------------------------------------------------------------------
    # drawing (reads state only)

    def frame_key(self) -> tuple[tuple[object, ...], tuple[float, ...]]:
        """(what the still picture depends on, the clock of shakes/die/slides that move parts of it)."""
        a = self.anim
        shop = self.shop
        still = (
            self.g._version, self.focus, self.handoff, self.summary is not None, self.menu_open,
            self.confirm is not None, self.show_bag, self.show_log, self.log.scroll, self.hover_text, self.hint,
            len(self.flash), self._ui_events, tuple(a.hidden(i) for i in range(self.g.n)) if a is not None else (),
            self.die_face, self.die_who, self.worker is None, len(self.controls),
            None if shop is None else (tuple(shop.cart), shop.cursor, shop.message),
        )
        return still, (a.t_key() if a is not None else ())

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        still, moving = self.frame_key()
        overlays = self.summary is not None or self.menu_open or self.confirm is not None or self.handoff is not None
        prev = self._frame_key
        calm = (self.anim is not None and not overlays and not self.show_bag and not self.hover_text
                and not self.flash and prev is not None and prev[0] == still)
        if calm and not moving and self._base is not None:
            # only flights and notes move: restore what they covered, draw them again
            dirty = list(self._anim_rects)
            for r in self._anim_rects:
                surf.blit(self._base, r, r)
            self._anim_rects = self.anim.draw(surf)  # type: ignore[union-attr]
            return dirty + self._anim_rects
        if calm:
            # a shake, the die or a marker moves: draw the frame, but only what moved needs to reach the screen
            old = list(self._anim_rects)
            self.draw_full(surf)
            self._frame_key = (still, moving)
            return old + self._anim_rects + self.moving_regions()
        self.draw_full(surf)
        self._frame_key = (still, moving)
        return None

    def moving_regions(self) -> list[pygame.Rect]:
        """Where shakes, the tumbling die and sliding markers are drawn."""
        out: list[pygame.Rect] = []
        if self.anim is None:
            return out
        for a in self.anim.anims:
            if a.kind == "shake":
                if a.seat == self.focus:
                    out.append(self.layout.focus.inflate(8, 8))
                elif a.seat in self.other_rects:
                    out.append(self.other_rects[a.seat].inflate(8, 8))
            elif a.kind == "die":
                out.append(self.board.die_rect.inflate(60, 80))
            elif a.kind == "slide":
                out.append(self.board.rect.inflate(10, 10))
        return out

    def draw_full(self, surf: pygame.Surface) -> None:
        self.draw_table(surf)
        self.draw_overlays(surf)

    def draw_table(self, surf: pygame.Surface) -> None:
        g = self.g
        cb = self.settings.colour_blind
        surf.blit(self.background(), (0, 0))
        vps = self.anim.marker_values() if self.anim is not None else None
        face, spin = self.anim.die_face(self.die_face) if self.anim is not None else (self.die_face, 0.0)
        self.board.draw(surf, g, self.looks(), face, self.die_who, vps, cb, static=False, die_spin=spin)
        self.draw_focus(surf)
        self.draw_others(surf)
        if self.shop is not None:
            self.shop.draw(surf)
        self.draw_actions(surf)
        # keep the still picture when only flights and notes run (the next frames just redraw those)
        keep = self.anim is not None and self.anim.anims and not self.anim.t_key()
        if keep:
            if self._base is None:
                self._base = surf.copy()
            else:
                self._base.blit(surf, (0, 0))
        else:
            self._base = None
        self._anim_rects = []
        if self.anim is not None:
            self._anim_rects = self.anim.draw(surf)

    def draw_overlays(self, surf: pygame.Surface) -> None:
        te = self.app.text
        if self.show_log:
            self.log.draw(surf, self.g, [self.seat_look(i).dark for i in range(self.g.n)])
        if self.show_bag:
            self.draw_bag(surf)
        if self.handoff is not None:
            self.draw_handoff(surf)
        if self.summary is not None:
            self.draw_summary(surf)
        if self.menu_open:
            self.draw_menu(surf)
        if self.confirm is not None:
            self.draw_confirm(surf)
        now = time.perf_counter()
        self.flash = [(t, m) for t, m in self.flash if now - t < 3]
        for i, (_, msg) in enumerate(self.flash):
            te.blit(surf, msg, (LOGICAL[0] // 2, 60 + i * 34), "sans-semibold", 22, T.CREAM, "midtop")
        if self.hover_text and self.handoff is None and not self.menu_open:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)

    def background(self) -> pygame.Surface:
        """Wood, the books and the scoring track in one picture, redrawn only when they change."""
        g = self.g
        key = (g.round, tuple(g.supply.raw()), self.settings.colour_blind, self.settings.ui_scale, self.focus)
        if getattr(self, "_bg_key", None) != key:
            bg = art.wood(LOGICAL).copy()
            self.books.draw(bg, g, self.settings.colour_blind, self.app.text.scale)
            bg.blit(self.board.static(g), self.board.rect.topleft)
            inner = self.board.inner
            pygame.draw.rect(bg, (70, 48, 30), inner, border_radius=12)
            pygame.draw.rect(bg, T.BRASS_DARK, inner, 2, border_radius=12)
            frame = self.layout.focus
            pygame.draw.rect(bg, (30, 20, 14), frame.move(0, 6), border_radius=18)
            pygame.draw.rect(bg, (58, 40, 28), frame, border_radius=18)
            pygame.draw.rect(bg, self.seat_look(self.focus).fill, frame, 3, border_radius=18)
            others = [i for i in range(g.n) if i != self.focus]
            for seat, r in zip(others, self.layout.other_rects(len(others))):
                pygame.draw.rect(bg, (52, 36, 26), r, border_radius=16)
                pygame.draw.rect(bg, self.seat_look(seat).fill, r, 2, border_radius=16)
            self._bg = bg
            self._bg_key = key
        return self._bg

    def seat_look(self, seat: int) -> T.PlayerLook:
        return T.PLAYER_LOOKS[self.match.setup.seats[seat].colour]

    def status(self, seat: int) -> str:
        s = self.g.seats[seat]
        g = self.g
        if g.phase == "brewing" or (g.phase == "fortune" and s.pot):
            if s.exploded:
                return "exploded!" + (" (protected)" if s.protected else "")
            if s.brewing:
                if seat in self.match.tick and self.match.is_human(seat):
                    return "has decided"
                return "brewing"
            return "stopped"
        if s.exploded and g.phase in ("evaluation", "shopping"):
            return "exploded" + (f": took {s.choice}" if s.choice else "")
        return ""

    def draw_focus(self, surf: pygame.Surface) -> None:
        g = self.g
        te = self.app.text
        seat = self.focus
        s = g.seats[seat]
        lay = self.layout
        look = self.seat_look(seat)
        sx, sy = self.anim.shake(seat) if self.anim is not None else (0, 0)
        pot = pv.PotLayout((lay.pot_centre[0] + sx, lay.pot_centre[1] + sy), lay.pot_radius)
        hidden = self.anim.hidden(seat) if self.anim is not None else 0
        pv.draw_pot(surf, g, seat, pot, colour_blind=self.settings.colour_blind, hidden_chips=hidden,
                    highlight=pv.next_space(g, seat) if s.brewing else None)
        info = lay.info
        mk = art.marker(look.key, (s.name[:1] or "?").upper(), 54)
        surf.blit(mk, (info.x, info.y))
        kind = self.match.setup.seats[seat].kind
        te.blit(surf, s.name, (info.x + 66, info.y + 2), "serif-bold", 36, T.CREAM)
        te.blit(surf, "you" if kind == "human" and len(self.match.humans()) == 1 else
                ("human" if kind == "human" else f"{kind} bot"), (info.x + 66, info.y + 44), "sans", 16,
                T.PARCHMENT_DARK)
        te.blit(surf, f"{s.score} VP", (info.right - 8, info.y + 6), "sans-bold", 36, T.BRASS_LIGHT, "topright")
        y = info.y + 80
        pv.draw_rubies(surf, (info.x, y), s.rubies, 26, 7)
        fl = art.flask(52, s.flask_full)
        surf.blit(fl, (info.right - 60, y - 10))
        te.blit(surf, "flask" if s.flask_full else "empty", (info.right - 34, y + 44), "sans", 13, T.PARCHMENT_DARK,
                "midtop")
        y += 76
        te.blit(surf, "White total", (info.x, y), "sans-semibold", 17, T.PARCHMENT_DARK)
        limit = g.limit(seat)
        te.blit(surf, f"{s.white_total} / {limit}", (info.right - 8, y - 4), "sans-bold", 26,
                T.DANGER if s.exploded else (T.WARN if s.white_total >= limit - 2 else T.CREAM), "topright")
        pv.fuse(surf, pygame.Rect(info.x, y + 28, info.w - 12, 22), s.white_total, limit, s.exploded)
        y += 70
        nxt = pv.next_space(g, seat)
        if s.brewing or g.phase in ("fortune",):
            te.blit(surf, f"Stop now: {pv.reward_text(g, nxt)}", (info.x, y), "sans", 18, T.CREAM)
        else:
            sp = g.scoring_space(seat)
            if sp is not None:
                te.blit(surf, f"Scoring space {sp}: {pv.reward_text(g, sp)}", (info.x, y), "sans", 18, T.CREAM)
        y += 30
        if self.settings.show_risk and s.brewing:
            risk = explosion_risk(g, seat)
            te.blit(surf, f"Next draw explodes: {risk:.0%}", (info.x, y), "sans-semibold", 18,
                    T.DANGER if risk > 0.3 else (T.WARN if risk > 0.1 else T.SAFE))
            y += 30
        st = self.status(seat)
        if st:
            te.blit(surf, st.capitalize(), (info.x, y), "sans-bold", 20, T.DANGER if "explod" in st else T.CREAM)
            y += 30
        te.blit(surf, f"Droplet on {s.droplet}" + (f", rat stone +{s.rats}" if s.rats else "")
                + (f", test tube {s.tube}/12" if g.tubes else ""), (info.x, y), "sans", 16, T.PARCHMENT_DARK)
        y += 26
        if s.aside:
            te.blit(surf, "Beside the pot: " + ", ".join(chip_name(c) for c in s.aside), (info.x, y), "sans", 16,
                    T.CREAM)
            y += 26
        if seat in self.reasons and not self.match.is_human(seat):
            te.blit_wrapped(surf, self.reasons[seat], pygame.Rect(info.x, y, info.w - 10, 48), "sans", 16,
                            T.PARCHMENT_DARK, max_lines=2)
            y += 50
        # the bag: what is in it, and a button for the full view
        br = self.bag_button_rect()
        bag_top = max(y + 6, br.y - 118)
        te.blit(surf, "In the bag", (info.x, bag_top), "sans-semibold", 16, T.PARCHMENT_DARK)
        pv.draw_bag_summary(surf, pygame.Rect(info.x, bag_top + 24, info.w, br.y - bag_top - 30), g, seat,
                            self.settings.colour_blind)
        b = Button(br, f"Bag: {s.bag.total} chips", hotkey_label="B", style="dark", size=20)
        b.hover = br.collidepoint(self.app.mouse_pos)
        b.draw(surf)

    def draw_others(self, surf: pygame.Surface) -> None:
        g = self.g
        te = self.app.text
        others = [i for i in range(g.n) if i != self.focus]
        rects = self.layout.other_rects(len(others))
        self.other_rects = {}
        for seat, r in zip(others, rects):
            self.other_rects[seat] = r
            s = g.seats[seat]
            look = self.seat_look(seat)
            mk = art.marker(look.key, (s.name[:1] or "?").upper(), 40)
            surf.blit(mk, (r.x + 12, r.y + 10))
            te.blit(surf, s.name, (r.x + 60, r.y + 10), "serif-bold", 26, T.CREAM)
            kind = self.match.setup.seats[seat].kind
            te.blit(surf, "human" if kind == "human" else f"{kind} bot", (r.x + 60, r.y + 40), "sans", 14,
                    T.PARCHMENT_DARK)
            te.blit(surf, f"{s.score} VP", (r.right - 14, r.y + 12), "sans-bold", 26, T.BRASS_LIGHT, "topright")
            centre, radius = TableLayout.small_pot(r)
            sx, sy = self.anim.shake(seat) if self.anim is not None else (0, 0)
            pot = pv.PotLayout((centre[0] + sx, centre[1] + sy), radius)
            hidden = self.anim.hidden(seat) if self.anim is not None else 0
            pv.draw_pot(surf, g, seat, pot, colour_blind=self.settings.colour_blind, hidden_chips=hidden)
            x = centre[0] + radius + int(radius * 0.3) + 8
            y = r.y + 66
            pv.draw_rubies(surf, (x, y), s.rubies, 18, 5)
            fl = art.flask(34, s.flask_full)
            surf.blit(fl, (r.right - 44, r.y + 56))
            y += 44
            limit = g.limit(seat)
            te.blit(surf, f"White {s.white_total}/{limit}", (x, y), "sans-semibold", 17,
                    T.DANGER if s.exploded else T.CREAM)
            pv.fuse(surf, pygame.Rect(x, y + 24, r.right - x - 14, 12), s.white_total, limit, s.exploded)
            y += 46
            st = self.status(seat)
            if st:
                te.blit(surf, st, (x, y), "sans-bold", 16, T.DANGER if "explod" in st else T.CREAM)
                y += 24
            sp = g.scoring_space(seat) if not s.brewing else pv.next_space(g, seat)
            if sp is not None:
                te.blit(surf, f"{'space' if not s.brewing else 'next'} {sp}: {g.cat.pot.space(sp).coins} c, "
                        f"{g.cat.pot.space(sp).vp} VP", (x, y), "sans", 15, T.PARCHMENT_DARK)
                y += 22
            if self.settings.show_risk and s.brewing:
                te.blit(surf, f"risk {explosion_risk(g, seat):.0%}", (x, y), "sans-semibold", 15, T.WARN)
                y += 22
            if seat in self.reasons and not self.match.is_human(seat):
                te.blit_wrapped(surf, self.reasons[seat], pygame.Rect(x, y, r.right - x - 12, r.bottom - y - 8),
                                "sans", 14, T.PARCHMENT_DARK, max_lines=4)

    def draw_actions(self, surf: pygame.Surface) -> None:
        te = self.app.text
        bar = self.layout.actions
        need = self.match.need()
        if self.controls:
            seat = self.viewer if self.viewer is not None else self.focus
            te.blit(surf, prompt(self.g, seat), (bar.x + 4, min(b.rect.y for b in self.controls) - 8), "sans-semibold",
                    20, T.CREAM, "bottomleft")
            for b in self.controls:
                b.draw(surf)
            hint_y = bar.y - 8
            keys = "B bag · L log · V view another pot · Esc menu"
            keys_img = te.render(keys, "sans", 15, T.PARCHMENT_DARK)
            keys_rect = keys_img.get_rect(bottomright=(bar.right, bar.bottom - 2))
            if any(b.rect.colliderect(keys_rect) for b in self.controls):
                # a wide row of controls reaches the corner: the key line goes up beside the prompt
                keys_rect.bottomright = (bar.right, min(b.rect.y for b in self.controls) - 8)
                hint_y = keys_rect.y - 4
            surf.blit(keys_img, keys_rect)
            if self.hint:
                te.blit(surf, self.hint, (bar.right, hint_y), "sans", 16, T.WARN, "bottomright")
        elif self.shop is None:
            if need.kind in ("bot", "reveal", "chance"):
                who = ""
                if need.kind == "bot":
                    who = f"{self.g.seats[need.seats[0]].name} is thinking..."
                elif need.kind == "reveal":
                    who = "Revealing the stir..."
                te.blit(surf, who, (bar.x + 4, bar.centery), "sans-semibold", 22, T.PARCHMENT_DARK, "midleft")
                te.blit(surf, "Tab: skip to my turn", (bar.right, bar.centery), "sans", 18, T.PARCHMENT_DARK,
                        "midright")

    def draw_bag(self, surf: pygame.Surface) -> None:
        te = self.app.text
        seat = self.focus
        s = self.g.seats[seat]
        r = pygame.Rect(0, 0, 760, 420)
        r.midbottom = (self.layout.focus.centerx, self.layout.actions.y - 10)
        art.panel(surf, r, seed=33)
        te.blit(surf, f"{s.name}'s bag: {s.bag.total} chips", (r.x + 24, r.y + 18), "serif-bold", 32, T.INK)
        x, y = r.x + 30, r.y + 80
        for c, k in s.bag.items():
            img = art.chip(c.colour.value, c.value, 24, self.settings.colour_blind)
            surf.blit(img, (x, y))
            te.blit(surf, f"x {k}", (x + 56, y + 26), "sans-bold", 22, T.INK, "midleft")
            x += 140
            if x > r.right - 140:
                x = r.x + 30
                y += 70
        risk = explosion_risk(self.g, seat)
        room = self.g.limit(seat) - s.white_total
        te.blit(surf, f"White chips can add {max(0, room)} more before the pot explodes; next draw explodes: "
                f"{risk:.0%}", (r.x + 24, r.bottom - 36), "sans", 18, T.INK_SOFT)
        te.blit(surf, "B or Esc to close", (r.right - 20, r.y + 24), "sans", 15, T.INK_SOFT, "topright")

    def draw_handoff(self, surf: pygame.Surface) -> None:
        te = self.app.text
        veil = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        veil.fill((10, 6, 4, 235))
        surf.blit(veil, (0, 0))
        seat = self.handoff
        assert seat is not None
        s = self.g.seats[seat]
        look = self.seat_look(seat)
        r = pygame.Rect(0, 0, 820, 420)
        r.center = (LOGICAL[0] // 2, LOGICAL[1] // 2)
        art.panel(surf, r, seed=44)
        mk = art.marker(look.key, (s.name[:1] or "?").upper(), 96)
        surf.blit(mk, mk.get_rect(midtop=(r.centerx, r.y + 30)))
        te.blit(surf, f"Pass the screen to {s.name}", (r.centerx, r.y + 150), "serif-bold", 44, T.INK, "midtop")
        what = "stir: draw or stop" if self.g.decision_kind(seat) == "brew" else "a decision"
        te.blit(surf, f"It is {s.name}'s turn ({what}). Others, please look away.", (r.centerx, r.y + 220),
                "sans", 22, T.INK_SOFT, "midtop")
        te.blit(surf, "Click or press Space when ready", (r.centerx, r.bottom - 60), "sans-bold", 24, T.BRASS_DARK,
                "midtop")

    def draw_summary(self, surf: pygame.Surface) -> None:
        te = self.app.text
        sm = self.summary
        assert sm is not None
        veil = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        veil.fill((10, 6, 4, 170))
        surf.blit(veil, (0, 0))
        r = self.summary_rect()
        art.panel(surf, r, seed=55)
        te.blit(surf, f"Round {sm.round} results", (r.x + 40, r.y + 26), "serif-bold", 44, T.INK)
        cols = [("", 40), ("space", 330), ("VP", 450), ("total", 560), ("coins", 680), ("rubies", 800),
                ("bought", 920)]
        y = r.y + 104
        for name, x in cols[1:]:
            te.blit(surf, name, (r.x + x, y), "sans-bold", 18, T.INK_SOFT)
        y += 36
        now = time.perf_counter()
        up = (lambda v: self.anim.count_up(v, self.summary_opened, now)) if self.anim is not None else (lambda v: v)
        for i, row in enumerate(sm.rows):
            look = self.seat_look(i)
            mk = art.marker(look.key, (row["name"][:1] or "?").upper(), 40)
            surf.blit(mk, (r.x + 40, y))
            te.blit(surf, row["name"], (r.x + 90, y + 6), "serif-bold", 26, T.INK)
            te.blit(surf, str(row["space"]), (r.x + 330, y + 8), "sans-semibold", 22, T.INK)
            te.blit(surf, f"+{up(row['vp'])}", (r.x + 450, y + 8), "sans-bold", 22,
                    (40, 110, 40) if row["vp"] else T.INK)
            te.blit(surf, str(row["score"] - row["vp"] + up(row["vp"])), (r.x + 560, y + 8), "sans-semibold", 22, T.INK)
            te.blit(surf, str(up(row["coins"])), (r.x + 680, y + 8), "sans", 22, T.INK)
            dr = row["rubies"]
            te.blit(surf, f"{dr:+d}" if dr else "0", (r.x + 800, y + 8), "sans", 22, T.INK)
            if row.get("why"):
                te.blit_wrapped(surf, row["why"], pygame.Rect(r.x + 90, y + 42, r.w - 140, 44), "sans", 16,
                                T.INK_SOFT, line_gap=0, max_lines=2)
            x = r.x + 920
            for name in row["buys"]:
                c = CHIP_BY_NAME[name]
                img = art.chip(c.colour.value, c.value, 18, self.settings.colour_blind)
                surf.blit(img, (x, y + 2))
                x += 46
            if not row["buys"]:
                te.blit(surf, "-", (x, y + 8), "sans", 22, T.INK_SOFT)
            y += 96
        for b in self.summary_buttons:
            b.draw(surf)

    def draw_menu(self, surf: pygame.Surface) -> None:
        te = self.app.text
        veil = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        veil.fill((10, 6, 4, 170))
        surf.blit(veil, (0, 0))
        art.panel(surf, self.menu_rect, seed=66)
        te.blit(surf, "Paused", (self.menu_rect.centerx, self.menu_rect.y + 30), "serif-bold", 44, T.INK, "midtop")
        for b in self.menu_buttons:
            b.draw(surf)

    def draw_confirm(self, surf: pygame.Surface) -> None:
        te = self.app.text
        assert self.confirm is not None
        veil = pygame.Surface(LOGICAL, pygame.SRCALPHA)
        veil.fill((10, 6, 4, 150))
        surf.blit(veil, (0, 0))
        r = self.confirm_rect
        art.panel(surf, r, seed=77)
        with te.roomy():
            te.blit_wrapped(surf, self.confirm[0], pygame.Rect(r.x + 40, r.y + 34, r.w - 80, 110), "sans-semibold",
                            int(24 / max(1.0, te.scale) * min(te.scale, 1.5)), T.INK)
        for b in self.confirm_buttons:
            b.draw(surf)

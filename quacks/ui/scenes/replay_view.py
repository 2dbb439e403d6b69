"""The replay viewer: a saved game on the table, step by step (forward, back, jump to a round)."""

from __future__ import annotations

from typing import Any

import pygame

from ...content.loader import default_catalogue
from ...session.match import Match, MatchSetup
from .. import theme as T
from ..app import App
from ..table.wording import chip_name
from ..widgets import Button
from .table import TableScene


def describe_entry(entry: list[Any], names: tuple[str, ...]) -> str:
    """One record entry in words: "Mia: draw", "draw for Mia: white 2"."""
    if not entry:
        return ""
    if entry[0] == "act":
        who = names[int(entry[1])] if 0 <= int(entry[1]) < len(names) else "?"
        return f"{who}: {entry[2]}"
    kind, seat, outcome = entry[1], entry[2], entry[3]
    who = names[int(seat)] if seat is not None and 0 <= int(seat) < len(names) else ""
    if kind in ("draw", "reveal"):
        chips = ", ".join(chip_name(c) for c in str(outcome).split()) or "nothing"
        return f"{kind} for {who}: {chips}"
    if kind == "die":
        return f"bonus die for {who}: {outcome}"
    return f"fortune card: {outcome}"


class ReplayScene(TableScene):
    """The table, frozen, showing the game after any step of its record."""

    def __init__(self, app: App, saved: Any) -> None:
        from ...storage.replays import ReplayCursor

        cat = default_catalogue()
        self.cursor = ReplayCursor(cat, saved.match_data)
        setup = MatchSetup.from_data(saved.match_data["setup"])
        match = Match(cat, setup)
        match.game = self.cursor.game
        super().__init__(app, match)
        self.frozen = True
        self.names = tuple(s.name for s in setup.seats)
        self.playing = False
        self.play_timer = 0.0
        self.seek(0)
        bar = self.layout.actions
        specs = [("|<", self.to_start, "Home"), ("<< round", self.prev_round, "PgUp"), ("< step", self.back, "Left"),
                 ("play", self.toggle_play, "Space"), ("step >", self.forward, "Right"),
                 ("round >>", self.next_round, "PgDn"), (">|", self.to_end, "End")]
        w = (bar.w - 6 * 10) // 7
        self.controls = [Button(pygame.Rect(bar.x + i * (w + 10), bar.y, w, bar.h), label, fn, hotkey_label=hk,
                                size=20, style="parchment") for i, (label, fn, hk) in enumerate(specs)]

    # moving through the record --------------------------------------------------------------------------
    def seek(self, index: int) -> None:
        self.g = self.cursor.seek(index)
        self.match.game = self.g
        humans = [i for i in range(self.g.n)]
        acting = self.g.acting_seats()
        self.focus = acting[0] if acting else (humans[0] if humans else 0)
        self.last_events = 0
        self.die_face, self.die_who = None, ""
        self.scan_events(history=True)
        self.log.seen = -1
        self._frame_key = None
        self._bg_key = None

    def forward(self) -> None:
        self.seek(self.cursor.index + 1)

    def back(self) -> None:
        self.seek(self.cursor.index - 1)

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.cursor.length)

    def next_round(self) -> None:
        starts = sorted(self.cursor.rounds().items())
        for _, step in starts:
            if step > self.cursor.index:
                self.seek(step)
                return
        self.to_end()

    def prev_round(self) -> None:
        starts = sorted(self.cursor.rounds().items())
        target = 0
        for _, step in starts:
            if step < self.cursor.index:
                target = step
        self.seek(target)

    def toggle_play(self) -> None:
        self.playing = not self.playing

    # loop ----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.anim is not None:
            self.anim.update(dt)
        if self.playing:
            self.play_timer -= dt
            if self.play_timer <= 0:
                if self.cursor.at_end:
                    self.playing = False
                else:
                    self.forward()
                    self.play_timer = 0.25

    def busy(self) -> bool:
        return self.playing

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.forward, pygame.K_LEFT: self.back, pygame.K_HOME: self.to_start,
                    pygame.K_END: self.to_end, pygame.K_PAGEDOWN: self.next_round, pygame.K_PAGEUP: self.prev_round,
                    pygame.K_SPACE: self.toggle_play}
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in keys:
                keys[event.key]()
                return
            if event.key == pygame.K_l:
                self.show_log = not self.show_log
                return
            if event.key == pygame.K_b:
                self.show_bag = not self.show_bag
                return
            if event.key == pygame.K_v:
                self.cycle_focus()
                self._bg_key = None
                return
        if event.type == pygame.MOUSEMOTION:
            self.update_hover(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat, r in self.other_rects.items():
                if r.collidepoint(event.pos):
                    self.focus = seat
                    self._bg_key = None
                    return
        for b in self.controls:
            if b.handle(event):
                self._ui_events += 1
                return

    def draw_actions(self, surf: pygame.Surface) -> None:
        te = self.app.text
        bar = self.layout.actions
        c = self.cursor
        done = c.index
        text = f"Replay · step {done} of {c.length} · round {self.g.round} · {self.g.phase}"
        if 0 < done <= c.length:
            text += "  ·  last: " + describe_entry(c.entry(done - 1), self.names)
        te.blit(surf, text, (bar.x + 4, bar.y - 8), "sans-semibold", 19, T.CREAM, "bottomleft")
        self.controls[3].label = "pause" if self.playing else "play"
        for b in self.controls:
            b.draw(surf)


def open_replay_of(app: App, match: Match) -> str:
    """Watch a match from its own data (the end of a game: "Watch the replay")."""
    from ...storage.saves import SavedGame

    saved = SavedGame("quacks-replay", match.to_data(), {}, "", 2)
    try:
        app.push(ReplayScene(app, saved))
    except Exception as e:  # noqa: BLE001
        return f"The replay cannot be shown: {e}"
    return ""

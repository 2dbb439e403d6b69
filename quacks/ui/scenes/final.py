"""The end of the game: the ranking (R23), every seat's VP by source and a round-by-round score chart."""

from __future__ import annotations

import pygame

from ...rules.kinds import EventKind
from ...session.match import Match
from .. import art
from .. import theme as T
from ..app import LOGICAL, App, Scene
from ..widgets import Button

SOURCES = (("space", "spaces"), ("die", "bonus die"), ("chip", "chip actions"), ("card", "fortune cards"),
           ("tube", "test tubes"), ("convert", "rubies/coins converted"))


def vp_breakdown(match: Match) -> list[dict[str, int]]:
    """Each seat's VP by source, from the engine's events (they add up to the final scores)."""
    g = match.game
    out = [{k: 0 for k, _ in SOURCES} for _ in g.seats]
    start = [0] * g.n
    for i in range(g.n):
        setup = g.config.setup.get(i)
        start[i] = setup.score if setup is not None and setup.score is not None else 0
    for e in g.events:
        if e.kind == EventKind.VP and e.seat is not None:
            src = e.get("source", "space")
            out[e.seat][src if src in out[e.seat] else "space"] += int(e.get("amount", 0))
    for i, row in enumerate(out):
        row["start"] = start[i]
    return out


def score_by_round(match: Match) -> list[list[int]]:
    g = match.game
    rounds = g.cat.events.rounds
    first = g.config.first_round
    series = [[0] * (rounds - first + 2) for _ in g.seats]
    cur = [series[i][0] for i in range(g.n)]
    for i in range(g.n):
        setup = g.config.setup.get(i)
        cur[i] = setup.score if setup is not None and setup.score is not None else 0
        series[i][0] = cur[i]
    for e in g.events:
        if e.kind == EventKind.VP and e.seat is not None:
            cur[e.seat] = e.get("after", cur[e.seat])
            k = e.round - first + 1
            for j in range(k, len(series[e.seat])):
                series[e.seat][j] = cur[e.seat]
    return series


class FinalScene(Scene):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        import logging

        ranking = match.game.ranking() or []
        names = [[match.game.seats[i].name for i in group] for group in ranking]
        logging.getLogger("quacks.ui").info("final ranking shown: %s", names)
        self.message = ""
        self.buttons = [
            Button(pygame.Rect(LOGICAL[0] - 460, LOGICAL[1] - 110, 380, 74), "New game", self.new_game,
                   hotkey_label="Enter", size=28),
            Button(pygame.Rect(80, LOGICAL[1] - 110, 320, 74), "Title screen", self.title, style="dark",
                   hotkey_label="Esc", size=26),
            Button(pygame.Rect(440, LOGICAL[1] - 110, 320, 74), "Watch the replay", self.watch, style="parchment",
                   hotkey_label="W", size=24),
            Button(pygame.Rect(800, LOGICAL[1] - 110, 320, 74), "Export replay", self.export, style="parchment",
                   hotkey_label="X", size=24),
        ]

    def watch(self) -> None:
        from .replay_view import open_replay_of

        self.message = open_replay_of(self.app, self.match)

    def export(self) -> None:
        try:
            from ...storage import replays

            path = replays.export_replay(self.match, replays.suggest_replay_path(self.match))
            self.message = f"Saved the replay as {path}"
        except Exception as e:  # noqa: BLE001
            self.message = f"Could not export the replay: {e}"

    def new_game(self) -> None:
        from .newgame import NewGameScene

        self.app.replace(NewGameScene(self.app))

    def title(self) -> None:
        from .title import TitleScene

        self.app.replace(TitleScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.new_game()
                return
            if event.key == pygame.K_ESCAPE:
                self.title()
                return
            if event.key == pygame.K_w:
                self.watch()
                return
            if event.key == pygame.K_x:
                self.export()
                return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        g = self.match.game
        surf.blit(art.wood(LOGICAL), (0, 0))
        panel = pygame.Rect(60, 40, LOGICAL[0] - 120, LOGICAL[1] - 180)
        art.panel(surf, panel, seed=88)
        ranking = g.ranking() or []
        te.blit(surf, "The game is over", (panel.x + 40, panel.y + 24), "serif-bold", 56, T.INK)
        winners = [g.seats[i].name for i in ranking[0]] if ranking else []
        if winners:
            verb = "win" if len(winners) > 1 else "wins"
            title = f"{' and '.join(winners)} {verb}: the biggest quack of Quedlinburg!"
            te.blit(surf, title, (panel.x + 40, panel.y + 96), "serif-italic", 32, T.BRASS_DARK)
        breakdown = vp_breakdown(self.match)
        y = panel.y + 170
        x0 = panel.x + 40
        cols = [("", 0), ("VP", 320), *[(label, 420 + k * 150) for k, (_, label) in enumerate(SOURCES)]]
        for name, x in cols[1:]:
            te.blit_wrapped(surf, name, pygame.Rect(x0 + x, y, 140, 44), "sans-bold", 16, T.INK_SOFT)
        y += 50
        place = 1
        for group in ranking:
            for i in group:
                s = g.seats[i]
                look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
                te.blit(surf, f"{place}.", (x0, y + 8), "serif-bold", 32, T.INK)
                mk = art.marker(look.key, (s.name[:1] or "?").upper(), 44)
                surf.blit(mk, (x0 + 46, y + 2))
                te.blit(surf, s.name, (x0 + 100, y + 6), "serif-bold", 30, T.INK)
                te.blit(surf, str(s.score), (x0 + 320, y + 8), "sans-bold", 30, T.INK)
                for k, (src, _) in enumerate(SOURCES):
                    te.blit(surf, str(breakdown[i][src]), (x0 + 420 + k * 150, y + 12), "sans-semibold", 24, T.INK)
                y += 64
            place += len(group)
        tie = ""
        if ranking and len(ranking[0]) == 1 and len(ranking) > 1:
            first, second = g.seats[ranking[0][0]], g.seats[ranking[1][0]]
            if first.score == second.score:
                tie = (f"{first.name} and {second.name} tied on {first.score} VP; {first.name} got further in "
                       f"the last round (space {first.last_space} against {second.last_space}).")
        if tie:
            te.blit(surf, tie, (x0, y + 6), "sans", 20, T.INK_SOFT)
        self.draw_chart(surf, pygame.Rect(panel.x + 40, max(y + 50, panel.bottom - 330), panel.w - 80, 290))
        for b in self.buttons:
            b.draw(surf)
        if self.message:
            te.blit(surf, self.message[:140], (LOGICAL[0] // 2, LOGICAL[1] - 126), "sans-semibold", 18, T.CREAM,
                    "midbottom")

    def draw_chart(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        te = self.app.text
        series = score_by_round(self.match)
        top = max(10, max(max(s) for s in series))
        pygame.draw.rect(surf, (244, 236, 214), r, border_radius=10)
        pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 2, border_radius=10)
        te.blit(surf, "Score after each round", (r.x + 14, r.y + 8), "sans-bold", 18, T.INK_SOFT)
        inner = r.inflate(-90, -70).move(20, 14)
        n = len(series[0])
        for k in range(5):
            v = int(top * k / 4)
            y = inner.bottom - inner.h * k / 4
            pygame.draw.line(surf, (220, 206, 176), (inner.x, y), (inner.right, y), 1)
            te.blit(surf, str(v), (inner.x - 10, y), "sans", 14, T.INK_SOFT, "midright")
        for j in range(n):
            x = inner.x + inner.w * j / max(1, n - 1)
            label = "start" if j == 0 else f"R{self.match.game.config.first_round + j - 1}"
            te.blit(surf, label, (x, inner.bottom + 8), "sans", 14, T.INK_SOFT, "midtop")
        for i, s in enumerate(series):
            look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
            pts = [(inner.x + inner.w * j / max(1, n - 1), inner.bottom - inner.h * v / top) for j, v in enumerate(s)]
            if len(pts) > 1:
                pygame.draw.lines(surf, look.dark, False, pts, 4)
            letter = (self.match.game.seats[i].name[:1] or "?").upper()
            for p in pts:
                pygame.draw.circle(surf, look.fill, p, 6)
            mk = art.marker(look.key, letter, 26)
            surf.blit(mk, mk.get_rect(midleft=(pts[-1][0] + 8, pts[-1][1])))

"""The end of the game: the ranking (R23), every seat's VP by source and a round-by-round score chart."""

from __future__ import annotations

import pygame

from ...i18n import N_, _, pgettext
from ...rules.kinds import EventKind
from ...session.match import Match
from ...wording.results import tie_text, winner_text
from .. import art
from .. import theme as T
from ..app import App, Scene, canvas_rect
from ..widgets import Button

SOURCES = (("space", N_("spaces")), ("die", N_("bonus die")), ("chip", N_("chip actions")),
           ("card", N_("fortune cards")), ("tube", N_("test tubes")), ("convert", N_("rubies/coins converted")))


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
        self.layout()

    def layout(self) -> None:
        w, h = canvas_rect().size
        self.buttons = [
            Button(pygame.Rect(w - 460, h - 110, 380, 74), _("New game"), self.new_game,
                   hotkey_label=pgettext("key", "Enter"), size=28),
            Button(pygame.Rect(80, h - 110, 320, 74), _("Title screen"), self.title, style="dark",
                   hotkey_label=pgettext("key", "Esc"), size=26),
            Button(pygame.Rect(440, h - 110, 320, 74), _("Watch the replay"), self.watch, style="parchment",
                   hotkey_label="W", size=24),
            Button(pygame.Rect(800, h - 110, 320, 74), _("Export replay"), self.export, style="parchment",
                   hotkey_label="X", size=24),
        ]

    def watch(self) -> None:
        from .replay_view import open_replay_of

        self.message = open_replay_of(self.app, self.match)

    def export(self) -> None:
        try:
            from ...storage import replays

            path = replays.export_replay(self.match, replays.suggest_replay_path(self.match))
            self.message = _("Saved the replay as {path}").format(path=path)
        except Exception as e:  # noqa: BLE001
            self.message = _("Could not export the replay: {problem}").format(problem=e)

    def new_game(self) -> None:
        from .newgame import NewGameScene

        self.app.replace(NewGameScene(self.app))

    def title(self) -> None:
        """Back to the title the game started from (as "Quit to title" does), not a second one over it: each
        game ended this way used to leave one more title screen on the stack for the rest of the session."""
        from .title import TitleScene

        self.app.back_to(TitleScene, lambda: TitleScene(self.app))

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
        surf.blit(art.wood(canvas_rect().size), (0, 0))
        panel = pygame.Rect(60, 40, canvas_rect().w - 120, canvas_rect().h - 180)
        art.panel(surf, panel, seed=88)
        with te.roomy(), te.within(panel):
            self._draw(surf, panel)
        with te.roomy():
            for b in self.buttons:
                b.draw(surf)
            if self.message:
                te.blit_fit(surf, self.message, pygame.Rect(80, panel.bottom + 4, canvas_rect().w - 160,
                                                            self.buttons[0].rect.y - 6 - panel.bottom - 4),
                            "sans-semibold", 18, T.CREAM)

    def _draw(self, surf: pygame.Surface, panel: pygame.Rect) -> None:
        te = self.app.text
        g = self.match.game
        ranking = g.ranking() or []
        x0 = panel.x + 40
        inner_w = panel.w - 80
        y = panel.y + 20
        y = te.blit_fit(surf, _("The game is over"), pygame.Rect(x0, y, inner_w, te.height("serif-bold", 56)),
                        "serif-bold", 56, T.INK, anchor="midleft", lines=1).bottom + 6
        title = winner_text(g)
        if title:
            y = te.blit_fit(surf, title, pygame.Rect(x0, y, inner_w, te.height("serif-italic", 32, 2)),
                            "serif-italic", 32, T.BRASS_DARK, anchor="midleft").bottom + 16
        # the breakdown: columns as wide as their heading (on up to two lines) and numbers
        breakdown = vp_breakdown(self.match)
        mark = int(44 * (1 + 0.4 * (te.scale - 1)))
        place_w = te.size("4.", "serif-bold", 32)[0] + 10
        heads = [_("VP")] + [_(label) for _k, label in SOURCES]
        num_w = max(te.size("888", "sans-bold", 30)[0], 60)
        head_size = 16
        names = [g.seats[i].name for group in ranking for i in group]
        name_w = max([te.size(n, "serif-bold", 30)[0] for n in names] + [100])
        col_w = (inner_w - place_w - mark - 12 - min(name_w, inner_w // 4) - 20) // len(heads)
        col_w = max(col_w, num_w)
        name_w = inner_w - place_w - mark - 12 - 20 - col_w * len(heads)
        cols_x = [x0 + place_w + mark + 12 + name_w + 20 + k * col_w for k in range(len(heads))]
        head_h = te.height("sans-bold", head_size, 2)
        # one size for every heading: the largest at which each fits its column on two lines
        head_size = min(te.fit_label(h, "sans-bold", head_size, pygame.Rect(0, 0, col_w - 12, head_h))[0]
                        for h in heads)
        for h, x in zip(heads, cols_x):
            te.blit_fit(surf, h, pygame.Rect(x, y, col_w - 12, head_h), "sans-bold", head_size, T.INK_SOFT,
                        anchor="midleft")
        y += head_h + 8
        row_h = max(mark, te.height("serif-bold", 30), te.height("sans-bold", 30)) + 10
        place = 1
        for group in ranking:
            for i in group:
                s = g.seats[i]
                look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
                mid = y + row_h // 2
                te.blit(surf, f"{place}.", (x0, mid), "serif-bold", 32, T.INK, "midleft")
                mk = art.marker(look.key, (s.name[:1] or "?").upper(), mark)
                surf.blit(mk, mk.get_rect(midleft=(x0 + place_w, mid)))
                te.blit(surf, s.name, (x0 + place_w + mark + 12, mid), "serif-bold",
                        te.fit(s.name, "serif-bold", 30, name_w, 16), T.INK, "midleft")
                te.blit(surf, str(s.score), (cols_x[0], mid), "sans-bold", 30, T.INK, "midleft")
                for k, (src, _label) in enumerate(SOURCES):
                    te.blit(surf, str(breakdown[i][src]), (cols_x[k + 1], mid), "sans-semibold", 24, T.INK, "midleft")
                y += row_h
            place += len(group)
        tie = tie_text(g)
        if tie:
            y = te.blit_fit(surf, tie, pygame.Rect(x0, y + 4, inner_w, te.height("sans", 20, 2)), "sans", 20,
                            T.INK_SOFT, anchor="midleft").bottom
        chart_h = max(240, panel.bottom - 20 - (y + 16))
        self.draw_chart(surf, pygame.Rect(x0, panel.bottom - 20 - chart_h, inner_w, chart_h))

    def draw_chart(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        te = self.app.text
        series = score_by_round(self.match)
        top = max(10, max(max(s) for s in series))
        pygame.draw.rect(surf, (244, 236, 214), r, border_radius=10)
        pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 2, border_radius=10)
        head = te.blit_fit(surf, _("Score after each round"), pygame.Rect(r.x + 14, r.y + 6, r.w - 28,
                                                                          te.height("sans-bold", 18)),
                           "sans-bold", 18, T.INK_SOFT, anchor="midleft", lines=1)
        label_h = te.height("sans", 14)
        axis_w = te.size(str(top), "sans", 14)[0] + 16
        mark = 26
        # the plot leaves room for the axis numbers (left), the round labels (below) and the end markers (right)
        inner = pygame.Rect(r.x + 14 + axis_w, head.bottom + 10, r.w - 28 - axis_w - mark - 16,
                            r.bottom - 10 - label_h - 8 - (head.bottom + 10))
        n = len(series[0])
        steps = max(1, min(4, inner.h // (label_h + 6)))  # as many lines as their numbers have room for
        for k in range(steps + 1):
            v = int(top * k / steps)
            y = inner.bottom - inner.h * k / steps
            pygame.draw.line(surf, (220, 206, 176), (inner.x, y), (inner.right, y), 1)
            te.blit(surf, str(v), (inner.x - 10, y), "sans", 14, T.INK_SOFT, "midright", box=r)
        step = inner.w / max(1, n - 1)
        every = 1
        widest = max(te.size(_("start"), "sans", 14)[0], te.size(_("R{n}").format(n=9), "sans", 14)[0])
        while widest + 8 > step * every:
            every += 1
        for j in range(n):
            if j % every and j != n - 1:
                continue
            x = inner.x + step * j
            label = _("start") if j == 0 else _("R{n}").format(n=self.match.game.config.first_round + j - 1)
            anchor = "midtop" if 0 < j < n - 1 else ("topleft" if j == 0 else "topright")
            te.blit(surf, label, (x if 0 < j < n - 1 else (inner.x if j == 0 else inner.right), inner.bottom + 8),
                    "sans", 14, T.INK_SOFT, anchor, box=r)
        for i, s in enumerate(series):
            look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
            pts = [(inner.x + step * j, inner.bottom - inner.h * v / top) for j, v in enumerate(s)]
            if len(pts) > 1:
                pygame.draw.lines(surf, look.dark, False, pts, 4)
            letter = (self.match.game.seats[i].name[:1] or "?").upper()
            for p in pts:
                pygame.draw.circle(surf, look.fill, p, 6)
            mk = art.marker(look.key, letter, mark)
            surf.blit(mk, mk.get_rect(midleft=(pts[-1][0] + 8, pts[-1][1])))

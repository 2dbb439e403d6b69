"""The end of the game: the ranking (R23), every seat's VP by source and a round-by-round score chart."""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import pygame

from ...i18n import N_, _
from ...rules.kinds import EventKind
from ...session.driven import DrivenMatch
from ...storage import replays
from ...tutorial.next_step import offered_level
from ...wording.results import tie_text, winner_text
from ...wording.text import bot_name, marker_letters
from .. import art
from .. import theme as T
from ..app import App, Scene
from ..flows import game_finished
from ..keys import Act, Binding
from ..netplay import forget_joined
from ..screens import Screen, back_to, replace_scene
from ..widgets import Button, button_bindings, draw_ranking_band
from .frame import frame
from .replay_view import open_replay_of

if TYPE_CHECKING:  # pragma: no cover
    from ..online import OnlineTable

SOURCES = (("space", N_("spaces")), ("die", N_("bonus die")), ("chip", N_("chip actions")),
           ("card", N_("fortune cards")), ("tube", N_("test tubes")), ("convert", N_("rubies/coins converted")))


def vp_breakdown(match: DrivenMatch) -> list[dict[str, int]]:
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


def score_by_round(match: DrivenMatch) -> list[list[int]]:
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
    def __init__(self, app: App, match: DrivenMatch, online: OnlineTable | None = None, game: str = "",
                 guided: bool = False) -> None:
        super().__init__(app)
        self.match = match  # a game across computers: the served match, until the whole match comes (its seed)
        # the next level of the ladder to play (after the guided game, or a game won against bots of one level)
        whole = match.whole()
        self.offer = offered_level(whole, guided) if online is None and whole is not None else None
        # a game across computers: recorded once the host's secret gives the seed back, the luck check said
        self.online = online
        self.game_id = game
        self.recorded = online is None
        ranking = match.game.ranking() or []
        names = [[match.game.seats[i].name for i in group] for group in ranking]
        logging.getLogger("quacks.ui").info("final ranking shown: %s", names)
        self.message = online.luck_text() if online is not None else ""
        self.layout()

    def update(self, dt: float) -> None:
        """A game across computers: the luck check's line once it comes, then its replay and statistics are kept on
        this computer (for its own players) and the connection closes."""
        online = self.online
        if online is None or self.recorded:
            return
        text = online.luck_text()
        if text != self.message:
            self.say(text)
        self._record_online()

    def _record_online(self) -> bool:
        """Once the host's secret has given the seed back (or the connection failed): keep the replay and count the
        statistics, say the luck check in the log, close the connection. True once done."""
        online = self.online
        if online is None or self.recorded:
            return True
        whole = online.whole_match(self.match)
        st = online.state
        if whole is None and not st.problem:
            return False
        self.recorded = True
        if not st.hosting:  # this computer saw the joined game end: the title no longer offers to rejoin it
            forget_joined(self.app)
        if whole is not None:
            self.match = whole
            game_finished(self.app, whole, self.game_id)
        logging.getLogger("quacks.ui").info("luck checked: %s", "fair" if st.fair_ok else st.fair or st.problem)
        online.close()
        return True

    def exit(self) -> None:
        """Leaving the page before the luck check came (it comes a moment after the game's end): it is waited for
        here, a few seconds at most, so the game is still kept and counted."""
        end = time.monotonic() + 5.0
        while not self._record_online() and time.monotonic() < end:
            time.sleep(0.05)
        if not self.recorded and self.online is not None:
            logging.getLogger("quacks.ui").warning("the luck check did not come: the game is not kept on this "
                                                   "computer")
            self.online.close()

    def wake_in(self) -> float | None:
        return 0.1 if not self.recorded else None

    def layout(self) -> None:
        """The page fills the canvas (the chart takes the room the ranking leaves), at most 1720 wide; the buttons
        under it."""
        z = pygame.Rect(0, 0, 0, 0)
        self.buttons = [
            Button(z, _("New game"), self.new_game, key=Act.CONFIRM, size=28),
            Button(z.copy(), _("Title screen"), self.title, style="dark", key=Act.BACK, size=26),
            Button(z.copy(), _("Watch the replay"), self.watch, style="parchment", key=Act.WATCH, size=24),
            Button(z.copy(), _("Export replay"), self.export, style="parchment", key=Act.EXPORT, size=24),
        ]
        right = self.buttons[:1]
        if self.offer is not None:
            level = self.offer
            # Translators: the button that starts a new game against bots of the next level ({bot}: "Hard bot")
            self.buttons.append(Button(z.copy(), _("Next: {bot}").format(bot=bot_name(level)),
                                       lambda: self.next_level(level), key=Act.NEXT_LEVEL, size=26,
                                       tooltip=_("A new game against bots of the next level.")))
            right = [self.buttons[-1], self.buttons[0]]
        # a line for a message only while there is one (the chart has the room otherwise)
        self.frame = frame(self.app.text, self.buttons[1:4], right, message=bool(self.message))

    def say(self, text: str) -> None:
        """Tell the player ``text`` on the page's message line (the page makes room for it)."""
        self.message = text
        self.layout()

    def watch(self) -> None:
        whole = self.match.whole()
        if not self.recorded or whole is None:
            self.say(_("The replay is ready once the luck has been checked."))
            return
        self.say(open_replay_of(self.app, whole))

    def export(self) -> None:
        whole = self.match.whole()
        if not self.recorded or whole is None:
            self.say(_("The replay is ready once the luck has been checked."))
            return
        try:
            path = replays.export_replay(whole, replays.suggest_replay_path(whole))
            self.say(_("Saved the replay as {path}").format(path=path))
        except Exception as e:  # noqa: BLE001
            self.say(_("Could not export the replay: {problem}").format(problem=e))

    def new_game(self) -> None:
        replace_scene(self.app, Screen.NEW_GAME)

    def next_level(self, level: str) -> None:
        """The new-game screen with its bots at ``level`` (the ladder's next step)."""
        replace_scene(self.app, Screen.NEW_GAME, bot_level=level)

    def title(self) -> None:
        """Back to the title the game started from (as "Quit to title" does), not a second one over it: each
        game ended this way used to leave one more title screen on the stack for the rest of the session."""
        back_to(self.app, Screen.TITLE)

    def bindings(self) -> list[Binding]:
        return button_bindings(self.buttons)

    def handle(self, event: pygame.event.Event) -> None:
        if self.press(event):
            return
        for b in self.buttons:
            if b.handle(event):
                return

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        fr = self.frame
        fr.draw(surf, te, _("The game is over"), seed=88)
        with te.roomy(), te.within(fr.panel):
            self._draw(surf, fr.body)
        with te.roomy():
            for b in self.buttons:
                b.draw(surf)
        fr.draw_message(surf, te, self.message, T.INK_SOFT)

    def _draw(self, surf: pygame.Surface, body: pygame.Rect) -> None:
        """The winner, the ranking with each seat's VP by source, and the chart under them in the room left (at
        least ``CHART_LEAST`` of the body's height: the ranking's rows close up for it where the room is short)."""
        te = self.app.text
        g = self.match.game
        ranking = g.ranking() or []
        x0, inner_w = body.x, body.w
        y = body.y
        title = winner_text(g)  # (wording: "You win" in every language)
        if title:
            one = te.fit(title, "serif-italic", 32, inner_w) >= 26
            box = pygame.Rect(x0, y, inner_w, te.height("serif-italic", 32, 1 if one else 2))
            y = te.blit_fit(surf, title, box, "serif-italic", 32, T.BRASS_DARK, anchor="midleft").bottom + 12
        # the breakdown: each column as wide as the longest word of its heading and its numbers, the names in
        # the rest (at least a fifth of the width); the headings wrap between words, never inside one
        breakdown = vp_breakdown(self.match)
        mark_want = int(44 * (1 + 0.4 * (te.scale - 1)))
        place_w = max(te.size("4.", "serif-bold", 32)[0], mark_want - 4) + 10  # a place's number or its medal
        heads = [_("VP")] + [_(label) for _k, label in SOURCES]
        num_w = max(te.size("888", "sans-bold", 30)[0], 60)
        names = [g.seats[i].name for group in ranking for i in group]
        name_want = max([te.size(n, "serif-bold", 30)[0] for n in names] + [100])
        fixed = place_w + mark_want + 12 + 20
        head_size, widths = self._columns(heads, num_w, inner_w - fixed - min(name_want, inner_w // 5))
        name_w = min(name_want, inner_w - fixed - sum(widths))
        name_fit = min(te.fit(n, "serif-bold", 30, name_w, 16) for n in names) if names else 30
        spare = inner_w - fixed - name_w - sum(widths)
        widths = [w + spare // len(widths) for w in widths]
        cols_x = [x0 + fixed + name_w + sum(widths[:k]) for k in range(len(heads))]
        head_lines = max(len(te.wrap(t, "sans-bold", head_size, w - 14)) for t, w in zip(heads, widths))
        head_h = te.height("sans-bold", head_size, head_lines)
        tie = tie_text(g)
        tie_h = te.height("sans", 20, 2) + 4 if tie else 0
        # the rows as tall as their words at the UI scale, closer where the chart would get too little room
        row_want = max(mark_want, te.height("serif-bold", 30), te.height("sans-bold", 30)) + 10
        rows_top = y + head_h + 8
        room = body.bottom - rows_top - tie_h - 16
        chart_least = max(180, min(300, body.h * 7 // 20))
        n = sum(len(group) for group in ranking)
        row_h = max(te.height("sans-bold", 14) + 6, min(row_want, (room - chart_least) // max(1, n)))
        mark = min(mark_want, row_h - 6)
        name_size = min(name_fit, self._fitting("serif-bold", 30, row_h - 6))  # one size for every name
        vp_size = self._fitting("sans-bold", 30, row_h - 6)
        num_size = self._fitting("sans-semibold", 24, row_h - 6)
        place_size = self._fitting("serif-bold", 32, row_h - 6)
        for h, x, w in zip(heads, cols_x, widths):
            te.blit_wrapped(surf, h, pygame.Rect(x, y, w - 14, head_h + 4), "sans-bold", head_size, T.INK_SOFT,
                            line_gap=0)
        y = rows_top
        place = 1
        row = 0
        letters = marker_letters([s.name for s in g.seats])
        for group in ranking:
            for i in group:
                s = g.seats[i]
                look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
                mid = y + row_h // 2
                # the winner's row golden (every seat tied first), every other row after it shaded
                draw_ranking_band(surf, pygame.Rect(x0 - 8, y + 1, inner_w + 16, row_h - 2), row, place == 1)
                if place in T.MEDALS and mark >= 20:  # the first three places as medals (their number on them)
                    img = art.medal(place, min(mark, place_w))
                    surf.blit(img, img.get_rect(midleft=(x0 - 4, mid)))
                else:
                    te.blit(surf, f"{place}.", (x0, mid), "serif-bold", place_size, T.INK, "midleft")
                mk = art.marker(look.key, letters[i], mark)
                surf.blit(mk, mk.get_rect(center=(x0 + place_w + mark_want // 2, mid)))
                te.blit(surf, s.name, (x0 + place_w + mark_want + 12, mid), "serif-bold",
                        te.fit(s.name, "serif-bold", name_size, name_w, 16), T.INK, "midleft")
                te.blit(surf, str(s.score), (cols_x[0], mid), "sans-bold", vp_size, T.INK, "midleft")
                for k, (src, _label) in enumerate(SOURCES):
                    got = breakdown[i][src]  # a source that gave nothing is drawn softer: the gains stand out
                    te.blit(surf, str(got), (cols_x[k + 1], mid), "sans-semibold", num_size,
                            T.INK if got else T.INK_SOFT, "midleft")
                y += row_h
                row += 1
            place += len(group)
        if tie:
            y = te.blit_fit(surf, tie, pygame.Rect(x0, y + 4, inner_w, tie_h - 4), "sans", 20, T.INK_SOFT,
                            anchor="midleft").bottom
        chart_h = body.bottom - (y + 16)
        with te.crowded():  # the chart's labels are packed (they grow less with the UI scale than the ranking)
            self.draw_chart(surf, pygame.Rect(x0, body.bottom - chart_h, inner_w, chart_h))

    def _columns(self, heads: list[str], least: int, room: int) -> tuple[int, list[int]]:
        """The headings' size (16 at most, as small as 8 where the room is short) and each column's width: the
        longest word of its heading (so no word is cut in two) or ``least`` (its numbers), within ``room``."""
        te = self.app.text
        for size in range(16, 7, -1):
            widths = [max(least, max(te.size(word, "sans-bold", size)[0] for word in h.split()) + 14) for h in heads]
            if sum(widths) <= room:
                break
        return size, widths

    def _fitting(self, face: str, size: int, height: int) -> int:
        """The largest size up to ``size`` whose line is at most ``height`` high."""
        te = self.app.text
        s = size
        while s > 10 and te.height(face, s) > height:
            s -= 1
        return s

    def draw_chart(self, surf: pygame.Surface, r: pygame.Rect) -> None:
        te = self.app.text
        series = score_by_round(self.match)
        pygame.draw.rect(surf, (244, 236, 214), r, border_radius=10)
        pygame.draw.rect(surf, T.PARCHMENT_EDGE, r, 2, border_radius=10)
        head = te.blit_fit(surf, _("Score after each round"), pygame.Rect(r.x + 14, r.y + 6, r.w - 28,
                                                                          te.height("sans-bold", 18)),
                           "sans-bold", 18, T.INK_SOFT, anchor="midleft", lines=1)
        label_h = te.height("sans", 14)
        plot_h = r.bottom - 10 - label_h - 8 - (head.bottom + 10)
        # round numbers on the axis (0/10/20/30...), as many lines as their numbers have room for
        ticks = axis_ticks(max(10, max(max(s) for s in series)), max(1, min(6, plot_h // (label_h + 2))))
        top = ticks[-1]
        axis_w = te.size(str(top), "sans", 14)[0] + 16
        mark = 26
        # the plot leaves room for the axis numbers (left), the round labels (below) and the end markers (right)
        inner = pygame.Rect(r.x + 14 + axis_w, head.bottom + 10, r.w - 28 - axis_w - mark - 16, plot_h)
        n = len(series[0])
        for v in ticks:
            y = inner.bottom - inner.h * v / top
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
        ends = spread([inner.bottom - inner.h * s[-1] / top for s in series], mark + 2, r.y + 6 + mark / 2,
                      r.bottom - 6 - mark / 2)
        for i, s in enumerate(series):
            look = T.PLAYER_LOOKS[self.match.setup.seats[i].colour]
            pts = [(inner.x + step * j, inner.bottom - inner.h * v / top) for j, v in enumerate(s)]
            if len(pts) > 1:
                pygame.draw.lines(surf, look.dark, False, pts, 4)
            letter = marker_letters([x.name for x in self.match.game.seats])[i]
            for p in pts:
                pygame.draw.circle(surf, look.fill, p, 6)
            # each line's marker at its end, moved up or down where scores are close so that none lies over
            # another (issue 32), with a short line back to its end point
            at = (pts[-1][0] + 8, ends[i])
            if abs(ends[i] - pts[-1][1]) > 1:
                pygame.draw.line(surf, look.dark, pts[-1], at, 2)
            mk = art.marker(look.key, letter, mark)
            surf.blit(mk, mk.get_rect(midleft=at))


def spread(ys: list[float], gap: float, lo: float, hi: float) -> list[float]:
    """Places near ``ys``, each at least ``gap`` from the others and within ``lo``-``hi`` as far as that room allows:
    the end markers of the chart's lines, never over one another when scores are close (issue 32). Each keeps
    its line's order; a group too close together is pushed apart around where it was."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    placed = [min(max(ys[i], lo), hi) for i in order]
    for k in range(1, len(placed)):  # downwards: each at least gap under the one above
        placed[k] = max(placed[k], placed[k - 1] + gap)
    if placed and placed[-1] > hi:  # past the bottom: back up from there
        placed[-1] = hi
        for k in range(len(placed) - 2, -1, -1):
            placed[k] = min(placed[k], placed[k + 1] - gap)
    out = [0.0] * len(ys)
    for k, i in enumerate(order):
        out[i] = placed[k]
    return out


#: the steps an axis may count in: 1, 2 and 5 times a power of ten
NICE_STEPS = tuple(k * 10 ** e for e in range(0, 6) for k in (1, 2, 5))


def axis_ticks(highest: int, lines: int) -> list[int]:
    """The values of an axis from 0 that reaches ``highest`` in round steps (1, 2 or 5 times a power of ten), with
    at most ``lines`` steps above 0 (at least one): the smallest such step, so 42 with room for 5 is 0, 10, 20,
    30, 40, 50, never 0/10/21/31/42."""
    highest = max(1, highest)
    lines = max(1, lines)
    step = next((k for k in NICE_STEPS if -(-highest // k) <= lines), NICE_STEPS[-1])
    return [k * step for k in range(-(-highest // step) + 1)]

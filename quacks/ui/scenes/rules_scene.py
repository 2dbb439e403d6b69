"""Rules: the flow of a round in our own words, the almanac of the books (and the cards), and how to play over
the network (issue 22: on one LAN, over the internet, when the game is not found), and the keys (issue 30: the key
help, from the one table of keys)."""

from __future__ import annotations

from functools import partial

import pygame

from ...content.loader import default_catalogue
from ...i18n import _
from ...rules.chips import SET_COLOURS, Colour
from ...rules.game import Game
from ...wording import data_text as D
from ...wording.rules_text import flow
from ...wording.text import colour_name
from .. import theme as T
from ..app import App, Scene
from ..keys import Act, Binding, key_help
from ..keys import label as key_label
from ..online_help import online_help
from ..widgets import Button, button_bindings, draw_row
from .frame import frame, place_row


class RulesScene(Scene):
    def __init__(self, app: App, game: Game | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.page = 0
        self.pages = self.page_names()
        self.scroll = 0
        self.layout()

    def layout(self) -> None:
        """The page fills the canvas; the tabs in a row at its top, as wide as their labels; the text under them
        scrolls."""
        te = self.app.text
        self.pages = self.page_names()
        self.back_b = Button(pygame.Rect(0, 0, 0, 0), _("Back"), self.app.pop, style="dark", key=Act.BACK, size=26)
        self.frame = frame(te, [self.back_b], hint=self.hint())
        body = self.frame.body
        with te.roomy():
            tab_h = max(56, te.height("sans-semibold", 20) + 22)
        self.tabs = [Button(pygame.Rect(0, 0, 0, 0), p, partial(self.goto, i), style="parchment",
                            key=Act.PAGE, n=i + 1, size=20) for i, p in enumerate(self.pages)]
        place_row(te, pygame.Rect(body.x, body.y, body.w, tab_h), self.tabs, gap=20)
        self.area = pygame.Rect(body.x, body.y + tab_h + 24, body.w, body.bottom - (body.y + tab_h + 24))

    @staticmethod
    def page_names() -> list[str]:
        return [_("Flow of a round"), _("Books in play"), _("All books"), _("Fortune cards"), _("Playing online"),
                _("Keys")]

    @staticmethod
    def hint() -> str:
        return _("{first}-{last} or {left}/{right} pages · {up}/{down} or wheel scroll · {back} back").format(
            first=key_label(Act.PAGE, 1), last=key_label(Act.PAGE, len(RulesScene.page_names())),
            left=key_label(Act.LEFT), right=key_label(Act.RIGHT), up=key_label(Act.UP), down=key_label(Act.DOWN),
            back=key_label(Act.BACK))

    def goto(self, i: int) -> None:
        self.page = i
        self.scroll = 0

    def bindings(self) -> list[Binding]:
        """Esc back, 1-5 a page (a list of one kind: the pages), Left/Right the page before or after, Up/Down and
        PgUp/PgDn scroll (no Tab: opened over the table, Tab there skips ahead)."""
        n = len(self.pages)
        out = button_bindings([self.back_b, *self.tabs])
        out += [Binding(Act.RIGHT, lambda: self.goto((self.page + 1) % n), target="page"),
                Binding(Act.LEFT, lambda: self.goto((self.page - 1) % n), target="page")]
        out += [Binding(act, partial(self.scroll_by, d), target="scroll")
                for act, d in ((Act.DOWN, 120), (Act.PAGE_DOWN, 120), (Act.UP, -120), (Act.PAGE_UP, -120))]
        return out

    def scroll_by(self, d: int) -> None:
        self.scroll = max(0, self.scroll + d)

    def handle(self, event: pygame.event.Event) -> None:
        if self.press(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * 60)
            return
        for b in self.tabs:
            if b.handle(event):
                return
        self.back_b.handle(event)

    def entries(self) -> list[tuple[str, str, str | None]]:
        cat = default_catalogue()
        if self.page == 0:
            return [(t, x, None) for t, x in flow(cat)]
        if self.page == 4:
            return [(t, x, None) for t, x in online_help()]
        if self.page == 5:  # the key help, from the one table of keys
            return [(title, "\n".join(_("{key}: {what}").format(key=k, what=w) for k, w in lines), None)
                    for title, lines in key_help()]
        if self.page == 3:
            return [(_("{card} ({colour})").format(card=D.card_name(c), colour=colour_name(c.colour)), D.card_text(c),
                     None)
                    for c in cat.cards.values()]
        out: list[tuple[str, str, str | None]] = [
            (_("{book} (orange)").format(book=D.book_name(cat.orange)), D.book_text(cat.orange), "orange")]
        for b in cat.black:
            players = "-".join(str(n) for n in (b.players[0], b.players[-1])) if len(b.players) > 1 \
                else str(b.players[0])
            out.append((_("{book} (black, {players} players)").format(book=D.book_name(b), players=players),
                        D.book_text(b), "black"))
        for c in SET_COLOURS:
            for n, b in cat.books[c].items():
                if self.page == 1 and self.game is not None and self.game.books[c].set != n:
                    continue
                prices = ", ".join(_("{value}: {price}").format(value=v, price=p) for v, p in b.prices)
                out.append((_("{book} (set {n}) – prices {prices}").format(book=D.book_name(b), n=n, prices=prices),
                            D.book_text(b), c.value))
        return out

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        self.frame.draw(surf, te, _("Rules"), self.hint(), seed=12)
        for i, b in enumerate(self.tabs):
            b.selected = i == self.page
        draw_row(surf, self.tabs)  # the tabs' labels at one size
        area = self.area
        clip = surf.get_clip()
        surf.set_clip(area)
        y = area.y - self.scroll
        with te.roomy():
            head_h = te.linesize("serif-bold", 28)
            for title, body, colour in self.entries():
                indent = 20 if colour else 0
                if colour:
                    pygame.draw.rect(surf, T.BOOK_HEADERS[colour], (area.x, y + 6, 10, head_h - 12), border_radius=4)
                y += te.blit_wrapped(surf, title, pygame.Rect(area.x + indent, y, area.w - 40 - indent, 4000),
                                     "serif-bold", 28, T.INK) + 4
                y += te.blit_wrapped(surf, body, pygame.Rect(area.x + 20, y, area.w - 40, 4000), "serif", 22, T.INK)
                y += 22
        surf.set_clip(clip)
        self.max_scroll = max(0, y + self.scroll - area.bottom)
        self.scroll = min(self.scroll, self.max_scroll)
        with te.roomy():
            self.back_b.draw(surf)


__all__ = ["RulesScene", "Colour"]

"""Rules: the flow of a round in our own words, and the almanac of the books (and the cards)."""

from __future__ import annotations

from functools import partial

import pygame

from ...content.loader import default_catalogue
from ...rules.chips import SET_COLOURS, Colour
from ...rules.game import Game
from .. import art
from .. import theme as T
from ..app import LOGICAL, App, Scene
from ..widgets import Button

FLOW = [
    ("The goal", "Brew potions for nine rounds. Whoever has the most victory points at the end wins; on a tie, "
                 "whoever got furthest into the pot in the last round."),
    ("1. The round begins", "Before round 2 the yellow book comes out, before round 3 the purple one, and before "
                            "round 6 everyone adds a white 1-chip to the bag. A fortune card is read: purple cards act "
                            "at once, blue cards during the round or at its end. From round 2, everyone behind the "
                            "leader puts the rat stone one space ahead of the droplet for each rat tail between them."),
    ("2. Brewing", "Everyone draws chips from their own bag, one at a time, and places each one as many spaces "
                   "after the previous chip as its value (the first after the droplet or rat stone). White chips are "
                   "cherry bombs: if their total goes over 7 the pot explodes and you must stop. Blue, red and yellow "
                   "chips act as soon as they are drawn. Once per round the flask can put the white chip you just "
                   "drew back into the bag. Stop whenever you like."),
    ("3. Evaluation", "Your scoring space is the one right after your last chip. A: among pots that did not explode, "
                      "the furthest scoring space rolls the bonus die (ties all roll). B: black, green and purple "
                      "chips "
                      "act, one colour after another, seat by seat. C: a scoring space with a ruby gives a ruby; an "
                      "exploded pot now chooses victory points or coins. D: score the victory points of your space."),
    ("4. Shopping", "Spend the coins of your scoring space on one or two chips of different colours; unspent "
                    "coins are lost. In round 9 you buy victory points instead: 5 coins or 2 rubies each."),
    ("5. The end of the round", "Pay 2 rubies to move your droplet one space (for good), or 2 rubies to refill your "
                                "flask. The start player passes to the left."),
    ("Test tubes", "On the back side of the pot every droplet step may go into the test tubes instead; each glass "
                   "gives its bonus at once."),
]


class RulesScene(Scene):
    def __init__(self, app: App, game: Game | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.page = 0
        self.pages = ["Flow of a round", "Books in play", "All books", "Fortune cards"]
        self.scroll = 0
        self.tabs = [Button(pygame.Rect(160 + i * 300, 160, 280, 56), p, partial(self.goto, i), style="parchment",
                            hotkey_label=str(i + 1), size=20) for i, p in enumerate(self.pages)]
        self.back_b = Button(pygame.Rect(110, LOGICAL[1] - 120, 240, 80), "Back", app.pop, style="dark",
                             hotkey_label="Esc", size=26)

    def goto(self, i: int) -> None:
        self.page = i
        self.scroll = 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if pygame.K_1 <= event.key <= pygame.K_4:
                self.goto(event.key - pygame.K_1)
                return
            if event.key in (pygame.K_RIGHT, pygame.K_TAB):
                self.goto((self.page + 1) % len(self.pages))
                return
            if event.key == pygame.K_LEFT:
                self.goto((self.page - 1) % len(self.pages))
                return
            if event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll += 120
                return
            if event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll = max(0, self.scroll - 120)
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
            return [(t, x, None) for t, x in FLOW]
        if self.page == 3:
            return [(f"{c.name} ({c.colour})", c.text, None) for c in cat.cards.values()]
        out: list[tuple[str, str, str | None]] = [
            (f"{cat.orange.name} (orange)", cat.orange.text, "orange")]
        for b in cat.black:
            who = "2 players" if b.players == (2,) else "3-4 players"
            out.append((f"{b.name} (black, {who})", b.text, "black"))
        for c in SET_COLOURS:
            sets = cat.books[c]
            for n, b in sets.items():
                if self.page == 1 and self.game is not None and self.game.books[c].set != n:
                    continue
                prices = ", ".join(f"{v}: {p}" for v, p in b.prices)
                out.append((f"{b.name} (set {n}) - prices {prices}", b.text, c.value))
        return out

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(LOGICAL), (0, 0))
        panel = pygame.Rect(100, 40, LOGICAL[0] - 200, LOGICAL[1] - 180)
        art.panel(surf, panel, seed=12)
        te.blit(surf, "Rules", (160, 70), "serif-bold", 56, T.INK)
        for i, b in enumerate(self.tabs):
            b.selected = i == self.page
            b.draw(surf)
        area = pygame.Rect(160, 240, panel.w - 120, panel.bottom - 260)
        clip = surf.get_clip()
        surf.set_clip(area)
        roomy = te.roomy()
        roomy.__enter__()
        y = area.y - self.scroll
        for title, body, colour in self.entries():
            if colour:
                pygame.draw.rect(surf, T.BOOK_HEADERS[colour], (area.x, y + 6, 10, 30), border_radius=4)
            te.blit(surf, title, (area.x + (20 if colour else 0), y), "serif-bold", 28, T.INK)
            y += 40
            h = te.blit_wrapped(surf, body, pygame.Rect(area.x + 20, y, area.w - 60, 400), "serif", 22, T.INK)
            y += h + 22
        roomy.__exit__(None, None, None)
        surf.set_clip(clip)
        self.max_scroll = max(0, y + self.scroll - area.bottom)
        self.scroll = min(self.scroll, self.max_scroll)
        self.back_b.draw(surf)
        te.blit(surf, "1-4 or Left/Right pages · Up/Down or wheel scroll · Esc back",
                (LOGICAL[0] // 2, LOGICAL[1] - 40),
                "sans", 18, T.PARCHMENT_DARK, "center")


__all__ = ["RulesScene", "Colour"]

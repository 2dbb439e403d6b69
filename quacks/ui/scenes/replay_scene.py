"""Replays: pick a replay file (exported games) and step through it on the table."""

from __future__ import annotations

import pygame

from ...i18n import _, pgettext, verbatim
from .. import art
from .. import theme as T
from ..app import LOGICAL, App, Scene
from ..widgets import Button


class ReplayListScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.files: list = []
        self.index = 0
        self.message = ""
        self.back_b = Button(pygame.Rect(110, LOGICAL[1] - 120, 240, 80), _("Back"), app.pop, style="dark",
                             hotkey_label=pgettext("key", "Esc"), size=26)
        self.open_b = Button(pygame.Rect(LOGICAL[0] - 430, LOGICAL[1] - 120, 330, 80), _("Watch"), self.open,
                             hotkey_label=pgettext("key", "Enter"), size=28)

    def enter(self) -> None:
        try:
            from ...storage import paths

            folder = paths.replays_dir()
            self.files = sorted(folder.glob("*.quacks-replay.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
                if folder.exists() else []
        except Exception as e:  # noqa: BLE001
            self.message = _("The replays could not be listed: {problem}").format(problem=e)
        self.open_b.enabled = bool(self.files)
        self.open_b.reason = _("No replay files yet: export one from the end of a game.")

    def open(self) -> None:
        from ...content.loader import default_catalogue
        from ...storage import replays
        from .replay_view import ReplayScene

        if not self.files:
            return
        loaded = replays.import_replay(self.files[self.index], default_catalogue())
        if loaded.value is None:
            self.message = " ".join(loaded.notes)
            return
        try:
            self.app.push(ReplayScene(self.app, loaded.value))
        except Exception as e:  # noqa: BLE001
            self.message = _("This replay cannot be shown: {problem}").format(problem=e)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open()
                return
            if event.key == pygame.K_DOWN and self.files:
                self.index = (self.index + 1) % len(self.files)
            if event.key == pygame.K_UP and self.files:
                self.index = (self.index - 1) % len(self.files)
        for b in (self.back_b, self.open_b):
            if b.handle(event):
                return

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        surf.blit(art.wood(LOGICAL), (0, 0))
        art.panel(surf, pygame.Rect(100, 60, LOGICAL[0] - 200, LOGICAL[1] - 200), seed=16)
        with te.roomy():
            te.blit_fit(surf, _("Replays"), pygame.Rect(160, 72, 1200, 90), "serif-bold", 56, T.INK, anchor="midleft",
                        lines=1)
            if not self.files:
                te.blit_fit(surf, _("No replays yet. At the end of a game, choose \"Export replay\"."),
                            pygame.Rect(160, 200, LOGICAL[0] - 320, 80), "sans", 24, T.INK_SOFT, anchor="midleft")
            for i, f in enumerate(self.files[:12]):
                r = pygame.Rect(160, 200 + i * 66, LOGICAL[0] - 320, 56)
                pygame.draw.rect(surf, T.FOCUS if i == self.index else (232, 220, 192), r, border_radius=10)
                name = verbatim(f.name.replace(".quacks-replay.json", ""))  # the file's name, as it is
                te.blit_fit(surf, name, r.inflate(-40, -4), "sans-semibold", 22, T.INK, anchor="midleft", lines=1)
            for b in (self.back_b, self.open_b):
                b.draw(surf)
            if self.message:
                te.blit_fit(surf, self.message, pygame.Rect(160, LOGICAL[1] - 200, LOGICAL[0] - 320, 70),
                            "sans-semibold", 20, (150, 40, 30))

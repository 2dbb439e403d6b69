"""Play online (issue 22): host a game or join one, over the title screen. A copy built without the network code
says so in one sentence instead, with only Back."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...i18n import _
from .. import theme as T
from ..app import App, canvas_rect
from ..keys import Act
from ..netplay import hosted_game_waiting, network_available
from ..screens import Screen, open_scene
from ..widgets import Button
from .base import MARGIN, Overlay, grown

TEXT = ("sans-semibold", 22)


class OnlineChoice(Overlay):
    """Host a game (the new-game screen in its online mode), join one (the join screen), or go back."""

    def __init__(self, app: App, available: bool | None = None, hosted: bool | None = None) -> None:
        super().__init__(app, grown(app, (640, 420)))
        self.available = network_available() if available is None else available
        self.hosted = (self.available and hosted_game_waiting()) if hosted is None else hosted
        self.layout()

    def items(self) -> list[tuple[str, Callable[[], None], Act]]:
        """Each with its own key (H, J, G, Esc; ``ui/keys.py``), whichever of them are offered."""
        if not self.available:
            return [(_("Back"), self.close, Act.BACK)]
        go_on = [(_("Go on with your hosted game"), self.go_on, Act.GO_ON_HOSTED)] if self.hosted else []
        return [(_("Host a game"), self.host, Act.HOST), (_("Join a game"), self.join, Act.JOIN), *go_on,
                (_("Back"), self.close, Act.BACK)]

    def go_on(self) -> None:
        """The hosted game this computer keeps, served again (``NetLink.resume``), in its lobby until it is back."""
        from ...net.commands import hosted_path, lan_address
        from ...net.link import NetLink
        self.close()
        link = NetLink(save_path=hosted_path())
        link.resume(hosted_path(), bind="0.0.0.0", advertise_on=lan_address(), router=True)
        open_scene(self.app, Screen.LOBBY, link)

    def text(self) -> str:
        if not self.available:
            return _("This copy of the game was built without network play.")
        return _("Play with friends on other computers: one hosts, the others join with the room code.")

    def layout(self) -> None:
        """The title, a sentence, and a column of buttons as wide as the longest label wants; in the middle."""
        te = self.app.text
        c = canvas_rect()
        items = self.items()
        w = min(c.w - 2 * MARGIN, grown(self.app, (640, 0))[0])
        with te.roomy():
            self.title_h = te.height("serif-bold", 44)
            bh = max(56, te.height("sans-semibold", 24) + 18)
            label_w = max(te.size(text, "sans-semibold", 24)[0] for text, _fn, _k in items)
            w = min(c.w - 2 * MARGIN, max(w, label_w + 2 * 60 + 80))
            size, lines = te.fit_block(self.text(), *TEXT, pygame.Rect(0, 0, w - 80, c.h // 3))
            self.text_h = len(lines) * (te.linesize(TEXT[0], size) + 2)
        step = bh + 18
        top = 24 + self.title_h + 12 + self.text_h + 24
        h = min(c.h - 2 * MARGIN, top + step * len(items) + 22)
        step = min(step, (h - top - 22) // len(items))
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.center = c.center
        r = self.rect
        self.buttons = [Button(pygame.Rect(r.x + 60, r.y + top + i * step, r.w - 120, step - 18), text, fn,
                               key=key, size=24, style="dark" if fn == self.close else "brass")
                        for i, (text, fn, key) in enumerate(items)]
        self.default = None
        self.mark_buttons(tabs=True)  # each item has its own key; the arrows (and Tab) move the mark, Enter presses it

    def host(self) -> None:
        self.close()
        open_scene(self.app, Screen.NEW_GAME, online=True)

    def join(self) -> None:
        self.close()
        open_scene(self.app, Screen.JOIN)

    def draw_body(self, surf: pygame.Surface) -> None:
        te = self.app.text
        r = self.rect
        self.title(surf, _("Play online"), 24, self.title_h)
        with te.roomy():
            box = pygame.Rect(r.x + 40, r.y + 24 + self.title_h + 12, r.w - 80,
                              self.buttons[0].rect.y - 16 - (r.y + 24 + self.title_h + 12))
            size, _lines = te.fit_block(self.text(), *TEXT, box)
            te.blit_wrapped(surf, self.text(), box, TEXT[0], size, T.INK)

"""Replays: pick a replay file (exported games) and step through it on the table."""

from __future__ import annotations

import pygame

from ...content.loader import default_catalogue
from ...i18n import _, verbatim
from ...storage import replays
from ...storage.saves import SlotInfo
from ...wording import text as W
from ..app import App
from ..keys import Act, Binding
from ..screens import Screen, open_scene
from ..widgets import Button
from .file_rows import FileListScene, draw_file_screen


def replay_texts(r: SlotInfo) -> tuple[str, str, bool]:
    """A replay's row: who played, then how it ended, when it was exported, and the file's name (as it is in
    the replays folder, where the player may have put it); or what is wrong with the file."""
    title = ", ".join(verbatim(n) for n in r.seats) if r.seats else verbatim(r.name)
    if r.problem:
        return title, r.problem, True
    parts = []
    if r.over and r.scores:
        best = max(r.scores)
        top = [n for n, v in zip(r.seats, r.scores) if v == best]
        if len(top) > 1:
            parts.append(_("{names} on {vp} VP").format(names=", ".join(verbatim(n) for n in top), vp=best))
        elif W.is_you(top[0]):  # a seat called You is spoken to
            parts.append(_("You won with {vp} VP").format(vp=best))
        else:
            parts.append(_("{name} won with {vp} VP").format(name=verbatim(top[0]), vp=best))
    elif r.round is not None:
        parts.append(_("until round {round}").format(round=r.round))
    if r.saved_at:
        parts.append(W.date_time(r.saved_at))
    parts.append(_("file {name}").format(name=verbatim(r.name)))
    return title, " · ".join(parts), False


class ReplayListScene(FileListScene):
    def __init__(self, app: App) -> None:
        self.files: list[SlotInfo] = []
        super().__init__(app)

    def layout(self) -> None:
        """The list fills the page (as many rows as the window has room for); the buttons under it."""
        self.open_b = Button(pygame.Rect(0, 0, 0, 0), _("Watch"), self.open, key=Act.CONFIRM, size=28)
        self.lay_out_list([], [self.open_b])
        self._sync()

    def enter(self) -> None:
        try:
            self.files = replays.list_replays()
        except Exception as e:  # noqa: BLE001
            self.files = []
            self.message = _("The replays could not be listed: {problem}").format(problem=e)
        self.index = min(self.index, max(0, len(self.files) - 1))
        self._sync()

    def _sync(self) -> None:
        """Watch is offered when there is a replay to watch."""
        self.open_b.enabled = bool(self.files)
        self.open_b.reason = _("No replay files yet: export one from the end of a game.")

    def open(self) -> None:
        if not self.files:
            return
        loaded = replays.import_replay(self.files[self.index].path, default_catalogue())
        if loaded.value is None:
            self.message = " ".join(loaded.notes)
            return
        try:
            open_scene(self.app, Screen.REPLAY, loaded.value)
        except Exception as e:  # noqa: BLE001
            self.message = _("This replay cannot be shown: {problem}").format(problem=e)

    def bindings(self) -> list[Binding]:
        return self.list_bindings(len(self.files), self.open)

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_list(event, len(self.files)):
            return
        for b in (self.back_b, self.open_b):
            if b.handle(event):
                return

    def draw(self, surf: pygame.Surface) -> None:
        draw_file_screen(surf, self.app.text, self.frame, 16, _("Replays"),
                         _("No replays yet. At the end of a game, choose \"Export replay\"."), self.list, self.index,
                         len(self.files), lambda i: replay_texts(self.files[i]), [self.back_b, self.open_b],
                         self.message)

"""Load: the named saves and the unfinished games (autosaves), the last played first, with load and delete; bad
files are listed with what is wrong. Loading while another game is unfinished asks first."""

from __future__ import annotations

import pygame

from ...content.loader import default_catalogue
from ...i18n import _, verbatim
from ...storage import saves
from ...storage.saves import SlotInfo
from ...wording.results import phase_name
from ...wording.text import date_time
from ..app import App
from ..flows import ask_before_replacing, open_saved, saved_game_title
from ..keys import Act, Binding
from ..keys import label as key_label
from ..screens import Screen, open_scene
from ..widgets import Button
from .file_rows import FileListScene, draw_file_screen


def _phase(phase: str) -> str:
    """A saved game's phase in words (as the file has it, if it is none of ours)."""
    try:
        return phase_name(phase)
    except (KeyError, ValueError):
        return verbatim(phase)


def slot_texts(s: SlotInfo) -> tuple[str, str, bool]:
    """A save's row: who plays (the save's own name if the file does not say), and the round, the phase and
    when it was saved (an autosave: "unfinished" and when it was last played); or what is wrong with the file."""
    title = saved_game_title(s)
    if s.problem:
        return title, s.problem, True
    if s.autosave:  # an unfinished game the game kept by itself
        return title, _("{state} · round {round} · {phase} · last played {saved}").format(
            state=_("finished") if s.over else _("unfinished"), round=s.round if s.round is not None else "?",
            phase=_phase(s.phase) if s.phase else "?", saved=date_time(s.saved_at)), False
    return title, _("round {round} · {phase} · saved {saved}").format(
        round=s.round if s.round is not None else "?", phase=_phase(s.phase) if s.phase else "?",
        saved=date_time(s.saved_at)), False


class LoadScene(FileListScene):
    def __init__(self, app: App) -> None:
        self.slots: list[SlotInfo] = []
        super().__init__(app)

    def layout(self) -> None:
        """The list fills the page (as many rows as the window has room for); the buttons under it."""
        z = pygame.Rect(0, 0, 0, 0)
        self.load_b = Button(z.copy(), _("Load"), self.load, key=Act.CONFIRM, size=28)
        self.delete_b = Button(z.copy(), _("Delete"), self.delete, style="danger", key=Act.DELETE, size=24)
        self.replays_b = Button(z.copy(), _("Replays"), self.replays, style="parchment", key=Act.REPLAYS, size=24)
        self.lay_out_list([self.replays_b], [self.delete_b, self.load_b])
        self.choose(self.index)

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """List the saves again (each file is read only if it changed since: ``saves.file_info``)."""
        try:
            self.slots = sorted(saves.list_slots() + saves.list_autosaves(), key=saves.last_played, reverse=True)
        except Exception as e:  # noqa: BLE001
            self.slots = []
            self.message = _("The saves could not be listed: {problem}").format(problem=e)
        self.choose(self.index)

    def choose(self, index: int) -> None:
        """Row ``index`` is the chosen one (the buttons follow it); nothing is read."""
        self.index = max(0, min(index, len(self.slots) - 1))
        ok = bool(self.slots) and self.slots[self.index].problem is None
        self.load_b.enabled = ok
        self.load_b.reason = _("Choose a save first.") if not self.slots else _("This file cannot be loaded.")
        self.delete_b.enabled = bool(self.slots)

    def load(self) -> None:
        """Load the chosen save, asking first while another game is unfinished (``flows.ask_before_replacing``)."""
        if not self.slots:
            return
        slot = self.slots[self.index]
        ask_before_replacing(self.app, lambda: self._load(slot), loading=True,
                             keep=slot.game if slot.autosave else None)

    def _load(self, slot: SlotInfo) -> None:
        if slot.autosave:
            loaded = saves.load_autosave(catalogue=default_catalogue(), game=slot.game or "")
        else:
            loaded = saves.load_slot(slot, catalogue=default_catalogue())
        if loaded.value is None:
            self.message = " ".join(loaded.notes) or _("That save cannot be loaded.")
            self.refresh()
            return
        self.app.pop()
        err = open_saved(self.app, loaded.value, slot.game if slot.autosave else None)
        if err:
            self.message = err

    def delete(self) -> None:
        if not self.slots:
            return
        slot = self.slots[self.index]
        try:
            if slot.autosave:
                saves.clear_autosave(game=slot.game or "")
            else:
                saves.delete_slot(slot)
            self.message = _("Deleted.")
        except Exception as e:  # noqa: BLE001
            self.message = _("Could not delete: {problem}").format(problem=e)
        self.refresh()

    def replays(self) -> None:
        open_scene(self.app, Screen.REPLAYS)

    def bindings(self) -> list[Binding]:
        """The list's keys, Del deletes the chosen save, R the replays."""
        return self.list_bindings(len(self.slots), self.load) + [
            Binding(Act.DELETE, self.delete, target="delete"), Binding(Act.REPLAYS, self.replays, target="replays")]

    def handle(self, event: pygame.event.Event) -> None:
        if self.handle_list(event, len(self.slots)):
            return
        for b in (self.back_b, self.load_b, self.delete_b, self.replays_b):
            if b.handle(event):
                return

    def draw(self, surf: pygame.Surface) -> None:
        draw_file_screen(surf, self.app.text, self.frame, 14, _("Saved games"),
                         _("No saved games yet. Save one from the table's menu ({menu}).").format(
                             menu=key_label(Act.BACK)), self.list, self.index,
                         len(self.slots), lambda i: slot_texts(self.slots[i]),
                         [self.back_b, self.load_b, self.delete_b, self.replays_b], self.message)

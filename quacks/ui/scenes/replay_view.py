"""The replay viewer: a saved game on the table, step by step (forward, back, jump to a round, play).

It draws through the same ``TableView`` as the live table, fed by a ``ReplayCursor`` instead of a driver.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...content.loader import default_catalogue
from ...i18n import _
from ...rules.kinds import ChanceKind, EventKind
from ...session.match import Match, MatchSetup
from ...storage.replays import ReplayCursor
from ...storage.saves import SavedGame
from ...wording import text as W
from ...wording.actions import action_sentence
from ...wording.results import phase_name
from .. import theme as T
from ..app import App, Scene
from ..help import hover_help
from ..keys import Act, Binding
from ..keys import label as key_label
from ..overlays.bag import toggle_bag
from ..overlays.log import toggle_log
from ..screens import Screen, open_scene
from ..table.view import TableView
from ..table.view_state import ViewState
from ..widgets import Button, draw_row, draw_tooltip

PLAY_STEP = 0.25  # seconds per record entry while playing


def describe_entry(entry: list[Any], names: tuple[str, ...]) -> str:
    """One record entry in words: "Mia: draw", "draw for Mia: white 2"."""
    if not entry:
        return ""
    if entry[0] == "act":
        who = names[int(entry[1])] if 0 <= int(entry[1]) < len(names) else "?"
        return action_sentence(who, str(entry[2]))
    kind, seat, outcome = entry[1], entry[2], entry[3]
    who = names[int(seat)] if seat is not None and 0 <= int(seat) < len(names) else ""
    if kind == ChanceKind.DRAW:
        return W.you_or(who, _("You draw {chip}"), _("{name} draws {chip}"), chip=W.chip_list(str(outcome).split()))
    if kind == ChanceKind.REVEAL:
        return W.you_or(who, _("You look at {chips}"), _("{name} looks at {chips}"),
                        chips=W.chip_list(str(outcome).split()))
    if kind == ChanceKind.DIE:
        return W.you_or(who, _("You roll the bonus die"), _("{name} rolls the bonus die"))
    return _("a fortune card is drawn")


class ReplayScene(Scene):
    """A recorded game on the table, moved through with the keys or the buttons."""

    native = True  # the table lays itself out at the window's own size

    def __init__(self, app: App, saved: Any) -> None:
        super().__init__(app)
        cat = default_catalogue()
        self.cursor = ReplayCursor(cat, saved.match_data)
        self.setup = MatchSetup.from_data(saved.match_data["setup"])
        self.view = TableView(self.setup)
        self.names = tuple(s.name for s in self.setup.seats)
        self.g = self.cursor.seek(0)
        self.focus = 0
        self.dice: list[tuple[int, str]] = []
        self.playing = False
        self.play_timer = 0.0
        self.hover_text = ""
        self.layout()
        self.seek(0)

    def layout(self) -> None:
        """The bar's buttons where the table (laid out for the canvas now) has its action bar."""
        self.view.relayout()
        bar = self.view.layout.actions
        specs = [("|<", self.to_start, Act.HOME), (_("<< round"), self.prev_round, Act.PAGE_UP),
                 (_("< step"), self.back, Act.LEFT), (_("play"), self.toggle_play, Act.PLAY_PAUSE),
                 (_("step >"), self.forward, Act.RIGHT), (_("round >>"), self.next_round, Act.PAGE_DOWN),
                 (">|", self.to_end, Act.END)]
        self.specs = specs
        w = (bar.w - 6 * 10) // 7
        te = self.app.text
        with te.roomy(), te.crowded():  # the key hints in the corners, unless one is too wide for its button
            hints = all(te.size(key_label(act), "sans-bold", Button.KEY_SIZE)[0] + 24 <= w for _l, _f, act in specs)
        self.buttons = [Button(pygame.Rect(bar.x + i * (w + 10), bar.y, w, bar.h), label, fn,
                               key=act if hints else None, tooltip=_("Key: {key}").format(key=key_label(act)),
                               size=20, style="parchment") for i, (label, fn, act) in enumerate(specs)]

    # moving through the record --------------------------------------------------------------------------
    def seek(self, index: int) -> None:
        self.g = self.cursor.seek(index)
        acting = self.g.acting_seats()
        self.focus = acting[0] if acting else self.focus
        self.dice = []
        for e in self.g.events:
            if e.kind == EventKind.ROUND:
                self.dice = []
            elif e.kind == EventKind.DIE and e.seat is not None:
                self.dice.append((e.seat, str(e.get("face"))))
        self.hover_text = ""

    def forward(self) -> None:
        self.seek(self.cursor.index + 1)

    def back(self) -> None:
        self.seek(self.cursor.index - 1)

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(self.cursor.length)

    def next_round(self) -> None:
        for _r, step in sorted(self.cursor.rounds().items()):
            if step > self.cursor.index:
                self.seek(step)
                return
        self.to_end()

    def prev_round(self) -> None:
        target = 0
        for _r, step in sorted(self.cursor.rounds().items()):
            if step < self.cursor.index:
                target = step
        self.seek(target)

    def toggle_play(self) -> None:
        self.playing = not self.playing

    def state(self) -> ViewState:
        st = self.app.settings
        return ViewState(focus=self.focus, colour_blind=bool(st.colour_blind), show_risk=bool(st.show_risk),
                         dice=tuple(self.dice))

    # loop ----------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.playing:
            self.play_timer -= dt
            if self.play_timer <= 0:
                if self.cursor.at_end:
                    self.playing = False
                else:
                    self.forward()
                    self.play_timer = PLAY_STEP

    def busy(self) -> bool:
        return self.playing

    def bindings(self) -> list[Binding]:
        """The bar's keys (Home, PgUp, Left, Space, Right, PgDn, End), the table's B, L and V, Esc back."""
        out = [Binding(act, fn, target=str(act)) for _label, fn, act in self.specs]
        return out + [Binding(Act.BAG, self.toggle_bag, target="bag"), Binding(Act.LOG, self.toggle_log, target="log"),
                      Binding(Act.OTHER_POT, self.cycle_focus, target="another pot"),
                      Binding(Act.BACK, lambda: self.app.pop(self), target="back")]

    def handle(self, event: pygame.event.Event) -> bool:
        if self.press(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            over = [b for b in self.buttons if b.contains(event.pos)]
            self.hover_text = over[0].help_text() if over else hover_help(self.view, self.g, self.state(), None,
                                                                           event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = self.view.seat_at(event.pos)
            if seat is not None:
                self.focus = seat
                return True
        return any(b.handle(event) for b in self.buttons)

    def cycle_focus(self) -> None:
        self.focus = (self.focus + 1) % self.g.n

    def toggle_bag(self) -> None:
        toggle_bag(self.app, self.view, lambda: (self.g, self.focus))

    def toggle_log(self) -> None:
        toggle_log(self.app, self.view, lambda: self.g)

    def draw(self, surf: pygame.Surface) -> None:
        te = self.app.text
        self.view.draw(surf, self.g, self.state())
        c = self.cursor
        text = _("Replay · step {step} of {steps} · round {round} · {phase}").format(
            step=c.index, steps=c.length, round=self.g.round, phase=phase_name(self.g.phase))
        if 0 < c.index <= c.length:
            text += "  ·  " + _("last: {what}").format(what=describe_entry(c.entry(c.index - 1), self.names))
        prompt = self.view.layout.prompt  # the caption fits the room above the bar (two lines, smaller if need be)
        area = pygame.Rect(prompt.x + 4, prompt.y, prompt.w - 4, prompt.h)
        with te.roomy():
            size, lines = te.fit_block(text, "sans-semibold", 19, area, line_gap=0)
            h = te.height("sans-semibold", size, len(lines))
            te.blit_wrapped(surf, text, pygame.Rect(area.x, area.bottom - h, area.w, h), "sans-semibold", size, T.CREAM,
                            line_gap=0)
        self.buttons[3].label = _("pause") if self.playing else _("play")
        draw_row(surf, self.buttons)  # one label size along the bar
        if self.hover_text and self.app.scene is self:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)


def open_replay_of(app: App, match: Match) -> str:
    """Watch a match from its own data (the end of a game: "Watch the replay")."""
    saved = SavedGame("quacks-replay", match.to_data(), {}, "", 2)
    try:
        open_scene(app, Screen.REPLAY, saved)
    except Exception as e:  # noqa: BLE001
        return _("The replay cannot be shown: {why}").format(why=e)
    return ""

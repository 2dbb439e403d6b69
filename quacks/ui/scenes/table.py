"""The table: the game in one screen, played with the mouse or the keyboard, hot-seat and bots.

The scene shows a ``MatchDriver`` (session/driver.py), which moves the game on by itself at the player's
pace, and animates the engine events the driver hands over. The evaluation plays in beats the driver holds
(``ui/table/beat_bar.py`` names each on the board and its seats; the board shows the state as the beats have
got to). A human's decision becomes controls (or a choice dialog); everything else that pops up is an overlay
scene pushed on the App's stack: the pause menu, confirmations, the round results (after the evaluation,
before the shop), the bag and the log. In hot-seat nothing hides behind a card (R48): the one secret, a stir
decision, is asked of each human in turn on the table itself.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Generic

import pygame

from ...i18n import _
from ...rules.events import Event
from ...rules.game import Game
from ...rules.kinds import EventKind
from ...session.driven import M
from ...session.driver import MatchDriver
from ...storage.saves import new_game_id
from ...tutorial.coach import Coach
from ...wording.reasons import reason_text
from ...wording.results import round_rows
from ..anim import Animator
from ..app import App, Scene
from ..flows import autosave
from ..keys import Act, Binding, is_key
from ..keys import label as key_label
from ..log_file import logging_trouble
from ..online import POLL, OnlineTable
from ..overlays.bag import toggle_bag
from ..overlays.folded import open_board, open_books
from ..overlays.log import toggle_log
from ..overlays.round_summary import RoundSummary, scores_before
from ..table.beat_bar import BeatBar, draw_seat_lines
from ..table.controls import Controls
from ..table.frames import FrameCache, moving_regions
from ..table.guide import TableGuide
from ..table.picture import TablePicture, controls_look
from ..table.pot_zoom import draw_zoom
from ..table.table_menu import TableMenu
from ..table.table_mouse import handle_mouse
from ..table.table_undo import TableUndo
from ..table.table_words import CardLines, waiting_text
from ..table.turns import HumanTurns
from ..table.view import TableView
from ..table.view_state import ViewState
from ..widgets import draw_tooltip

log = logging.getLogger("quacks.ui")


class TableScene(Scene, Generic[M]):
    native = True  # the table lays itself out at the window's own size
    hosts_game = True

    def __init__(self, app: App, match: M, coach: Coach | None = None, game: str | None = None,
                 online: OnlineTable | None = None) -> None:
        super().__init__(app)
        self.game_id = new_game_id() if game is None else game  # the game's autosave (storage/saves.py)
        # a lesson's moment of the guided game (its coach already past step 0) begins where the lesson does, not
        # with the round's results again
        # a game across computers (ui/online.py) is kept by its host, and a window that joins again shows no round
        # results it had closed before
        self.online = online
        self.driver = MatchDriver(match, pace=app.settings.pace,
                                  autosave=None if online else lambda m: autosave(app, m, self.game_id),
                                  results_seen=online is not None or coach is not None and bool(coach.finished))
        self.view = TableView(match.setup)
        self.anim = Animator(self.view, app.settings, app.sound)
        self.turns = HumanTurns(self)
        self.undo = TableUndo(self)
        self.menu = TableMenu(self)
        self.controls = Controls(self.view.layout, self.turns.choose)
        self.beat_bar = BeatBar(self.view.layout, self.next_beat, self.skip_beats)
        self.frames = FrameCache()
        humans = match.local_humans()
        self.focus = humans[0] if humans else 0
        self.summary: RoundSummary | None = None
        self.dice: list[tuple[int, str]] = []
        self._card_lines = CardLines()
        self.hover_text = ""
        self.zoom: int | None = None  # the other seat whose pot is shown large under the mouse
        self.coach = coach
        self.guide = TableGuide(self, coach) if coach is not None else None
        self._read_dice(match.game.events)  # this round's rolls so far (a resumed game)

    @property
    def match(self) -> M:
        return self.driver.match

    @property
    def g(self) -> Game:
        return self.driver.match.game

    # ------------------------------------------------------------------------------------------------
    # what the view shows

    def state(self) -> ViewState:
        st = self.app.settings
        m = self.match
        return ViewState(
            focus=self.focus, colour_blind=bool(st.colour_blind),
            show_risk=bool(st.show_risk) or self.coach is not None,  # the guided game shows the odds (not a setting)
            reasons={i: reason_text(m.reason(i)) for i in m.bots},
            decided=frozenset(s for s in m.tick if m.is_human(s)) | m.decided_elsewhere(),  # who, never what: R22
            dice=tuple(self.dice), shopping=self.controls.shop is not None, landings=self.turns.landings(),
            choice_top=self.turns.choice.rect.y if self.turns.choice is not None else 0,
            card_lines=self.card_lines(),
            remote=self.online.statuses(m) if self.online is not None else {})

    def shown(self) -> Game:
        """The game as the table shows it: without what the beats still to come add (``MatchDriver.shown``)."""
        return self.driver.shown(self.anim.rats_moving())

    def card_lines(self) -> tuple[tuple[int, str, str], ...]:
        """What each seat chose or got from the round's card, as far as the beats have shown (cached)."""
        return self._card_lines(self.g, self.driver.events_shown(), self.app.settings.language)

    def _read_dice(self, events: Sequence[Event]) -> None:
        for e in events:
            if e.kind == EventKind.ROUND:
                self.dice = []
            elif e.kind == EventKind.DIE and e.seat is not None:
                self.dice.append((e.seat, str(e.get("face"))))

    # ------------------------------------------------------------------------------------------------
    # the match moves on

    def update(self, dt: float) -> None:
        self.view.relayout()
        self.view.place_others(self.g, self.focus)  # where each seat is, for the mouse (before the next draw)
        self.anim.update(dt)
        self._tell_log_trouble()
        d = self.driver
        d.pace_name = self.app.settings.pace
        if self.guide is not None:
            self.guide.update(before=True)  # a step due now holds the game before it moves on (the die's, say)
        d.hold = (self.app.scene is not self and not self._overlay_lets_game_run()) or (
            self.coach is not None and self.coach.holds_game)
        d.update(dt)
        for trouble in d.take_troubles():  # a bot that failed, an Expert with damaged data: said, never silent
            self.app.toast(trouble, 8.0)
        if self.online is not None:
            self._online_update()
        self.turns.note_reveal()
        for beat, evs in d.take_shown():
            self._read_dice(evs)
            self.anim.events(self.shown(), evs, beat)
            self.hover_text = ""  # the state changed: what was under the mouse may be gone
        if self.guide is not None:
            self.guide.update()
        if d.round_done is not None and self.summary is None:
            self.open_summary(d.round_done)
            return
        if d.round_done is None and self.g.is_over:
            self.menu.finish()
            return
        seats = d.human_turn()
        if seats:
            self.turns.prepare(seats)
        elif self.controls.active and not self.g.legal_actions(self.controls.seat or 0):
            self.turns.clear()
        self.controls.offer_undo(self.undo if self.undo.offered() else None)

    def _online_update(self) -> None:
        """A game across computers: a whole view from the host (a resync) replaces the game shown; the host's
        questions about a player who is gone."""
        m = self.match
        assert self.online is not None
        if m.take_rebased():
            self.driver.rebase(m)
            self.shown_anew()
        if m.take_undo_refused():
            self.app.toast(_("That can no longer be taken back: another player acted, or something was drawn, "
                             "first."))
        self.online.update(self)

    def shown_anew(self) -> None:
        """The game was replaced (an undo, a whole view from the host): everything on show is made from it again."""
        self.turns.clear()
        self.anim.skip()
        self.dice = []
        self._read_dice(self.g.events)
        self.view.forget_background()
        self.frames.invalidate()

    _log_trouble_told = False

    def _tell_log_trouble(self) -> None:
        """If the log cannot be written (a full disk), say so once; the game goes on."""
        if TableScene._log_trouble_told:
            return
        trouble = logging_trouble()
        if trouble:
            TableScene._log_trouble_told = True
            self.app.toast(trouble, 8.0)

    def _overlay_lets_game_run(self) -> bool:
        return all(not s.pauses_below for s in self.app.scenes[self.app.scenes.index(self) + 1:])

    # ------------------------------------------------------------------------------------------------
    # overlays

    def open_summary(self, rnd: int) -> None:
        """The round's results: they close its evaluation, before the shop (the driver waits for them)."""
        g = self.g
        rows = round_rows(g, rnd, scores_before(g, rnd))
        self.turns.clear()
        self.summary = RoundSummary(self.app, rnd, rows, self.view.looks(), [g.cat.pot.space(r.space).coins
                                                                              for r in rows],
                                    rnd >= g.cat.events.rounds, self.close_summary)
        self.app.push(self.summary)

    def close_summary(self) -> None:
        self.summary = None
        if self.online is not None and self.driver.round_done is not None:
            self.online.results_closed(self.match, self.driver.round_done)
        self.driver.ack_round()

    def toggle_bag(self) -> None:
        toggle_bag(self.app, self.view, lambda: (self.g, self.focus))

    def toggle_log(self) -> None:
        toggle_log(self.app, self.view, lambda: self.g)

    def resume(self) -> None:
        self.controls.key = None
        self.view.forget_background()
        self.app.apply_text_scale()
        self.canvas_changed()

    # ------------------------------------------------------------------------------------------------
    # input

    def bindings(self) -> list[Binding]:
        """The table's keys now (``ui/keys.py``): the decision's (or the beat's) buttons, then the keys that are
        always there. Every item of the menu has the same key here as in the menu."""
        d = self.driver
        out = [Binding(Act.UNDO, self.undo, target="undo")]
        if d.beat is not None:
            out += self.beat_bar.bindings()
        else:
            out += self.controls.bindings()
            out.append(Binding(Act.SKIP, self.skip, target="skip to my turn"))
        out += [Binding(Act.BACK, self.menu.open, target="menu"), Binding(Act.BAG, self.toggle_bag, target="bag"),
                Binding(Act.LOG, self.toggle_log, target="log"),
                Binding(Act.OTHER_POT, self.cycle_focus, target="another pot")]
        out += [Binding(act, fn, target=str(act)) for _text, fn, act in self.menu.items() if act is not Act.BACK]
        return out

    def shown_buttons(self) -> list[Any]:
        """The buttons of the bar: the beat's, or the decision's (the shop's), and Undo."""
        out: list[Any] = list(self.beat_bar.buttons) if self.driver.beat is not None else list(self.controls.buttons)
        if self.driver.beat is None and self.controls.shop is not None:
            out += self.controls.shop.buttons()
        if self.controls.undo is not None and self.driver.beat is None:
            out.append(self.controls.undo)
        return out

    def refuse(self, reason: str) -> None:
        """The key of a disabled button (Flask with no white chip just drawn): why, in the hint line."""
        self.controls.refuse(reason)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anim.skip()
        if self.press(event):
            return True
        if event.type == pygame.KEYDOWN:
            self._hint_moved_key(event)
            return False
        if self.driver.beat is not None and self.beat_bar.handle(event):
            return True
        if self.controls.handle(event):
            return True
        return handle_mouse(self, event)

    def _hint_moved_key(self, event: pygame.event.Event) -> None:
        """Space pressed while a chip may be drawn (Space used to draw): say that it moves on and D draws."""
        if is_key(event, Act.NEXT) and any(b.act is Act.DRAW for b in self.controls.bindings()):
            self.controls.refuse(_("{space} only moves on (the next step, the results); {draw} draws a chip.").format(
                space=key_label(Act.NEXT), draw=key_label(Act.DRAW)))

    def toggle_books(self) -> None:
        open_books(self.app, self.view, lambda: self.g)

    def toggle_board(self) -> None:
        open_board(self.app, self.view, self.shown, tuple(self.dice), self.card_lines)

    def skip(self) -> None:
        """Tab: the rest of the evaluation's beats at once, or (otherwise) the bots fast-forward to a human."""
        if self.driver.beats_pending():
            self.skip_beats()
        else:
            self.driver.skip_to_human()

    def next_beat(self) -> None:
        self.anim.skip()
        self.driver.next_beat()

    def skip_beats(self) -> None:
        self.anim.skip()
        self.driver.skip_to_end()

    def cycle_focus(self) -> None:
        self.set_focus((self.focus + 1) % self.g.n)

    def set_focus(self, seat: int) -> None:
        self.focus = seat
        self.frames.invalidate()

    def busy(self) -> bool:
        return self.driver.busy() or self.anim.busy()

    def wake_in(self) -> float | None:
        if self.anim.busy():
            return 0.0
        wake = self.driver.wake_in()
        if self.online is not None:  # the network's news comes without input
            return POLL if wake is None else min(wake, POLL)
        return wake

    # ------------------------------------------------------------------------------------------------
    # drawing (reads state only)

    def invalidate(self) -> None:
        self.frames.invalidate()

    def language_changed(self) -> None:
        """Another language: the buttons of the decision (built again at the next update, but a shop keeps its
        cart), the Undo button, the table's background and the still picture are made again."""
        if self.controls.shop is None:
            self.controls.key = None
        self.controls.undo = None
        self.beat_bar.relayout()
        self.hover_text = ""
        self.view.forget_background()
        self.frames.invalidate()

    def toast_band(self) -> pygame.Rect:
        """Toasts lie on the question row above the action bar, right of the question (or a beat's title): never over
        it, the round's title on the board, the pot or the buttons."""
        used = self.beat_bar.title_end if self.driver.beat else self.controls.prompt_end
        return self.controls.toast_band(used)

    def canvas_changed(self) -> None:
        """A new window size or UI scale: the table lays itself out again; the decision's controls are built
        again in their new places (a shop keeps its cart)."""
        if self.view.relayout():
            self.controls.relayout()
            self.beat_bar.relayout()
            if self.turns.choice is not None and self.controls.seat is not None:
                self.turns.sync_choice(self.controls.seat)
        self.frames.invalidate()

    def waiting_text(self) -> str:
        """What the bar says while no human decides (``table/table_words.py``)."""
        return waiting_text(self)

    def picture(self, st: ViewState, waiting: str) -> TablePicture:
        """Everything the still picture shows now (``table/picture.py``): the frame cache keeps it while this
        stays equal."""
        d = self.driver
        bar = self.beat_bar.look() if d.beat is not None else controls_look(self.controls)
        return TablePicture(version=self.g.version, shown=d.show_key(), view=st, bar=bar, waiting=waiting,
                            animation=self.anim.still_look(self.g.n), thinking=d.thinking,
                            hover_text=self.hover_text, zoom=self.zoom, pace=self.app.settings.pace,
                            language=self.app.settings.language)

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        st = self.state()
        d = self.driver
        shown = self.shown()
        waiting = self.waiting_text()
        still = self.picture(st, waiting)

        def draw_still(s: pygame.Surface) -> None:
            self.view.draw(s, shown, still.view, self.anim, still=still.without_motion())
            beat = d.beat
            if beat is not None:
                draw_seat_lines(s, self.view, shown, beat)
                self.beat_bar.draw(s, shown, beat, still.pace)
            else:
                self.controls.draw(s, self.g, still.waiting)

        on_top = self.app.scene is self or (self.guide is not None and self.app.scene is self.guide.bubble)
        zoom = self.zoom if on_top else None
        rects = self.frames.draw(surf, still, self.anim, draw_still, lambda a: moving_regions(self.view, a),
                                 quiet=not self.hover_text and zoom is None)
        if zoom is not None:
            draw_zoom(surf, self.view, shown, st, zoom, self.anim)
        elif self.hover_text and on_top:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
        return rects

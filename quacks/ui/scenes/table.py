"""The table: the game in one screen, played with the mouse or the keyboard, hot-seat and bots.

The scene shows a ``MatchDriver`` (session/driver.py), which moves the game on by itself at the player's
pace, and animates the engine events the driver hands over. The evaluation plays in beats the driver holds
(``ui/table/beat_bar.py`` names each on the board and its seats; the board shows the state as the beats have
got to). A human's decision becomes controls (or a choice dialog); everything else that pops up is an overlay
scene pushed on the App's stack: the pause menu, confirmations, the round results (after the evaluation,
before the shop), the hot-seat hand-off, the bag and the log.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import pygame

from ...i18n import _
from ...net.table_match import NetMatch
from ...rules.actions import Action
from ...rules.chips import CHIP_BY_NAME
from ...rules.events import Event
from ...rules.game import Game
from ...rules.kinds import DecisionKind, EventKind, Phase
from ...session.driver import MatchDriver
from ...session.match import Match, Waits
from ...tutorial.coach import Coach
from ...wording import text as W
from ...wording.beats import card_lines
from ...wording.decisions import handoff_text, label
from ...wording.reasons import reason_text
from ...wording.results import round_rows, tick_text
from ..anim import Animator
from ..app import App, Scene
from ..help import hover_help
from ..online import POLL, OnlineTable
from ..overlays.bag import toggle_bag
from ..overlays.choice import ChoiceDialog
from ..overlays.confirm import Confirm
from ..overlays.handoff import Handoff
from ..overlays.log import toggle_log
from ..overlays.pause_menu import PauseMenu
from ..overlays.round_summary import RoundSummary, scores_before
from ..table.beat_bar import BeatBar, draw_seat_lines
from ..table.controls import Controls
from ..table.frames import FrameCache, moving_regions
from ..table.guide import TableGuide
from ..table.view import TableView, ViewState
from ..widgets import draw_tooltip

log = logging.getLogger("quacks.ui")


class TableScene(Scene):
    native = True  # the table lays itself out at the window's own size

    def __init__(self, app: App, match: Match, coach: Coach | None = None, game: str | None = None,
                 online: OnlineTable | None = None) -> None:
        super().__init__(app)
        from ...storage.saves import new_game_id
        from ..flows import autosave

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
        self.controls = Controls(self.view.layout, self.choose)
        self.beat_bar = BeatBar(self.view.layout, self.next_beat, self.skip_beats)
        self.frames = FrameCache()
        humans = match.local_humans()
        self.focus = humans[0] if humans else 0
        self.viewer: int | None = humans[0] if len(humans) == 1 else None  # hot-seat: handed the screen in private
        self.last_actor: int | None = None  # hot-seat: the human who chose last (Ctrl+Z is theirs between turns)
        self.handoff: Handoff | None = None
        self.revealed = ""  # hot-seat: what the last stir tick revealed, shown to everyone until the next reveal
        self._tick_seen: object = None
        self.choice: ChoiceDialog | None = None
        self.summary: RoundSummary | None = None
        self.dice: list[tuple[int, str]] = []
        self._card_lines: tuple[object, tuple[tuple[int, str, str], ...]] = (None, ())
        self.hover_text = ""
        self.zoom: int | None = None  # the other seat whose pot is shown large under the mouse
        self.coach = coach
        self.guide = TableGuide(self, coach) if coach is not None else None
        self._read_dice(match.game.events)  # this round's rolls so far (a resumed game)

    @property
    def match(self) -> Match:
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
            focus=self.focus, viewer=self.viewer, colour_blind=bool(st.colour_blind),
            show_risk=bool(st.show_risk) or self.coach is not None,  # the guided game shows the odds (not a setting)
            reasons={i: reason_text(m.reason(i)) for i in m.bots},
            decided=frozenset(s for s in m.tick if m.is_human(s)) | self._decided_elsewhere(),
            dice=tuple(self.dice), pot_covered=self.controls.shop is not None or self.choice is not None,
            card_lines=self.card_lines(),
            remote=self.online.statuses(m) if self.online is not None and isinstance(m, NetMatch) else {})

    def _decided_elsewhere(self) -> frozenset[int]:
        """A game across computers: the seats whose stir decision the host holds (who, never what: R22)."""
        m = self.match
        if self.online is None or not isinstance(m, NetMatch):
            return frozenset()
        return frozenset(int(s) for s in m.host_tick.get("decided") or [])

    def shown(self) -> Game:
        """The game as the table shows it: without what the beats still to come add (``MatchDriver.shown``)."""
        return self.driver.shown(self.anim.rats_moving())

    def card_lines(self) -> tuple[tuple[int, str, str], ...]:
        """What each seat chose or got from the round's card, as far as the beats have shown (cached)."""
        g = self.g
        n = self.driver.events_shown()
        key = (id(g), g.version, n, self.app.settings.language)
        if self._card_lines[0] != key:
            shown = g.events[:n]
            short = dict(card_lines(g, shown, short=True))
            lines = tuple((seat, text, short.get(seat, text)) for seat, text in card_lines(g, shown))
            self._card_lines = (key, lines)
        return self._card_lines[1]

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
        if self.online is not None:
            self._online_update()
        self._note_reveal()
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
            self.finish()
            return
        seats = d.human_turn()
        if seats:
            self.prepare_human(seats)
        elif self.controls.active and not self.g.legal_actions(self.controls.seat or 0):
            self.clear_controls()
        who = self.undoer()
        self.controls.offer_undo(self.undo if who is not None and not d.beat and (  # a beat's bar has no Undo
            d.can_undo(who) or (self.controls.shop is not None and bool(self.controls.shop.history))) else None)

    def _online_update(self) -> None:
        """A game across computers: a whole view from the host (a resync) replaces the game shown; the host's
        questions about a player who is gone."""
        m = self.match
        assert self.online is not None
        if isinstance(m, NetMatch) and m.rebased:
            m.rebased = False
            self.driver.rebase(m)
            self._shown_anew()
        if isinstance(m, NetMatch) and m.undo_refused:
            m.undo_refused = False
            self.app.toast(_("That can no longer be taken back: another player acted, or something was drawn, "
                             "first."))
        self.online.update(self)

    def _shown_anew(self) -> None:
        """The game was replaced (an undo, a whole view from the host): everything on show is made from it again."""
        self.clear_controls()
        self.anim.skip()
        self.dice = []
        self._read_dice(self.g.events)
        self.view.forget_background()
        self.frames.invalidate()

    # ------------------------------------------------------------------------------------------------
    # undo

    def undoer(self) -> int | None:
        """The seat that may take back its last choice: the human at the screen (in hot-seat, only them: the one
        handed the screen, else the one deciding now, else the one who chose last; nobody behind a hand-off)."""
        humans = self.match.local_humans()
        if len(humans) == 1:
            return humans[0]
        if self.handoff is not None:
            return None
        if self.viewer is not None:
            return self.viewer
        return self.controls.seat if self.controls.seat is not None else self.last_actor

    def undo(self) -> None:
        """Ctrl+Z or Undo: take back the last change of the cart, else the seat's last choice; either way a message
        says what was taken back, or why nothing can be."""
        shop = self.controls.shop
        if shop is not None and shop.undo():
            chips = W.chip_list([c.name for c in shop.cart]) if shop.cart else _("empty")
            self.app.toast(_("Undone: the cart is as before ({chips}).").format(chips=chips))
            return
        seat = self.undoer()
        if seat is None:
            self.app.toast(_("Nothing to undo while the screen is passed on."))
            return
        cut = self.match.undo_point(seat) if self.driver.can_undo(seat) else None
        if cut is None:
            self.app.toast(self._why_no_undo())
            return
        m = self.match
        if isinstance(m, NetMatch):  # the host takes it back and sends the game as it is then (a whole view)
            if m.ask_undo(seat):
                self.clear_controls()
                self.app.toast(self._undone_text(seat, str(self.g.record[cut][2])))
            return
        entry = self.g.record[cut]
        if not self.driver.undo(seat):
            self.app.toast(self._why_no_undo())
            return
        self._shown_anew()
        self.app.toast(self._undone_text(seat, str(entry[2])))

    def _why_no_undo(self) -> str:
        if self.g.is_over or self.driver.round_done is not None:
            return _("Nothing to undo: the round's results are out, and nothing goes back past them.")
        return _("Nothing to undo: only a choice made since the last draw, roll, reveal or purchase can be taken "
                 "back.")

    def _undone_text(self, seat: int, action: str) -> str:
        """"Undone: Take 1 coin." (the choice as its button said it; the decision is open again)."""
        try:
            what = label(self.g, seat, Action.parse(action)).text
        except Exception:  # noqa: BLE001 - a choice without words of its own: said in general
            what = ""
        return _("Undone: {choice}.").format(choice=what) if what else _("Undone: your last choice.")

    _log_trouble_told = False

    def _tell_log_trouble(self) -> None:
        """If the log cannot be written (a full disk), say so once; the game goes on."""
        if TableScene._log_trouble_told:
            return
        from ..main import logging_trouble

        trouble = logging_trouble()
        if trouble:
            TableScene._log_trouble_told = True
            self.app.toast(trouble, 8.0)

    def _overlay_lets_game_run(self) -> bool:
        return all(not s.pauses_below for s in self.app.scenes[self.app.scenes.index(self) + 1:])

    def prepare_human(self, seats: tuple[int, ...]) -> None:
        """Controls for the human who decides now. In hot-seat, a stir decision another human takes in the same tick
        is hidden until the reveal (R22): the screen is handed over first (``Handoff``). Everything else is public at
        a real table (fortune choices, the shop, the results, ruby spending; in a one-after-another game even the
        stir): it just goes on, with the seat's name said with the question."""
        seat = seats[0]
        hot_seat = len(self.match.local_humans()) > 1
        if hot_seat and self.viewer != seat and self.hidden_decision(seat):
            if self.handoff is None:
                self.clear_controls()
                self.viewer = None
                self.open_handoff(seat)
            return
        self.controls.who = self.g.seats[seat].name if hot_seat else ""
        self.controls.note = self.revealed if hot_seat else ""
        if self.controls.build(self.g, seat, bool(self.app.settings.colour_blind)):
            self.focus = seat  # the decider's pot comes into focus once; V may look elsewhere after
            self.anim.pot_covered = self.controls.shop is not None
            self.frames.invalidate()
            self.driver.log_state()
            self._sync_choice(seat)

    def hidden_decision(self, seat: int) -> bool:
        """Whether ``seat`` decides now out of the other humans' sight: a stir decision (draw or stop) while another
        human brews in the same tick (R22: decided together, revealed together). One seat brewing alone (the
        others stopped, or brewing one after another) hides nothing."""
        m = self.match
        if self.g.decision_kind(seat) != DecisionKind.BREW or not m.in_tick():
            return False
        local = m.local_humans()
        return any(s != seat and s in local for s in m.tick_seats())

    def _note_reveal(self) -> None:
        """Hot-seat: a stir tick with a human in it was revealed; what each seat did is shown to everyone (on the
        bar, on the next hand-off card, and beside the next question) until the next reveal."""
        d = self.driver
        if d.last_tick is not self._tick_seen:
            self._tick_seen = d.last_tick
            m = self.match
            if len(m.local_humans()) > 1 and any(m.is_human(s) for s, _a in d.last_tick):
                self.revealed = tick_text(self.g, d.last_tick)
                self.controls.note = self.revealed
                self.frames.invalidate()
        if self.revealed and self.g.phase is not Phase.BREWING:
            self.revealed = ""
            self.controls.note = ""

    def _sync_choice(self, seat: int) -> None:
        if self.choice is not None:
            self.app.pop(self.choice)
            self.choice = None
        if self.controls.choices:
            g = self.g
            s = g.seats[seat]
            limit = g.limit(seat)
            self.choice = ChoiceDialog(self.app, self.choice_rect(), self.controls.question(g), self.controls.choices,
                                       lambda a: self.choose(seat, a), chips=list(s.revealed),
                                       explodes=lambda c: c.is_white and s.white_total + c.value > limit)
            self.anim.pot_covered = True
            self.app.push(self.choice)

    def choice_rect(self) -> pygame.Rect:
        """Where a choice dialog lies: over the deciding seat's pot and the bar under it, never over its panel
        (the white total, the odds, the rubies and the bag stay in sight)."""
        lay = self.view.layout
        right = lay.info.x - 10
        top = lay.focus.y + 6
        return pygame.Rect(lay.focus.x + 6, top, right - lay.focus.x - 6, lay.actions.bottom - top)

    def clear_controls(self) -> None:
        self.controls.clear()
        self.anim.pot_covered = False  # (a choice dialog covered the pot too)
        if self.choice is not None:
            self.app.pop(self.choice)
            self.choice = None

    def choose(self, seat: int, a: Action) -> None:
        """A human's choice, confirmed first if it is costly (a white chip that explodes, coins left unspent by a
        purchase; "Buy nothing" says what it does on its button and is never asked about)."""
        g = self.g
        s = g.seats[seat]
        if a.verb == "pick" and a.args[0] != "none":
            c = CHIP_BY_NAME[a.args[0]]
            if c.is_white and s.white_total + c.value > g.limit(seat):
                text = _("Placing the {chip} explodes your pot (white total {total} over {limit}). Place it "
                         "anyway?").format(chip=W.chip_name(c), total=s.white_total + c.value, limit=g.limit(seat))
                self.app.push(Confirm(self.app, text, lambda: self.do(seat, a)))
                return
        shop = self.controls.shop
        if a.verb == "buy" and a.args != ("nothing",) and shop is not None and shop.leftover_could_buy():
            left = (s.coins or 0) - shop.spent()
            text = _("You leave {coins} unspent, and they would still buy a chip. Buy anyway?").format(
                coins=W.coins(left))
            self.app.push(Confirm(self.app, text, lambda: self.do(seat, a)))
            return
        self.do(seat, a)

    def do(self, seat: int, a: Action) -> None:
        hidden = self.hidden_decision(seat)
        self.clear_controls()
        self.driver.submit(seat, a)
        if self.coach is not None:
            self.coach.acted()
        if len(self.match.local_humans()) > 1:
            self.last_actor = seat
            if hidden:  # the next human is handed the screen before they decide
                self.viewer = None

    # ------------------------------------------------------------------------------------------------
    # overlays

    def open_summary(self, rnd: int) -> None:
        """The round's results: they close its evaluation, before the shop (the driver waits for them)."""
        g = self.g
        rows = round_rows(g, rnd, scores_before(g, rnd))
        self.clear_controls()
        self.summary = RoundSummary(self.app, rnd, rows, self.view.looks(), [g.cat.pot.space(r.space).coins
                                                                              for r in rows],
                                    rnd >= g.cat.events.rounds, self.close_summary)
        self.app.push(self.summary)

    def close_summary(self) -> None:
        self.summary = None
        if self.online is not None and isinstance(self.match, NetMatch) and self.driver.round_done is not None:
            self.online.results_closed(self.match, self.driver.round_done)
        self.driver.ack_round()

    def open_handoff(self, seat: int) -> None:
        s = self.g.seats[seat]
        brewing = self.g.decision_kind(seat) == DecisionKind.BREW
        said = self.revealed
        self.handoff = Handoff(self.app, s.name, self.view.looks()[seat], brewing, said, lambda: self.ready(seat),
                               self.open_menu, question=handoff_text(self.g, seat))
        self.app.push(self.handoff)

    def ready(self, seat: int) -> None:
        self.handoff = None
        self.viewer = seat

    def open_menu(self) -> None:
        from ..flows import save_named

        items = [(_("Resume"), lambda: None),
                 (_("Save game"), lambda: self.app.toast(save_named(self.app, self.match))),
                 (_("Rules"), self.open_rules), (_("Settings"), self.open_settings),
                 (_("Quit to title"), self.quit_to_title)]
        if self.online is not None:  # the host keeps a game across computers; leaving it is said as such
            items = [items[0], items[2], items[3], (_("Leave the game"), self.leave_online)]
        if self.guide is not None:
            items.insert(3, (_("Lessons"), self.guide.open_lessons))
        self.app.push(PauseMenu(self.app, items))

    def leave_online(self) -> None:
        """Leave a game across computers; the host is asked first (everyone is disconnected; the game is kept and
        goes on later from Play online)."""
        if self.online is not None and self.online.state.hosting and not self.g.is_over:
            self.app.push(Confirm(self.app, _("Leave the game? Everyone who joined is disconnected. The game is kept "
                                              "on this computer: Play online goes on with it later."),
                                  self.quit_to_title, safe_default=True))
            return
        self.quit_to_title()

    def open_rules(self) -> None:
        from .rules_scene import RulesScene

        self.app.push(RulesScene(self.app, self.g))

    def open_settings(self) -> None:
        from .settings_scene import SettingsScene

        self.app.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        from ..flows import autosave
        from .title import TitleScene

        if self.online is not None:
            self.online.close()
        else:
            autosave(self.app, self.match, self.game_id)
        self.app.back_to(TitleScene, lambda: TitleScene(self.app))

    def toggle_bag(self) -> None:
        toggle_bag(self.app, self.view, lambda: (self.g, self.focus))

    def toggle_log(self) -> None:
        toggle_log(self.app, self.view, lambda: self.g)

    def finish(self) -> None:
        from ..flows import game_finished
        from .final import FinalScene

        if self.online is not None:  # recorded once the host's secret has given the seed back (FinalScene)
            self.app.replace_below(self, FinalScene(self.app, self.match, online=self.online, game=self.game_id))
            return
        game_finished(self.app, self.match, self.game_id)
        self.app.replace_below(self, FinalScene(self.app, self.match, guided=self.coach is not None))

    def resume(self) -> None:
        self.controls.key = None
        self.view.forget_background()
        self.app.apply_text_scale()
        self.canvas_changed()

    # ------------------------------------------------------------------------------------------------
    # input

    KEYS = {pygame.K_ESCAPE: "open_menu", pygame.K_b: "toggle_bag", pygame.K_l: "toggle_log",
            pygame.K_TAB: "skip", pygame.K_v: "cycle_focus"}

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.anim.skip()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if self.driver.beat is not None and self.handoff is None and self.beat_bar.handle(event):
            return True
        if event.type == pygame.KEYDOWN and event.key in self.KEYS:
            getattr(self, self.KEYS[event.key])()
            return True
        if self.controls.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.zoom = self.view.pot_under(event.pos)
            self.hover_text = "" if self.zoom is not None else (self.controls.hover_help(event.pos) or (
                self.beat_bar.hover_help(event.pos) if self.driver.beat is not None else "") or (
                self.choice.hover_help(event.pos) if self.choice is not None else "") or hover_help(
                self.view, self.g, self.state(), self.anim, event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            seat = self.view.seat_at(event.pos)
            if seat is not None:
                self.zoom = None
                self.set_focus(seat)
                return True
            if self.view.bag_button_rect().collidepoint(event.pos):
                self.toggle_bag()
                return True
            if self.view.books.folded and self.view.books.rect.collidepoint(event.pos):
                self.toggle_books()
                return True
            if self.view.board.folded and self.view.board.rect.collidepoint(event.pos):
                self.toggle_board()
                return True
        return False

    def toggle_books(self) -> None:
        from ..overlays.folded import open_books

        open_books(self.app, self.view, lambda: self.g)

    def toggle_board(self) -> None:
        from ..overlays.folded import open_board

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
        """Toasts lie on the question row above the action bar: never over the round's title on the board, nor over
        the pot or the buttons."""
        return self.view.layout.prompt

    def canvas_changed(self) -> None:
        """A new window size or UI scale: the table lays itself out again; the decision's controls are built
        again in their new places (a shop keeps its cart)."""
        if self.view.relayout():
            self.controls.relayout()
            self.beat_bar.relayout()
            if self.choice is not None and self.controls.seat is not None:
                self._sync_choice(self.controls.seat)
        self.frames.invalidate()

    def waiting_text(self) -> str:
        """What the bar says while no human decides: the hot-seat reveal while it is held in view, a bot thinking,
        or a stir tick of several seats about to be revealed (never in a tick of one seat, as in a one-after-another
        game, and never once the tick is revealed)."""
        d = self.driver
        thinking = d.thinking
        need = d.need()
        if self.revealed and d.timer > 0 and thinking is None:
            return self.revealed
        if thinking is not None or need.kind is Waits.BOT:
            seat = thinking if thinking is not None else need.seats[0]
            return W.you_or(self.g.seats[seat].name, _("You are thinking..."), _("{name} is thinking..."))
        if need.kind is Waits.REVEAL and len(self.match.queue) > 1:
            return _("Revealing the stir...")
        m = self.match
        if self.online is not None and isinstance(m, NetMatch) and need.kind is Waits.HUMAN and not need.seats:
            others = [s for s in m.waiting_for() if s not in m.mine]
            gone = {s for s, _since in self.online.state.away}
            if others and others[0] in gone:
                return _("Waiting for {name} to come back...").format(name=self.g.seats[others[0]].name)
            if others:
                return _("{name} is thinking...").format(name=self.g.seats[others[0]].name)
        return ""

    def draw(self, surf: pygame.Surface) -> list[pygame.Rect] | None:
        shop = self.controls.shop
        st = self.state()
        d = self.driver
        shown = self.shown()
        waiting = self.waiting_text()
        still = (self.g.version, self.focus, self.viewer, self.controls.key, self.controls.hint, st.dice, waiting,
                 self.controls.note,
                 self.controls.undo is not None,
                 tuple(self.anim.hidden(i) for i in range(self.g.n)), self.driver.thinking, self.hover_text, self.zoom,
                 st.reasons, None if shop is None else (tuple(shop.cart), shop.cursor, shop.message, shop.hover),
                 self.app.settings.colour_blind, st.show_risk, d.show_key(), self.anim.rats_moving(),
                 st.card_lines, self.app.settings.pace, tuple(sorted(st.remote.items())))

        def draw_still(s: pygame.Surface) -> None:
            self.view.draw(s, shown, st, self.anim)
            beat = d.beat
            if beat is not None:
                draw_seat_lines(s, self.view, shown, beat)
                self.beat_bar.draw(s, shown, beat, self.app.settings.pace)
            else:
                self.controls.draw(s, self.g, waiting)

        on_top = self.app.scene is self or (self.guide is not None and self.app.scene is self.guide.bubble)
        zoom = self.zoom if on_top else None
        rects = self.frames.draw(surf, still, self.anim, draw_still, lambda a: moving_regions(self.view, a),
                                 quiet=not self.hover_text and zoom is None)
        if zoom is not None:
            from ..table.pot_zoom import draw_zoom

            draw_zoom(surf, self.view, shown, st, zoom, self.anim)
        elif self.hover_text and on_top:
            draw_tooltip(surf, self.hover_text, self.app.mouse_pos)
        return rects

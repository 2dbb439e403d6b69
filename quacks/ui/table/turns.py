"""A human's turn at the table: the controls of the decision at hand, the choice dialog, the confirmations of a
costly choice, and hot-seat's one secret (R48).

Nothing is handed over behind a card in hot-seat (R48): every pot, bag and purchase is open at a real table, and
the one secret, a stir decision while another human brews in the same tick (R22), is asked of each human of the
tick in turn, by name, on the table itself; a human who has decided shows only as "decided" until the tick is
revealed (``ViewState.decided``), and then what each seat did is shown to everyone until the next reveal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...i18n import _
from ...rules.actions import Action
from ...rules.brewing import landing
from ...rules.chips import CHIP_BY_NAME
from ...rules.kinds import DecisionKind, Phase
from ...wording import text as W
from ...wording.results import tick_text
from ..overlays.choice import ChipOption, ChoiceDialog
from ..screens import Screen, open_scene
from .focus_panel import header_places, panel_text
from .layout import POT_RIM
from .view_state import LandingMark

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


class HumanTurns:
    """The decisions of the humans at this screen: one per ``TableScene``."""

    def __init__(self, scene: TableScene[Any]) -> None:
        self.scene = scene
        self.choice: ChoiceDialog | None = None  # the open choice dialog (a pick, a card's choice, ...)
        self.last_actor: int | None = None  # hot-seat: the human who chose last (Ctrl+Z is theirs between turns)
        self.revealed = ""  # hot-seat: what the last stir tick revealed, shown to everyone until the next reveal
        self._tick_seen: object = None

    def prepare(self, seats: tuple[int, ...]) -> None:
        """Controls for the human who decides now, named with the question in hot-seat; a stir decision that stays
        secret says so beside the question (R48)."""
        sc = self.scene
        seat = seats[0]
        hot_seat = len(sc.match.local_humans()) > 1
        sc.controls.who = sc.g.seats[seat].name if hot_seat else ""
        note = self.revealed if hot_seat else ""
        if hot_seat and not note and self.hidden_decision(seat):
            # Translators: hot-seat, beside the question of a stir decision (R48)
            note = _("The others see only that you have decided, until everyone in this stir has.")
        sc.controls.note = note
        if sc.controls.build(sc.g, seat, bool(sc.app.settings.colour_blind)):
            sc.focus = seat  # the decider's pot comes into focus once; V may look elsewhere after
            sc.anim.shopping = sc.controls.shop is not None
            sc.frames.invalidate()
            sc.driver.log_state()
            self.sync_choice(seat)

    def hidden_decision(self, seat: int) -> bool:
        """Whether ``seat``'s decision now stays secret until the reveal: a stir decision (draw or stop) while another
        human brews in the same tick (R22: decided together, revealed together; R48). One seat brewing alone (the
        others stopped, or brewing one after another) hides nothing."""
        m = self.scene.match
        if self.scene.g.decision_kind(seat) != DecisionKind.BREW or not m.in_tick():
            return False
        local = m.local_humans()
        return any(s != seat and s in local for s in m.tick_seats())

    def note_reveal(self) -> None:
        """Hot-seat: a stir tick with a human in it was revealed; what each seat did is shown to everyone (on the
        bar while it is held, then beside the next question) until the next reveal."""
        sc = self.scene
        d = sc.driver
        if d.last_tick is not self._tick_seen:
            self._tick_seen = d.last_tick
            m = sc.match
            if len(m.local_humans()) > 1 and any(m.is_human(s) for s, _a in d.last_tick):
                self.revealed = tick_text(sc.g, d.last_tick)
                sc.controls.note = self.revealed
                sc.frames.invalidate()
        if self.revealed and sc.g.phase is not Phase.BREWING:
            self.revealed = ""
            sc.controls.note = ""

    def sync_choice(self, seat: int) -> None:
        """The choice dialog of the decision at hand (again, where the window changed), or none."""
        sc = self.scene
        if self.choice is not None:
            sc.app.pop(self.choice)
            self.choice = None
        if sc.controls.choices:
            g = sc.g
            s = g.seats[seat]
            limit = g.limit(seat)
            for rect in self.choice_rects(seat):  # the first in which it has its room (the last one in any case)
                choice = ChoiceDialog(sc.app, rect, sc.controls.question(g), sc.controls.choices,
                                      lambda a: self.choose(seat, a), chips=list(s.revealed),
                                      explodes=lambda c: c.is_white and s.white_total + c.value > limit,
                                      at_bottom=True)
                if choice.fits:
                    break
            self.choice = choice
            sc.app.push(choice)

    def choice_rects(self, seat: int | None = None) -> list[pygame.Rect]:
        """Where a choice dialog may lie, best first (issue 32): beside the deciding seat's pot, never over it, so
        the pick's landing space shows on the pot while it decides. It takes the panel's place under the white
        total (the name, the rubies and the white total stay in sight) down to the bar, from the pot's rim to the
        frame's edge; where that is too short for its options (a small window at a large UI scale), it reaches up
        over the white total, then over the whole panel, still beside the pot."""
        sc = self.scene
        lay = sc.view.layout
        seat = sc.view.focus if seat is None else seat
        with sc.app.text.roomy(), panel_text(sc.view, sc.g, seat):
            places = header_places(sc.view, sc.g, seat)
        rim = lay.pot_centre[0] + int(lay.pot_radius * POT_RIM)
        left = rim + 8
        right = lay.focus.right - 6
        tops = (places["fuse"].bottom + 10, places["rubies"].y, lay.focus.y + 6)
        return [pygame.Rect(left, top, right - left, lay.actions.bottom - top) for top in tops]

    def landings(self) -> tuple[LandingMark, ...]:
        """The open choice's chips, each on the space it would land on in the deciding seat's pot (issue 32: a pick
        shows where it lands before it is chosen; for a white chip, the white total it would make). Chips that land
        on one space share a mark, with all their keys; a chip that would go beside the pot (red set 2, R10) has
        none."""
        choice = self.choice
        if choice is None or not choice.chip_options:
            return ()
        g = self.scene.g
        seat = self.scene.controls.seat
        if seat is None or seat != self.scene.view.focus:
            return ()
        s = g.seats[seat]
        by_space: dict[int, list[tuple[int, ChipOption]]] = {}
        for i, o in enumerate(choice.chip_options):
            lands = landing(g, seat, o.chip, "pick")
            if lands is not None:
                by_space.setdefault(lands.space, []).append((i, o))
        marks = []
        for space, opts in sorted(by_space.items()):
            hovered = any(i == choice.hover_chip for i, _o in opts)
            shown = next((o for i, o in opts if i == choice.hover_chip), opts[0][1])
            keys = ", ".join(str(i + 1) for i, _o in opts if i < 9)
            white = s.white_total + shown.chip.value if shown.chip.is_white else 0
            marks.append(LandingMark(space, shown.chip.name, keys, hovered, white, g.limit(seat)))
        return tuple(marks)

    def clear(self) -> None:
        """No controls and no choice dialog: the decision is taken, or the game shown is replaced."""
        sc = self.scene
        sc.controls.clear()
        sc.anim.shopping = False
        if self.choice is not None:
            sc.app.pop(self.choice)
            self.choice = None

    def choose(self, seat: int, a: Action) -> None:
        """A human's choice, confirmed first if it is costly (a white chip that explodes, coins left unspent by a
        purchase; "Buy nothing" says what it does on its button and is never asked about)."""
        sc = self.scene
        g = sc.g
        s = g.seats[seat]
        if a.verb == "pick" and a.args[0] != "none":
            c = CHIP_BY_NAME[a.args[0]]
            if c.is_white and s.white_total + c.value > g.limit(seat):
                text = _("Placing the {chip} explodes your pot (white total {total} over {limit}). Place it "
                         "anyway?").format(chip=W.chip_name(c), total=s.white_total + c.value, limit=g.limit(seat))
                open_scene(sc.app, Screen.CONFIRM, text, lambda: self.do(seat, a))
                return
        shop = sc.controls.shop
        if a.verb == "buy" and a.args != ("nothing",) and shop is not None and shop.leftover_could_buy():
            left = (s.coins or 0) - shop.spent()
            text = _("You leave {coins} unspent, and they would still buy a chip. Buy anyway?").format(
                coins=W.coins(left))
            open_scene(sc.app, Screen.CONFIRM, text, lambda: self.do(seat, a))
            return
        self.do(seat, a)

    def do(self, seat: int, a: Action) -> None:
        """The choice goes to the match (no question asked)."""
        sc = self.scene
        self.clear()
        sc.driver.submit(seat, a)
        if sc.coach is not None:
            sc.coach.acted()
        if len(sc.match.local_humans()) > 1:
            self.last_actor = seat

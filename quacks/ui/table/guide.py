"""The guided first game at the table: the coach looks after every step the driver takes, and its bubble is
pushed when a step shows and taken away when it is done.

A step about a decision shows when the table asks the player (``MatchDriver.human_turn``: the buttons are
there), not while the opponent still thinks in the same stir. The bubble is one pop-up at a time: it waits
while another overlay is open and keeps clear of a choice dialog (``overlays.coach``); it lies above the
dialog, so Enter says "Got it". Its ring keeps off the table's text: the guide reads where the table's lines
of text are (the text engine's recorder, on a picture of the table drawn aside) whenever the table changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ... import i18n
from ...i18n import _
from ...rules.kinds import DecisionKind
from ...tutorial.coach import Coach
from ..app import text_engine
from ..keys import Act
from ..keys import label as key_label
from ..overlays.choice import ChoiceDialog
from ..overlays.coach import CoachBubble
from ..screens import Screen, open_scene
from .targets import BREW_BUTTONS, target_rect

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


class TableGuide:
    def __init__(self, scene: TableScene, coach: Coach) -> None:
        self.scene = scene
        self.coach = coach
        self.bubble: CoachBubble | None = None
        self._texts: tuple[pygame.Rect, ...] = ()
        self._texts_key: object = None
        # it sees each moment as it happens (a decision's step waits for the table to ask: see update)
        scene.driver.stop_when = lambda: coach.observe(scene.g, ()) is not None

    def asked(self) -> tuple[int, ...]:
        """The seats the table asks for a choice now (their buttons are up)."""
        return self.scene.driver.human_turn()

    def update(self, before: bool = False) -> None:
        """Before the game moves on (``before``: a step due now holds it, such as the bonus die before it rolls;
        a step about a decision waits for the table to ask, after) and after every update of the table: show the
        step that matters now, or take the bubble away."""
        coach = self.coach
        if not before and self._button_gone():
            coach.withdraw()  # it shows again, with its button, when its moment comes back
        step = coach.observe(self.scene.g, () if before else self.asked()) if not coach.done else None
        app = self.scene.app
        if step is not None and self.bubble is None:
            self.bubble = CoachBubble(app, coach, self.text, self.target, self.leave, self.keep_clear, self.away,
                                      self.texts, self.buttons)
            app.push(self.bubble)
        elif step is None and self.bubble is not None:
            app.pop(self.bubble)
            self.bubble = None
        if self.bubble is not None:
            self._above_choices()

    def _button_gone(self) -> bool:
        """Whether the step showing is about a button of the bar (Draw, Stop, Flask) that the bar no longer shows:
        the player already chose (a key while the bubble waited), so the bubble would talk about a button that is
        not there (issue 30: "the Flask button is ready" with no Flask button)."""
        cur = self.coach.current
        if cur is None or cur.target not in BREW_BUTTONS:
            return False
        c = self.scene.controls
        return not (c.kind is DecisionKind.BREW and len(c.buttons) > BREW_BUTTONS[cur.target])

    def _above_choices(self) -> None:
        """The bubble lies above a choice dialog opened after it (its keys first: Enter says "Got it")."""
        app = self.scene.app
        bubble = self.bubble
        if bubble is None or bubble not in app.scenes or app.scenes[-1] is bubble:
            return
        above = app.scenes[app.scenes.index(bubble) + 1:]
        if all(isinstance(s, ChoiceDialog) for s in above):
            app.pop(bubble)
            app.push(bubble)

    def overlays(self) -> list[object]:
        """The overlays over the table other than the bubble."""
        scenes = self.scene.app.scenes
        if self.scene not in scenes:
            return []
        return [s for s in scenes[scenes.index(self.scene) + 1:] if s is not self.bubble]

    def away(self) -> list[pygame.Rect] | None:
        """What the bubble must not touch (a choice dialog), or None while it must wait: another overlay (the
        round's results, a confirmation, the bag, the menu) is open: never two pop-ups at once."""
        out: list[pygame.Rect] = []
        for s in self.overlays():
            if not isinstance(s, ChoiceDialog):
                return None
            out.append(s.rect.copy())
        return out

    def text(self) -> str:
        cur = self.coach.current
        return Coach.text(cur, self.scene.g.cat, self.coach.script.opponent, tutorial_keys()) if cur is not None else ""

    def target(self) -> pygame.Rect | None:
        cur = self.coach.current
        return target_rect(self.scene, cur.target, self.coach.seat) if cur is not None else None

    def keep_clear(self) -> list[pygame.Rect]:
        """What the bubble should not cover: the pot in focus, its panel and the controls."""
        lay = self.scene.view.layout
        c, r = lay.pot_centre, lay.pot_radius
        return [pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), lay.actions.inflate(0, 60), lay.info]

    def buttons(self) -> list[pygame.Rect]:
        """The buttons the player answers with now (the bar's, Undo): the bubble keeps clear of them."""
        c = self.scene.controls
        return [b.rect.copy() for b in c.buttons] + ([c.undo.rect.copy()] if c.undo is not None else [])

    def texts(self) -> tuple[pygame.Rect, ...]:
        """Where the table's lines of text are now (read again whenever the table may have changed)."""
        sc = self.scene
        te = text_engine()
        shop = sc.controls.shop
        key = (sc.g.version, sc.view.layout.version, sc.focus, sc.controls.key, sc.turns.choice is not None,
               None if shop is None else (tuple(shop.cart), shop.cursor), i18n.language(), te.scale,
               sc.app.canvas_size, sc.waiting_text())
        if key != self._texts_key:
            surf = pygame.Surface(sc.app.canvas_size)
            sc.view.forget_background()  # drawn again under the recorder: the books' and board's words too
            with te.record(surf) as rec:
                sc.view.draw(surf, sc.g, sc.state(), sc.anim)
                sc.controls.draw(surf, sc.g, sc.waiting_text())
            self._texts = tuple(d.rect for d in rec.items)
            self._texts_key = key
        return self._texts

    def open_lessons(self) -> None:
        """The lessons list over this guided game (a lesson chosen there takes its place)."""
        open_scene(self.scene.app, Screen.LESSONS, replace=self.scene)

    def leave(self) -> None:
        open_scene(self.scene.app, Screen.CONFIRM, _("Leave the guide? The game goes on without it, and you can "
                                                     "open the rules (Esc, Rules) at any time."), self.coach.leave,
                   _("Leave the guide"), _("Keep the guide"))


def tutorial_keys() -> dict[str, str]:
    """The keys the guide's words name (``tutorial.script.KEY_FIELDS``), from the one table of keys."""
    return {"key_draw": key_label(Act.DRAW), "key_stop": key_label(Act.STOP), "key_buy": key_label(Act.CONFIRM),
            "key_bag": key_label(Act.BAG), "key_menu": key_label(Act.BACK), "key_next": key_label(Act.NEXT)}

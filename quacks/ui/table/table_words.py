"""What the table says besides its questions: the bar's line while no human at this screen decides, and each
seat's line from the round's fortune card as far as the beats have shown it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...i18n import _
from ...rules.game import Game
from ...session.match import Waits
from ...wording import text as W
from ...wording.beats import card_lines

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.table import TableScene


def waiting_text(scene: TableScene[Any]) -> str:
    """What the bar says while no human decides: the hot-seat reveal while it is held in view, a bot thinking,
    or a stir tick of several seats about to be revealed (never in a tick of one seat, as in a one-after-another
    game, and never once the tick is revealed)."""
    d = scene.driver
    g = scene.g
    thinking = d.thinking
    need = d.need()
    revealed = scene.turns.revealed
    if revealed and d.timer > 0 and thinking is None:
        return revealed
    if thinking is not None or need.kind in (Waits.BOT, Waits.ELSEWHERE):
        seat = thinking if thinking is not None else need.seats[0]
        return W.you_or(g.seats[seat].name, _("You are thinking…"), _("{name} is thinking…"))
    if need.kind is Waits.REVEAL and len(scene.match.queue) > 1:
        return _("Revealing the stir…")
    if scene.online is not None and need.kind is Waits.HUMAN and not need.seats:
        others = list(scene.match.waiting_elsewhere())
        gone = {s for s, _since in scene.online.state.away}
        if others and others[0] in gone:
            return _("Waiting for {name} to come back…").format(name=g.seats[others[0]].name)
        if others:
            return _("{name} is thinking…").format(name=g.seats[others[0]].name)
    return ""


class CardLines:
    """What each seat chose or got from the round's card, as far as the beats have shown (``wording/beats.py``),
    kept until the game, the beats shown or the language change: (seat, line, short line)."""

    def __init__(self) -> None:
        self._key: object = None
        self._lines: tuple[tuple[int, str, str], ...] = ()

    def __call__(self, g: Game, events_shown: int, language: str) -> tuple[tuple[int, str, str], ...]:
        key = (id(g), g.version, events_shown, language)
        if self._key != key:
            shown = g.events[:events_shown]
            short = dict(card_lines(g, shown, short=True))
            self._lines = tuple((seat, text, short.get(seat, text)) for seat, text in card_lines(g, shown))
            self._key = key
        return self._lines

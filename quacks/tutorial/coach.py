"""The coach of the guided game: which step shows, when it is done, and leaving the guide.

``observe`` is called after every change with the new engine events (and the seats the table asks for a choice
now, so that a step about a decision shows with its buttons); the first step not yet shown whose trigger holds
becomes current (one at a time, in the script's order). A step that waits "ok" holds the game
until ``ok``; one that waits "act" ends with the player's next choice (``acted``). ``leave`` ends the guide;
the game goes on without it.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..rules.catalogue import Catalogue
from ..rules.game import Game
from ..wording.data_text import step_text
from .script import KEY_FIELDS, Script, Step, Wait
from .triggers import CHECKS, Look


class Coach:
    def __init__(self, script: Script, seat: int) -> None:
        self.script = script
        self.seat = seat
        self.current: Step | None = None
        self.finished: list[str] = []
        self.left = False
        self._looked = False
        self._seen = 0  # events looked at so far

    @property
    def done(self) -> bool:
        return self.left or len(self.finished) == len(self.script.steps)

    @property
    def holds_game(self) -> bool:
        """The game waits while a step that wants "Got it" is showing."""
        return self.current is not None and self.current.wait is Wait.OK

    def observe(self, g: Game, asked: tuple[int, ...] | None = None) -> Step | None:
        """Look at the game after a change (and at the events since the last look); the step that shows now.
        ``asked``: the seats the table asks for a choice now (None: every seat that may act in the game)."""
        if self.left or self.current is not None:
            return self.current
        self._seen = min(self._seen, len(g.events))  # an undo can shorten the events
        look = Look(g, self.seat, g.events[self._seen:], set(self.finished), first=not self._looked, asked=asked)
        self._looked = True
        for st in self.script.steps:
            if st.id in self.finished:
                continue
            if CHECKS[st.when.kind](look, st.when.params):
                self.current = st  # the same events are looked at again next time: they may start more steps
                return st
        self._seen = len(g.events)
        return None

    def ok(self) -> None:
        self._finish()

    def acted(self) -> None:
        """The player made a choice: a step waiting for one is done."""
        if self.current is not None and self.current.wait is Wait.ACT:
            self._finish()

    def withdraw(self) -> None:
        """The step showing goes back unseen: the next look shows it again (a lesson hands its first step to the
        table this way, so that the table shows it as the guided game would, with its buttons)."""
        if self.current is not None:
            self.current = None
            if not self.finished:
                self._looked = False  # it came with the first look: the next one is a first look again

    def leave(self) -> None:
        self.left = True
        self.current = None

    def _finish(self) -> None:
        if self.current is not None:
            self.finished.append(self.current.id)
            self.current = None

    @staticmethod
    def text(step: Step, cat: Catalogue, opponent: str, keys: Mapping[str, str]) -> str:
        """The step's words with the game's own numbers and the names of the table's keys (``keys``: a name for each
        of ``script.KEY_FIELDS``, given by the table from its one table of keys)."""
        missing = [k for k in KEY_FIELDS if k not in keys]
        if missing:
            raise KeyError(f"the guided game's text needs the keys {', '.join(missing)}")
        ev = cat.events
        numbers = dict(rounds=ev.rounds, white_limit=ev.white_limit, droplet_cost=ev.droplet_cost,
                       flask_cost=ev.flask_cost, vp_coin_price=ev.vp_coin_price, vp_ruby_price=ev.vp_ruby_price,
                       opponent=opponent, **{k: keys[k] for k in KEY_FIELDS})
        try:  # in the player's language ...
            return step_text(step).format(**numbers)
        except (KeyError, IndexError, ValueError):  # ... unless its placeholders are wrong (check-data says so)
            return step.text.format(**numbers)

"""A served match as a window's table plays it (issue 22): the match the table's driver runs, fed by the host.

``ServedMatch`` is not a ``Match``: it has no seed, no streams and no bots, and inherits nothing from one (it
borrows one helper, ``session.match.undo_cut``). It has the driver's door (``DrivenMatch``,
``session/driven.py``), so the table's ``MatchDriver`` steps it and the table shows it as it shows a local game.
Here the steps are the host's. What the first player's replica got (``NetLink.take``, a ``link.Update``) waits in
``feed``, and the driver carries it out one step at a time, at the table's pace:

- a chance entry, this computer's own choice come back, and the draws and stops of a stir tick (revealed together,
  R22) are carried out at once (``Waits.HOST_ENTRY``);
- another computer's seat's choice (a player there or the host's bot) is shown at the pace the player chose, as a
  bot's is (``Waits.ELSEWHERE``);
- with nothing left to show, the seats of this computer that may act are asked (``Waits.HUMAN``); the others are
  waited for (``waiting_for``: the table shows them thinking).

A choice of this computer's player goes to the host (``intent``) and is carried out when it comes back in the
record; a draw or stop of a stir tick is kept hidden in ``tick`` until the host reveals the tick. Nothing here
samples chance or holds the seed: after the game the host's secret gives the seed back (``finished``), and the
replay and the statistics are written from a whole ``Match``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from ..ai.base import Bot, BotChoice
from ..rules import fast
from ..rules.actions import Action, IllegalAction
from ..rules.catalogue import Catalogue
from ..rules.game import Game
from ..rules.kinds import Phase
from ..rules.replay import apply_entry
from ..session.driven import DrivenMatch
from ..session.match import Match, Need, Waits, undo_cut
from ..session.setup import HUMAN, MatchSetup
from ..session.view import Replica

if TYPE_CHECKING:  # pragma: no cover - the link needs the network's libraries; a served match does not
    from .link import Update

_STIR = ("draw", "stop")


class Feed(Protocol):
    """What a ``ServedMatch`` needs of the network (``NetLink``)."""

    def take(self) -> Update | None: ...

    def intent(self, seat: int, action: str) -> None: ...

    def undo(self, seat: int) -> None: ...


def seat_choices(game: Game, tick: dict[str, Any], seat: int) -> list[Action]:
    """What ``seat`` may choose now, in the match's order (``Match._due``): a follow-up choice first (a pick, a
    return, ...), else the stir tick's draw or stop if the seat has not decided yet (``tick["decided"]``);
    nothing while a chance step is due, a revealed tick is being carried out, or the game is over."""
    if game.is_over or game.pending_chance() is not None or tick.get("revealed"):
        return []
    brew, other = fast.split_acting(game)
    if other:
        return list(game.legal_actions(seat)) if other[0] == seat else []
    if seat in brew and seat not in (tick.get("decided") or []):
        return list(game.legal_actions(seat))
    return []


class ServedMatch:
    """The table's match of a served game (module docstring). ``view`` is the first whole view (``seat_view``),
    ``mine`` the seats this computer plays, ``feed`` the link it is fed by."""

    def __init__(self, catalogue: Catalogue, view: dict[str, Any], mine: Sequence[int], feed: Feed) -> None:
        replica = Replica.from_view(catalogue, view)
        public = replica.setup
        self.mine = tuple(sorted(mine))
        self.setup = replace(public, seats=tuple(replace(s, kind=HUMAN) if i in self.mine else s
                                                 for i, s in enumerate(public.seats)))
        self.cat = catalogue
        self.game = replica.game
        self.link = feed
        self.feed: deque[tuple[object, ...]] = deque()  # the host's entries not carried out here yet
        self.host_tick: dict[str, Any] = dict(replica.tick)
        self.tick: dict[int, Action] = {}  # this computer's hidden stir decisions, sent to the host
        self.queue: list[tuple[int, Action]] = []  # (always empty: the host reveals the stir ticks)
        self.bots: dict[int, Bot] = {}  # (always empty: the host's bots decide at the host)
        self.asked: set[int] = set()  # seats whose choice was sent and is not answered yet
        self.rebased = False  # a whole view replaced the game (the driver starts again from it: ``take_rebased``)
        self.undo_asked: int | None = None  # the seat whose undo the host has not answered yet
        self.undo_refused = False  # the host refused it (the table says so: ``take_undo_refused``)

    # ------------------------------------------------------------------------------------------------
    # the seats

    @property
    def over(self) -> bool:
        return self.game.is_over

    def is_human(self, seat: int) -> bool:
        """A person decides for ``seat``: at this computer or at another."""
        return not self.setup.seats[seat].is_bot

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.setup.seats) if not s.is_bot]

    def local_humans(self) -> list[int]:
        """The seats this computer plays (``mine``; two or more: hot-seat on this computer)."""
        return list(self.mine)

    def reason(self, seat: int) -> None:
        """None: the host's bots' reasons stay at the host."""
        return None

    # ------------------------------------------------------------------------------------------------
    # the host's news

    def pull(self) -> None:
        """Take what the network got (``link.Update``): entries to carry out, or a whole view that replaces the
        game."""
        u = self.link.take()
        if u is None:
            return
        if u.view is not None:
            replica = Replica.from_view(self.cat, u.view)
            self.game = replica.game
            self.feed.clear()
            self.tick = {}
            self.asked = set()
            self.rebased = True
        self.feed.extend(u.entries)
        if u.tick:
            self.host_tick = dict(u.tick)
        if u.fresh:  # a new connection: what was sent and not answered is chosen again, unless the host holds it
            held = set(self.host_tick.get("decided") or [])
            self.asked.clear()
            self.tick = {s: a for s, a in self.tick.items() if s in held}
        if self.undo_asked is not None and (u.view is not None or self.undo_asked in u.refused):
            self.undo_refused = u.view is None  # a whole view answers an undo the host carried out
            self.undo_asked = None
        self.asked -= set(u.refused)
        for s in u.refused:
            self.tick.pop(s, None)

    def take_rebased(self) -> bool:
        """True once after a whole view replaced the game (``pull``): the driver goes on from it."""
        rebased, self.rebased = self.rebased, False
        return rebased

    def take_undo_refused(self) -> bool:
        """True once after the host refused the undo asked of it (``ask_undo``)."""
        refused, self.undo_refused = self.undo_refused, False
        return refused

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the game waits for now (with nothing left to show): this computer's and the others'."""
        if self.feed:
            return ()
        return tuple(s for s in range(self.game.n) if seat_choices(self.game, self.host_tick, s)
                     and s not in self.tick)

    def waiting_elsewhere(self) -> tuple[int, ...]:
        """The seats of other computers the game waits for (their people, or the host's bots thinking)."""
        return tuple(s for s in self.waiting_for() if s not in self.mine)

    def decided_elsewhere(self) -> frozenset[int]:
        """The seats whose stir decision the host holds (who, never what: R22)."""
        return frozenset(int(s) for s in self.host_tick.get("decided") or [])

    # ------------------------------------------------------------------------------------------------
    # the driver's questions, answered from the feed

    def need(self) -> Need:
        """The host's next entry (at once, or another computer's choice at a bot's pace); with none, this computer's
        seats that may choose (``Waits.HUMAN``; none: the game waits for another computer)."""
        self.pull()
        g = self.game
        if self.feed:
            entry = self.feed[0]
            if entry[0] == "act" and not self._at_once(entry):
                return Need(Waits.ELSEWHERE, (int(str(entry[1])),))
            return Need(Waits.HOST_ENTRY)
        if g.is_over:
            return Need(Waits.OVER)
        mine = tuple(s for s in self.waiting_for() if s in self.mine and s not in self.asked)
        return Need(Waits.HUMAN, mine)

    def _at_once(self, entry: tuple[object, ...]) -> bool:
        """This computer's own choice, or a draw or stop of a stir tick (all of a tick shows together, R22)."""
        seat = int(str(entry[1]))
        if seat in self.mine or str(entry[2]) not in _STIR:
            return seat in self.mine
        brew, other = fast.split_acting(self.game)
        return not other and seat in brew

    def step_host_entry(self) -> None:
        """The host's next entry, carried out now (``Waits.HOST_ENTRY``, ``Waits.ELSEWHERE``)."""
        entry = self.feed.popleft()
        apply_entry(self.game, entry)
        if entry[0] == "act":
            seat = int(str(entry[1]))
            self.asked.discard(seat)
            self.tick.pop(seat, None)

    def in_tick(self) -> bool:
        """Brewing with seats deciding draw or stop together (the host holds the tick; what it reveals comes as
        entries): the table hands the screen over between two players of this computer (R22)."""
        g = self.game
        return g.pending_chance() is None and g.phase is Phase.BREWING and bool(self.tick_seats())

    def tick_seats(self) -> list[int]:
        brew, other = fast.split_acting(self.game)
        return [] if other else brew

    def step_chance(self) -> None:
        """Never due: the host samples chance (its outcomes come as entries, ``Waits.HOST_ENTRY``)."""
        raise ValueError("the host samples the chance of a served game")

    def bot_decide(self, seat: int, game: Game | None = None) -> BotChoice:
        """Never due: the host's bots decide at the host (their choices come as entries, ``Waits.ELSEWHERE``)."""
        raise ValueError("a served game's bots decide at the host")

    def carry_out(self, seat: int, d: BotChoice) -> None:
        """Never due (``bot_decide``)."""
        raise ValueError("a served game's bots decide at the host")

    def submit(self, seat: int, action: Action | str) -> None:
        """This computer's player chooses: checked here, sent to the host, carried out when it comes back."""
        a = action if type(action) is Action else Action.parse(action)
        if seat not in self.mine or self.feed or a not in self.game.legal_actions(seat):
            raise IllegalAction(f"seat {seat + 1} cannot choose {a} now")
        if str(a) in _STIR and not fast.split_acting(self.game)[1]:
            self.tick[seat] = a  # hidden until the host reveals the tick
        self.asked.add(seat)
        self.link.intent(seat, str(a))

    def reveal_next(self) -> None:
        """Never due: the host reveals the stir ticks (their draws and stops come as entries, R22)."""
        raise ValueError("the host reveals the stir ticks of a served game")

    def undo_point(self, seat: int) -> int | None:
        """Where the host would cut the record to take back ``seat``'s last choice (``Match.undo_point``'s rule,
        which the host's room applies: a person elsewhere counts as a person), or None; never while the host's
        news is still being shown."""
        if seat not in self.mine or self.feed or seat in self.tick or seat in self.asked:
            return None  # (a choice of the seat on its way to the host: what it starts may have happened there)
        people = {i for i, s in enumerate(self.setup.seats) if not s.is_bot}
        if any(s != seat for s in self.tick) or any(int(s) != seat and int(s) in people
                                                      for s in self.host_tick.get("decided") or []):
            return None
        return undo_cut(self.game.record, seat, people.__contains__)

    def undone(self, seat: int) -> None:
        """None: the host takes the choice back (``ask_undo``) and sends the game as it is then."""
        return None

    def ask_undo(self, seat: int) -> bool:
        """Ask the host to take back ``seat``'s last choice; False if the rule does not allow it now."""
        if self.undo_point(seat) is None:
            return False
        self.undo_asked = seat
        self.link.undo(seat)
        return True

    def whole(self) -> None:
        """None: the host keeps the game (saves it); its whole match comes with the seed (``finished``)."""
        return None

    def finished(self, seed: int) -> Match:
        """The whole match once the host's secret has given the seed back: its replay and statistics are written
        from it (the seats of this computer as people here, the others as players elsewhere or bots)."""
        setup = MatchSetup(self.setup.game, self.setup.seats, seed)
        return Match(self.cat, setup, [tuple(e) for e in self.game.record])


_CONFORMS: type[DrivenMatch] = ServedMatch  # mypy checks that a served match has the driver's door

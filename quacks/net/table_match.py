"""A served match as a window's table plays it (issue 22): the ``Match`` the table's driver runs, fed by the host.

The table's ``MatchDriver`` steps a match and animates its events; here the steps are the host's. What the first
player's replica got (``NetLink.take``) waits in ``feed``, and the driver carries it out one step at a time, at
the table's pace, exactly as it carries out a local game:

- a chance entry, this computer's own choice, and the draws and stops of a stir tick (revealed together, R22)
  are steps that happen at once (``Waits.CHANCE``);
- another seat's choice (a player on another computer or the host's bot) is a bot's step (``Waits.BOT``): the
  driver shows it at the pace the player chose, as it shows a bot's;
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
from typing import Any, Protocol

from ..ai.base import BotChoice
from ..rules import fast
from ..rules.actions import Action, IllegalAction
from ..rules.catalogue import Catalogue
from ..rules.game import Game
from ..rules.kinds import Phase
from ..rules.replay import apply_entry
from ..session.match import Match, Need, Waits, undo_cut
from ..session.setup import HUMAN, MatchSetup
from ..session.view import Replica

_STIR = ("draw", "stop")


class Feed(Protocol):
    """What a ``NetMatch`` needs of the network (``NetLink``)."""

    def take(self) -> Any: ...

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


class NetMatch(Match):
    """The table's match of a served game (module docstring). ``view`` is the first whole view (``seat_view``),
    ``mine`` the seats this computer plays."""

    def __init__(self, catalogue: Catalogue, view: dict[str, Any], mine: Sequence[int], feed: Feed) -> None:
        # not Match.__init__: a served game has no seed here and no streams; everything else is as a Match has it
        replica = Replica.from_view(catalogue, view)
        public = replica.setup
        self.mine = tuple(sorted(mine))
        self.setup = replace(public, seats=tuple(replace(s, kind=HUMAN) if i in self.mine else s
                                                 for i, s in enumerate(public.seats)))
        self.public_setup = public
        self.cat = catalogue
        self.game = replica.game
        self.link = feed
        self.feed: deque[list[object]] = deque()  # the host's entries not carried out here yet
        self.host_tick: dict[str, Any] = dict(replica.tick)
        self.tick: dict[int, Action] = {}  # this computer's hidden stir decisions, sent to the host
        self.queue: list[tuple[int, Action]] = []
        self.asked: set[int] = set()  # seats whose choice was sent and is not answered yet
        self.bots = {}
        self.last_decision: dict[int, BotChoice] = {}
        self.unrecorded = 0
        self.acted = [0] * self.game.n
        self.rebased = False  # a whole view replaced the game (the driver starts again from it)
        self.undo_asked: int | None = None  # the seat whose undo the host has not answered yet
        self.undo_refused = False  # the host refused it (the table says so)
        self.bot_timer = None
        self.bot_times = None

    # ------------------------------------------------------------------------------------------------
    # the host's news

    def pull(self) -> None:
        """Take what the network got: entries to carry out, or a whole view that replaces the game."""
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

    def waiting_for(self) -> tuple[int, ...]:
        """The seats the game waits for now (with nothing left to show): this computer's and the others'."""
        if self.feed:
            return ()
        return tuple(s for s in range(self.game.n) if seat_choices(self.game, self.host_tick, s)
                     and s not in self.tick)

    # ------------------------------------------------------------------------------------------------
    # the driver's questions (Match's, answered from the feed)

    def need(self) -> Need:
        self.pull()
        g = self.game
        if self.feed:
            entry = self.feed[0]
            if entry[0] == "act" and not self._at_once(entry):
                return Need(Waits.BOT, (int(str(entry[1])),))
            return Need(Waits.CHANCE)
        if g.is_over:
            return Need(Waits.OVER)
        mine = tuple(s for s in self.waiting_for() if s in self.mine and s not in self.asked)
        return Need(Waits.HUMAN, mine)

    def _at_once(self, entry: list[object]) -> bool:
        """This computer's own choice, or a draw or stop of a stir tick (all of a tick shows together, R22)."""
        seat = int(str(entry[1]))
        if seat in self.mine or str(entry[2]) not in _STIR:
            return seat in self.mine
        brew, other = fast.split_acting(self.game)
        return not other and seat in brew

    def step_chance(self) -> None:
        """The next entry of the host, carried out now."""
        entry = self.feed.popleft()
        apply_entry(self.game, entry)
        if entry[0] == "act":
            seat = int(str(entry[1]))
            self.asked.discard(seat)
            self.tick.pop(seat, None)
            self.acted[seat] += 1

    def in_tick(self) -> bool:
        """Brewing with seats deciding draw or stop together (the host holds the tick; what it reveals comes as
        entries): the table hands the screen over between two players of this computer (R22)."""
        g = self.game
        return g.pending_chance() is None and g.phase is Phase.BREWING and bool(self.tick_seats())

    def tick_seats(self) -> list[int]:
        brew, other = fast.split_acting(self.game)
        return [] if other else brew

    def bot_decide(self, seat: int, game: Game | None = None) -> BotChoice:
        """Another seat's choice, as the host carried it out (the driver shows it at the table's pace)."""
        entry = self.feed[0]
        if entry[0] != "act" or int(str(entry[1])) != seat:
            raise ValueError(f"the host's next entry is not seat {seat + 1}'s choice")
        return BotChoice(Action.parse(str(entry[2])), "")

    def carry_out(self, seat: int, d: BotChoice) -> None:
        self.step_chance()

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
        raise ValueError("the host reveals the stir ticks of a served game")

    def reason(self, seat: int) -> None:
        return None

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

    def undone(self, seat: int) -> Match | None:
        """None: the host takes the choice back (``ask_undo``) and sends the game as it is then."""
        return None

    def ask_undo(self, seat: int) -> bool:
        """Ask the host to take back ``seat``'s last choice; False if the rule does not allow it now."""
        if self.undo_point(seat) is None:
            return False
        self.undo_asked = seat
        self.link.undo(seat)
        return True

    @property
    def state_number(self) -> int:
        return len(self.game.record)

    def to_data(self) -> dict[str, Any]:
        """The game as a save holds it, without its seed (a served game is saved on the host)."""
        return {"setup": self.public_setup.to_data(), "record": [list(e) for e in self.game.record], "tick": {},
                "queue": []}

    def finished(self, seed: int) -> Match:
        """The whole match once the host's secret has given the seed back: its replay and statistics are written
        from it (the seats of this computer as people here, the others as players elsewhere or bots)."""
        setup = MatchSetup(self.setup.game, self.setup.seats, seed)
        return Match(self.cat, setup, [tuple(e) for e in self.game.record])


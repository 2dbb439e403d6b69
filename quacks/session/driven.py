"""What the table's driver needs of a match: ``DrivenMatch``, the door between ``MatchDriver`` and a match.

Two kinds of match stand behind it, and neither is the other's subclass:

- ``Match`` (``session/match.py``): a game played at this computer, chance sampled from its seed, bots deciding
  here, an undo carried out here (``undone``), saved and recorded here (``whole``);
- ``ServedMatch`` (``net/served_match.py``): the window's copy of a game a host serves, fed by the host's record
  entries, without the seed; another computer's choice is shown as it comes (``Waits.ELSEWHERE``), an undo is asked
  of the host (``ask_undo``), and the whole match exists only once the host's secret gives the seed back
  (``finished``).

The driver reads ``need()`` and does what its wait names, each wait one thing (``Waits``):

- ``CHANCE``: ``step_chance`` samples it; ``REVEAL``: ``reveal_next`` carries out the stir tick's decisions (R22);
- ``BOT``: ``bot_decide`` (perhaps in a worker thread, on a copy of the game) then ``carry_out``;
- ``HOST_ENTRY`` / ``ELSEWHERE``: ``step_host_entry`` carries out the host's next entry, at once or at the pace of
  a bot's choice;
- ``HUMAN``: ``submit``; ``OVER``: nothing.

A match is never asked to do what its own ``need`` cannot name (a ``Match`` has no host's entries, a served match
has no bots or stir ticks of its own to reveal): those members raise ``ValueError``.

The rest is what the table shows and what differs between the kinds, asked here rather than of the kind: the seats
waited for or decided at other computers (``waiting_elsewhere``, ``decided_elsewhere``), the news of a served game
(``take_rebased``, ``take_undo_refused``), an undo asked of the host (``ask_undo``), and the match as this computer
keeps it (``whole``, ``finished``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, Self, TypeVar

from ..ai.base import Bot, BotChoice, Reason
from ..rules.actions import Action
from ..rules.game import Game
from .match import Need
from .setup import MatchSetup

if TYPE_CHECKING:  # pragma: no cover
    from .match import Match


class DrivenMatch(Protocol):
    """A match as ``MatchDriver`` and the table drive and show it (module docstring)."""

    # ------------------------------------------------------------------------------------------------
    # what is shown

    @property
    def game(self) -> Game:
        """The game as it stands (the driver and the table read it; only the match changes it)."""

    @property
    def setup(self) -> MatchSetup:
        """The seats (names, colours, who plays them) and the game's options."""

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The seats whose bot decides at this computer."""

    @property
    def tick(self) -> Mapping[int, Action]:
        """The stir decisions taken at this computer and still hidden (R22: shown as "decided" until revealed)."""

    @property
    def queue(self) -> Sequence[tuple[int, Action]]:
        """A revealed stir tick's decisions still to be carried out, in seat order (R22)."""

    def is_human(self, seat: int) -> bool:
        """A person decides for ``seat`` (here or at another computer)."""

    def humans(self) -> list[int]:
        """The seats a person decides for, here or at another computer."""

    def local_humans(self) -> list[int]:
        """The seats a person decides for at this screen (more than one: hot-seat)."""

    def reason(self, seat: int) -> Reason | None:
        """The reason of a bot's latest choice (None: none yet, or not a bot of this computer)."""

    def in_tick(self) -> bool:
        """Brewing, with seats deciding draw or stop together (R22)."""

    def tick_seats(self) -> list[int]:
        """The seats deciding in this stir tick."""

    def waiting_elsewhere(self) -> tuple[int, ...]:
        """The seats the game waits for that are played at another computer (its people, or the host's bots)."""

    def decided_elsewhere(self) -> frozenset[int]:
        """The seats at another computer whose stir decision is taken and hidden (who, never what: R22)."""

    # ------------------------------------------------------------------------------------------------
    # moving on (``need`` names the wait; the driver does what it says)

    def need(self) -> Need:
        """What the match waits for now, and from which seats."""

    def step_chance(self) -> None:
        """``Waits.CHANCE``: sample the chance step due."""

    def reveal_next(self) -> None:
        """``Waits.REVEAL``: carry out the next revealed stir decision (R22)."""

    def bot_decide(self, seat: int, game: Game | None = None) -> BotChoice:
        """``Waits.BOT``: the bot's choice for ``seat`` (on ``game``, a copy, when a worker thread asks)."""

    def carry_out(self, seat: int, d: BotChoice) -> None:
        """``Waits.BOT``: carry out the bot's choice ``d``."""

    def step_host_entry(self) -> None:
        """``Waits.HOST_ENTRY`` and ``Waits.ELSEWHERE``: carry out the host's next record entry."""

    def submit(self, seat: int, action: Action | str) -> None:
        """``Waits.HUMAN``: a person's choice (``IllegalAction`` if it is not legal now)."""

    # ------------------------------------------------------------------------------------------------
    # undo (table.md: "Undo for every step that reveals nothing random ... until it is confirmed")

    def undo_point(self, seat: int) -> int | None:
        """Where the record would be cut to take back ``seat``'s last choice, or None if it cannot be."""

    def undone(self, seat: int) -> Self | None:
        """The match as it was before ``seat``'s last choice, made here; None if it cannot be, or is not made here
        (``ask_undo``)."""

    def ask_undo(self, seat: int) -> bool:
        """Ask whoever keeps the game to take back ``seat``'s last choice; True if it was asked (the game comes back
        replaced, ``take_rebased``, or the refusal, ``take_undo_refused``). False: nothing was asked (a match kept
        here takes its undo back itself, ``undone``; or the rule does not allow it now)."""

    def take_undo_refused(self) -> bool:
        """True once after the keeper of the game refused an undo asked of it (the table says so)."""

    def take_rebased(self) -> bool:
        """True once after the game was replaced by a whole new state of it (the driver starts again from it)."""

    # ------------------------------------------------------------------------------------------------
    # the match as this computer keeps it

    def whole(self) -> Match | None:
        """The match with its seed, as a save, a replay and the statistics need it; None while this computer does not
        have it (a served game: ``finished``)."""

    def finished(self, seed: int) -> Match:
        """The whole match once the game's seed is known (a served game: the host's secret gave it back)."""


#: A match of one kind behind the door (``MatchDriver[M]``: the driver of a ``Match`` hands back a ``Match``).
M = TypeVar("M", bound=DrivenMatch)

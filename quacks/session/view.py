"""What one seat may see of a match, as plain data, and a client's replica of the game built from it (issue 21).

A client of a served match never holds the seed and never runs chance. It keeps a *replica*: a ``Game`` built
from the public setup (``MatchSetup.public_data``: the seed replaced by None) and the record. Every chance
entry of the record carries its outcome, and the host sends an entry only once it has happened, so replaying
the record gives the host's game exactly. What never leaves the host: the seed, the streams (so every future
draw), and what the other seats chose in the open stir tick before the reveal (R22: only *who* has decided is
public).

A view (``seat_view``) is JSON-safe::

    {"seat": the seat it is for (None: a spectator, the public),
     "setup": the public setup,
     "record": [["act", seat, action] | ["chance", kind, seat or None, outcome], ...],
     "state": the match's state number,
     "tick": {"decided": [seats that have decided in the open stir tick],
              "mine": the draw or stop ``seat`` chose in it, or None,
              "revealed": [[seat, action], ...] the decisions of the closed tick not yet carried out},
     "over": whether the game is over}

The *state number* (``Match.state_number``) grows with every change a seat can see: each record entry and each
change that adds none (a hidden stir-tick decision, a revealed decision skipped as no longer legal). An update
(``seat_update``) carries the record entries since the last one the client holds, with the state number and the
tick as they are now.

The *view hash* is SHA-256 over a canonical JSON (sorted keys, no spaces) of what the seat sees: the game's
``state_json``, the state number, the seat's tick and whether the game is over. Not the raw record, so a client
computes it from its replica (``Replica.hash``) and the host from its own game (``seat_hash``): equal hashes
say the client sees exactly what it should.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..content.loader import default_catalogue
from ..rules.catalogue import Catalogue
from ..rules.game import Game
from ..rules.replay import apply_entry
from ..rules.snapshot import state_json
from .match import Match
from .setup import MatchSetup

__all__ = ["Replica", "entry_data", "public_tick", "seat_hash", "seat_hashes", "seat_update", "seat_view",
           "view_hash"]

_DECISIONS = ("draw", "stop")  # what a stir tick holds


def entry_data(entry: Sequence[Any]) -> list[object]:
    """A record entry as JSON-safe data: ["act", seat, action] or ["chance", kind, seat or None, outcome]."""
    if entry[0] == "act":
        return ["act", int(entry[1]), str(entry[2])]
    if entry[0] == "chance":
        return ["chance", str(entry[1]), None if entry[2] is None else int(entry[2]), str(entry[3])]
    raise ValueError(f"unknown record entry {entry!r}")


def public_tick(match: Match, seat: int | None) -> dict[str, object]:
    """What the table may show ``seat`` of the stir tick (None: what everyone may see; hot-seat: what the seat
    whose turn it is at the shared screen may see): who has decided, ``seat``'s own choice, and the decisions of a
    tick already revealed. Nothing another seat chose in the open tick is in it."""
    mine = match.tick.get(seat) if seat is not None else None
    return {
        "decided": sorted(match.tick),
        "mine": None if mine is None else str(mine),
        "revealed": [[s, str(a)] for s, a in match.queue],
    }


def seat_view(match: Match, seat: int | None) -> dict[str, object]:
    """What ``seat`` may see of ``match`` (None: a spectator, the public), as JSON-safe data (module docstring)."""
    return {
        "seat": seat,
        "setup": match.setup.public_data(),
        "record": [entry_data(e) for e in match.game.record],
        "state": match.state_number,
        "tick": public_tick(match, seat),
        "over": match.over,
    }


def seat_update(match: Match, seat: int | None, since: int) -> dict[str, object]:
    """What ``seat`` needs to catch up from a record of ``since`` entries (``Replica.apply_update``): the entries
    after those, the state number, the seat's tick and whether the game is over."""
    record = match.game.record
    if not 0 <= since <= len(record):
        raise ValueError(f"the record has {len(record)} entries, not {since}")
    return {
        "from": since,
        "entries": [entry_data(e) for e in record[since:]],
        "state": match.state_number,
        "tick": public_tick(match, seat),
        "over": match.over,
    }


def _game_text(game: Game) -> str:
    return json.dumps(state_json(game), sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _digest(game_text: str, state: int, tick: dict[str, object], over: bool) -> str:
    """The view hash (module docstring): SHA-256 of the canonical JSON of {"game": the game's ``state_json``,
    "over", "state", "tick"}, written out here in its sorted order so that the game's text is made once for all
    the seats (``seat_hashes``)."""
    tick_text = json.dumps(tick, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    text = f'{{"game":{game_text},"over":{"true" if over else "false"},"state":{int(state)},"tick":{tick_text}}}'
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def seat_hash(match: Match, seat: int | None) -> str:
    """``view_hash(seat_view(match, seat))`` from the host's own game: one ``state_json``, no replay."""
    return _digest(_game_text(match.game), match.state_number, public_tick(match, seat), match.over)


def seat_hashes(match: Match, seats: Iterable[int | None]) -> dict[int | None, str]:
    """``seat_hash`` for each of ``seats``, the game's ``state_json`` made once."""
    game_text = _game_text(match.game)
    return {s: _digest(game_text, match.state_number, public_tick(match, s), match.over) for s in seats}


def view_hash(view: dict[str, Any], catalogue: Catalogue | None = None, game: Game | None = None) -> str:
    """The hash of what ``view`` shows (module docstring). The game it shows is ``game`` if given (the host's own,
    or a replica already built), else the view's record is replayed on ``catalogue`` (the game's own data if none
    is given): a whole replay, so a host hashes its own game (``seat_hash``) and a client its ``Replica``."""
    if game is None:
        return Replica.from_view(catalogue or default_catalogue(), view).hash()
    return _digest(_game_text(game), _state(view["state"]), _tick(view["tick"]), game.is_over)


# ------------------------------------------------------------------------------------------------
# the client's side


class Replica:
    """A client's copy of a served match: the game replayed from the public setup and the record, with the state
    number and the seat's tick as the host last sent them. It never samples chance: every outcome comes in the
    record. An entry the game refuses raises (``IllegalAction``, a ``ValueError``); the replica is then out of step
    and the client takes a whole view again."""

    def __init__(self, catalogue: Catalogue, setup: MatchSetup, seat: int | None = None) -> None:
        if not setup.is_replica:
            raise ValueError("a replica is built from the public setup, without the seed")
        self.setup = setup
        self.seat = seat
        self._game = Game(catalogue, setup.game)
        self.state = 0
        self.tick: dict[str, object] = {"decided": [], "mine": None, "revealed": []}
        self._hashed: tuple[int, int, str, str] | None = None  # (game version, state, tick text, hash)

    @classmethod
    def from_view(cls, catalogue: Catalogue, view: dict[str, Any]) -> Replica:
        """The replica of a whole view (``seat_view``)."""
        seat = view.get("seat")
        if seat is not None and type(seat) is not int:
            raise ValueError(f"a view is for a seat number or nobody, not {str(seat)[:40]!r}")
        r = cls(catalogue, MatchSetup.from_public_data(view["setup"]), seat)
        r.apply(view["record"], view["state"], view["tick"])
        return r

    @property
    def game(self) -> Game:
        """The replayed game (the table draws it; do not change it)."""
        return self._game

    @property
    def over(self) -> bool:
        return self._game.is_over

    @property
    def record_length(self) -> int:
        """How many record entries the replica holds (an update's ``from``)."""
        return len(self._game.record)

    def apply(self, entries: Iterable[Sequence[Any]], state: int, tick: dict[str, Any]) -> None:
        """The record entries after those the replica holds, then the state number and the tick as they are now."""
        state = _state(state)
        tick = _tick(tick)
        g = self._game
        for entry in entries:
            if not isinstance(entry, (list, tuple)) or len(entry) not in (3, 4):
                raise ValueError(f"a record entry is a list of 3 or 4 items, not {str(entry)[:60]!r}")
            apply_entry(g, entry)
        self.state = state
        self.tick = tick

    def apply_update(self, update: dict[str, Any]) -> None:
        """An update (``seat_update``); ValueError if it does not start where the replica's record ends."""
        start = update["from"]
        if start != self.record_length:
            raise ValueError(f"the update starts at entry {start}, the replica holds {self.record_length}")
        self.apply(update["entries"], update["state"], update["tick"])

    def hash(self) -> str:
        """``seat_hash`` of the host for this seat at the same moment (cached until something changes)."""
        tick_text = json.dumps(self.tick, sort_keys=True)
        key = (self._game.version, self.state, tick_text)
        h = self._hashed
        if h is not None and h[:3] == key:
            return h[3]
        digest = _digest(_game_text(self._game), self.state, self.tick, self._game.is_over)
        self._hashed = (*key, digest)
        return digest

    def view(self) -> dict[str, object]:
        """The view the replica holds, as ``seat_view`` gives it."""
        return {
            "seat": self.seat,
            "setup": self.setup.public_data(),
            "record": [entry_data(e) for e in self._game.record],
            "state": self.state,
            "tick": dict(self.tick),
            "over": self.over,
        }


def _state(state: object) -> int:
    if type(state) is not int or state < 0:
        raise ValueError(f"a state number is a whole number from 0, not {str(state)[:40]!r}")
    return state


def _seats(value: object, what: str) -> list[int]:
    if not isinstance(value, list) or any(type(s) is not int or s < 0 for s in value):
        raise ValueError(f"{what} is a list of seat numbers, not {str(value)[:60]!r}")
    return list(value)


def _tick(tick: object) -> dict[str, object]:
    """A view's tick checked (data from another computer) and copied: {"decided", "mine", "revealed"}."""
    if not isinstance(tick, dict) or set(tick) != {"decided", "mine", "revealed"}:
        raise ValueError(f"a stir tick has decided, mine and revealed, not {str(tick)[:60]!r}")
    decided = _seats(tick["decided"], "a tick's decided seats")
    mine = tick["mine"]
    if mine is not None and mine not in _DECISIONS:
        raise ValueError(f"a seat's choice in a stir tick is draw or stop, not {str(mine)[:40]!r}")
    revealed = tick["revealed"]
    if not isinstance(revealed, list) or any(
            not isinstance(x, list) or len(x) != 2 or type(x[0]) is not int or x[1] not in _DECISIONS
            for x in revealed):
        raise ValueError(f"a tick's revealed decisions are [seat, draw or stop] pairs, not {str(revealed)[:60]!r}")
    return {"decided": decided, "mine": mine, "revealed": [[int(s), str(a)] for s, a in revealed]}

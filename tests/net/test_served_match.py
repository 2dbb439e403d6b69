"""The served match behind the driver's door (issue 31 §3): ``ServedMatch`` is not a ``Match`` and has every member of
``DrivenMatch``; each wait means one thing (``Waits.HOST_ENTRY``: the host's next entry carried out at once,
``Waits.ELSEWHERE``: another computer's choice shown at the pace of a bot's); the window's copy is fed a frozen
``Update``; nothing in ``quacks/ui`` asks which kind of match it has. No network: a host's ``Match`` here, its
record fed to the served match as the link would feed it."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

from quacks.ai.levels import make_bot
from quacks.content.loader import default_catalogue
from quacks.net.link import Update, _Gathered
from quacks.net.served_match import ServedMatch
from quacks.rules.config import GameConfig
from quacks.session.driven import DrivenMatch
from quacks.session.driver import PACE, MatchDriver
from quacks.session.match import Match, MatchSetup, Waits
from quacks.session.setup import HUMAN, REMOTE, SeatSpec
from quacks.session.view import entry_data, seat_view

ROOT = Path(__file__).resolve().parents[2]


class FakeFeed:
    """The link as the served match sees it (``Feed``): the updates given to it, and what was sent."""

    def __init__(self) -> None:
        self.updates: list[Update] = []
        self.sent: list[tuple[str, int, str]] = []

    def take(self) -> Update | None:
        return self.updates.pop(0) if self.updates else None

    def intent(self, seat: int, action: str) -> None:
        self.sent.append(("intent", seat, action))

    def undo(self, seat: int) -> None:
        self.sent.append(("undo", seat, ""))


def hosted(entries: int) -> tuple[Match, ServedMatch, FakeFeed]:
    """The host's match (Ann here, Bob at another computer, both played by a Normal bot) with at least ``entries``
    record entries, and Ann's served match from the game's first view (nothing fed yet)."""
    cat = default_catalogue()
    setup = MatchSetup(GameConfig(seats=("Ann", "Bob")), (SeatSpec("Ann", "amber", HUMAN),
                                                          SeatSpec("Bob", "teal", REMOTE)), 7)
    host = Match(cat, setup)
    feed = FakeFeed()
    served = ServedMatch(cat, seat_view(host, 0), (0,), feed)
    bot, rng = make_bot("normal"), random.Random(1)
    for _ in range(500):
        if len(host.game.record) >= entries:
            break
        host.run_until_human()
        seat = host.need().seats[0]
        host.submit(seat, bot.decide(host.game, seat, list(host.game.legal_actions(seat)), rng).action)
    assert len(host.game.record) >= entries
    return host, served, feed


def give(feed: FakeFeed, host: Match, start: int, end: int) -> None:
    """The host's record entries ``start``..``end`` as one update of the link."""
    entries = tuple(tuple(entry_data(e)) for e in host.game.record[start:end])
    feed.updates.append(Update(entries=entries, state=end))


def catch_up(d: MatchDriver[ServedMatch], length: int) -> None:
    """Drive the table (at once, the round's results closed) until its game's record is ``length`` long."""
    for _ in range(500):
        if len(d.game.record) >= length:
            return
        d.update(0.05)
        if d.round_done is not None:
            d.ack_round()
    raise AssertionError(f"the table did not get to entry {length}")


def test_the_served_match_is_not_a_match_and_has_every_member_of_the_drivers_door() -> None:
    """(mypy checks the types: ``net/served_match.py`` assigns the class to ``type[DrivenMatch]``.)"""
    assert not issubclass(ServedMatch, Match)
    assert Match not in ServedMatch.__mro__
    members = sorted(n for n in vars(DrivenMatch) if not n.startswith("_"))
    assert {"need", "step_host_entry", "whole", "finished", "ask_undo", "waiting_elsewhere"} <= set(members)
    host, served, _feed = hosted(0)
    for m in (host, served):
        missing = [n for n in members if not hasattr(m, n)]
        assert not missing, f"{type(m).__name__} lacks {missing}"
        for n in members:
            if callable(getattr(DrivenMatch, n)):
                assert callable(getattr(m, n)), f"{type(m).__name__}.{n} is not a method"


def test_host_entry_the_hosts_next_entry_is_carried_out_at_once() -> None:
    """A chance outcome and this computer's own choice come back as ``Waits.HOST_ENTRY``: carried out in the same
    update, even while the pace of a bot's step is still running (never ``Waits.CHANCE``: nothing is sampled
    here)."""
    host, served, feed = hosted(3)
    assert [e[0] for e in host.game.record[:3]] == ["chance", "act", "chance"] and host.game.record[1][1] == 0
    give(feed, host, 0, 3)
    need = served.need()
    assert need.kind is Waits.HOST_ENTRY and need.seats == ()
    d = MatchDriver(served, pace="instant", threaded=False)  # (the round's first beats pass at once)
    d.timer = 5.0  # the pace after a bot's step still running: a host's entry does not wait for it
    d.update(0.0)
    assert [tuple(entry_data(e)) for e in served.game.record] == [tuple(entry_data(e)) for e in
                                                                  host.game.record[:3]]
    assert d.timer == pytest.approx(5.0)


def test_elsewhere_another_computers_choice_is_shown_at_a_bots_pace() -> None:
    """Bob's purchases (another computer's seat, in the shop: not a stir decision revealed with its tick, R22) are
    ``Waits.ELSEWHERE``: the first is shown, then the next waits the pace the player chose, as a bot's would; the
    table's turn is nobody's meanwhile."""
    host, served, feed = hosted(40)
    record = host.game.record
    shop = next(i for i, e in enumerate(record) if e[0] == "act" and e[1] == 1 and str(e[2]).startswith("buy"))
    assert record[shop + 1][0] == "act" and record[shop + 1][1] == 1  # Bob spends a flask after buying
    d = MatchDriver(served, pace="instant", threaded=False)
    give(feed, host, 0, shop)
    catch_up(d, shop)
    d.pace_name = "slow"
    give(feed, host, shop, shop + 2)
    need = served.need()
    assert need.kind is Waits.ELSEWHERE and need.seats == (1,)
    d.update(0.0)
    assert len(served.game.record) == shop + 1  # the purchase shown, the flask waits its turn
    assert d.timer == pytest.approx(PACE["slow"])
    assert served.need().kind is Waits.ELSEWHERE and d.busy() and d.human_turn() == ()
    d.update(PACE["slow"] - 0.1)
    assert len(served.game.record) == shop + 1
    d.update(0.2)
    assert len(served.game.record) == shop + 2
    assert tuple(entry_data(served.game.record[-1])) == tuple(entry_data(record[shop + 1]))


def test_each_kind_refuses_the_waits_its_need_never_names() -> None:
    """A match played here has no host's entries; a served match samples no chance, has no bots and reveals no stir
    tick (the host does): asked anyway, each says so loudly rather than doing something else."""
    host, served, _feed = hosted(0)
    with pytest.raises(ValueError, match="no host"):
        host.step_host_entry()
    for call in (served.step_chance, served.reveal_next, lambda: served.bot_decide(1)):
        with pytest.raises(ValueError, match="host"):
            call()


def test_what_differs_is_asked_of_the_match() -> None:
    """The table asks, never checks the kind: a match here keeps itself (``whole``), takes its undo back itself
    (``ask_undo`` False) and has no news from a host; a served match has no whole match before the seed, asks the
    host for an undo, and says once that a whole view replaced its game."""
    host, served, feed = hosted(3)
    assert host.whole() is host and not host.ask_undo(0) and not host.take_rebased()
    assert host.waiting_elsewhere() == () or all(host.is_remote(s) for s in host.waiting_elsewhere())
    assert served.whole() is None and served.local_humans() == [0]
    feed.updates.append(Update(view=seat_view(host, 0), state=3))
    served.need()
    assert served.take_rebased() and not served.take_rebased()
    assert served.game.record == host.game.record
    whole = served.finished(7)
    assert isinstance(whole, Match) and whole.game.record == host.game.record and whole.finished(7) is whole


def test_the_update_the_link_hands_over_is_frozen_and_its_own() -> None:
    """``NetLink.take`` hands a frozen ``Update`` made from the gathered news: changing what the network's thread
    gathers next does not change an update already handed over."""
    gathered = _Gathered(entries=[["act", 0, "draw"]], tick={"decided": [1]}, state=4, refused={1}, changed=True)
    u = gathered.event()
    assert u.entries == (("act", 0, "draw"),) and u.refused == frozenset({1}) and u.state == 4
    gathered.entries[0].append("x")
    gathered.refused.add(0)
    gathered.tick["decided"] = []
    assert u.entries == (("act", 0, "draw"),) and u.refused == frozenset({1}) and u.tick == {"decided": [1]}
    with pytest.raises(dataclasses.FrozenInstanceError):
        u.state = 5  # type: ignore[misc]


def test_nothing_in_the_window_asks_which_kind_of_match_it_has() -> None:
    """No ``isinstance`` against a kind of match anywhere in ``quacks/ui``: what differs is asked of the match."""
    kinds = {"Match", "ServedMatch", "NetMatch", "DrivenMatch"}
    found = []
    for path in sorted((ROOT / "quacks" / "ui").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
                names = {n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node.args[1])
                         if isinstance(n, (ast.Name, ast.Attribute))}
                if names & kinds:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found

"""The host's Room without sockets (issue 21): refusals, turns, undo, acknowledgements, away seats, kept on disk."""

from __future__ import annotations

import json

import pytest

from quacks.content.loader import default_catalogue
from quacks.net import protocol as p
from quacks.net.room import LOBBY, OVER, PLAYING, Room, RoomRefusal
from quacks.rules.config import GameConfig
from quacks.session.setup import REMOTE, SeatSpec
from quacks.version import __version__

CAT = default_catalogue()
NONCE = "cd" * 16


def room_of(*kinds: str, clock: list[float] | None = None, secret: str = "07" * 32) -> Room:
    """A room whose host secret is fixed, so its seed and every game in these tests are the same on every run
    (a random secret left about one run in twelve of the undo test without an action it could take back)."""
    names = tuple(f"Seat {i + 1}" for i in range(len(kinds)))
    seats = tuple(SeatSpec(n, c, k) for n, c, k in zip(names, ("amber", "teal", "plum", "moss"), kinds, strict=False))
    t = clock if clock is not None else [0.0]
    room = Room(CAT, GameConfig(seats=names), seats, secret=secret, join_secret=bytes(5), clock=lambda: t[0])
    room.rules = "ab" * 32
    return room


def hello(room: Room, *, token: str | None = None, secret: str | None = "00" * 5, name: str = "Ann",
          protocol: int = p.PROTOCOL_VERSION, game: str = __version__, rules: str | None = None,
          nonce: str = NONCE) -> p.Hello:
    return p.Hello(protocol, game, rules or room.rules, token, secret, name, None, nonce)


@pytest.mark.parametrize(("change", "reason"), [
    ({"protocol": p.PROTOCOL_VERSION + 1}, "protocol"),
    ({"game": "0.0.1"}, "game-version"),
    ({"rules": "ef" * 32}, "rules"),
    ({"secret": "11" * 5}, "bad-secret"),
    ({"secret": None}, "bad-secret"),
    ({"token": "12" * 16}, "bad-token"),
])
def test_a_hello_is_refused_with_its_reason(change: dict[str, object], reason: str) -> None:
    room = room_of(REMOTE, "normal")
    with pytest.raises(RoomRefusal) as e:
        room.hello(hello(room, **change))  # type: ignore[arg-type]
    assert e.value.reason == reason and e.value.message().reason == reason
    assert e.value.detail and "Traceback" not in e.value.detail


def test_a_game_in_the_room_turns_intents_undo_acks_and_the_reveal() -> None:
    room = room_of(REMOTE, "normal")
    assert room.phase == LOBBY and room.free_seats() == [0]
    guest = room.hello(hello(room))
    assert isinstance(room.welcome(guest)[0], p.Welcome) and room.ready()
    assert isinstance(room.updates([0])[0][1], p.Lobby)
    room.start()
    assert room.phase == PLAYING and room.waiting_for() == (0,)
    with pytest.raises(RoomRefusal):  # the game has started: no new players
        room.hello(hello(room, name="Late"))
    m = room.match
    assert m is not None
    assert room.act(1, "draw", room.state) is not None  # not its turn (a bot's seat)
    error = room.act(0, "no-such-verb", room.state)
    assert error is not None and error.reason == "illegal"
    stale = room.act(0, "draw", room.state + 5)
    assert stale is not None and stale.reason == "stale"
    assert room.undo(0) is not None  # nothing to take back
    room.ack(0, "card", 1)
    room.ack(0, "card", 1)
    assert room.repeated_acks == 1
    # the guest comes back: what it acknowledged comes first
    again = room.hello(hello(room, token=guest.token, secret=None))
    first = room.welcome(again)
    assert isinstance(first[0], p.Acks) and first[0].seen == (("card", 1),) and isinstance(first[1], p.Welcome)
    steps = 0
    while room.phase == PLAYING:
        g = m if room.match is None else room.match
        actions = g.game.legal_actions(0)
        choice = "stop" if "stop" in [str(a) for a in actions] and steps % 3 == 0 else str(actions[0])
        assert room.act(0, choice, room.state) is None
        steps += 1
        for _seat, msg in room.updates([0]):
            json.loads(msg.to_json())
    assert room.phase == OVER
    last = room.updates([0])
    assert any(isinstance(msg, p.Reveal) for _, msg in last) and room.all_revealed()


def test_an_away_seat_is_handed_to_a_bot_and_back_and_the_room_survives_a_restart() -> None:
    clock = [100.0]
    room = room_of(REMOTE, REMOTE, "easy", clock=clock)
    a = room.hello(hello(room, name="Ann"))
    room.hello(hello(room, name="Bob", nonce="ef" * 16))
    room.start()
    room.lost(a.seat)
    clock[0] += 30
    assert room.away() == {a.seat: 30}
    with pytest.raises(ValueError):
        room.hand_to_bot(a.seat, "grandmaster")
    room.hand_to_bot(a.seat, "normal")
    assert room.match is not None and a.seat in room.match.bots
    assert a.seat not in room.waiting_for()  # the bot plays it
    data = json.loads(json.dumps(room.to_data()))
    again = Room.from_data(CAT, data, clock=lambda: clock[0])
    assert again.secret == room.secret and again.nonces() == room.nonces()
    assert again.match is not None and again.match.game.record == room.match.game.record
    assert a.seat in again.match.bots  # still a bot's, until its player comes back
    back = again.hello(hello(again, token=a.token, secret=None))
    assert back.seat == a.seat and again.match is not None and a.seat not in again.match.bots


def test_undo_takes_back_the_seats_last_action_and_the_state_number_never_repeats() -> None:
    """Undo over the network follows the table's rule (``Match.undo_point``): the acting seat's own last action,
    never across a draw, reveal or roll; the record is cut, the state number goes on, every guest gets a whole
    view."""
    room = room_of(REMOTE, "normal")
    room.hello(hello(room))
    room.start()
    undone = 0
    seen_states: list[int] = [room.state]
    while room.phase == PLAYING and undone < 3:
        m = room.match
        assert m is not None
        actions = [str(a) for a in m.game.legal_actions(0)]
        choice = "stop" if "stop" in actions and len(seen_states) % 4 == 0 else actions[-1]
        assert room.act(0, choice, room.state) is None
        seen_states.append(room.state)
        m = room.match
        assert m is not None
        if m.undo_point(0) is not None:
            record = len(m.game.record)
            before = room.state
            assert room.undo(0) is None
            assert room.match is not None and len(room.match.game.record) < record
            assert room.state > before  # never a number a client has seen
            assert isinstance(room.updates([0])[0][1], p.ViewMessage)
            undone += 1
    assert undone >= 1

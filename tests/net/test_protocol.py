"""The wire protocol (quacks/net/protocol.py): every message round-trips through JSON, and every kind of
hostile or broken input is refused with its reason, never with another exception (issue 21)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quacks.content.loader import default_catalogue
from quacks.devtools.tournament import play_match
from quacks.net import protocol as p
from quacks.net.protocol import ProtocolError, parse_client, parse_host
from quacks.rules.config import GameConfig
from quacks.rules.replay import replay

H64 = "0123456789abcdef" * 4
H32 = "fedcba9876543210" * 2
VIEW = {"round": 3, "seats": [{"name": "Ann", "score": 12, "bag": {"white-1": 4}}], "nested": [[1, 2.5], None, True]}

CLIENT_SAMPLES: list[p.ClientMessage] = [
    p.Hello(p.PROTOCOL_VERSION, "0.1.0", H64, None, "00ff00ff00", "Ann", "teal", H64),
    p.Hello(p.PROTOCOL_VERSION, "0.1.0", H64, H32, None, "Hildegard von Bingen", None, H64),
    p.Pledge(H64),
    p.Nonce(3, H32),
    p.Intent(2, "buy green-2 blue-2", 1234),
    p.Undo(0, 17),
    p.Ack(3, "results", 9),
    p.Ack(1, "card", 1),
    p.Here(2),
    p.Resync(),
    p.Bye(),
]
HOST_SAMPLES: list[p.HostMessage] = [
    p.Welcome((0, 2), H32, H64, (), 0, p.view_hash({}), {}),
    p.Welcome((1,), H32, H64, (H64, "ab" * 32), 40, p.view_hash(VIEW), VIEW),
    p.Refused("full", "Every seat of this room is taken."),
    p.Error("stale", "The game moved on: here is the table as it is now.", 41),
    p.ViewMessage(41, p.view_hash(VIEW), VIEW),
    p.Event(43, H64, 0, (("act", 0, "draw"), ("chance", "draw", 0, "white-1")), p.Tick((0, 1), "stop", ((2, "draw"),)),
            {2: 31}),
    p.Event(44, H64, 1, (("chance", "fortune", None, "choose-wisely"),), p.Tick((), None, ()), {}),
    p.Lobby((p.LobbySeat("Ann", "amber", "human", True, False), p.LobbySeat("Ottokar", None, "hard", False, False)),
            H64, (H64,), "QK7F-2M9X-HD4R-T", 180),
    p.Lobby((), H64, (), None, 0),
    p.Lock(1, H64, (H64, "cd" * 32)),
    p.Clock(180, {1: 42, 3: 180}, (2,)),
    p.Clock(0, {}, ()),
    p.Reveal(H64, (H32, "00" * 16)),
    p.Acks((("card", 1), ("results", 1), ("card", 2))),
]


def test_every_message_type_has_a_sample() -> None:
    assert {type(m).t for m in CLIENT_SAMPLES} == set(p.CLIENT_TYPES)
    assert {type(m).t for m in HOST_SAMPLES} == set(p.HOST_TYPES)
    assert not set(p.CLIENT_TYPES) & set(p.HOST_TYPES)  # a type names one direction


@pytest.mark.parametrize("msg", CLIENT_SAMPLES, ids=lambda m: type(m).t)
def test_client_messages_round_trip(msg: p.ClientMessage) -> None:
    text = msg.to_json()
    assert parse_client(text) == msg
    assert parse_client(text.encode("utf-8")) == msg
    assert json.loads(text)["t"] == type(msg).t
    with pytest.raises(ProtocolError) as e:  # a client's message is not the host's
        parse_host(text)
    assert e.value.reason == "unknown-type"


@pytest.mark.parametrize("msg", HOST_SAMPLES, ids=lambda m: type(m).t)
def test_host_messages_round_trip(msg: p.HostMessage) -> None:
    text = msg.to_json()
    assert parse_host(text) == msg
    assert parse_host(text.encode("utf-8")) == msg
    with pytest.raises(ProtocolError) as e:
        parse_client(text)
    assert e.value.reason in ("unknown-type", "too-big")


def _hello(**change: object) -> str:
    base: dict[str, object] = {"t": "hello", "protocol": 1, "game": "0.1.0", "rules": H64, "token": None,
                               "secret": "00ff00ff00", "name": "Ann", "colour": None, "pledge": H64}
    base.update(change)
    return json.dumps({k: v for k, v in base.items() if v is not _DROP})


_DROP = object()

HOSTILE_CLIENT: list[tuple[str, str | bytes, str]] = [
    ("oversized text", '{"t":"bye","pad":"' + "x" * p.MAX_CLIENT_MESSAGE + '"}', "too-big"),
    ("oversized bytes", b'{"t":"bye"}' + b" " * p.MAX_CLIENT_MESSAGE, "too-big"),
    ("oversized in UTF-8 only", '{"t":"bye","x":"' + "\u00e9" * (p.MAX_CLIENT_MESSAGE // 2) + '"}', "too-big"),
    ("not UTF-8", b'{"t":"bye","x":"\xff"}', "not-utf8"),
    ("not JSON", "hello there", "not-json"),
    ("truncated JSON", '{"t":"bye"', "not-json"),
    ("NaN", '{"t":"intent","seat":0,"action":"draw","state":NaN}', "not-json"),
    ("Infinity", '{"t":"intent","seat":0,"action":"draw","state":Infinity}', "not-json"),
    ("thousands of digits", '{"t":"intent","seat":0,"action":"draw","state":' + "9" * 5000 + "}", "not-json"),
    ("a list", '[{"t":"bye"}]', "not-object"),
    ("a number", "42", "not-object"),
    ("null", "null", "not-object"),
    ("no type", '{"seat":0}', "missing-field"),
    ("type not text", '{"t":7}', "wrong-type"),
    ("unknown type", '{"t":"shutdown"}', "unknown-type"),
    ("a host type from a client", '{"t":"welcome"}', "unknown-type"),
    ("extra field", '{"t":"bye","now":true}', "extra-field"),
    ("repeated field", '{"t":"undo","seat":0,"seat":1,"state":3}', "duplicate-field"),
    ("missing field", '{"t":"intent","seat":0,"action":"draw"}', "missing-field"),
    ("bool as int", '{"t":"intent","seat":true,"action":"draw","state":1}', "wrong-type"),
    ("float as int", '{"t":"intent","seat":1.0,"action":"draw","state":1}', "wrong-type"),
    ("text as int", '{"t":"intent","seat":"1","action":"draw","state":1}', "wrong-type"),
    ("seat out of range", '{"t":"intent","seat":4,"action":"draw","state":1}', "out-of-range"),
    ("negative state", '{"t":"intent","seat":0,"action":"draw","state":-1}', "out-of-range"),
    ("here for seat 9", '{"t":"here","seat":9}', "out-of-range"),
    ("huge state", '{"t":"intent","seat":0,"action":"draw","state":' + "9" * 300 + "}", "out-of-range"),
    ("action too long", '{"t":"intent","seat":0,"action":"' + "d" * 41 + '","state":1}', "too-long"),
    ("empty action", '{"t":"intent","seat":0,"action":"","state":1}', "too-short"),
    ("control character", '{"t":"intent","seat":0,"action":"draw\\u0000","state":1}', "bad-text"),
    ("bidi override", '{"t":"intent","seat":0,"action":"dr\\u202eaw","state":1}', "bad-text"),
    ("lone surrogate", '{"t":"intent","seat":0,"action":"\\ud800","state":1}', "bad-text"),
    ("nested junk", '{"t":"intent","seat":[[[[0]]]],"action":"draw","state":1}', "wrong-type"),
    ("object as text", '{"t":"intent","seat":0,"action":{"verb":"draw"},"state":1}', "wrong-type"),
    ("deep nesting", '{"t":"bye","x":' + "[" * 5000 + "]" * 5000 + "}", "too-deep"),
    ("ack of something else", '{"t":"ack","seat":0,"what":"shop","round":1}', "bad-value"),
    ("ack of round 0", '{"t":"ack","seat":0,"what":"card","round":0}', "out-of-range"),
    ("hello: upper-case hex", _hello(rules=H64.upper()), "bad-hex"),
    ("hello: short token", _hello(token="abc"), "bad-hex"),
    ("hello: not hex", _hello(pledge="g" * 64), "bad-hex"),
    ("hello: a value, not its pledge", _hello(pledge=H32), "bad-hex"),
    ("pledge of a value", json.dumps({"t": "pledge", "pledge": H32}), "bad-hex"),
    ("nonce of start 0", json.dumps({"t": "nonce", "attempt": 0, "value": H32}), "out-of-range"),
    ("nonce of a pledge's length", json.dumps({"t": "nonce", "attempt": 1, "value": H64}), "bad-hex"),
    ("hello: secret of another length", _hello(secret="00ff00ff"), "bad-hex"),
    ("hello: name too long", _hello(name="A" * 25), "bad-text"),
    ("hello: name far too long", _hello(name="A" * 1000), "too-long"),
    ("hello: blank name", _hello(name="   "), "bad-text"),
    ("hello: name with a line break", _hello(name="Ann\nBob"), "bad-text"),
    ("hello: unknown colour", _hello(colour="red"), "bad-value"),
    ("hello: protocol as text", _hello(protocol="1"), "wrong-type"),
    ("hello: pledge missing", _hello(pledge=_DROP), "missing-field"),
    ("hello: token as a number", _hello(token=12), "wrong-type"),
]


@pytest.mark.parametrize(("text", "reason"), [(t, r) for _n, t, r in HOSTILE_CLIENT],
                         ids=[n for n, _t, _r in HOSTILE_CLIENT])
def test_hostile_client_input_is_refused_with_its_reason(text: str | bytes, reason: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_client(text)
    assert e.value.reason == reason, e.value.detail
    assert e.value.detail.endswith(".") and "Traceback" not in e.value.detail
    assert e.value.reason in p.PROBLEMS


def _event(**change: object) -> str:
    base = json.loads(HOST_SAMPLES[5].to_json())
    base.update(change)
    return json.dumps(base)


def _lobby(seat: object) -> str:
    return json.dumps({"t": "lobby", "seats": [seat], "commitment": H64, "pledges": [], "code": None, "clock": 0})


def _view(view: object) -> str:
    return json.dumps({"t": "view", "state": 1, "hash": H64, "view": view})


HOSTILE_HOST: list[tuple[str, str, str]] = [
    ("entry with an unknown tag", _event(entries=[["cheat", 0, "win"]]), "bad-value"),
    ("empty entry", _event(entries=[[]]), "wrong-type"),
    ("act with too many values", _event(entries=[["act", 0, "draw", "again"]]), "too-long"),
    ("act without its action", _event(entries=[["act", 0]]), "too-short"),
    ("chance of an unknown kind", _event(entries=[["chance", "coin", 0, "heads"]]), "bad-value"),
    ("chance seat as text", _event(entries=[["chance", "draw", "0", "white-1"]]), "wrong-type"),
    ("too many entries", _event(entries=[["act", 0, "draw"]] * (p.MAX_ENTRIES + 1)), "too-long"),
    ("away keyed by a name", _event(away={"Ann": 3}), "bad-value"),
    ("away of seat 4", _event(away={"4": 3}), "bad-value"),
    ("away forever", _event(away={"1": p.MAX_AWAY + 1}), "out-of-range"),
    ("tick choice of another verb", _event(tick={"decided": [0], "mine": "buy", "revealed": []}), "bad-value"),
    ("tick with an extra field", _event(tick={"decided": [0], "mine": None, "revealed": [], "all": "draw"}),
     "extra-field"),
    ("tick with a type", _event(tick={"t": "tick", "decided": [0], "mine": None, "revealed": []}), "extra-field"),
    ("too many seats decided", _event(tick={"decided": [0, 1, 2, 3, 0], "mine": None, "revealed": []}), "too-long"),
    ("view as a list", _view([1, 2]), "wrong-type"),
    ("view nested too deep", _view({"a": json.loads("[" * 40 + "]" * 40)}), "too-deep"),
    ("view text with a control character", _view({"name": "A\u0007"}), "bad-text"),
    ("view key with a control character", _view({"\u0000": 1}), "bad-text"),
    ("view text too long", _view({"log": "x" * (p.MAX_VIEW_TEXT + 1)}), "too-long"),
    ("view number too big", _view({"n": 2**60}), "out-of-range"),
    ("view with too many values", _view({"n": [0] * (p.MAX_VIEW_NODES + 1)}), "too-big"),
    ("lobby seat of an unknown kind", _lobby({"name": "Ann", "colour": None, "kind": "god", "joined": True,
                                              "away": False}), "bad-value"),
    ("lobby seat joined as 1", _lobby({"name": "Ann", "colour": None, "kind": "human", "joined": 1,
                                       "away": False}), "wrong-type"),
    ("lobby pledge in upper case", json.dumps({"t": "lobby", "commitment": H64, "pledges": [H64.upper()],
                                               "code": None, "seats": [], "clock": 0}), "bad-hex"),
    ("clock of more than a day", json.dumps({"t": "clock", "seconds": 10**6, "left": {}, "idle": []}),
     "out-of-range"),
    ("clock idle seat 7", json.dumps({"t": "clock", "seconds": 60, "left": {}, "idle": [7]}), "out-of-range"),
    ("lock of five pledges", json.dumps({"t": "lock", "attempt": 1, "commitment": H64, "pledges": [H64] * 5}),
     "too-long"),
    ("refused for another reason", json.dumps({"t": "refused", "reason": "banned", "detail": "No."}), "bad-value"),
    ("error detail too long", json.dumps({"t": "error", "reason": "illegal", "detail": "x" * 301, "state": 1}),
     "too-long"),
    ("welcome without seats", json.dumps({"t": "welcome", "seats": [], "token": H32, "commitment": H64, "lock": [],
                                          "state": 0, "hash": H64, "view": {}}), "too-short"),
    ("reveal of a short secret", json.dumps({"t": "reveal", "secret": H32, "nonces": []}), "bad-hex"),
    ("acks of a pair of three", json.dumps({"t": "acks", "seen": [["card", 1, 2]]}), "too-long"),
    ("oversized host message", json.dumps({"t": "bye", "x": "x" * p.MAX_HOST_MESSAGE}), "too-big"),
]


@pytest.mark.parametrize(("text", "reason"), [(t, r) for _n, t, r in HOSTILE_HOST],
                         ids=[n for n, _t, _r in HOSTILE_HOST])
def test_hostile_host_input_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_host(text)
    assert e.value.reason == reason, e.value.detail


def test_a_view_of_20_kib_is_a_host_message_but_never_a_client_one() -> None:
    view = {"log": ["a line of the log, quite long enough " * 4] * 140}
    msg = p.ViewMessage(5, p.view_hash(view), view)
    text = msg.to_json()
    assert p.MAX_CLIENT_MESSAGE < len(text) < p.MAX_HOST_MESSAGE
    assert parse_host(text) == msg


@pytest.mark.parametrize("msg", [
    p.Intent(7, "draw", 1),  # no seat 7
    p.Intent(0, "x" * 41, 1),
    p.Hello(1, "0.1.0", "nothex", None, None, "Ann", None, H64),
    p.Hello(1, "0.1.0", H64, None, None, "A\u202eB", None, H64),
    p.Refused("because", "No."),
    p.Event(1, H64, 0, (("act", 0, "draw", "more"),), p.Tick((), None, ()), {}),
    p.Event(1, H64, 0, (("peek", 0, "bag"),), p.Tick((), None, ()), {}),
    p.Event(1, H64, 0, (), p.Tick((), None, ()), {5: 1}),
    p.ViewMessage(1, H64, {"x": float("nan")}),
    p.ViewMessage(1, H64, {"x": object()}),
], ids=lambda m: type(m).t)
def test_a_bad_message_is_refused_by_its_sender(msg: p.Message) -> None:
    """to_json checks the schema too: a bug in the host or the client fails where it is, not at the other end."""
    with pytest.raises(ProtocolError):
        msg.to_json()


def test_an_oversized_message_is_refused_by_its_sender() -> None:
    long_name = "\U0001F986" * 24  # 24 ducks: a good name of 96 bytes
    hello = parse_client(p.Hello(1, "0.1.0", H64, None, None, long_name, None, H64).to_json())
    assert isinstance(hello, p.Hello) and hello.name == long_name
    view = {"log": ["x" * p.MAX_VIEW_TEXT] * (p.MAX_HOST_MESSAGE // p.MAX_VIEW_TEXT + 1)}
    with pytest.raises(ProtocolError) as e:
        p.ViewMessage(1, H64, view).to_json()
    assert e.value.reason == "too-big"


def test_tuples_in_a_view_travel_as_lists() -> None:
    msg = p.ViewMessage(1, H64, {"pot": (1, (2, 3))})
    back = parse_host(msg.to_json())
    assert isinstance(back, p.ViewMessage) and back.view == {"pot": [1, [2, 3]]}
    assert p.view_hash({"pot": (1, (2, 3))}) == p.view_hash(back.view)


def test_the_view_hash_ignores_key_order_and_sees_every_value() -> None:
    a = {"x": 1, "y": {"b": [1, 2], "a": "z"}}
    b = {"y": {"a": "z", "b": [1, 2]}, "x": 1}
    assert p.view_hash(a) == p.view_hash(b)
    assert p.view_hash(a) != p.view_hash({**a, "x": 2})
    assert p.view_hash({"x": True}) != p.view_hash({"x": 1})
    assert len(p.view_hash({})) == 64


def test_a_whole_game_record_travels_in_events_and_replays_to_the_same_game() -> None:
    """The record entries a real match makes are exactly what an event carries, and they replay unchanged."""
    config = GameConfig(seats=("A", "B", "C"))
    m = play_match(config, ["easy", "normal", "random"], seed=21, events=True)  # events: the match keeps its record
    record = m.game.record
    assert m.game.is_over and len(record) > 300
    received: list[tuple[object, ...]] = []
    for start in range(0, len(record), 50):
        chunk = tuple(tuple(e) for e in record[start:start + 50])
        msg = p.Event(start + len(chunk), H64, 0, chunk, p.Tick((), None, ()), {})
        back = parse_host(msg.to_json())
        assert isinstance(back, p.Event) and back == msg
        received += back.entries
    assert received == [tuple(e) for e in record]
    again = replay(default_catalogue(), config, received)
    assert [s.score for s in again.seats] == [s.score for s in m.game.seats]
    assert again.is_over


def test_the_protocol_number_is_read_before_the_hello_is_checked() -> None:
    newer = json.dumps({"t": "hello", "protocol": 9, "a_field_of_version_9": [1, 2]})
    with pytest.raises(ProtocolError):
        parse_client(newer)
    assert p.peek_protocol(newer) == 9
    assert p.peek_protocol(CLIENT_SAMPLES[0].to_json()) == p.PROTOCOL_VERSION
    for other in ('{"t":"intent","protocol":2}', '{"t":"hello","protocol":true}', "[2]", b"\xff", "x" * 20000):
        assert p.peek_protocol(other) is None


def test_a_problem_outside_the_closed_set_is_a_loud_error() -> None:
    with pytest.raises(ValueError, match="unknown protocol problem"):
        ProtocolError("whatever", "A detail.")


# --- fuzzing: parse refuses with ProtocolError or gives a message, whatever it is given

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=50),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)


def _survives(parse: Any, text: str | bytes) -> None:
    try:
        parse(text)
    except ProtocolError as e:
        assert e.reason in p.PROBLEMS


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300) | st.text(max_size=300))
def test_fuzz_raw_input_only_ever_raises_protocol_error(data: str | bytes) -> None:
    _survives(parse_client, data)
    _survives(parse_host, data)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(CLIENT_SAMPLES + HOST_SAMPLES), st.data())
def test_fuzz_a_message_with_one_field_replaced_only_ever_raises_protocol_error(msg: p.Message,
                                                                                data: st.DataObject) -> None:
    doc = json.loads(msg.to_json())
    key = data.draw(st.sampled_from(sorted(doc)) | st.text(max_size=8))
    doc[key] = data.draw(JSON_VALUES)
    text = json.dumps(doc)
    for parse in (parse_client, parse_host):
        try:
            back = parse(text)
        except ProtocolError as e:
            assert e.reason in p.PROBLEMS
        else:  # accepted: then it is a well-formed message that survives its own round trip
            assert parse(back.to_json()) == back


@settings(max_examples=200, deadline=None)
@given(JSON_VALUES)
def test_fuzz_any_json_value_only_ever_raises_protocol_error(value: object) -> None:
    text = json.dumps(value)
    _survives(parse_client, text)
    _survives(parse_host, text)

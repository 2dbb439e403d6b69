"""The wire protocol of a match played across computers (issue 21): its messages as data, and strict parsing.

Every message is one JSON object sent as one WebSocket text message; ``"t"`` names its type. The types are a
closed set of frozen dataclasses, one per message, each with a small declarative *schema* (field name ->
:class:`Field`) that says what the field holds and its limits. :func:`parse_client` and :func:`parse_host`
turn a text into a message or refuse it with :class:`ProtocolError` (``reason``: a code of :data:`PROBLEMS`,
``detail``: a plain sentence): not UTF-8, not JSON, not an object, an unknown type, a field missing, extra or
repeated, the wrong type (``true`` is not a number), a text too long or holding a control character, a list
too long, a number out of range, a token that is not lower-case hex, a message over its size limit. Nothing
is ever evaluated or unpickled: ``json.loads`` with NaN, Infinity and repeated keys refused, then the schema.

``Message.to_json`` checks a message against the same schema before it leaves, so a bug on the sending side
is an exception there, never a message the other side refuses. Pure: no sockets, no files (docs/protocol.md
describes the protocol as a whole; the host and the client that speak it are built on top).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, TypeVar

from ..ai.levels import LEVELS
from ..content.loader import RANGES
from ..names import MAX_NAME, bad_character, describe_character, name_problem
from ..rules.kinds import ChanceKind
from ..session.setup import HUMAN, PLAYER_COLOURS, REMOTE
from .roomcode import SECRET_BYTES

PROTOCOL_VERSION = 4  # 2: commit, then reveal the clients' values; 3: the turn clock (issue 33); 4: TLS and the
# key exchange on the join secret before the hello, whose secret is then null (issue 33 §5, net/tls.py)

MAX_CLIENT_MESSAGE = 16 * 1024  # bytes of one client message (the host's websockets ``max_size``)
MAX_HOST_MESSAGE = 1024 * 1024  # bytes of one host message (the client's ``max_size``): a full view fits many times
MAX_SEATS = 4  # rules/config.py: a game has 2 to 4 seats
MAX_STATE = 10**9  # state numbers; a game makes a few thousand record entries
MAX_ROUND = RANGES["rounds"][1]
MAX_ACTION = 40  # characters of an action's text ("buy green-2 blue-2")
MAX_OUTCOME = 200  # characters of a chance outcome ("orange-1 white-2 red-1 ...")
MAX_DETAIL = 300  # characters of a refusal's sentence
MAX_ENTRIES = 2000  # record entries in one event (a bots' round is a few hundred)
MAX_AWAY = 7 * 24 * 3600  # seconds a seat can be reported away
MAX_CODE = 49  # characters of a room code as shown (an IPv6 code: 40 and 9 dashes)
MAX_CLOCK = 24 * 3600  # seconds of a turn clock (0: none)
MAX_VIEW_DEPTH = 24  # nesting of a view object
MAX_VIEW_NODES = 100_000  # values in a view object
MAX_VIEW_TEXT = 5000  # characters of one text in a view
MAX_VIEW_INT = 2**53  # numbers in a view (what every JSON reader keeps exactly)
PING_INTERVAL = 2.0  # seconds between websockets' keepalive pings (its ping_interval)
#: seconds a pong may take before the connection counts as lost (its ping_timeout): a frozen link is noticed
#: within PING_INTERVAL + PING_TIMEOUT = 7 s (issue 33 §3)
PING_TIMEOUT = 5.0
HANDSHAKE_TIMEOUT = 10.0  # seconds from the connection opening to a hello answered
MAX_REFUSED_IN_A_ROW = 10  # refused messages in a row after which the host closes the connection (1008)
TOKEN_HEX = 32  # a seat token: 128 random bits
NONCE_HEX = 32  # a client's nonce: 128 random bits
DIGEST_HEX = 64  # a SHA-256: the rules hash, the commitment, the view hash, the revealed host secret
JOIN_SECRET_HEX = 2 * SECRET_BYTES  # the room code's join secret

#: every reason a message is refused for (``ProtocolError.reason``); the host answers any of them with
#: "bad-message" and the detail
PROBLEMS = frozenset({
    "too-big", "not-utf8", "not-json", "not-object", "unknown-type", "missing-field", "extra-field",
    "duplicate-field", "wrong-type", "too-long", "too-short", "out-of-range", "bad-hex", "bad-text", "bad-value",
    "too-deep",
})
#: why the host refuses a connection at the handshake (``Refused.reason``)
REFUSE_REASONS = ("protocol", "game-version", "rules", "full", "bad-secret", "bad-token", "bad-message",
                  "too-many-tries")
#: why the host refuses an intent, an undo or an ack (``Error.reason``)
ERROR_REASONS = ("illegal", "stale", "not-your-seat", "rate", "bad-message")
#: what a client acknowledges having seen (``Ack.what``)
ACK_WHATS = ("card", "results")
SEAT_KINDS = (HUMAN, REMOTE, *LEVELS)


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``reason`` is one of :data:`PROBLEMS`, ``detail`` a plain sentence."""

    def __init__(self, reason: str, detail: str) -> None:
        if reason not in PROBLEMS:
            raise ValueError(f"unknown protocol problem {reason!r}")
        self.reason = reason
        self.detail = detail
        super().__init__(f"{reason}: {detail}")


# ----------------------------------------------------------------------------------------------------
# fields: what one value of a message may be

T = TypeVar("T")
U = TypeVar("U")


def _join(where: str, key: object) -> str:
    return f"{where}.{key}" if where else str(key)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {int: "a number", float: "a number", str: "a text", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


def _wrong(where: str, wanted: str, value: object) -> ProtocolError:
    return ProtocolError("wrong-type", f'"{where}" must be {wanted}, not {_json_type(value)}.')


class Field(Generic[T]):
    """One value of a message: ``read`` checks a parsed JSON value and gives the message's value (or raises
    ProtocolError naming ``where``); ``write`` gives the JSON value of a message's value."""

    def read(self, value: object, where: str) -> T:
        raise NotImplementedError

    def write(self, value: T) -> object:
        return value


class Int(Field[int]):
    """A whole number from ``lo`` to ``hi`` (``true`` and ``1.0`` are not whole numbers)."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def read(self, value: object, where: str) -> int:
        if type(value) is not int:
            raise _wrong(where, "a whole number", value)
        if not self.lo <= value <= self.hi:
            shown = value if abs(value) < 10**12 else "a number that large"
            raise ProtocolError("out-of-range", f'"{where}" must be {self.lo} to {self.hi}, not {shown}.')
        return value


class Bool(Field[bool]):
    def read(self, value: object, where: str) -> bool:
        if not isinstance(value, bool):
            raise _wrong(where, "true or false", value)
        return value


def _check_text(value: str, where: str, max_len: int, min_len: int) -> str:
    if len(value) > max_len:
        raise ProtocolError("too-long", f'"{where}" has at most {max_len} characters, not {len(value)}.')
    if len(value) < min_len:
        raise ProtocolError("too-short", f'"{where}" needs at least {min_len} character(s).')
    ch = bad_character(value)
    if ch is not None:
        raise ProtocolError("bad-text", f'"{where}" cannot contain {describe_character(ch)}.')
    return value


class Text(Field[str]):
    """A text of ``min_len`` to ``max_len`` characters with no control or invisible formatting character."""

    def __init__(self, max_len: int, min_len: int = 1) -> None:
        self.max_len, self.min_len = max_len, min_len

    def read(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise _wrong(where, "a text", value)
        return _check_text(value, where, self.max_len, self.min_len)


class Name(Field[str]):
    """A player's name: what :func:`quacks.names.name_problem` accepts (the spaces around it count towards a cap)."""

    def read(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise _wrong(where, "a text", value)
        _check_text(value, where, 2 * MAX_NAME, 1)
        problem = name_problem(value)
        if problem is not None:
            raise ProtocolError("bad-text", f'"{where}": {problem}.')
        return value


_HEX = re.compile(r"[0-9a-f]+")


class Hex(Field[str]):
    """Exactly ``length`` lower-case hexadecimal digits (a token, a nonce, a digest)."""

    def __init__(self, length: int) -> None:
        self.length = length

    def read(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise _wrong(where, f"{self.length} hexadecimal digits", value)
        if len(value) != self.length or _HEX.fullmatch(value) is None:
            raise ProtocolError("bad-hex", f'"{where}" must be {self.length} lower-case hexadecimal digits '
                                           f"(0-9, a-f).")
        return value


class Choice(Field[str]):
    """One of a few fixed words."""

    def __init__(self, *words: str) -> None:
        self.words = words

    def read(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            raise _wrong(where, "a text", value)
        if value not in self.words:
            shown = value if len(value) <= 20 and bad_character(value) is None else "another word"
            raise ProtocolError("bad-value", f'"{where}" must be one of {", ".join(self.words)}, not {shown!r}.')
        return value


class Nullable(Field[T | None]):
    """``null`` (None), or what ``inner`` reads."""

    def __init__(self, inner: Field[T]) -> None:
        self.inner = inner

    def read(self, value: object, where: str) -> T | None:
        return None if value is None else self.inner.read(value, where)

    def write(self, value: T | None) -> object:
        return None if value is None else self.inner.write(value)


class ListOf(Field[tuple[T, ...]]):
    """A list of ``min_len`` to ``max_len`` values that ``item`` reads (a tuple in the message)."""

    def __init__(self, item: Field[T], max_len: int, min_len: int = 0) -> None:
        self.item, self.max_len, self.min_len = item, max_len, min_len

    def read(self, value: object, where: str) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise _wrong(where, "a list", value)
        if len(value) > self.max_len:
            raise ProtocolError("too-long", f'"{where}" lists at most {self.max_len} values, not {len(value)}.')
        if len(value) < self.min_len:
            raise ProtocolError("too-short", f'"{where}" lists at least {self.min_len} value(s).')
        return tuple(self.item.read(v, _join(where, i)) for i, v in enumerate(value))

    def write(self, value: tuple[T, ...]) -> object:
        return [self.item.write(v) for v in value]


class Row(Field[tuple[object, ...]]):
    """A list of fixed length whose values ``parts`` read in turn (a tuple in the message)."""

    def __init__(self, *parts: Field[Any]) -> None:
        self.parts = parts

    def read(self, value: object, where: str) -> tuple[object, ...]:
        if not isinstance(value, list):
            raise _wrong(where, f"a list of {len(self.parts)} values", value)
        if len(value) != len(self.parts):
            raise ProtocolError("too-long" if len(value) > len(self.parts) else "too-short",
                                f'"{where}" lists exactly {len(self.parts)} values, not {len(value)}.')
        return tuple(p.read(v, _join(where, i)) for i, (p, v) in enumerate(zip(self.parts, value)))

    def write(self, value: tuple[object, ...]) -> list[object]:
        if len(value) != len(self.parts):
            return list(value)  # as it is: the check in to_json refuses it
        return [p.write(v) for p, v in zip(self.parts, value)]


class Tagged(Field[tuple[object, ...]]):
    """A list whose first value is a tag that says what the rest is (a record entry: ``["act", 0, "draw"]``)."""

    def __init__(self, rows: Mapping[str, Row]) -> None:
        self.rows = rows

    def read(self, value: object, where: str) -> tuple[object, ...]:
        if not isinstance(value, list) or not value:
            raise _wrong(where, "a non-empty list", value)
        tag = Choice(*self.rows).read(value[0], _join(where, 0))
        return (tag, *self.rows[tag].read(value[1:], where))

    def write(self, value: tuple[object, ...]) -> object:
        row = self.rows.get(value[0]) if value and isinstance(value[0], str) else None
        if row is None:
            return list(value)  # as it is: the check in to_json refuses it
        return [value[0], *row.write(value[1:])]


class SeatMap(Field[Mapping[int, T]]):
    """An object from seat numbers (``"0"`` to ``"3"``, as JSON keys are texts) to what ``value`` reads."""

    def __init__(self, value: Field[T]) -> None:
        self.value = value

    def read(self, value: object, where: str) -> Mapping[int, T]:
        if not isinstance(value, dict):
            raise _wrong(where, "an object", value)
        out: dict[int, T] = {}
        for key, v in value.items():
            if key not in _SEAT_KEYS:
                shown = key if len(key) <= 8 and bad_character(key) is None else "another text"
                raise ProtocolError("bad-value", f'"{where}" is keyed by seat numbers 0 to {MAX_SEATS - 1}, '
                                                 f"not {shown!r}.")
            out[int(key)] = self.value.read(v, _join(where, key))
        return out

    def write(self, value: Mapping[int, T]) -> object:
        return {str(k): self.value.write(v) for k, v in sorted(value.items())}


_SEAT_KEYS = frozenset(str(i) for i in range(MAX_SEATS))

S = TypeVar("S", bound="Shape")


class Nested(Field[S]):
    """A JSON object read by the schema of a :class:`Shape` (the lobby's seats, the stir tick)."""

    def __init__(self, shape: type[S]) -> None:
        self.shape = shape

    def read(self, value: object, where: str) -> S:
        return self.shape.from_data(value, where)

    def write(self, value: S) -> object:
        return value.to_data()


JsonObject = dict[str, Any]  # a parsed JSON object (the values are JSON values)


class ViewObject(Field[JsonObject]):
    """Any JSON object within limits: :data:`MAX_VIEW_DEPTH` levels, :data:`MAX_VIEW_NODES` values, texts of
    at most :data:`MAX_VIEW_TEXT` characters with no control characters, numbers finite and within
    :data:`MAX_VIEW_INT`. What it means is the seat view's business (quacks/net's view module); here it is data."""

    def read(self, value: object, where: str) -> JsonObject:
        if not isinstance(value, dict):
            raise _wrong(where, "an object", value)
        _check_json(value, where)
        return value

    def write(self, value: JsonObject) -> object:
        return _plain_json(value)


def _check_json(value: object, where: str) -> None:
    """Walk a JSON value without recursion, refusing what :class:`ViewObject` refuses."""
    stack: list[tuple[object, str, int]] = [(value, where, 1)]
    nodes = 0
    while stack:
        x, path, depth = stack.pop()
        nodes += 1
        if nodes > MAX_VIEW_NODES:
            raise ProtocolError("too-big", f'"{where}" holds more than {MAX_VIEW_NODES} values.')
        if depth > MAX_VIEW_DEPTH:
            raise ProtocolError("too-deep", f'"{where}" is nested more than {MAX_VIEW_DEPTH} levels deep.')
        if isinstance(x, dict):
            for k, v in x.items():
                if not isinstance(k, str):
                    raise _wrong(_join(path, "(a key)"), "a text", k)
                _check_text(k, _join(path, "(a key)"), MAX_VIEW_TEXT, 0)
                stack.append((v, _join(path, k if len(k) <= 40 else k[:40] + "..."), depth + 1))
        elif isinstance(x, list):
            stack.extend((v, _join(path, i), depth + 1) for i, v in enumerate(x))
        elif isinstance(x, str):
            _check_text(x, path, MAX_VIEW_TEXT, 0)
        elif isinstance(x, bool) or x is None:
            pass
        elif isinstance(x, int):
            if not -MAX_VIEW_INT <= x <= MAX_VIEW_INT:
                raise ProtocolError("out-of-range", f'"{path}" is a number beyond {MAX_VIEW_INT} either way.')
        elif isinstance(x, float):
            if not (x == x and -MAX_VIEW_INT <= x <= MAX_VIEW_INT):
                raise ProtocolError("out-of-range", f'"{path}" is not a finite number within {MAX_VIEW_INT}.')
        else:
            raise _wrong(path, "a JSON value", x)


def _plain_json(value: JsonObject) -> JsonObject:
    """``value`` with its tuples made lists (what JSON reads back), so a sent view equals the one received."""
    def plain(x: object) -> object:
        if isinstance(x, dict):
            return {k: plain(v) for k, v in x.items()}
        if isinstance(x, list | tuple):
            return [plain(v) for v in x]
        return x
    out = plain(value)
    assert isinstance(out, dict)
    return out


# ----------------------------------------------------------------------------------------------------
# shapes and messages


@dataclass(frozen=True)
class Shape:
    """A JSON object with a fixed set of fields: ``schema`` maps each dataclass field to its :class:`Field`."""

    schema: ClassVar[Mapping[str, Field[Any]]] = {}

    @classmethod
    def from_data(cls: type[S], value: object, where: str = "", tag: str | None = None) -> S:
        """Read a parsed JSON object (``tag``: the key ``"t"`` it also holds, already read)."""
        if not isinstance(value, dict):
            raise _wrong(where or "the message", "an object", value)
        for key in value:
            if key not in cls.schema and not (tag is not None and key == "t"):
                shown = key if len(key) <= 30 and bad_character(key) is None else "a field of another name"
                raise ProtocolError("extra-field", f"{_named(where, tag)} has no field {shown!r}.")
        missing = [k for k in cls.schema if k not in value]
        if missing:
            raise ProtocolError("missing-field", f"{_named(where, tag)} needs the field {missing[0]!r}.")
        return cls(**{k: f.read(value[k], _join(where, k)) for k, f in cls.schema.items()})

    def to_data(self) -> dict[str, object]:
        return {k: f.write(getattr(self, k)) for k, f in self.schema.items()}


def _named(where: str, tag: str | None) -> str:
    if where:
        return f'"{where}"'
    return f"a {tag!r} message" if tag is not None else "the message"


@dataclass(frozen=True)
class Message(Shape):
    """One message: ``t`` is its type, ``limit`` the most bytes it may take."""

    t: ClassVar[str] = ""
    limit: ClassVar[int] = MAX_HOST_MESSAGE

    def to_json(self) -> str:
        """The message as compact JSON, checked against its schema and its size (ProtocolError if it breaks
        them: a bug in the sender)."""
        data = {"t": self.t, **self.to_data()}
        type(self).from_data(data, tag=self.t)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        size = len(text.encode("utf-8"))
        if size > self.limit:
            raise ProtocolError("too-big", f"a {self.t!r} message of {size} bytes is over the limit of {self.limit}.")
        return text


SEAT = Int(0, MAX_SEATS - 1)
STATE = Int(0, MAX_STATE)
ROUND = Int(1, MAX_ROUND)
ACTION = Text(MAX_ACTION)
DETAIL = Text(MAX_DETAIL)
#: a record entry, as ``Game.record`` keeps it: ("act", seat, action) or ("chance", kind, seat or None, outcome)
ENTRY = Tagged({
    "act": Row(SEAT, ACTION),
    "chance": Row(Choice(*(k.value for k in ChanceKind)), Nullable(SEAT), Text(MAX_OUTCOME)),
})


# --- client -> host


@dataclass(frozen=True)
class ClientMessageBase(Message):
    limit: ClassVar[int] = MAX_CLIENT_MESSAGE


@dataclass(frozen=True)
class Hello(ClientMessageBase):
    """The first message of a connection: who the client is and what it plays with."""

    t: ClassVar[str] = "hello"
    protocol: int
    game: str  # the game's version (quacks.version.__version__)
    rules: str  # quacks.content.rules_hash()
    token: str | None  # a seat token from an earlier welcome (a reconnection), or None
    secret: str | None  # the room code's join secret (hex), or None
    name: str
    colour: str | None
    pledge: str  # the hash of the client's random value for the seed, never the value (docs/protocol.md, fairness)
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "protocol": Int(0, 10**6), "game": Text(40), "rules": Hex(DIGEST_HEX), "token": Nullable(Hex(TOKEN_HEX)),
        "secret": Nullable(Hex(JOIN_SECRET_HEX)), "name": Name(), "colour": Nullable(Choice(*PLAYER_COLOURS)),
        "pledge": Hex(DIGEST_HEX),
    }


@dataclass(frozen=True)
class Intent(ClientMessageBase):
    """A seat's action, chosen at host state ``state``."""

    t: ClassVar[str] = "intent"
    seat: int
    action: str
    state: int
    schema: ClassVar[Mapping[str, Field[Any]]] = {"seat": SEAT, "action": ACTION, "state": STATE}


@dataclass(frozen=True)
class Undo(ClientMessageBase):
    """Take back the seat's last action (docs/protocol.md: only its own, never across chance)."""

    t: ClassVar[str] = "undo"
    seat: int
    state: int
    schema: ClassVar[Mapping[str, Field[Any]]] = {"seat": SEAT, "state": STATE}


@dataclass(frozen=True)
class Ack(ClientMessageBase):
    """The seat has seen the fortune card or the results of ``round``."""

    t: ClassVar[str] = "ack"
    seat: int
    what: str
    round: int
    schema: ClassVar[Mapping[str, Field[Any]]] = {"seat": SEAT, "what": Choice(*ACK_WHATS), "round": ROUND}


@dataclass(frozen=True)
class Pledge(ClientMessageBase):
    """In the lobby, after a start that failed: the hash of the client's fresh value (its last one was revealed)."""

    t: ClassVar[str] = "pledge"
    pledge: str
    schema: ClassVar[Mapping[str, Field[Any]]] = {"pledge": Hex(DIGEST_HEX)}


@dataclass(frozen=True)
class Nonce(ClientMessageBase):
    """The client's value, revealed once it has seen its pledge in the host's ``lock`` of start ``attempt``."""

    t: ClassVar[str] = "nonce"
    attempt: int
    value: str
    schema: ClassVar[Mapping[str, Field[Any]]] = {"attempt": Int(1, MAX_STATE), "value": Hex(NONCE_HEX)}


@dataclass(frozen=True)
class Here(ClientMessageBase):
    """The player of ``seat`` takes it back from the bot that played it since their turn clock ran out."""

    t: ClassVar[str] = "here"
    seat: int
    schema: ClassVar[Mapping[str, Field[Any]]] = {"seat": SEAT}


@dataclass(frozen=True)
class Resync(ClientMessageBase):
    """Send me the full view (my hash or numbering differs)."""

    t: ClassVar[str] = "resync"


@dataclass(frozen=True)
class Bye(ClientMessageBase):
    """The client leaves on purpose (not a lost connection)."""

    t: ClassVar[str] = "bye"


# --- host -> client


@dataclass(frozen=True)
class Welcome(Message):
    """The handshake accepted: the client's seats, its token for reconnecting, the commitment, the pledges locked
    at the start (empty before), and the view at ``state`` (in the lobby: an empty object at state 0)."""

    t: ClassVar[str] = "welcome"
    seats: tuple[int, ...]
    token: str
    commitment: str
    lock: tuple[str, ...]
    state: int
    hash: str
    view: JsonObject
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "seats": ListOf(SEAT, MAX_SEATS, 1), "token": Hex(TOKEN_HEX), "commitment": Hex(DIGEST_HEX),
        "lock": ListOf(Hex(DIGEST_HEX), MAX_SEATS), "state": STATE, "hash": Hex(DIGEST_HEX), "view": ViewObject(),
    }


@dataclass(frozen=True)
class Refused(Message):
    """The handshake refused; the host closes the connection after it."""

    t: ClassVar[str] = "refused"
    reason: str
    detail: str
    schema: ClassVar[Mapping[str, Field[Any]]] = {"reason": Choice(*REFUSE_REASONS), "detail": DETAIL}


@dataclass(frozen=True)
class Error(Message):
    """An intent, undo or ack refused; ``state`` is the host's state now (a full view follows a stale intent)."""

    t: ClassVar[str] = "error"
    reason: str
    detail: str
    state: int
    schema: ClassVar[Mapping[str, Field[Any]]] = {"reason": Choice(*ERROR_REASONS), "detail": DETAIL, "state": STATE}


@dataclass(frozen=True)
class ViewMessage(Message):
    """The receiving seat's full view at ``state`` (after welcome, a resync, a stale intent, an undo)."""

    t: ClassVar[str] = "view"
    state: int
    hash: str
    view: JsonObject
    schema: ClassVar[Mapping[str, Field[Any]]] = {"state": STATE, "hash": Hex(DIGEST_HEX), "view": ViewObject()}


@dataclass(frozen=True)
class Tick(Shape):
    """The open stir tick (R22): the seats that have chosen (not what), and what the receiving client chose."""

    decided: tuple[int, ...]
    mine: str | None
    revealed: tuple[tuple[object, ...], ...]  # (seat, "draw" or "stop"): a closed tick's decisions not yet carried out
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "decided": ListOf(SEAT, MAX_SEATS), "mine": Nullable(Choice("draw", "stop")),
        "revealed": ListOf(Row(SEAT, Choice("draw", "stop")), MAX_SEATS)}

    def to_view(self) -> dict[str, object]:
        """The tick as ``session.view`` keeps it (a replica's ``apply``)."""
        return {"decided": list(self.decided), "mine": self.mine, "revealed": [list(r) for r in self.revealed]}


@dataclass(frozen=True)
class Event(Message):
    """New record entries: the client takes back ``undone`` entries, applies ``entries`` and is then at ``state``
    with a view whose hash is ``hash``. ``tick`` and ``away`` are the moment's news beside the record."""

    t: ClassVar[str] = "event"
    state: int
    hash: str
    undone: int
    entries: tuple[tuple[object, ...], ...]
    tick: Tick
    away: Mapping[int, int]
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "state": STATE, "hash": Hex(DIGEST_HEX), "undone": Int(0, MAX_ENTRIES), "entries": ListOf(ENTRY, MAX_ENTRIES),
        "tick": Nested(Tick), "away": SeatMap(Int(0, MAX_AWAY)),
    }


@dataclass(frozen=True)
class LobbySeat(Shape):
    """A seat as the lobby shows it."""

    name: str
    colour: str | None
    kind: str  # "human" or a bot level
    joined: bool  # a client sits there (a human seat)
    away: bool  # its client's connection is lost
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "name": Name(), "colour": Nullable(Choice(*PLAYER_COLOURS)), "kind": Choice(*SEAT_KINDS),
        "joined": Bool(), "away": Bool(),
    }


@dataclass(frozen=True)
class Lobby(Message):
    """The room before the game: its seats, the host's commitment, the pledges of the clients that joined (sorted;
    a client whose pledge is missing pledges a fresh value: its last was revealed in a start that failed), the
    room code (None if not shared)."""

    t: ClassVar[str] = "lobby"
    seats: tuple[LobbySeat, ...]
    commitment: str
    pledges: tuple[str, ...]
    code: str | None
    clock: int  # the turn clock: seconds each remote player has for a choice (0: no clock)
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "seats": ListOf(Nested(LobbySeat), MAX_SEATS), "commitment": Hex(DIGEST_HEX),
        "pledges": ListOf(Hex(DIGEST_HEX), MAX_SEATS), "code": Nullable(Text(MAX_CODE)), "clock": Int(0, MAX_CLOCK),
    }


@dataclass(frozen=True)
class Lock(Message):
    """The start: every player's pledge, locked (sorted), with the host's commitment; each client reveals its value
    (``nonce``) once it has checked its own pledge is there, once. ``attempt`` counts the starts of this room."""

    t: ClassVar[str] = "lock"
    attempt: int
    commitment: str
    pledges: tuple[str, ...]
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "attempt": Int(1, MAX_STATE), "commitment": Hex(DIGEST_HEX), "pledges": ListOf(Hex(DIGEST_HEX), MAX_SEATS)}


@dataclass(frozen=True)
class Clock(Message):
    """The turn clock (issue 33 §3), sent when it changes: the seconds left to each remote seat whose choice runs
    now under the clock (counted from when the host sent this), and the seats whose clock ran out: a bot plays
    them until their player takes them back (``here``)."""

    t: ClassVar[str] = "clock"
    seconds: int  # the clock: seconds for each choice (0: none)
    left: Mapping[int, int]
    idle: tuple[int, ...]
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "seconds": Int(0, MAX_CLOCK), "left": SeatMap(Int(0, MAX_CLOCK)), "idle": ListOf(SEAT, MAX_SEATS)}


@dataclass(frozen=True)
class Reveal(Message):
    """After the game: the host secret and the nonces, in seat order, that made the seed (fairness check)."""

    t: ClassVar[str] = "reveal"
    secret: str
    nonces: tuple[str, ...]
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "secret": Hex(DIGEST_HEX), "nonces": ListOf(Hex(NONCE_HEX), MAX_SEATS)}


@dataclass(frozen=True)
class Acks(Message):
    """What this client's seats have already acknowledged ((what, round) pairs), sent on reconnecting."""

    t: ClassVar[str] = "acks"
    seen: tuple[tuple[object, ...], ...]
    schema: ClassVar[Mapping[str, Field[Any]]] = {
        "seen": ListOf(Row(Choice(*ACK_WHATS), ROUND), len(ACK_WHATS) * MAX_ROUND)}


ClientMessage = Hello | Intent | Undo | Ack | Pledge | Nonce | Here | Resync | Bye
HostMessage = Welcome | Refused | Error | ViewMessage | Event | Lobby | Lock | Clock | Reveal | Acks
CLIENT_TYPES: Mapping[str, type[ClientMessageBase]] = {
    c.t: c for c in (Hello, Intent, Undo, Ack, Pledge, Nonce, Here, Resync, Bye)}
HOST_TYPES: Mapping[str, type[Message]] = {
    c.t: c for c in (Welcome, Refused, Error, ViewMessage, Event, Lobby, Lock, Clock, Reveal, Acks)}


def _check_schemas() -> None:
    """Every shape's schema names exactly its dataclass fields, in order (a mismatch fails on import)."""
    shapes: tuple[type[Shape], ...] = (*CLIENT_TYPES.values(), *HOST_TYPES.values(), Tick, LobbySeat)
    for shape in shapes:
        names = [f.name for f in fields(shape)]
        if names != list(shape.schema):
            raise TypeError(f"{shape.__name__}: schema {list(shape.schema)} does not match its fields {names}")


_check_schemas()


# ----------------------------------------------------------------------------------------------------
# parsing


def _refuse_constant(name: str) -> object:
    raise ProtocolError("not-json", f"{name} is not a number JSON allows.")


def _no_repeats(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for k, v in pairs:
        if k in out:
            shown = k if len(k) <= 30 and bad_character(k) is None else "a field"
            raise ProtocolError("duplicate-field", f"the field {shown!r} appears twice.")
        out[k] = v
    return out


def _decode(text: str | bytes, limit: int) -> dict[str, object]:
    """The JSON object in ``text`` (at most ``limit`` bytes of UTF-8), or ProtocolError."""
    if isinstance(text, bytes | bytearray | memoryview):
        raw = bytes(text)
        if len(raw) > limit:
            raise ProtocolError("too-big", f"a message has at most {limit} bytes, this one {len(raw)}.")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("not-utf8", "the message is not UTF-8 text.") from None
    elif isinstance(text, str):
        if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
            raise ProtocolError("too-big", f"a message has at most {limit} bytes.")
    else:
        raise ProtocolError("wrong-type", f"a message is text, not {type(text).__name__}.")
    try:
        value = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_refuse_constant)
    except ProtocolError:
        raise
    except RecursionError:
        raise ProtocolError("too-deep", "the message is nested too deeply.") from None
    except ValueError as e:  # JSONDecodeError, and an integer of thousands of digits
        raise ProtocolError("not-json", f"the message is not JSON ({str(e)[:80]}).") from None
    if not isinstance(value, dict):
        raise ProtocolError("not-object", f"a message is a JSON object, not {_json_type(value)}.")
    return value


def _parse(text: str | bytes, limit: int, types: Mapping[str, type[Message]], side: str) -> Message:
    data = _decode(text, limit)
    if "t" not in data:
        raise ProtocolError("missing-field", 'a message needs the field "t" (its type).')
    tag = data["t"]
    if not isinstance(tag, str):
        raise _wrong("t", "a text", tag)
    cls = types.get(tag)
    if cls is None:
        shown = tag if len(tag) <= 20 and bad_character(tag) is None else "another type"
        raise ProtocolError("unknown-type", f"{side} sends no message of type {shown!r}; "
                                            f"the types are {', '.join(types)}.")
    return cls.from_data(data, tag=tag)


def peek_protocol(text: str | bytes) -> int | None:
    """The protocol number of a hello, read before the hello is checked (a client of another protocol version
    may send fields this one does not know: it is told "protocol", not "bad-message"); None if ``text`` is no
    JSON object with ``"t": "hello"`` and a whole-number ``"protocol"``."""
    try:
        data = _decode(text, MAX_CLIENT_MESSAGE)
    except ProtocolError:
        return None
    number = data.get("protocol")
    return number if data.get("t") == "hello" and type(number) is int else None


def parse_client(text: str | bytes) -> ClientMessage:
    """A client's message (what the host receives), or ProtocolError."""
    msg = _parse(text, MAX_CLIENT_MESSAGE, CLIENT_TYPES, "a client")
    assert isinstance(msg, ClientMessage)
    return msg


def parse_host(text: str | bytes) -> HostMessage:
    """The host's message (what a client receives), or ProtocolError."""
    msg = _parse(text, MAX_HOST_MESSAGE, HOST_TYPES, "the host")
    assert isinstance(msg, HostMessage)
    return msg


# ----------------------------------------------------------------------------------------------------
# the view hash


def canonical_json(value: object) -> str:
    """One text per JSON value: keys sorted, no spaces, ASCII only (what :func:`view_hash` hashes)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def view_hash(view: Mapping[str, object]) -> str:
    """The SHA-256 (hex) of a view's canonical JSON: host and client compare it after every change."""
    return hashlib.sha256(canonical_json(_plain_json(dict(view))).encode("ascii")).hexdigest()


__all__ = [
    "ACK_WHATS", "CLIENT_TYPES", "ERROR_REASONS", "HOST_TYPES", "MAX_CLIENT_MESSAGE", "MAX_HOST_MESSAGE",
    "MAX_CLOCK", "PROBLEMS", "PROTOCOL_VERSION", "REFUSE_REASONS", "Ack", "Acks", "Bye", "ClientMessage", "Clock",
    "Error", "Event", "Hello", "HostMessage", "Here", "Intent", "Lobby", "LobbySeat", "Lock", "Nonce", "Pledge",
    "ProtocolError", "Refused", "Resync", "Reveal", "Tick", "Undo", "ViewMessage", "Welcome", "canonical_json",
    "parse_client", "parse_host", "peek_protocol", "view_hash"
]

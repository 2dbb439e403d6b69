"""One seeding scheme for every way a game is played: at the table, in ``simulate``, from a save, in a replay.

Every random outcome of a match comes from a stream that belongs to a seat *position* and a kind of chance:
the chips seat 2 draws come from stream ("draw", 2), its bonus-die rolls from ("die", 2), what it reveals
from ("reveal", 2), the fortune cards from ("fortune", -1). A stream is a Mersenne Twister seeded once with
an integer mixed from (match seed, kind, position), and every outcome takes exactly one number from it per
chip, face or card. So a stream's place follows from the record alone (how many outcomes of that kind the
seat has had), and a saved match resumes by moving each stream on as far as its record goes.

Bots get a generator per decision, mixed from (seed, position, how many actions that seat has taken), and
seeded only if the bot asks for a number at all (most decisions never do).

Because streams belong to positions, not to who sits there, duplicate seating gives every bot level the same
luck; because a seat's draws do not depend on when the other seats act, stir ticks and the order of the
seats never change anyone's chips.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence, Sequence
from random import Random
from typing import TypeVar

from ..rules.chance import Outcome
from ..rules.game import Game

T = TypeVar("T")

_MASK = (1 << 64) - 1
_KINDS = {"draw": 1, "reveal": 2, "die": 3, "fortune": 4, "bot": 5}


#: ``mix``'s starting value (the golden-ratio increment of splitmix64)
_START = 0x9E3779B97F4A7C15


def mix(*parts: int) -> int:
    """A stable 64-bit mix of integers (splitmix64 steps): the same on every platform and Python."""
    return mix_on(_START, parts)


def mix_on(h: int, parts: Iterable[int]) -> int:
    """``mix`` continued from ``h``: ``mix(a, b, c) == mix_on(mix(a, b), (c,))`` (so a common prefix is mixed once)."""
    for p in parts:
        h = (h ^ (p & _MASK)) * 0xBF58476D1CE4E5B9 & _MASK
        h ^= h >> 31
        h = (h + 0x9E3779B97F4A7C15) * 0x94D049BB133111EB & _MASK
        h ^= h >> 29
    return h


class LazyRandom:
    """A ``random.Random`` seeded only when it is first asked for a number (most bot decisions never ask).

    It holds the generator rather than being one (so that mypyc can compile this module: a compiled subclass of
    the C type ``random.Random`` is not sound). The seed is ``mix_on(prefix, (last,))``, worked out only when a
    number is first asked for as well; every method hands the call to ``random.Random``'s own on a generator so
    seeded, so the numbers are exactly those of ``random.Random(seed)`` (tests/session/test_seeding.py). A match
    reuses one per seat (``reset``) rather than make one per decision, and the generator inside is seeded again
    in place (``random.Random.seed``, which also forgets a cached ``gauss`` value)."""

    def __init__(self, prefix: int, last: int) -> None:
        self.prefix = prefix
        self.last = last
        self.stale = True  # not yet seeded for ``last``
        self.made: Random | None = None  # the generator, made when it is first needed

    def reset(self, last: int) -> None:
        """Become the generator for ``last`` instead (as if made anew)."""
        self.last = last
        self.stale = True

    def generator(self) -> Random:
        """The generator, seeded for ``last`` first if it is not yet."""
        made = self.made
        if made is None:
            made = self.made = Random(mix_on(self.prefix, (self.last,)))
            self.stale = False
        elif self.stale:
            made.seed(mix_on(self.prefix, (self.last,)))
            self.stale = False
        return made

    def seed(self, a: int | float | str | bytes | bytearray | None = None, version: int = 2) -> None:
        """Seeded explicitly: from now on what ``random.Random.seed(a)`` gives (``last`` no longer counts)."""
        self.generator().seed(a, version)

    def getstate(self) -> tuple[object, ...]:
        return self.generator().getstate()

    def setstate(self, state: tuple[object, ...]) -> None:
        self.generator().setstate(state)

    def random(self) -> float:
        return self.generator().random()

    def getrandbits(self, k: int, /) -> int:
        return self.generator().getrandbits(k)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return self.generator().randrange(start, stop, step)

    def randint(self, a: int, b: int) -> int:
        return self.generator().randint(a, b)

    def choice(self, seq: Sequence[T]) -> T:
        return self.generator().choice(seq)

    def choices(self, population: Sequence[T], weights: Sequence[float] | None = None, *,
                cum_weights: Sequence[float] | None = None, k: int = 1) -> list[T]:
        return self.generator().choices(population, weights, cum_weights=cum_weights, k=k)

    def shuffle(self, x: MutableSequence[object]) -> None:
        self.generator().shuffle(x)

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        return self.generator().sample(population, k)

    def uniform(self, a: float, b: float) -> float:
        return self.generator().uniform(a, b)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        return self.generator().gauss(mu, sigma)

    def __reduce__(self) -> tuple[type[Random], tuple[()], tuple[object, ...]]:
        """A copy (``copy``, ``pickle``) is a plain ``random.Random`` in the same state."""
        return Random, (), self.getstate()


class Streams:
    """The random streams of one match (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._streams: dict[tuple[str, int], Random] = {}
        self._bot_prefix: dict[int, int] = {}  # position -> mix(seed, bot, position + 1)

    def stream(self, kind: str, position: int) -> Random:
        key = (kind, position)
        r = self._streams.get(key)
        if r is None:
            r = Random(mix(self.seed, _KINDS[kind], position + 1))
            self._streams[key] = r
        return r

    def sample(self, g: Game) -> Outcome:
        """The outcome of the chance step due in ``g`` from its stream (one number per chip, face or card)."""
        ch = g.pending_chance()
        if ch is None:
            raise ValueError("no chance step is due")
        return g.sample_chance(self.stream(ch.kind, -1 if ch.seat is None else ch.seat))

    def bot_rng(self, position: int, acted: int) -> LazyRandom:
        """The generator for a bot's decision: seat ``position`` after ``acted`` actions of its own."""
        prefix = self._bot_prefix.get(position)
        if prefix is None:
            prefix = self._bot_prefix[position] = mix(self.seed, _KINDS["bot"], position + 1)
        return LazyRandom(prefix, acted)  # seeded with mix(seed, bot, position + 1, acted) when first used

    def resume(self, record: Iterable[Sequence[object]]) -> None:
        """Move every stream on past the outcomes a record already holds: ("chance", kind, seat, outcome)."""
        for entry in record:
            if entry[0] != "chance":
                continue
            kind, seat, outcome = str(entry[1]), entry[2], entry[3]
            uses = len(str(outcome).split()) if kind == "reveal" else 1
            rng = self.stream(kind, _position(seat))
            for _ in range(uses):
                rng.random()


def _position(seat: object) -> int:
    """A record's seat as a stream's position: -1 for none (the fortune cards), else its number."""
    if seat is None:
        return -1
    if isinstance(seat, (int, str)):
        return int(seat)
    raise ValueError(f"a record names the seat {seat!r}, not a number")

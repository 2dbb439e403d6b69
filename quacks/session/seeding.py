"""One seeding scheme for every way a game is played: at the table, in ``simulate``, from a save, in a replay.

Every random outcome of a match comes from a stream that belongs to a seat *position* and a kind of chance:
the chips seat 2 draws come from stream ("draw", 2), its bonus-die rolls from ("die", 2), what it reveals
from ("reveal", 2), the fortune cards from ("fortune", -1). A stream is a Mersenne Twister seeded once with
an integer mixed from (match seed, kind, position), and every outcome takes exactly one number from it per
chip, face or card. So a stream's place follows from the record alone (how many outcomes of that kind the
seat has had), and a saved match resumes by moving each stream on as far as its record goes.

Bots get a generator per decision, mixed from (seed, position, how many actions that seat has taken), and
built only if the bot asks for randomness at all (most decisions never do).

Because streams belong to positions, not to who sits there, duplicate seating gives every bot level the same
luck; because a seat's draws do not depend on when the other seats act, stir ticks and the order of the
seats never change anyone's chips.
"""

from __future__ import annotations

import _random
import random
from collections.abc import Iterable
from typing import Any

from ..rules.chance import draw_from
from ..rules.chips import CHIPS
from ..rules.game import Game

_MASK = (1 << 64) - 1
_KINDS = {"draw": 1, "reveal": 2, "die": 3, "fortune": 4, "bot": 5}


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


#: the C seeding that ``random.Random.seed`` ends in: for an int it gives the very state ``random.Random(n)`` has
_SEED = _random.Random.seed
#: ``randrange(n)`` as ``random.Random`` does it (getrandbits of n's bit length until below n), if it does
_RANDBELOW_BITS = random.Random._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


class LazyRandom:
    """A ``random.Random`` that is seeded only when first used (bots rarely need one).

    The seed is ``mix_on(prefix, (last,))``, worked out only then as well. A match reuses one per seat
    (``reset``): the generator object stays and is seeded again in place, which gives the same numbers as a new
    ``random.Random`` of that seed (tests/session/test_seeding.py) at a fifth less of the cost."""

    __slots__ = ("_prefix", "_last", "_rng", "_stale")

    def __init__(self, prefix: int, last: int) -> None:
        self._prefix = prefix
        self._last = last
        self._rng: random.Random | None = None
        self._stale = True  # not yet seeded for ``_last``

    def _get(self) -> random.Random:
        r = self._rng
        if self._stale:
            seed = mix_on(self._prefix, (self._last,))
            if r is None:
                r = self._rng = random.Random(seed)
            else:
                _SEED(r, seed)  # random.Random.seed(r, seed) without its checks of the seed's type
                r.gauss_next = None  # type: ignore[attr-defined]
            self._stale = False
        return r  # type: ignore[return-value]

    def reset(self, last: int) -> None:
        """Become the generator for ``last`` instead (as if made anew; a match reuses one per seat)."""
        self._last = last
        self._stale = True

    def random(self) -> float:
        return self._get().random()

    def randrange(self, *args: int) -> int:
        if _RANDBELOW_BITS and len(args) == 1 and type(args[0]) is int and args[0] > 0:
            n = args[0]  # random.Random.randrange(n), as it is written, without its argument checks
            getrandbits = self._get().getrandbits
            k = n.bit_length()
            x = getrandbits(k)
            while x >= n:
                x = getrandbits(k)
            return x
        return self._get().randrange(*args)

    def choice(self, seq: Any) -> Any:
        return self._get().choice(seq)

    def shuffle(self, seq: list[Any]) -> None:
        self._get().shuffle(seq)

    def sample(self, population: Any, k: int) -> list[Any]:
        return self._get().sample(population, k)

    def uniform(self, a: float, b: float) -> float:
        return self._get().uniform(a, b)


class Streams:
    """The random streams of one match (see the module docstring)."""

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._streams: dict[tuple[str, int], random.Random] = {}
        self._bot_prefix: dict[int, int] = {}  # position -> mix(seed, bot, position + 1)

    def stream(self, kind: str, position: int) -> random.Random:
        key = (kind, position)
        r = self._streams.get(key)
        if r is None:
            r = random.Random(mix(self.seed, _KINDS[kind], position + 1))
            self._streams[key] = r
        return r

    def sample(self, g: Game) -> Any:
        """The outcome of the chance step due in ``g`` (one number per chip, face or card)."""
        ch = g.pending_chance()
        if ch is None:
            raise ValueError("no chance step is due")
        rng = self.stream(ch.kind, -1 if ch.seat is None else ch.seat)
        if ch.kind == "draw":
            bag = g.seats[ch.seat].bag  # type: ignore[index]
            return CHIPS[draw_from(bag.raw(), bag.total, rng)]
        return g.sample_chance(rng)

    def bot_rng(self, position: int, acted: int) -> LazyRandom:
        """The generator for a bot's decision: seat ``position`` after ``acted`` actions of its own."""
        prefix = self._bot_prefix.get(position)
        if prefix is None:
            prefix = self._bot_prefix[position] = mix(self.seed, _KINDS["bot"], position + 1)
        return LazyRandom(prefix, acted)  # seeded with mix(seed, bot, position + 1, acted) when first used

    def resume(self, record: Iterable[tuple[Any, ...] | list[Any]]) -> None:
        """Move every stream on past the outcomes a record already holds."""
        for entry in record:
            if entry[0] != "chance":
                continue
            kind, seat, outcome = str(entry[1]), entry[2], entry[3]
            uses = len(str(outcome).split()) if kind == "reveal" else 1
            rng = self.stream(kind, -1 if seat is None else int(seat))
            for _ in range(uses):
                rng.random()


def acts_by_seat(record: Iterable[tuple[Any, ...] | list[Any]], n: int) -> list[int]:
    """How many actions each seat has taken in a record (the bots' decision counters)."""
    out = [0] * n
    for entry in record:
        if entry[0] == "act":
            out[int(entry[1])] += 1
    return out

"""A multiset of chips (a bag, the supply): counts per chip kind in canonical order.

The bag is never ordered (architecture: "no hidden order is ever stored"); a draw is a chance step whose
weights are these counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from .chips import CHIP_BY_NAME, CHIPS, N_CHIPS, Chip

if TYPE_CHECKING:
    from .state import Placed


class ChipCounts:
    """Counts of each chip kind. Mutable; ``copy()`` for an independent one.

    ``total`` is how many chips it holds: an attribute to read (every draw reads it, a property is a call),
    kept by the methods and never set from outside."""

    __slots__ = ("_n", "total")

    def __init__(self, counts: Iterable[int] | None = None) -> None:
        self._n: list[int] = list(counts) if counts is not None else [0] * N_CHIPS
        if len(self._n) != N_CHIPS:
            raise ValueError("ChipCounts needs one count per chip kind")
        self.total = sum(self._n)

    @classmethod
    def from_mapping(cls, m: Mapping[str, int] | Mapping[Chip, int]) -> ChipCounts:
        out = cls()
        for k, v in m.items():
            c = k if isinstance(k, Chip) else CHIP_BY_NAME[k]
            out.add(c, int(v))
        return out

    @classmethod
    def of(cls, chips: Iterable[Chip]) -> ChipCounts:
        out = cls()
        for c in chips:
            out.add(c)
        return out

    def copy(self) -> ChipCounts:
        return ChipCounts(self._n)

    def __getitem__(self, c: Chip | str) -> int:
        if isinstance(c, str):
            c = CHIP_BY_NAME[c]
        return self._n[c.index]

    def __len__(self) -> int:
        return self.total

    def __bool__(self) -> bool:
        return self.total > 0

    def __contains__(self, c: object) -> bool:
        return isinstance(c, Chip) and self._n[c.index] > 0

    def add(self, c: Chip, n: int = 1) -> None:
        if n < 0:
            raise ValueError("cannot add a negative count")
        self._n[c.index] += n
        self.total += n

    def add_placed(self, placed: list[Placed]) -> None:
        """Every chip of a pot back into the bag in one go (rulebook E; the hot path of emptying pots)."""
        n = self._n
        for p in placed:
            n[p[1].index] += 1
        self.total += len(placed)

    def remove(self, c: Chip, n: int = 1) -> None:
        counts = self._n
        i = c.index
        if counts[i] < n:
            raise ValueError(f"no {c} left to remove (have {counts[i]}, need {n})")
        counts[i] -= n
        self.total -= n

    def set(self, c: Chip, n: int) -> None:
        self.total += n - self._n[c.index]
        self._n[c.index] = n

    def items(self) -> Iterator[tuple[Chip, int]]:
        """(chip, count) for every chip with a count above 0, canonical order."""
        n = self._n
        for i in range(N_CHIPS):
            if n[i]:
                yield CHIPS[i], n[i]

    def all_items(self) -> Iterator[tuple[Chip, int]]:
        """(chip, count) for every chip kind, zeros included."""
        return zip(CHIPS, self._n)

    def counts(self) -> list[int]:
        return self._n.copy()

    def raw(self) -> list[int]:
        """The internal counts, read-only (no copy; for hot paths)."""
        return self._n

    def elements(self) -> Iterator[Chip]:
        for c, k in self.items():
            for _ in range(k):
                yield c

    def as_names(self, zeros: bool = False) -> dict[str, int]:
        it = self.all_items() if zeros else self.items()
        return {c.name: k for c, k in it}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChipCounts) and self._n == other._n

    def __hash__(self) -> int:  # pragma: no cover - mutable, but hashable for snapshots
        return hash(tuple(self._n))

    def __repr__(self) -> str:
        return f"ChipCounts({self.as_names()})"

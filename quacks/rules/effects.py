"""The one base of the book and card effects: a closed kind, a parameter schema, typed parameters.

A book's chip action (books.py) and a fortune card (fortunes.py) name an effect *kind* in the data with its
parameters (architecture: "data carries numbers and words; code carries a closed set of behaviours"). Each
kind is one small class that registers itself under its kind and reads its parameters explicitly in
``read`` (typed attributes, no ``setattr`` from data), so the rules package compiles with mypyc.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from enum import Enum
from typing import Any, ClassVar, TypeVar

from .chips import Chip
from .params import Reward, Schema

T = TypeVar("T")


class Params:
    """An effect's parameters as the schema parsed them; each reader checks the type it promises, loudly."""

    def __init__(self, owner: str, values: Mapping[str, object]) -> None:
        self.owner = owner
        self.values = values

    def _typed(self, name: str, value: object, typ: type[T]) -> T:
        if isinstance(value, bool) and typ is int or not isinstance(value, typ):
            raise TypeError(f"{self.owner} parameter {name!r}: {value!r} is not a {typ.__name__}")
        return value

    def _tuple(self, name: str) -> tuple[object, ...]:
        return self._typed(name, self.values[name], tuple)

    def number(self, name: str) -> int:
        return self._typed(name, self.values[name], int)

    def text(self, name: str) -> str:
        return self._typed(name, self.values[name], str)

    def chip(self, name: str) -> Chip:
        return self._typed(name, self.values[name], Chip)

    def reward(self, name: str) -> Reward:
        return self._typed(name, self.values[name], Reward)

    def ints(self, name: str) -> tuple[int, ...]:
        return tuple(self._typed(name, x, int) for x in self._tuple(name))

    def texts(self, name: str) -> tuple[str, ...]:
        return tuple(self._typed(name, x, str) for x in self._tuple(name))

    def rewards(self, name: str) -> tuple[Reward, ...]:
        return tuple(self._typed(name, x, Reward) for x in self._tuple(name))

    def int_pairs(self, name: str) -> tuple[tuple[int, int], ...]:
        """``{1: 1, 3: 2}`` maps and ``[[1, 2], [2, 3]]`` lists of pairs."""
        out = []
        for x in self._tuple(name):
            pair = self._typed(name, x, tuple)
            if len(pair) != 2:
                raise TypeError(f"{self.owner} parameter {name!r}: {pair!r} is not a pair")
            out.append((self._typed(name, pair[0], int), self._typed(name, pair[1], int)))
        return tuple(out)

    def chip_choices(self, name: str) -> tuple[tuple[Chip, tuple[Chip, ...]], ...]:
        """``{green-2: [blue-1, red-1]}``: for a chip, the chips one may take."""
        out = []
        for x in self._tuple(name):
            pair = self._typed(name, x, tuple)
            chips = self._typed(name, pair[1], tuple)
            out.append((self._typed(name, pair[0], Chip), tuple(self._typed(name, c, Chip) for c in chips)))
        return tuple(out)


class Effect:
    """Base of the book and card effects: registration by kind, the schema, the parameters read once.

    A family (``BookEffect``, ``CardEffect``) names its closed kind enum and its registry; every concrete class
    sets ``kind`` and thereby registers itself (an unknown or repeated kind is a loud error at import)."""

    family: ClassVar[str] = ""  # "book", "card": used in the error messages
    kind_type: ClassVar[type[Enum]]
    kind: ClassVar[Enum]
    schema: ClassVar[Schema] = Schema()

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        self.params = dict(params or {})
        self.read(Params(type(self).__name__, self.params))

    def read(self, p: Params) -> None:
        """Take the kind's parameters (a kind with a schema overrides this; the schema validated them)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.params})"

    @classmethod
    def registered(cls) -> Collection[Enum]:
        """The kinds of the family registered so far."""
        raise NotImplementedError(cls.family)

    @classmethod
    def register(cls) -> None:
        """Add this concrete class to its family's registry."""
        raise NotImplementedError(cls.family)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        kind = vars(cls).get("kind")
        if kind is None:
            return
        if not isinstance(kind, cls.kind_type):
            raise TypeError(f"{cls.__name__}.kind {kind!r} is not a {cls.kind_type.__name__} "
                            "(add it to rules/kinds.py)")
        if kind in cls.registered():
            raise RuntimeError(f"{cls.family} kind {kind!r} defined twice")
        cls.register()

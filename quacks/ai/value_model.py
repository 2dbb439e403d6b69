"""The Expert bot's learned value of a position (issue 23): linear, one set of weights per round and moment.

``end[r]`` values a seat at round r's shop, with the round's VP, coins, rubies and droplet in hand; ``start[r]``
values it right after that shop, with the chips it bought in the bag. Both predict the seat's final margin
(``features.final_margin``: its final score minus the best other's) from ``features.NAMES``, in pure Python: the
lead it has now plus the weights' estimate of how that lead will change (so a VP now counts as a VP at the end,
give or take what the weights learned about leaders: the rat stones).

The margin becomes a chance of winning through a logistic curve whose scale was fitted on the same games
(``win_probability``). The weights and the settings that made them live in ``data/bots/expert.yaml``, written by
``python -m quacks train-expert``; the content loader reads the file, and this module checks it loudly.

In play the Expert bot (``ai/expert.py``) reads one number of it: the last round's ``scale``. The ``start`` and
``end`` tables are trained and kept for later: played by, they lost to Hard's own reckoning.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .features import INDEX, NAMES

TABLES = ("start", "end")
_LEAD = INDEX["lead"]


class ModelError(ValueError):
    """The weights do not fit this game's features (a sentence saying what and where)."""


@dataclass(frozen=True)
class ValueModel:
    """Weights by table (``start``/``end``) and round, over ``features.NAMES``; ``win_scale`` in VP."""

    start: Mapping[int, tuple[float, ...]]
    end: Mapping[int, tuple[float, ...]]
    win_scale: Mapping[int, float]  # by round: the logistic curve's scale at that round's shop (the last: its start)
    settings: Mapping[str, Any]

    def weights(self, table: str, rnd: int) -> tuple[float, ...]:
        """The weights of ``table`` for round ``rnd`` (the nearest round that has some)."""
        by_round = self.start if table == "start" else self.end
        if rnd in by_round:
            return by_round[rnd]
        near = min(by_round, key=lambda r: abs(r - rnd))
        return by_round[near]

    def value(self, table: str, rnd: int, feats: Sequence[float]) -> float:
        """The predicted final margin (VP) of a position with the numbers ``feats``."""
        w = self.weights(table, rnd)
        return feats[_LEAD] + math.fsum(a * b for a, b in zip(w, feats))

    def per_vp(self, table: str, rnd: int) -> float:
        """How much the predicted margin grows with one VP more (score, lead and gap all move by one)."""
        w = self.weights(table, rnd)
        return 1.0 + w[INDEX["score"]] + w[_LEAD] + w[INDEX["gap"]]

    def rate(self, table: str, rnd: int, name: str) -> float:
        """What one more of the feature ``name`` is worth, in VP of final margin (a VP of score now is one VP of
        margin by construction, ``value``)."""
        return self.weights(table, rnd)[INDEX[name]]

    def scale(self, rnd: int) -> float:
        """The logistic curve's scale in round ``rnd`` (the nearest round that has one)."""
        if rnd in self.win_scale:
            return self.win_scale[rnd]
        return self.win_scale[min(self.win_scale, key=lambda r: abs(r - rnd))]

    def win_probability(self, margin: float, rnd: int) -> float:
        """The chance that a seat with this predicted final margin in round ``rnd`` wins."""
        return logistic(margin / self.scale(rnd))

    def to_data(self) -> dict[str, Any]:
        return {
            "features": list(NAMES),
            "win_scale": {r: round(x, 4) for r, x in sorted(self.win_scale.items())},
            "settings": dict(self.settings),
            "start": {r: [round(x, 6) for x in w] for r, w in sorted(self.start.items())},
            "end": {r: [round(x, 6) for x in w] for r, w in sorted(self.end.items())},
        }

    @staticmethod
    def from_data(d: Any, rounds: int | None = None) -> ValueModel:
        """The model of a data file's contents; ``ModelError`` saying what does not fit (whatever the file holds:
        no other exception). ``rounds``: the game's number of rounds, which every table's rounds must be within."""
        try:
            return ValueModel._from_data(d, rounds)
        except ModelError:
            raise
        except Exception as e:  # noqa: BLE001 - odd data the checks below did not foresee: still a loud ModelError
            raise ModelError(f"the Expert bot's weights cannot be understood ({type(e).__name__}: {e})") from None

    @staticmethod
    def _from_data(d: Any, rounds: int | None) -> ValueModel:
        if not isinstance(d, Mapping):
            raise ModelError("the Expert bot's weights are not a mapping")
        names = d.get("features")
        if not isinstance(names, list) or names != list(NAMES):
            raise ModelError("the Expert bot's weights were made for other features than this game's; "
                             "make them again with `python -m quacks train-expert`")
        tables: dict[str, dict[int, tuple[float, ...]]] = {}
        for table in TABLES:
            rows = d.get(table)
            if not isinstance(rows, Mapping) or not rows:
                raise ModelError(f"the Expert bot's weights have no {table!r} table")
            out: dict[int, tuple[float, ...]] = {}
            for r, w in rows.items():
                if not isinstance(r, int) or not isinstance(w, list) or len(w) != len(NAMES):
                    raise ModelError(f"the Expert bot's {table!r} weights of round {r!r} are not "
                                     f"{len(NAMES)} numbers")
                _check_round(r, rounds, f"{table!r} weights")
                nums = tuple(float(x) for x in w if isinstance(x, (int, float)) and not isinstance(x, bool))
                if len(nums) != len(NAMES) or not all(math.isfinite(x) for x in nums):
                    raise ModelError(f"the Expert bot's {table!r} weights of round {r} hold something not a number")
                out[r] = nums
            tables[table] = out
        scales = d.get("win_scale")
        if not isinstance(scales, Mapping) or not scales:
            raise ModelError("the Expert bot's win_scale is not a table of rounds")
        scale: dict[int, float] = {}
        for r, x in scales.items():
            if not isinstance(r, int) or not isinstance(x, (int, float)) or isinstance(x, bool) or not 0 < x < 1000:
                raise ModelError(f"the Expert bot's win_scale of round {r!r} is not a positive number")
            _check_round(r, rounds, "win_scale")
            scale[r] = float(x)
        settings = d.get("settings") or {}
        if not isinstance(settings, Mapping):
            raise ModelError("the Expert bot's settings are not a mapping")
        return ValueModel(tables["start"], tables["end"], scale, dict(settings))


def _check_round(r: int, rounds: int | None, what: str) -> None:
    """ModelError if ``r`` is not a round of a game of ``rounds`` rounds (not checked when ``rounds`` is None)."""
    if rounds is not None and not 1 <= r <= rounds:
        raise ModelError(f"the Expert bot's {what} name round {r}, which a game of {rounds} rounds has not")


def logistic(x: float) -> float:
    x = max(-60.0, min(60.0, x))
    return 1.0 / (1.0 + math.exp(-x))

"""Speed work never changes a game: a fixed set of seeded bot matches ends in the same state as before.

Each case is a match of bots played exactly as ``simulate`` plays it (``tournament.play_match``): 2-4 seats,
every bot level, every set, mixed sets, both pot sides, the house switches and the game without fortune
cards. For each, ``tests/data/fingerprints.json`` holds hashes of

- ``final``: the final state fingerprint (``rules/snapshot.fingerprint``) of the match played without events
  or record, as simulate plays it;
- ``record``: the whole record (every action and random outcome) of the same match played with events;
- ``events``: every event of that match (kind, seat, round, cause, data), the log's material.

Both ways of playing must end in the same state. A rules fix that changes a game on purpose regenerates the
file deliberately and says so in its commit message::

    .venv-test/bin/python tests/test_fingerprints.py --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from quacks.devtools.tournament import play_match  # noqa: E402
from quacks.rules.chips import SET_COLOURS, Colour  # noqa: E402
from quacks.rules.config import GameConfig  # noqa: E402
from quacks.rules.snapshot import fingerprint  # noqa: E402

DATA = Path(__file__).parent / "data" / "fingerprints.json"


def _books(spec: int | str) -> dict[Colour, int]:
    if isinstance(spec, int):
        return {c: spec for c in SET_COLOURS}
    return {c: int(x) for c, x in zip(SET_COLOURS, spec)}  # "12341": a set per colour


# (name, levels, books, pot side, fortune cards, house switches, seed)
CASES: list[tuple[str, tuple[str, ...], int | str, str, bool, dict[str, Any], int]] = [
    ("normal4-set1", ("normal",) * 4, 1, "standard", True, {}, 1),
    ("normal4-set2-tubes", ("normal",) * 4, 2, "test-tubes", True, {}, 2),
    ("normal3-set3", ("normal",) * 3, 3, "standard", True, {}, 3),
    ("normal2-set4-tubes", ("normal",) * 2, 4, "test-tubes", True, {}, 4),
    ("random4-mix", ("random",) * 4, "21431", "standard", True, {}, 5),
    ("random2-set1-tubes", ("random",) * 2, 1, "test-tubes", True, {}, 6),
    ("random-normal-easy-set4", ("random", "normal", "easy"), 4, "standard", True, {}, 7),
    ("easy4-set3-tubes", ("easy",) * 4, 3, "test-tubes", True, {}, 8),
    ("hard-normal-set1", ("hard", "normal"), 1, "standard", True, {}, 9),
    ("normal-hard-set2-tubes", ("normal", "hard"), 2, "test-tubes", True, {}, 10),
    ("hard-easy-random-mix", ("hard", "easy", "random"), "34122", "standard", True, {}, 11),
    ("house-rubies0-sequential", ("normal", "random", "easy", "normal"), 1, "standard", True,
     {"starting-rubies": 0, "sequential-brewing": True}, 12),
    ("house-sequential-tubes-hard", ("hard", "normal"), 3, "test-tubes", True, {"sequential-brewing": True}, 13),
    ("no-fortunes", ("normal", "normal", "random"), 2, "standard", False, {}, 14),
    ("normal4-mix", ("normal",) * 4, "12341", "standard", True, {}, 15),
    ("random3-set2-sequential", ("random",) * 3, 2, "test-tubes", True, {"sequential-brewing": True}, 16),
    ("random4-mix-tubes", ("random",) * 4, "43214", "test-tubes", True, {}, 17),
    ("random4-set3", ("random",) * 4, 3, "standard", True, {}, 18),
    ("random2-set4", ("random",) * 2, 4, "standard", True, {"starting-rubies": 0}, 19),
    ("easy-random-mix-tubes", ("easy", "random", "random", "easy"), "24313", "test-tubes", True, {}, 20),
    ("normal4-set4", ("normal",) * 4, 4, "standard", True, {}, 21),
    ("normal4-set3-tubes", ("normal",) * 4, 3, "test-tubes", True, {}, 22),
]


def _config(levels: tuple[str, ...], books: int | str, pot: str, fortunes: bool,
            house: dict[str, Any]) -> GameConfig:
    return GameConfig(seats=tuple(f"{lv}-{i}" for i, lv in enumerate(levels)), books=_books(books), variant=pot,
                      fortunes=fortunes, house=house)


def _hash(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _event_rows(events: list[Any]) -> list[Any]:
    return [[str(e.kind), e.seat, e.round, repr(e.cause), e.data] for e in events]


def play_case(levels: tuple[str, ...], books: int | str, pot: str, fortunes: bool, house: dict[str, Any],
              seed: int) -> dict[str, str]:
    cfg = _config(levels, books, pot, fortunes, house)
    quiet = play_match(cfg, levels, seed).game
    full = play_match(cfg, levels, seed, events=True).game
    assert quiet.is_over and full.is_over
    final = _hash(fingerprint(quiet))
    assert _hash(fingerprint(full)) == final, "the match played with events ended elsewhere"
    return {"final": final, "record": _hash([list(e) for e in full.record]), "events": _hash(_event_rows(full.events))}


def _expected() -> dict[str, dict[str, str]]:
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_seeded_matches_end_as_before(case: tuple[Any, ...]) -> None:
    name, *args = case
    want = _expected().get(name)
    assert want is not None, f"no fingerprint for {name}: run tests/test_fingerprints.py --write"
    got = play_case(*args)
    assert got == want, (
        f"{name} ended differently ({', '.join(k for k in want if got.get(k) != want[k])} changed). If a rules "
        "change means to change games, regenerate tests/data/fingerprints.json with "
        "'python tests/test_fingerprints.py --write' and say so in the commit message."
    )


def test_every_case_has_a_fingerprint_and_no_more() -> None:
    assert set(_expected()) == {c[0] for c in CASES}


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print("usage: python tests/test_fingerprints.py --write   (regenerates tests/data/fingerprints.json)")
        return 2
    out = {}
    for name, *args in CASES:
        out[name] = play_case(*args)
        print(name, out[name]["final"])
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

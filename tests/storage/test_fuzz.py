"""Every loader, fed random bytes and random JSON/YAML structures: a clear report or a valid result, never a crash."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quacks.storage import paths, replays, saves, stats
from quacks.storage.files import StorageError
from quacks.storage.settings import PACES, Settings, load_settings

from .conftest import make_match, play

FUZZ = settings(max_examples=60, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

_MATCH = play(make_match(("human", "easy"), seed=9), 6)
REAL = json.loads(json.dumps(_MATCH.to_data()))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.integers(), st.floats(allow_nan=False),
    st.text(max_size=20), st.sampled_from(["draw", "stop", "act", "chance", "white-1", "quacks-save", "human"]),
)
structures = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6), st.dictionaries(st.text(max_size=10), inner, max_size=6)),
    max_leaves=40,
)

entries = st.one_of(
    st.tuples(st.just("act"), st.integers(-1, 4), st.sampled_from(["draw", "stop", "flask", "choose vp",
                                                                     "buy orange-1", "done", "pass"])).map(list),
    st.tuples(st.just("chance"), st.sampled_from(["draw", "reveal", "die", "fortune"]),
              st.one_of(st.none(), st.integers(-1, 3)),
              st.sampled_from(["white-1", "white-2", "orange-1", "green-1 white-1", "1vp", "well-stirred"])).map(list),
    structures,
)


@st.composite
def save_like(draw: st.DrawFn) -> dict[str, Any]:
    """A save or replay that is nearly right: a real record cut and spliced with random entries, and at most
    a couple of other fields spoiled."""
    record = list(REAL["record"][: draw(st.integers(0, len(REAL["record"])))])
    for _ in range(draw(st.integers(0, 2))):
        record.insert(draw(st.integers(0, len(record))), draw(entries))
    match: Any = {"setup": REAL["setup"], "record": record, "tick": {}}
    doc: dict[str, Any] = {"schema": 2, "kind": draw(st.sampled_from(["quacks-save", "quacks-replay"])),
                           "saved_at": "2024-05-01T10:00:00+00:00", "meta": {}, "match": match}
    spoil = draw(st.sets(st.sampled_from(["schema", "kind", "saved_at", "meta", "match", "setup", "seed", "tick",
                                          "drop", "v1"]), max_size=2))
    if "schema" in spoil:
        doc["schema"] = draw(st.sampled_from([1, 3, 0, "2", None, 2.0, True]))
    if "kind" in spoil:
        doc["kind"] = draw(st.one_of(st.sampled_from(["quacks-statistics", None]), scalars))
    if "saved_at" in spoil:
        doc["saved_at"] = draw(scalars)
    if "meta" in spoil:
        doc["meta"] = draw(structures)
    if "match" in spoil:
        doc["match"] = draw(structures)
    if "setup" in spoil:
        match["setup"] = draw(structures)
    if "seed" in spoil:
        match["setup"] = {**REAL["setup"], "seed": draw(scalars)}
    if "tick" in spoil:
        match["tick"] = draw(st.one_of(structures, st.dictionaries(
            st.sampled_from(["0", "1", "5", "x", "-1"]), st.sampled_from(["draw", "stop", 3]), max_size=2)))
    if "drop" in spoil:
        doc.pop(draw(st.sampled_from(list(doc))))
    if "v1" in spoil:  # an old save, its entries written as strings (some of them spoiled)
        doc["schema"] = 1
        match.pop("tick", None)
        match["record"] = [" ".join("-" if x is None else str(x) for x in e) if isinstance(e, list) else e
                           for e in record]
    return doc


@st.composite
def settings_like(draw: st.DrawFn) -> dict[str, Any]:
    names = list(Settings.__dataclass_fields__) + ["schema", "theme"]
    d = draw(st.dictionaries(st.sampled_from(names), st.one_of(scalars, structures, st.sampled_from(PACES)),
                             max_size=8))
    d.setdefault("schema", draw(st.sampled_from([1, 1, 2, "1"])))
    return d


@st.composite
def stats_like(draw: st.DrawFn) -> dict[str, Any]:
    fields = ["games", "wins", "score_total", "best_score", "best_pot", "by_opponents", "by_seats", "brews",
              "explosions", "buys"]
    players = draw(st.dictionaries(st.text(max_size=8), st.dictionaries(
        st.sampled_from(fields), st.one_of(st.integers(-2, 50), structures,
                                           st.dictionaries(st.sampled_from(["1", "2", "x", "easy"]),
                                                           st.one_of(st.integers(-1, 9),
                                                                     st.lists(st.integers(-1, 9), max_size=3)),
                                                           max_size=3)),
        max_size=10), max_size=3))
    return {"schema": draw(st.sampled_from([1, 1, 2])), "kind": "quacks-statistics", "players": players,
            "counted": draw(st.one_of(st.just([]), st.lists(scalars, max_size=3)))}


def as_bytes(obj: Any, how: str) -> bytes:
    if how == "json":
        return json.dumps(obj).encode()
    if how == "yaml":
        return yaml.safe_dump(obj, allow_unicode=True).encode()
    return json.dumps(obj)[: max(1, len(json.dumps(obj)) // 2)].encode()  # cut off


contents = st.one_of(
    st.binary(max_size=300),
    st.sampled_from([b"", b"\xef\xbb\xbf", b"\x00" * 10, b"!!python/object/apply:os.system ['echo hi']",
                     b"--- &a [*a]", b"[" * 5000, b"1e999999", b"9" * 5000, b'{"schema": 1e400}',
                     "\u2003\u2003".encode()]),
    st.tuples(st.one_of(structures, save_like(), settings_like(), stats_like()),
              st.sampled_from(["json", "json", "yaml", "cut"])).map(lambda t: as_bytes(*t)),
)


def check_all_loaders(raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        slot = saves.slot_path("fuzz", base)
        replay = base / "in.quacks-replay.json"
        targets = [paths.settings_path(base), paths.autosave_path(base), slot, paths.statistics_path(base), replay]
        for p in targets:
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(raw)

        s, notes = load_settings(base)
        assert isinstance(s, Settings) and all(isinstance(n, str) and n for n in notes)
        assert s == s.validated()[0]
        st_, notes = stats.load_statistics(base)
        assert isinstance(st_, stats.Statistics) and all(isinstance(n, str) for n in notes)
        json.dumps(st_.to_data())
        for info in saves.list_slots(base):
            assert info.problem is None or str(slot) in info.problem
        for loaded in (saves.load_autosave(base), saves.load_slot("fuzz", base), replays.import_replay(replay)):
            assert (loaded.value is None) != (loaded.problems == [])
            for e in loaded.problems:
                assert isinstance(e, StorageError) and e.path is not None and str(e.path) in e.message
            if loaded.value is not None:
                assert isinstance(loaded.value.match_data, dict) and loaded.value.to_match() is not None
        assert replay.read_bytes() == raw  # an imported file is never touched
        for p in targets[:4]:  # a rejected file is kept aside, byte for byte
            if not p.exists():
                kept = [q for q in p.parent.iterdir() if q.name.startswith(p.name + ".corrupt-")]
                assert len(kept) == 1 and kept[0].read_bytes() == raw


@FUZZ
@given(contents)
def test_every_loader_survives_anything(raw: bytes) -> None:
    check_all_loaders(raw)


@FUZZ
@given(save_like())
def test_saves_that_are_nearly_right(doc: dict[str, Any]) -> None:
    check_all_loaders(json.dumps(doc).encode())


@settings(max_examples=30, deadline=None, database=None)
@given(settings_like())
def test_settings_that_are_nearly_right(doc: dict[str, Any]) -> None:
    check_all_loaders(json.dumps(doc).encode())


@settings(max_examples=30, deadline=None, database=None)
@given(stats_like())
def test_statistics_that_are_nearly_right(doc: dict[str, Any]) -> None:
    check_all_loaders(json.dumps(doc).encode())

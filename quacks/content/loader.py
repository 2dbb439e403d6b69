"""Load and validate the YAML data under ``data/`` into an immutable ``Catalogue``.

Every error is collected with its file, field path and fix, and the nearest valid name is suggested
("unknown effect kind 'peek_and_pik' in data/books/blue.yaml sets.1.effect.kind; did you mean
'peek_and_pick'?"). An effect kind the engine does not know is an error, never ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import yaml

from ..resources import data_dir
from ..rules.bag import ChipCounts
from ..rules.books import BOOK_KINDS, BookEffect
from ..rules.catalogue import (
    Book,
    Catalogue,
    Die,
    DieFace,
    FortuneCard,
    PotTrack,
    RoundEvents,
    ScoringTrack,
    Space,
)
from ..rules.chips import CHIP_BY_NAME, CHIP_NAMES, SET_COLOURS, Chip, Colour, chips_of
from ..rules.fortunes import CARD_KINDS, CardEffect
from ..rules.params import DataError, Errors, Reward, join, parse_chip, parse_int, parse_reward, suggest

try:  # libyaml is 9-11 times faster (tooling.md); never an unsafe loader
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on the PyYAML build
    _Loader = yaml.SafeLoader

BOOK_FILES = {c: f"books/{c.value}.yaml" for c in (Colour.ORANGE, Colour.BLACK, *SET_COLOURS)}
FILES = (
    *BOOK_FILES.values(), "pot.yaml", "scoring_track.yaml", "bonus_die.yaml", "test_tubes.yaml",
    "chips.yaml", "rounds.yaml", "fortune_cards.yaml",
)
CARD_COLOURS = ("purple", "blue")
N_FORTUNE_CARDS = 24


class DataLoadError(Exception):
    """The data folder has errors; ``errors`` lists every one."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


def read_yaml(path: Path, errors: Errors) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        errors.add("", "file is missing; restore it from the game's data folder")
        return None
    except (OSError, UnicodeDecodeError) as e:
        errors.add("", f"cannot read the file ({e})")
        return None
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "somewhere"
        problem = getattr(e, "problem", None) or str(e)
        errors.add("", f"is not valid YAML at {where}: {problem}; check the indentation and quotes there")
        return None


def _mapping(v: Any, path: str, errors: Errors, what: str) -> Mapping[Any, Any] | None:
    if not isinstance(v, Mapping):
        errors.add(path, f"must be a mapping ({what}), not {type(v).__name__}")
        return None
    return v


def _text(m: Mapping[str, Any], key: str, path: str, errors: Errors, required: bool = True) -> str:
    v = m.get(key)
    if v is None:
        if required:
            errors.add(join(path, key), f"missing {key!r}: add a short text in your own words")
        return ""
    if not isinstance(v, str) or not v.strip():
        errors.add(join(path, key), "must be a non-empty text")
        return ""
    return " ".join(v.split())


def _known(m: Mapping[str, Any], keys: tuple[str, ...], path: str, errors: Errors) -> None:
    for k in m:
        if k not in keys:
            errors.add(join(path, k), f"unknown field {k!r}", suggest(str(k), keys))


def parse_effect(
    v: Any, path: str, errors: Errors, kinds: Mapping[str, Any], make: Callable[[Any, dict[str, Any]], Any],
) -> Any:
    m = _mapping(v, path, errors, "an effect: {kind: NAME, ...parameters}")
    if m is None:
        return None
    kind = m.get("kind")
    if kind is None:
        errors.add(join(path, "kind"), f"missing effect kind; kinds are: {', '.join(sorted(kinds))}")
        return None
    if kind not in kinds:
        errors.add(join(path, "kind"), f"unknown effect kind {kind!r}", suggest(str(kind), sorted(kinds)))
        return None
    cls = kinds[kind]
    params = cls.schema.parse(m, path, errors, skip=("kind",))
    return make(cls, params)


def _prices(v: Any, path: str, errors: Errors, colour: Colour) -> tuple[tuple[int, int], ...]:
    m = _mapping(v, path, errors, "chip value to price, e.g. {1: 4, 2: 8, 4: 14}")
    if m is None:
        return ()
    values = tuple(c.value for c in chips_of(colour))
    out: list[tuple[int, int]] = []
    for k, p in m.items():
        if k not in values:
            errors.add(join(path, k), f"{colour} chips come in values {values}, not {k!r}")
            continue
        out.append((k, parse_int(1)(p, join(path, k), errors)))
    for val in values:
        if val not in m:
            errors.add(join(path, val), f"missing the price of a {colour} {val}-chip")
    return tuple(sorted(out))


def _book(m: Mapping[str, Any], path: str, errors: Errors, colour: Colour, set_no: int | None,
          name: str, players: tuple[int, ...] = ()) -> Book | None:
    keys = ("prices", "effect", "short", "text", "players")
    _known(m, keys, path, errors)
    prices = _prices(m.get("prices"), join(path, "prices"), errors, colour)
    effect = parse_effect(
        m.get("effect"), join(path, "effect"), errors, BOOK_KINDS,
        lambda cls, params: cls(colour, params),
    )
    text = _text(m, "text", path, errors)
    short = _text(m, "short", path, errors)
    if effect is None or not isinstance(effect, BookEffect):
        return None
    return Book(colour, set_no, name, prices, effect, text, short, players)


def load_book_file(colour: Colour, data: Any, errors: Errors) -> Any:
    m = _mapping(data, "", errors, "a book file")
    if m is None:
        return None
    if m.get("colour") != colour.value:
        errors.add("colour", f"must be {colour.value!r} for this file, not {m.get('colour')!r}")
    name = _text(m, "name", "", errors)
    if colour is Colour.ORANGE:
        _known(m, ("colour", "name", "prices", "effect", "short", "text"), "", errors)
        return _book({k: v for k, v in m.items() if k not in ("colour", "name")}, "", errors, colour, None, name)
    if colour is Colour.BLACK:
        _known(m, ("colour", "name", "pages"), "", errors)
        pages = _mapping(m.get("pages"), "pages", errors, "page name to page")
        out = []
        covered: list[int] = []
        for pname, page in (pages or {}).items():
            pm = _mapping(page, join("pages", pname), errors, "a book page")
            if pm is None:
                continue
            players = pm.get("players")
            if not isinstance(players, list) or not all(p in (2, 3, 4) for p in players) or not players:
                errors.add(join(join("pages", pname), "players"), "must list seat counts from 2, 3, 4, e.g. [3, 4]")
                players = []
            covered += players
            b = _book(pm, join("pages", pname), errors, colour, None, name, tuple(players))
            if b is not None:
                out.append(b)
        for n in (2, 3, 4):
            if covered.count(n) != 1:
                errors.add("pages", f"exactly one page must be for {n} players (found {covered.count(n)})")
        return tuple(out)
    _known(m, ("colour", "name", "sets"), "", errors)
    sets = _mapping(m.get("sets"), "sets", errors, "set number 1-4 to the book of that set")
    out_sets: dict[int, Book] = {}
    for key, v in (sets or {}).items():
        path = join("sets", key)
        if key not in (1, 2, 3, 4):
            errors.add(path, f"sets are numbered 1 to 4, not {key!r}")
            continue
        bm = _mapping(v, path, errors, "a book")
        if bm is None:
            continue
        b = _book(bm, path, errors, colour, int(key), name)
        if b is not None:
            out_sets[int(key)] = b
    for n in (1, 2, 3, 4):
        if sets is not None and n not in sets:
            errors.add(join("sets", n), f"missing set {n} of the {colour} book")
    return out_sets


def load_pot(data: Any, errors: Errors) -> PotTrack | None:
    m = _mapping(data, "", errors, "the pot track")
    if m is None:
        return None
    _known(m, ("coins", "vp", "ruby_spaces", "spoon"), "", errors)
    coins: Any = m.get("coins")
    vp: Any = m.get("vp")
    rubies: Any = m.get("ruby_spaces")
    ok = True
    for key, lst in (("coins", coins), ("vp", vp)):
        if not isinstance(lst, list) or len(lst) != 53:
            n = len(lst) if isinstance(lst, list) else "no"
            errors.add(key, f"must list 53 numbers, one per space 0-52 (has {n})")
            ok = False
        else:
            for i, x in enumerate(lst):
                parse_int(0)(x, join(key, i), errors)
    if not isinstance(rubies, list):
        errors.add("ruby_spaces", "must list the indices 0-52 of the spaces that show a ruby")
        rubies = []
    for i, x in enumerate(rubies):
        parse_int(0, 52)(x, join("ruby_spaces", i), errors)
    spoon = _mapping(m.get("spoon"), "spoon", errors, "{coins: N, vp: N, ruby: false}")
    if not ok or spoon is None:
        return None
    spaces = [Space(i, int(coins[i]), int(vp[i]), i in rubies) for i in range(53)]
    spaces.append(Space(53, parse_int(0)(spoon.get("coins"), "spoon.coins", errors),
                        parse_int(0)(spoon.get("vp"), "spoon.vp", errors), bool(spoon.get("ruby", False))))
    return PotTrack(tuple(spaces))


def load_scoring(data: Any, errors: Errors) -> ScoringTrack | None:
    m = _mapping(data, "", errors, "the scoring track")
    if m is None:
        return None
    _known(m, ("lap", "rat_tails"), "", errors)
    lap = parse_int(1)(m.get("lap"), "lap", errors)
    tails = m.get("rat_tails")
    if not isinstance(tails, list):
        errors.add("rat_tails", "must list the spaces a rat tail follows, e.g. [1, 4, 7]")
        return None
    for i, t in enumerate(tails):
        parse_int(1, lap - 1 if isinstance(lap, int) else None)(t, join("rat_tails", i), errors)
    return ScoringTrack(lap, tuple(sorted(int(t) for t in tails if isinstance(t, int))))


def load_die(data: Any, errors: Errors) -> Die | None:
    m = _mapping(data, "", errors, "the bonus die")
    if m is None:
        return None
    faces = m.get("faces")
    if not isinstance(faces, list) or not faces:
        errors.add("faces", "must list the die faces")
        return None
    out = []
    for i, f in enumerate(faces):
        path = join("faces", i)
        fm = _mapping(f, path, errors, "{id, weight, reward, text}")
        if fm is None:
            continue
        _known(fm, ("id", "weight", "reward", "text"), path, errors)
        fid = fm.get("id")
        if not isinstance(fid, str):
            errors.add(join(path, "id"), "must be a face id such as vp-1")
            continue
        out.append(DieFace(fid, parse_int(1)(fm.get("weight", 1), join(path, "weight"), errors),
                           parse_reward(fm.get("reward"), join(path, "reward"), errors),
                           _text(fm, "text", path, errors)))
    return Die(tuple(out))


def load_tubes(data: Any, errors: Errors) -> tuple[Reward, ...] | None:
    m = _mapping(data, "", errors, "the test tubes")
    if m is None:
        return None
    glasses = m.get("glasses")
    if not isinstance(glasses, list) or not glasses:
        errors.add("glasses", "must list the bonus of each glass")
        return None
    return tuple(parse_reward(g, join("glasses", i), errors) for i, g in enumerate(glasses))


def _counts(v: Any, path: str, errors: Errors) -> ChipCounts:
    m = _mapping(v, path, errors, "chip name to count")
    out = ChipCounts()
    for k, n in (m or {}).items():
        c = parse_chip(k, join(path, k), errors)
        n = parse_int(0)(n, join(path, k), errors)
        if c is not None and isinstance(n, int) and n >= 0:
            out.add(c, n)
    return out


def load_chips(data: Any, errors: Errors) -> tuple[ChipCounts, ChipCounts] | None:
    m = _mapping(data, "", errors, "the chips")
    if m is None:
        return None
    _known(m, ("supply", "starting_bag"), "", errors)
    supply = _counts(m.get("supply"), "supply", errors)
    for name in CHIP_NAMES:
        if name not in (m.get("supply") or {}):
            errors.add(join("supply", name), f"missing the count of {name}")
    bag = _counts(m.get("starting_bag"), "starting_bag", errors)
    return supply, bag


def load_rounds(data: Any, errors: Errors) -> RoundEvents | None:
    m = _mapping(data, "", errors, "the round events")
    if m is None:
        return None
    keys = ("rounds", "books_out", "round_chips", "first_rat_round", "white_limit", "starting_rubies",
            "droplet_cost", "flask_cost", "last_round", "max_buys")
    _known(m, keys, "", errors)
    rounds = parse_int(1)(m.get("rounds"), "rounds", errors)
    books_out = []
    for k, r in (_mapping(m.get("books_out"), "books_out", errors, "colour to round") or {}).items():
        if k not in [c.value for c in SET_COLOURS]:
            valid = [c.value for c in SET_COLOURS]
            errors.add(join("books_out", k), f"unknown book colour {k!r}", suggest(str(k), valid))
            continue
        books_out.append((Colour(k), parse_int(1)(r, join("books_out", k), errors)))
    extra: list[tuple[int, Chip]] = []
    for r, chips in (_mapping(m.get("round_chips", {}), "round_chips", errors, "round to chips") or {}).items():
        parse_int(1)(r, join("round_chips", r), errors)
        if not isinstance(chips, list):
            errors.add(join("round_chips", r), "must list chips, e.g. [white-1]")
            continue
        for i, c in enumerate(chips):
            chip = parse_chip(c, join(join("round_chips", r), i), errors)
            if chip is not None:
                extra.append((int(r), chip))
    last = _mapping(m.get("last_round"), "last_round", errors, "{coins_per_vp, rubies_per_vp}") or {}

    def num(key: str, lo: int = 0) -> int:
        return int(parse_int(lo)(m.get(key), key, errors) or 0)

    return RoundEvents(
        rounds=rounds if isinstance(rounds, int) else 9,
        book_rounds=tuple(books_out),
        extra_chips=tuple(extra),
        first_rat_round=num("first_rat_round", 1),
        white_limit=num("white_limit", 1),
        starting_rubies=num("starting_rubies"),
        droplet_cost=num("droplet_cost", 1),
        flask_cost=num("flask_cost", 1),
        vp_coin_price=int(parse_int(1)(last.get("coins_per_vp"), "last_round.coins_per_vp", errors) or 5),
        vp_ruby_price=int(parse_int(1)(last.get("rubies_per_vp"), "last_round.rubies_per_vp", errors) or 2),
        max_buys=num("max_buys", 1),
    )


def load_cards(data: Any, errors: Errors) -> dict[str, FortuneCard] | None:
    m = _mapping(data, "", errors, "the fortune cards")
    if m is None:
        return None
    cards = m.get("cards")
    if not isinstance(cards, list):
        errors.add("cards", "must list the fortune cards")
        return None
    out: dict[str, FortuneCard] = {}
    for i, c in enumerate(cards):
        path = join("cards", i)
        cm = _mapping(c, path, errors, "a card: {id, name, colour, effect, text}")
        if cm is None:
            continue
        _known(cm, ("id", "name", "colour", "effect", "text"), path, errors)
        cid = cm.get("id")
        if not isinstance(cid, str) or not cid:
            errors.add(join(path, "id"), "must be the card's id, e.g. choose-wisely")
            continue
        if cid in out:
            errors.add(join(path, "id"), f"card {cid!r} appears twice")
        colour = cm.get("colour")
        if colour not in CARD_COLOURS:
            errors.add(join(path, "colour"), f"must be purple or blue, not {colour!r}")
        effect = parse_effect(cm.get("effect"), join(path, "effect"), errors, CARD_KINDS,
                              lambda cls, params: cls(params))
        if effect is not None and getattr(effect, "measure", "rubies") not in ("rubies", "vp"):
            errors.add(join(join(path, "effect"), "measure"), "must be rubies or vp")
        name = _text(cm, "name", path, errors)
        text = _text(cm, "text", path, errors)
        if isinstance(effect, CardEffect):
            out[cid] = FortuneCard(cid, str(colour), name, effect, text)
    if len(cards) != N_FORTUNE_CARDS:
        errors.add("cards", f"the deck has {N_FORTUNE_CARDS} cards, this file lists {len(cards)}")
    return out


def load_catalogue(folder: Path | str | None = None) -> Catalogue:
    """Read every data file; raise DataLoadError listing every problem found."""
    cat, errors = _load(Path(folder) if folder is not None else data_dir())
    if errors or cat is None:
        raise DataLoadError(errors)
    return cat


def check_data(folder: Path | str | None = None) -> list[DataError]:
    return _load(Path(folder) if folder is not None else data_dir())[1]


def _book_loader(colour: Colour) -> Callable[[Any, Errors], Any]:
    def load(data: Any, errors: Errors) -> Any:
        return load_book_file(colour, data, errors)
    return load


def _load(folder: Path) -> tuple[Catalogue | None, list[DataError]]:
    all_errors: list[DataError] = []
    parsed: dict[str, Any] = {}
    loaders: dict[str, Callable[[Any, Errors], Any]] = {
        "pot.yaml": load_pot, "scoring_track.yaml": load_scoring, "bonus_die.yaml": load_die,
        "test_tubes.yaml": load_tubes, "chips.yaml": load_chips, "rounds.yaml": load_rounds,
        "fortune_cards.yaml": load_cards,
    }
    for colour, rel in BOOK_FILES.items():
        loaders[rel] = _book_loader(colour)
    for rel in FILES:
        errors = Errors(f"data/{rel}")
        data = read_yaml(folder / rel, errors)
        if data is not None or not errors:
            value = loaders[rel](data, errors)
            parsed[rel] = value
        all_errors += errors.items
    if all_errors:
        return None, all_errors
    supply, start = parsed["chips.yaml"]
    cat = Catalogue(
        pot=parsed["pot.yaml"],
        scoring=parsed["scoring_track.yaml"],
        die=parsed["bonus_die.yaml"],
        tubes=parsed["test_tubes.yaml"],
        orange=parsed[BOOK_FILES[Colour.ORANGE]],
        black=parsed[BOOK_FILES[Colour.BLACK]],
        books={c: parsed[BOOK_FILES[c]] for c in SET_COLOURS},
        cards=parsed["fortune_cards.yaml"],
        supply=supply,
        start_bag=start,
        events=parsed["rounds.yaml"],
    )
    cross = Errors("data/")
    if cat.supply.total != 215:
        cross.add("chips.yaml supply", f"the box holds 215 chips, the supply lists {cat.supply.total} (R4)")
    return (cat if not cross else None), cross.items


_CACHE: dict[str, Catalogue] = {}


def default_catalogue() -> Catalogue:
    """The game's own data, loaded once per process."""
    key = str(data_dir())
    if key not in _CACHE:
        _CACHE[key] = load_catalogue()
    return _CACHE[key]


__all__ = ["DataLoadError", "check_data", "default_catalogue", "load_catalogue", "CHIP_BY_NAME"]

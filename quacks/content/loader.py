"""Load and validate the YAML data under ``data/`` into an immutable ``Catalogue``.

Every error is collected with its file, field path and fix, and the nearest valid name is suggested
("unknown effect kind 'peek_and_pik' in data/books/blue.yaml sets.1.effect.kind; did you mean
'peek_and_pick'?"). An effect kind the engine does not know is an error, never ignored.

Hostile or broken data never stops the program: files are read through ``content.yamlfile`` (regular
files only, a size cap, no aliases, limited nesting), every number has a sane range (:data:`RANGES` per
field, and no number anywhere beyond :data:`MAX_NUMBER`), nothing is converted once an error is found, and
any exception a loader still meets becomes an error naming the file. The sizes of things (spaces in the
pot, sets per book, cards in the deck, chips in the box) come from the data files themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..names import printable
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
from .texts import text_problem
from .yamlfile import YamlFileError, load_yaml

BOOK_FILES = {c: f"books/{c.value}.yaml" for c in (Colour.ORANGE, Colour.BLACK, *SET_COLOURS)}
FILES = (
    *BOOK_FILES.values(), "pot.yaml", "scoring_track.yaml", "bonus_die.yaml", "test_tubes.yaml",
    "chips.yaml", "rounds.yaml", "fortune_cards.yaml",
)
CARD_COLOURS = ("purple", "blue")

# Sane ranges (inclusive) of every number the loader reads itself; effect parameters are checked by their
# kinds' schemas, and no number anywhere in the data may be beyond MAX_NUMBER either way. Generous, but
# finite: data that passes check-data can never make the game loop or overflow.
MAX_NUMBER = 1000
RANGES: dict[str, tuple[int, int]] = {
    "pot.coins": (0, 200), "pot.vp": (0, 100), "pot.spaces": (2, 200),
    "scoring.lap": (1, MAX_NUMBER),
    "die.weight": (1, 100), "die.faces": (1, 50),
    "reward.vp": (0, 50), "reward.rubies": (0, 20), "reward.droplet": (0, 20), "reward.chips": (0, 10),
    "tubes.glasses": (1, 50),
    "chips.supply": (0, MAX_NUMBER), "chips.starting_bag": (0, 100),
    "rounds": (1, 30), "white_limit": (1, 100), "starting_rubies": (0, 50), "droplet_cost": (1, 50),
    "flask_cost": (1, 50), "coins_per_vp": (1, 200), "rubies_per_vp": (1, 50), "max_buys": (1, 10),
    "price": (1, 500), "sets": (1, 9), "cards": (1, 200),
}


class DataLoadError(Exception):
    """The data folder has errors; ``errors`` lists every one."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


def read_yaml(path: Path, errors: Errors) -> Any:
    """The data of one file (None, with an error naming the file and the fix, if it cannot be read)."""
    try:
        return load_yaml(path)
    except YamlFileError as e:
        if e.missing:
            errors.add("", "file is missing; restore it from the game's data folder")
        else:
            errors.add("", e.problem)
        return None


def _in_range(key: str, path: str, errors: Errors, v: Any) -> Any:
    lo, hi = RANGES[key]
    return parse_int(lo, hi)(v, path, errors)


def check_values(data: Any, errors: Errors) -> None:
    """An error for every number beyond MAX_NUMBER (either way) or not finite, and for every text that cannot be
    drawn (``content.texts``: a control or invisible formatting character, a word or a text too long), wherever
    it is in a file."""
    stack: list[tuple[Any, str]] = [(data, "")]
    found = 0
    while stack and found < 20:
        x, path = stack.pop()
        where = path or "(the whole file)"
        if isinstance(x, bool):
            continue
        if isinstance(x, int | float):
            if not (x == x and -MAX_NUMBER <= x <= MAX_NUMBER):  # x == x: not NaN
                text = str(x)
                shown = text if len(text) <= 30 else f"a number of {len(text)} digits"
                errors.add(where, f"{shown} is out of range: no number in the data may be beyond {MAX_NUMBER} "
                                  "either way")
                found += 1
        elif isinstance(x, str):
            problem = text_problem(x)
            if problem is not None:
                errors.add(where, problem)
                found += 1
        elif isinstance(x, Mapping):
            for k, v in reversed(list(x.items())):
                stack.append((v, join(path, printable(str(k), 40))))
                if isinstance(k, str | int | float):
                    stack.append((k, join(path, printable(str(k), 40))))
        elif isinstance(x, list):
            stack.extend((v, join(path, i)) for i, v in reversed(list(enumerate(x))))


def _check_reward(r: Reward, path: str, errors: Errors) -> None:
    for key in ("vp", "rubies", "droplet"):
        v = getattr(r, key)
        lo, hi = RANGES[f"reward.{key}"]
        if isinstance(v, int) and not lo <= v <= hi:
            errors.add(join(path, key), f"must be {lo}..{hi}, not {v}")
    lo, hi = RANGES["reward.chips"]
    if not lo <= len(r.chips) <= hi:
        errors.add(join(path, "chips"), f"must list {lo}..{hi} chips, not {len(r.chips)}")


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
    v: Any, path: str, errors: Errors, kinds: Mapping[Any, Any], make: Callable[[Any, dict[str, Any]], Any],
) -> Any:
    m = _mapping(v, path, errors, "an effect: {kind: NAME, ...parameters}")
    if m is None:
        return None
    kind = m.get("kind")
    if kind is None:
        errors.add(join(path, "kind"), f"missing effect kind; kinds are: {', '.join(sorted(kinds))}")
        return None
    if not isinstance(kind, str) or kind not in kinds:
        errors.add(join(path, "kind"), f"unknown effect kind {kind!r}", suggest(str(kind), sorted(kinds)))
        return None
    cls = kinds[kind]
    before = len(errors.items)
    params = cls.schema.parse(m, path, errors, skip=("kind",))
    if len(errors.items) > before:  # a kind reads typed parameters: built from valid ones only
        return None
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
        out.append((k, _in_range("price", join(path, k), errors, p)))
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
    sets = _mapping(m.get("sets"), "sets", errors, "set number to the book of that set")
    out_sets: dict[int, Book] = {}
    lo, hi = RANGES["sets"]
    for key, v in (sets or {}).items():
        path = join("sets", key)
        if isinstance(key, bool) or not isinstance(key, int) or not lo <= key <= hi:
            errors.add(path, f"sets are numbered {lo} to {hi}, not {key!r}")
            continue
        bm = _mapping(v, path, errors, "a book")
        if bm is None:
            continue
        b = _book(bm, path, errors, colour, key, name)
        if b is not None:
            out_sets[key] = b
    if sets is not None and not sets:
        errors.add("sets", f"the {colour} book needs at least one set")
    return out_sets


def _check_sets(parsed: Mapping[str, Any]) -> list[DataError]:
    """Every coloured book has the same sets, numbered 1, 2, 3... without a gap (from the data, not the code).

    ``parsed`` holds the files read without an error (a book whose set failed would seem to lack it)."""
    numbers: set[int] = set()
    for c in SET_COLOURS:
        v = parsed.get(BOOK_FILES[c])
        if isinstance(v, dict):
            numbers |= {k for k in v if isinstance(k, int)}
    out: list[DataError] = []
    for c in SET_COLOURS:
        v = parsed.get(BOOK_FILES[c])
        if not isinstance(v, dict):
            continue
        errors = Errors(f"data/{BOOK_FILES[c]}")
        for n in range(1, max(numbers, default=0) + 1):
            if n not in v:
                errors.add(f"sets.{n}", f"missing set {n} of the {c} book")
        out += errors.items
    return out


def load_pot(data: Any, errors: Errors) -> PotTrack | None:
    """The pot track: one entry per space in ``coins`` and ``vp`` (as many spaces as the lists have), the
    ruby spaces by index, and the spoon after the last space."""
    m = _mapping(data, "", errors, "the pot track")
    if m is None:
        return None
    _known(m, ("coins", "vp", "ruby_spaces", "spoon"), "", errors)
    before = len(errors.items)
    coins: Any = m.get("coins")
    vp: Any = m.get("vp")
    rubies: Any = m.get("ruby_spaces")
    lo, hi = RANGES["pot.spaces"]
    for key, lst in (("coins", coins), ("vp", vp)):
        if not isinstance(lst, list) or not lo <= len(lst) <= hi:
            n = len(lst) if isinstance(lst, list) else "no"
            errors.add(key, f"must list {lo} to {hi} numbers, one per space of the pot (has {n})")
            continue
        for i, x in enumerate(lst):
            _in_range(f"pot.{key}", join(key, i), errors, x)
    n_spaces = len(coins) if isinstance(coins, list) else 0
    if isinstance(coins, list) and isinstance(vp, list) and len(coins) != len(vp):
        errors.add("vp", f"must have one number per space, as coins does ({len(coins)}), not {len(vp)}")
    if not isinstance(rubies, list):
        errors.add("ruby_spaces", "must list the indices of the spaces that show a ruby, e.g. [5, 9, 13]")
        rubies = []
    for i, x in enumerate(rubies):
        parse_int(0, max(0, n_spaces - 1))(x, join("ruby_spaces", i), errors)
    spoon = _mapping(m.get("spoon"), "spoon", errors, "{coins: N, vp: N, ruby: false}")
    if spoon is not None:
        _known(spoon, ("coins", "vp", "ruby"), "spoon", errors)
        _in_range("pot.coins", "spoon.coins", errors, spoon.get("coins"))
        _in_range("pot.vp", "spoon.vp", errors, spoon.get("vp"))
        if not isinstance(spoon.get("ruby", False), bool):
            errors.add("spoon.ruby", "must be true or false")
    if len(errors.items) > before or spoon is None:
        return None  # nothing is converted once an entry is wrong
    ruby_set = set(rubies)
    spaces = [Space(i, int(coins[i]), int(vp[i]), i in ruby_set) for i in range(n_spaces)]
    spaces.append(Space(n_spaces, int(spoon["coins"]), int(spoon["vp"]), bool(spoon.get("ruby", False))))
    return PotTrack(tuple(spaces))


def load_scoring(data: Any, errors: Errors) -> ScoringTrack | None:
    m = _mapping(data, "", errors, "the scoring track")
    if m is None:
        return None
    _known(m, ("lap", "rat_tails"), "", errors)
    before = len(errors.items)
    lap = _in_range("scoring.lap", "lap", errors, m.get("lap"))
    tails = m.get("rat_tails")
    if not isinstance(tails, list):
        errors.add("rat_tails", "must list the spaces a rat tail follows, e.g. [1, 4, 7]")
        return None
    good_lap = isinstance(lap, int) and not isinstance(lap, bool) and lap >= 1
    for i, t in enumerate(tails):
        parse_int(1, max(1, lap - 1) if good_lap else 1)(t, join("rat_tails", i), errors)
    if len(errors.items) > before:
        return None
    return ScoringTrack(lap, tuple(sorted(set(int(t) for t in tails))))


def _the_list(data: Any, errors: Errors, what: str, key: str, limits: str, must: str,
              unit: str = "") -> list[Any] | None:
    """The one list a file of ``what`` holds under ``key``, its length within ``RANGES[limits]``."""
    m = _mapping(data, "", errors, what)
    if m is None:
        return None
    _known(m, (key,), "", errors)
    items = m.get(key)
    lo, hi = RANGES[limits]
    if not isinstance(items, list) or not lo <= len(items) <= hi:
        errors.add(key, f"{must} ({lo} to {hi}{unit})")
        return None
    return items


def load_die(data: Any, errors: Errors) -> Die | None:
    faces = _the_list(data, errors, "the bonus die", "faces", "die.faces", "must list the die faces")
    if faces is None:
        return None
    before = len(errors.items)
    out = []
    for i, f in enumerate(faces):
        path = join("faces", i)
        fm = _mapping(f, path, errors, "{id, weight, reward, text}")
        if fm is None:
            continue
        _known(fm, ("id", "weight", "reward", "text"), path, errors)
        fid = fm.get("id")
        if not isinstance(fid, str) or not _is_id(fid):
            errors.add(join(path, "id"), "must be a face id such as vp-1 (letters, digits and -)")
            continue
        reward = parse_reward(fm.get("reward"), join(path, "reward"), errors)
        _check_reward(reward, join(path, "reward"), errors)
        out.append(DieFace(fid, _in_range("die.weight", join(path, "weight"), errors, fm.get("weight", 1)),
                           reward, _text(fm, "text", path, errors)))
    if len(errors.items) > before:
        return None
    return Die(tuple(out))


def _is_id(text: str) -> bool:
    return 0 < len(text) <= 40 and all(c.isascii() and (c.isalnum() or c == "-") for c in text)


def load_tubes(data: Any, errors: Errors) -> tuple[Reward, ...] | None:
    glasses = _the_list(data, errors, "the test tubes", "glasses", "tubes.glasses",
                        "must list the bonus of each glass", " glasses")
    if glasses is None:
        return None
    out = []
    for i, g in enumerate(glasses):
        r = parse_reward(g, join("glasses", i), errors)
        _check_reward(r, join("glasses", i), errors)
        out.append(r)
    return tuple(out)


def _counts(v: Any, path: str, errors: Errors) -> ChipCounts:
    m = _mapping(v, path, errors, "chip name to count")
    out = ChipCounts()
    for k, n in (m or {}).items():
        c = parse_chip(k, join(path, k), errors)
        n = _in_range(f"chips.{path}", join(path, k), errors, n)
        if c is not None and isinstance(n, int) and not isinstance(n, bool) and n >= 0:
            out.add(c, n)
    return out


def load_chips(data: Any, errors: Errors) -> tuple[ChipCounts, ChipCounts] | None:
    m = _mapping(data, "", errors, "the chips")
    if m is None:
        return None
    _known(m, ("supply", "starting_bag"), "", errors)
    supply = _counts(m.get("supply"), "supply", errors)
    listed = m.get("supply")
    if isinstance(listed, Mapping):
        for name in CHIP_NAMES:
            if name not in listed:
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
    before = len(errors.items)
    rounds = _in_range("rounds", "rounds", errors, m.get("rounds"))
    last_no = rounds if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= 1 else 1
    books_out = []
    for k, r in (_mapping(m.get("books_out"), "books_out", errors, "colour to round") or {}).items():
        if k not in [c.value for c in SET_COLOURS]:
            valid = [c.value for c in SET_COLOURS]
            errors.add(join("books_out", k), f"unknown book colour {k!r}", suggest(str(k), valid))
            continue
        books_out.append((Colour(k), parse_int(1, last_no)(r, join("books_out", k), errors)))
    extra: list[tuple[int, Chip]] = []
    for r, chips in (_mapping(m.get("round_chips", {}), "round_chips", errors, "round to chips") or {}).items():
        rr = parse_int(1, last_no)(r, join("round_chips", r), errors)
        if not isinstance(chips, list):
            errors.add(join("round_chips", r), "must list chips, e.g. [white-1]")
            continue
        for i, c in enumerate(chips):
            chip = parse_chip(c, join(join("round_chips", r), i), errors)
            if chip is not None and isinstance(rr, int):
                extra.append((rr, chip))
    last = _mapping(m.get("last_round"), "last_round", errors, "{coins_per_vp, rubies_per_vp}") or {}
    if last:
        _known(last, ("coins_per_vp", "rubies_per_vp"), "last_round", errors)
    values = {
        "first_rat_round": parse_int(1, last_no)(m.get("first_rat_round"), "first_rat_round", errors),
        **{k: _in_range(k, k, errors, m.get(k))
           for k in ("white_limit", "starting_rubies", "droplet_cost", "flask_cost", "max_buys")},
        "coins_per_vp": _in_range("coins_per_vp", "last_round.coins_per_vp", errors, last.get("coins_per_vp")),
        "rubies_per_vp": _in_range("rubies_per_vp", "last_round.rubies_per_vp", errors, last.get("rubies_per_vp")),
    }
    if len(errors.items) > before:
        return None  # nothing is converted once a value is wrong
    return RoundEvents(
        rounds=rounds,
        book_rounds=tuple(books_out),
        extra_chips=tuple(extra),
        first_rat_round=values["first_rat_round"],
        white_limit=values["white_limit"],
        starting_rubies=values["starting_rubies"],
        droplet_cost=values["droplet_cost"],
        flask_cost=values["flask_cost"],
        vp_coin_price=values["coins_per_vp"],
        vp_ruby_price=values["rubies_per_vp"],
        max_buys=values["max_buys"],
    )


def load_cards(data: Any, errors: Errors) -> dict[str, FortuneCard] | None:
    m = _mapping(data, "", errors, "the fortune cards")
    if m is None:
        return None
    _known(m, ("cards",), "", errors)
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
        if not isinstance(cid, str) or not _is_id(cid):
            errors.add(join(path, "id"), "must be the card's id, e.g. choose-wisely (letters, digits and -)")
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
    lo, hi = RANGES["cards"]
    if not lo <= len(cards) <= hi:
        errors.add("cards", f"the deck must have {lo} to {hi} cards, this file lists {len(cards)}")
    return out


def load_catalogue(folder: Path | str | None = None) -> Catalogue:
    """Read every data file; raise DataLoadError listing every problem found."""
    cat, errors = load_folder(Path(folder) if folder is not None else data_dir())
    if errors or cat is None:
        raise DataLoadError(errors)
    return cat


def _book_loader(colour: Colour) -> Callable[[Any, Errors], Any]:
    def load(data: Any, errors: Errors) -> Any:
        return load_book_file(colour, data, errors)
    return load


def load_folder(folder: Path) -> tuple[Catalogue | None, list[DataError]]:
    """(the catalogue, None if there are errors; every error) of the data folder ``folder``."""
    all_errors: list[DataError] = []
    parsed: dict[str, Any] = {}
    failed: set[str] = set()
    loaders: dict[str, Callable[[Any, Errors], Any]] = {
        "pot.yaml": load_pot, "scoring_track.yaml": load_scoring, "bonus_die.yaml": load_die,
        "test_tubes.yaml": load_tubes, "chips.yaml": load_chips, "rounds.yaml": load_rounds,
        "fortune_cards.yaml": load_cards,
    }
    for colour, rel in BOOK_FILES.items():
        loaders[rel] = _book_loader(colour)
    if not folder.is_dir():
        errors = Errors(str(folder))
        errors.add("", "is not a folder of Quacks data (it should hold books/, pot.yaml, chips.yaml, ...)")
        return None, errors.items
    for rel in FILES:
        errors = Errors(f"data/{rel}")
        data = read_yaml(folder / rel, errors)
        if not errors:
            check_values(data, errors)
        if not errors:
            try:
                parsed[rel] = loaders[rel](data, errors)
            except Exception as e:  # noqa: BLE001 - a loader that trips over odd data: an error, never a crash
                errors.add("", f"cannot be understood ({type(e).__name__}: {e}); compare it with the game's own "
                               "copy of the file")
        if errors:
            failed.add(rel)
        all_errors += errors.items
    all_errors += _check_sets({rel: v for rel, v in parsed.items() if rel not in failed})
    if all_errors:
        return None, all_errors
    bot_values, bot_errors = _bot_values(folder)
    if bot_errors:
        return None, bot_errors
    cross = Errors("data/")
    supply, start = parsed["chips.yaml"]
    try:
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
            bot_values=bot_values,
        )
    except Exception as e:  # noqa: BLE001
        cross.add("", f"the files do not fit together ({type(e).__name__}: {e})")
        return None, cross.items
    return cat, []


BOT_VALUES = "bots/expert.yaml"


def _bot_values(folder: Path) -> tuple[dict[str, object] | None, list[DataError]]:
    """The Expert bot's weights as read (None if the folder has none); an error naming the file if they cannot be
    read. What they hold is checked against the bots' features above this layer (``ai.expert.weights_problem``):
    ``check-data`` refuses a file that is missing or does not fit, and the table says so before a game with an
    Expert seat, which then plays as Hard."""
    errors = Errors(f"data/{BOT_VALUES}")
    if not (folder / BOT_VALUES).exists():
        return None, []
    data = read_yaml(folder / BOT_VALUES, errors)
    if not errors and not isinstance(data, dict):
        errors.add("", "is not a mapping of weights; make it again with `python -m quacks train-expert`")
    if errors:
        return None, errors.items
    return {str(k): v for k, v in data.items()}, []


_CACHE: dict[str, Catalogue] = {}


def default_catalogue() -> Catalogue:
    """The game's own data, loaded once per process."""
    key = str(data_dir())
    if key not in _CACHE:
        _CACHE[key] = load_catalogue()
    return _CACHE[key]


__all__ = ["DataLoadError", "default_catalogue", "load_catalogue", "load_folder", "CHIP_BY_NAME"]

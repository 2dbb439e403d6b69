"""``python -m quacks scenario FILE``: scripted games that check the rules (``spec/scenarios.md``).

A scenario sets up a round, scripts every random outcome and decision, prints the state where the game
stops as one JSON object, and checks its ``expect`` block. Exit 0: ran and held; 1: ran, expectation
failed; 2: invalid file or a step that cannot be applied.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

from .content.loader import DataLoadError, default_catalogue
from .content.yamlfile import YamlFileError, load_yaml
from .names import printable
from .rules.actions import IllegalAction
from .rules.bag import ChipCounts
from .rules.catalogue import Catalogue
from .rules.chips import CHIP_BY_NAME, CHIP_NAMES, SET_COLOURS, Chip, Colour
from .rules.config import MAX_COUNT, VARIANTS, GameConfig, SeatSetup, check_house, config_problems, count_problem
from .rules.game import ChanceWaiting, Game
from .rules.params import suggest
from .rules.snapshot import state_json

NAME_RE = re.compile(r"^[A-Za-z0-9_-]+$")
SETUP_KEYS = ("seats", "books", "variant", "round", "fortunes", "house", "state", "supply")
STATE_KEYS = ("score", "rubies", "droplet", "tube", "flask", "bag", "aside")
TOP_KEYS = ("about", "setup", "steps", "expect")
MAX_STEPS = 10_000


class ScenarioError(Exception):
    """The scenario file is invalid or a step cannot be applied (exit code 2)."""


@dataclass
class Scenario:
    about: str
    config: GameConfig
    steps: list[str]
    expect: Mapping[str, object] | None
    path: str = ""
    notes: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------------------------------------
# reading the file


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file (through the careful YAML reader); ScenarioError names the file."""
    p = Path(path)
    try:
        data = load_yaml(p)
    except YamlFileError as e:
        raise ScenarioError(f"{p}: {e.problem}") from None
    return parse_scenario(data, str(p))


def parse_scenario(data: object, where: str = "scenario") -> Scenario:
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{where}: a scenario is a mapping with about, setup, steps and expect")
    _only_known(data, TOP_KEYS, f"{where}: unknown key")
    setup = data.get("setup")
    if not isinstance(setup, Mapping):
        raise ScenarioError(f"{where}: setup must be a mapping with at least 'seats'")
    _only_known(setup, SETUP_KEYS, f"{where}: unknown setup key")
    seats = setup.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise ScenarioError(f"{where}: setup.seats must list 2 to 4 names")
    names = [str(s) for s in seats]
    for n in names:
        if not NAME_RE.match(n):
            raise ScenarioError(f"{where}: seat name {n!r} may use only letters, digits, - and _")
    if len(set(names)) != len(names):
        raise ScenarioError(f"{where}: seat names must be unique")
    books = _books(setup.get("books", 1), where)
    variant = setup.get("variant", "standard")
    if variant not in VARIANTS:
        raise ScenarioError(f"{where}: setup.variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    rnd = setup.get("round", 1)
    if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= MAX_COUNT:
        raise ScenarioError(f"{where}: setup.round must be a round number (1 or more), not {str(rnd)[:40]!r}")
    fortunes = setup.get("fortunes", True)
    if fortunes in ("on", True):
        fortunes = True
    elif fortunes in ("off", False):
        fortunes = False
    else:
        raise ScenarioError(f"{where}: setup.fortunes must be on or off, not {fortunes!r}")
    house = setup.get("house") or {}
    if not isinstance(house, Mapping):
        raise ScenarioError(f"{where}: setup.house must be a mapping of house switches")
    problems = check_house(house)
    if problems:
        raise ScenarioError(f"{where}: setup.house: {'; '.join(problems)}")
    state = setup.get("state") or {}
    if not isinstance(state, Mapping):
        raise ScenarioError(f"{where}: setup.state must map seat names to their pieces")
    seat_setup: dict[int, SeatSetup] = {}
    for name, st in state.items():
        if str(name) not in names:
            raise ScenarioError(f"{where}: setup.state names {name!r}, who is not a seat ({', '.join(names)})")
        seat_setup[names.index(str(name))] = _seat_state(st, f"{where}: setup.state.{name}")
    supply_raw = setup.get("supply") or {}
    if not isinstance(supply_raw, Mapping):
        raise ScenarioError(f"{where}: setup.supply must map chips to counts")
    supply = {}
    for k, v in supply_raw.items():
        c = _chip(k, f"{where}: setup.supply")
        supply[c] = _count(v, f"{where}: setup.supply.{k}")
    steps = data.get("steps") or []
    if not isinstance(steps, list) or not all(isinstance(s, str) for s in steps):
        raise ScenarioError(f"{where}: steps must be a list of lines such as 'Nina draw white-2'")
    if len(steps) > MAX_STEPS:
        raise ScenarioError(f"{where}: a scenario has at most {MAX_STEPS} steps, not {len(steps)}")
    expect = data.get("expect")
    if expect is not None and not isinstance(expect, Mapping):
        raise ScenarioError(f"{where}: expect must be a mapping (a subset of the printed state)")
    try:
        config = GameConfig(
            seats=tuple(names), books=books, variant=variant, fortunes=fortunes, house=dict(house),
            first_round=rnd, setup=seat_setup, supply=supply,
        )
    except ValueError as e:
        raise ScenarioError(f"{where}: {e}") from None
    about = data.get("about") or ""
    return Scenario(str(about), config, list(steps), expect, where)


def _only_known(m: Mapping[object, object], keys: Sequence[str], unknown: str) -> None:
    """ScenarioError (``unknown`` and the key, and the nearest known one) for a key of ``m`` not in ``keys``."""
    for k in m:
        if k not in keys:
            raise ScenarioError(f"{unknown} {k!r}{suggest(str(k), keys)}")


def _books(v: object, where: str) -> dict[Colour, int]:
    if isinstance(v, int) and not isinstance(v, bool):
        if v not in (1, 2, 3, 4):
            raise ScenarioError(f"{where}: setup.books must be a set 1-4, not {v}")
        return {c: v for c in SET_COLOURS}
    if isinstance(v, Mapping):
        out = {}
        valid = [c.value for c in SET_COLOURS]
        for k, s in v.items():
            if k not in valid:
                raise ScenarioError(f"{where}: setup.books: unknown colour {k!r}{suggest(str(k), valid)}")
            if s not in (1, 2, 3, 4):
                raise ScenarioError(f"{where}: setup.books.{k} must be a set 1-4, not {s!r}")
            out[Colour(k)] = int(s)
        for c in SET_COLOURS:  # a colour left out uses set 1
            out.setdefault(c, 1)
        return out
    raise ScenarioError(f"{where}: setup.books must be a set 1-4 or a set per colour")


def _chip(name: object, where: str) -> Chip:
    c = CHIP_BY_NAME.get(str(name))
    if c is None:
        raise ScenarioError(f"{where}: unknown chip {name!r}{suggest(str(name), CHIP_NAMES)}")
    return c


def _count(v: object, where: str) -> int:
    problem = count_problem(v, where)
    if problem or not isinstance(v, int):
        raise ScenarioError(problem or where)
    return v


def _seat_state(st: object, where: str) -> SeatSetup:
    if not isinstance(st, Mapping):
        raise ScenarioError(f"{where} must be a mapping")
    _only_known(st, STATE_KEYS, f"{where}: unknown key")
    flask = st.get("flask")
    if flask not in (None, "full", "empty"):
        raise ScenarioError(f"{where}.flask must be full or empty, not {flask!r}")
    bag = None
    if "bag" in st:
        if not isinstance(st["bag"], Mapping):
            raise ScenarioError(f"{where}.bag must map chips to counts")
        bag = ChipCounts()
        for k, v in st["bag"].items():
            bag.add(_chip(k, f"{where}.bag"), _count(v, f"{where}.bag.{k}"))
    aside = None
    if "aside" in st:
        if not isinstance(st["aside"], list):
            raise ScenarioError(f"{where}.aside must be a list of chips")
        aside = tuple(_chip(c, f"{where}.aside") for c in st["aside"])
    nums = {}
    for k in ("score", "rubies", "droplet", "tube"):
        if k in st:
            nums[k] = _count(st[k], f"{where}.{k}")
    return SeatSetup(
        score=nums.get("score"), rubies=nums.get("rubies"), droplet=nums.get("droplet"), tube=nums.get("tube"),
        flask_full=None if flask is None else flask == "full", bag=bag, aside=aside,
    )


# --------------------------------------------------------------------------------------------------------
# running


def check_against(sc: Scenario, catalogue: Catalogue) -> None:
    """What depends on the game's data (the pot's last space, the number of test tubes), from the catalogue."""
    names = list(sc.config.seats)
    problems = config_problems(sc.config, catalogue, lambda seat: f"setup.state.{names[seat]}", "setup.round")
    if problems:
        raise ScenarioError(f"{sc.path}: {problems[0]}")


def run_scenario(sc: Scenario, catalogue: Catalogue) -> Game:
    check_against(sc, catalogue)
    try:
        g = Game(catalogue, sc.config)
    except (ValueError, IllegalAction) as e:
        raise ScenarioError(f"{sc.path}: the setup cannot start a game ({e})") from None
    names = list(sc.config.seats)
    for i, line in enumerate(sc.steps, 1):
        try:
            apply_step(g, names, line)
        except (IllegalAction, ScenarioError) as e:
            raise ScenarioError(f'step {i} "{printable(line, 80)}": {e}') from None
        except (ValueError, KeyError, TypeError, IndexError) as e:
            raise ScenarioError(f'step {i} "{printable(line, 80)}": cannot be applied ({type(e).__name__}: {e}); '
                                f"waiting for {g.describe_waiting()}") from None
    return g


def apply_step(g: Game, names: list[str], line: str) -> None:
    parts = line.split()
    if not parts:
        raise ScenarioError("empty step")
    if parts[0] == "fortune":
        if len(parts) != 2:
            raise ScenarioError("write the fortune step as 'fortune CARD'")
        _expect_chance(g, "fortune", None)
        g.apply_chance(parts[1])
        return
    if parts[0] not in names:
        raise ScenarioError(f"{parts[0]!r} is not a seat{suggest(parts[0], names)} (seats: {', '.join(names)})")
    seat = names.index(parts[0])
    rest = parts[1:]
    if not rest:
        raise ScenarioError("a step names a seat and an action")
    verb = rest[0]
    if verb == "draw" and len(rest) == 2:
        g.apply(seat, "draw")
        _expect_chance(g, "draw", seat)
        g.apply_chance(rest[1])
    elif verb == "reveal":
        _expect_chance(g, "reveal", seat)
        g.apply_chance(tuple(rest[1:]))
    elif verb == "die" and len(rest) == 2:
        _expect_chance(g, "die", seat)
        g.apply_chance(rest[1])
    else:
        g.apply(seat, " ".join(rest))


def _expect_chance(g: Game, kind: str, seat: int | None) -> None:
    w = g.waiting()
    if isinstance(w, ChanceWaiting) and w.kind == kind and (seat is None or w.seat == seat):
        return
    raise IllegalAction(f"no {kind} is due here; waiting for {g.describe_waiting()}")


# --------------------------------------------------------------------------------------------------------
# expectations


def check_expect(expect: Mapping[str, object], state: Mapping[str, object]) -> list[str]:
    out: list[str] = []
    for k, v in expect.items():
        if k not in state:
            out.append(f"{k}: no such field in the printed state{suggest(str(k), list(state))}")
        elif k == "seats":
            out += _check_seats(v, cast("list[Mapping[str, object]]", state["seats"]))  # (state_json's seats)
        elif k == "waiting":
            out += _check_waiting(v, state["waiting"])
        else:
            out += _match(v, state[k], k)
    return out


def _check_seats(v: object, seats: Sequence[Mapping[str, object]]) -> list[str]:
    by_name = {s["name"]: s for s in seats}
    if isinstance(v, list):
        v = {s.get("name"): s for s in v if isinstance(s, Mapping)}
    if not isinstance(v, Mapping):
        return ["seats: expected a mapping of seat names to fields"]
    out = []
    for name, fields in v.items():
        if name not in by_name:
            out.append(f"seats.{name}: no such seat")
            continue
        out += _match(fields, by_name[name], f"seats.{name}")
    return out


def _norm_waiting(entries: object) -> object:
    if not isinstance(entries, list):
        return entries
    out: list[tuple[str, str, object]] = []
    for e in entries:
        if isinstance(e, Mapping) and "actions" in e:
            acts = e["actions"] or []
            out.append(("seat", str(e.get("seat")), tuple(sorted(" ".join(str(a).split()) for a in acts))))
        elif isinstance(e, Mapping):
            out.append(("chance", str(e.get("chance")), str(e.get("seat"))))
        else:
            out.append(("?", str(e), ""))
    return sorted(out)


def _check_waiting(v: object, actual: object) -> list[str]:
    if _norm_waiting(v) != _norm_waiting(actual):
        return [f"waiting: expected {json.dumps(v)}, got {json.dumps(actual)}"]
    return []


def _match(exp: object, act: object, path: str) -> list[str]:
    if isinstance(exp, Mapping):
        if not isinstance(act, Mapping):
            return [f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}"]
        out = []
        for k, v in exp.items():
            key = str(k)
            if key not in act:
                if path.endswith(("bag", "supply")) and v == 0:
                    continue
                got = 0 if path.endswith("bag") else None
                if got is not None and v == got:
                    continue
                out.append(f"{path}.{key}: expected {json.dumps(v)}, got nothing")
                continue
            out += _match(v, act[key], f"{path}.{key}")
        return out
    if isinstance(exp, list):
        if not isinstance(act, list) or len(exp) != len(act):
            return [f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}"]
        out = []
        for i, (e, a) in enumerate(zip(exp, act)):
            out += _match(e, a, f"{path}[{i}]")
        return out
    if exp != act or isinstance(exp, bool) != isinstance(act, bool):
        return [f"{path}: expected {json.dumps(exp)}, got {json.dumps(act)}"]
    return []


def main(path: str, catalogue: Catalogue | None = None) -> int:
    """The ``scenario`` command: 0 ran and held, 1 ran but ``expect`` failed, 2 invalid or stuck (stderr says why)."""
    try:
        cat = catalogue or default_catalogue()
    except DataLoadError as e:
        print(f"the game data has errors:\n{e}", file=sys.stderr)
        return 2
    try:
        sc = load_scenario(path)
        g = run_scenario(sc, cat)
        state = state_json(g)
    except ScenarioError as e:
        print(printable(str(e)), file=sys.stderr)
        return 2
    except RecursionError:
        print(f"{path}: the scenario is nested too deeply", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - exit 2 with one line, never a traceback
        print(f"{path}: the scenario cannot be run ({type(e).__name__}: {printable(str(e), 300)})", file=sys.stderr)
        return 2
    if g.supply_shortfall:
        short = ", ".join(f"{n} {c}" for c, n in g.supply_shortfall.items())
        print(f"note: the bags set up hold more chips than the box has ({short}); supply counts start at 0",
              file=sys.stderr)
    print(json.dumps(state))
    if sc.expect:
        try:
            problems = check_expect(sc.expect, state)
        except Exception as e:  # noqa: BLE001 - an odd expect block: a mismatch, with the reason
            problems = [f"expect cannot be checked ({type(e).__name__}: {printable(str(e), 200)})"]
        if problems:
            for p in problems:
                print(printable(p), file=sys.stderr)
            return 1
    return 0

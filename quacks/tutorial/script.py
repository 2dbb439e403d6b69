"""The guided game's script: data/tutorial.yaml read through the careful reader and checked, every problem
named with the file and the step (an unknown trigger, target or wait is an error, never ignored)."""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

from .. import resources
from ..ai.levels import LEVELS
from ..content.loader import RANGES, DataLoadError, default_catalogue, read_yaml
from ..content.texts import text_problem
from ..content.yamlfile import YamlFileError, load_yaml
from ..names import MAX_NAME, name_problem
from ..rules.catalogue import Catalogue
from ..rules.kinds import ChanceKind, DecisionKind, EventKind, Phase
from ..rules.params import DataError, Errors
from .triggers import PARAMS, RISKS, WHO, Trigger, When


class Target(Enum):
    """What a step points at on the table."""

    POT = "pot"  # the player's pot (large in focus, or its card among the others)
    EXPLODED = "exploded"  # the pot that exploded (the player's own if it did)
    FUSE = "fuse"
    SCORING = "scoring"
    RUBIES = "rubies"
    FLASK = "flask"
    BAG = "bag"
    DRAW = "draw"
    STOP = "stop"
    FLASK_BUTTON = "flask-button"
    CONTROLS = "controls"
    SHOP = "shop"
    DIE = "die"
    CARD = "card"
    TRACK = "track"
    ROUNDS = "rounds"
    BOOKS = "books"
    OTHERS = "others"  # the other seats' cards (or tiles)


class Wait(Enum):
    OK = "ok"  # the game waits until the player says "Got it"
    ACT = "act"  # the coach waits for the player's next choice


@dataclass(frozen=True)
class Step:
    id: str
    when: When
    target: Target
    wait: Wait
    text: str


@dataclass(frozen=True)
class Lesson:
    """A group of steps that teach one idea; the lessons list replays any one (``tutorial.lessons``)."""

    id: str
    title: str
    about: str  # one line: what the lesson teaches
    steps: tuple[str, ...]  # the ids of its steps, in the script's order


@dataclass(frozen=True)
class Script:
    seed: int
    books: int
    you: str
    opponent: str
    level: str
    steps: tuple[Step, ...]
    lessons: tuple[Lesson, ...] = ()

    def step(self, sid: str) -> Step:
        return next(st for st in self.steps if st.id == sid)

    def lesson(self, lid: str) -> Lesson:
        """The lesson ``lid`` (KeyError naming it if the script has none)."""
        for ls in self.lessons:
            if ls.id == lid:
                return ls
        raise KeyError(f"the guided game has no lesson {lid!r}")


#: the keys a step's text may name (``{key_draw}``: "D"), filled by the table from its one table of keys
#: (``ui/keys.py``), so that a text never names a key the game does not use
KEY_FIELDS = ("key_draw", "key_stop", "key_buy", "key_bag", "key_menu", "key_next")
#: the numbers (and the opponent's name, and the keys) a step's text may name: ``{rounds}``, ... (filled by the
#: coach)
TEXT_FIELDS = ("rounds", "white_limit", "droplet_cost", "flask_cost", "vp_coin_price", "vp_ruby_price", "opponent",
               *KEY_FIELDS)
GAME_KEYS = ("seed", "books", "you", "opponent")
OPPONENT_KEYS = ("name", "level")
STEP_KEYS = ("id", "when", "target", "wait", "text")
LESSON_KEYS = ("id", "title", "about", "steps")


class ScriptError(Exception):
    """The script cannot be used; the message names the file and every problem, ``problems`` lists them as
    (where in the file, what is wrong)."""

    def __init__(self, source: str, problems: list[tuple[str, str]]) -> None:
        self.source = source
        self.problems = problems
        super().__init__(f"{source}: " + "; ".join(f"{w}: {p}" if w else p for w, p in problems))


class _Problems(list[tuple[str, str]]):
    def add(self, where: str, problem: str) -> None:
        self.append((where, problem))


def _enum(cls: Any, value: Any, where: str, problems: _Problems) -> Any:
    try:
        return cls(value)
    except (ValueError, TypeError):
        names = ", ".join(str(m.value) for m in cls)
        problems.add(where, f"unknown {cls.__name__.lower()} {_shown(value)} (one of: {names})")
        return None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _known(raw: Mapping[Any, Any], keys: tuple[str, ...], where: str, problems: _Problems) -> None:
    for k in raw:
        if k not in keys:
            problems.add(where, f"unknown field {_shown(k)} (the fields are: {', '.join(keys)})")


def _when(raw: Any, where: str, problems: _Problems) -> When | None:
    where = f"{where}.when"
    if not isinstance(raw, Mapping):
        problems.add(where, "must be a mapping with a kind")
        return None
    kind = _enum(Trigger, raw.get("kind"), where, problems)
    if kind is None:
        return None
    params = {k: v for k, v in raw.items() if k != "kind"}
    allowed = PARAMS[kind]
    for k in params:
        if k not in allowed:
            problems.add(where, f"{kind.value} takes {', '.join(allowed) or 'nothing'}, not {_shown(k)}")
    for k in allowed:
        if k not in params and not (k == "who"):
            problems.add(where, f"{kind.value} needs {k!r}")
    checks = {"decision": DecisionKind, "event": EventKind, "phase": Phase, "chance": ChanceKind}
    for k, cls in checks.items():
        if k in params:
            _enum(cls, params[k], f"{where}.{k}", problems)
    if "who" in params and params["who"] not in WHO:
        problems.add(f"{where}.who", f"must be one of {', '.join(WHO)}")
    if "chips" in params and params["chips"] not in RISKS:
        problems.add(f"{where}.chips", f"must be one of {', '.join(RISKS)}")
    for k in ("at_least", "n"):
        if k in params and (type(params[k]) is not int or not 0 <= params[k] <= 100):
            problems.add(f"{where}.{k}", "must be a whole number from 0 to 100")
    if "step" in params and not isinstance(params["step"], str):
        problems.add(f"{where}.step", "must be the id of another step")
    return When(kind, params)


def _text_problem(text: str) -> str | None:
    """Why a step's text cannot be shown: what no text of the data may hold (``content.texts``), or a
    ``{placeholder}`` the coach does not fill (it would stop the guided game when the step shows)."""
    problem = text_problem(text)
    if problem is not None:
        return problem
    try:
        names = [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None]
    except ValueError:
        return "has a { or } that opens or closes nothing (write {{ or }} for a brace itself)"
    unknown = [n for n in names if n not in TEXT_FIELDS]
    if unknown:
        return (f"names {{{unknown[0][:40]}}}, which the guided game does not fill (it fills "
                + ", ".join("{" + f + "}" for f in TEXT_FIELDS) + ")")
    return None


def _name(value: Any, where: str, default: str, problems: _Problems) -> str:
    if value is None:
        return default
    problem = name_problem(value, max_length=MAX_NAME)
    if problem is not None:
        problems.add(where, problem)
        return default
    return str(value).strip()


def _is_id(text: str) -> bool:
    return 0 < len(text) <= 40 and all(c.isascii() and (c.isalnum() or c == "-") for c in text)


def parse_script(data: Any, source: str = "tutorial.yaml", catalogue: Catalogue | None = None) -> Script:
    """The script in ``data`` (read from ``source``), every problem named; with ``catalogue``, its book sets are
    checked against the data the game will be played with."""
    problems = _Problems()
    if not isinstance(data, Mapping):
        raise ScriptError(source, [("", "must be a mapping with game and steps")])
    _known(data, ("game", "steps", "lessons"), "", problems)
    raw_game = data.get("game", {})
    if not isinstance(raw_game, Mapping):
        problems.add("game", "must be a mapping (seed, books, you, opponent)")
        raw_game = {}
    game: Mapping[str, Any] = raw_game
    _known(game, GAME_KEYS, "game", problems)
    raw_opp = game.get("opponent", {})
    if not isinstance(raw_opp, Mapping):
        problems.add("game.opponent", "must be a mapping (name, level)")
        raw_opp = {}
    opp: Mapping[str, Any] = raw_opp
    _known(opp, OPPONENT_KEYS, "game.opponent", problems)

    level = opp.get("level", "easy")
    if not isinstance(level, str) or level not in LEVELS:
        problems.add("game.opponent.level", f"unknown level {_shown(level)} (one of: {', '.join(LEVELS)})")
        level = "easy"
    you = _name(game.get("you"), "game.you", "You", problems)
    opponent = _name(opp.get("name"), "game.opponent.name", "Hildegard", problems)
    books = game.get("books", 1)
    lo, hi = RANGES["sets"]  # as a book file's sets
    if type(books) is not int or not lo <= books <= hi:
        problems.add("game.books", f"must be the number of a set of books, {lo} to {hi}, not {_shown(books)}")
        books = 1
    elif catalogue is not None:
        lacking = [c.value for c, sets in catalogue.books.items() if books not in sets]
        if lacking:
            problems.add("game.books", f"the {', '.join(lacking)} book(s) of the data have no set {books}")
    steps: list[Step] = []
    ids: set[str] = set()
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        problems.add("steps", "must be a list of steps")
        raw_steps = []
    for i, raw in enumerate(raw_steps):
        where = f"steps[{i}]"
        if not isinstance(raw, Mapping):
            problems.add(where, "must be a mapping")
            continue
        sid = raw.get("id", "")
        if not isinstance(sid, str) or not _is_id(sid):
            problems.add(f"{where}.id", "must be the step's own id, e.g. shop (letters, digits and -)")
            sid = ""
        elif sid in ids:
            problems.add(f"{where}.id", f"step {sid!r} appears twice")
        else:
            where = f"step {sid}"
        ids.add(sid)
        _known(raw, STEP_KEYS, where, problems)
        when = _when(raw.get("when"), where, problems)
        target = _enum(Target, raw.get("target"), f"{where}.target", problems)
        wait = _enum(Wait, raw.get("wait"), f"{where}.wait", problems)
        text = raw.get("text")
        if not isinstance(text, str) or not text.strip():
            problems.add(f"{where}.text", "needs a text")
            text = None
        else:
            problem = _text_problem(text)
            if problem is not None:
                problems.add(f"{where}.text", problem)
                text = None
        if when is not None and target is not None and wait is not None and text is not None and sid:
            steps.append(Step(sid, when, target, wait, " ".join(text.split())))
    for st in steps:
        if st.when.kind is Trigger.AFTER and st.when.params.get("step") not in ids:
            problems.add(f"step {st.id}.when.step", f"after names no step {_shown(st.when.params.get('step'))}")
    lessons = _lessons(data.get("lessons"), [st.id for st in steps], ids, problems)
    seed = game.get("seed", 1)
    if type(seed) is not int or not 0 <= seed < 2**62:
        problems.add("game.seed", "must be a whole number")
    if problems:
        raise ScriptError(source, list(problems))
    return Script(int(seed), books, you, opponent, level, tuple(steps), lessons)


def _lesson_text(raw: Any, where: str, problems: _Problems) -> str | None:
    if not isinstance(raw, str) or not raw.strip():
        problems.add(where, "needs a text")
        return None
    problem = text_problem(raw)
    if problem is None and ("{" in raw or "}" in raw):
        problem = "has a { or }: a lesson's words name no numbers"
    if problem is not None:
        problems.add(where, problem)
        return None
    return " ".join(raw.split())


def _lessons(raw: Any, order: list[str], ids: set[str], problems: _Problems) -> tuple[Lesson, ...]:
    """The script's lessons: every step in exactly one, each lesson's steps in the script's order and the
    lessons in the order their steps come (the list shows them as the game teaches them)."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw:
        problems.add("lessons", "must be a list of lessons (id, title, about, steps)")
        return ()
    out: list[Lesson] = []
    owner: dict[str, str] = {}
    seen: set[str] = set()
    for i, item in enumerate(raw):
        where = f"lessons[{i}]"
        if not isinstance(item, Mapping):
            problems.add(where, "must be a mapping (id, title, about, steps)")
            continue
        lid = item.get("id", "")
        if not isinstance(lid, str) or not _is_id(lid):
            problems.add(f"{where}.id", "must be the lesson's own id, e.g. shopping (letters, digits and -)")
            continue
        if lid in seen:
            problems.add(f"{where}.id", f"lesson {lid!r} appears twice")
            continue
        seen.add(lid)
        where = f"lesson {lid}"
        _known(item, LESSON_KEYS, where, problems)
        title = _lesson_text(item.get("title"), f"{where}.title", problems)
        about = _lesson_text(item.get("about"), f"{where}.about", problems)
        steps = item.get("steps")
        if not isinstance(steps, list) or not steps or not all(isinstance(x, str) for x in steps):
            problems.add(f"{where}.steps", "must be a list of the ids of its steps")
            continue
        for sid in steps:
            if sid not in ids:
                problems.add(f"{where}.steps", f"names no step {_shown(sid)}")
            elif sid in owner:
                problems.add(f"{where}.steps", f"step {sid!r} is in lesson {owner[sid]!r} already")
            else:
                owner[sid] = lid
        known = [sid for sid in steps if sid in order]
        if known != sorted(known, key=order.index):
            problems.add(f"{where}.steps", "must list its steps in the script's order")
        if title is not None and about is not None:
            out.append(Lesson(lid, title, about, tuple(steps)))
    for sid in order:
        if sid not in owner:
            problems.add(f"step {sid}", "is in no lesson (the lessons list replays every step)")
    firsts = [order.index(ls.steps[0]) for ls in out if ls.steps and ls.steps[0] in order]
    if firsts != sorted(firsts):
        problems.add("lessons", "must come in the order of their first steps in the script")
    return tuple(out)


def check_script(folder: Path, cat: Catalogue) -> list[DataError]:
    """The problems of ``tutorial.yaml`` in ``folder`` (the guided game's script) with the rules of ``cat``:
    its book set, its players' names, its triggers, targets and waits, its texts and their placeholders."""
    rel = "data/tutorial.yaml"
    errors = Errors(rel)
    data = read_yaml(folder / "tutorial.yaml", errors)
    if errors:
        return errors.items
    try:
        parse_script(data, rel, cat)
    except ScriptError as e:
        for where, problem in e.problems:
            errors.add(where, problem)
    except Exception as e:  # noqa: BLE001 - a script that trips the parser: an error, never a crash
        errors.add("", f"cannot be understood ({type(e).__name__}: {e}); compare it with the game's own copy")
    return errors.items


def load_script(path: str | Path | None = None, catalogue: Catalogue | None = None) -> Script:
    """The guided game's script (data/tutorial.yaml unless ``path``); ScriptError names the file and why. The
    game's own script (no ``path``) is checked against the game's own data unless ``catalogue`` is given."""
    if path is None:
        path = resources.data_dir() / "tutorial.yaml"
        if catalogue is None:
            try:
                catalogue = default_catalogue()
            except DataLoadError:
                pass  # the data's own errors are said where the data is loaded
    try:
        data = load_yaml(path)
    except YamlFileError as e:
        raise ScriptError(str(path), [("", e.problem)]) from None
    return parse_script(data, str(path), catalogue)


@dataclass(frozen=True)
class Words:
    """One text of the script for the translators: ``tutorial.<id>`` (a step's text, or a lesson's
    ``lesson.<id>`` title and ``lesson.<id>.about`` line: a step id holds no dot, so they never meet)."""

    id: str
    text: str


def lesson_words(lesson: Lesson) -> tuple[Words, Words]:
    """The translators' keys of a lesson's title and line (``content.translations`` lists them,
    ``wording.data_text.step_text`` shows them)."""
    return Words(f"lesson.{lesson.id}", lesson.title), Words(f"lesson.{lesson.id}.about", lesson.about)


def tutorial_texts(data: str | Path | None = None) -> list[Step | Words]:
    """Every text of the guided game's script of a data folder, steps and lessons (none if it cannot be read)."""
    try:
        script = load_script(None if data is None else Path(data) / "tutorial.yaml")
    except ScriptError:
        return []
    out: list[Step | Words] = list(script.steps)
    for ls in script.lessons:
        out.extend(lesson_words(ls))
    return out

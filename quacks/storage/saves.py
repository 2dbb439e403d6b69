"""The autosave and the named save slots (in ``<data>/saves``).

A save file is ``{"schema": 2, "kind": "quacks-save", "saved_at": <ISO time>, "meta": {...},
"match": <Match.to_data()>}``. Loading checks the structure, migrates older schema versions step by step,
and replays the record (``Match`` over the default catalogue) so a hand-edited record with an illegal
action is reported with the entry and the reason. A bad file is kept aside and the backup is tried.

The UI calls :func:`autosave` after every action and :func:`load_autosave` for "Continue"; then
``loaded.value.to_match(catalogue)`` gives the ``Match`` to play on.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import TypedDict, cast

from .. import i18n
from ..content.loader import default_catalogue
from ..i18n import N_, _
from ..names import MAX_NAME, name_problem
from ..rules.actions import Action
from ..rules.catalogue import Catalogue
from ..rules.config import config_problems
from ..session.match import Match, MatchSetup
from . import paths
from .files import (
    ASIDE_MARK,
    BACKUP_SUFFIX,
    TEMP_MARK,
    BadDataError,
    JsonObject,
    Loaded,
    StorageError,
    TooNewError,
    as_object,
    backup_path,
    check_document,
    check_text,
    dumps,
    is_side_file,
    json_type,
    load_json,
    read_one,
    remove_file,
    write_bytes_new,
    write_json,
)
from .locks import write_lock
from .paths import Base

log = logging.getLogger("quacks.storage")

SCHEMA = 2
OLDEST = 1
SAVE_KIND = "quacks-save"
REPLAY_KIND = "quacks-replay"
SLOT_PREFIX = "slot-"
MAX_SLOT_NAME = 60
MAX_RECORD = 200_000

MatchLike = Match | JsonObject  # a Match, or its ``to_data()``
Meta = dict[str, object]  # a document's summary and what the caller adds (its name, its game's id)


class SaveDocument(TypedDict):
    """A save or replay file's content (current schema)."""

    schema: int
    kind: str
    saved_at: str
    meta: Meta
    match: JsonObject


# ----------------------------------------------------------------------------------------------------
# the document


def now_iso() -> str:
    """The local time with its offset, to the second (``2025-01-31T20:15:02+01:00``)."""
    return datetime.now().astimezone().isoformat(timespec="seconds")


def summarize(match: MatchLike) -> Meta:
    """What a list of saves shows: seat names and kinds, and (from a live Match) round, phase, scores."""
    if isinstance(match, Match):
        g = match.game
        return {
            "seats": [s.name for s in match.setup.seats],
            "kinds": [s.kind for s in match.setup.seats],
            "round": g.round,
            "phase": "over" if g.is_over else g.phase,
            "over": g.is_over,
            "scores": [s.score for s in g.seats],
            "steps": len(g.record),
        }
    out: Meta = {}
    setup = match.get("setup")
    seats = setup.get("seats") if isinstance(setup, dict) else None
    if isinstance(seats, list) and all(isinstance(s, dict) and "name" in s and "kind" in s for s in seats):
        out["seats"] = [str(s["name"]) for s in seats]
        out["kinds"] = [str(s["kind"]) for s in seats]
        record = match.get("record")
        if isinstance(record, list):
            out["steps"] = len(record)
    return out


def make_document(match: MatchLike, meta: Meta | None = None, kind: str = SAVE_KIND) -> SaveDocument:
    """The file content for ``match`` (a ``Match`` or its ``to_data()``), with ``meta`` and a summary."""
    data = match.to_data() if isinstance(match, Match) else match
    return {
        "schema": SCHEMA,
        "kind": kind,
        "saved_at": now_iso(),
        "meta": {**(meta or {}), **summarize(match)},
        "match": data,
    }


# ----------------------------------------------------------------------------------------------------
# migrations: one step per older schema version


def _v1_entry(i: int, e: object) -> list[object]:
    """A version-1 record entry (``"act 0 draw"``, ``"chance draw 0 white-1"``, seat ``-`` for none)."""
    if not isinstance(e, str):
        raise BadDataError(f"record entry {i} must be a string in a version 1 save, not {json_type(e)}")
    parts = e.split()
    try:
        if parts[0] == "act" and len(parts) >= 3:
            return ["act", int(parts[1]), " ".join(parts[2:])]
        if parts[0] == "chance" and len(parts) >= 4:
            seat = None if parts[2] == "-" else int(parts[2])
            return ["chance", parts[1], seat, " ".join(parts[3:])]
    except (ValueError, IndexError):
        pass
    raise BadDataError(f'record entry {i} {e[:60]!r} is neither "act <seat> <action>" nor '
                       '"chance <kind> <seat> <outcome>"')


def migrate_1_to_2(doc: JsonObject) -> JsonObject:
    """Version 1 had no open stir tick (``"tick"``) and wrote record entries as strings."""
    match = as_object(doc.get("match"), '"match"')
    record = match.get("record")
    if not isinstance(record, list):
        raise BadDataError(f'"match.record" must be a list, not {json_type(record)}')
    new_match = {**match, "record": [_v1_entry(i, e) for i, e in enumerate(record)], "tick": {}}
    return {**doc, "schema": 2, "match": new_match}


MIGRATIONS: dict[int, Callable[[JsonObject], JsonObject]] = {1: migrate_1_to_2}


def migrate(doc: JsonObject, version: int) -> JsonObject:
    """Bring a document of ``version`` up to the current schema, one step at a time."""
    while version < SCHEMA:
        step = MIGRATIONS.get(version)
        if step is None:
            raise BadDataError(f"schema version {version} cannot be read by this version of Quacks")
        doc = step(doc)
        version += 1
    return doc


# ----------------------------------------------------------------------------------------------------
# validation


def check_match_structure(d: object) -> JsonObject:
    """The shape of ``Match.to_data()``: setup object, record of entries, tick of draw/stop choices (``d``,
    checked)."""
    d = as_object(d, '"match"')
    if not isinstance(d.get("setup"), dict):
        raise BadDataError(f'"match.setup" must be an object, not {json_type(d.get("setup"))}')
    record = d.get("record")
    if not isinstance(record, list):
        raise BadDataError(f'"match.record" must be a list, not {json_type(record)}')
    if len(record) > MAX_RECORD:
        raise BadDataError(f'"match.record" has {len(record)} entries, far more than any game')
    for i, e in enumerate(record):
        _check_entry(i, e)
    tick = d.get("tick", {})
    if tick is not None and not isinstance(tick, dict):
        raise BadDataError(f'"match.tick" must be an object, not {json_type(tick)}')
    for k, v in (tick or {}).items():
        if not (isinstance(k, str) and k.isdigit() and len(k) < 3) or v not in ("draw", "stop"):
            raise BadDataError(f'"match.tick" maps seat numbers to "draw" or "stop", not {k!r}: {str(v)[:40]!r}')
    return d


def match_record(d: object) -> list[list[object]]:
    """The record entries of match data ``d``, its structure checked (:func:`check_match_structure`)."""
    return cast("list[list[object]]", check_match_structure(d)["record"])  # (each entry checked: a list)


def _check_entry(i: int, e: object) -> None:
    shown = json.dumps(e)[:80] if isinstance(e, list | str | int | float | type(None)) else json_type(e)
    if not isinstance(e, list) or not e:
        raise BadDataError(f"record entry {i} must be a list, not {shown}")
    if e[0] == "act":
        if len(e) == 3 and type(e[1]) is int and isinstance(e[2], str):
            return
        raise BadDataError(f'record entry {i} {shown} must be ["act", <seat number>, <action>]')
    if e[0] == "chance":
        if len(e) == 4 and isinstance(e[1], str) and (e[2] is None or type(e[2]) is int) and isinstance(e[3], str):
            return
        raise BadDataError(f'record entry {i} {shown} must be ["chance", <kind>, <seat number or null>, <outcome>]')
    raise BadDataError(f'record entry {i} {shown} must start with "act" or "chance"')


def check_seat_names(setup: object) -> None:
    """Every seat name in a match setup is a name (:func:`quacks.names.name_problem`)."""
    if not isinstance(setup, dict):
        return  # the setup itself is checked when the match is built
    seats = setup.get("seats")
    for i, s in enumerate(seats if isinstance(seats, list) else []):
        name = s.get("name") if isinstance(s, dict) else None
        problem = name_problem(name, what=_("the name of seat {n}").format(n=i + 1), max_length=MAX_NAME)
        if problem:
            raise BadDataError(f'"match.setup.seats": {problem}')
    game = setup.get("game")
    names = game.get("seats") if isinstance(game, dict) else None
    for i, name in enumerate(names if isinstance(names, list) else []):
        problem = name_problem(name, what=_("the name of seat {n}").format(n=i + 1), max_length=MAX_NAME)
        if problem:
            raise BadDataError(f'"match.setup.game.seats": {problem}')


def build_match(catalogue: Catalogue, d: JsonObject) -> Match:
    """Replay ``d`` (``Match.to_data()`` form) into a Match; BadDataError names the entry that cannot be played."""
    record = match_record(d)
    open_tick = cast("dict[str, str] | None", d.get("tick"))  # (checked: seat numbers to "draw" or "stop")
    try:
        setup = MatchSetup.from_data(as_object(d["setup"], '"match.setup"'))
    except Exception as e:  # any mistake in a hand-edited setup is reported, whatever its type
        raise BadDataError(f'"match.setup" is not a valid game setup ({_reason(e)})') from None
    problems = config_problems(setup.game, catalogue)  # the ranges a game may start with, before it is built
    if problems:
        raise BadDataError(f'"match.setup.game": {problems[0]}')
    try:
        m = Match(catalogue, setup)
    except Exception as e:
        raise BadDataError(f'"match.setup" cannot start a game ({_reason(e)})') from None
    g = m.game
    for i, entry in enumerate(record):
        if entry[0] == "chance":
            ch = g.pending_chance()
            if ch is None or ch.kind != entry[1] or ch.seat != entry[2]:
                raise BadDataError(f"record entry {i} {json.dumps(entry)[:80]} cannot be played: the game waits for "
                              f"{g.describe_waiting()}")
        try:
            m.apply_entry(entry)
        except Exception as e:
            raise BadDataError(f"record entry {i} {json.dumps(entry)[:80]} cannot be played: {_reason(e)}") from None
    # The open stir tick (and any decisions still being revealed, which to_data() folds into it): the
    # match skips a revealed choice that is no longer legal, so only the seat and the verb are checked.
    tick: dict[int, str] = {}
    for k, v in (open_tick or {}).items():
        seat = int(k)
        if not 0 <= seat < g.n:
            raise BadDataError(f'"match.tick" has a choice for seat {seat}, but the game has seats 0-{g.n - 1}')
        tick[seat] = v
    m.tick = {k: Action.parse(v) for k, v in tick.items()}
    queue = d.get("queue")  # not written by Match.to_data() today; restored if a later version writes it
    if isinstance(queue, list):
        for q in queue:
            if not (isinstance(q, list) and len(q) == 2 and type(q[0]) is int and 0 <= q[0] < g.n
                    and q[1] in ("draw", "stop")):
                raise BadDataError(f'"match.queue" holds [seat, "draw" or "stop"] pairs, not {json.dumps(q)[:60]}')
        m.queue = [(q[0], Action.parse(q[1])) for q in queue]
    return m


def _reason(e: BaseException) -> str:
    text = str(e) or type(e).__name__
    return text if len(text) <= 200 else text[:197] + "..."


@dataclass
class SavedGame:
    """A loaded save or replay: the match data (current schema), meta, time, and notes (e.g. migrations)."""

    kind: str
    match_data: JsonObject
    meta: Meta
    saved_at: str
    version: int  # the schema version found in the file
    notes: list[str] = field(default_factory=list)
    _match: Match | None = field(default=None, repr=False, compare=False)
    _catalogue: Catalogue | None = field(default=None, repr=False, compare=False)

    def to_match(self, catalogue: Catalogue | None = None) -> Match:
        """The Match to play on (the one replayed while loading, the first time; else a fresh replay)."""
        if self._match is not None and (catalogue is None or catalogue is self._catalogue):
            m, self._match = self._match, None
            return m
        if catalogue is None:
            catalogue = default_catalogue()
        return Match.from_data(catalogue, self.match_data)

    def keep_replayed(self, match: Match, catalogue: Catalogue) -> None:
        """Hold the match replayed while loading, for the first ``to_match`` with the same catalogue."""
        self._match = match
        self._catalogue = catalogue


def document_validator(kinds: Iterable[str], catalogue: Catalogue | None = None, *,
                       replay: bool = True) -> Callable[[object], SavedGame]:
    """A validator for save/replay documents of the given kinds (for :func:`files.load_json`).

    The catalogue is loaded here, before any file is read: a problem with the game's own data
    (``DataLoadError``) is raised to the caller and never blamed on a save file.
    """
    kinds = tuple(kinds)
    cat: Catalogue | None = catalogue
    if replay and cat is None:
        cat = default_catalogue()

    def validate(raw: object) -> SavedGame:
        obj, version = check_document(raw, kind=None, current=SCHEMA, oldest=OLDEST)
        check_text(obj)  # a control character in any name or text: a bad file, never drawn
        kind = obj.get("kind")
        if kind not in kinds:
            wanted = " or ".join(json.dumps(k) for k in kinds)
            raise BadDataError(f'"kind" must be {wanted}, not {json.dumps(kind)[:60]}')
        doc = migrate(obj, version)
        meta = doc.get("meta", {})
        if not isinstance(meta, dict):
            raise BadDataError(f'"meta" must be an object, not {json_type(meta)}')
        saved_at = doc.get("saved_at", "")
        if not isinstance(saved_at, str):
            raise BadDataError(f'"saved_at" must be a string, not {json_type(saved_at)}')
        data = check_match_structure(doc.get("match"))
        check_seat_names(data.get("setup"))
        notes = [_("This file was written by an older version of Quacks (schema {schema}) and was converted.").format(
            schema=version)] \
            if version < SCHEMA else []
        saved = SavedGame(str(kind), data, meta, saved_at, version, notes)
        if cat is not None:
            saved.keep_replayed(build_match(cat, data), cat)
        return saved

    return validate


def _old_file_ok(obj: object) -> object:
    """What an existing save must be to become the backup (not a newer version's file)."""
    check_document(obj, kind=None, current=SCHEMA, oldest=OLDEST)
    return obj


# ----------------------------------------------------------------------------------------------------
# autosaves: one file per unfinished game, the last MAX_UNFINISHED kept


AUTOSAVE_PREFIX = "autosave-"
MAX_UNFINISHED = 5  # unfinished games kept as autosaves (a sixth drops the oldest: docs/saves.md)
_GAME_ID = re.compile(r"[0-9]{8}-[0-9]{6}-[0-9a-f]{4,8}")


def new_game_id(now: datetime | None = None) -> str:
    """The id of a game that starts now: its start time and a random tail (``20250131-201502-a1b2``); its autosave
    is ``saves/autosave-<id>.json``. Ids sort by the time the game began."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return f"{stamp}-{os.urandom(2).hex()}"


def autosave_path(game: str = "", base: Base = None) -> Path:
    """The autosave of game ``game`` (``saves/autosave-<id>.json``); ``""`` is the one autosave of older versions
    (``saves/autosave.json``), still read and played on. ValueError for an id that is not one."""
    if not game:
        return paths.autosave_path(base)
    if not _GAME_ID.fullmatch(game):
        raise ValueError(f"not a game id: {game[:40]!r}")
    return paths.saves_dir(base) / f"{AUTOSAVE_PREFIX}{game}.json"


def game_of(path: Path) -> str | None:
    """The game id of an autosave file (``""`` for the older single autosave), None if ``path`` is none."""
    name = path.name[: -len(BACKUP_SUFFIX)] if path.name.endswith(BACKUP_SUFFIX) else path.name
    if name == paths.AUTOSAVE_FILE:
        return ""
    if name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json"):
        game = name[len(AUTOSAVE_PREFIX): -len(".json")]
        return game if _GAME_ID.fullmatch(game) else None
    return None


def autosave(match: MatchLike, meta: Meta | None = None, base: Base = None, game: str = "") -> list[str]:
    """Save the game in progress (after every action); notes about a bad old file that was kept aside.

    ``match`` is the Match (preferred: the save then shows round, phase and scores) or ``Match.to_data()``.
    Raises StorageError if the file cannot be written.
    """
    return write_autosave(autosave_document(match, meta, game), base)


def autosave_document(match: MatchLike, meta: Meta | None = None, game: str = "") -> SaveDocument:
    """The autosave's content, made on the caller's thread (the match keeps changing afterwards); ``game`` (the
    game's id, :func:`new_game_id`) says which autosave file it goes to."""
    autosave_path(game)  # a bad id is refused here, on the caller's thread
    return make_document(match, {**(meta or {}), **({"game": game} if game else {})}, SAVE_KIND)


def _autosave_lock(base: Base) -> Path:
    """What the autosaves' write lock guards: the set of autosave files (a new one may drop the oldest)."""
    return paths.saves_dir(base) / "autosaves"


def write_autosave(doc: SaveDocument, base: Base = None) -> list[str]:
    """Write a document made by :func:`autosave_document` to its game's autosave (from a background writer).

    The first autosave of a game makes room: beyond ``MAX_UNFINISHED`` unfinished games the oldest autosave is
    deleted (:func:`drop_oldest`), after the new one is written, under the autosaves' write lock (two programs
    never both drop). Atomic: a kill at any moment leaves the old file or the new one, whole."""
    meta = doc.get("meta")
    game = meta.get("game", "") if isinstance(meta, dict) else ""
    game = game if isinstance(game, str) else ""
    path = autosave_path(game, base)
    _make_saves_folder(base)
    with write_lock(_autosave_lock(base), N_("autosave")):
        new = not path.exists() and not backup_path(path).exists()
        reports = write_json(path, doc, what=N_("autosave"), validate_old=_old_file_ok)
        notes = [r.message for r in reports]
        if new:
            for gone in drop_oldest(base, keep=game):
                log.info("unfinished game dropped to keep the last %d: %s", MAX_UNFINISHED, gone.path.name)
    return notes


def _make_saves_folder(base: Base) -> None:
    try:
        paths.saves_dir(base, create=True)
    except StorageError:
        pass  # the write that follows says what is wrong


def list_autosaves(base: Base = None) -> list[SlotInfo]:
    """Every autosave (one per game, unfinished or over), the game last played first; a bad file is listed with its
    ``problem``. A game whose file is gone but whose backup is there is listed from the backup."""
    folder = paths.saves_dir(base)
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return []
    games: dict[str, Path] = {}
    for name in names:
        if ASIDE_MARK in name or (name.startswith(".") and TEMP_MARK in name):
            continue
        game = game_of(folder / name)
        if game is None:
            continue
        main = autosave_path(game, base)
        if game not in games and (main.exists() or backup_path(main).exists()):
            games[game] = main if main.exists() else backup_path(main)
    infos = [_autosave_info(game, p) for game, p in games.items()]
    infos.sort(key=last_played, reverse=True)
    forget_infos(folder, games.values(), lambda name: game_of(folder / name) is not None)
    return infos


def _autosave_info(game: str, path: Path) -> SlotInfo:
    info = file_info(path, (SAVE_KIND,), N_("autosave"), path.name)
    return replace(info, game=game, autosave=True)


def last_played(info: SlotInfo) -> tuple[float, int, str]:
    """When a game was last played (a key to sort saves by): the time its file says (to the second), then the
    time the file was written (two saves in one second), then its name."""
    try:
        written = info.path.stat().st_mtime_ns
    except OSError:
        written = 0
    when = info.when
    t = (when if when.tzinfo is not None else when.astimezone()).timestamp() if when is not None else written / 1e9
    return (t, written, info.game or info.name)


def unfinished_games(base: Base = None) -> list[SlotInfo]:
    """The unfinished games kept as autosaves (good files, not over), the one last played first."""
    return [s for s in list_autosaves(base) if s.problem is None and not s.over]


def drop_oldest(base: Base = None, keep: str = "") -> list[SlotInfo]:
    """Delete the oldest autosaves beyond ``MAX_UNFINISHED`` unfinished games (never ``keep``, never a named save,
    a finished game's autosave or a bad file); the ones deleted. The backup goes first: a kill between the two
    leaves the game listed, to be dropped next time."""
    unfinished = unfinished_games(base)
    dropped = []
    for info in [s for s in unfinished if s.game != keep][max(0, MAX_UNFINISHED - 1):]:
        try:
            clear_autosave(base, info.game or "")
        except StorageError as e:
            log.warning("could not drop the oldest autosave: %s", e)
            continue
        dropped.append(info)
    return dropped


def would_drop(base: Base = None, keep: str = "") -> SlotInfo | None:
    """The unfinished game whose autosave a new game would drop now (None if there is room)."""
    others = [s for s in unfinished_games(base) if s.game != keep]
    return others[-1] if len(others) >= MAX_UNFINISHED else None


def load_autosave(base: Base = None, catalogue: Catalogue | None = None,
                  game: str | None = None) -> Loaded[SavedGame]:
    """The autosave of ``game``, or (None) of the game "Continue" resumes (:func:`autosave_info`): ``.value`` is
    None when there is none (``.notes`` say if one was bad).

    Never raises for a bad file (only ``DataLoadError`` if the game's own data is broken, as for every loader
    that replays: ``load_slot``, ``replays.import_replay``).
    """
    if game is None:
        info = autosave_info(base)
        game = info.game if info is not None and info.game is not None else ""
    return load_json(autosave_path(game, base), document_validator((SAVE_KIND,), catalogue), what=N_("autosave"))


def autosave_info(base: Base = None) -> SlotInfo | None:
    """The game "Continue" resumes: the unfinished game last played (a bad file counts: loading it reports it and
    tries its backup), else the finished game last played; None if there is no autosave at all (no replay is
    done). Offer "Continue" when it is not None and is not ``over``."""
    games = list_autosaves(base)
    return next((s for s in games if not s.over), games[0] if games else None)


def clear_autosave(base: Base = None, game: str = "") -> None:
    """Forget a game's autosave and its backup (e.g. once the game is over and recorded). StorageError if stuck."""
    p = autosave_path(game, base)
    remove_file(backup_path(p), "autosave backup")
    remove_file(p, "autosave")


# ----------------------------------------------------------------------------------------------------
# named slots


@dataclass(frozen=True)
class SlotInfo:
    """One entry of the save list. ``problem`` is set (and the rest may be empty) for a bad file."""

    name: str
    path: Path
    saved_at: str = ""
    round: int | None = None
    phase: str = ""
    seats: tuple[str, ...] = ()
    over: bool = False
    problem: str | None = None
    scores: tuple[int, ...] = ()  # one per seat when the file says them
    autosave: bool = False  # an autosave (an unfinished game kept by the game itself), not a named save
    game: str | None = None  # an autosave's game id (``""``: the single autosave of older versions)
    guided: bool = False  # an autosave of the guided first game ("Learn to play"; its meta says "guided")

    @property
    def when(self) -> datetime | None:
        try:
            return datetime.fromisoformat(self.saved_at)
        except ValueError:
            return None


def clean_slot_name(name: str) -> str:
    """The slot name as shown (spaces tidied); StorageError if it is empty, too long or has control characters."""
    problem = name_problem(name, what=N_("a save name"), max_length=MAX_SLOT_NAME)
    if problem is None:
        text = " ".join(name.split())
        problem = name_problem(text, what=N_("a save name"), max_length=MAX_SLOT_NAME)
    if problem is not None:
        raise StorageError(None, problem, kind="invalid", what=N_("save name"))
    return text


def slot_path(name: str, base: Base = None) -> Path:
    """The file of slot ``name``: ``saves/slot-<slug>-<hash>.json`` (safe on every file system)."""
    text = clean_slot_name(name)
    slug = re.sub(r"[^a-z0-9]+", "-", unicodedata.normalize("NFKD", text).lower()).strip("-")[:30] or "save"
    digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
    return paths.saves_dir(base) / f"{SLOT_PREFIX}{slug}-{digest}.json"


def save_slot(name: str, match: MatchLike, meta: Meta | None = None, base: Base = None) -> list[str]:
    """Save ``match`` in slot ``name`` (an earlier save there becomes its backup); notes about bad old files.

    Raises StorageError for a bad name or if the file cannot be written.
    """
    text = clean_slot_name(name)
    doc = make_document(match, {**(meta or {}), "name": text}, SAVE_KIND)
    doc["meta"]["name"] = text
    reports = write_json(slot_path(text, base), doc, what=_("save {name}").format(name=repr(text)),
                         validate_old=_old_file_ok)
    return [r.message for r in reports]


MAX_SAME_NAME = 1000
ELLIPSIS = "\u2026"


def fit_slot_name(name: str, suffix: str = "") -> str:
    """``name`` + ``suffix`` as a slot name of at most ``MAX_SLOT_NAME`` characters: a long name is cut and ends
    with an ellipsis (four seats of 14 letters make a name of 67)."""
    text = " ".join(name.split())
    room = MAX_SLOT_NAME - len(suffix)
    if len(text) > room:
        text = text[: room - 1].rstrip() + ELLIPSIS
    return text + suffix


def save_new_slot(name: str, match: MatchLike, meta: Meta | None = None, base: Base = None) -> str:
    """Save ``match`` as a save of its own, never replacing another: as ``name``, else ``name (2)``, ``name (3)``...
    (each cut to fit, :func:`fit_slot_name`); the name it got. Atomic and exclusive (``files.write_bytes_new``),
    so two saves at once, even from two programs, each get their own file.

    Raises StorageError for a bad name or if the file cannot be written."""
    clean_slot_name(fit_slot_name(name))  # empty, or a control character: refused (a long name is cut)
    for n in range(1, MAX_SAME_NAME + 1):
        text = fit_slot_name(name, "" if n == 1 else f" ({n})")
        path = slot_path(text, base)
        if os.path.lexists(path) or os.path.lexists(backup_path(path)):
            continue  # a save of that name, or the backup of one deleted by hand: both are kept
        doc = make_document(match, {**(meta or {}), "name": text}, SAVE_KIND)
        doc["meta"]["name"] = text
        what = _("save {name}").format(name=repr(text))
        try:
            write_bytes_new(path, dumps(doc, path, what), what)
        except StorageError as e:
            if e.kind == "exists":  # taken between the look and the write: the next name
                continue
            raise
        return text
    raise StorageError(paths.saves_dir(base), _("already holds {n} saves named {name}; delete some and save "
                                                "again").format(n=MAX_SAME_NAME, name=repr(fit_slot_name(name))),
                       kind="unwritable", what=N_("saves folder"))


def _slot_info(path: Path) -> SlotInfo:
    return file_info(path, (SAVE_KIND,), N_("save"), path.stem)


_INFO: dict[tuple[Path, tuple[str, ...], str, str, str], tuple[tuple[int, ...], SlotInfo]] = {}


def _signature(path: Path) -> tuple[int, ...] | None:
    """What changes whenever the file does (it is replaced whole, or written in place): None if it cannot be told."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size, st.st_ino, st.st_dev, st.st_ctime_ns)


def file_info(path: Path, kinds: tuple[str, ...], what: str, name: str) -> SlotInfo:
    """What a list shows of a save or replay file, from its summary alone (``meta``; the record is not played):
    read through the careful reader, every text checked; a bad file comes back with its ``problem``.
    ``name``: the entry's name when the file gives none.

    Each file is read once while it stays as it is: the summary is kept with the file's size, time and identity
    (:func:`_signature`, taken before the file is read, so a change while it is read is read again next time);
    a Load list of 50 large saves read them all at every arrow key."""
    key = (path, kinds, what, name, i18n.language())
    sig = _signature(path)
    known = _INFO.get(key)
    if sig is not None and known is not None and known[0] == sig:
        return known[1]
    info = _read_info(path, kinds, what, name)
    if sig is not None:
        _INFO[key] = (sig, info)
    return info


def forget_infos(folder: Path, keep: Iterable[Path] = (), which: Callable[[str], bool] = lambda name: True) -> None:
    """Drop the kept summaries of the files in ``folder`` (those whose name ``which`` accepts) but those in ``keep``
    (the files a list has just shown)."""
    kept = set(keep)
    for key in [k for k in _INFO if k[0].parent == folder and k[0] not in kept and which(k[0].name)]:
        del _INFO[key]


def _read_info(path: Path, kinds: tuple[str, ...], what: str, name: str) -> SlotInfo:
    def meta_only(raw: object) -> Meta:
        obj, _version = check_document(raw, kind=None, current=SCHEMA, oldest=OLDEST)
        if obj.get("kind") not in kinds:
            raise BadDataError(f'"kind" must be {" or ".join(map(repr, kinds))}, not {json_type(obj.get("kind"))}')
        meta = obj.get("meta")
        if not isinstance(meta, dict):
            raise BadDataError(f'"meta" must be an object, not {json_type(meta)}')
        check_text(meta, "meta")
        check_text(obj.get("saved_at"), "saved_at")
        name = meta.get("name")
        if name is not None:
            problem = name_problem(name, what=N_("the save name"), max_length=MAX_SLOT_NAME)
            if problem:
                raise BadDataError(f'"meta.name": {problem}')
        seats = meta.get("seats")
        for s in seats if isinstance(seats, list) else []:
            problem = name_problem(s, what=N_("a seat name"), max_length=MAX_NAME)
            if problem:
                raise BadDataError(f'"meta.seats": {problem}')
        return {**meta, "saved_at": obj.get("saved_at")}

    try:
        meta = read_one(path, meta_only, what)
    except StorageError as e:
        return SlotInfo(name=name, path=path, problem=e.message)
    given = meta.get("name")
    rnd = meta.get("round")
    seats = meta.get("seats")
    saved_at = meta.get("saved_at")
    phase = meta.get("phase")
    scores = meta.get("scores")
    seat_names = tuple(seats) if isinstance(seats, list) else ()
    return SlotInfo(
        name=given if isinstance(given, str) and given else name,
        path=path,
        saved_at=saved_at if isinstance(saved_at, str) and _iso_time(saved_at) else "",
        round=rnd if type(rnd) is int and 0 <= rnd <= 99 else None,
        phase=phase if isinstance(phase, str) and len(phase) <= 20 and phase.replace("-", "").isalpha() else "",
        seats=seat_names,
        over=meta.get("over") is True,
        guided=meta.get("guided") is True,
        scores=tuple(scores) if isinstance(scores, list) and len(scores) == len(seat_names)
        and all(type(x) is int and 0 <= x <= 999 for x in scores) else (),
    )


def _iso_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return len(text) <= 40


def list_slots(base: Base = None) -> list[SlotInfo]:
    """Every named save, newest first; a bad file is listed with its ``problem`` (loading it reports it)."""
    folder = paths.saves_dir(base)
    try:
        files = [p for p in folder.iterdir()
                 if p.name.startswith(SLOT_PREFIX) and p.name.endswith(".json") and not is_side_file(p.name)]
    except OSError:
        return []
    infos = [_slot_info(p) for p in files]
    infos.sort(key=lambda s: (s.saved_at, s.name), reverse=True)
    forget_infos(folder, files, lambda name: name.startswith(SLOT_PREFIX))
    return infos


def load_slot(name: str | SlotInfo, base: Base = None, catalogue: Catalogue | None = None) -> Loaded[SavedGame]:
    """Load a named save (by name or list entry): ``.value`` None and ``.notes`` say why if it cannot be used."""
    try:
        path = name.path if isinstance(name, SlotInfo) else slot_path(name, base)
        what = _("save {name}").format(name=repr(name.name if isinstance(name, SlotInfo) else clean_slot_name(name)))
    except StorageError as e:
        return Loaded(None, None, [e])
    return load_json(path, document_validator((SAVE_KIND,), catalogue), what=what, required=True)


def delete_slot(name: str | SlotInfo, base: Base = None) -> None:
    """Delete a named save and its backup (kept-aside bad files stay). StorageError if it cannot be deleted."""
    path = name.path if isinstance(name, SlotInfo) else slot_path(name, base)
    remove_file(path, N_("save"))
    remove_file(backup_path(path), _("{what} backup").format(what=_("save")))


__all__ = [
    "SCHEMA", "SAVE_KIND", "REPLAY_KIND", "SavedGame", "SlotInfo", "TooNewError", "autosave", "load_autosave",
    "autosave_info", "clear_autosave", "MAX_UNFINISHED", "new_game_id", "autosave_path", "game_of", "list_autosaves",
    "unfinished_games", "last_played", "drop_oldest", "would_drop", "autosave_document", "write_autosave",
    "save_slot", "save_new_slot", "fit_slot_name", "list_slots", "load_slot",
    "delete_slot", "build_match", "migrate",
    "file_info", "forget_infos",
    "migrate_1_to_2", "make_document", "document_validator",
]

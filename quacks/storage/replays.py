"""Replay files (``*.quacks-replay.json``) and a cursor that steps through a recorded game.

A replay file is a save with ``"kind": "quacks-replay"``; importing one validates it the same way (schema,
migration, structure, and replaying every entry). A file the player picked is never renamed or changed.
:class:`ReplayCursor` gives the game at any step (forward, back, jump to a round) from snapshots kept
every ``snapshot_every`` steps, so going back costs at most that many steps.
"""

from __future__ import annotations

import bisect
import re
from datetime import datetime
from pathlib import Path

from ..i18n import N_, _
from ..rules.catalogue import Catalogue
from ..rules.config import GameConfig
from ..rules.game import Game
from ..rules.replay import apply_entry
from ..session.match import Match
from . import paths
from .files import (
    BadDataError,
    JsonObject,
    Loaded,
    StorageError,
    as_object,
    dumps,
    load_json,
    read_raw,
    validate_bytes,
    write_bytes_new,
    write_json,
)
from .paths import Base
from .saves import (
    REPLAY_KIND,
    SAVE_KIND,
    MatchLike,
    Meta,
    SavedGame,
    SlotInfo,
    document_validator,
    file_info,
    forget_infos,
    make_document,
    match_record,
)

REPLAY_SUFFIX = ".quacks-replay.json"


def replay_path(path: str | Path) -> Path:
    """``path`` with the replay suffix (added unless it is there already)."""
    p = Path(path)
    return p if p.name.endswith(REPLAY_SUFFIX) else p.with_name(p.name + REPLAY_SUFFIX)


def suggest_replay_path(match: MatchLike, base: Base = None) -> Path:
    """A default file for exporting ``match``: ``<data>/replays/<date>-<seats>.quacks-replay.json``."""
    data = match.to_data() if isinstance(match, Match) else match
    setup = data.get("setup")
    seats = setup.get("seats") if isinstance(setup, dict) else None
    names = [str(s["name"]) for s in seats] if isinstance(seats, list) and all(
        isinstance(s, dict) and "name" in s for s in seats) else []
    slug = re.sub(r"[^A-Za-z0-9]+", "-", "-".join(names)).strip("-")[:40] or "game"
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M")
    return paths.replays_dir(base) / f"{stamp}-{slug}{REPLAY_SUFFIX}"


def export_replay(match: MatchLike, path: str | Path, meta: Meta | None = None) -> Path:
    """Write ``match`` (a Match or its ``to_data()``) as a replay file; the path written (suffix added).

    A file already there becomes ``<name>.bak``. Raises StorageError if it cannot be written.
    """
    target = replay_path(path)
    write_json(target, make_document(match, meta, REPLAY_KIND), what=N_("replay"))
    return target


def keep_replay(match: MatchLike, game: str = "", base: Base = None) -> Path:
    """Keep a finished game's replay in the game's replays folder (before its autosave goes), never over another
    file; the path. A game with an id (``saves.new_game_id``) gets ``<id>-<seats>``, written once: a second call
    (the autosave could not be removed last time) finds it there. Without one, the first free name of
    :func:`suggest_replay_path`. StorageError if it cannot be written."""
    data = match.to_data() if isinstance(match, Match) else match
    first = suggest_replay_path(data, base)
    if game:
        slug = first.name[len("0000-00-00-0000-"):]
        first = first.with_name(f"{game}-{slug}")
    stem = first.name[: -len(REPLAY_SUFFIX)]
    payload = dumps(make_document(data, None, REPLAY_KIND), first, N_("replay"))
    for n in range(1, MAX_IMPORT_NAMES + 1):
        target = first if n == 1 else first.with_name(f"{stem}-{n}{REPLAY_SUFFIX}")
        try:
            write_bytes_new(target, payload, what=N_("replay"))
        except StorageError as e:
            if e.kind != "exists":
                raise
            if game:
                return target  # kept before
            continue
        return target
    raise StorageError(first.parent, _("already holds {n} replays named {name}; rename the file and try again").format(
        n=MAX_IMPORT_NAMES, name=stem), kind="unwritable", what=N_("replays folder"))


def import_replay(path: str | Path, catalogue: Catalogue | None = None) -> Loaded[SavedGame]:
    """Read a replay (or a save) file the player chose. Never raises and never touches the file:
    ``.value`` is None and ``.notes`` say what is wrong when it cannot be used."""
    try:
        p = Path(path)
    except TypeError as e:
        problem = _("is not a file path ({problem})").format(problem=e)
        return Loaded(None, None, [StorageError(None, problem, kind="missing", what=N_("replay"))])
    return load_json(p, document_validator((REPLAY_KIND, SAVE_KIND), catalogue), what=N_("replay"), required=True,
                     keep_aside=False, use_backup=False)


def list_replays(base: Base = None) -> list[SlotInfo]:
    """Every replay in the game's replays folder, the last written first, from each file's summary (``name``: the file's
    name without the suffix); a bad file is listed with its ``problem`` (watching it reports it)."""
    folder = paths.replays_dir(base)
    try:
        files = [p for p in folder.iterdir() if p.name.endswith(REPLAY_SUFFIX)]
    except OSError:
        return []
    def changed(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:
            return 0.0

    files.sort(key=lambda p: (changed(p), p.name), reverse=True)  # an imported replay comes first too
    infos = [file_info(p, (REPLAY_KIND, SAVE_KIND), N_("replay"), p.name[: -len(REPLAY_SUFFIX)]) for p in files]
    forget_infos(folder, files)
    return infos


MAX_IMPORT_NAMES = 1000


def import_file_name(source: str | Path) -> str:
    """The name an imported replay gets in the replays folder: the source's name, tidied, with the suffix."""
    name = Path(str(source)).name
    for suffix in (REPLAY_SUFFIX, ".json"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    stem = re.sub(r"[^A-Za-z0-9._ -]+", "-", name).strip(" .-")[:60] or "replay"
    return stem + REPLAY_SUFFIX


def import_replay_file(source: str | Path, base: Base = None,
                       catalogue: Catalogue | None = None) -> tuple[Path, str]:
    """Check the replay (or save) file ``source`` and add it to the game's replays folder.

    Returns the replay's path in the folder and a sentence for the player. The file is read once (through
    the careful reader), checked by replaying it, and written as a new file atomically: an import never
    replaces a replay that is there (a second one of the same name gets ``-2``, ``-3``...), and a full disk
    leaves nothing behind. Importing a file that is in the folder already, or the same replay again,
    changes nothing. Raises StorageError, with a message naming the file and the fix, for anything else.
    """
    try:
        src = Path(source)
    except TypeError as e:
        raise StorageError(None, _("is not a file path ({problem})").format(problem=e), kind="missing",
                                                   what=N_("replay")) from None
    raw = read_raw(src, "replay")
    validate_bytes(raw, src, document_validator((REPLAY_KIND, SAVE_KIND), catalogue), "replay")
    folder = paths.replays_dir(base)
    try:
        if src.resolve().parent == folder.resolve():
            return src, _("{name} is in the game's replays folder already ({folder}); nothing to do.").format(
                name=src.name, folder=folder)
    except (OSError, RuntimeError):
        pass
    name = import_file_name(src)
    stem = name[: -len(REPLAY_SUFFIX)]
    for n in range(1, MAX_IMPORT_NAMES + 1):
        target = folder / (name if n == 1 else f"{stem}-{n}{REPLAY_SUFFIX}")
        if target.exists():
            try:
                same = read_raw(target, "replay") == raw
            except StorageError:
                same = False
            if same:
                return target, _("This replay was imported before: {file}").format(file=target)
            continue
        try:
            write_bytes_new(target, raw, what=N_("replay"))
        except StorageError as e:
            if e.kind == "exists":  # taken between the look and the write: the next name
                continue
            raise
        return target, _("imported: {file}").format(file=target)
    raise StorageError(folder, _("already holds {n} replays named {name}; rename the file and try again").format(
        n=MAX_IMPORT_NAMES, name=stem), kind="unwritable", what=N_("replays folder"))


class ReplayCursor:
    """The game after any number of record entries (``index`` 0 is the start, ``length`` the end).

    ``game`` is the current state; treat it as read-only (it changes as the cursor moves). Its ``events``
    hold everything that happened so far, so the UI can narrate the step it just moved over.
    """

    def __init__(self, catalogue: Catalogue, match_data: JsonObject, *, snapshot_every: int = 50) -> None:
        """Replay the whole record once, keeping snapshots; BadDataError if an entry cannot be played."""
        record = match_record(match_data)
        try:
            self.config = GameConfig.from_data(as_object(as_object(match_data["setup"], "setup")["game"], "game"))
        except Exception as e:
            raise BadDataError(f"the game setup is not valid ({e})") from None
        self.cat = catalogue
        self.record: list[list[object]] = [list(e) for e in record]
        self.every = max(1, int(snapshot_every))
        self.seat_names = tuple(self.config.seats)
        g = Game(catalogue, self.config)
        self._snaps: dict[int, Game] = {0: g.clone()}
        self._round_start: dict[int, int] = {g.round: 0}
        for i, entry in enumerate(self.record):
            try:
                apply_entry(g, entry)
            except Exception as e:
                raise BadDataError(f"record entry {i} {entry!r} cannot be played ({e})") from None
            n = i + 1
            if g.round not in self._round_start:
                self._round_start[g.round] = n
            if n % self.every == 0:
                self._snaps[n] = g.clone()
        self._snap_keys = sorted(self._snaps)
        self.final = g.clone()
        self.game = g
        self.index = len(self.record)

    @classmethod
    def from_saved(cls, saved: SavedGame, catalogue: Catalogue, *, snapshot_every: int = 50) -> ReplayCursor:
        return cls(catalogue, saved.match_data, snapshot_every=snapshot_every)

    @property
    def length(self) -> int:
        """The number of steps (record entries)."""
        return len(self.record)

    @property
    def at_end(self) -> bool:
        return self.index >= self.length

    @property
    def at_start(self) -> bool:
        return self.index <= 0

    def rounds(self) -> dict[int, int]:
        """Each round played and the step at which it starts."""
        return dict(self._round_start)

    def entry(self, i: int) -> list[object]:
        """The record entry that step ``i`` applies (from state ``i`` to ``i + 1``)."""
        return self.record[i]

    def seek(self, index: int) -> Game:
        """Go to step ``index`` (clamped to 0..length) and return the game there."""
        index = max(0, min(self.length, int(index)))
        if index == self.index:
            return self.game
        if index > self.index and index - self.index <= self.every:
            start, g = self.index, self.game
        else:
            k = self._snap_keys[bisect.bisect_right(self._snap_keys, index) - 1]
            start, g = k, self._snaps[k].clone()
        for i in range(start, index):
            apply_entry(g, self.record[i])
        self.game, self.index = g, index
        return g

    def forward(self, steps: int = 1) -> Game:
        return self.seek(self.index + steps)

    def back(self, steps: int = 1) -> Game:
        return self.seek(self.index - steps)

    def to_start(self) -> Game:
        return self.seek(0)

    def to_end(self) -> Game:
        return self.seek(self.length)

    def round_start(self, round_no: int) -> int:
        """The step where round ``round_no`` starts (the nearest round played if it was not)."""
        if round_no in self._round_start:
            return self._round_start[round_no]
        played = sorted(self._round_start)
        if round_no < played[0]:
            return 0
        later = [r for r in played if r > round_no]
        return self._round_start[later[0]] if later else self.length

    def jump_to_round(self, round_no: int) -> Game:
        """Go to the start of round ``round_no``."""
        return self.seek(self.round_start(round_no))

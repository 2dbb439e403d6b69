"""Two programs on one home (issue 18 §4): the statistics lost 38 of 80 games recorded by two programs at once, and
a second game replaced the first's autosave. Now every read-modify-write of a shared file holds the file's write
lock, and one game at a time holds the home's lock; the system lets go of both when a program ends, even killed."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.storage import locks, paths, stats
from quacks.storage.files import StorageError

from .conftest import make_match

ROOT = Path(__file__).resolve().parents[2]

RECORDER = """
import sys, time
from pathlib import Path
import json
from quacks.content.loader import default_catalogue
from quacks.rules.config import GameConfig
from quacks.session.match import HUMAN, Match, MatchSetup, SeatSpec
from quacks.storage import stats

record, first, n, ready, go = json.loads(Path(sys.argv[1]).read_text()), int(sys.argv[2]), int(sys.argv[3]), \\
    Path(sys.argv[4]), Path(sys.argv[5])
cat = default_catalogue()
seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", "easy"))
games = [Match(cat, MatchSetup(GameConfig(seats=("Ann", "Bob")), seats, seed), record=record)
         for seed in range(first, first + n)]
assert all(m.over for m in games)
ready.touch()
while not go.exists():
    time.sleep(0.001)
for m in games:
    counted, notes = stats.record_finished_match(m)
    assert counted and not notes, notes
"""

HOLDER = """
import sys, time
from pathlib import Path
from quacks.storage import locks
lock = locks.FileLock(Path(sys.argv[1]))
assert lock.acquire()
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""

GAME = """
import sys, time
from quacks.storage import locks
got = locks.take_home_lock()
print("held" if got.held else "busy" if got.busy else "problem", flush=True)
time.sleep(float(sys.argv[1]))
"""


def child(code: str, *args: str, home: Path) -> subprocess.Popen[str]:
    env = dict(os.environ, QUACKS_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def first_line(p: subprocess.Popen[str]) -> str:
    assert p.stdout is not None
    return p.stdout.readline().strip()


def test_two_programs_recording_many_games_at_once_lose_none(tmp_path: Path, _isolated_home: Path) -> None:
    bots = make_match(("easy", "easy"), seed=3)
    bots.run_until_human()
    assert bots.over
    record = tmp_path / "record.json"
    record.write_text(json.dumps([list(e) for e in bots.game.record]))
    go = tmp_path / "go"
    per = 40
    procs = [child(RECORDER, str(record), str(1000 * (k + 1)), str(per), str(tmp_path / f"ready-{k}"), str(go),
                   home=_isolated_home) for k in range(2)]
    end = time.monotonic() + 120
    while not all((tmp_path / f"ready-{k}").exists() for k in range(2)):
        assert time.monotonic() < end and all(p.poll() is None for p in procs), [p.communicate() for p in procs]
        time.sleep(0.01)
    go.touch()  # both start recording at the same moment
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    st, notes = stats.load_statistics()
    assert notes == []
    assert st.players["Ann"].games == 2 * per and len(st.counted) == 2 * per


def test_a_finished_game_recorded_twice_at_once_counts_once(_isolated_home: Path) -> None:
    bots = make_match(("easy", "easy"), seed=4)
    bots.run_until_human()
    m = Match(bots.cat, MatchSetup(bots.setup.game, (SeatSpec("Ann", "amber", HUMAN), bots.setup.seats[1]), 4),
              record=list(bots.game.record))
    results: list[bool] = []
    threads = [threading.Thread(target=lambda: results.append(stats.record_finished_match(m)[0])) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [False, False, False, True]
    assert stats.load_statistics()[0].players["Ann"].games == 1


def test_a_write_lock_waits_for_its_holder_and_a_killed_holder_leaves_none(tmp_path: Path) -> None:
    target = tmp_path / "data" / "statistics.json"
    holder = child(HOLDER, str(locks.lock_path(target)), "60", home=tmp_path)
    try:
        assert first_line(holder) == "held"
        with pytest.raises(StorageError, match="another Quacks program"):
            with locks.write_lock(target, wait=0.2):
                pass
        holder.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        holder.wait(10)
        t0 = time.monotonic()
        with locks.write_lock(target, wait=5):  # the system let go of the killed program's lock
            assert time.monotonic() - t0 < 2
    finally:
        holder.kill()
        holder.communicate()


def test_a_write_lock_is_taken_as_soon_as_the_holder_is_done(tmp_path: Path) -> None:
    target = tmp_path / "statistics.json"
    holder = child(HOLDER, str(locks.lock_path(target)), "0.5", home=tmp_path)
    assert first_line(holder) == "held"
    with locks.write_lock(target, wait=20):
        assert holder.wait(5) == 0


def test_one_game_per_home_and_a_second_is_told(tmp_path: Path, _isolated_home: Path) -> None:
    first = child(GAME, "60", home=_isolated_home)
    try:
        assert first_line(first) == "held"
        second = child(GAME, "0", home=_isolated_home)
        assert first_line(second) == "busy"
        second.communicate()
        got = locks.take_home_lock()
        assert got.busy and not got.held
        other_home = child(GAME, "0", home=tmp_path / "another-home")  # another home: its own lock
        assert first_line(other_home) == "held"
        other_home.communicate()
        first.kill()  # killed: the lock goes with it, nothing stale is left to clear
        first.communicate()
        got = locks.take_home_lock()
        assert got.held and not got.busy
        third = child(GAME, "0", home=_isolated_home)
        assert first_line(third) == "busy"
        third.communicate()
    finally:
        first.kill()
        locks.release_home_lock()
    assert locks.take_home_lock().held
    locks.release_home_lock()


def test_taking_the_home_lock_again_in_the_same_program_changes_nothing(_isolated_home: Path) -> None:
    try:
        assert locks.take_home_lock().held and locks.take_home_lock().held
        assert locks.home_lock_path() == paths.data_dir() / "quacks.lock"
    finally:
        locks.release_home_lock()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions (and not root)")
def test_a_home_whose_lock_cannot_be_made_plays_on_with_a_note(tmp_path: Path) -> None:
    home = tmp_path / "ro"
    (home / "data").mkdir(parents=True)
    (home / "data").chmod(0o500)
    try:
        got = locks.take_home_lock(home)
        assert not got.held and not got.busy and "quacks.lock" in got.problem
    finally:
        (home / "data").chmod(0o700)


def test_where_no_lock_can_be_had_the_statistics_are_still_written(_isolated_home: Path,
                                                                    monkeypatch: pytest.MonkeyPatch,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    def no_locks(fd: int) -> bool:
        raise OSError(37, "No locks available")

    monkeypatch.setattr(locks, "_try", no_locks)
    bots = make_match(("easy", "easy"), seed=4)
    bots.run_until_human()
    m = Match(bots.cat, MatchSetup(bots.setup.game, (SeatSpec("Ann", "amber", HUMAN), bots.setup.seats[1]), 4),
              record=list(bots.game.record))
    assert stats.record_finished_match(m)[0]
    assert stats.load_statistics()[0].players["Ann"].games == 1
    assert "written without the lock" in caplog.text
    got = locks.take_home_lock()
    assert not got.held and not got.busy and "No locks available" in got.problem


# issue 30 §7: the lock file never follows a link, never writes into what it points to ----------------------

POSIX_LINKS = pytest.mark.skipif(os.name != "posix", reason="needs POSIX symbolic links and pipes")


@POSIX_LINKS
def test_a_home_lock_that_is_a_link_is_refused_and_its_target_kept(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    victim = tmp_path / "precious.txt"
    victim.write_text("precious data that must stay\n" * 3, encoding="utf-8")
    locks.home_lock_path(home).symlink_to(victim)
    try:
        got = locks.take_home_lock(home)
        assert not got.held and not got.busy
        assert "quacks.lock" in got.problem and "link" in got.problem, got.problem
    finally:
        locks.release_home_lock(home)
    assert victim.read_text(encoding="utf-8") == "precious data that must stay\n" * 3
    assert locks.home_lock_path(home).is_symlink()  # left as it is, for the player to see


@POSIX_LINKS
def test_a_home_lock_that_is_a_dangling_link_creates_nothing(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    target = tmp_path / "elsewhere" / "made.txt"
    target.parent.mkdir()
    locks.home_lock_path(home).symlink_to(target)
    got = locks.take_home_lock(home)
    assert not got.held and "link" in got.problem
    assert not target.exists()


@POSIX_LINKS
def test_a_write_lock_that_is_a_link_or_a_pipe_is_not_used(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me", encoding="utf-8")
    guarded = tmp_path / "statistics.json"
    locks.lock_path(guarded).symlink_to(victim)
    with locks.write_lock(guarded):
        pass
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert "written without the lock" in caplog.text
    piped = tmp_path / "settings.json"
    os.mkfifo(locks.lock_path(piped))
    with locks.write_lock(piped, wait=0.1):  # not a regular file: no lock taken, and nothing hangs
        pass


@POSIX_LINKS
def test_a_second_game_reads_a_pipe_as_the_holder_s_note_without_hanging(tmp_path: Path) -> None:
    path = tmp_path / "quacks.lock"
    os.mkfifo(path)
    keep = os.open(path, os.O_RDWR)  # a writer keeps it open: a blocking read would wait for ever
    try:
        done: list[str] = []
        worker = threading.Thread(target=lambda: done.append(locks._holder(path)), daemon=True)
        worker.start()
        worker.join(10)
        if not done:
            os.write(keep, b"x\n")  # let the old reader go, then fail
            worker.join(5)
            pytest.fail("reading the lock's note hung on a pipe")
        assert done == [""]
    finally:
        os.close(keep)

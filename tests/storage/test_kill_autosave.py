"""Kill -9 in the middle of autosaving loses nothing (issue 19 §6): a child program autosaves games step by step
and starts new ones (a sixth drops the oldest), and is killed (SIGKILL) at moments spread over its writes. Every
autosave it reported written is there afterwards, whole, at that step or later; every file left reads back."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from quacks.storage import saves

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGKILL")

CHILD = textwrap.dedent("""
    import sys
    from quacks.content.loader import default_catalogue
    from quacks.rules.config import GameConfig
    from quacks.session.match import Match, MatchSetup, SeatSpec
    from quacks.storage import saves

    base, start = sys.argv[1], int(sys.argv[2])
    cat = default_catalogue()
    for n in range(start, start + 1000):
        cfg = GameConfig(seats=("Ann", "Bob"))
        m = Match(cat, MatchSetup(cfg, (SeatSpec("Ann", "amber", "easy"), SeatSpec("Bob", "teal", "easy")), n))
        game = saves.new_game_id()
        for _ in range(12):  # a dozen autosaves of the game, a few steps apart
            for _ in range(5):
                if not m.advance():
                    break
            saves.write_autosave(saves.autosave_document(m, game=game), base)
            sys.stdout.write(f"{game} {len(m.game.record)}\\n")
            sys.stdout.flush()
""")


def test_sigkill_during_autosaves_loses_no_written_step(tmp_path: Path) -> None:
    base = tmp_path / "home"
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    written: dict[str, int] = {}
    for k, delay in enumerate((0.05, 0.4, 0.15, 0.6)):
        child = subprocess.Popen([sys.executable, str(script), str(base), str(100 * k)], stdout=subprocess.PIPE,
                                 text=True, env=env)
        assert child.stdout is not None
        first = child.stdout.readline()  # its first autosave is written (however long the imports took on a
        time.sleep(delay)  # busy machine); it then writes many times a second: killed mid-write at some point
        os.kill(child.pid, signal.SIGKILL)
        out, _err = child.communicate(timeout=30)
        text = first + out
        if not text.endswith("\n"):  # killed in the middle of reporting a line: its autosave was written, but the
            text = text[: text.rfind("\n") + 1]  # line is cut; only whole lines count (the check stays as strict)
        lines = [ln.split() for ln in text.splitlines() if ln.strip()]
        assert lines, "the child died before its first autosave"
        for game, steps in lines:
            written[game] = max(written.get(game, 0), int(steps))
    listed = saves.list_autosaves(base)
    assert listed and all(s.problem is None for s in listed), [s.problem for s in listed]
    kept = {s.game for s in saves.unfinished_games(base)}
    assert len(kept) <= saves.MAX_UNFINISHED + 1  # a kill between the new file and the drop: dropped next time
    newest = list(written)[-saves.MAX_UNFINISHED:]  # the games in the order they began
    for game in newest:
        assert game in kept, f"game {game} was written, then lost"
        loaded = saves.load_autosave(base, game=game)
        assert loaded.value is not None and not loaded.notes
        assert len(loaded.value.match_data["record"]) >= written[game]
    leftovers = [p.name for p in (base / "data" / "saves").iterdir() if ".corrupt-" in p.name]
    assert leftovers == []

"""Killed and started again (issue 21): a client killed mid-brew gets its seat back with its token and is not
asked again for what it acknowledged; a host killed (kill -9) and started with ``--resume`` goes on from its
saved game and the players come back. Real processes (``python -m quacks host`` / ``join``) on loopback, each
with its own ``QUACKS_HOME``."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="kill -9 is a POSIX signal")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(args: list[str], home: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONFAULTHANDLER": "1", "QUACKS_HOME": str(home), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "quacks", *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def hosted(home: Path) -> dict[str, object]:
    files = list(home.rglob("hosted-game.json"))
    if not files:
        return {}
    try:
        data = json.loads(files[0].read_text(encoding="utf-8"))
    except (OSError, ValueError):  # being replaced just now
        return {}
    room = data.get("room") or {}
    return room if isinstance(room, dict) else {}


def wait_until(test: object, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if callable(test) and test():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def record_length(home: Path) -> int:
    match = hosted(home).get("match")
    return len(match.get("record", [])) if isinstance(match, dict) else 0


def host_args(port: int, *extra: str) -> list[str]:
    return ["host", "--seats", "remote,remote,normal", "--bind", "127.0.0.1", "--port", str(port), "--away", "wait",
            "--no-lan", *extra]


def read_secret(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None
    for _ in range(10):
        line = proc.stdout.readline()
        if "join secret:" in line:
            return line.split()[-1]
    raise AssertionError("the host printed no join secret")


def finish(proc: subprocess.Popen[str], timeout: float = 120) -> str:
    out, _ = proc.communicate(timeout=timeout)
    assert proc.returncode == 0, out
    return out


def game_under_way(tmp_path: Path) -> tuple[int, list[Path], list[str], subprocess.Popen[str],
                                             subprocess.Popen[str], subprocess.Popen[str]]:
    """A host and two players (Ann, Bob) as processes, each with its own home, once the game is well started:
    (port, homes, the join command, host, ann, bob)."""
    port = free_port()
    homes = [tmp_path / n for n in ("host", "ann", "bob")]
    host = start(host_args(port), homes[0])
    secret = read_secret(host)
    join = ["join", f"127.0.0.1:{port}", "--secret", secret, "--think", "0.01"]
    ann = start([*join, "--name", "Ann"], homes[1])
    bob = start([*join, "--name", "Bob"], homes[2])
    try:
        wait_until(lambda: record_length(homes[0]) > 100, 60, "the game to get going")
    except AssertionError:
        for p in (host, ann, bob):
            p.kill()
        raise
    return port, homes, join, host, ann, bob


def test_a_client_killed_mid_brew_gets_its_seat_back(tmp_path: Path) -> None:
    port, homes, join, host, ann, bob = game_under_way(tmp_path)
    try:
        ann.send_signal(signal.SIGKILL)
        ann.wait()
        assert hosted(homes[0])["phase"] == "playing"  # killed in the middle of the game
        ann = start([*join, "--name", "Ann"], homes[1])  # the same command: its token is in its settings
        ann_out, bob_out = finish(ann), finish(bob)
        host_out = finish(host)
    finally:
        for p in (host, ann, bob):
            if p.poll() is None:
                p.kill()
    assert "luck checked: fair" in ann_out and "luck checked: fair" in bob_out
    assert ann_out.split("; final scores")[1].split(";")[0] == bob_out.split("; final scores")[1].split(";")[0]
    guests = {g["name"]: g["seat"] for g in hosted(homes[0])["guests"]}  # type: ignore[union-attr]
    assert ann_out.startswith(f"seat {guests['Ann'] + 1};") and bob_out.startswith(f"seat {guests['Bob'] + 1};")
    assert "the game is over" in host_out and "came back" in host_out and "reconnections 1" in host_out
    room = hosted(homes[0])
    assert room["phase"] == "over"
    assert room.get("repeated_acks", 0) == 0


def test_a_host_killed_and_resumed_goes_on_and_the_players_come_back(tmp_path: Path) -> None:
    port, homes, join, host, ann, bob = game_under_way(tmp_path)
    try:
        host.send_signal(signal.SIGKILL)
        host.wait()
        kept = record_length(homes[0])
        host = start(host_args(port, "--resume"), homes[0])
        ann_out, bob_out = finish(ann), finish(bob)
        host_out = finish(host)
    finally:
        for p in (host, ann, bob):
            if p.poll() is None:
                p.kill()
    assert 0 < kept < len(hosted(homes[0])["match"]["record"])  # killed in the middle, gone on from there
    assert "the game is over" in host_out and host_out.count("came back") == 2
    assert "luck checked: fair" in ann_out and "luck checked: fair" in bob_out
    assert "reconnections 0" not in ann_out and "reconnections 0" not in bob_out
    assert hosted(homes[0])["phase"] == "over"

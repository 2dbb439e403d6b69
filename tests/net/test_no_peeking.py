"""No casual peeking (issue 33 §2): during a served game no file the game writes (the hosted game and its backup,
the seat tokens) and no log line shows the host's secret, the match's seed or the private key of the host's TLS
certificate (issue 33 §5); the host still resumes from its
file, and a file whose key is gone is kept aside with a sentence that names the key."""

from __future__ import annotations

import asyncio
import base64
import logging
from pathlib import Path

import pytest

from quacks.net.client import Client, Tokens
from quacks.net.host import Host, key_path, read_room
from quacks.net.roomcode import code_for, join_key
from quacks.session.setup import REMOTE

from .test_served_game import CAT, make_room


def readable_everywhere(folder: Path, needles: list[str]) -> list[str]:
    """Every (file, needle) where a needle is found in a file under ``folder``, as text or as raw bytes."""
    found = []
    for f in sorted(folder.rglob("*")):
        if not f.is_file():
            continue
        raw = f.read_bytes()
        for n in needles:
            if n.encode() in raw or (len(n) == 64 and bytes.fromhex(n) in raw):
                found.append(f"{f.name}: {n}")
    return found


def test_no_file_nor_log_shows_the_secret_or_the_seed_during_play(tmp_path: Path,
                                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    save = tmp_path / "data" / "hosted-game.json"
    looked: list[list[str]] = []

    async def go() -> Host:
        room = make_room((REMOTE, REMOTE, "easy"))
        host = Host(room, save_path=save)
        port = await host.start("127.0.0.1", 0)
        room.code = code_for("127.0.0.1", port, room.join_secret)  # as a window's host keeps it
        clients = [Client("127.0.0.1", port, name=f"Guest {i}", join_secret=room.join_secret.hex(),
                          tokens=Tokens(tmp_path / "config" / f"tokens{i}.json"), seed=i) for i in range(2)]

        def look(c: Client) -> None:  # in the middle of the game: saved twice (so a backup exists), then searched
            if looked or c.replica is None or len(c.replica.game.record) < 40 or host.room.match is None:
                return
            host.save()
            host.save()
            seed = host.room.match.setup.seed
            assert seed is not None
            needles = [host.room.secret, str(seed), format(seed, "x"), format(seed, "X")]
            # the join secret that proves a joiner (issue 33 §5), as hex and as the room code and join key show it
            needles += [host.room.join_secret.hex(), join_key(host.room.join_secret).replace("-", ""),
                        room.code, room.code.replace("-", "")]
            # the certificate's private key (issue 33 §5): as kept, as PEM's body, and its raw DER
            key = host.identity.to_data()["key"]
            needles += [key, host.identity.key_pem.splitlines()[1][:60]]
            found = readable_everywhere(tmp_path, needles) + [n for n in needles if n in caplog.text]
            der = base64.b64decode(key)
            found += [f.name for f in tmp_path.rglob("*") if f.is_file() and der in f.read_bytes()]
            looked.append(found)

        clients[0].on_update = look
        await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients)), 120)
        await host.close()
        return host

    host = asyncio.run(go())
    assert looked == [[]], looked
    assert sorted(p.name for p in save.parent.iterdir()) == ["hosted-game.json", "hosted-game.json.bak",
                                                             "hosted-game.key"]
    # the host resumes from the file: the same secret and seed
    again = read_room(save, CAT)
    assert again.value is not None and not again.problems
    assert again.value.secret == host.room.secret
    assert again.value.join_secret == host.room.join_secret and again.value.code == host.room.code
    assert again.value.match is not None and host.room.match is not None
    assert again.value.match.setup.seed == host.room.match.setup.seed


def test_a_hosted_game_whose_key_is_gone_is_kept_aside_with_a_sentence(tmp_path: Path) -> None:
    save = tmp_path / "hosted-game.json"
    room = make_room((REMOTE, "easy"))
    Host(room, save_path=save).save()
    assert key_path(save).is_file() and room.secret not in save.read_text(encoding="utf-8")
    key_path(save).unlink()
    loaded = read_room(save, CAT)
    assert loaded.value is None and loaded.problems
    message = loaded.problems[0].message
    assert "hosted-game.key" in message and "missing" in message and "Traceback" not in message
    assert not save.exists() and list(tmp_path.glob("hosted-game.json.corrupt-*"))  # kept, never lost

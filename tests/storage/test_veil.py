"""The seal that hides the host's secret and the seed in the hosted game's file (issue 33 §2)."""

from __future__ import annotations

import base64
import os
from pathlib import Path

import pytest

from quacks.storage import veil
from quacks.storage.files import StorageError


def test_a_seal_opens_with_its_key_only_and_hides_what_it_holds() -> None:
    key, other = os.urandom(32), os.urandom(32)
    data = {"secret": "07" * 32, "seed": 1234567890123, "tick": {"0": "draw"}}
    text = veil.seal(data, key)
    assert veil.open_seal(text, key) == data
    assert "07070707" not in text and "1234567890123" not in text and "draw" not in text
    assert veil.seal(data, key) != text  # a fresh salt each time
    with pytest.raises(veil.SealError, match="another key"):
        veil.open_seal(text, other)
    raw = bytearray(base64.b64decode(text))
    raw[-1] ^= 1
    with pytest.raises(veil.SealError, match="another key, or a damaged file"):
        veil.open_seal(base64.b64encode(bytes(raw)).decode(), key)
    for bad in ("not base64 !", "", "AAAA", 12, None, "A" * (veil.MAX_SEALED + 4)):
        with pytest.raises(veil.SealError):
            veil.open_seal(bad, key)
    with pytest.raises(ValueError):
        veil.seal(data, b"short")


def test_the_key_is_made_once_and_never_replaced(tmp_path: Path) -> None:
    path = tmp_path / "data" / "hosted-game.key"
    assert veil.key_for(path, make=False) is None and not path.exists()
    key = veil.key_for(path)
    assert key is not None and len(key) == 32 and path.read_bytes() == key
    assert veil.key_for(path) == key  # read again, not made again
    assert (path.stat().st_mode & 0o777) == 0o600
    path.write_bytes(b"\x01" * 5)  # damaged: an error naming the file, and the file left as it is
    with pytest.raises(StorageError) as e:
        veil.key_for(path)
    assert "hosted-game.key" in e.value.message and path.read_bytes() == b"\x01" * 5
    os.unlink(path)
    os.mkfifo(path)  # not a regular file: refused by the guarded reader, never waited on
    with pytest.raises(StorageError):
        veil.key_for(path)

"""What the host's own player must not read by chance during a served game (issue 33 §2): the host's secret, the
match's seed and the stir decisions held unrevealed (R22) are kept in the hosted game's file sealed, not in
readable JSON, so that nobody peeks at the next draws by opening a file.

This hides, it does not secure: the key sits beside the file, on the same machine (``hosted-game.key``, 32 random
bytes made once and never replaced), so a player who goes looking for it can open the seal. It keeps an honest
host honest, and the README says so.

The seal: a random 16-byte salt; the JSON text XORed with a keystream of SHA-256 blocks over a tag, the key, the
salt and a block counter (SHA-256 in counter mode); an HMAC-SHA256 under the key over the salt and the sealed
bytes, checked before anything is opened (a damaged seal or another file's key is refused, never misread). All
from the standard library (``hashlib``, ``hmac``, ``secrets``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
import secrets
from pathlib import Path

from .files import StorageError, read_raw

__all__ = ["KEY_BYTES", "SealError", "key_for", "open_seal", "seal"]

KEY_BYTES = 32
SALT_BYTES = 16
MAC_BYTES = 32
MAX_SEALED = 1024 * 1024  # characters of a seal: what it hides is a few hundred bytes
_TAG = b"quacks veil 1\x00"
WHAT = "hosted game key"


class SealError(ValueError):
    """A seal that cannot be opened: damaged, or made with another key."""


def _keystream(key: bytes, salt: bytes, size: int) -> bytes:
    blocks = (size + 31) // 32
    return b"".join(hashlib.sha256(_TAG + key + salt + i.to_bytes(8, "big")).digest() for i in range(blocks))[:size]


def seal(obj: object, key: bytes) -> str:
    """``obj`` (JSON data) sealed under ``key``, as ASCII text."""
    if len(key) != KEY_BYTES:
        raise ValueError(f"a key has {KEY_BYTES} bytes")
    plain = json.dumps(obj, sort_keys=True, separators=(",", ":")).encode("utf-8")
    salt = secrets.token_bytes(SALT_BYTES)
    body = bytes(a ^ b for a, b in zip(plain, _keystream(key, salt, len(plain)), strict=True))
    mac = hmac.new(key, salt + body, hashlib.sha256).digest()
    return base64.b64encode(salt + mac + body).decode("ascii")


def open_seal(text: object, key: bytes) -> object:
    """The JSON data ``seal`` sealed; SealError if ``text`` is no seal of ``key``'s."""
    if not isinstance(text, str) or len(text) > MAX_SEALED:
        raise SealError("the sealed part is not a seal")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise SealError("the sealed part is not a seal") from None
    if len(raw) < SALT_BYTES + MAC_BYTES:
        raise SealError("the sealed part is too short")
    salt, mac, body = raw[:SALT_BYTES], raw[SALT_BYTES:SALT_BYTES + MAC_BYTES], raw[SALT_BYTES + MAC_BYTES:]
    if not hmac.compare_digest(mac, hmac.new(key, salt + body, hashlib.sha256).digest()):
        raise SealError("the seal does not open with this computer's key (another key, or a damaged file)")
    plain = bytes(a ^ b for a, b in zip(body, _keystream(key, salt, len(body)), strict=True))
    try:
        return json.loads(plain.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise SealError("the sealed part holds no data") from None


def key_for(path: Path, *, make: bool = True) -> bytes | None:
    """The key kept at ``path``: read through the guarded reader; made once (32 random bytes, created exclusively,
    never replaced) if it is missing and ``make``; None if it is missing and not ``make``. StorageError if the
    file is there but unreadable or not a key (it is left as it is: a hosted game sealed with it may need it)."""
    if path.exists() or path.is_symlink():
        raw = read_raw(path, WHAT)
        if len(raw) != KEY_BYTES:
            raise StorageError(path, f"it has {len(raw)} bytes, a key has {KEY_BYTES}", what=WHAT)
        return raw
    if not make:
        return None
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another copy of the game made it a moment ago: that one is the key
        return key_for(path, make=False)
    except OSError as e:
        raise StorageError(path, e.strerror or str(e), kind="unwritable", what=WHAT) from None
    try:
        os.write(fd, key)
        os.fsync(fd)
    finally:
        os.close(fd)
    return key

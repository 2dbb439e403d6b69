"""Encrypted and authenticated links (issue 33 §5): TLS with the host's own certificate, and SPAKE2 on the join
secret inside it.

Every link is TLS (the standard library's ``ssl``). The host makes a self-signed certificate (EC P-256, through
``cryptography``) when its room opens and keeps it with the hosted game (its private key sealed, as the game's
secret is: host.py). A joiner does not check the certificate against any authority: it proves instead that it
reached the host that knows the room's join secret, by a password-authenticated key exchange on that secret
(SPAKE2, the ``spake2`` package) run inside TLS. Each side then sends an HMAC-SHA256, under the exchanged key, of
the certificate's SHA-256 fingerprint as it sees it: a man in the middle that shows its own certificate sees the
MACs fail (the fingerprints differ) unless it knew the secret, and it gets one guess per handshake, which the
host limits (``ratelimit.PAKE_*``). A seat token pins the fingerprint seen when it was given: a reconnection to
another certificate does not send the token (client.py).

No cryptography is made here: TLS, SPAKE2, HMAC and SHA-256 all come from their libraries; this module only
joins them (docs/protocol.md, "The handshake").
"""

from __future__ import annotations

import asyncio
import base64
import datetime
import hashlib
import hmac
import json
import os
import secrets
import ssl
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from spake2 import SPAKE2_A, SPAKE2_B

#: the SPAKE2 identities of the two sides: they name the protocol, so an exchange for another use never matches
JOINER_ID = b"quacks-joiner/issue-33-5"
HOST_ID = b"quacks-host/issue-33-5"
SERVER_NAME = "quacks-host"  # the name a joiner asks TLS for (the certificate is checked by the exchange, not by name)
CERT_DAYS = 3650  # the certificate is pinned by its fingerprint: its dates only have to cover the game
MAX_PAKE_MESSAGE = 400  # characters of a handshake message (a SPAKE2 message is 33 bytes: 66 hex digits)
FINGERPRINT_BYTES = 32  # SHA-256


class HandshakeError(Exception):
    """A handshake message that is not one: ``detail`` says why in a plain sentence."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


@dataclass(frozen=True)
class Identity:
    """The host's certificate and its private key, both PEM text (the key is kept sealed: host.py)."""

    cert_pem: str
    key_pem: str

    @property
    def fingerprint(self) -> bytes:
        """SHA-256 of the certificate's DER form: what the joiners see and the exchange confirms."""
        return fingerprint(x509.load_pem_x509_certificate(self.cert_pem.encode()).public_bytes(
            serialization.Encoding.DER))

    def to_data(self) -> dict[str, str]:
        """The certificate and the key as one line each (base64 of their DER forms: a kept file holds no control
        character)."""
        cert = x509.load_pem_x509_certificate(self.cert_pem.encode()).public_bytes(serialization.Encoding.DER)
        key = serialization.load_pem_private_key(self.key_pem.encode(), password=None).private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
        return {"cert": base64.b64encode(cert).decode(), "key": base64.b64encode(key).decode()}

    @staticmethod
    def from_data(d: Any) -> Identity | None:
        """The identity ``to_data`` kept, or None if it is not one (a new one is made then)."""
        if not isinstance(d, dict) or not isinstance(d.get("cert"), str) or not isinstance(d.get("key"), str):
            return None
        try:
            cert = x509.load_der_x509_certificate(base64.b64decode(d["cert"], validate=True))
            key = serialization.load_der_private_key(base64.b64decode(d["key"], validate=True), password=None)
        except ValueError:
            return None
        if not isinstance(key, ec.EllipticCurvePrivateKey) or key.public_key() != cert.public_key():
            return None
        key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption()).decode()
        return Identity(cert.public_bytes(serialization.Encoding.PEM).decode(), key_pem)


def new_identity() -> Identity:
    """A new self-signed EC P-256 certificate and its key."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, SERVER_NAME)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=CERT_DAYS)).sign(key, hashes.SHA256()))
    key_pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                serialization.NoEncryption()).decode()
    return Identity(cert.public_bytes(serialization.Encoding.PEM).decode(), key_pem)


def fingerprint(der: bytes) -> bytes:
    """A certificate's fingerprint: SHA-256 of its DER form."""
    return hashlib.sha256(der).digest()


def server_context(identity: Identity) -> ssl.SSLContext:
    """The host's TLS context. ``ssl`` reads a certificate chain from files only: the key goes to a file in a
    private folder (0700), encrypted under a one-time password, and both are removed at once after loading."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    password = secrets.token_bytes(32)
    key = serialization.load_pem_private_key(identity.key_pem.encode(), password=None)
    locked = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                               serialization.BestAvailableEncryption(password))
    with tempfile.TemporaryDirectory(prefix="quacks-tls-") as folder:
        cert_file, key_file = Path(folder) / "cert.pem", Path(folder) / "key.pem"
        cert_file.write_text(identity.cert_pem, encoding="ascii")
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(locked)
        ctx.load_cert_chain(cert_file, key_file, password=password)
    return ctx


def client_context() -> ssl.SSLContext:
    """A joiner's TLS context: no authority and no name is checked (the host's certificate is self-signed); the
    key exchange on the join secret, or a seat token's pin, says whether it is the host's."""
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def peer_fingerprint(connection: Any) -> bytes:
    """The fingerprint of the certificate the other side of a websockets connection showed (b"" if none)."""
    transport = getattr(connection, "transport", None)
    ssl_object = transport.get_extra_info("ssl_object") if transport is not None else None
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return fingerprint(der) if der else b""


# ----------------------------------------------------------------------------------------------------
# the key exchange and its confirmation

def _mac(key: bytes, who: bytes, cert_fingerprint: bytes) -> bytes:
    return hmac.new(key, b"quacks-confirm\0" + who + b"\0" + cert_fingerprint, hashlib.sha256).digest()


class Exchange:
    """One side of SPAKE2 on the join secret (``joiner``: side A) and the MACs of the certificate fingerprint."""

    def __init__(self, secret: bytes, *, joiner: bool) -> None:
        self.joiner = joiner
        self._spake = SPAKE2_A(secret, idA=JOINER_ID, idB=HOST_ID) if joiner else \
            SPAKE2_B(secret, idA=JOINER_ID, idB=HOST_ID)
        self.message = self._spake.start()
        self._key: bytes | None = None

    def finish(self, theirs: bytes) -> None:
        """The other side's message; HandshakeError if it is not a valid one."""
        try:
            self._key = self._spake.finish(theirs)
        except Exception:  # the library's errors for a bad point, a reflected or a mangled message
            raise HandshakeError("The key exchange message is not valid.") from None

    def mine(self, cert_fingerprint: bytes) -> bytes:
        """This side's MAC of the fingerprint it sees."""
        assert self._key is not None, "finish first"
        return _mac(self._key, b"joiner" if self.joiner else b"host", cert_fingerprint)

    def check(self, theirs: bytes, cert_fingerprint: bytes) -> bool:
        """Whether the other side's MAC is of ``cert_fingerprint`` under the same key (the same secret, no one in
        between)."""
        assert self._key is not None, "finish first"
        want = _mac(self._key, b"host" if self.joiner else b"joiner", cert_fingerprint)
        return hmac.compare_digest(want, theirs)


def pake_message(message: bytes, protocol: int | None = None) -> str:
    """The handshake's exchange message (JSON text)."""
    d: dict[str, Any] = {"type": "pake", "msg": message.hex()}
    if protocol is not None:
        d["protocol"] = protocol
    return json.dumps(d)


def confirm_message(mac: bytes) -> str:
    """The handshake's confirmation (JSON text)."""
    return json.dumps({"type": "confirm", "mac": mac.hex()})


def handshake_kind(raw: str | bytes) -> str | None:
    """"pake" or "confirm" if ``raw`` is a handshake message's text, else None (a message of the protocol)."""
    if not isinstance(raw, str) or len(raw) > MAX_PAKE_MESSAGE:
        return None
    try:
        d = json.loads(raw)
    except ValueError:
        return None
    kind = d.get("type") if isinstance(d, dict) else None
    return kind if kind in ("pake", "confirm") else None


def read_handshake(raw: str | bytes, kind: str) -> tuple[bytes, int | None]:
    """The bytes a handshake message of ``kind`` carries and the protocol it names (None if it names none);
    HandshakeError saying why if it is not one."""
    if handshake_kind(raw) != kind:
        raise HandshakeError(f"A {kind} message of the handshake was expected.")
    d = json.loads(raw)
    field = "msg" if kind == "pake" else "mac"
    value = d.get(field)
    protocol = d.get("protocol")
    if protocol is not None and (not isinstance(protocol, int) or isinstance(protocol, bool)):
        raise HandshakeError("The handshake's protocol must be a whole number.")
    try:
        data = bytes.fromhex(value) if isinstance(value, str) else None
    except ValueError:
        data = None
    if not data or (kind == "confirm" and len(data) != hashlib.sha256().digest_size):
        raise HandshakeError(f'The handshake\'s "{field}" is not valid.')
    return data, protocol


class NotTheHost(HandshakeError):
    """The other side's confirmation does not match: it does not know the join secret, or it is not the one whose
    certificate this side sees (someone is in between)."""


async def prove(connection: Any, secret: bytes, protocol: int, timeout: float) -> str | None:
    """The joiner's side of the handshake on an open websockets ``connection``: None once both sides are proven,
    else the text of the host's answer that is not a handshake message (its refusal, for the caller to read).
    NotTheHost if the host's confirmation does not match the certificate seen; HandshakeError if its messages
    are not valid; TimeoutError if it does not answer within ``timeout`` seconds a message."""
    seen = peer_fingerprint(connection)
    exchange = Exchange(secret, joiner=True)
    await connection.send(pake_message(exchange.message, protocol))
    raw = await asyncio.wait_for(connection.recv(), timeout)
    if handshake_kind(raw) != "pake":
        return str(raw)
    exchange.finish(read_handshake(raw, "pake")[0])
    await connection.send(confirm_message(exchange.mine(seen)))
    raw = await asyncio.wait_for(connection.recv(), timeout)
    if handshake_kind(raw) != "confirm":
        return str(raw)
    if not exchange.check(read_handshake(raw, "confirm")[0], seen):
        raise NotTheHost("The host's confirmation does not match the certificate this computer sees.")
    return None


__all__ = ["CERT_DAYS", "FINGERPRINT_BYTES", "HOST_ID", "JOINER_ID", "SERVER_NAME", "Exchange", "HandshakeError",
           "Identity", "NotTheHost", "client_context", "confirm_message", "fingerprint", "handshake_kind",
           "new_identity", "pake_message", "peer_fingerprint", "prove", "read_handshake", "server_context"]

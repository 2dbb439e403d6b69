"""Run in the router test's LAN namespace (tests/net/test_router.py): listen on a port, ask the router to open it
with the game's own code (``quacks.net.router.open_port``) and print, one JSON line each, what it answered (and
whether the router lists the mapping and renews its lease), what someone from the internet sent through it, and
the mapping's listing after the game removed it. Every wait is bounded."""

from __future__ import annotations

import json
import socket
import sys
import time

from quacks.net.router import open_port


def say(**data: object) -> None:
    print(json.dumps(data), flush=True)


def main() -> None:
    port, discover_ms = int(sys.argv[1]), int(sys.argv[2])
    listener = socket.create_server(("0.0.0.0", port))
    began = time.monotonic()
    answer, mapping = open_port(port, discover_ms=discover_ms, lease=600)
    listed = mapping.upnp.getspecificportmapping(port, "TCP") if mapping is not None else None
    renewed = mapping.renew() if mapping is not None else None
    say(state=answer.state, external=answer.external, port=answer.port, detail=answer.detail,
        seconds=time.monotonic() - began, listed=list(listed) if listed else None, renewed=renewed)
    if mapping is None:
        return
    listener.settimeout(20)
    try:
        conn, peer = listener.accept()
        conn.settimeout(5)
        say(peer=peer[0], data=conn.recv(100).decode())
        conn.close()
    except OSError as e:
        say(peer=None, data=str(e))
    mapping.close()
    after = mapping.upnp.getspecificportmapping(port, "TCP")
    say(after=list(after) if after else None)


if __name__ == "__main__":
    main()

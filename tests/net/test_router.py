"""The router way in (issue 33 §4) against a real UPnP IGD daemon: Debian's ``miniupnpd`` in network namespaces
the test makes (tests/net/router_lab.py), the game's own code asking it from the host's namespace.

- a router that lets the host in: the port is forwarded (the router lists the mapping, its nftables holds the
  rule), someone on the "internet" namespace reaches the host's listener through the router's address, and the
  mapping is gone once the game removes it; ``quacks host`` prints a room code carrying the router's address;
- a router that refuses (a deny rule): "no", nothing forwarded;
- no router at all: "not known", within the bounded discovery time.

Nothing leaves the test's namespaces. Where they cannot be made (not root, no ``ip``, ``miniupnpd`` or ``nft``)
the tests skip with the reason, unless ``QUACKS_REQUIRE_ROUTER=1`` (``.ci/run`` sets it): then they fail.
"""

from __future__ import annotations

import json
import os
import selectors
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from quacks.net.roomcode import read_code
from quacks.net.router import DISCOVER_MS

from .router_lab import ALLOW, DENY, RTR_WAN_IP, Lab, missing

PORT = 47474


def required() -> bool:
    return os.environ.get("QUACKS_REQUIRE_ROUTER", "").strip() not in ("", "0")


@pytest.fixture
def lab(tmp_path: Path) -> Iterator[Lab]:
    why = missing()
    if why is not None:
        if required():
            pytest.fail(f"{why} (QUACKS_REQUIRE_ROUTER is set: in CI this test must run)", pytrace=False)
        pytest.skip(f"the router test needs network namespaces and miniupnpd: {why}")
    made = Lab(tmp_path)
    try:
        yield made
    finally:
        made.close()


def line(proc: subprocess.Popen[str], timeout: float) -> str:
    """The next line ``proc`` prints, waiting at most ``timeout`` seconds ("" if none came)."""
    assert proc.stdout is not None
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout):
            return ""
    return proc.stdout.readline()


def reply(proc: subprocess.Popen[str], timeout: float = 20) -> dict[str, Any]:
    text = line(proc, timeout)
    if not text:
        proc.kill()
        _out, err = proc.communicate(timeout=5)
        raise AssertionError(f"the probe said nothing in {timeout} s; its errors:\n{err}")
    data: dict[str, Any] = json.loads(text)
    return data


def probe(lab: Lab, discover_ms: int = DISCOVER_MS) -> subprocess.Popen[str]:
    return lab.popen_in(lab.lan, "-m", "tests.net.router_probe", str(PORT), str(discover_ms))


def finish(proc: subprocess.Popen[str]) -> None:
    try:
        proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate(timeout=5)


def test_a_router_that_lets_the_host_in(lab: Lab) -> None:
    lab.router(ALLOW, DENY)
    proc = probe(lab)
    try:
        said = reply(proc)
        assert said["state"] == "yes", (said, lab.daemon_log())
        assert (said["external"], said["port"]) == (RTR_WAN_IP, PORT)
        assert said["listed"] is not None and said["listed"][:2] == ["192.168.77.2", PORT]  # the router lists it
        assert said["renewed"] is True  # and renews its lease when asked again
        assert f"dnat ip to 192.168.77.2:{PORT}" in lab.forwards()
        sent = lab.connect_from_wan(PORT, "a friend outside")
        assert sent.returncode == 0, sent.stderr
        came = reply(proc)
        assert came == {"peer": "11.22.33.2", "data": "a friend outside"}  # through the router, to the host
        assert reply(proc) == {"after": None}  # the game removed the mapping
        assert f"192.168.77.2:{PORT}" not in lab.forwards()
    finally:
        finish(proc)


def test_a_router_that_refuses(lab: Lab) -> None:
    lab.router(DENY)
    proc = probe(lab)
    try:
        said = reply(proc)
        assert said["state"] == "no", (said, lab.daemon_log())
        assert said["listed"] is None and "refused" in said["detail"]
        assert "dnat" not in lab.forwards()
    finally:
        finish(proc)


def test_no_router_at_all(lab: Lab) -> None:
    proc = probe(lab)
    try:
        said = reply(proc)
        assert said["state"] == "unknown", said
        assert said["seconds"] < 8  # the SSDP search is bounded (about 4 s)
    finally:
        finish(proc)


def test_quacks_host_prints_a_room_code_with_the_routers_address(lab: Lab, tmp_path: Path) -> None:
    lab.router(ALLOW, DENY)
    env = dict(lab_env(tmp_path))
    host = lab.popen_in(lab.lan, "-m", "quacks", "host", "--bind", "192.168.77.2", "--port", str(PORT), "--no-lan",
                        env=env)
    try:
        said = ""
        for _ in range(60):  # the lines before the router's answer (codes, address, clock...), bounded
            said = line(host, 20)
            if not said or said.startswith("router:"):
                break
        assert said.startswith("router: yes"), (said, lab.daemon_log())
        code = read_code(said.rsplit(": ", 1)[1].strip())
        assert (code.address, code.port) == (RTR_WAN_IP, PORT)
        assert f"dnat ip to 192.168.77.2:{PORT}" in lab.forwards()
        host.send_signal(signal.SIGINT)
        out, _err = host.communicate(timeout=20)
        assert "router: the port is closed again" in out
        assert f"192.168.77.2:{PORT}" not in lab.forwards()
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate(timeout=5)


def lab_env(tmp_path: Path) -> dict[str, str]:
    from .router_lab import _env

    env = _env()
    env["QUACKS_HOME"] = str(tmp_path / "home")
    return env

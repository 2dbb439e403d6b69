"""A home network in network namespaces for tests/net/test_router.py (issue 33 §4, the router way in).

Three namespaces of the test's own, joined by two veth pairs and linked to nothing else:

- ``lan`` (the game's host, 192.168.77.2/24, its default route the router),
- ``rtr`` (the router, 192.168.77.1 toward the LAN, 11.22.33.1 toward the "internet"): Debian's ``miniupnpd``
  (its nftables build) runs there with a config file of the test's, listening on the LAN side only, its rules in
  an nftables ruleset loaded in that namespace alone,
- ``wan`` (someone on the internet, 11.22.33.2/24).

The "internet" address is a global one because miniupnpd refuses to forward on a private or documentation
address (a router behind another NAT); no packet reaches it: the namespaces have no link out of themselves.
Every wait is bounded; ``close`` kills the daemon and deletes the namespaces (their veths go with them).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

LAN_IP, RTR_LAN_IP, RTR_WAN_IP, WAN_IP = "192.168.77.2", "192.168.77.1", "11.22.33.1", "11.22.33.2"
ROOT = Path(__file__).resolve().parents[2]

# the chains miniupnpd's nftables build adds its rules to (its defaults: table inet "filter")
RULESET = """table inet filter {
    chain forward {
        type filter hook forward priority 0; policy accept;
        jump miniupnpd
    }
    chain miniupnpd {
    }
    chain prerouting {
        type nat hook prerouting priority -100; policy accept;
        jump prerouting_miniupnpd
    }
    chain postrouting {
        type nat hook postrouting priority 100; policy accept;
        jump postrouting_miniupnpd
    }
    chain prerouting_miniupnpd {
    }
    chain postrouting_miniupnpd {
    }
}
"""

ALLOW = "allow 1024-65535 192.168.77.0/24 1024-65535"
DENY = "deny 0-65535 0.0.0.0/0 0-65535"


def missing() -> str | None:
    """Why the lab cannot be made here (a sentence), or None."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    for tool, package in (("ip", "iproute2"), ("miniupnpd", "miniupnpd"), ("nft", "nftables")):
        if shutil.which(tool) is None:
            return f"{tool} is missing (apt-get install {package})"
    try:
        import miniupnpc  # noqa: F401
    except ImportError:
        return "the miniupnpc library is missing"
    probe = f"q-probe-{secrets.token_hex(3)}"
    made = subprocess.run(["ip", "netns", "add", probe], capture_output=True, text=True, timeout=10)
    if made.returncode != 0:
        return f"ip netns add fails here: {made.stderr.strip()}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


def run(*args: str, check: bool = True, timeout: float = 10) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, check=check)


class Lab:
    """The three namespaces (module docstring); ``router(rules)`` starts miniupnpd with those permission rules."""

    def __init__(self, tmp: Path) -> None:
        tag = secrets.token_hex(3)
        self.tmp = tmp
        self.lan, self.rtr, self.wan = f"q-lan-{tag}", f"q-rtr-{tag}", f"q-wan-{tag}"
        self.lan_if, self.rtr_lan_if = f"ql-{tag}", f"qr-{tag}"
        self.rtr_wan_if, self.wan_if = f"qx-{tag}", f"qw-{tag}"
        self.daemon: subprocess.Popen[bytes] | None = None
        self.made: list[str] = []
        try:
            self._build()
        except BaseException:
            self.close()
            raise

    def _build(self) -> None:
        for ns in (self.lan, self.rtr, self.wan):
            run("ip", "netns", "add", ns)
            self.made.append(ns)
            run("ip", "-n", ns, "link", "set", "lo", "up")
        for (a, ns_a, ip_a), (b, ns_b, ip_b) in (
                ((self.lan_if, self.lan, LAN_IP), (self.rtr_lan_if, self.rtr, RTR_LAN_IP)),
                ((self.rtr_wan_if, self.rtr, RTR_WAN_IP), (self.wan_if, self.wan, WAN_IP))):
            # made inside the first namespace: nothing is ever added to the machine's own
            run("ip", "-n", ns_a, "link", "add", a, "type", "veth", "peer", "name", b, "netns", ns_b)
            for name, ns, ip in ((a, ns_a, ip_a), (b, ns_b, ip_b)):
                run("ip", "-n", ns, "addr", "add", f"{ip}/24", "dev", name)
                run("ip", "-n", ns, "link", "set", name, "up")
        run("ip", "-n", self.lan, "route", "add", "default", "via", RTR_LAN_IP)
        run("ip", "netns", "exec", self.rtr, "sysctl", "-qw", "net.ipv4.ip_forward=1")
        rules = self.tmp / "ruleset.nft"
        rules.write_text(RULESET)
        run("ip", "netns", "exec", self.rtr, "nft", "-f", str(rules))

    def router(self, *rules: str) -> None:
        """Start miniupnpd in the router's namespace with these permission rules (the first that matches
        decides); wait (at most 10 s) until it listens."""
        conf = self.tmp / "miniupnpd.conf"
        log = self.tmp / "miniupnpd.log"
        conf.write_text("\n".join([
            f"ext_ifname={self.rtr_wan_if}", f"listening_ip={self.rtr_lan_if}", "port=0", "enable_upnp=yes",
            "enable_natpmp=no", "secure_mode=yes", "system_uptime=yes", f"uuid={_uuid()}",
            f"lease_file={self.tmp / 'leases'}", *rules]) + "\n")
        out = log.open("wb")
        self.daemon = subprocess.Popen(["ip", "netns", "exec", self.rtr, "miniupnpd", "-f", str(conf), "-d",
                                        "-P", str(self.tmp / "miniupnpd.pid")], stdout=out, stderr=out)
        out.close()
        for _ in range(100):
            if b"HTTP listening" in log.read_bytes():
                return
            if self.daemon.poll() is not None:
                break
            time.sleep(0.1)
        raise AssertionError(f"miniupnpd did not start:\n{log.read_text(errors='replace')}")

    def daemon_log(self) -> str:
        p = self.tmp / "miniupnpd.log"
        return p.read_text(errors="replace") if p.exists() else ""

    def forwards(self) -> str:
        """The router's port forwards as nftables lists them (miniupnpd's dnat rules)."""
        return run("ip", "netns", "exec", self.rtr, "nft", "list", "chain", "inet", "filter",
                   "prerouting_miniupnpd").stdout

    def popen_in(self, ns: str, *args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
        """A Python of the test's, run in namespace ``ns`` (the checkout importable)."""
        return subprocess.Popen(["ip", "netns", "exec", ns, sys.executable, *args], cwd=ROOT, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                env=env if env is not None else _env())

    def connect_from_wan(self, port: int, payload: str) -> subprocess.CompletedProcess[str]:
        """Someone on the internet connects to the router's address at ``port`` and sends ``payload``."""
        code = ("import socket,sys\n"
                f"c = socket.create_connection(({RTR_WAN_IP!r}, {port}), timeout=5)\n"
                f"c.sendall({payload.encode()!r}); c.close(); print('sent')")
        return run("ip", "netns", "exec", self.wan, sys.executable, "-c", code, check=False, timeout=15)

    def close(self) -> None:
        if self.daemon is not None and self.daemon.poll() is None:
            self.daemon.terminate()
            try:
                self.daemon.wait(5)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
                self.daemon.wait(5)
        for ns in self.made:
            with contextlib.suppress(subprocess.SubprocessError, OSError):
                run("ip", "netns", "del", ns, check=False)
        self.made = []


def _uuid() -> str:
    h = secrets.token_hex(16)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "QUACKS_NO_ROUTER"}  # this test asks its own router
    env["PYTHONPATH"] = str(ROOT)
    return env

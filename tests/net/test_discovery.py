"""Finding games on the LAN (issue 22, quacks/net/discovery.py).

Everything that sends multicast runs in a network namespace the test makes (``unshare -rn``, or ``unshare -n``
as root): a child process brings its ``lo`` up with multicast and a route for 224.0.0.0/4, advertises and
browses there. Nothing is sent on the machine's own network, nor on its loopback (other programs listen for
mDNS there). Where namespaces are not permitted those tests are skipped, saying so; the rest runs in-process
without a socket.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from quacks.cli import main
from quacks.net import discovery
from quacks.net.discovery import Advert, Advertiser, Browser, FoundGame, advert_properties, found_game, instance_name

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("discovery_probe.py")
MULTICAST_LO = "ip link set lo up && ip link set lo multicast on && ip route add 224.0.0.0/4 dev lo"


def namespace() -> list[str]:
    """The command that runs its argument in a network namespace of its own; skips if none can be made."""
    unshare, ip = shutil.which("unshare"), shutil.which("ip")
    if unshare is None or ip is None:
        pytest.skip("discovery tests need unshare and ip (util-linux, iproute2) to make a network namespace")
    tried = []
    for flags in (["-rn"], ["-n"]):
        r = subprocess.run([unshare, *flags, ip, "link", "set", "lo", "up"], capture_output=True, text=True,
                           timeout=20)
        if r.returncode == 0:
            return [unshare, *flags]
        tried.append(f"unshare {' '.join(flags)}: {r.stderr.strip()[:120]}")
    pytest.skip("no network namespace can be made here (" + "; ".join(tried) + "); discovery is never tested on "
                "the machine's own network")


def in_namespace(script: str, *, timeout: float = 120, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PY": sys.executable}
    if home is not None:
        env["QUACKS_HOME"] = str(home)
    return subprocess.run([*namespace(), "sh", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def advert(**changes: object) -> Advert:
    base = Advert("Ann's kitchen", "192.168.1.20", 47474, 1, 3, "all set 1", 1, "0.1.0", "ab" * 32)
    return Advert(**{**base.__dict__, **changes})


# --- in a network namespace of the test's own


def test_an_advertised_game_is_found_with_its_port_and_free_seats_and_goes_when_stopped() -> None:
    r = in_namespace(f'{MULTICAST_LO} && exec "$PY" {PROBE}')
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["advertised"] and out["browsing"], out
    assert out["advertiser_problem"] is None and out["browser_problem"] is None
    assert len(out["found"]) == 1
    game = FoundGame(**out["found"][0])
    assert (game.address, game.port, game.free_seats, game.seats) == ("127.0.0.1", 47999, 2, 3)
    assert (game.host_name, game.books, game.protocol, game.game_version) == ("Ann's kitchen", "all set 1", 1, "9.9.9")
    assert game.rules == "ab" * 8  # a prefix of the rules hash only
    assert [g["free_seats"] for g in out["updated"]] == [1]  # the advert follows the lobby
    assert out["after_stop"] == [] and out["gone_after"] < 5  # the goodbye takes it off at once
    assert "Traceback" not in r.stderr


def test_a_namespace_without_a_working_interface_gives_a_problem_not_a_traceback() -> None:
    r = in_namespace(f'exec "$PY" {PROBE}')  # lo stays down: no interface takes multicast
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert not out["advertised"] and not out["browsing"] and out["found"] == []
    for problem in (out["advertiser_problem"], out["browser_problem"]):
        assert problem.startswith("discovery unavailable: ")
    assert "Traceback" not in r.stderr


HOST_FIND_JOIN = """
{setup}
"$PY" -m quacks host --seats remote,normal --bind 127.0.0.1 --lan-name "Ann's table" {lan} > host.out 2>&1 &
HOST=$!
for i in $(seq 100); do grep -q "{ready}" host.out 2>/dev/null && break; sleep 0.1; done
"$PY" -m quacks find --seconds 1.5 --interface 127.0.0.1 > find.out 2>&1; echo "find rc $?" >> find.out
{join}
echo "join rc $?"
wait $HOST
"""


def test_host_advertises_find_lists_it_and_the_join_key_joins(tmp_path: Path) -> None:
    join = ('QUACKS_HOME=guest "$PY" -m quacks join 127.0.0.1:47474 --name Bob '
            '--secret "$(sed -n "s/^join key: \\([^ ]*\\).*/\\1/p" host.out)"')
    script = HOST_FIND_JOIN.format(setup=f"cd {tmp_path} && {MULTICAST_LO}", lan="", ready="LAN:", join=join)
    r = in_namespace(script, home=tmp_path)
    host = (tmp_path / "host.out").read_text()
    found = (tmp_path / "find.out").read_text()
    assert "join rc 0" in r.stdout, r.stdout + r.stderr + host + found
    assert "LAN: advertised as Ann's table" in host
    assert re.search(r"^Ann's table at 127\.0\.0\.1:47474: 1 of 2 seats free, books all set 1, Quacks ", found, re.M)
    assert "cannot join" not in found and "find rc 0" in found
    secret = re.search(r"join secret: ([0-9a-f]{10})", host)
    assert secret is not None and secret.group(1) not in found  # the LAN never hears the secret
    assert "the game is over" in host and "Traceback" not in host + found + r.stderr


def test_with_discovery_off_find_says_so_and_the_room_code_joins(tmp_path: Path) -> None:
    join = ('QUACKS_HOME=guest "$PY" -m quacks join --name Bob '
            '"$(sed -n "s/^room code: \\(.*\\)/\\1/p" host.out)"')
    script = HOST_FIND_JOIN.format(setup=f"cd {tmp_path} && {MULTICAST_LO}", lan="--no-lan", ready="join key",
                                   join=join)
    r = in_namespace(script, home=tmp_path)
    host = (tmp_path / "host.out").read_text()
    found = (tmp_path / "find.out").read_text()
    assert "join rc 0" in r.stdout, r.stdout + r.stderr + host + found
    assert "LAN: advertised" not in host and "the game is over" in host
    assert "No games found" in found and "room code" in found and "find rc 1" in found


# --- in-process, no sockets


def test_the_txt_properties_hold_nothing_secret() -> None:
    props = advert_properties(advert(rules="0123456789abcdef" * 4))
    assert set(props) == {"v", "game", "rules", "free", "seats", "books", "host"}
    assert props["rules"] == "0123456789abcdef"
    assert all(len(k) + 1 + len(v.encode()) < 255 for k, v in props.items())


def test_a_found_service_reads_back_as_the_advert() -> None:
    a = advert()
    game = found_game("Ann's kitchen", ["fe80::1", "192.168.1.20"], 47474, advert_properties(a))
    assert game == FoundGame("Ann's kitchen", "Ann's kitchen", "192.168.1.20", 47474, 1, 3, "all set 1", 1, "0.1.0",
                             "ab" * 8)
    assert "Ann's kitchen at 192.168.1.20:47474: 1 of 3 seats free" in game.line()


@pytest.mark.parametrize("change", [
    {"free": "5"}, {"free": "2", "seats": "1"}, {"free": "-1"}, {"seats": "x"}, {"v": None}, {"host": "A\x07nn"},
    {"host": ""}, {"game": "x" * 41}, {"rules": "ab" * 9}, {"books": "\u202e" + "books"}, {"host": None},
])
def test_a_malformed_service_is_left_out(change: dict[str, str | None]) -> None:
    props: dict[str, str | None] = {**advert_properties(advert()), **change}
    assert found_game("x", ["192.168.1.20"], 47474, props) is None


def test_a_service_without_an_ipv4_address_or_a_port_is_left_out() -> None:
    props = advert_properties(advert())
    assert found_game("x", ["fe80::1"], 47474, props) is None
    assert found_game("x", ["192.168.1.20"], None, props) is None
    assert found_game("x", ["192.168.1.20"], 0, props) is None


def test_an_instance_name_is_one_dns_label() -> None:
    assert instance_name("ann.example") == "ann example"
    long = instance_name("Ä" * 40)
    assert len(long.encode()) <= 63 and long == "Ä" * 31
    assert instance_name("  ") == "Quacks"


def _no_multicast(interfaces: list[str] | None) -> discovery.Zeroconf:
    raise OSError(errno.ENODEV, "No such device")


def test_a_browser_and_an_advertiser_without_multicast_report_a_problem() -> None:
    browser = Browser(interfaces=["127.0.0.1"], make_zeroconf=_no_multicast)
    assert browser.start() is False
    assert browser.problem is not None and browser.problem.startswith("discovery unavailable: ")
    assert "multicast" in browser.problem
    assert browser.found() == []
    browser.stop()
    advertiser = Advertiser(advert(), interfaces=["127.0.0.1"], make_zeroconf=_no_multicast)
    assert advertiser.start() is False and advertiser.problem == browser.problem
    advertiser.update(0)  # nothing to update, nothing raised
    advertiser.stop()
    advertiser.stop()
    assert "room code" in discovery.nothing_found_text(browser.problem)
    assert "room code" in discovery.nothing_found_text(None)


def test_a_copy_without_zeroconf_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # import zeroconf raises ImportError
    with Browser() as browser:
        assert browser.problem == "discovery unavailable: this copy of the game was built without the zeroconf library"


def test_find_says_why_it_found_nothing(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(discovery, "_default_zeroconf", _no_multicast)
    assert main(["find", "--seconds", "0.1"]) == 1
    err = capsys.readouterr().err
    assert "No games found (discovery unavailable: no network interface here takes multicast" in err
    assert "room code" in err and "Traceback" not in err and err.count("\n") == 1
    assert main(["find", "--seconds", "0"]) == 2


def test_the_command_line_imports_no_zeroconf() -> None:
    code = "import sys, quacks.cli as c; c.build_parser(); print('zeroconf' in sys.modules)"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert r.stdout.strip() == "False", r.stderr

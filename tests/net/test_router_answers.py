"""The router way in's answers (issue 33 §4, quacks/net/router.py) with a stand-in for miniupnpc: they run
anywhere (the real router is asked in tests/net/test_router.py, in network namespaces)."""

from __future__ import annotations

import types
from typing import Any

import pytest

from quacks.net import router
from quacks.net.router import NO, UNKNOWN, YES, on_internet, open_port, worth_asking


class FakeUPnP:
    """What a router answers: ``found`` devices, ``external`` its address, ``refuse`` a sentence to refuse with."""

    found, external, refuse, lanaddr = 1, "11.22.33.1", "", "192.168.1.20"
    discoverdelay = 0

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def discover(self) -> int:
        return self.found

    def selectigd(self) -> str:
        return "http://192.168.1.1:5000/ctl/IPConn"

    def externalipaddress(self) -> str:
        return self.external

    def addportmapping(self, *args: Any) -> bool:
        self.calls.append(("add", *args))
        if self.refuse:
            raise Exception(self.refuse)  # noqa: TRY002 - as miniupnpc raises
        return True

    def deleteportmapping(self, *args: Any) -> bool:
        self.calls.append(("delete", *args))
        return True


def fake(**answers: Any) -> tuple[types.ModuleType, list[FakeUPnP]]:
    made: list[FakeUPnP] = []

    def upnp() -> FakeUPnP:
        u = FakeUPnP()
        for k, v in answers.items():
            setattr(u, k, v)
        made.append(u)
        return u

    module = types.ModuleType("miniupnpc")
    module.UPnP = upnp  # type: ignore[attr-defined]
    return module, made


def test_a_router_on_the_internet_opens_the_port_for_a_lease_and_closes_it() -> None:
    module, made = fake()
    answer, mapping = open_port(47474, module=module, lease=600)
    assert (answer.state, answer.external, answer.port) == (YES, "11.22.33.1", 47474)
    assert mapping is not None
    assert made[0].calls == [("add", 47474, "TCP", "192.168.1.20", 47474, router.DESCRIPTION, "", 600)]
    assert mapping.renew()
    mapping.close()
    assert made[0].calls[-1] == ("delete", 47474, "TCP")


@pytest.mark.parametrize("external", ["10.0.0.7", "192.168.0.2", "172.20.1.1", "100.72.3.4", "", "0.0.0.0"])
def test_a_router_whose_own_address_is_not_on_the_internet_is_no_way_in(external: str) -> None:
    module, made = fake(external=external)
    answer, mapping = open_port(47474, module=module)
    assert answer.state == NO and mapping is None
    assert "not on the internet" in answer.detail
    assert made[0].calls[-1] == ("delete", 47474, "TCP")  # the useless mapping is not left behind


def test_a_router_that_refuses_says_no_with_its_sentence() -> None:
    module, _made = fake(refuse="Action not authorized")
    answer, mapping = open_port(47474, module=module)
    assert (answer.state, mapping) == (NO, None)
    assert "Action not authorized" in answer.detail


def test_no_router_or_no_library_is_not_known(monkeypatch: pytest.MonkeyPatch) -> None:
    module, _made = fake(found=0)
    assert open_port(47474, module=module)[0].state == UNKNOWN
    monkeypatch.setattr(router, "library", lambda: None)
    answer, mapping = open_port(47474)
    assert (answer.state, mapping) == (UNKNOWN, None) and "missing" in answer.detail


def test_a_missing_library_is_logged_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real = builtins.__import__

    def no_miniupnpc(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "miniupnpc":
            raise ImportError("No module named 'miniupnpc'")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_miniupnpc)
    assert router.library() is None


def test_what_is_on_the_internet_and_when_to_ask(monkeypatch: pytest.MonkeyPatch) -> None:
    assert on_internet("11.22.33.1") and on_internet("2a00:1450::1")
    assert not any(on_internet(a) for a in ("100.64.0.1", "10.1.2.3", "192.0.2.1", "127.0.0.1", "router", ""))
    monkeypatch.delenv("QUACKS_NO_ROUTER", raising=False)
    assert worth_asking("0.0.0.0") and worth_asking("192.168.1.20")
    assert not worth_asking("127.0.0.1") and not worth_asking("::1") and not worth_asking("localhost")
    monkeypatch.setenv("QUACKS_NO_ROUTER", "1")
    assert not worth_asking("0.0.0.0")


def test_a_hosted_window_game_asks_its_router_and_shows_the_routers_code(tmp_path, monkeypatch) -> None:
    """NetLink (the window's host): the router's answer in its state, the room code carrying the router's address
    (the LAN's code kept), the port closed again with the room; nothing leaves loopback (open_port is a stand-in)."""
    import time

    from quacks.content.loader import default_catalogue
    from quacks.net import link as link_module
    from quacks.net.link import IN_LOBBY, NetLink
    from quacks.net.roomcode import read_code
    from quacks.net.router import RouterAnswer
    from quacks.rules.config import GameConfig
    from quacks.session.setup import HUMAN, REMOTE, SeatSpec

    closed: list[int] = []

    class Mapping:
        def renew(self) -> bool:
            return True

        def close(self) -> None:
            closed.append(1)

    monkeypatch.setattr(link_module, "worth_asking", lambda bind: True)
    monkeypatch.setattr(link_module, "open_port",
                        lambda port: (RouterAnswer(YES, "11.22.33.1", port, "opened"), Mapping()))
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE))
    host = NetLink(catalogue=default_catalogue(), save_path=tmp_path / "hosted.json")
    try:
        host.host(GameConfig(seats=("Ann", "Bob")), seats, bind="127.0.0.1", port=0, lan=False, router=True)
        end = time.monotonic() + 10
        while host.snapshot().router in ("", "asking") and time.monotonic() < end:
            time.sleep(0.01)
        st = host.snapshot()
        assert st.phase == IN_LOBBY and st.router == "yes"
        assert st.code == st.public_code and st.code is not None and st.lan_code != st.code
        code = read_code(st.code)
        assert (code.address, str(code.port)) == ("11.22.33.1", st.address.rsplit(":", 1)[1])
    finally:
        host.close()
    assert closed == [1]


def test_a_host_closed_while_its_router_is_asked_leaves_no_port_open(tmp_path, monkeypatch) -> None:
    """The window closes the game while the router is still being asked: the port it then opens is closed again
    at once (by the asking thread: the link's task is gone)."""
    import threading

    from quacks.content.loader import default_catalogue
    from quacks.net import link as link_module
    from quacks.net.link import IN_LOBBY, NetLink
    from quacks.net.router import RouterAnswer
    from quacks.rules.config import GameConfig
    from quacks.session.setup import HUMAN, REMOTE, SeatSpec

    asked, go, closed = threading.Event(), threading.Event(), threading.Event()

    class Mapping:
        def renew(self) -> bool:
            return True

        def close(self) -> None:
            closed.set()

    def slow_router(port: int) -> tuple[RouterAnswer, Mapping]:
        asked.set()
        go.wait(5)
        return RouterAnswer(YES, "11.22.33.1", port, "opened"), Mapping()

    monkeypatch.setattr(link_module, "worth_asking", lambda bind: True)
    monkeypatch.setattr(link_module, "open_port", slow_router)
    seats = (SeatSpec("Ann", "amber", HUMAN), SeatSpec("Bob", "teal", REMOTE))
    host = NetLink(catalogue=default_catalogue(), save_path=tmp_path / "hosted.json")
    try:
        host.host(GameConfig(seats=("Ann", "Bob")), seats, bind="127.0.0.1", port=0, lan=False, router=True)
        assert asked.wait(10)
        assert host.snapshot().router == "asking" and host.snapshot().phase == IN_LOBBY
    finally:
        host.close()
        go.set()
    assert closed.wait(5)

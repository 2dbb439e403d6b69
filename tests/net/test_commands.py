"""``python -m quacks host`` and ``join`` say in one line why they cannot start (issue 21, item 6)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from quacks.cli import main


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("QUACKS_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize(("args", "code", "says"), [
    (["host", "--seats", "normal,normal"], 2, "at least one remote"),
    (["host", "--seats", "remote,wizard"], 2, "--seats takes"),
    (["host", "--seats", "remote,normal", "--away-bot", "wizard"], 2, "--away-bot takes"),
    (["host", "--seats", "remote,normal", "--turn-clock", "-5"], 2, "--turn-clock takes 0"),
    (["host", "--seats", "remote,normal", "--turn-clock", "99999999"], 2, "--turn-clock takes 0"),
    (["host", "--resume"], 1, "no hosted game"),
    (["join", "127.0.0.1:1", "--bot", "wizard"], 2, "--bot takes"),
    (["join", "127.0.0.1:1", "--name", ""], 2, "--name"),
    (["join", "XZG0-001H-BBNT-Q9RT-4AGN"], 2, "code"),
])
def test_a_command_that_cannot_start_says_why(args: list[str], code: int, says: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == code
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and err.count("\n") <= 2


def test_a_port_in_use_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["host", "--seats", "remote,normal", "--bind", "127.0.0.1", "--port", str(port)]) == 1
    err = capsys.readouterr().err
    assert f"127.0.0.1:{port}" in err and "--port" in err


def test_a_host_nobody_answers_is_named(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from quacks.net.client import Client

    run = Client.run

    async def quick(self: Client, **_: object) -> object:
        return await run(self, retries=1, pause=0.01)

    monkeypatch.setattr(Client, "run", quick)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nobody listens once the socket is closed
    assert main(["join", f"127.0.0.1:{port}", "--secret", "00" * 5]) == 1
    assert "cannot be reached" in capsys.readouterr().err

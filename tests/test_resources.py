"""quacks.resources: the careful reader (every kind of file that is not an ordinary one is refused with a
sentence naming it) and where data, assets, the catalogues and the notices are found (a checkout, an
installed wheel's _resources, a frozen bundle's _MEIPASS, QUACKS_RESOURCES)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from quacks import resources
from quacks.resources import ReadError, read_bytes, read_text


def test_an_ordinary_file_is_read_within_its_limit(tmp_path: Path) -> None:
    p = tmp_path / "a.txt"
    p.write_bytes(b"\xef\xbb\xbfhello")
    assert read_text(p) == "hello"  # a byte-order mark is allowed
    assert read_bytes(p, limit=8) == b"\xef\xbb\xbfhello"
    with pytest.raises(ReadError) as e:
        read_bytes(p, limit=4)
    assert e.value.kind == "too-large" and str(p) in str(e.value)


@pytest.mark.parametrize(("make", "kind"), [
    (lambda p: None, "missing"),
    (lambda p: p.mkdir(), "not-a-file"),
    (lambda p: os.mkfifo(p), "not-a-file"),
    (lambda p: p.write_bytes(b"\xff\xfe not utf-8"), "unreadable"),
])
def test_what_is_not_an_ordinary_readable_file_is_refused(tmp_path: Path, make: object, kind: str) -> None:
    if kind == "not-a-file" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    p = tmp_path / "thing"
    make(p)  # type: ignore[operator]
    with pytest.raises(ReadError) as e:
        read_text(p)
    assert e.value.kind == kind and e.value.path == p and e.value.problem


def test_a_device_a_nul_in_the_name_and_no_permission(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        with pytest.raises(ReadError) as e:
            read_bytes("/dev/zero")
        assert e.value.kind == "not-a-file"
    with pytest.raises(ReadError) as e:
        read_bytes(str(tmp_path / "a\0b"))
    assert e.value.kind == "unreadable"
    if hasattr(os, "geteuid") and os.geteuid() != 0:  # root reads everything
        p = tmp_path / "secret"
        p.write_text("x", encoding="utf-8")
        p.chmod(0)
        with pytest.raises(ReadError) as e:
            read_bytes(p)
        assert e.value.kind == "unreadable" and e.value.problem


def test_a_file_that_grows_past_the_limit_while_it_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "growing"
    p.write_bytes(b"x" * 10)
    real_read = os.read
    monkeypatch.setattr(resources.os, "read", lambda fd, n: real_read(fd, n) or b"more and more")
    with pytest.raises(ReadError) as e:
        read_bytes(p, limit=20)
    assert e.value.kind == "too-large"


def test_a_read_error_on_the_open_file_is_unreadable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "f"
    p.write_bytes(b"data")

    def eio(fd: int, n: int) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(resources.os, "read", eio)
    with pytest.raises(ReadError) as e:
        read_bytes(p)
    assert e.value.kind == "unreadable" and "Input/output error" in e.value.problem


def test_the_resources_are_found_in_each_place_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = resources.resource_root()
    assert (here / "data" / "books").is_dir()
    assert resources.data_dir() == here / "data" and resources.assets_dir() == here / "assets"
    assert resources.asset("icons", "x.png") == here / "assets" / "icons" / "x.png"
    assert resources.notices_path().name == "THIRD_PARTY_NOTICES.md" and resources.license_path().name == "LICENSE"
    bundle = tmp_path / "bundle"
    (bundle / "data" / "books").mkdir(parents=True)
    (bundle / "quacks" / "locale").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert resources.resource_root() == bundle  # a frozen bundle's own copy first
    assert resources.locale_dir() == bundle / "quacks" / "locale"
    own = tmp_path / "own"
    (own / "data" / "books").mkdir(parents=True)
    monkeypatch.setenv("QUACKS_RESOURCES", str(own))
    assert resources.resource_root() == own  # the override before everything
    monkeypatch.setenv("QUACKS_RESOURCES", str(tmp_path / "empty"))
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path / "nowhere" / "quacks")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "empty"), raising=False)
    with pytest.raises(FileNotFoundError, match="cannot find the game data"):
        resources.resource_root()
    assert resources.locale_dir() == tmp_path / "nowhere" / "quacks" / "locale"  # where it should be

"""Room codes (quacks/net/roomcode.py): they round-trip, read forgivingly, and every single-character typo or
swap is caught by the check character; addresses typed by hand parse (issue 21)."""

from __future__ import annotations

import ipaddress
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quacks.net.roomcode import (
    ALPHABET,
    DEFAULT_PORT,
    SECRET_BYTES,
    RoomCode,
    looks_like_code,
    make_code,
    new_join_secret,
    parse_address,
    read_code,
)

ADDRESSES = st.one_of(
    st.integers(0, 2**16 - 1).map(lambda n: str(ipaddress.IPv4Address(0xC0A80000 + n))),  # 192.168.x.y
    st.integers(0, 2**24 - 1).map(lambda n: str(ipaddress.IPv4Address(0x0A000000 + n))),  # 10.x.y.z
    st.integers(0, 2**20 - 1).map(lambda n: str(ipaddress.IPv4Address(0xAC100000 + n))),  # 172.16-31.x.y
    st.integers(0, 2**32 - 1).map(lambda n: str(ipaddress.IPv4Address(n))),
)
PORTS = st.sampled_from([DEFAULT_PORT]) | st.integers(1, 65535)
SECRETS = st.binary(min_size=SECRET_BYTES, max_size=SECRET_BYTES)


def _chars(code: str) -> list[str]:
    return [c for c in code if c != "-"]


def _grouped(chars: list[str]) -> str:
    text = "".join(chars)
    return "-".join(text[i:i + 4] for i in range(0, len(text), 4))


@settings(max_examples=300, deadline=None)
@given(ADDRESSES, PORTS, SECRETS)
def test_a_code_round_trips(address: str, port: int, secret: bytes) -> None:
    code = make_code(address, port, secret)
    assert read_code(code) == RoomCode(address, port, secret)
    assert set(_chars(code)) <= set(ALPHABET)
    assert all(len(g) == 4 for g in code.split("-")[:-1]) and 1 <= len(code.split("-")[-1]) <= 4
    assert looks_like_code(code)


@settings(max_examples=200, deadline=None)
@given(ADDRESSES, PORTS, SECRETS, st.data())
def test_every_single_wrong_character_is_caught(address: str, port: int, secret: bytes, data: st.DataObject) -> None:
    chars = _chars(make_code(address, port, secret))
    i = data.draw(st.integers(0, len(chars) - 1))
    wrong = data.draw(st.sampled_from([c for c in ALPHABET if c != chars[i]]))
    chars[i] = wrong
    with pytest.raises(ValueError):
        read_code(_grouped(chars))


@settings(max_examples=200, deadline=None)
@given(ADDRESSES, PORTS, SECRETS, st.data())
def test_every_swap_of_two_characters_is_caught(address: str, port: int, secret: bytes, data: st.DataObject) -> None:
    chars = _chars(make_code(address, port, secret))
    i = data.draw(st.integers(0, len(chars) - 2))
    j = data.draw(st.sampled_from([i + 1, len(chars) - 1]) | st.integers(i + 1, len(chars) - 1))
    if chars[i] == chars[j]:
        return  # swapping equal characters changes nothing
    chars[i], chars[j] = chars[j], chars[i]
    with pytest.raises(ValueError):
        read_code(_grouped(chars))


def test_every_typo_of_one_code_exhaustively() -> None:
    """All 31 wrong values at every position, and every adjacent swap, of one code: none reads."""
    code = make_code("192.168.1.20", DEFAULT_PORT, bytes.fromhex("c0ffee0042"))
    chars = _chars(code)
    for i in range(len(chars)):
        for c in ALPHABET:
            if c != chars[i]:
                with pytest.raises(ValueError):
                    read_code("".join(chars[:i] + [c] + chars[i + 1:]))
        if i + 1 < len(chars) and chars[i] != chars[i + 1]:
            swapped = chars[:i] + [chars[i + 1], chars[i]] + chars[i + 2:]
            with pytest.raises(ValueError):
                read_code("".join(swapped))


def test_a_dropped_or_added_character_is_caught() -> None:
    chars = _chars(make_code("192.168.1.20", DEFAULT_PORT, bytes.fromhex("c0ffee0042")))
    for i in range(len(chars)):
        with pytest.raises(ValueError):
            read_code("".join(chars[:i] + chars[i + 1:]))
        for c in "07MZ":
            with pytest.raises(ValueError):
                read_code("".join(chars[:i] + [c] + chars[i:]))


def test_a_home_network_code_is_thirteen_characters_in_four_groups() -> None:
    code = make_code("192.168.178.33", DEFAULT_PORT, new_join_secret())
    assert len(_chars(code)) == 13 and code.count("-") == 3
    assert len(_chars(make_code("192.168.178.33", 8080, new_join_secret()))) > 13
    assert len(_chars(make_code("203.0.113.9", 8080, new_join_secret()))) <= 20


def test_reading_is_forgiving() -> None:
    secret = bytes.fromhex("0123456789")
    code = make_code("10.1.0.1", DEFAULT_PORT, secret)
    expected = read_code(code)
    assert expected == RoomCode("10.1.0.1", DEFAULT_PORT, secret)
    assert read_code(code.lower()) == expected
    assert read_code(code.replace("-", " ")) == expected
    assert read_code("  " + code.replace("-", "") + "  ") == expected
    assert read_code(code.replace("0", "O").replace("1", "l")) == expected
    assert read_code(code.replace("1", "I").lower().replace("0", "o")) == expected


@pytest.mark.parametrize(("text", "words"), [
    ("", "at least"),
    ("ABCD", "at least"),
    ("QK7F-2M9X-HD4U-T", "letter U"),
    ("QK7F-2M9X-HD4R-!", "only digits and letters"),
    ("QK7F-2M9X-HD4R-T" * 3, "longer than any"),
])
def test_a_mistyped_code_says_what_is_wrong_in_a_sentence(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as e:
        read_code(text)
    assert str(e.value).endswith(".")


def test_a_code_with_a_wrong_check_says_so() -> None:
    chars = _chars(make_code("192.168.1.20", DEFAULT_PORT, bytes(5)))
    chars[3] = "Z" if chars[3] != "Z" else "Y"
    with pytest.raises(ValueError, match="does not check out"):
        read_code("".join(chars))


@pytest.mark.parametrize(("address", "port", "secret"), [
    ("::1", DEFAULT_PORT, bytes(5)),
    ("quacks.example", DEFAULT_PORT, bytes(5)),
    ("192.168.1.300", DEFAULT_PORT, bytes(5)),
    ("192.168.1.3", 0, bytes(5)),
    ("192.168.1.3", 65536, bytes(5)),
    ("192.168.1.3", DEFAULT_PORT, bytes(4)),
    ("192.168.1.3", DEFAULT_PORT, bytes(6)),
])
def test_make_code_refuses_what_a_code_cannot_carry(address: str, port: int, secret: bytes) -> None:
    with pytest.raises(ValueError):
        make_code(address, port, secret)


def test_join_secrets_are_fresh() -> None:
    secrets = {new_join_secret() for _ in range(50)}
    assert len(secrets) == 50 and all(len(s) == SECRET_BYTES for s in secrets)


def test_an_address_is_not_taken_for_a_code() -> None:
    assert not looks_like_code("192.168.1.20:47474")
    assert not looks_like_code("[::1]:47474")
    assert not looks_like_code("localhost")  # code letters, but too short for a code
    assert not looks_like_code("raspberrypi.local")
    assert looks_like_code("qk7f 2m9x hd4r t")
    assert looks_like_code("QK7F-2M9X-HD4U-T")  # a U: still meant as a code, and read_code says what is wrong


@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.20", ("192.168.1.20", DEFAULT_PORT)),
    ("192.168.1.20:8080", ("192.168.1.20", 8080)),
    ("  quacks.local:47475 ", ("quacks.local", 47475)),
    ("localhost", ("localhost", DEFAULT_PORT)),
    ("[::1]:9000", ("::1", 9000)),
    ("[fe80::1]", ("fe80::1", DEFAULT_PORT)),
    ("fe80::1", ("fe80::1", DEFAULT_PORT)),
    ("::1", ("::1", DEFAULT_PORT)),
])
def test_parse_address(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "   ", "host:", "host:0", "host:65536", "host:http", ":47474", "a b:1",
                                  "[::1", "[::1]x", "[nothost]:1", "[::1]:", "host:+80", "host:٣٣", "1:2:3"])
def test_parse_address_refuses_with_a_sentence(text: str) -> None:
    with pytest.raises(ValueError) as e:
        parse_address(text)
    assert str(e.value).endswith(".")


def test_a_join_key_holds_the_secret_alone_and_catches_a_typo() -> None:
    from quacks.net.roomcode import join_key, read_join_key

    secret = bytes.fromhex("e2e842588e")
    key = join_key(secret)
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]", key)
    assert read_join_key(key) == secret and read_join_key(key.lower().replace("-", " ")) == secret
    assert read_join_key(make_code("192.168.1.20", 47474, secret)) == secret  # a whole room code does too
    bare = key.replace("-", "")
    for i in range(len(bare)):
        wrong = bare[:i] + ("1" if bare[i] != "1" else "2") + bare[i + 1:]
        with pytest.raises(ValueError, match="does not check out"):
            read_join_key(wrong)
    for i in range(len(bare) - 1):
        if bare[i] != bare[i + 1]:
            with pytest.raises(ValueError, match="does not check out"):
                read_join_key(bare[:i] + bare[i + 1] + bare[i] + bare[i + 2:])
    for bad, says in (("ABCD-EFGH", "9 characters"), ("UUUU-UUUU-U", "letter U"), ("ABCD-EFGH-!", "only digits")):
        with pytest.raises(ValueError, match=says):
            read_join_key(bad)


def test_join_secret_takes_a_join_key_or_hex() -> None:
    from quacks.net.commands import secret_hex
    from quacks.net.roomcode import join_key

    secret = bytes.fromhex("00ff10a0b1")
    assert secret_hex("00FF10A0B1") == secret_hex(join_key(secret)) == "00ff10a0b1"


# --- IPv6 codes (issue 33): told apart by length, three check characters (a CRC of 15 bits)

def _reachable6(n: int) -> bool:
    ip = ipaddress.IPv6Address(n)
    return not (ip.is_link_local or ip.is_unspecified or ip.is_multicast or ip.ipv4_mapped)


ADDRESSES6 = st.one_of(
    st.sampled_from(["::1", "fd00::2", "2001:db8::20", "2a02:8070:a:b:c:d:e:f", "64:ff9b::c0a8:102"]),
    st.integers(0, 2**125 - 1).map(lambda n: str(ipaddress.IPv6Address(0x2000 << 112 | n))),  # 2000::/3
    st.integers(0, 2**120 - 1).map(lambda n: str(ipaddress.IPv6Address(0xFD << 120 | n))),  # fd00::/8
    st.integers(0, 2**128 - 1).filter(_reachable6).map(lambda n: str(ipaddress.IPv6Address(n))),
)


@settings(max_examples=300, deadline=None)
@given(ADDRESSES6, PORTS, SECRETS)
def test_an_ipv6_code_round_trips_and_its_length_tells_it(address: str, port: int, secret: bytes) -> None:
    from quacks.net.roomcode import code_for, make_code6

    code = make_code6(address, port, secret)
    assert read_code(code) == RoomCode(address, port, secret)
    assert code_for(address, port, secret) == code
    assert len(_chars(code)) == (37 if port == DEFAULT_PORT else 40)
    assert set(_chars(code)) <= set(ALPHABET)
    assert all(len(g) == 4 for g in code.split("-")[:-1]) and 1 <= len(code.split("-")[-1]) <= 4
    assert looks_like_code(code) and looks_like_code(code.lower().replace("-", " "))


@settings(max_examples=300, deadline=None)
@given(ADDRESSES6, PORTS, SECRETS, st.data())
def test_every_single_wrong_character_of_an_ipv6_code_is_caught(address: str, port: int, secret: bytes,
                                                                 data: st.DataObject) -> None:
    from quacks.net.roomcode import make_code6

    chars = _chars(make_code6(address, port, secret))
    i = data.draw(st.integers(0, len(chars) - 1))
    chars[i] = data.draw(st.sampled_from([c for c in ALPHABET if c != chars[i]]))
    with pytest.raises(ValueError, match="does not check out"):
        read_code(_grouped(chars))


@settings(max_examples=300, deadline=None)
@given(ADDRESSES6, PORTS, SECRETS, st.data())
def test_every_swap_of_two_characters_of_an_ipv6_code_is_caught(address: str, port: int, secret: bytes,
                                                                data: st.DataObject) -> None:
    """Adjacent or far apart: 31 and more apart too, where one GF(32) check character would miss it."""
    from quacks.net.roomcode import make_code6

    chars = _chars(make_code6(address, port, secret))
    i = data.draw(st.integers(0, len(chars) - 2))
    last = len(chars) - 1
    j = data.draw(st.sampled_from([i + 1, last, min(i + 31, last)]) | st.integers(i + 1, last))
    if chars[i] == chars[j]:
        return  # swapping equal characters changes nothing
    chars[i], chars[j] = chars[j], chars[i]
    with pytest.raises(ValueError, match="does not check out"):
        read_code(_grouped(chars))


@settings(max_examples=200, deadline=None)
@given(ADDRESSES6, PORTS, SECRETS, st.data())
def test_any_mistake_within_three_neighbouring_characters_of_an_ipv6_code_is_caught(
        address: str, port: int, secret: bytes, data: st.DataObject) -> None:
    from quacks.net.roomcode import make_code6

    chars = _chars(make_code6(address, port, secret))
    i = data.draw(st.integers(0, len(chars) - 3))
    new = data.draw(st.lists(st.sampled_from(ALPHABET), min_size=3, max_size=3))
    if new == chars[i:i + 3]:
        return
    chars[i:i + 3] = new
    with pytest.raises(ValueError, match="does not check out"):
        read_code(_grouped(chars))


def test_every_typo_of_one_ipv6_code_exhaustively() -> None:
    """All 31 wrong values at every position, and every swap of two different characters: none reads."""
    from quacks.net.roomcode import make_code6

    for port in (DEFAULT_PORT, 9000):
        chars = _chars(make_code6("2001:db8:85a3::8a2e:370:7334", port, bytes.fromhex("c0ffee0042")))
        for i in range(len(chars)):
            for c in ALPHABET:
                if c != chars[i]:
                    with pytest.raises(ValueError):
                        read_code("".join(chars[:i] + [c] + chars[i + 1:]))
            for j in range(i + 1, len(chars)):
                if chars[i] != chars[j]:
                    swapped = list(chars)
                    swapped[i], swapped[j] = swapped[j], swapped[i]
                    with pytest.raises(ValueError):
                        read_code("".join(swapped))


def test_a_dropped_or_added_character_of_an_ipv6_code_is_caught_in_a_sentence() -> None:
    from quacks.net.roomcode import make_code6

    for port in (DEFAULT_PORT, 9000):
        chars = _chars(make_code6("fd00::2", port, bytes.fromhex("c0ffee0042")))
        for i in range(len(chars)):
            for changed in (chars[:i] + chars[i + 1:], chars[:i] + ["7"] + chars[i:]):
                assert looks_like_code("".join(changed)) == (len(changed) <= 40)
                with pytest.raises(ValueError) as e:
                    read_code("".join(changed))
                assert str(e.value).endswith(".") and "longer than any" in str(e.value)


def test_an_ipv6_code_is_read_as_forgivingly_and_gives_its_join_secret() -> None:
    from quacks.net.roomcode import join_key, make_code6, read_join_key

    secret = bytes.fromhex("0123456789")
    code = make_code6("2001:db8::10", 8080, secret)
    expected = RoomCode("2001:db8::10", 8080, secret)
    assert read_code(code.lower().replace("-", " ")) == expected
    assert read_code(code.replace("0", "O").replace("1", "l")) == expected
    assert read_join_key(code) == secret and read_join_key(join_key(secret)) == secret


@pytest.mark.parametrize(("address", "port", "secret", "says"), [
    ("fe80::1", DEFAULT_PORT, bytes(5), "link-local"),
    ("fe80::1%eth0", DEFAULT_PORT, bytes(5), "link-local"),
    ("::", DEFAULT_PORT, bytes(5), "every address"),
    ("ff02::1", DEFAULT_PORT, bytes(5), "multicast"),
    ("192.168.1.3", DEFAULT_PORT, bytes(5), "IPv6 address"),
    ("quacks.example", DEFAULT_PORT, bytes(5), "IPv6 address"),
    ("::1", 0, bytes(5), "port"),
    ("::1", 65536, bytes(5), "port"),
    ("::1", DEFAULT_PORT, bytes(4), "secret"),
    ("::ffff:192.168.1.2", DEFAULT_PORT, bytes(5), "IPv4"),
])
def test_make_code6_refuses_what_a_code_cannot_carry_in_a_sentence(address: str, port: int, secret: bytes,
                                                                  says: str) -> None:
    from quacks.net.roomcode import make_code6

    with pytest.raises(ValueError, match=says) as e:
        make_code6(address, port, secret)
    assert str(e.value).endswith(".")


def test_code_for_picks_the_form_by_the_family_and_ipv4_codes_are_as_before() -> None:
    from quacks.net.roomcode import code_for

    secret = bytes.fromhex("c0ffee0042")
    assert code_for("192.168.1.20", DEFAULT_PORT, secret) == make_code("192.168.1.20", DEFAULT_PORT, secret)
    assert len(_chars(code_for("::1", DEFAULT_PORT, secret))) == 37
    assert code_for("::ffff:192.168.1.20", DEFAULT_PORT, secret) == make_code("192.168.1.20", DEFAULT_PORT, secret)
    with pytest.raises(ValueError):
        code_for("quacks.example", DEFAULT_PORT, secret)


def test_lengths_between_the_two_forms_say_what_a_code_has() -> None:
    for n in (21, 30, 36, 38, 39):
        with pytest.raises(ValueError, match=r"IPv4 address \(20 characters at most\).*IPv6 address \(37 or 40\)"):
            read_code("7" * n)
    with pytest.raises(ValueError, match=r"longer than any room code \(41 characters\)"):
        read_code("7" * 41)
    assert not looks_like_code("7" * 41)

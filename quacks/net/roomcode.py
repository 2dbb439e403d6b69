"""Room codes: where a hosted match is and the secret to join it, short enough to read aloud (issue 21).

A room code carries the host's address (IPv4, or IPv6: issue 33), its port and a join secret of
:data:`SECRET_BYTES` bytes (40 bits), written in Crockford's base32 (digits and letters without I, L, O, U) with
check characters, in groups of four: ``QK7F-2M9X-HD4R-T``. Nothing but the code is needed to find the host: no
server, no lookup.

**IPv4 codes.** The bits, most significant first: 2 bits for the kind of address (0: 192.168.x.y, 16 bits follow;
1: 10.x.y.z, 24 bits; 2: 172.16-31.x.y, 20 bits; 3: any other IPv4 address, 32 bits), 1 bit set if the port is
not :data:`DEFAULT_PORT` (then 16 bits of port follow the address), the address bits, the port bits, the 40
secret bits, and zeros up to a whole character. So a home network's code (192.168.x.y, the default port) is
12 characters and the check: 13 to read out; the longest (a public address, another port) is 19 and the check.

The check character makes the weighted sum of all characters zero in GF(32) (the weight of the i-th data
character is a^(i+1) for a primitive element a, the check's is 1; every weight differs while a code has
fewer than 31 characters), so one wrong character, or any two characters swapped, is always caught.

**IPv6 codes** (:func:`make_code6`) are much longer, and their length alone tells them apart: 37 characters
(the default port) or 40 (another port), where an IPv4 code has 13 to 20. The bits: the 128 bits of the
address as they are (an IPv6 address has no common short forms worth a special case: a global address is a
provider's prefix and, often, a random half), the 16 bits of the port only in the 40-character form (so no flag
is needed), the 40 secret bits, zeros up to a whole character: 34 or 37 characters; then 3 check characters.

One GF(32) check character cannot guard 34 characters: its weights repeat after 31, and two characters 31
apart could be swapped unseen. So an IPv6 code ends in a CRC of 15 bits: the code's bits, read as a polynomial
over GF(2), are a multiple of p(x) = x^15 + x + 1, which is primitive. A wrong character changes them by
e(x)·x^(5m) (e non-zero, of degree below 5): p divides neither factor. Two different characters a, b swapped at
distance d change them by (a+b)(x)·x^(5m)·(x^(5d) + 1): p divides x^(5d) + 1 only if its order 32767 divides 5d,
never within a code. Any mistake within three neighbouring characters (a burst of at most 15 bits) is caught as
well, and a code mistyped at random passes one time in 32768 (an IPv4 code: one in 32). A dropped or added
character makes a length no code has.

Reading is forgiving: lower case, O for 0, I and L for 1, spaces and dashes are all accepted.

A *join key* is the join secret alone (8 characters and a check, ``7F2M-9XHD-C``): what a player types for a
game found on the LAN (issue 22), whose address discovery fills in without ever sending the secret.
"""

from __future__ import annotations

import ipaddress
import secrets
from dataclasses import dataclass

from . import DEFAULT_PORT  # defined in the package: the command line (arguments.py) reads it without this module

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford's base32
SECRET_BYTES = 5  # 40 bits: guessing online, at the host's rate limit, would take centuries
GROUP = 4  # characters per group as a code is shown

_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({ch.lower(): i for ch, i in list(_VALUE.items())})
_VALUE.update({"O": 0, "o": 0, "I": 1, "i": 1, "L": 1, "l": 1})
_IGNORED = frozenset(" -\t")

# (prefix of the network, bits of the host part) for each kind of address; kind 3 is any address
_KINDS: tuple[tuple[ipaddress.IPv4Network, int], ...] = (
    (ipaddress.IPv4Network("192.168.0.0/16"), 16),
    (ipaddress.IPv4Network("10.0.0.0/8"), 24),
    (ipaddress.IPv4Network("172.16.0.0/12"), 20),
    (ipaddress.IPv4Network("0.0.0.0/0"), 32),
)
_KIND_BITS, _FLAG_BITS, _PORT_BITS = 2, 1, 16

# IPv6 codes: characters in all -> whether the port is one of its own; the check characters; p(x) of the CRC
_V6_LENGTHS = {37: False, 40: True}
_V6_CHECK = 3
_V6_POLY = 1 << 15 | 1 << 1 | 1  # x^15 + x + 1
_V6_BITS = 128


@dataclass(frozen=True)
class RoomCode:
    """What a room code says: the host's address (IPv4 dotted, or IPv6 as ``ipaddress`` writes it, ``fd00::2``),
    its port and the join secret."""

    address: str
    port: int
    secret: bytes


def new_join_secret() -> bytes:
    """A fresh join secret (from the system's random source)."""
    return secrets.token_bytes(SECRET_BYTES)


# --- GF(32), modulus x^5 + x^2 + 1 (primitive: x generates every non-zero element)


def _gf_mul(a: int, b: int) -> int:
    out = 0
    while b:
        if b & 1:
            out ^= a
        b >>= 1
        a <<= 1
        if a & 0x20:
            a ^= 0b100101
    return out


def _check_value(values: list[int]) -> int:
    """The check value of data values: the sum of a^(i+1) * v_i (so with the check, weight 1, the sum is 0)."""
    total, weight = 0, 1
    for v in values:
        weight = _gf_mul(weight, 2)
        total ^= _gf_mul(weight, v)
    return total


# --- making and reading


def _check_port_and_secret(port: int, secret: bytes) -> None:
    if not 1 <= port <= 65535:
        raise ValueError(f"A port is a number from 1 to 65535, not {port}.")
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"A join secret has {SECRET_BYTES} bytes, not {len(secret)}.")


def _pack(fields: list[tuple[int, int]]) -> list[int]:
    """The 5-bit values of ``fields`` ((value, bits), most significant first), zeros up to a whole character."""
    number, bits = 0, 0
    for value, width in fields:
        number = number << width | value
        bits += width
    chars = -(-bits // 5)
    number <<= chars * 5 - bits  # zeros up to a whole character
    return [number >> (5 * (chars - 1 - i)) & 31 for i in range(chars)]


def _number(values: list[int]) -> int:
    number = 0
    for v in values:
        number = number << 5 | v
    return number


def _shown(values: list[int]) -> str:
    """Values as a code is shown: its characters in groups of :data:`GROUP`."""
    text = "".join(ALPHABET[v] for v in values)
    return "-".join(text[i:i + GROUP] for i in range(0, len(text), GROUP))


def make_code(address: str, port: int, secret: bytes) -> str:
    """The room code of a host at ``address`` (dotted IPv4) and ``port`` with the join secret ``secret`` (an IPv6
    address: :func:`make_code6`; either: :func:`code_for`)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        raise ValueError(f"A room code holds an IPv4 address such as 192.168.1.20, not {address[:60]!r}.") from None
    _check_port_and_secret(port, secret)
    kind = next(k for k, (net, _bits) in enumerate(_KINDS) if ip in net)
    host_bits = _KINDS[kind][1]
    other_port = port != DEFAULT_PORT
    fields = [(kind, _KIND_BITS), (int(other_port), _FLAG_BITS), (int(ip) & ((1 << host_bits) - 1), host_bits)]
    if other_port:
        fields.append((port, _PORT_BITS))
    fields.append((int.from_bytes(secret, "big"), 8 * SECRET_BYTES))
    values = _pack(fields)
    values.append(_check_value(values))
    return _shown(values)


def _polymod(number: int) -> int:
    """The remainder of ``number``, read as a polynomial over GF(2), divided by x^15 + x + 1."""
    top = _V6_POLY.bit_length()
    while number.bit_length() >= top:
        number ^= _V6_POLY << (number.bit_length() - top)
    return number


def _v6_problem(ip: ipaddress.IPv6Address) -> str | None:
    """Why an IPv6 room code cannot hold ``ip`` (a sentence), or None: the address must reach the host from
    another computer by itself."""
    if ip.scope_id or ip.is_link_local:
        return (f"A link-local address such as {str(ip)[:60]} works only with its network interface, which a room "
                "code cannot carry; give the host's global IPv6 address.")
    if ip.is_unspecified:
        return ":: means every address of a computer; a room code holds one address of the host."
    if ip.is_multicast:
        return f"{str(ip)[:60]} is a multicast address, not a host's."
    if ip.ipv4_mapped is not None:
        return f"{str(ip)[:60]} is the IPv4 address {ip.ipv4_mapped}: its room code is an IPv4 one."
    return None


def make_code6(address: str, port: int, secret: bytes) -> str:
    """The IPv6 room code (37 or 40 characters, see the module) of a host at the IPv6 ``address`` and ``port`` with
    the join secret ``secret``. ValueError with a sentence for an address no code can carry (a link-local one
    needs its interface, ``::`` is every address)."""
    try:
        ip = ipaddress.IPv6Address(address)
    except ValueError:
        raise ValueError(f"An IPv6 room code holds an IPv6 address such as 2001:db8::20, not "
                         f"{address[:60]!r}.") from None
    problem = _v6_problem(ip)
    if problem:
        raise ValueError(problem)
    _check_port_and_secret(port, secret)
    fields = [(int(ip), _V6_BITS)]
    if port != DEFAULT_PORT:
        fields.append((port, _PORT_BITS))
    fields.append((int.from_bytes(secret, "big"), 8 * SECRET_BYTES))
    values = _pack(fields)
    crc = _polymod(_number(values) << 5 * _V6_CHECK)
    values += [crc >> 5 * (_V6_CHECK - 1 - i) & 31 for i in range(_V6_CHECK)]
    return _shown(values)


def code_for(address: str, port: int, secret: bytes) -> str:
    """The room code of a host at ``address`` of either family: the IPv4 form for an IPv4 address, the IPv6 form
    for an IPv6 one (an IPv4 address written as IPv6, ``::ffff:192.168.1.20``, the IPv4 form). ValueError with a
    sentence for a host name or an address no code can carry."""
    if ":" in address:
        try:
            mapped = ipaddress.IPv6Address(address).ipv4_mapped
        except ValueError:
            mapped = None
        return make_code6(address, port, secret) if mapped is None else make_code(str(mapped), port, secret)
    return make_code(address, port, secret)


def _length(kind: int, other_port: bool) -> int:
    """Data characters of a code of this kind of address, with or without a port of its own."""
    bits = _KIND_BITS + _FLAG_BITS + _KINDS[kind][1] + (_PORT_BITS if other_port else 0) + 8 * SECRET_BYTES
    return -(-bits // 5)


def _values(text: str, what: str) -> list[int]:
    """The 5-bit values of a typed code or key (``what``: "room code", "join key"), read forgivingly; ValueError
    with a sentence for a character that is none of them."""
    values: list[int] = []
    for ch in text:
        if ch in _IGNORED:
            continue
        v = _VALUE.get(ch)
        if v is None:
            if ch in "uU":
                raise ValueError(f"{what[0].upper()}{what[1:]}s never use the letter U: check that character.")
            if what != "room code":
                raise ValueError("A join key has only digits and letters, such as 7F2M-9XHD-C.")
            shown = repr(ch) if ch.isprintable() and not ch.isspace() else f"U+{ord(ch):04X}"
            raise ValueError(f"A room code has only digits and letters; {shown} is not one of them.")
        values.append(v)
    return values


_NO_CHECK = ("This room code does not check out: a character is wrong or two are swapped. "
             "Compare it with the host's, character by character.")


def read_code(code: str) -> RoomCode:
    """What a room code says (IPv4 or IPv6, told apart by length); ValueError with a sentence for the player if it
    is mistyped."""
    values = _values(code, "room code")
    if len(values) in _V6_LENGTHS:
        return _read_v6(values)
    shortest = min(_length(k, False) for k in range(len(_KINDS))) + 1
    longest = _length(len(_KINDS) - 1, True) + 1
    if len(values) < shortest:
        raise ValueError(f"A room code has at least {shortest} characters; this one has {len(values)}.")
    if len(values) > max(_V6_LENGTHS):
        raise ValueError(f"This is longer than any room code ({len(values)} characters).")
    if len(values) > longest:
        lengths = " or ".join(str(n) for n in sorted(_V6_LENGTHS))
        raise ValueError(f"This is longer than any room code for an IPv4 address ({longest} characters at most) "
                         f"but not one for an IPv6 address ({lengths}): it has {len(values)}.")
    data, check = values[:-1], values[-1]
    if _check_value(data) != check:
        raise ValueError(_NO_CHECK)
    kind, other_port = data[0] >> 3, bool(data[0] >> 2 & 1)
    expected = _length(kind, other_port)
    if len(data) != expected:
        raise ValueError(f"This room code should have {expected + 1} characters, not {len(values)}: "
                         "one is missing or one too many.")
    number = _number(data)
    pad = len(data) * 5 - (_KIND_BITS + _FLAG_BITS + _KINDS[kind][1] + (_PORT_BITS if other_port else 0)
                           + 8 * SECRET_BYTES)
    if number & ((1 << pad) - 1):
        raise ValueError("This is not a room code: its last characters do not fit together.")
    number, secret, port = _secret_and_port(number >> pad, other_port)
    net, host_bits = _KINDS[kind]
    address = ipaddress.IPv4Address(int(net.network_address) | number & ((1 << host_bits) - 1))
    return RoomCode(str(address), port, secret)


def _secret_and_port(number: int, other_port: bool) -> tuple[int, bytes, int]:
    """A code's number without its padding, read from its end: the join secret, then the port if the code has
    one of its own; (what is left, the address's bits; the secret; the port)."""
    secret = (number & ((1 << 8 * SECRET_BYTES) - 1)).to_bytes(SECRET_BYTES, "big")
    number >>= 8 * SECRET_BYTES
    port = DEFAULT_PORT
    if other_port:
        port = number & 0xFFFF
        number >>= _PORT_BITS
        if port == 0 or port == DEFAULT_PORT:
            raise ValueError("This is not a room code: the port it holds cannot be.")
    return number, secret, port


def _read_v6(values: list[int]) -> RoomCode:
    """What an IPv6 room code's values say (their number is one of ``_V6_LENGTHS``)."""
    other_port = _V6_LENGTHS[len(values)]
    number = _number(values)
    if _polymod(number):
        raise ValueError(_NO_CHECK)
    number >>= 5 * _V6_CHECK
    pad = (len(values) - _V6_CHECK) * 5 - (_V6_BITS + (_PORT_BITS if other_port else 0) + 8 * SECRET_BYTES)
    if number & ((1 << pad) - 1):
        raise ValueError("This is not a room code: its last characters do not fit together.")
    number, secret, port = _secret_and_port(number >> pad, other_port)
    ip = ipaddress.IPv6Address(number)
    if _v6_problem(ip):
        raise ValueError("This is not a room code: the address it holds cannot be a host's.")
    return RoomCode(str(ip), port, secret)


def join_key(secret: bytes) -> str:
    """The join secret alone, to type for a game found on the LAN (discovery.py advertises no secret): its 40
    bits as 8 characters of the code's alphabet and a check character, ``7F2M-9XHD-C``."""
    if len(secret) != SECRET_BYTES:
        raise ValueError(f"A join secret has {SECRET_BYTES} bytes, not {len(secret)}.")
    number = int.from_bytes(secret, "big")
    values = [number >> (5 * (7 - i)) & 31 for i in range(8)]
    values.append(_check_value(values))
    return _shown(values)


def read_join_key(text: str) -> bytes:
    """The join secret a join key (or a whole room code) holds; ValueError with a sentence if it is mistyped.
    Read as forgivingly as a code."""
    values = _values(text, "join key")
    if len(values) != 9:
        if looks_like_code(text):
            return read_code(text).secret
        raise ValueError(f"A join key has 9 characters, such as 7F2M-9XHD-C; this one has {len(values)}.")
    if _check_value(values[:-1]) != values[-1]:
        raise ValueError("This join key does not check out: a character is wrong or two are swapped.")
    return _number(values[:-1]).to_bytes(SECRET_BYTES, "big")


def looks_like_code(text: str) -> bool:
    """Whether ``text`` is written like a room code: only its characters (and spaces or dashes), from as many as
    the shortest IPv4 code has to as many as the longest IPv6 code (a code a character short or long is read as
    a code, and ``read_code`` says what is wrong). A join box reads such a text as a code and anything else as an
    address (a host name of 13 to 40 code letters and digits is taken for a code: its port, ``name:47474``,
    makes it an address)."""
    stripped = [ch for ch in text if ch not in _IGNORED]
    shortest = min(_length(k, False) for k in range(len(_KINDS))) + 1
    return shortest <= len(stripped) <= max(_V6_LENGTHS) and all(ch in _VALUE or ch in "uU" for ch in stripped)


def parse_address(text: str) -> tuple[str, int]:
    """(host, port) of ``host:port``, ``[v6]:port``, ``host`` or ``[v6]`` (the port :data:`DEFAULT_PORT` if not
    given); a bare IPv6 address (two or more colons, no brackets) has no port. ValueError with a sentence."""
    text = text.strip()
    if not text:
        raise ValueError("Type the host's address, such as 192.168.1.20 or 192.168.1.20:47474.")
    if any(ch.isspace() for ch in text):
        raise ValueError("An address has no spaces.")
    port_text: str | None = None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise ValueError("An IPv6 address in brackets needs its closing bracket: [::1]:47474.")
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError("After the bracketed address comes a colon and the port: [::1]:47474.")
            port_text = rest[1:]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host[:60]!r} in brackets is not an IPv6 address.") from None
    elif text.count(":") >= 2:
        host = text  # a bare IPv6 address
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"{host[:60]!r} is not an address; write an IPv6 address with a port as "
                             "[::1]:47474.") from None
    elif ":" in text:
        host, port_text = text.split(":")
    else:
        host = text
    if not host:
        raise ValueError("The address is missing before the port.")
    if len(host) > 253:
        raise ValueError("That address is too long to be a host name.")
    port = DEFAULT_PORT
    if port_text is not None:
        if not (port_text.isascii() and port_text.isdigit()) or len(port_text) > 5:
            raise ValueError(f"A port is a number from 1 to 65535, not {port_text[:20]!r}.")
        port = int(port_text)
        if not 1 <= port <= 65535:
            raise ValueError(f"A port is a number from 1 to 65535, not {port}.")
    return host, port


__all__ = ["DEFAULT_PORT", "SECRET_BYTES", "RoomCode", "code_for", "join_key", "looks_like_code", "make_code",
           "make_code6", "new_join_secret", "parse_address", "read_code", "read_join_key"]

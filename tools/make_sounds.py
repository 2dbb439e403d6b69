"""Synthesise the game's sound effects into ``assets/sounds/`` (16-bit mono 44.1 kHz WAV).

Pure Python (``math``, ``struct``, ``wave``, ``random`` with fixed seeds): every sound is built from damped
sine modes (wood, coins, glass), filtered noise (cloth, hiss, the burst) and additive tones (the cues). Each
sound has its own seed, so changing one leaves the others' bytes alone, and a run always writes the same files.

Every sound is finished the same way: a DC blocker, a raised-cosine fade in and out (no clicks), a correction
that makes the mean exactly zero, and peak normalisation to -3 dBFS.

    python3 tools/make_sounds.py               # writes assets/sounds/*.wav and prints a table
    python3 tools/make_sounds.py --out DIR     # somewhere else
    python3 tools/make_sounds.py --envelopes   # also a coarse text envelope of each sound (25 ms frames)
    python3 tools/make_sounds.py place ruby    # only these
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path

SR = 44100
PEAK_DB = -3.0
PEAK = 10 ** (PEAK_DB / 20)  # 0.708 of full scale
FULL = 32767
TAU = 2 * math.pi
ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"

Signal = list[float]


# ---------------------------------------------------------------- building blocks


def samples(dur: float) -> int:
    return int(round(dur * SR))


def silence(dur: float) -> Signal:
    return [0.0] * samples(dur)


def mix(into: Signal, sig: Sequence[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``sig`` into ``into`` starting at ``at`` seconds (cut at the end of ``into``)."""
    start = samples(at)
    n = min(len(sig), len(into) - start)
    for i in range(max(0, n)):
        into[start + i] += gain * sig[i]


def noise(rng: random.Random, dur: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(samples(dur))]


def mode(freq: float, decay: float, dur: float, amp: float = 1.0, attack: float = 0.0) -> Signal:
    """A damped sine (one resonance of a struck object); it starts at phase 0, so at zero.

    ``attack`` (s) softens the onset with a short linear rise.
    """
    n = samples(dur)
    w = TAU * freq / SR
    k = math.exp(-1.0 / (decay * SR))
    a_n = max(1, samples(attack))
    out = [0.0] * n
    g = amp
    for i in range(n):
        rise = i / a_n if i < a_n else 1.0
        out[i] = g * rise * math.sin(w * i)
        g *= k
    return out


def modes(parts: Sequence[tuple[float, float, float]], dur: float, attack: float = 0.0) -> Signal:
    """Sum of ``(freq, decay, amp)`` modes; partials above 18 kHz are left out (no aliasing)."""
    out = [0.0] * samples(dur)
    for f, d, a in parts:
        if f < 18000:
            mix(out, mode(f, d, dur, a, attack))
    return out


def envelope(sig: Signal, attack: float, decay: float, delay: float = 0.0) -> Signal:
    """Multiply by a linear rise of ``attack`` s after ``delay`` s, then an exponential decay (time constant)."""
    d0 = samples(delay)
    a_n = max(1, samples(attack))
    k = math.exp(-1.0 / (decay * SR))
    g = 1.0
    out = [0.0] * len(sig)
    for i, x in enumerate(sig):
        j = i - d0
        if j < 0:
            continue
        if j < a_n:
            out[i] = x * j / a_n
        else:
            out[i] = x * g
            g *= k
    return out


def hann(sig: Signal) -> Signal:
    n = len(sig)
    if n < 2:
        return [0.0] * n
    return [x * (0.5 - 0.5 * math.cos(TAU * i / (n - 1))) for i, x in enumerate(sig)]


def biquad(x: Signal, b0: float, b1: float, b2: float, a0: float, a1: float, a2: float) -> Signal:
    b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
    x1 = x2 = y1 = y2 = 0.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        y = b0 * v + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, v, y1, y
        out[i] = y
    return out


def _rbj(f: float, q: float) -> tuple[float, float, float]:
    w0 = TAU * min(f, SR * 0.45) / SR
    return math.cos(w0), math.sin(w0) / (2 * q), w0


def lowpass(x: Signal, f: float, q: float = 0.707) -> Signal:
    c, alpha, _ = _rbj(f, q)
    return biquad(x, (1 - c) / 2, 1 - c, (1 - c) / 2, 1 + alpha, -2 * c, 1 - alpha)


def highpass(x: Signal, f: float, q: float = 0.707) -> Signal:
    c, alpha, _ = _rbj(f, q)
    return biquad(x, (1 + c) / 2, -(1 + c), (1 + c) / 2, 1 + alpha, -2 * c, 1 - alpha)


def bandpass(x: Signal, f: float, q: float = 1.0) -> Signal:
    """Constant 0 dB peak gain band-pass."""
    c, alpha, _ = _rbj(f, q)
    return biquad(x, alpha, 0.0, -alpha, 1 + alpha, -2 * c, 1 - alpha)


def sweep_lowpass(x: Signal, f_start: float, f_end: float, time: float, q: float = 0.6) -> Signal:
    """A state-variable low-pass whose cutoff glides exponentially from ``f_start`` to ``f_end`` in ``time`` s."""
    out = [0.0] * len(x)
    ic1 = ic2 = 0.0
    k = 1.0 / q
    ratio = f_end / f_start
    t_n = samples(time)
    for i, v in enumerate(x):
        f = f_start * ratio ** min(1.0, i / t_n)
        g = math.tan(math.pi * f / SR)
        a1 = 1.0 / (1.0 + g * (g + k))
        a2 = g * a1
        a3 = g * a2
        v3 = v - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2 * v1 - ic1
        ic2 = 2 * v2 - ic2
        out[i] = v2
    return out


def burst(rng: random.Random, dur: float, lp: float) -> Signal:
    """A short Hann-windowed, low-passed noise burst: the contact transient of a hit."""
    return hann(lowpass(noise(rng, dur), lp))


def finish(x: Signal, fade_in: float, fade_out: float) -> Signal:
    """DC blocker, raised-cosine fades, exact zero mean, peak at -3 dBFS."""
    r = math.exp(-TAU * 20.0 / SR)  # 20 Hz one-pole DC blocker
    prev_x = prev_y = 0.0
    y = [0.0] * len(x)
    for i, v in enumerate(x):
        prev_y = v - prev_x + r * prev_y
        prev_x = v
        y[i] = prev_y
    n = len(y)
    fi, fo = max(1, samples(fade_in)), max(1, samples(fade_out))
    fade = [1.0] * n
    for i in range(min(fi, n)):
        fade[i] = 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(min(fo, n)):
        fade[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    # remove what is left of the mean under the fade window, so sum(fade * (y - c)) == 0
    c = sum(f * v for f, v in zip(fade, y, strict=True)) / sum(fade)
    y = [f * (v - c) for f, v in zip(fade, y, strict=True)]
    peak = max(abs(v) for v in y) or 1.0
    return [v * PEAK / peak for v in y]


# ---------------------------------------------------------------- the sounds


def wood_hit(rng: random.Random, dur: float, pitch: float = 1.0, body: float = 1.0, ring: float = 1.0) -> Signal:
    """A small wooden piece striking a wooden board: a contact transient, the piece's modes, the board's body."""
    out = [0.0] * samples(dur)
    mix(out, burst(rng, 0.003, 5000 * pitch), gain=0.5)
    piece = [(1150, 0.030, 0.9), (1870, 0.022, 0.7), (3050, 0.014, 0.45), (4420, 0.009, 0.3)]
    parts = [(f * pitch * rng.uniform(0.97, 1.03), d * ring, a * rng.uniform(0.85, 1.1)) for f, d, a in piece]
    parts += [(210, 0.028, 0.55 * body), (470, 0.020, 0.35 * body)]
    mix(out, modes(parts, dur, attack=0.0006))
    return out


def make_place(rng: random.Random) -> Signal:
    dur = 0.16
    out = silence(dur)
    mix(out, wood_hit(rng, dur))
    mix(out, wood_hit(rng, dur - 0.016, pitch=1.04, body=0.4), at=0.016, gain=0.22)  # a tiny bounce
    return finish(out, 0.0015, 0.05)


def make_white(rng: random.Random) -> Signal:
    """Higher and tenser than ``place``: shorter body, a thin ring on top, a quicker double tap."""
    dur = 0.18
    out = silence(dur)
    mix(out, wood_hit(rng, dur, pitch=1.32, body=0.45, ring=0.8))
    mix(out, modes([(3320, 0.055, 0.22), (5150, 0.03, 0.08)], dur, attack=0.001))  # the tense ring
    mix(out, wood_hit(rng, dur - 0.011, pitch=1.36, body=0.2, ring=0.7), at=0.011, gain=0.3)
    return finish(out, 0.0015, 0.06)


def make_draw(rng: random.Random) -> Signal:
    """Cloth rustle: many short noise grains, densest in the middle, band-passed and softened."""
    dur = 0.34
    grains = silence(dur)
    for _ in range(70):
        t = 0.02 + 0.28 * rng.betavariate(2.0, 2.6)
        g = noise(rng, rng.uniform(0.003, 0.014))
        mix(grains, hann(g), at=t, gain=rng.uniform(0.25, 1.0))
    rustle = lowpass(bandpass(grains, 2200, 0.55), 5000)
    bed = envelope(bandpass(noise(rng, dur), 1400, 0.7), 0.06, 0.09, delay=0.02)
    out = silence(dur)
    mix(out, rustle)
    mix(out, bed, gain=0.25)
    # the chip brushing past another chip on its way out, very faint
    mix(out, modes([(2350, 0.008, 0.12), (3900, 0.005, 0.07)], 0.04, attack=0.0008), at=0.17)
    return finish(out, 0.008, 0.06)


def make_explosion(rng: random.Random) -> Signal:
    """A muffled pot burst: a low thump gliding down, a dark noise burst, two bubbles, then a short soft hiss.

    The thump is gently saturated so that its overtones (200-800 Hz) carry it on small laptop speakers,
    which play little below 200 Hz; the top is rolled off at 6 kHz so nothing is harsh.
    """
    dur = 0.62
    out = silence(dur)
    # the thump: a sine gliding 210 -> 62 Hz, softly saturated
    n = samples(0.45)
    phase = 0.0
    thump = [0.0] * n
    for i in range(n):
        t = i / SR
        f = 62 + 148 * math.exp(-t / 0.06)
        phase += TAU * f / SR
        thump[i] = math.tanh(2.2 * math.sin(phase)) / math.tanh(2.2)
    mix(out, envelope(thump, 0.006, 0.11), gain=0.7)
    # the burst: noise through a low-pass closing from 3 kHz to 320 Hz
    body = sweep_lowpass(noise(rng, 0.6), 3000, 320, 0.4, q=0.9)
    mix(out, envelope(body, 0.005, 0.11), gain=1.5)
    # two bubbles (rising blips) as the brew settles
    for at, f0, g in ((0.17, 260, 0.2), (0.28, 340, 0.13)):
        m = samples(0.05)
        ph = 0.0
        blip = [0.0] * m
        for i in range(m):
            ph += TAU * f0 * (1 + 1.1 * i / m) / SR
            blip[i] = math.sin(ph)
        mix(out, hann(blip), at=at, gain=g)
    # the hiss: steam, band-passed high, soft, short
    hiss = envelope(bandpass(noise(rng, dur - 0.06), 4200, 0.8), 0.07, 0.17)
    mix(out, hiss, at=0.06, gain=0.2)
    return finish(lowpass(out, 6000), 0.004, 0.14)


def make_die(rng: random.Random) -> Signal:
    """A die tumbling on wood: bounces closer and softer, rolling noise between, a last rattle."""
    dur = 0.55
    out = silence(dur)
    hits = [(0.0, 1.0), (0.092, 0.68), (0.168, 0.6), (0.232, 0.46), (0.285, 0.4), (0.328, 0.3), (0.362, 0.24),
            (0.389, 0.2), (0.407, 0.12), (0.419, 0.08)]
    for at, amp in hits:
        at += rng.uniform(-0.004, 0.004) if at else 0.0
        h = silence(0.08)
        mix(h, burst(rng, 0.002, 7000), gain=0.4)
        parts = [(rng.uniform(1900, 2500), 0.016, 0.8), (rng.uniform(3300, 4000), 0.011, 0.55),
                 (rng.uniform(5200, 6100), 0.007, 0.3), (rng.uniform(260, 340), 0.022, 0.45)]
        mix(h, modes(parts, 0.08, attack=0.0005))
        mix(out, h, at=max(0.0, at), gain=amp)
    roll = envelope(bandpass(noise(rng, 0.42), 1700, 0.9), 0.02, 0.2, delay=0.01)
    mix(out, roll, gain=0.07)
    return finish(out, 0.0015, 0.08)


def coin(rng: random.Random, dur: float, base: float, bright: float = 1.0) -> Signal:
    """A struck coin: a chink transient and a handful of inharmonic, ringing partials."""
    out = [0.0] * samples(dur)
    mix(out, hann(highpass(noise(rng, 0.002), 3500)), gain=0.35 * bright)
    ratios = [(1.0, 0.22, 0.7), (1.48, 0.16, 0.55), (2.09, 0.11, 0.45), (2.61, 0.08, 0.35), (3.27, 0.05, 0.2)]
    parts = [(base * r * rng.uniform(0.99, 1.01), d, a * (bright if r > 2 else 1.0)) for r, d, a in ratios]
    mix(out, modes(parts, dur, attack=0.0008))
    return out


def make_coins(rng: random.Random) -> Signal:
    """A few coins set down on the table, one after the other."""
    dur = 0.62
    out = silence(dur)
    for at, base, g in ((0.0, 2650, 1.0), (0.075, 3050, 0.75), (0.14, 2400, 0.8), (0.215, 2850, 0.5)):
        mix(out, coin(rng, dur - at, base), at=at, gain=g)
    return finish(lowpass(out, 11000), 0.0015, 0.12)


def make_shop(rng: random.Random) -> Signal:
    """Buying: a pouch thudding on the counter and a muffled jingle of coins inside it."""
    dur = 0.6
    out = silence(dur)
    thud = silence(0.2)
    mix(thud, envelope(lowpass(noise(rng, 0.2), 380), 0.004, 0.05), gain=1.3)
    mix(thud, modes([(115, 0.05, 0.7), (190, 0.03, 0.3)], 0.2, attack=0.002))
    mix(out, thud)
    jingle = silence(dur)
    t = 0.025
    for i in range(7):
        mix(jingle, coin(rng, dur - t, rng.uniform(2300, 3300), bright=0.6), at=t, gain=0.75 * 0.82 ** i)
        t += rng.uniform(0.022, 0.045)
    mix(out, lowpass(jingle, 5500), gain=0.9)
    cloth = envelope(bandpass(noise(rng, 0.25), 2200, 0.6), 0.01, 0.06)
    mix(out, cloth, gain=0.12)
    return finish(out, 0.002, 0.12)


def make_ruby(rng: random.Random) -> Signal:
    """A bright glassy chime: a bell-like glass partial set, then a second, higher one; slow shimmer."""
    dur = 0.76
    out = silence(dur)

    def glass(f0: float) -> Signal:
        parts = [(f0 - 1.6, 0.42, 0.5), (f0 + 1.6, 0.42, 0.5), (f0 * 2.0, 0.26, 0.18), (f0 * 2.76, 0.2, 0.3),
                 (f0 * 4.07, 0.12, 0.12), (f0 * 5.4, 0.08, 0.08)]
        s = modes(parts, dur, attack=0.002)
        mix(s, hann(highpass(noise(rng, 0.0015), 6000)), gain=0.15)
        return s

    mix(out, glass(1760.0))  # A6
    mix(out, glass(2637.0)[: samples(dur - 0.075)], at=0.075, gain=0.6)  # E7, a fifth above
    return finish(out, 0.002, 0.16)


def make_vp(rng: random.Random) -> Signal:
    """A soft tap of a wooden score marker moved along the track."""
    dur = 0.12
    out = silence(dur)
    mix(out, burst(rng, 0.0025, 3000), gain=0.3)
    mix(out, modes([(930, 0.024, 0.9), (2150, 0.012, 0.4), (3720, 0.006, 0.18)], dur, attack=0.001))
    return finish(out, 0.002, 0.04)


def make_click(rng: random.Random) -> Signal:
    """A short, dry UI click."""
    dur = 0.05
    out = silence(dur)
    mix(out, burst(rng, 0.0012, 9000), gain=0.4)
    mix(out, modes([(2400, 0.0065, 0.8), (5100, 0.003, 0.35)], dur, attack=0.0003))
    return finish(out, 0.0004, 0.015)


def mallet(f: float, dur: float, amp: float = 1.0) -> Signal:
    """A soft marimba-like note: the fundamental, the tuned fourth partial, a faint tenth."""
    return modes([(f, 0.28, amp), (f * 3.93, 0.055, 0.22 * amp), (f * 9.2, 0.015, 0.05 * amp)], dur, attack=0.003)


def make_round(rng: random.Random) -> Signal:
    """A new round: three rising mallet notes (C5 E5 G5), the last a little longer."""
    dur = 0.75
    out = silence(dur)
    for at, f, g in ((0.0, 523.25, 0.8), (0.115, 659.26, 0.85), (0.23, 783.99, 1.0)):
        mix(out, mallet(f, dur - at, g), at=at)
    return finish(out, 0.003, 0.16)


def brass(f: float, dur: float, attack: float, release_at: float, release: float, amp: float = 1.0) -> Signal:
    """A warm, soft brass-like voice: detuned pairs of band-limited harmonics, brighter as it swells.

    Harmonic n follows the note's envelope to the power 1 + 0.35 (n - 1): the upper harmonics come in later
    and leave sooner, as in a real horn, so the attack is soft and the tail is round. A gentle vibrato joins
    after 0.25 s.
    """
    n = samples(dur)
    env = [0.0] * n
    a_n, r0 = max(1, samples(attack)), samples(release_at)
    for i in range(n):
        e = 0.5 - 0.5 * math.cos(math.pi * i / a_n) if i < a_n else 1.0
        e *= 0.86 + 0.14 * math.exp(-max(0, i - a_n) / (0.15 * SR))  # settle after the swell
        if i >= r0:
            e *= math.exp(-(i - r0) / (release * SR))
        env[i] = e
    out = [0.0] * n
    nh = max(1, min(10, int(7000 / f)))
    for detune in (-0.0022, 0.0022):
        fd = f * (1 + detune)
        phase = 0.0
        for i in range(n):
            t = i / SR
            vib = 1 + 0.0035 * math.sin(TAU * 5.2 * t) * min(1.0, max(0.0, (t - 0.25) / 0.2))
            phase += TAU * fd * vib / SR
            e = env[i]
            s = 0.0
            for h in range(1, nh + 1):
                s += (e ** (1 + 0.35 * (h - 1))) * math.sin(h * phase) / h ** 1.4
            out[i] += 0.5 * amp * s
    return out


def make_fanfare(rng: random.Random) -> Signal:
    """The end of the game: C4 E4 G4 rising, then a held C major chord with a soft bass, about 1.5 s."""
    dur = 1.5
    out = silence(dur)
    for at, f in ((0.0, 261.63), (0.15, 329.63), (0.30, 392.0)):
        mix(out, brass(f, 0.3, 0.025, 0.12, 0.05, 0.7), at=at)
    chord = [(130.81, 0.35), (261.63, 0.55), (329.63, 0.45), (392.0, 0.45), (523.25, 0.4)]
    for f, g in chord:
        mix(out, brass(f, dur - 0.46, 0.04, 0.62, 0.22, g), at=0.46)
    return finish(lowpass(out, 5000), 0.004, 0.2)


SOUNDS: dict[str, tuple[Callable[[random.Random], Signal], str]] = {
    "draw": (make_draw, "a chip pulled from a cloth bag: a soft rustle"),
    "place": (make_place, "a wooden chip clacking on the board"),
    "white": (make_white, "a white chip: a higher, tenser clack"),
    "explosion": (make_explosion, "the pot bursts: a muffled thump, bubbles, a short hiss"),
    "die": (make_die, "the bonus die tumbling on wood"),
    "coins": (make_coins, "a few coins set down"),
    "ruby": (make_ruby, "a ruby: a bright glassy chime"),
    "vp": (make_vp, "a score marker's soft tap"),
    "round": (make_round, "a new round: three rising mallet notes"),
    "click": (make_click, "a UI click"),
    "shop": (make_shop, "buying: a pouch and a jingle of coins"),
    "fanfare": (make_fanfare, "the end of the game: a warm brass fanfare"),
}


# ---------------------------------------------------------------- writing and checking


def seed(name: str) -> int:
    return zlib.crc32(b"quacks-sound:" + name.encode())


def build(name: str) -> Signal:
    make, _ = SOUNDS[name]
    return make(random.Random(seed(name)))


def to_pcm(sig: Signal) -> bytes:
    return struct.pack(f"<{len(sig)}h", *(max(-FULL, min(FULL, round(v * FULL))) for v in sig))


def write(path: Path, sig: Signal) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(to_pcm(sig))


def read(path: Path) -> tuple[list[float], int, int, int]:
    """The samples (-1..1) of a WAV file with its channel count, sample width and rate."""
    with wave.open(str(path), "rb") as w:
        ch, width, rate, n = w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes()
        raw = w.readframes(n)
    if width != 2:
        return [], ch, width, rate
    return [v / FULL for v in struct.unpack(f"<{len(raw) // 2}h", raw)], ch, width, rate


def stats(sig: Sequence[float]) -> dict[str, float]:
    n = len(sig) or 1
    peak = max((abs(v) for v in sig), default=0.0)
    rms = math.sqrt(sum(v * v for v in sig) / n)
    return {
        "dur": len(sig) / SR,
        "peak": peak,
        "peak_db": 20 * math.log10(peak) if peak else -math.inf,
        "rms_db": 20 * math.log10(rms) if rms else -math.inf,
        "dc": sum(sig) / n,
        "edge": max(abs(sig[0]), abs(sig[-1])) if sig else 0.0,
        "zcr": sum(1 for a, b in zip(sig, sig[1:], strict=False) if (a < 0) != (b < 0)) * SR / (2 * n),
    }


def text_envelope(sig: Sequence[float], frame: float = 0.025) -> str:
    """One character per frame: the frame's RMS on a 0-9 scale (dB from -48 to 0)."""
    step = samples(frame)
    chars = []
    for i in range(0, len(sig), step):
        chunk = sig[i : i + step]
        rms = math.sqrt(sum(v * v for v in chunk) / len(chunk))
        db = 20 * math.log10(rms) if rms > 0 else -96
        chars.append(" " if db < -48 else str(min(9, int((db + 48) / 48 * 10))))
    return "".join(chars)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("names", nargs="*", help=f"only these ({', '.join(SOUNDS)})")
    p.add_argument("--out", type=Path, default=OUT, help="the folder to write (default: assets/sounds)")
    p.add_argument("--envelopes", action="store_true", help="print a coarse envelope of each sound")
    a = p.parse_args(argv)
    names = a.names or list(SOUNDS)
    unknown = [n for n in names if n not in SOUNDS]
    if unknown:
        p.error(f"unknown sound(s) {', '.join(unknown)}; known: {', '.join(SOUNDS)}")
    total = 0
    print(f"{'name':<10} {'dur s':>6} {'peak':>6} {'peak dB':>8} {'RMS dB':>7} {'DC':>9} {'ZC/s':>6} {'bytes':>7}")
    for name in names:
        path = a.out / f"{name}.wav"
        write(path, build(name))
        sig, *_ = read(path)  # report what was written, after 16-bit rounding
        s = stats(sig)
        size = path.stat().st_size
        total += size
        print(f"{name:<10} {s['dur']:6.3f} {s['peak']:6.3f} {s['peak_db']:8.2f} {s['rms_db']:7.1f} "
              f"{s['dc']:9.1e} {s['zcr']:6.0f} {size:7d}")
        if a.envelopes:
            print(f"           |{text_envelope(sig)}|")
    print(f"{len(names)} files, {total / 1024:.0f} KiB in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The paths and the pace of the table's motion (``anim.py``): easing curves and a score marker's walk along the
track, a step per space (issue 32, motion that tells)."""

from __future__ import annotations

import math

SLIDE = 0.5  # the longest walk of a score marker (``slide_time``)
MARKER_STEP = 0.12  # ... a step per space, the walk never shorter than MARKER_LEAST
MARKER_LEAST = 0.3


def slide_time(spaces: float) -> float:
    """How long a score marker walks ``spaces`` spaces: a step each, at least ``MARKER_LEAST``, at most ``SLIDE``
    (a long walk takes quicker steps: every motion stays under 0.7 s)."""
    return min(SLIDE, max(MARKER_LEAST, MARKER_STEP * abs(spaces)))


def walked(start: float, end: float, progress: float) -> float:
    """Where a marker walking from ``start`` to ``end`` stands at ``progress`` (0-1): each space is one eased step,
    so the marker stops a moment on every space it passes (the board draws the hop between two spaces)."""
    spaces = end - start
    n = math.ceil(abs(spaces) - 1e-9)
    if n <= 0:
        return end
    at = min(1.0, max(0.0, progress)) * n
    i = min(int(at), n - 1)
    step = (i + ease_in_out(at - i)) / n
    return start + spaces * step


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t

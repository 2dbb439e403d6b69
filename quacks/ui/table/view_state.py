"""What the table's picture depends on besides the game (``ViewState``): who is in focus, what the bots said, the
round's die rolls, who has decided. The live table makes one each frame from its state (``TableScene.state``); the
replay viewer and ``bench-ui`` make their own. It sits apart from ``view.py`` so that the panels that draw from it
need not import the view that draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ViewState:
    """What the picture depends on besides the game."""

    focus: int = 0
    colour_blind: bool = False
    show_risk: bool = False
    reasons: dict[int, str] = field(default_factory=dict)  # each bot's latest reason
    decided: frozenset[int] = frozenset()  # seats whose stir decision is in, hidden until the reveal
    dice: tuple[tuple[int, str], ...] = ()  # this round's bonus-die rolls (seat, face), in order
    pot_covered: bool = False  # the shop lies over the pot in focus
    card_lines: tuple[tuple[int, str, str], ...] = ()  # (seat, line, short line): what each seat chose or got from
    # the fortune card so far (wording/beats.py)
    remote: dict[int, tuple[str, str]] = field(default_factory=dict)  # a game across computers: what another seat's
    # player is doing, said on its pot instead of its status: a line ("away for 0:45") and a word for a small tile

"""What the table's picture depends on besides the game (``ViewState``): who is in focus, what the bots said, the
round's die rolls, who has decided. The live table makes one each frame from its state (``TableScene.state``); the
replay viewer and ``bench-ui`` make their own. It sits apart from ``view.py`` so that the panels that draw from it
need not import the view that draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class LandingMark:
    """A chip the seat in focus may pick, shown on its pot before it is chosen (issue 32): the space it would land
    on, the chip, the keys that pick it, whether the mouse is on it, and the white total it would make (a white
    chip; 0 for others) against the limit."""

    space: int
    chip: str
    keys: str
    hovered: bool
    white_after: int = 0
    limit: int = 0


@dataclass
class ViewState:
    """What the picture depends on besides the game."""

    focus: int = 0
    colour_blind: bool = False
    show_risk: bool = False
    reasons: dict[int, str] = field(default_factory=dict)  # each bot's latest reason
    decided: frozenset[int] = frozenset()  # seats whose stir decision is in, hidden until the reveal
    dice: tuple[tuple[int, str], ...] = ()  # this round's bonus-die rolls (seat, face), in order
    shopping: bool = False  # the seat in focus shops: its pot small beside the shop (``TableLayout.shopping``)
    choice_top: int = 0  # a choice dialog lies in the panel's place beside the pot in focus, from this y down
    landings: tuple[LandingMark, ...] = ()  # a pick's chips, each where it would land (the choice dialog's)
    card_lines: tuple[tuple[int, str, str], ...] = ()  # (seat, line, short line): what each seat chose or got from
    # the fortune card so far (wording/beats.py)
    remote: dict[int, tuple[str, str]] = field(default_factory=dict)  # a game across computers: what another seat's
    # player is doing, said on its pot instead of its status: a line ("away for 0:45") and a word for a small tile

"""The other seats folded into tiles (``ui.table.others_tiles``), as in a 1000x900 window: each tile shows its seat's
score, rubies and flask on one line (table.md: "every opponent's pot, score, rubies, flask and test tubes readable
at a glance"), and its pot in the middle of the room under the text."""

from __future__ import annotations

import pygame

from quacks.devtools.ui import layout_check as L
from quacks.ui.table.layout import POT_RIM
from quacks.ui.table.others_tiles import PAD, _text_rows, tile_pot


def test_each_tile_shows_its_seat_s_rubies_beside_its_score(home: object) -> None:
    case = next(c for c in L.all_cases() if c.name == "table/brewing")
    drawing = L.draw_case(case, 100, "en", None, (1000, 900))
    tiles = [d for d in drawing.items if d.where.startswith("quacks/ui/table/others_tiles.py")]
    scores = [d for d in tiles if d.text.endswith(" VP")]
    counts = [d for d in tiles if d.text.isdigit()]
    assert len(scores) >= 2 and len(counts) == len(scores)
    for score in scores:  # the count on the score's line, right of it
        (count,) = [c for c in counts if abs(c.rect.centery - score.rect.centery) <= 3 and c.rect.x > score.rect.right]
        assert count.px >= 12


def test_a_tall_tile_s_pot_sits_in_the_middle_of_the_room_under_its_text(home: object) -> None:
    pygame.font.init()
    tall = pygame.Rect(0, 0, 122, 260)
    (cx, cy), radius = tile_pot(tall)
    reach = int(radius * POT_RIM)
    top = tall.y + PAD + _text_rows()
    assert cx == tall.centerx and cy - reach >= top and cy + reach <= tall.bottom - PAD
    assert abs((cy - reach - top) - (tall.bottom - PAD - cy - reach)) <= 2  # as much room above it as below
    short = pygame.Rect(0, 0, 122, 120)  # no room for its least size: the pot keeps to the bottom
    (_x, cy), radius = tile_pot(short)
    assert cy + int(radius * POT_RIM) == short.bottom - PAD

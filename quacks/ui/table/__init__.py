"""The parts of the table: layout, board, books, pots, panels, controls, the shop and the whole view."""

"""The developer commands that draw the game (pygame, headless): screenshots, the layout check and its screens,
and the window's benches."""

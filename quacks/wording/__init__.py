"""Everything the game says to a player, in one pure package (no pygame): chip and seat names, the
question and buttons of every decision kind, the log line of every event kind, the round results.

Each closed kind of the engine (``rules/kinds.py``) has one home here; a test walks every kind.
"""

"""The screens of the game: title, new game, the table, the result, rules, settings, saves, replays."""

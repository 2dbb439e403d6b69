"""The developer commands: what a developer runs, never a player, and what the frozen bundle leaves out
(``build_installer.spec`` excludes this package whole; ``python -m quacks`` says so if one is asked of it).

- ``simulate`` (``tournament``): seeded bot tournaments with duplicate seating;
- ``bench`` (``bench`` and its groups ``bench_engine``, ``bench_storage``, ``bench_net``): measured figures
  against their targets; ``bench-ui`` (``ui/bench``) the table's frame times;
- ``train-expert`` (``training``) and ``strength``: the Expert bot's learned values, a level's strength;
- ``screenshots`` (``ui/shots``) and ``check-layout`` (``ui/layout_check``, the screens of ``ui/layout_cases`` and
  ``ui/online_screens``): the game's screens drawn headless over the seeded games of ``ui/games``.

Everything here may import anything of the game; nothing of the game imports it (``tests/test_layering.py``).
"""

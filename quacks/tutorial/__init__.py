"""The guided first game: a script of steps (data/tutorial.yaml), the triggers that decide when a step first
matters, and the coach that walks through them. Pure: no pygame; the table shows the coach's bubble."""

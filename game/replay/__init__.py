"""Replays: log files (JSON Lines) and their verification by re-playing them through the engine.

``logfile`` reads and writes the files, ``header`` says what their first line holds and migrates older
versions, ``verify`` checks a log against the rules and ``walk`` steps through a verified one;
``library`` keeps, lists and changes the player's replays, ``share`` turns one into a share code and
back, ``review`` compares a seat's decisions with an AI level's, ``whatif`` branches from a decision,
``stats`` counts results over saved games, ``notation`` writes and reads actions (``discard 5m``).
The format is documented in ``docs/replay-format.md``.
"""

"""The rules of Harbin mahjong, pure Python: tiles, rule sets, events, the state fold, the engine,
hand analysis and settlement. Nothing here imports pygame or anything else from ``game``
outside ``game.core`` and ``game.glossary``."""

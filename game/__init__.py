"""哈尔滨麻将 (Harbin mahjong): the rules core, AI players, table, replays and lessons."""

__version__ = "0.1.0"

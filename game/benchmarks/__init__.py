"""Performance figures of the game's hot paths, measured on demand (``harbin-mahjong bench``)."""

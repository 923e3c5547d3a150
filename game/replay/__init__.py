"""Replays: log files (JSON Lines) and their verification by re-playing them through the engine."""

"""The replay screens: library, viewer with its strip and bar, review panel, statistics, dialogs."""

"""Every zh/en display string table of the window (the glossary's terms come from game.glossary)."""

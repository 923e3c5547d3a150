"""The live match: its host (the game and the AI seats), its autosave, and the driver that puts it on the
table. No pygame here."""

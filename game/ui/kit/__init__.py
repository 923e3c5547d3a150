"""The UI toolkit: widgets, text fitting, fonts, theme, tile art, animation, sound, dialogs, menu scenes."""

"""The pygame-ce / pygame_gui front end: window, scenes, tile art, table renderer, sound.

Importing this package hides pygame's greeting on stdout (it must be set before
the first ``import pygame``; windowed builds may have no stdout at all).
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

"""Headless fixtures for the UI tests: dummy video/audio drivers, an isolated home folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own HARBIN_MAHJONG_HOME and a fixed English locale."""
    home = tmp_path / "home"
    monkeypatch.setenv("HARBIN_MAHJONG_HOME", str(home))
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return home


@pytest.fixture
def pg() -> Iterator[object]:
    """pygame initialised with the dummy drivers; quit afterwards."""
    import pygame

    pygame.init()
    yield pygame
    pygame.quit()


@pytest.fixture
def app(isolated_home: Path) -> Iterator[object]:
    """A real App on the dummy display at 1280x720 with the main menu open (English UI)."""
    import pygame

    from game.paths import app_paths
    from game.settings import Settings
    from game.ui.app import App
    from game.ui.screens.menu import MainMenu

    paths = app_paths().ensure()
    application = App(paths, Settings(language="en", animation_speed="fast"), size=(1280, 720))
    application.push(MainMenu(application))
    application.step(1 / 60)
    yield application
    application.shutdown()
    pygame.quit()

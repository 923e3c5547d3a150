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

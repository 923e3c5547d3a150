"""Where the game keeps the player's files: user data, config and logs.

User folders come from platformdirs (``HarbinMahjong``, ``appauthor=False``).
The environment variable ``HARBIN_MAHJONG_HOME`` moves all of them under one
root, for tests and for a portable install. The game's own read-only files
(assets, tables) are found by :mod:`game.resources`; :func:`asset` and
:func:`asset_root` are its, offered here too. This module imports nothing from pygame.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import platformdirs

from game.resources import ASSETS_ENV, asset, asset_root

APP_NAME: Final = "HarbinMahjong"
HOME_ENV: Final = "HARBIN_MAHJONG_HOME"
"""Environment variable that moves data, config and logs under one folder."""


@dataclass(frozen=True)
class AppPaths:
    """The user folders of the game. Nothing is created until :meth:`ensure` is called."""

    data_dir: Path
    config_dir: Path
    log_dir: Path

    @property
    def saves_dir(self) -> Path:
        """Autosaves of unfinished matches."""
        return self.data_dir / "saves"

    @property
    def replays_dir(self) -> Path:
        """Replays of finished hands and matches."""
        return self.data_dir / "replays"

    @property
    def replay_checks_file(self) -> Path:
        """The library's cache of which replays verify (``game.replay.checks``)."""
        return self.data_dir / "replay-checks.json"

    @property
    def settings_file(self) -> Path:
        """The settings JSON file."""
        return self.config_dir / "settings.json"

    @property
    def log_file(self) -> Path:
        """The rotating log file."""
        return self.log_dir / "harbin-mahjong.log"

    def ensure(self) -> AppPaths:
        """Create every folder (no error if they exist) and return self."""
        for folder in (self.data_dir, self.config_dir, self.log_dir, self.saves_dir, self.replays_dir):
            folder.mkdir(parents=True, exist_ok=True)
        return self

    @classmethod
    def under(cls, root: Path) -> AppPaths:
        """All folders under one root: ``root/data``, ``root/config``, ``root/logs``."""
        root = root.expanduser().resolve()
        return cls(data_dir=root / "data", config_dir=root / "config", log_dir=root / "logs")


def app_paths(environ: Mapping[str, str] | None = None) -> AppPaths:
    """The user folders for this machine, or under ``HARBIN_MAHJONG_HOME`` when it is set."""
    env = os.environ if environ is None else environ
    home = env.get(HOME_ENV, "").strip()
    if home:
        return AppPaths.under(Path(home))
    dirs = platformdirs.PlatformDirs(APP_NAME, appauthor=False)
    return AppPaths(
        data_dir=dirs.user_data_path, config_dir=dirs.user_config_path, log_dir=dirs.user_log_path
    )


__all__ = ["APP_NAME", "ASSETS_ENV", "HOME_ENV", "AppPaths", "app_paths", "asset", "asset_root"]

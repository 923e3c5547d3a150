"""Settings and paths: round trip, corrupt and invalid files, HARBIN_MAHJONG_HOME, logging."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.paths import AppPaths, app_paths, asset_root
from game.settings import (
    LOG_HANDLER_NAME,
    Settings,
    load_settings,
    save_settings,
    setup_logging,
    system_language,
)


def test_home_env_moves_every_folder(isolated_home: Path) -> None:
    paths = app_paths()
    for folder in (paths.data_dir, paths.config_dir, paths.log_dir, paths.saves_dir, paths.replays_dir):
        assert folder.is_relative_to(isolated_home.resolve())
    paths.ensure()
    assert paths.saves_dir.is_dir() and paths.replays_dir.is_dir() and paths.log_dir.is_dir()


def test_platformdirs_used_without_home() -> None:
    paths = app_paths({})
    assert "HarbinMahjong" in str(paths.config_dir)
    assert "HarbinMahjong" in str(paths.data_dir)


def test_asset_root_from_checkout_and_bundle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert (asset_root() / "licenses" / "OFL.txt").is_file()
    monkeypatch.setattr("sys.frozen", True, raising=False)
    monkeypatch.setattr("sys._MEIPASS", str(tmp_path), raising=False)
    assert asset_root({}) == tmp_path / "assets"


def test_round_trip(isolated_home: Path) -> None:
    paths = app_paths()
    custom = Settings(
        language="zh",
        animation_speed="slow",
        ai_delay_ms=1200,
        hints=2,
        tile_palette="colourblind",
        corner_index=True,
        ui_scale=1.25,
        volume=0.3,
        muted=True,
        fullscreen=True,
        window_size=(1600, 900),
    )
    save_settings(custom, paths)
    result = load_settings(paths)
    assert result.settings == custom
    assert result.problems == () and result.message is None
    assert not list(paths.config_dir.glob("*.tmp"))


def test_missing_file_gives_defaults_from_locale(isolated_home: Path) -> None:
    result = load_settings(app_paths(), environ={"LANG": "zh_CN.UTF-8"})
    assert result.settings == Settings(language="zh")
    assert result.message is None
    assert system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert system_language({"LC_ALL": "C", "LANG": "zh_TW.UTF-8"}) == "zh"


@pytest.mark.parametrize("text", ["{not json", "[1, 2, 3]", "", "\ufffd\x00"])
def test_corrupt_file_is_reported_kept_aside_and_replaced(isolated_home: Path, text: str) -> None:
    paths = app_paths().ensure()
    paths.settings_file.write_text(text, encoding="utf-8")
    result = load_settings(paths)
    assert result.settings == Settings.defaults()
    assert result.message is not None
    assert str(paths.settings_file) in result.message
    bad = paths.settings_file.with_name("settings.json.bad")
    assert bad.read_text(encoding="utf-8") == text
    assert result.kept_as == bad


def test_bad_values_replaced_per_key_unknown_keys_ignored(isolated_home: Path) -> None:
    paths = app_paths().ensure()
    data = {
        "language": "zh",
        "volume": 7,
        "hints": "lots",
        "window_size": [200, 100],
        "mystery": 1,
        "muted": True,
    }
    paths.settings_file.write_text(json.dumps(data), encoding="utf-8")
    result = load_settings(paths)
    s = result.settings
    assert s.language == "zh" and s.muted is True
    assert s.volume == Settings().volume and s.hints == 0 and s.window_size == (1280, 720)
    assert len(result.problems) == 3
    assert result.message is not None and "volume" in result.message and "hints" in result.message
    assert "mystery" not in result.message
    assert paths.settings_file.with_name("settings.json.bad").exists()
    # the repaired file now loads cleanly
    assert load_settings(paths).problems == ()


def test_replace_validates() -> None:
    s = Settings()
    assert s.replace(volume=0.5).volume == 0.5
    with pytest.raises(ValueError):
        s.replace(animation_speed="warp")


def test_logging_to_file_without_console(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", None)
    paths = AppPaths.under(isolated_home)
    logger = logging.getLogger("game")
    before = list(logger.handlers)
    try:
        path = setup_logging(paths, console=True)
        setup_logging(paths, console=True)  # idempotent
        assert path is not None
        logging.getLogger("game.test").warning("hello log")
        for h in logger.handlers:
            h.flush()
        assert "hello log" in path.read_text(encoding="utf-8")
        ours = [h for h in logger.handlers if h.get_name() == LOG_HANDLER_NAME]
        assert len(ours) == 1 and getattr(ours[0], "baseFilename", "") == str(path)
    finally:
        for h in list(logger.handlers):
            if h not in before:
                logger.removeHandler(h)
                h.close()

"""The first run speaks the operating system's preferred language (its preferred UI locales first, then
``LANG``/``LC_ALL``, then English), with the locales injected: nothing depends on this machine's locale."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pygame
import pytest

from game.paths import app_paths
from game.settings import Settings, save_settings, system_language
from game.ui.kit.os_locale import preferred_locales
from game.ui.words.i18n import tr


@pytest.mark.parametrize(
    ("preferred", "environ", "expected"),
    [
        (["zh_CN"], {"LANG": "en_US.UTF-8"}, "zh"),  # a desktop launch: the OS list beats LANG
        (["zh_TW", "en"], {}, "zh"),
        (["zh-Hant-HK"], {}, "zh"),  # any Chinese locale, any script or region
        (["ZH_sg"], {}, "zh"),
        (["en_US", "zh_CN"], {"LANG": "zh_CN.UTF-8"}, "en"),  # the order of preference is kept
        (["de_DE", "zh_CN"], {}, "zh"),  # the first language the game has
        (["fr_FR"], {"LANG": "zh_CN.UTF-8"}, "zh"),  # none the game has: the locale variables decide
        (["fr_FR"], {}, "en"),
        ([], {"LANG": "zh_TW.UTF-8"}, "zh"),  # SDL knows nothing: LANG
        ([], {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_GB.UTF-8"}, "zh"),  # LC_ALL before LANG
        ([], {"LC_ALL": "C", "LANG": "zh_HK.UTF-8"}, "zh"),
        ([], {"LANG": "de_DE.UTF-8"}, "en"),
        ([], {}, "en"),  # nothing at all: English
    ],
)
def test_the_system_language_follows_the_preferred_locales_then_the_environment(
    preferred: list[str], environ: Mapping[str, str], expected: str
) -> None:
    assert system_language(environ, preferred) == expected
    assert Settings.defaults(environ, preferred).language == expected


def test_sdl_locales_become_tags_most_wanted_first() -> None:
    found: list[Mapping[str, str | None]] = [
        {"language": "zh", "country": "CN"},
        {"language": "en", "country": None},
        {"language": "", "country": "US"},
    ]
    assert preferred_locales(lambda: found) == ["zh_CN", "en"]

    def broken() -> list[Mapping[str, str | None]]:
        raise pygame.error("no locale support")

    assert preferred_locales(broken) == []


def sdl_says(monkeypatch: pytest.MonkeyPatch, *locales: tuple[str, str | None]) -> None:
    """Make SDL report these preferred locales."""
    monkeypatch.setattr(
        pygame.system, "get_pref_locales", lambda: [{"language": lang, "country": c} for lang, c in locales]
    )


def started(argv: list[str]) -> tuple[str, str]:
    """The language and window title of the app as the game starts it (settings loaded, first screen open)."""
    from game.ui.app import parse_args, start_app

    app = start_app(parse_args(argv))
    try:
        return app.settings.language, app.window.title
    finally:
        app.shutdown()
        pygame.quit()


def test_the_first_run_opens_in_chinese_on_a_chinese_system_without_lang(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sdl_says(monkeypatch, ("zh", "TW"), ("en", "US"))  # and LANG is en_US.UTF-8 (conftest)
    paths = app_paths()
    assert not paths.settings_file.exists()
    assert started([]) == ("zh", tr("app.window_title", "zh"))
    assert Settings.defaults().language == "en"  # LANG alone would have chosen English


def test_a_saved_language_wins_over_the_system(isolated_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = app_paths().ensure()
    save_settings(Settings(language="en"), paths)
    sdl_says(monkeypatch, ("zh", "CN"))
    assert started([])[0] == "en"


def test_restoring_defaults_takes_the_system_language_again(
    isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.screens.settings import SettingsScene

    paths = app_paths().ensure()
    save_settings(Settings(language="en", hints=3), paths)
    sdl_says(monkeypatch, ("zh", "CN"))
    from game.ui.app import parse_args, start_app

    app = start_app(parse_args([]))
    try:
        scene = SettingsScene(app)
        app.push(scene)
        app.step(1 / 60)
        scene.restore_defaults()
        assert app.settings.language == "zh" and app.settings.hints == 0
    finally:
        app.shutdown()
        pygame.quit()

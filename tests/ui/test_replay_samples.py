"""The sample replays from the replay library, as a new player finds them: the empty library points to
them, a button shows them (titled, each hand in a few words, watch only), and back to the player's own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.replay.highlights import hand_notes
from game.replay.logfile import load_log
from game.ui.replay.viewer import ViewerScene
from game.ui.words.replay_words import hand_note_text
from tests.ui.harness import click_widget, key, step
from tests.ui.test_replay_library import open_library

SAMPLES = Path(__file__).resolve().parents[2] / "saves"


def panel_text(scene: Any) -> str:
    """Every word drawn in the library's detail panel this frame."""
    return " ".join(d.text for d in scene.text.items if scene.detail_panel.contains(d.rect))


def test_the_samples_button_shows_the_shipped_matches_to_watch(app: Any) -> None:
    scene = open_library(app)
    assert scene.list.entries == []
    drawn = " ".join(d.text for d in scene.text.items)
    assert "press Samples below" in drawn
    samples_button = scene.controls["samples"]
    assert samples_button.text == "Samples"
    click_widget(app, samples_button)
    assert scene.wait_loaded()
    step(app)
    assert samples_button.text == "My replays"
    shipped = sorted(p.name for p in SAMPLES.glob("*.jsonl"))
    assert sorted(e.path.name for e in scene.list.entries) == shipped
    assert all(e.sample for e in scene.list.entries)
    # the rows carry the samples' titles and say Sample; nothing of them can be renamed or deleted
    rows = [d.text for d in scene.text.items if scene.list.area.contains(d.rect)]
    assert rows.count("Sample") == len(shipped)
    assert not any(t[:1] in "+−" or t == "0" for t in rows)  # no result: nobody at a sample's table was you
    assert not any(name.removesuffix(".jsonl") in " ".join(rows) for name in shipped)
    for index, entry in enumerate(scene.list.entries):
        scene.select(index)
        step(app)
        assert scene.controls["open"].is_enabled and scene.controls["code"].is_enabled
        assert not scene.controls["rename"].is_enabled and not scene.controls["delete"].is_enabled
        # every hand in a few words, from the log itself
        text = panel_text(scene)
        assert entry.titles["en"] in text
        for note in hand_notes(load_log(entry.path).events):
            assert hand_note_text(entry, note, "en") in text
        key(app, pygame.K_F2)
        key(app, pygame.K_DELETE)
        assert app.scenes.top is scene and entry.path.is_file()
    # the bao sample: its 摸宝, 宝中宝 and 换宝 named in the panel
    bao = next(i for i, e in enumerate(scene.list.entries) if "mobao" in e.path.name)
    scene.select(bao)
    step(app)
    text = panel_text(scene)
    assert "drew the bao" in text and "bao within bao" in text and "bao replaced ×1" in text
    # Enter watches it in the viewer; back in the library the samples are still shown
    key(app, pygame.K_RETURN)
    viewer = app.scenes.top
    assert isinstance(viewer, ViewerScene) and viewer.viewer.saved_as == scene.list.entries[bao].path
    app.pop()
    step(app)
    assert scene.wait_loaded()
    assert scene.showing_samples and len(scene.list.entries) == len(shipped)
    # and the button goes back to the player's own replays
    click_widget(app, samples_button)
    assert scene.wait_loaded()
    step(app)
    assert scene.list.entries == [] and samples_button.text == "Samples"


def test_the_samples_are_listed_in_chinese_with_their_titles(app: Any) -> None:
    app.update_settings(save=False, language="zh")
    step(app, 2)
    scene = open_library(app)
    click_widget(app, scene.controls["samples"])
    assert scene.wait_loaded()
    step(app)
    assert scene.controls["samples"].text == "我的回放"
    rows = " ".join(d.text for d in scene.text.items if scene.list.area.contains(d.rect))
    for entry in scene.list.entries:
        assert entry.titles["zh"] in rows
    assert "示例" in rows
    text = panel_text(scene)
    assert "各局：1 " in text

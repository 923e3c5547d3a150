"""The replay screens fit at 1024x640, 1280x720 and 1920x1080, in Chinese and English, at UI scale 100, 115
and 130 %: no widget off screen or over another, no label cut, no text outside its box or over other text.

Laid out: the viewer (reviewing, at a difference, every hand open, a what-if on the claim bar, the keys),
the library (a finished match, a what-if branch, the match in progress, a broken file and the empty
folder), its dialogs (rename with a problem shown, import, the share code), and the statistics (with games,
and with none to count).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.paths import app_paths
from game.replay.library import add_replay, load
from game.replay.whatif import branch_name
from game.ui.kit.prompt import PromptDialog
from game.ui.replay.library import ReplayLibraryScene
from game.ui.replay.stats import StatsScene
from game.ui.replay.viewer import ViewerScene
from game.ui.screens.menu import MainMenu
from game.ui.words.errors import WINDOW_ERRORS, PlayerError
from tests.test_saves import saved_match
from tests.ui.test_replay_library import BROKEN_TEXT, SAMPLES
from tests.ui.textfit import LANGS, SCALES, SIZES, fit_app, layout_problems

# slow: the replay screens' texts laid out at three sizes in both languages: not in the fast lane
pytestmark = pytest.mark.slow


def library_folder(root: Path) -> Path:
    """A replay folder with the samples, a what-if branch (the longest name) and a broken file."""
    folder = root / "replays"
    folder.mkdir()
    for sample in SAMPLES.glob("*.jsonl"):
        shutil.copy(sample, folder / sample.name)
    source = folder / "mixed-levels-8-hands.jsonl"
    loaded = load(source)
    header = dict(loaded.header, kind="branch")
    header["branch"] = {
        "source": str(source),
        "index": 43,
        "seat": 1,
        "played": "chi 345m ting",
        "recorded": "pass",
    }
    add_replay(folder, header, loaded.events, branch_name(source, 43))
    (folder / "torn.jsonl").write_text(BROKEN_TEXT, encoding="utf-8")
    return folder


def check(app: Any, where: str, problems: list[str]) -> None:
    """Draw a frame and collect the top scene's layout problems."""
    app.step(1 / 60)
    scene = app.scenes.top
    problems += [f"{where} {type(scene).__name__}: {p}" for p in layout_problems(scene, app.size)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_replay_screens_fit(isolated_home: Path, tmp_path: Path, size: tuple[int, int], lang: str) -> None:
    folder = library_folder(tmp_path)
    saves = app_paths().ensure().saves_dir
    saved_match(saves, moves=12)
    empty = tmp_path / "empty"
    empty.mkdir()
    problems: list[str] = []
    for ui_scale in SCALES:
        with fit_app(size, lang, ui_scale) as app:
            app.push(MainMenu(app))
            where = f"{size} {lang} {ui_scale}"
            scene = ReplayLibraryScene(
                app,
                folder=folder,
                saves_dir=saves,
                on_stats=lambda app=app: app.push(StatsScene(app, folder=folder, saves_dir=saves)),
                samples=SAMPLES,
            )
            app.push(scene)
            assert scene.wait_loaded()
            scene.toggle_samples()  # the samples that ship with the game: titles and each hand's note
            assert scene.wait_loaded() and scene.list.entries
            for index in range(len(scene.list.entries)):
                scene.select(index)
                check(app, f"{where} sample {scene.list.entries[index].name}", problems)
            scene.toggle_samples()
            assert scene.wait_loaded()
            for entry in scene.list.entries:
                if (
                    entry.kind == "branch"
                    or entry.in_progress
                    or entry.status == "broken"
                    or entry.hands == 8
                ):
                    scene.select(scene.list.entries.index(entry))
                    check(app, f"{where} {entry.name}", problems)
            scene.select(next(i for i, e in enumerate(scene.list.entries) if e.kind == "branch"))
            errors = (PlayerError(a, c).text(app.lang) for a, cs in WINDOW_ERRORS.items() for c in cs)
            longest = max(errors, key=len)
            scene.say(longest, True)  # the longest error sentence the window can show
            check(app, f"{where} status line", problems)
            scene.ask_rename()
            dialog = app.scenes.top
            assert isinstance(dialog, PromptDialog)
            dialog.entry.set_text("a/b")
            dialog.submit()
            check(app, f"{where} rename problem", problems)
            dialog.cancel()
            scene.ask_import()
            check(app, f"{where} import", problems)
            app.scenes.top.cancel()
            scene.show_code()
            check(app, f"{where} share code", problems)
            app.scenes.top.cancel()
            scene.open_stats()
            stats = app.scenes.top
            assert isinstance(stats, StatsScene) and stats.wait_loaded()
            check(app, f"{where} stats (none)", problems)
            stats.choose_seat(0)()
            check(app, f"{where} stats (East)", problems)
            app.pop()
            app.pop()
            app.push(ReplayLibraryScene(app, folder=empty, saves_dir=empty))
            assert app.scenes.top.wait_loaded()
            check(app, f"{where} empty", problems)
    pygame.quit()
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", LANGS)
def test_the_viewer_fits(isolated_home: Path, size: tuple[int, int], lang: str) -> None:
    source = SAMPLES / "mixed-levels-8-hands.jsonl"
    problems: list[str] = []
    for ui_scale in SCALES:
        with fit_app(size, lang, ui_scale) as app:
            app.push(MainMenu(app))
            where = f"{size} {lang} {ui_scale}"
            assert app.nav.viewer(source, 1, 1, "expert")
            viewer = app.scenes.top
            assert isinstance(viewer, ViewerScene)
            check(app, f"{where} start, reviewing", problems)
            found = viewer.review.jobs.wait(1, "expert")
            assert found is not None and not isinstance(found, str)
            first = found.differences()[0]
            viewer.seek(first.index + 1)
            check(app, f"{where} just after a difference", problems)
            viewer.toggle_open()
            viewer.set_seat(2)
            check(app, f"{where} every hand open", problems)
            viewer.set_seat(1)
            viewer.seek(first.index)
            viewer.start_whatif()
            check(app, f"{where} what-if", problems)
            viewer.cancel_whatif()
            viewer.review.choose(None)
            viewer.say(app.tr("review.whatif_prompt", n=1234))
            check(app, f"{where} keys and a long line", problems)
    pygame.quit()
    assert not problems, "\n".join(problems[:20])

"""The replay library, driven by posted mouse and key events on a temp replay folder: listing (broken files
with their reason, the match in progress), sorting, rename, delete after asking, export, import of a file
and of a share code, the share code itself, Continue, and the statistics screen."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.replay.library import BROKEN, SORT_KEYS, load
from game.replay.share import decode_code, encode_code
from game.replay.stats import folder_stats
from game.ui.kit.dialog import MessageDialog
from game.ui.kit.prompt import PromptDialog
from game.ui.replay.library import ReplayLibraryScene
from game.ui.replay.stats import StatsScene, per_hand
from game.ui.table.scene import TableScene
from tests.test_saves import saved_match
from tests.ui.harness import click, click_widget, key, step

SAMPLES = Path(__file__).resolve().parents[2] / "saves"
BROKEN_TEXT = '{"format": "harbin-mahjong-log", "version": 2}\n{"type": "oops"\n'


def fill_folder(app: Any) -> Path:
    """The app's replay folder with the shipped samples and one broken file."""
    folder: Path = app.paths.replays_dir
    for sample in sorted(SAMPLES.glob("*.jsonl")):
        shutil.copy(sample, folder / sample.name)
    (folder / "torn.jsonl").write_text(BROKEN_TEXT, encoding="utf-8")
    return folder


def open_library(app: Any) -> ReplayLibraryScene:
    """Press Replays on the main menu; the library once its folder is read."""
    menu = app.scenes.top
    click_widget(app, menu.buttons["replays"])
    scene = app.scenes.top
    assert isinstance(scene, ReplayLibraryScene)
    assert scene.wait_loaded()
    step(app)
    return scene


def type_text(app: Any, text: str) -> None:
    """Type into the focused text box, as the keyboard does (TEXTINPUT events)."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, 2)


def clear_box(app: Any, dialog: PromptDialog) -> None:
    """Select everything in the dialog's text box and delete it (Ctrl+A, Backspace)."""
    click_widget(app, dialog.entry)
    key(app, pygame.K_a, pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert dialog.value == ""


def row_of(scene: ReplayLibraryScene, name: str) -> int:
    """The row index of a replay by name."""
    return next(i for i, e in enumerate(scene.list.entries) if e.name == name)


def click_row(app: Any, scene: ReplayLibraryScene, index: int) -> None:
    """Click a row of the list (scrolling it into view first)."""
    scene.list.select(index)
    scene.list.selected = None
    row = index - scene.list.first
    area = scene.list.area
    click(app, (area.x + area.w // 3, area.y + row * scene.list.row_h + scene.list.row_h // 2))
    assert scene.list.selected == index


def test_the_list_shows_every_file_sorted_with_broken_ones_last(app: Any) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    names = [e.name for e in scene.list.entries]
    assert sorted(names) == sorted(p.stem for p in folder.glob("*.jsonl"))
    assert names[-1] == "torn" and scene.list.entries[-1].status == BROKEN
    # the broken file is listed with its reason in the panel, and cannot be watched or shared
    click_row(app, scene, len(names) - 1)
    assert not scene.controls["open"].is_enabled and not scene.controls["code"].is_enabled
    texts = [d.text for d in scene.text.items]
    assert "Broken" in texts
    assert any(t.startswith("This replay cannot be used: the file is damaged") for t in texts), texts
    assert scene.list.entries[-1].problem.startswith(str(folder / "torn.jsonl"))  # the program's own words
    # clicking a heading sorts by it; again reverses
    name_heading = next(b for b, k in scene.headers.items() if k == "name")
    click_widget(app, name_heading)
    good = [e.name for e in scene.list.entries if e.status != BROKEN]
    assert good == sorted(good, key=str.lower) and scene.list.entries[-1].name == "torn"
    assert name_heading.text.endswith("▲")
    click_widget(app, name_heading)
    good = [e.name for e in scene.list.entries if e.status != BROKEN]
    assert good == sorted(good, key=str.lower, reverse=True) and name_heading.text.endswith("▼")
    # the opponents sort too: the strongest opponents first, then the other way round
    opponents_heading = next(b for b, k in scene.headers.items() if k == "opponents")
    click_widget(app, opponents_heading)
    strength = [SORT_KEYS["opponents"](e) for e in scene.list.entries if e.status != BROKEN]
    assert strength == sorted(strength, reverse=True) and len(set(strength)) > 1
    assert opponents_heading.text.endswith("▼")
    click_widget(app, opponents_heading)
    strength = [SORT_KEYS["opponents"](e) for e in scene.list.entries if e.status != BROKEN]
    assert strength == sorted(strength) and opponents_heading.text.endswith("▲")
    # arrows move the selection; the selected row's facts are in the panel
    click_row(app, scene, 0)
    key(app, pygame.K_DOWN)
    assert scene.list.selected == 1
    step(app)
    panel = "".join(d.text for d in scene.text.items if scene.detail_panel.contains(d.rect))
    assert scene.list.entries[1].name in panel


def test_the_rows_words_are_one_size(app: Any) -> None:
    """Each cell shrank its words on its own, so one row read in three sizes ("Four Expert players, four
    h…" small beside "Expert ×4" large). Every cell of the list is now drawn at one size, its words
    inside their cell."""
    from game.ui.kit.textfit import TextLog

    fill_folder(app)
    scene = open_library(app)
    sizes: list[int] = []
    real = TextLog.line

    def spy(log: TextLog, surface: Any, text: str, box: Any, size: int, *args: Any, **kw: Any) -> Any:
        drawn = real(log, surface, text, box, size, *args, **kw)
        sizes.append(log.fit_size(text, box, size, floor=kw.get("floor", 10)))
        return drawn

    TextLog.line = spy  # type: ignore[method-assign]
    try:
        scene.list.draw(app.screen, scene.text, app.lang, None, scene.px(16))
    finally:
        TextLog.line = real  # type: ignore[method-assign]
    rows = min(len(scene.list.entries), scene.list.rows_shown)
    assert len(sizes) >= 3 * rows and len(set(sizes)) == 1, sizes


def test_rename_refuses_a_bad_name_then_renames_with_f2(app: Any) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    click_row(app, scene, row_of(scene, "expert-table-4-hands"))
    key(app, pygame.K_F2)
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog) and dialog.value == "expert-table-4-hands"
    clear_box(app, dialog)
    type_text(app, "a/b")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is dialog and dialog.note_is_problem
    assert dialog.note.startswith("The replay was not renamed: the name has characters a file name cannot")
    clear_box(app, dialog)
    type_text(app, "mixed-levels-8-hands")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is dialog
    assert dialog.note == (
        "The replay was not renamed: a replay with that name exists already. Choose another name."
    )
    clear_box(app, dialog)
    type_text(app, "Sunday night")
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    assert (folder / "Sunday night.jsonl").is_file() and not (folder / "expert-table-4-hands.jsonl").exists()
    assert scene.list.current is not None and scene.list.current.name == "Sunday night"
    assert scene.status == "Renamed to: Sunday night.jsonl"


def test_delete_asks_first(app: Any) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    click_row(app, scene, row_of(scene, "torn"))
    click_widget(app, scene.controls["delete"])
    ask = app.scenes.top
    assert isinstance(ask, MessageDialog)
    key(app, pygame.K_ESCAPE)  # Esc is Cancel
    assert app.scenes.top is scene and (folder / "torn.jsonl").exists()
    key(app, pygame.K_DELETE)
    ask = app.scenes.top
    assert isinstance(ask, MessageDialog)
    click_widget(app, next(b for b in ask.actions if b.text == "Delete"))
    assert app.scenes.top is scene and not (folder / "torn.jsonl").exists()
    assert "torn" not in [e.name for e in scene.list.entries]


def test_export_checks_the_path_and_asks_before_replacing(app: Any, tmp_path: Path) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    click_row(app, scene, row_of(scene, "mixed-levels-8-hands"))
    original = (folder / "mixed-levels-8-hands.jsonl").read_bytes()
    click_widget(app, scene.controls["export"])
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    clear_box(app, dialog)
    key(app, pygame.K_RETURN)
    assert dialog.note == "Type a path"
    type_text(app, str(tmp_path / "no-such-folder" / "x.jsonl"))
    key(app, pygame.K_RETURN)
    assert dialog.note == (
        "The replay was not exported: that folder does not exist. Choose a folder that exists."
    )
    assert not (tmp_path / "no-such-folder").exists()
    clear_box(app, dialog)
    type_text(app, str(tmp_path))  # a folder: the file keeps its name
    click_widget(app, next(b for b in dialog.actions if b.text == "Export"))
    assert app.scenes.top is scene
    assert (tmp_path / "mixed-levels-8-hands.jsonl").read_bytes() == original
    assert scene.status.startswith("Exported: ")
    # again to the same place: asks, Cancel keeps the file, Replace writes it
    (tmp_path / "mixed-levels-8-hands.jsonl").write_text("old", encoding="utf-8")
    click_widget(app, scene.controls["export"])
    clear_box(app, app.scenes.top)
    type_text(app, str(tmp_path / "mixed-levels-8-hands.jsonl"))
    key(app, pygame.K_RETURN)
    ask = app.scenes.top
    assert isinstance(ask, MessageDialog) and "already exists" in ask.body
    click_widget(app, next(b for b in ask.actions if b.text == "Replace"))
    assert app.scenes.top is scene
    assert (tmp_path / "mixed-levels-8-hands.jsonl").read_bytes() == original


def test_share_code_is_shown_selectable_and_copied(app: Any) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    click_row(app, scene, row_of(scene, "expert-table-4-hands-mobao-baozhongbao-huanbao"))
    click_widget(app, scene.controls["code"])
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    code = dialog.value
    _, events = decode_code(code)
    assert events == load(folder / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl").events
    assert dialog.note == "Copied to the clipboard" and pygame.scrap.get_text() == code
    click_widget(app, next(b for b in dialog.actions if b.text == "Close"))
    assert app.scenes.top is scene


def test_import_a_file_and_a_pasted_share_code(app: Any, tmp_path: Path) -> None:
    folder = app.paths.replays_dir
    scene = open_library(app)
    assert scene.list.entries == []
    assert any("No saved games yet" in d.text for d in scene.text.items)
    # a file from elsewhere, by its path
    source = tmp_path / "from-a-friend.jsonl"
    shutil.copy(SAMPLES / "expert-table-4-hands.jsonl", source)
    click_widget(app, scene.controls["import"])
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    type_text(app, f'"{source}"')  # a path copied with its quotes
    key(app, pygame.K_RETURN)
    assert app.scenes.top is scene and (folder / "from-a-friend.jsonl").is_file()
    assert scene.list.current is not None and scene.list.current.name == "from-a-friend"
    # a damaged code is refused in words; a good one pasted from the clipboard comes in
    loaded = load(SAMPLES / "mixed-levels-8-hands.jsonl")
    code = encode_code(loaded.header, loaded.events)
    click_widget(app, scene.controls["import"])
    dialog = app.scenes.top
    type_text(app, code[:-6])
    key(app, pygame.K_RETURN)
    assert app.scenes.top is dialog
    assert dialog.note == (
        "Nothing was imported: the share code is damaged or incomplete. Copy the whole code again."
    )
    pygame.scrap.put_text(code)
    click_widget(app, next(b for b in dialog.actions if b.text == "Paste"))
    assert dialog.value == code
    click_widget(app, next(b for b in dialog.actions if b.text == "Import"))
    assert app.scenes.top is scene
    imported = scene.list.current
    assert imported is not None and imported.name.startswith("shared-")
    assert load(imported.path).events == loaded.events
    assert len(list(folder.glob("*.jsonl"))) == 2


def test_continue_the_match_in_progress(app: Any) -> None:
    saved_match(app.paths.saves_dir)
    scene = open_library(app)
    current = scene.list.current
    assert current is not None and current.in_progress and current.status == "playing"
    assert not scene.controls["rename"].is_enabled and not scene.controls["delete"].is_enabled
    assert "The match in progress" in [d.text for d in scene.text.items]
    click_widget(app, scene.controls["continue"])
    # the saved match stopped at its hand's end: since issue 22 its result opens at once over the table
    assert isinstance(app.scenes.top, TableScene) or isinstance(app.scenes.scenes[-2], TableScene)


def test_statistics_for_the_person_and_for_a_seat(app: Any) -> None:
    folder = fill_folder(app)
    scene = open_library(app)
    click_widget(app, scene.controls["stats"])
    stats = app.scenes.top
    assert isinstance(stats, StatsScene) and stats.wait_loaded()
    step(app)
    assert stats.data is not None and stats.data.overall.totals.games == 0  # no person played these
    assert any("No games to count" in d.text for d in stats.text.items)
    east = next(b for b, v in stats.segments["whose"] if v == 0)
    click_widget(app, east)
    step(app)
    expected = folder_stats(folder, seat=0)
    assert stats.data.overall.totals.games == expected.totals.games == 3
    shown = [d.text for d in stats.text.items]
    assert per_hand(expected.totals.points, expected.totals.hands) in shown
    assert "Files left out: 1" in shown  # the broken one
    assert len(stats.data.games) == 3
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is scene


def test_a_jsonl_file_as_the_only_argument_opens_it_in_the_viewer(tmp_path: Path, capsys: Any) -> None:
    from game.cli.main import main
    from game.ui.app import parse_args, start_app
    from game.ui.kit.dialog import MessageDialog
    from game.ui.replay.viewer import ViewerScene
    from game.ui.screens.options import replay_file_argv

    with pytest.raises(SystemExit) as stop:
        main([str(tmp_path / "missing.jsonl")])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "missing.jsonl: the replay file does not exist" in err[0]
    source = tmp_path / "from-a-friend.jsonl"
    shutil.copy(SAMPLES / "mixed-levels-8-hands.jsonl", source)
    broken = tmp_path / "torn.jsonl"
    broken.write_text(BROKEN_TEXT, encoding="utf-8")
    logger = logging.getLogger("game")
    handlers = list(logger.handlers)  # start_app logs to this test's captured stderr: put them back after
    for argv, expect in (
        (replay_file_argv([str(source)]), ViewerScene),
        (replay_file_argv([str(broken)]), MessageDialog),  # said in a message over the menu
        (["--scene", "replays", "--replay", str(source)], ReplayLibraryScene),
    ):
        app = start_app(parse_args(argv))
        try:
            scene = app.scenes.top
            assert isinstance(scene, expect), argv
            step(app)
            if isinstance(scene, ViewerScene):
                cursor = scene.viewer.cursor
                assert scene.viewer.saved_as == source and cursor.position == cursor.hand_start(0)
            if isinstance(scene, MessageDialog):
                assert "torn.jsonl" in scene.error.details and "damaged" in scene.body
            if isinstance(scene, ReplayLibraryScene):
                assert scene.wait_loaded()
                assert scene.list.current is not None and scene.list.current.path == source
                assert scene.controls["open"].is_enabled and not scene.controls["rename"].is_enabled
        finally:
            app.shutdown()
            for handler in [h for h in logger.handlers if h not in handlers]:
                logger.removeHandler(handler)
                handler.close()

"""The replay library's dialogs: rename, delete (after asking), export to a path, import, share code.

Each function opens its dialog over the current screen and reports back through callbacks:
``say(text, problem)`` for the line under the list, and a callback with the file changed.
Problems are shown in the player's words (:mod:`game.ui.words.errors`; the program's own go to the log).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.replay.library import (
    LibraryError,
    ReplayEntry,
    delete_replay,
    export_replay,
    import_code,
    import_file,
    load,
    rename_replay,
)
from game.replay.share import ShareCodeError, encode_code, is_share_code
from game.ui.kit.error_dialog import report
from game.ui.kit.prompt import clipboard_text, copy_to_clipboard

if TYPE_CHECKING:
    from game.ui.scene import PromptBox, SceneApp

Say = Callable[[str, bool], None]
"""Shows a line under the list: (text, is it a problem)."""


def ask_rename(app: SceneApp, entry: ReplayEntry, renamed: Callable[[Path], None], say: Say) -> None:
    """Ask for a new name and rename the file; ``renamed`` gets the new path."""

    def rename(text: str) -> str | None:
        if not text.strip():
            return str(app.tr("replays.error.no_name"))
        try:
            path = rename_replay(entry.path, text)
        except LibraryError as exc:
            return report("rename", exc).text(app.lang)
        renamed(path)
        say(app.tr("replays.renamed", name=path.name), False)
        return None

    app.nav.prompt(
        app.tr("replays.rename_title"),
        app.tr("replays.rename_body"),
        ok=app.tr("dialog.ok"),
        on_submit=rename,
        text=entry.name,
    )


def ask_delete(app: SceneApp, entry: ReplayEntry, deleted: Callable[[], None], say: Say) -> None:
    """Ask before deleting a file; ``deleted`` runs once it is gone."""

    def delete() -> None:
        try:
            delete_replay(entry.path)
        except LibraryError as exc:
            say(report("delete", exc).text(app.lang), True)
            return
        deleted()
        say(app.tr("replays.deleted", name=entry.name), False)

    app.nav.ask(
        app.tr("replays.delete_title"),
        app.tr("replays.delete_body", name=entry.name),
        [(app.tr("replays.delete_button"), delete), (app.tr("dialog.cancel"), None)],
        width=520,
    )


def typed_path(text: str) -> Path:
    """A path as typed or pasted: spaces around it and one pair of quotes (a copied path) taken off."""
    text = text.strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1].strip()
    return Path(text).expanduser()


def export_target(text: str, name: str) -> Path:
    """The file an export writes for what was typed: the path, or ``name`` inside a folder."""
    target = typed_path(text)
    return target / name if target.is_dir() else target


def ask_export(app: SceneApp, entry: ReplayEntry, say: Say) -> None:
    """Ask where to, then copy the file there; a file already there is replaced only after asking."""
    dialog: list[PromptBox] = []

    def export(text: str) -> str | None:
        if not text.strip():
            return str(app.tr("replays.error.empty_path"))
        dest = export_target(text, entry.path.name)
        if not dest.parent.is_dir():
            return report("export", f"{dest.parent}: no such folder").text(app.lang)
        if dest.exists():
            dialog[0].close()
            _ask_replace(app, entry, dest, say)
            return None
        return _export(app, entry, dest, False, say)

    prompt = app.nav.prompt(
        app.tr("replays.export_title"),
        app.tr("replays.export_body"),
        ok=app.tr("replays.export_button"),
        on_submit=export,
        text=str(Path.home() / entry.path.name),
    )
    dialog.append(prompt)


def _export(app: SceneApp, entry: ReplayEntry, dest: Path, overwrite: bool, say: Say) -> str | None:
    try:
        written = export_replay(entry.path, dest, overwrite=overwrite)
    except LibraryError as exc:
        return report("export", exc).text(app.lang)
    say(app.tr("replays.exported", path=str(written)), False)
    return None


def _ask_replace(app: SceneApp, entry: ReplayEntry, dest: Path, say: Say) -> None:
    def replace() -> None:
        problem = _export(app, entry, dest, True, say)
        if problem:
            say(problem, True)

    app.nav.ask(
        app.tr("replays.replace_title"),
        app.tr("replays.replace_body", path=str(dest)),
        [(app.tr("replays.replace_button"), replace), (app.tr("dialog.cancel"), None)],
        width=560,
    )


def ask_import(app: SceneApp, folder: Path, imported: Callable[[Path], None], say: Say) -> None:
    """Ask for a share code or a file path and add that replay to ``folder``; ``imported`` gets its path."""

    def bring_in(text: str) -> str | None:
        text = text.strip()
        if not text:
            return str(app.tr("replays.error.empty_input"))
        try:
            if is_share_code(text):
                path = import_code(text, folder)
            else:
                path = import_file(typed_path(text), folder)  # a folder, a pipe ... is refused by name
        except LibraryError as exc:
            return report("import", exc).text(app.lang)
        imported(path)
        say(app.tr("replays.imported", name=path.name), False)
        return None

    def paste(dialog: PromptBox) -> None:
        text = clipboard_text()
        if text:
            dialog.set_value(text.strip())
        else:
            dialog.show_note(app.tr("replays.no_clipboard"), True)

    app.nav.prompt(
        app.tr("replays.import_title"),
        app.tr("replays.import_body"),
        ok=app.tr("replays.import_button"),
        on_submit=bring_in,
        extra=[(app.tr("replays.paste"), paste)],
        width=720,
    )


def show_code(app: SceneApp, entry: ReplayEntry, say: Say) -> None:
    """Show a replay's share code, selectable, and put it on the clipboard where there is one."""
    try:
        loaded = load(entry.path)
        code = encode_code(loaded.header, loaded.events)
    except (LibraryError, ShareCodeError) as exc:
        say(report("share", exc).text(app.lang), True)
        return

    def copy(dialog: PromptBox) -> None:
        ok = copy_to_clipboard(code)
        dialog.show_note(app.tr("replays.copied" if ok else "replays.no_clipboard"), not ok)

    dialog = app.nav.prompt(
        app.tr("replays.code_title"),
        app.tr("replays.code_body"),
        ok=app.tr("dialog.close"),
        on_submit=lambda _text: None,
        text=code,
        extra=[(app.tr("replays.copy"), copy)],
        cancel="",
        width=720,
    )
    copy(dialog)


__all__ = [
    "Say",
    "ask_delete",
    "ask_export",
    "ask_import",
    "ask_rename",
    "export_target",
    "show_code",
    "typed_path",
]

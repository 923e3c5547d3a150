"""The one whole-file write: the new text or the old file, never half of one, and no temp files left."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.atomic import write_atomic


def test_a_write_replaces_the_file_and_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "settings.json"
    write_atomic(target, "one\n")
    write_atomic(target, "二\n")
    assert target.read_text(encoding="utf-8") == "二\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["settings.json"]
    assert target.stat().st_mode & 0o777 == 0o644


def test_a_failed_rename_keeps_the_old_file_and_removes_the_temp(tmp_path: Path) -> None:
    target = tmp_path / "replay.jsonl"
    target.mkdir()  # a folder in the way: the rename must fail
    (target / "inside").write_text("old", encoding="utf-8")
    with pytest.raises(OSError):
        write_atomic(target, "new")
    assert (target / "inside").read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["replay.jsonl"]

"""The replay library on a temporary folder: list, sort, rename, delete, export, import, keep, continue."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.events import MatchEnded
from game.replay.header import ABANDONED, FINISHED, PLAYING
from game.replay.library import (
    BROKEN,
    SAVE_NAME,
    LibraryError,
    check_name,
    continuable,
    delete_replay,
    export_replay,
    import_code,
    import_file,
    keep_match,
    list_replays,
    rename_replay,
)
from game.replay.logfile import LogWriter, encode_log, load_log, save_log
from game.replay.share import encode_code
from tests.replay.helpers import recorded_match, write_match


@pytest.fixture
def library(tmp_path: Path) -> Path:
    folder = tmp_path / "replays"
    folder.mkdir()
    write_match(folder, "alpha", 31, levels=("greedy", "novice", "greedy", "random"), hands=2, person=0)
    write_match(folder, "beta", 32, levels=("greedy",) * 4, hands=1)
    return folder


def test_the_list_describes_each_match(library: Path) -> None:
    entries = list_replays(library, sort="name", descending=False)
    assert [e.name for e in entries] == ["alpha", "beta"]
    alpha = entries[0]
    assert alpha.players == ("human", "novice", "greedy", "random")
    assert alpha.status == FINISHED and alpha.finished
    assert alpha.hands == 2 and alpha.match_hands == 2 and alpha.preset == "standard"
    final = load_log(alpha.path).events[-1]
    assert isinstance(final, MatchEnded) and alpha.scores == tuple(final.scores)
    assert alpha.created == "2025-03-01T20:00:00" and alpha.person_seat() == 0
    row = alpha.to_json()
    assert {"file", "created", "finished", "hands", "players", "preset", "scores"} <= set(row)
    assert row["file"] == str(alpha.path)


def test_broken_files_are_listed_last_with_the_reason(library: Path) -> None:
    (library / "torn.jsonl").write_text('{"format":"harbin-mahjong-log","version":2}\n{"type":"ti', "utf-8")
    (library / "garbage.jsonl").write_bytes(b"\xff\xfe not text")
    (library / "deep.jsonl").write_text("[" * 50_000, "utf-8")
    (library / "future.jsonl").write_text('{"format":"harbin-mahjong-log","version":99}\n', "utf-8")
    (library / "notes.txt").write_text("not a replay", "utf-8")
    (library / "folder.jsonl").mkdir()
    entries = list_replays(library)
    names = [e.name for e in entries]
    assert names[:2] in (["alpha", "beta"], ["beta", "alpha"])
    broken = {e.name: e.problem for e in entries if e.status == BROKEN}
    assert set(broken) == {"torn", "garbage", "deep", "future", "folder"}
    assert all(problem and "\n" not in problem for problem in broken.values())
    assert "newer version" in broken["future"]
    assert "notes" not in names


def test_sort_keys(library: Path) -> None:
    by_hands = [e.name for e in list_replays(library, sort="hands")]
    assert by_hands == ["alpha", "beta"]
    assert [e.name for e in list_replays(library, sort="hands", descending=False)] == ["beta", "alpha"]
    for key in ("created", "name", "result", "preset", "status"):
        assert len(list_replays(library, sort=key)) == 2
    with pytest.raises(LibraryError, match="unknown sort key"):
        list_replays(library, sort="colour")


def test_a_missing_folder_lists_nothing(tmp_path: Path) -> None:
    assert list_replays(tmp_path / "nowhere") == []


def test_rename_is_atomic_and_refuses_collisions_and_bad_names(library: Path) -> None:
    alpha = library / "alpha.jsonl"
    before = alpha.read_bytes()
    renamed = rename_replay(alpha, "First win vs 高手")
    assert renamed == library / "First win vs 高手.jsonl" and renamed.read_bytes() == before
    assert not alpha.exists()
    with pytest.raises(LibraryError, match="already exists"):
        rename_replay(renamed, "beta")
    assert renamed.exists() and (library / "beta.jsonl").exists()
    for bad in ("", "  ", "a/b", "..", "x" * 200, "con", "what?", ".hidden", "tab\there"):
        with pytest.raises(LibraryError):
            rename_replay(renamed, bad)
    assert renamed.exists()
    assert rename_replay(renamed, "First win vs 高手.jsonl") == renamed
    with pytest.raises(LibraryError, match="no such replay"):
        rename_replay(library / "gone.jsonl", "other")


def test_check_name_adds_the_suffix() -> None:
    assert check_name(" final table ") == "final table.jsonl"
    assert check_name("x.jsonl") == "x.jsonl"


def test_delete(library: Path) -> None:
    delete_replay(library / "beta.jsonl")
    assert [e.name for e in list_replays(library)] == ["alpha"]
    with pytest.raises(LibraryError, match="no such replay"):
        delete_replay(library / "beta.jsonl")


def test_export_to_a_file_or_a_folder(library: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    copied = export_replay(library / "alpha.jsonl", out)
    assert copied == out / "alpha.jsonl" and copied.read_bytes() == (library / "alpha.jsonl").read_bytes()
    with pytest.raises(LibraryError, match="already exists"):
        export_replay(library / "alpha.jsonl", copied)
    named = export_replay(library / "alpha.jsonl", out / "for-a-friend.jsonl")
    assert load_log(named).events == load_log(library / "alpha.jsonl").events


def test_import_a_file_verifies_it_first(library: Path, tmp_path: Path) -> None:
    header, events = recorded_match(33, levels=("greedy",) * 4, hands=1)
    good = tmp_path / "from-a-friend.jsonl"
    save_log(good, events, header)
    added = import_file(good, library)
    assert added == library / "from-a-friend.jsonl" and load_log(added).events == events
    again = import_file(good, library)
    assert again == library / "from-a-friend-2.jsonl"
    bad = tmp_path / "tampered.jsonl"
    bad.write_text(encode_log(events[:6] + events[7:], header), "utf-8")
    with pytest.raises(LibraryError, match=r"tampered\.jsonl: event 6"):
        import_file(bad, library)
    with pytest.raises(LibraryError, match="no such file"):
        import_file(tmp_path / "nothing.jsonl", library)
    assert len(list_replays(library)) == 4


def test_import_a_share_code(library: Path) -> None:
    header, events = recorded_match(34, levels=("greedy",) * 4, hands=1)
    added = import_code(encode_code(header, events), library, name="shared by Li")
    loaded = load_log(added)
    assert added.name == "shared by Li.jsonl" and loaded.events == events and loaded.header == header
    with pytest.raises(LibraryError, match="share code"):
        import_code("HM1.AAAA", library)


def test_keep_match_marks_finished_and_abandoned(tmp_path: Path) -> None:
    saves, replays = tmp_path / "saves", tmp_path / "replays"
    header, events = recorded_match(35, levels=("greedy",) * 4, hands=1)
    save_log(saves / SAVE_NAME, events, header)
    kept = keep_match(saves / SAVE_NAME, replays)
    assert kept is not None and kept.name.startswith("match-") and not (saves / SAVE_NAME).exists()
    loaded = load_log(kept)
    assert loaded.header["status"] == FINISHED and loaded.header["ended"] and loaded.events == events
    cut = events[: len(events) // 2]
    with LogWriter(saves / SAVE_NAME, {**header, "status": PLAYING}, cut):
        pass
    assert continuable(saves) == saves / SAVE_NAME
    listed = list_replays(replays, saves_dir=saves)
    assert [e.in_progress for e in listed].count(True) == 1
    abandoned = keep_match(saves / SAVE_NAME, replays)
    assert abandoned is not None and abandoned.name.startswith("unfinished-")
    assert load_log(abandoned).header["status"] == ABANDONED and continuable(saves) is None
    assert {e.status for e in list_replays(replays)} == {FINISHED, ABANDONED}


def test_keep_match_moves_an_unreadable_save_as_it_is(tmp_path: Path) -> None:
    saves, replays = tmp_path / "saves", tmp_path / "replays"
    saves.mkdir()
    (saves / SAVE_NAME).write_bytes(b"\x00\x01 broken")
    kept = keep_match(saves / SAVE_NAME, replays)
    assert kept is not None and kept.read_bytes() == b"\x00\x01 broken"
    assert list_replays(replays)[0].status == BROKEN


def test_a_folder_that_cannot_be_listed_is_one_clear_error(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x", "utf-8")
    with pytest.raises(LibraryError, match="cannot list the folder"):
        list_replays(not_a_folder)


def test_keep_match_keeps_the_event_lines_byte_for_byte(tmp_path: Path) -> None:
    saves, replays = tmp_path / "saves", tmp_path / "replays"
    header, events = recorded_match(36, levels=("greedy",) * 4, hands=1)
    save_log(saves / SAVE_NAME, events[:20], {**header, "status": PLAYING})
    lines = (saves / SAVE_NAME).read_text("utf-8").splitlines()
    lines[5] = lines[5].replace(",", ", ")  # written by another hand
    (saves / SAVE_NAME).write_text("\n".join(lines) + "\n", "utf-8")
    kept = keep_match(saves / SAVE_NAME, replays)
    assert kept is not None
    kept_lines = kept.read_text("utf-8").splitlines()
    assert kept_lines[1:] == lines[1:] and load_log(kept).header["status"] == ABANDONED

"""The replay library on a temporary folder: list, sort, rename, delete, export, import, keep, continue."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from game.core.events import MatchEnded
from game.replay import share
from game.replay.checks import CACHE_NAME, CheckCache
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
from tests.replay.helpers import SAVES, recorded_match, write_match


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


def test_a_name_may_have_up_to_max_name_characters() -> None:
    from game.replay.library import MAX_NAME

    assert check_name("字" * MAX_NAME) == "字" * MAX_NAME + ".jsonl"
    assert check_name("x" * MAX_NAME + ".jsonl") == "x" * MAX_NAME + ".jsonl"  # the suffix is not counted
    with pytest.raises(LibraryError, match=rf"too long \({MAX_NAME + 1} characters; at most {MAX_NAME}\)"):
        check_name("x" * (MAX_NAME + 1))


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


# ---------------------------------------------------------------------------- files that read but lie
def tampered(path: Path) -> None:
    """Swap a discard's tile for another one the seat does not hold: the file still parses."""
    lines = path.read_text("utf-8").splitlines()
    i = next(i for i, line in enumerate(lines) if '"type":"tile_discarded"' in line)
    event = json.loads(lines[i])
    event["tile"] = (event["tile"] + 4 * 5) % 108
    lines[i] = json.dumps(event, separators=(",", ":"))
    path.write_text("\n".join(lines) + "\n", "utf-8")


def test_a_finished_match_that_was_tampered_with_is_listed_as_broken_with_the_reason(library: Path) -> None:
    tampered(library / "alpha.jsonl")
    lines = (library / "beta.jsonl").read_text("utf-8").splitlines()
    header = json.loads(lines[0])
    header["hands"] = 9  # the header lies about the match
    (library / "liar.jsonl").write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", "utf-8")
    entries = {e.name: e for e in list_replays(library)}
    assert entries["beta"].status == FINISHED
    alpha, liar = entries["alpha"], entries["liar"]
    assert alpha.status == BROKEN and "alpha.jsonl: event " in alpha.problem and "refused" in alpha.problem
    assert liar.status == BROKEN and "line 1: the header's hands (9)" in liar.problem
    assert [e.name for e in list_replays(library)][-2:] == ["alpha", "liar"]  # broken files last


def test_verdicts_are_cached_by_size_and_time(
    library: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import game.replay.checks as checks

    asked: list[str] = []
    real = checks.log_problem

    def counting(loaded: Any) -> str:
        asked.append(loaded.path.name)
        return real(loaded)

    monkeypatch.setattr(checks, "log_problem", counting)
    cache_file = tmp_path / "data" / CACHE_NAME
    cache_file.parent.mkdir()
    first = list_replays(library, checks=CheckCache.open(cache_file))
    assert sorted(asked) == ["alpha.jsonl", "beta.jsonl"] and cache_file.is_file()
    asked.clear()
    assert list_replays(library, checks=CheckCache.open(cache_file)) == first and asked == []  # all cached
    tampered(library / "alpha.jsonl")  # a change of content: size or time differ
    again = {e.name: e for e in list_replays(library, checks=CheckCache.open(cache_file))}
    assert asked == ["alpha.jsonl"] and again["alpha"].status == BROKEN
    asked.clear()
    stat = (library / "beta.jsonl").stat()
    os.utime(library / "beta.jsonl", ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))  # touched only
    list_replays(library, checks=CheckCache.open(cache_file))
    assert asked == ["beta.jsonl"]
    # a cache file that is no cache is started afresh (and never trusted)
    for garbage in ("[1, 2", '{"version": 1, "files": {"x": [1, 2]}}', '"x"', "{}", "\xff"):
        cache_file.write_text(garbage, "utf-8")
        asked.clear()
        assert [e.status for e in list_replays(library, checks=CheckCache.open(cache_file))] == [
            FINISHED,
            BROKEN,
        ]
        assert sorted(asked) == ["alpha.jsonl", "beta.jsonl"]
    cache_file.unlink()
    cache_file.mkdir()  # cannot be written: listing goes on
    assert len(list_replays(library, checks=CheckCache.open(cache_file))) == 2


def test_an_imported_version_1_file_keeps_its_own_date(library: Path, tmp_path: Path) -> None:
    v1 = tmp_path / "old.jsonl"
    v1.write_bytes((SAVES / "expert-table-4-hands.jsonl").read_bytes())
    assert (
        '"version":1' in v1.read_text("utf-8").splitlines()[0]
        and "created" not in v1.read_text("utf-8")[:200]
    )
    when = time.mktime((2024, 11, 3, 19, 30, 5, 0, 0, -1))
    os.utime(v1, (when, when))
    added = import_file(v1, library)
    assert load_log(added).header["created"] == "2024-11-03T19:30:05"
    entry = next(e for e in list_replays(library) if e.path == added)
    assert entry.created == "2024-11-03T19:30:05" and entry.status == FINISHED


def test_a_share_code_whose_header_does_not_fit_its_match_is_refused(library: Path) -> None:
    header, events = recorded_match(36, levels=("greedy",) * 4, hands=1)
    odd_ones: list[dict[str, Any]] = [
        {"players": ["greedy"] * 7},
        {"hands": -5},
        {"seed": header["seed"] + 1},
        {"preset": "S9"},
        {"status": "won"},
        {"created": "yesterday"},
        {"levels": ["greedy"]},
        {"ai_seeds": ["x", 1, 2, 3]},
        {"kind": 7},
        {"branch": {"index": -3}},
        {"rules": {**header["rules"], "max_melds": 2}},
    ]
    for odd in odd_ones:
        code = share.pack(_payload_with_header({**header, **odd}, events))
        with pytest.raises(LibraryError, match="header does not fit its match") as info:
            import_code(code, library)
        assert "\n" not in str(info.value)
    assert len(list_replays(library)) == 2


def _payload_with_header(header: dict[str, Any], events: tuple[Any, ...]) -> bytes:
    """A share code's payload with another header (its checksum made right by ``pack``)."""
    payload = share.unpack(encode_code(header | {"kind": "match"}, events))
    old = json.dumps(header | {"kind": "match"}, ensure_ascii=False, separators=(",", ":")).encode()
    new = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
    assert payload.startswith(_varint(len(old)) + old)
    return _varint(len(new)) + new + payload[len(_varint(len(old))) + len(old) :]


def _varint(n: int) -> bytes:
    out = bytearray()
    while n >= 0x80:
        out.append(0x80 | n & 0x7F)
        n >>= 7
    out.append(n)
    return bytes(out)

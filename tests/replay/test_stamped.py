"""The stamped caches (library verdicts, review ratings): rows of the right shape are read back, anything
else is left out, and a cache that cannot be written says so without raising."""

from __future__ import annotations

import json
from pathlib import Path

from game.replay.stamped import read_stamped, stamp_of, write_stamped


def is_text(answer: object) -> bool:
    return isinstance(answer, str)


def test_rows_written_are_read_back(tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    rows = {"/a.jsonl": ((10, 20), "ok"), "/b.jsonl": ((0, 5), "event 3: refused")}
    assert write_stamped(cache, "test cache", 1, rows)
    assert read_stamped(cache, "test cache", 1, is_text) == rows


def test_rows_of_another_shape_and_other_versions_are_left_out(tmp_path: Path) -> None:
    cache = tmp_path / "cache.json"
    files = {
        "good": [1, 2, "ok"],
        "negative size": [-1, 2, "ok"],
        "bool time": [1, True, "ok"],
        "short": [1, 2],
        "wrong answer": [1, 2, 3],
        "not a list": "ok",
    }
    cache.write_text(json.dumps({"version": 1, "files": files}), encoding="utf-8")
    assert read_stamped(cache, "test cache", 1, is_text) == {"good": ((1, 2), "ok")}
    assert read_stamped(cache, "test cache", 2, is_text) == {}


def test_a_missing_or_broken_cache_is_empty(tmp_path: Path) -> None:
    assert read_stamped(tmp_path / "none.json", "test cache", 1, is_text) == {}
    broken = tmp_path / "broken.json"
    broken.write_bytes(b"\xff{not json")
    assert read_stamped(broken, "test cache", 1, is_text) == {}
    assert read_stamped(None, "test cache", 1, is_text) == {}


def test_a_cache_that_cannot_be_written_returns_false(tmp_path: Path) -> None:
    folder = tmp_path / "a folder where the file should be"
    folder.mkdir()
    assert not write_stamped(folder, "test cache", 1, {"x": ((1, 2), "ok")})


def test_a_stamp_is_the_size_and_time_of_the_file(tmp_path: Path) -> None:
    f = tmp_path / "r.jsonl"
    f.write_text("abc", encoding="utf-8")
    stamp = stamp_of(f)
    assert stamp is not None and stamp[0] == 3
    assert stamp_of(tmp_path / "missing") is None

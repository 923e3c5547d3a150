"""The sample replays shipped in saves/: every file verifies, their names say true things, and between
them they show a 摸宝, a 宝中宝 and a 换宝."""

from __future__ import annotations

import re
from pathlib import Path

from game.core.events import BaoReplaced, Event, Hu, RoundStarted
from game.replay.logfile import load_log
from game.replay.verify import verify_events
from tests.replay.helpers import SAVES

FILES = sorted(SAVES.glob("*.jsonl"))


def happenings(events: tuple[Event, ...]) -> set[str]:
    out = {f"hu:{e.kind}" for e in events if isinstance(e, Hu)}
    if any(isinstance(e, BaoReplaced) for e in events):
        out.add("huanbao")
    return out


def test_every_sample_verifies() -> None:
    assert len(FILES) >= 3
    for path in FILES:
        loaded = load_log(path)
        assert loaded.warnings == (), path
        result = verify_events(loaded.events)
        assert result.ok, (path.name, result.index, result.error)


def test_the_samples_show_mobao_baozhongbao_and_huanbao() -> None:
    seen: set[str] = set()
    for path in FILES:
        seen |= happenings(load_log(path).events)
    assert {"hu:mobao", "hu:baozhongbao", "huanbao"} <= seen


def test_sample_names_are_honest() -> None:
    words = {"mobao": "hu:mobao", "baozhongbao": "hu:baozhongbao", "huanbao": "huanbao"}
    for path in FILES:
        loaded = load_log(path)
        name = path.stem
        parts = set(name.split("-"))
        shown = happenings(loaded.events)
        for word, fact in words.items():
            if word in parts:
                assert fact in shown, (name, word)
        hands = re.search(r"(\d+)-hands", name)
        if hands:
            assert sum(isinstance(e, RoundStarted) for e in loaded.events) == int(hands.group(1)), name
        if name.startswith("expert-table"):
            assert loaded.header["players"] == ["expert"] * 4, name


def test_the_readme_names_every_sample() -> None:
    readme = (SAVES / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert path.name in readme, path.name
    assert Path(SAVES / "README.md").is_file()

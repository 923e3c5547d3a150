"""Continue trusts nothing it has not checked (game.saves): illegal events, a header that disagrees with
the log, an oversized file, a move cut short; and a data folder that cannot be written."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import game.safe_read
import game.saves
from game.core.events import TileDiscarded
from game.core.rules import PRESETS, RuleSet
from game.host.session import Session
from game.match_config import MatchConfig
from game.paths import AppPaths
from game.replay.logfile import MAX_LOG_BYTES
from game.saves import (
    SaveError,
    SaveInfo,
    check_save,
    find_save,
    header_problem,
    recorded_preset,
    save_path,
    storage_problem,
)


def saved_match(folder: Path, moves: int = 30, hands: int = 4, seed: int = 3) -> Path:
    """A match in progress saved in ``folder/saves`` (AI seats, seat 0 by a seeded random chooser)."""
    session = Session.new(MatchConfig(("normal", "novice", "expert"), RuleSet(), hands, seed=seed), folder)
    rng = random.Random(seed)
    for _ in range(moves):
        if session.host.round_over:
            break
        if session.host.person_pending():
            session.host.submit(rng.choice(session.host.legal()))
        else:
            session.host.run_ai(session.host.ai_pending()[0])
    session.close()
    assert session.path is not None
    return session.path


def rewrite(path: Path, line_no: int, change: dict[str, object]) -> None:
    """Change fields of one line (1-based) of a log file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    obj = json.loads(lines[line_no - 1])
    obj.update(change)
    lines[line_no - 1] = json.dumps(obj, ensure_ascii=False)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_save_with_an_illegal_event_is_not_offered(tmp_path: Path) -> None:
    path = saved_match(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    line_no = next(
        n for n, text in enumerate(lines, start=1) if n > 4 and json.loads(text)["type"] == "tile_discarded"
    )
    seat = json.loads(lines[line_no - 1])["seat"]
    rewrite(path, line_no, {"seat": (seat + 1) % 4})
    found = find_save(tmp_path)
    assert isinstance(found, str) and str(path) in found and f"line {line_no}:" in found
    with pytest.raises(SaveError, match=f"line {line_no}:"):
        Session.resume(path)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hands": 16}, "hands (16)"),
        ({"preset": ["x"]}, "no rule preset"),
        ({"preset": "S4"}, "preset 'S4' disagrees"),
        ({"rules": PRESETS["S1"].to_dict()}, "rules"),
        ({"players": ["human", "x", "y", "z"]}, "players"),
        ({"levels": ["strong", "novice", "expert"]}, "level for seat 1 ('strong')"),
        ({"seed": 4}, "seed (4)"),
        ({"kind": "hand"}, "not a saved match"),
    ],
)
def test_a_header_that_disagrees_with_the_log_is_refused(
    tmp_path: Path, change: dict[str, object], words: str
) -> None:
    path = saved_match(tmp_path, moves=5)
    rewrite(path, 1, change)
    found = find_save(tmp_path)
    assert isinstance(found, str) and found.startswith(f"{path}: line 1: ") and words in found, found


def test_a_header_without_preset_or_levels_takes_them_from_the_log(tmp_path: Path) -> None:
    path = saved_match(tmp_path, moves=5)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    del header["preset"], header["levels"]
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    checked = check_save(path)
    assert checked.preset == "standard" and checked.levels == ("normal", "novice", "expert")
    assert header_problem(header, checked.events[0]) == ""  # type: ignore[arg-type]


def test_a_match_with_rules_of_no_preset_is_saved_as_custom(tmp_path: Path) -> None:
    rules = RuleSet().replace(base_zimo=3)
    session = Session.new(MatchConfig(("normal",) * 3, rules, 2, seed=1, preset="standard"), tmp_path)
    session.close()
    assert check_save(save_path(tmp_path)).preset == "custom"
    assert recorded_preset("S2", PRESETS["S2"].to_dict()) == "S2"
    assert recorded_preset("standard", PRESETS["S2"].to_dict()) == "S2"


def test_an_oversized_save_is_refused_without_reading_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_match(tmp_path, moves=5)
    os.truncate(path, 50 * 2**20)  # a 50 MB file (sparse: nothing to write)

    class NoRead:
        """The os module for the guarded reader, except that reading a byte fails the test."""

        def __getattr__(self, name: str) -> object:
            return getattr(os, name)

        def read(self, fd: int, n: int) -> bytes:
            raise AssertionError("an oversized save was read")

    monkeypatch.setattr(game.safe_read, "os", NoRead())
    found = find_save(tmp_path)
    assert isinstance(found, str) and str(path) in found and "50.0 MB" in found
    assert "too big for a save file" in found and f"at most {MAX_LOG_BYTES / 2**20:.1f} MB" in found


def test_find_save_describes_a_good_save_and_what_continue_will_drop(tmp_path: Path) -> None:
    path = saved_match(tmp_path, moves=12)
    full = check_save(path).events
    info = find_save(tmp_path)
    assert isinstance(info, SaveInfo) and info.hands == 4 and info.warnings == ()
    assert info.levels == ("normal", "novice", "expert") and info.preset == "standard"
    # cut inside the batch of the last decision: Continue says what it drops, resume drops it
    last = max(i for i, e in enumerate(full) if isinstance(e, TileDiscarded) and not e.auto)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[: last + 2]), encoding="utf-8")  # header + events[: last + 1]
    info = find_save(tmp_path)
    assert isinstance(info, SaveInfo) and any("cut short were dropped" in w for w in info.warnings)
    resumed = Session.resume(path)
    assert resumed.warnings == info.warnings and len(resumed.game.events) <= last


def test_storage_problem_names_the_folder(tmp_path: Path) -> None:
    assert storage_problem(AppPaths.under(tmp_path / "home")) is None
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    problem = storage_problem(AppPaths.under(blocker))
    assert problem is not None and str(blocker) in problem


def test_a_new_match_in_an_unwritable_folder_plays_without_saving(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    config = MatchConfig(("normal",) * 3, RuleSet(), 1, seed=2)
    session = Session.new(config, blocker / "saves", blocker / "replays")
    assert session.path is None and any("cannot save" in w for w in session.warnings)
    while not session.host.over:
        if session.host.round_over:
            session.advance()
        elif session.host.person_pending():
            session.host.submit(session.host.legal()[0])
        else:
            session.host.run_ai(session.host.ai_pending()[0])
    assert session.saved_as is None and blocker.read_text(encoding="utf-8") == "x"

"""The sample replays in the library: their titles, their place in the list, and each hand's note."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from game.core.events import BaoReplaced, Hu, RoundStarted
from game.core.records import hand_records
from game.replay.highlights import hand_notes
from game.replay.library import BROKEN, list_replays, sort_entries
from game.replay.logfile import load_log, save_log
from game.replay.samples import INDEX_NAME, SampleIndexError, read_titles, titles_or_none
from tests.replay.helpers import SAVES, recorded_match, write_match

SAMPLE_FILES = sorted(p.name for p in SAVES.glob("*.jsonl"))


def test_every_shipped_sample_has_a_title_in_both_languages() -> None:
    titles = read_titles(SAVES)
    assert sorted(titles) == SAMPLE_FILES
    for names in titles.values():
        assert names["zh"] and names["en"] and names["zh"] != names["en"]


def test_samples_are_listed_after_the_players_own_games_and_marked(tmp_path: Path) -> None:
    own = tmp_path / "replays"
    own.mkdir()
    write_match(own, "mine", 41, levels=("greedy",) * 4, hands=1, person=0)
    (own / "broken.jsonl").write_text("not a replay\n", encoding="utf-8")
    for key in ("created", "name", "hands", "result"):
        for descending in (True, False):
            entries = list_replays(own, sort=key, descending=descending, samples=SAVES)
            assert entries[0].name == "mine"
            assert entries[-1].status == BROKEN and not entries[-1].sample
            samples = entries[1:-1]
            assert sorted(e.path.name for e in samples) == SAMPLE_FILES
            assert all(e.sample and e.titles for e in samples)
            assert not entries[0].sample and not entries[0].titles
    # without the samples' folder the library is the player's own
    assert [e.name for e in list_replays(own, sort="name", descending=False)] == ["mine", "broken"]


def test_samples_are_sorted_among_themselves(tmp_path: Path) -> None:
    entries = list_replays(tmp_path / "none", sort="hands", descending=True, samples=SAVES)
    assert [e.hands for e in entries] == sorted((e.hands for e in entries), reverse=True)
    again = sort_entries(list(reversed(entries)), "hands", True)
    assert [e.hands for e in again] == [e.hands for e in entries]


def test_a_bad_index_names_the_file_and_the_samples_keep_their_file_names(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = tmp_path / "samples"
    folder.mkdir()
    (folder / "one.jsonl").write_bytes((SAVES / SAMPLE_FILES[0]).read_bytes())
    index = folder / INDEX_NAME
    for text, problem in (
        ("{", "JSON"),
        (json.dumps({"version": 2, "samples": []}), "version"),
        (json.dumps({"version": 1, "samples": [{"zh": "一", "en": "one"}]}), '"file"'),
        (json.dumps({"version": 1, "samples": [{"file": "one.jsonl", "zh": "一"}]}), '"en"'),
    ):
        index.write_text(text, encoding="utf-8")
        with pytest.raises(SampleIndexError) as caught:
            read_titles(folder)
        assert str(index) in str(caught.value) and problem in str(caught.value)
        with caplog.at_level(logging.WARNING):
            assert titles_or_none(folder) == {}
        assert str(index) in caplog.text
        (entry,) = list_replays(tmp_path / "none", samples=folder)
        assert entry.sample and entry.titles == {} and entry.name == "one"
    index.unlink()
    assert read_titles(folder) == {}


@pytest.mark.parametrize("name", SAMPLE_FILES)
def test_each_hands_note_agrees_with_the_hand_records(name: str) -> None:
    events = load_log(SAVES / name).events
    notes = hand_notes(events)
    records = hand_records(events)
    assert len(notes) == sum(isinstance(e, RoundStarted) for e in events) == len(records)
    for note, record in zip(notes, records, strict=True):
        assert (note.hand_no, note.outcome, note.winner) == (record.hand_no, record.outcome, record.winner)
        assert note.also_won == record.also_won


def test_the_mobao_sample_shows_its_three_bao_moments() -> None:
    """saves/README.md: hand 1 a 摸宝, hand 2 a 宝中宝, hand 3 another 摸宝, hand 4 a 换宝 then a win on a
    discard."""
    events = load_log(SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl").events
    notes = hand_notes(events)
    assert [n.outcome for n in notes] == ["mobao", "baozhongbao", "mobao", "ron"]
    assert [n.bao_replaced for n in notes] == [0, 0, 0, 1]
    wins = [e for e in events if isinstance(e, Hu)]
    firsts = [(w.seat, w.from_seat, w.kadang) for w in wins]
    assert [(n.winner, n.from_seat, n.kadang) for n in notes] == firsts
    assert sum(isinstance(e, BaoReplaced) for e in events) == 1


def test_a_log_cut_in_a_hand_ends_with_an_unfinished_note(tmp_path: Path) -> None:
    header, events = recorded_match(43, levels=("greedy",) * 4, hands=2)
    second = [i for i, e in enumerate(events) if isinstance(e, RoundStarted)][1]
    cut = events[: second + 5]
    notes = hand_notes(cut)
    assert len(notes) == 2 and notes[-1].outcome == "unfinished" and notes[-1].winner is None
    assert notes[0].outcome != "unfinished"
    save_log(tmp_path / "cut.jsonl", cut, header)
    assert hand_notes(load_log(tmp_path / "cut.jsonl").events) == notes

"""The match host for the table (game.host.session), no pygame: play, autosave, resume, why-not, panels."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from game.core.actions import Chi, Discard, Hu, Peng, Refusal
from game.core.events import Hu as HuEvent
from game.core.match import Game
from game.core.records import hand_records
from game.core.rules import RuleSet
from game.core.state import fold
from game.core.view import HIDDEN
from game.host.match import HUMAN
from game.host.session import Session
from game.match_config import MatchConfig
from game.replay.logfile import load_log
from game.saves import SaveError, SaveInfo, find_save, save_path
from game.table.figures import bao_panel, unseen_counts, winning_shape
from tests.table_fixtures import scripted_session


def play(session: Session, rng: random.Random, human_moves: int | None = None) -> int:
    """Play on (the person's seat by a seeded random chooser) until the match ends or enough moves."""
    moves = 0
    while not session.host.over:
        if session.host.round_over:
            session.advance()
        elif session.host.person_pending():
            if human_moves is not None and moves >= human_moves:
                return moves
            legal = session.host.legal()
            assert legal
            result = session.host.submit(rng.choice(legal))
            assert not isinstance(result, Refusal), result
            moves += 1
        else:
            session.host.run_ai(session.host.ai_pending()[0])
    return moves


def new_session(tmp_path: Path, seed: int = 7, hands: int = 2) -> Session:
    config = MatchConfig(("normal", "novice", "expert"), RuleSet(), hands, seed=seed)
    return Session.new(config, tmp_path / "saves", tmp_path / "replays")


def test_a_whole_match_through_the_session(tmp_path: Path) -> None:
    session = new_session(tmp_path, hands=3)
    moves = play(session, random.Random(1))
    assert session.host.over and moves > 5
    records = hand_records(session.game.events)
    assert [r.hand_no for r in records] == [0, 1, 2]
    assert sum(session.game.state.scores) == 0
    # the finished match went to the replays folder and nothing is left to continue
    assert session.saved_as is not None and session.saved_as.parent == tmp_path / "replays"
    assert find_save(tmp_path / "saves") == "none"
    replay = load_log(session.saved_as)
    assert list(replay.events) == session.game.events
    assert replay.header["levels"] == ["normal", "novice", "expert"] and replay.header["seed"] == 7


def test_autosave_writes_one_line_per_event(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    play(session, random.Random(2), human_moves=5)
    path = save_path(tmp_path / "saves")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(session.game.events)
    header = load_log(path).header
    assert header["kind"] == "match" and header["rules"] == RuleSet().to_dict() and header["hands"] == 2
    assert header["players"] == ["human", "normal", "novice", "expert"]


def test_continue_resumes_exactly(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=11)
    play(session, random.Random(3), human_moves=8)
    session.close()
    info = find_save(tmp_path / "saves")
    assert isinstance(info, SaveInfo) and info.hands == 2 and info.levels == ("normal", "novice", "expert")
    resumed = Session.resume(save_path(tmp_path / "saves"), tmp_path / "replays")
    assert resumed.game.state == session.game.state
    assert resumed.game.events == session.game.events
    assert resumed.cursor.behind == 0 and resumed.cursor.view(HUMAN) == session.host.view()
    assert resumed.host.legal() == session.host.legal()
    # and it plays on to the end from there
    play(resumed, random.Random(4))
    assert resumed.host.over


def test_a_torn_last_line_is_dropped_never_the_file(tmp_path: Path) -> None:
    session = new_session(tmp_path, seed=5)
    play(session, random.Random(5), human_moves=6)
    session.close()
    path = save_path(tmp_path / "saves")
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2], encoding="utf-8")
    resumed = Session.resume(path)
    assert resumed.warnings and "incomplete last line" in resumed.warnings[0]
    # the torn line is gone; if that left a move half-done, the log is cut back to the move's start
    kept = len(resumed.game.events)
    assert resumed.game.events == session.game.events[:kept] and kept >= len(session.game.events) - 4
    assert resumed.game.state == fold(session.game.events[:kept])
    assert resumed.host.pending() or resumed.host.round_over
    # the file was rewritten without the torn line and keeps growing from there
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert load_log(path).warnings == ()
    play(resumed, random.Random(6), human_moves=3)
    assert load_log(path).events == tuple(resumed.game.events)


def test_a_log_cut_inside_a_move_resumes_at_the_move(tmp_path: Path) -> None:
    session = scripted_session(saves_dir=tmp_path)
    view = session.host.view()
    events = session.host.submit(Discard(next(t for t in view.hand if t >> 2 == 9)))
    assert isinstance(events, list) and [e.type for e in events] == ["tile_discarded", "tile_drawn"]
    session.close()
    path = save_path(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:-1]), encoding="utf-8")  # killed after the discard was written
    resumed = Session.resume(path)
    assert any("cut short" in w for w in resumed.warnings)
    assert resumed.host.person_pending() and resumed.host.view().hand == view.hand  # discards again
    assert len(load_log(path).events) == len(resumed.game.events)


def test_find_save_says_why_there_is_nothing_to_continue(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    assert find_save(saves) == "none"
    saves.mkdir()
    save_path(saves).write_text("not json\n", encoding="utf-8")
    problem = find_save(saves)
    assert isinstance(problem, str) and "line 1" in problem
    with pytest.raises(SaveError, match="line 1"):
        Session.resume(save_path(saves))


def test_a_new_match_keeps_the_old_one_as_an_unfinished_replay(tmp_path: Path) -> None:
    first = new_session(tmp_path, seed=1)
    play(first, random.Random(1), human_moves=2)
    first.close()
    second = new_session(tmp_path, seed=2)
    assert [p.name.split("-")[0] for p in (tmp_path / "replays").iterdir()] == ["unfinished"]
    assert second.game.state.seed == 2


def test_why_not_reasons_come_from_the_engine() -> None:
    session = scripted_session()
    reasons = session.menu().reasons
    ting = reasons["ting"]
    assert ting.code == "ting_not_allowed" and "not_open" in ting.blockers
    assert reasons["hu"].code == "not_a_win"
    view = session.host.view()
    one_p = next(t for t in view.hand if t >> 2 == 9)
    assert session.menu().explain(Discard(one_p)) is None
    refusal = session.menu().why_not_discard(one_p, ting=True)
    assert refusal is not None and refusal.code == "ting_not_allowed"
    session.host.submit(Discard(one_p))
    # now the table waits for the AIs: everything the player tries is "not your turn"
    assert not session.host.person_pending()
    refusal = session.menu().why_not_discard(view.hand[0])
    assert refusal is not None and refusal.code == "not_your_turn"
    assert {r.code for r in session.menu().reasons.values()} == {"not_your_turn"}


def test_scripted_hand_claim_ting_and_win() -> None:
    session = scripted_session()
    view = session.host.view()
    session.host.submit(Discard(next(t for t in view.hand if t >> 2 == 9)))
    while not session.host.person_pending():
        session.host.run_ai(session.host.ai_pending()[0])
    actions = session.menu().buttons
    assert [type(a) for a in actions["peng"]] == [Peng] and actions["pass"]
    assert actions["ting"] and all(a.ting for a in actions["ting"])  # type: ignore[attr-defined]
    assert session.host.submit(actions["peng"][0])
    options = session.menu().ting_options
    assert 27 in options and {w.kind for w in options[27].waits} == {23, 26}
    zhong = next(t for t in session.host.view().hand if t >> 2 == 27)
    # after 听 a chi/peng is refused with its reason
    session.host.submit(Discard(zhong, ting=True))
    assert session.host.view().ting[HUMAN]
    panel = bao_panel(session.host.view())
    assert panel.bao is not None and [w.kind for w in panel.waits] == [23, 26]
    assert panel.winning_unseen == sum(unseen_counts(session.host.view())[k] for k in {23, 26, panel.bao})
    assert 0 < panel.win_chance < 1
    assert getattr(session.menu().explain(Chi(())), "code", None) in ("listening_locked", "not_your_turn")
    while not session.host.person_pending():
        session.host.run_ai(session.host.ai_pending()[0])
    assert getattr(session.menu().explain(Peng(())), "code", None) == "listening_locked"
    assert session.menu().buttons["hu"] == (Hu(),)
    events = session.host.submit(Hu())
    assert isinstance(events, list) and isinstance(events[0], HuEvent) and events[0].kind == "zimo"
    shape = winning_shape(session.host.view())
    assert shape is not None and shape.seat == HUMAN and shape.pair == 26 and len(shape.sets) == 3
    assert session.host.round_over and [r.outcome for r in hand_records(session.game.events)] == ["zimo"]


def test_the_display_cursor_shows_events_as_seat_zero_sees_them() -> None:
    session = scripted_session()
    assert session.cursor.behind == 1  # round_started is still to be shown
    view = session.host.view()
    session.host.submit(Discard(next(t for t in view.hand if t >> 2 == 9)))
    while not session.host.person_pending():
        session.host.run_ai(session.host.ai_pending()[0])
    seen = []
    while session.show_next() is not None:
        seen.append(session.cursor.seen(HUMAN))
    assert session.cursor.view(HUMAN) == session.host.view() and session.caught_up
    assert session.cursor.state is session.game.state  # the engine's own state: the display folded nothing
    other_draws = [e for e in seen if e is not None and e.type == "tile_drawn"]
    assert other_draws and all(e.tile == HIDDEN for e in other_draws)  # type: ignore[attr-defined]
    assert all(e is None or e.type != "round_started" or not e.wall for e in seen)  # type: ignore[attr-defined]


def test_ai_jobs_see_only_their_view_and_stale_decisions_are_ignored() -> None:
    session = scripted_session()
    view = session.host.view()
    session.host.submit(Discard(next(t for t in view.hand if t >> 2 == 9)))
    seat = session.host.ai_pending()[0]
    job = session.host.ai_job(seat)
    assert job.view.seat == seat and job.view.hand == session.game.state.hands[seat]
    assert job.view.bao is None  # nobody listens yet
    # the decision may be computed on another thread
    out: list[object] = []
    worker = threading.Thread(target=lambda: out.append(job.run()))
    worker.start()
    worker.join()
    decision = out[0]
    stale = session.host.ai_job(seat)
    assert session.host.apply_ai(job, decision) is not None  # type: ignore[arg-type]
    assert session.host.apply_ai(stale, decision) is None  # type: ignore[arg-type]


def test_unknown_ai_levels_get_a_stand_in() -> None:
    game = Game.new(3, RuleSet(), hands=1, players=("human", "normal", "grandmaster", "expert"))
    session = Session.from_game(game, levels=("normal", "grandmaster", "expert"))
    assert 2 in session.host.stand_ins
    assert session.host.seat_levels()[2] == "random"


def test_unseen_counts_and_bao_panel_add_up() -> None:
    session = scripted_session()
    view = session.host.view()
    unseen = unseen_counts(view)
    assert sum(unseen) == 112 - len(view.visible_tiles())
    panel = bao_panel(view)
    assert panel.waits == () and panel.bao is None and panel.unseen_total == sum(unseen)

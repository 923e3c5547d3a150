"""The replay viewer, driven by posted mouse and key events: opened from the library, seeking on the progress
bar, stepping back over a hand boundary (with that hand's result), play and pause, another seat, every hand
open, the review's marks and the next/previous difference, and a what-if branch made, saved and opened."""

from __future__ import annotations

import shutil
from dataclasses import replace
from typing import Any

import pygame

from game.core.tiles import kind_of
from game.replay.library import load
from game.replay.notation import parse_move
from game.replay.review import review
from game.replay.whatif import resolve_source
from game.ui.kit.theme import COLOURS
from game.ui.replay.review_panel import ReviewPanel
from game.ui.replay.viewer import ViewerScene
from game.ui.words.replay_words import move_words
from tests.ui.harness import click, click_widget, key, record_text, step
from tests.ui.test_replay_library import SAMPLES, open_library, row_of

SAMPLE = "mixed-levels-8-hands"


def open_viewer(app: Any) -> ViewerScene:
    """Copy a sample into the library and press Watch on it."""
    shutil.copy(SAMPLES / f"{SAMPLE}.jsonl", app.paths.replays_dir / f"{SAMPLE}.jsonl")
    library = open_library(app)
    library.select(row_of(library, SAMPLE))
    click_widget(app, library.controls["open"])
    viewer = app.scenes.top
    assert isinstance(viewer, ViewerScene)
    step(app, 2)
    return viewer


def settle(app: Any, viewer: ViewerScene) -> None:
    """Run frames until the table shows where the cursor stands."""
    for _ in range(40):
        step(app, dt=0.1)
        if not viewer.busy and viewer.shown_at == viewer.viewer.cursor.position:
            return
    raise AssertionError(
        f"the table never caught up: shown {viewer.shown_at}, cursor {viewer.viewer.cursor.position}, "
        f"animating {viewer.animator.busy}, caught up {viewer.viewer.caught_up}"
    )


def choose_level(app: Any, viewer: ViewerScene, level: str) -> Any:
    """Click a review level and wait for its review."""
    button = next(b for b, v in viewer.review.level_buttons if v == level)
    click_widget(app, button)
    found = viewer.review.jobs.wait(viewer.viewer.seat, level)
    step(app)
    return found


def test_seek_on_the_bar_and_step_back_over_a_hand_boundary(app: Any) -> None:
    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    bar = viewer.strip.bar
    # a click on the bar seeks to the position under the pointer; the table shows it at once
    x = bar.rect.x + bar.rect.w * 3 // 5
    click(app, (x, bar.rect.centery))
    target = bar.position_at(x, len(cursor))
    assert cursor.position == target and 1 < target < len(cursor)
    settle(app, viewer)
    assert viewer.shown == cursor.view(viewer.viewer.seat)
    # the second hand's deal, then one step back: the first hand's end, and its result as a card
    second = cursor.hand_start(1)
    viewer.seek(second)
    settle(app, viewer)
    assert viewer.shown.hand_no == 1
    key(app, pygame.K_LEFT)
    assert cursor.position == second - 1 and cursor.state.phase == "round_over"
    step(app, 3, dt=0.5)
    assert app.scenes.top is viewer and viewer.card is not None  # no dialog: the viewer keeps the keys
    key(app, pygame.K_LEFT)  # back across the hand's end: the card goes, the cursor moves
    assert cursor.position == second - 2 and viewer.card is None
    key(app, pygame.K_RIGHT)
    settle(app, viewer)
    step(app, 3, dt=0.5)
    assert viewer.card is not None
    key(app, pygame.K_ESCAPE)  # Esc closes only the card
    assert app.scenes.top is viewer and viewer.card is None and cursor.position == second - 1
    step(app, 3, dt=0.5)
    assert viewer.card is None  # and it stays closed there
    key(app, pygame.K_RIGHT)  # on to the next hand: the deal is shown again
    settle(app, viewer)
    assert app.scenes.top is viewer and cursor.position == second and viewer.shown.hand_no == 1
    # previous/next hand by key
    key(app, pygame.K_DOWN)
    assert cursor.position == cursor.hand_start(2)
    key(app, pygame.K_UP)
    assert cursor.position == cursor.hand_start(1)


def test_play_pause_and_speed(app: Any) -> None:
    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    click_widget(app, next(b for b, s in viewer.strip.speed_buttons if s == 4.0))
    assert viewer.viewer.speed == 4.0
    key(app, pygame.K_SPACE)
    assert viewer.viewer.playing and viewer.strip.buttons["play"].text == "‖ Pause"
    start = cursor.position
    step(app, 12, dt=0.2)
    assert cursor.position > start + 5
    key(app, pygame.K_SPACE)
    stopped = cursor.position
    step(app, 10, dt=0.2)
    assert not viewer.viewer.playing and cursor.position == stopped
    assert viewer.strip.buttons["play"].text == "▶ Play"


def test_another_seat_and_every_hand_open(app: Any) -> None:
    viewer = open_viewer(app)
    viewer.seek(viewer.viewer.cursor.hand_start(0) + 30)
    settle(app, viewer)
    key(app, pygame.K_3)
    settle(app, viewer)
    state = viewer.viewer.cursor.state
    assert viewer.viewer.seat == 2 and viewer.shown.seat == 2
    assert sorted(viewer.frame.hand_ids) == sorted(state.hands[2])
    # key 3 is seat W (keys 1-4 are E S W N, as the buttons say); every seat is named from the new bottom seat
    assert [btn.text for btn, _ in viewer.strip.seat_buttons][:4] == ["E", "S", "W", "N"]
    names = [seat.name for seat in viewer.frame.picture.seats]
    assert names == ["You · Seat W", "Next · Seat N", "Opposite · Seat E", "Previous · Seat S"]
    assert all(None in viewer.frame.picture.seats[rel].concealed for rel in (1, 2, 3))
    key(app, pygame.K_0)  # every hand open
    step(app)
    for rel in (1, 2, 3):
        seat = (2 + rel) % 4
        shown = viewer.frame.picture.seats[rel].concealed
        assert sorted(shown) == sorted(kind_of(t) for t in state.hands[seat]), seat
    assert viewer.frame.picture.bao == kind_of(state.bao)
    click_widget(app, next(b for b, s in viewer.strip.seat_buttons if s == -1))  # and closed again
    assert None in viewer.frame.picture.seats[1].concealed


def test_review_marks_and_differences_one_key_away(app: Any) -> None:
    viewer = open_viewer(app)
    key(app, pygame.K_4)  # seat N, the Novice
    loaded = load(SAMPLES / f"{SAMPLE}.jsonl")
    expected = review(loaded.events, 3, "expert", loaded.header)
    found = choose_level(app, viewer, "expert")
    assert found.decisions == expected.decisions
    diffs = [d.index for d in expected.mistakes()]
    assert len(diffs) >= 2 and viewer.bar_marks().differences == tuple(diffs)
    # each mistake is marked under the bar in red
    bar = viewer.strip.bar
    x = bar.x_of(diffs[0], len(viewer.viewer.cursor))
    marks = [app.screen.get_at((x, y))[:3] for y in range(bar.rect.bottom + 2, bar.area.bottom)]
    assert tuple(COLOURS.ting) in marks
    key(app, pygame.K_n)
    assert viewer.viewer.cursor.position == diffs[0]
    key(app, pygame.K_n)
    assert viewer.viewer.cursor.position == diffs[1]
    key(app, pygame.K_b)
    assert viewer.viewer.cursor.position == diffs[0]
    settle(app, viewer)
    first = expected.mistakes()[0]
    shown = " ".join(d.text for d in viewer.text.items)
    assert move_words(first.best, "en") in shown and move_words(first.played, "en") in shown
    assert f"{first.cost:.2f}" in shown and "Rating" in shown
    for c in first.candidates[:3]:  # every candidate with its price, best first
        assert move_words(c.action, "en") in shown and f"{abs(c.value):.2f}" in shown
    assert viewer.review.buttons["next_diff"].is_enabled and not viewer.review.buttons["prev_diff"].is_enabled
    # the costliest-first view: N goes from the costliest mistake to the next costliest
    click_widget(app, viewer.review.buttons["mode"])
    assert viewer.review.mode == "costly" and viewer.review.buttons["mode"].text == "Costliest first"
    order = [d.index for d in expected.costliest(len(expected.decisions))]
    viewer.seek(1)
    key(app, pygame.K_n)
    assert viewer.viewer.cursor.position == order[0]
    key(app, pygame.K_n)
    assert viewer.viewer.cursor.position == order[1]
    key(app, pygame.K_b)
    assert viewer.viewer.cursor.position == order[0]
    click_widget(app, viewer.review.buttons["mode"])  # every decision
    assert viewer.review.mode == "all"
    key(app, pygame.K_n)
    assert viewer.viewer.cursor.position == min(d.index for d in expected.decisions if d.index > order[0])


def test_a_what_if_branch_is_saved_and_opened(app: Any) -> None:
    viewer = open_viewer(app)
    found: Any = choose_level(app, viewer, "normal")
    diff = next(d for d in found.differences() if d.best.startswith("discard"))
    viewer.seek(diff.index)
    settle(app, viewer)
    key(app, pygame.K_0)  # every hand open, and it stays open through the what-if
    key(app, pygame.K_w)
    step(app, 2)
    assert viewer.whatif and viewer.controls.decision_token is not None and viewer.open_hands
    # a call the seat cannot make is refused with the engine's reason; nothing is branched
    key(app, pygame.K_p)
    assert viewer.overlays.toast is not None and viewer.branching is None
    # the level's discard, clicked on the table
    best_kind = parse_move(diff.best).kinds[0]
    index = next(i for i, t in enumerate(viewer.frame.hand_ids) if kind_of(t) == best_kind)
    slot = viewer.layout.hand_slot(index)
    assert slot is not None
    viewer.animator.skip()  # a click during an animation only finishes it
    click(app, slot.rect.center)
    # the branch is saved off the render thread; a quick save is already taken (and opened) by the frames
    path = viewer.wait_branch() if viewer.branching is not None else None
    step(app, 2)
    branch_viewer = app.scenes.top
    assert isinstance(branch_viewer, ViewerScene) and branch_viewer is not viewer
    path = path or branch_viewer.viewer.saved_as
    assert path is not None and path.parent == app.paths.replays_dir and path.is_file()
    assert branch_viewer.viewer.saved_as == path and branch_viewer.viewer.cursor.position == diff.index
    branch = load(path)
    original = load(SAMPLES / f"{SAMPLE}.jsonl")
    assert branch.header["kind"] == "branch" and branch.header["branch"]["index"] == diff.index
    assert branch.header["branch"]["played"] == diff.best
    assert resolve_source(path, branch.header) == app.paths.replays_dir / f"{SAMPLE}.jsonl"  # it resolves
    assert branch.events[: diff.index] == original.events[: diff.index]
    assert branch.events[diff.index] != original.events[diff.index]
    assert isinstance(branch_viewer.review, ReviewPanel) and branch_viewer.review.level == "normal"
    assert branch_viewer.open_hands  # shown as the source was
    key(app, pygame.K_ESCAPE)  # back to the source viewer, not the menu
    assert app.scenes.top is viewer


def test_the_last_hand_ends_with_the_match_result_and_back_to_the_viewer(app: Any) -> None:
    from game.ui.screens.results import MatchResultScene

    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    key(app, pygame.K_END)
    key(app, pygame.K_LEFT)  # the last hand's end, before the match's end
    assert cursor.state.phase == "round_over" and viewer.viewer.match_over
    step(app, 3, dt=0.5)
    assert app.scenes.top is viewer and viewer.card is not None
    key(app, pygame.K_RETURN)
    standings = app.scenes.top
    assert isinstance(standings, MatchResultScene)
    assert standings.scores == cursor.last_state.scores
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is viewer


def test_playing_shows_each_hand_result_and_goes_on_by_itself(app: Any) -> None:
    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    viewer.seek(cursor.hand_start(1) - 4)  # a few events before the first hand's end
    click_widget(app, next(b for b, s in viewer.strip.speed_buttons if s == 4.0))
    assert viewer.animator.factor == 0  # no animations at 4x
    key(app, pygame.K_SPACE)
    seen_result = False
    for _ in range(60):
        step(app, dt=0.1)
        seen_result = seen_result or (viewer.card is not None and app.scenes.top is viewer)
        if cursor.position > cursor.hand_start(1) + 2:
            break
    assert seen_result and app.scenes.top is viewer and viewer.viewer.playing
    assert cursor.hand_at() == 1


def test_a_hand_result_opens_only_after_its_payments(app: Any) -> None:
    from game.core.events import Hu, Settled

    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    won = next(i for i, e in enumerate(cursor.events) if isinstance(e, Hu))
    assert isinstance(cursor.events[won + 1], Settled)
    viewer.seek(won + 1)  # the win shown, its payments not yet
    settle(app, viewer)
    step(app, 4, dt=0.5)
    assert cursor.state.phase == "round_over" and viewer.card is None and not viewer.viewer.hand_over
    key(app, pygame.K_RIGHT)  # the payments
    settle(app, viewer)
    step(app, 4, dt=0.5)
    assert viewer.card is not None
    paid = cursor.events[won + 1]
    assert isinstance(paid, Settled) and any(d != 0 for d in paid.deltas)
    shown = " ".join(text for text, *_ in viewer.card)
    for score in paid.scores:
        assert f"→ {score}" in shown  # the scores after the payments


def test_the_bao_replaced_banner_leaves_the_wall_count_readable(app: Any) -> None:
    from game.core.events import BaoReplaced

    viewer = open_viewer(app)
    cursor = viewer.viewer.cursor
    swap = next(i for i, e in enumerate(cursor.events) if isinstance(e, BaoReplaced))
    viewer.seek(swap)
    settle(app, viewer)
    app.settings = replace(app.settings, animation_speed="normal")
    viewer.animator.set_speed("normal")
    key(app, pygame.K_RIGHT)
    step(app, dt=0.05)
    banners = [b for b in viewer.motion.banners if b.text == "Bao replaced"]
    assert banners, [b.text for b in viewer.motion.banners]
    assert banners[0].centre[1] > viewer.layout.centre.bottom  # under the centre square, not over its count


def test_a_replay_in_progress_counts_the_matchs_hands(app: Any) -> None:
    from game.replay.logfile import encode_log

    loaded = load(SAMPLES / f"{SAMPLE}.jsonl")
    events = list(loaded.events)
    starts = [i for i, e in enumerate(events) if e.type == "round_started"]
    cut = events[: starts[2] + 10]  # three hands dealt of eight
    path = app.paths.replays_dir / "unfinished.jsonl"
    path.write_text(encode_log(cut, {**loaded.header, "status": "abandoned"}), encoding="utf-8")
    assert app.nav.viewer(path, 5)
    viewer = app.scenes.top
    assert isinstance(viewer, ViewerScene) and len(viewer.viewer.cursor.hands) == 3
    step(app)
    assert "Hand 1 of 8" in " ".join(d.text for d in viewer.text.items)


def test_the_hand_so_far_is_listed_while_the_review_is_off(app: Any) -> None:
    """The left column lists the hand shown so far, in the table's words, newest last; a step adds the next
    move's line; choosing a review level gives that room to the decision's candidates, Off gives it back."""
    from game.ui.words.table_log import hand_events, log_lines

    viewer = open_viewer(app)
    events = viewer.viewer.cursor.events
    starts = [i for i, e in enumerate(events) if type(e).__name__ == "RoundStarted"]
    viewer.seek(starts[3] + 30)  # into the fourth hand
    settle(app, viewer)

    def lines_now() -> list[str]:
        cursor = viewer.viewer.cursor
        return log_lines(hand_events(cursor.events, cursor.position), viewer.viewer.seat, app.lang)

    def drawn_now() -> list[str]:
        drawn = record_text(app)
        viewer.mark_dirty()
        step(app, 2)
        return drawn

    drawn = drawn_now()
    expected = lines_now()
    assert "This hand" in drawn and expected and expected[-1] in drawn
    key(app, pygame.K_RIGHT)
    settle(app, viewer)
    after = lines_now()
    assert len(after) >= len(expected)
    drawn = drawn_now()
    assert after[-1] in drawn
    choose_level(app, viewer, "novice")
    assert "This hand" not in drawn_now()
    click_widget(app, next(b for b, v in viewer.review.level_buttons if v is None))  # Off
    assert viewer.review.level is None
    assert "This hand" in drawn_now()


def test_after_a_seek_the_log_follows_a_frame_later_and_a_step_at_once(app: Any) -> None:
    """A jump (a seek to another hand) keeps the log's old lines for the seek's own frame, which has the
    table to redraw, and lays the new ones out in the next; the table draws that next frame by itself."""
    from game.ui.words.table_log import hand_events, log_lines

    viewer = open_viewer(app)
    events = viewer.viewer.cursor.events
    starts = [i for i, e in enumerate(events) if type(e).__name__ == "RoundStarted"]
    viewer.seek(starts[2] + 25)
    settle(app, viewer)
    step(app, 2)

    def newest() -> str:
        cursor = viewer.viewer.cursor
        return log_lines(hand_events(cursor.events, cursor.position), viewer.viewer.seat, app.lang)[-1]

    before = newest()
    viewer.seek(starts[5] + 25)  # another hand: every line new
    after = newest()
    assert after != before
    drawn = record_text(app)
    step(app)  # the seek's frame: the table at its new place, the log as it was
    assert after not in drawn and before in drawn
    assert viewer.panels.log.behind and viewer.moving()
    drawn.clear()
    step(app)  # the next frame: the log caught up
    assert after in drawn and before not in drawn
    assert not viewer.panels.log.behind
    # a step back of a move within the hand is no jump: its frame shows the log as it now stands
    lines = len(log_lines(hand_events(events, viewer.viewer.cursor.position), viewer.viewer.seat, app.lang))
    back = viewer.viewer.cursor.position
    while len(log_lines(hand_events(events, back), viewer.viewer.seat, app.lang)) == lines:
        back -= 1
    viewer.seek(back)
    drawn.clear()
    step(app)
    assert newest() in drawn and after not in drawn and not viewer.panels.log.behind


def test_seeking_between_two_squares_draws_each_felt_once(app: Any, monkeypatch: Any) -> None:
    """The central square moves with what the hands hold (a river needing another row, a taller band of
    melds); the felt and mat under each of the last two squares are kept, so seeking back and forth
    between two such places does not draw them again (a full-window image: a few ms of the frame)."""
    viewer = open_viewer(app)
    renderer = viewer.renderer
    squares: dict[tuple[int, ...], int] = {}
    for position in range(1, len(viewer.viewer.cursor.events) + 1, 3):
        viewer.seek(position)
        viewer.update(1 / 60)
        squares.setdefault(tuple(viewer.layout.square), position)
    assert len(squares) >= 2, "the sample's hands all lay out on one square"
    first, second = list(squares.values())[:2]
    mats: list[object] = []
    real = type(renderer)._draw_mat
    monkeypatch.setattr(type(renderer), "_draw_mat", lambda self, *a: mats.append(a) or real(self, *a))
    for position in (first, second, first, second, first):
        viewer.seek(position)
        settle(app, viewer)
    assert len(mats) <= 2  # at most once each (one may be kept from the scan above)


def test_the_bao_panels_tiles_are_drawn_ahead_not_on_the_spot(app: Any, monkeypatch: Any) -> None:
    """After a layout change the table asks for the tiles it will soon show, the 宝 panel's among them, and
    draws them while it has time; a seek to a ready hand then shows its 宝 panel without drawing one."""
    from game.ui.kit.tileart import TileArt
    from game.ui.table.panels import bao_tile_width

    shutil.copy(SAMPLES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl", app.paths.replays_dir)
    library = open_library(app)
    library.select(row_of(library, "expert-table-4-hands-mobao-baozhongbao-huanbao"))
    click_widget(app, library.controls["open"])
    viewer = app.scenes.top
    assert isinstance(viewer, ViewerScene)
    step(app, 2)
    events = viewer.viewer.cursor.events
    ready = None
    for position in range(1, len(events) + 1):
        viewer.seek(position)
        viewer.update(1 / 60)
        if viewer.panels.bao_figures is not None and viewer.panels.bao_figures.waits:
            ready = position
            break
    assert ready is not None, "the viewed seat is never ready in the sample"
    app.tiles.draw_wanted(30.0)  # the time the table has between two moves
    width = bao_tile_width(viewer.mini_width())
    built: list[int] = []
    real = TileArt._build_tile
    monkeypatch.setattr(TileArt, "_build_tile", lambda self, *a: built.append(a[1]) or real(self, *a))
    app.draw()
    assert width not in built

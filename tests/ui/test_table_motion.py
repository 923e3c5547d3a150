"""Motion that shows what happened, headless: the tweens each event starts, their ends, and a skip.

A discard slides from its place in the hand to its place in the river; the dice roll at the deal; a
win turns the winner's hand face up; the scores count up on the plates; a call's word sits over the
caller's plate, never over a river; the seat to move is lit as soon as the event is shown; the hand
result hides the table.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core.events import Hu, Settled, TileDiscarded, TileDrawn
from game.core.tiles import kind_of
from game.table.picture import demo_picture
from game.ui.kit.theme import COLOURS
from game.ui.table.centre import DICE_KEY
from game.ui.table.layout import compute_layout
from game.ui.table.scene import TableScene
from tests.table_fixtures import scripted_session
from tests.ui.harness import step, wait_for_ai
from tests.ui.scene_catalogue import settle
from tests.ui.test_table import make_app


@pytest.fixture
def slow_table() -> Iterator[tuple[Any, TableScene]]:
    """The scripted deal with animations on at their slowest (so nothing ends between two frames)."""
    app = make_app(speed="slow")
    table = TableScene(app, scripted_session())
    app.push(table)
    yield app, table
    app.shutdown()
    pygame.quit()


def test_the_dice_roll_at_the_deal_and_a_click_ends_them(slow_table: tuple[Any, TableScene]) -> None:
    app, table = slow_table
    step(app, 2)
    roll = table.motion.roll
    assert roll is not None and roll.values == tuple(table.shown.dice[:2])
    assert (
        DICE_KEY in table.motion.hidden_slots() and not roll.tween.done
    )  # the still dice wait under the rolling ones
    table.animator.skip()
    step(app)
    assert roll.tween.done and table.motion.roll is None and DICE_KEY not in table.motion.hidden_slots()


def test_a_discard_slides_from_its_place_in_the_hand_to_its_river_place(
    slow_table: tuple[Any, TableScene],
) -> None:
    app, table = slow_table
    table.animator.skip()
    settle(app, table, 2000)
    one_p = next(
        a for a in table.controls.legal if getattr(a, "tile", None) is not None and kind_of(a.tile) == 9
    )
    index = table.frame.index_of(one_p.tile)
    assert index is not None
    start = table.layout.hand_slot(index)
    assert start is not None
    table.controls.submit(one_p)
    step(app)
    flight = next(f for f in table.motion.flights if f.hides is not None and f.hides[0] == "river")
    target = table.layout.seats[0].river[-1]
    assert flight.kind == 9 and flight.hides == ("river", 0, target.index)
    assert flight.tween.start == (float(start.rect.x), float(start.rect.y))
    assert flight.tween.end == (float(target.rect.x), float(target.rect.y))
    assert flight.hides in table.motion.hidden_slots()  # the river place stays empty until it lands
    table.animator.skip()
    assert (
        flight.tween.done
        and flight not in table.motion.flights
        and flight.hides not in table.motion.hidden_slots()
    )


def test_the_seat_to_move_is_lit_as_soon_as_the_event_shows(slow_table: tuple[Any, TableScene]) -> None:
    app, table = slow_table
    seen: list[tuple[str, int, int | None]] = []
    show = table._show

    def noting(event: Any) -> None:
        show(event)
        if isinstance(event, TileDiscarded | TileDrawn):
            seen.append((event.type, event.seat, table.frame.picture.turn))

    table._show = noting  # type: ignore[method-assign]
    table.animator.skip()
    settle(app, table, 2000)
    assert table.frame.picture.turn == 0  # the person's turn
    table.controls.submit(next(a for a in table.controls.legal if getattr(a, "tile", -1) >> 2 == 9))
    for _ in range(3000):  # the others think off the render thread: frames, and waits for their answers
        if table.controls.decision_token is not None and table.shown.phase == "claim":
            break
        table.animator.skip()
        step(app)
        wait_for_ai(table)
    else:
        raise AssertionError("the person was never offered a call")
    assert table.frame.picture.turn == 0, "the person deciding on a discard is the one lit"
    discards = [(seat, turn) for kind, seat, turn in seen if kind == "tile_discarded"]
    draws = [(seat, turn) for kind, seat, turn in seen if kind == "tile_drawn"]
    assert discards and draws
    assert all(turn == (seat + 1) % 4 for seat, turn in discards), "a discarder stays lit after its discard"
    assert all(turn == seat for seat, turn in draws), "the seat that draws is not lit at once"


def test_a_win_turns_the_winners_hand_face_up_and_the_scores_count_up(
    slow_table: tuple[Any, TableScene],
) -> None:
    app, table = slow_table
    table.animator.skip()
    settle(app, table, 2000)
    before = table.layout
    assert all(s.kind is None for s in before.seats[2].hand)  # 对家's hand seen from behind
    faces = demo_picture()
    opened = dataclasses.replace(faces.seats[2], concealed=tuple(range(len(before.seats[2].hand))))
    after = compute_layout(
        app.size, dataclasses.replace(faces, seats=(*faces.seats[:2], opened, faces.seats[3]))
    )
    win = Hu(seat=2, kind="zimo", tile=0, from_seat=None, kadang=False, hand=())
    table.motion.animate(win, before, after)
    word = table.motion.banners[-1]  # the win's word, a heading in English: "Self-drawn win" over the seat
    assert app.lang == "en" and word.text == "Self-drawn win", word.text
    assert word.sub[:1].isupper(), word.sub
    reveals = table.motion.reveals
    assert len(reveals) == len(after.seats[2].hand)
    assert [r.hides for r in reveals] == [("hand", 2, i) for i in range(len(reveals))]
    assert [r.kind for r in reveals] == [s.kind for s in after.seats[2].hand]
    delays = [r.tween.delay for r in reveals]
    assert delays == sorted(delays) and delays[0] < delays[-1]  # one tile after another
    assert all(r.hides in table.motion.hidden_slots() for r in reveals)
    settled = Settled(payments=(), deltas=(6, -2, -2, -2), scores=(16, 3, -9, -10))
    table.motion.animate(settled, after, after)
    assert table.motion.scores() == (10, 5, -7, -8)  # they start from the scores before the hand
    rising = [f for f in table.motion.floaters if f.end is None]
    flying = [f for f in table.motion.floaters if f.end is not None]
    assert len(rising) == 4  # each seat's change rises from its plate
    # the points fly from each payer's plate to the winner's (since issue 22's win moment)
    assert [(f.start, f.end, f.text) for f in flying] == [
        (after.seats[s].plate.center, after.seats[0].plate.center, "2") for s in (1, 2, 3)
    ]
    for f in flying:  # halfway through its flight a point is drawn between the two plates
        f.tween.update(f.tween.delay + f.tween.duration / 2)
    canvas = pygame.Surface(app.size)
    table.motion.draw_floaters(canvas)
    for f in flying:
        assert f.end is not None
        mid = pygame.Rect(0, 0, table.px(60), table.px(60))
        mid.center = ((f.start[0] + f.end[0]) // 2, (f.start[1] + f.end[1]) // 2)
        gold = sum(
            1
            for x in range(mid.left, mid.right)
            for y in range(mid.top, mid.bottom)
            if canvas.get_at((x, y))[:3] == COLOURS.gold
        )
        assert gold > 10, f"no points drawn halfway from {f.start} to {f.end}"
    table.animator.skip()
    assert table.motion.reveals == [] and table.motion.scores() is None
    assert not any(key[0] == "hand" for key in table.motion.hidden_slots())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_a_calls_callout_is_big_short_and_covers_no_river(size: tuple[int, int]) -> None:
    """Issue 22: the callout is big (its word larger than the plate's name), says the call in Chinese under
    an English word, lasts under a second and covers no river."""
    app = make_app(speed="slow", size=size)
    table = TableScene(app, scripted_session())
    app.push(table)
    try:
        step(app)
        layout = table.layout
        rivers = [slot.rect for lay in layout.seats for slot in lay.river] + [
            s.river_area for s in layout.seats
        ]
        for seat, word in enumerate(("peng", "chiting", "angang", "ting")):
            from game.glossary import term
            from game.seats import capital

            table.motion.call_banner(word, layout, seat, COLOURS.gold)
            banner = table.motion.banners[-1]
            rect = table.overlays.banner_rect(banner)
            popped = rect.inflate(rect.w // 10, rect.h // 10)  # the pop-in overshoots a little
            assert banner.tween.duration <= 1.0 and banner.call
            assert banner.text == capital(term(word, app.lang))  # "Peng", "Chi to ready" in English
            assert banner.sub == ("" if app.lang == "zh" else term(word, "zh"))
            assert rect.h >= 0.6 * layout.seats[seat].plate.h, f"{word}: a small callout at {size}"
            hand = [slot.rect for slot in layout.seats[0].hand]
            assert not any(popped.colliderect(r) for r in hand), f"{word} over your hand at {size}"
            assert not any(popped.colliderect(r) for r in rivers), f"{word} over a river at {size}"
            assert pygame.Rect((0, 0), size).contains(popped)
    finally:
        app.shutdown()
        pygame.quit()


def test_the_hand_result_hides_the_table(pg: Any) -> None:
    """Inside the result panel nothing of the table shows through; around it the table is dark."""
    from game.ui.screens.results import HandResultScene
    from tests.ui.scene_catalogue import hand_result

    app = make_app()
    try:
        app.scenes.clear()
        hand_result(app)
        result = app.scenes.top
        assert isinstance(result, HandResultScene)
        result.fade = 1.0
        shots = []
        for colour in ((255, 255, 255), (0, 0, 0)):
            surface = pygame.Surface(app.size)
            surface.fill(colour)
            result.draw_scene(surface)
            shots.append(surface)
        inside = result.panel.inflate(-result.px(8), -result.px(8))
        for x, y in ((inside.x + 2, inside.centery), (inside.centerx, inside.bottom - 3), inside.topright):
            assert shots[0].get_at((x - 3, y))[:3] == shots[1].get_at((x - 3, y))[:3]
        light, dark = shots[0].get_at((3, 3)), shots[1].get_at((3, 3))
        assert light[0] - dark[0] <= 60, "the table shows through the veil"
    finally:
        app.shutdown()
        pygame.quit()

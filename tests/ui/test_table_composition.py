"""Issue 22's composition: a large centre with each seat's wind and score facing it and the turn lit on the
side of the seat to move, 摸切 greyed in the rivers, and little of the window left holding nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.core.actions import Discard
from game.core.events import RoundStarted, TileDiscarded, TileDrawn
from game.table.picture import RiverTile, TablePicture, demo_picture
from game.ui.kit.fonts import FontBook
from game.ui.kit.theme import COLOURS
from game.ui.kit.tileart import TileArt
from game.ui.table.layout import compute_layout
from game.ui.table.marks import face_rect
from game.ui.table.render import TableRenderer
from tests.ui.emptiness import empty_fraction, show_mid_hand
from tests.ui.harness import click, key
from tests.ui.scene_catalogue import CATALOGUE, scripted_table, settle
from tests.ui.textfit import fit_app

EMPTY_GOAL = 0.15
"""Issue 22's goal: at most this share of the window holds nothing at 1920x1080 mid-hand, the guard with
the tracker open and closed.

Tracker open: 13.8 % since the key legend, the centre's four bands, the columns'
headings and the full log reaching its column's foot (17.1 % before, since the plates moved into the
central square's corners; 21.5 % before that, 28.0 % before issue 22's larger centre box). What is left
is mostly the rivers' third rows (empty until late in a hand) and the rows kept along the corners for a
river that runs on (`tests/bench/table_emptiness.py --sample` measures earlier moments of real hands).

Tracker closed (the default): 14.4 % since the key legend and the rest (18.0 % before, since the corner
plates and the log's tiles; 26.3 % before, since the table's log filled the left column's room at a live
match; 33.0 % before that, when the column held only its header and the tools)."""


def _render(picture: TablePicture, size: tuple[int, int] = (1280, 720)) -> pygame.Surface:
    """The table drawn alone (no scene) for a picture."""
    surface = pygame.Surface(size)
    fonts = FontBook()
    renderer = TableRenderer(fonts, TileArt(fonts))
    renderer.draw(surface, picture, renderer.layout(size, picture), lang="en")
    return surface


def _turn_pixels(surface: pygame.Surface, side: pygame.Rect) -> int:
    """How many pixels of an area carry the turn colour."""
    return sum(
        1
        for x in range(side.left, side.right)
        for y in range(side.top, side.bottom)
        if surface.get_at((x, y))[:3] == COLOURS.turn
    )


def _sides(inner: pygame.Rect) -> list[pygame.Rect]:
    """The strip along each side of the centre's inner box, seat by seat (bottom, right, top, left)."""
    t = max(6, inner.w // 12)
    return [
        pygame.Rect(inner.left, inner.bottom - t, inner.w, t),
        pygame.Rect(inner.right - t, inner.top, t, inner.h),
        pygame.Rect(inner.left, inner.top, inner.w, t),
        pygame.Rect(inner.left, inner.top, t, inner.h),
    ]


def test_the_turn_is_lit_on_the_side_of_the_seat_to_move(pg: object) -> None:
    base = dataclasses.replace(demo_picture("en"), dice=None)
    for turn in range(4):
        picture = dataclasses.replace(base, turn=turn)
        surface = _render(picture)
        inner = compute_layout((1280, 720), picture).inner
        lit = [_turn_pixels(surface, side) for side in _sides(inner)]
        assert lit[turn] > 40, f"seat {turn}: no light on its side"
        others = [lit[s] for s in range(4) if s != turn and (s - turn) % 2]  # the sides across are clear
        assert max(others) < lit[turn] // 3, (turn, lit)


def test_every_seats_score_sits_on_a_band_along_its_side(pg: object) -> None:
    """Each side of the centre box carries its seat's band (a framed strip, as the clients players like show
    each seat's score), not only the side of the seat to move: most of each band's outer long edge differs
    from the bare box."""
    from game.ui.table.centre import band_rect

    picture = dataclasses.replace(demo_picture("en"), dice=None, turn=0)
    layout = compute_layout((1280, 720), picture)
    surface = _render(picture)
    inside = surface.get_at((layout.centre.x + 4, layout.centre.centery))  # the box's own fill, at its rim
    for s in range(4):
        band = band_rect(layout, s)
        if s % 2 == 0:
            y = band.top if s == 2 else band.bottom - 1
            edge = [(x, y) for x in range(band.left + band.h, band.right - band.h)]
        else:
            x = band.right - 1 if s == 1 else band.left
            edge = [(x, y) for y in range(band.top + band.w, band.bottom - band.w)]
        framed = sum(1 for p in edge if surface.get_at(p) != inside)
        assert framed >= 0.8 * len(edge), (s, framed, len(edge))


def test_the_centre_shows_every_seats_score(pg: object) -> None:
    """A score changed shows in the centre box (the box is redrawn for it)."""
    base = dataclasses.replace(demo_picture("en"), dice=None)
    layout = compute_layout((1280, 720), base)
    before = _render(base)
    seats = list(base.seats)
    seats[2] = dataclasses.replace(seats[2], score=seats[2].score + 40)
    after = _render(dataclasses.replace(base, seats=tuple(seats)))  # type: ignore[arg-type]
    top = _sides(layout.inner)[2].inflate(0, layout.inner.h // 5)
    diff = [
        (x, y)
        for x in range(layout.centre.left, layout.centre.right)
        for y in range(layout.centre.top, layout.centre.bottom)
        if before.get_at((x, y)) != after.get_at((x, y))
    ]
    assert diff, "the centre does not show the score"
    assert all(top.collidepoint(p) for p in diff), "the score changed somewhere other than 对家's side"


def test_a_called_discard_is_a_ghost_apart_from_a_greyed_one(pg: object) -> None:
    """A called discard stays in its place faintly, the felt showing through and no mark on its face; a 摸切
    discard is grey but solid: the two never look alike."""
    base = demo_picture("en")
    seats = list(base.seats)
    plain = tuple(RiverTile(k) for k in (4, 13, 22))  # 5m 5p 5s: faces of every suit
    marked = (
        dataclasses.replace(plain[0], called=True),
        dataclasses.replace(plain[1], from_draw=True),
        plain[2],
    )
    pictures = []
    for river in (plain, marked):
        seats[0] = dataclasses.replace(seats[0], river=river)
        pictures.append(dataclasses.replace(base, seats=tuple(seats), last_discard_seat=1))  # type: ignore[arg-type]
    layout = compute_layout((1280, 720), pictures[1])
    shown, marked_shot = (_render(p) for p in pictures)
    ghost, greyed = (face_rect(layout.seats[0].river[i]) for i in (0, 1))
    for face in (ghost, greyed):  # the tile's art still shows: its face differs from a bare one
        assert _spread(marked_shot, face) > 20
    tinted = pygame.transform.average_color(marked_shot, ghost)[:3]
    solid = pygame.transform.average_color(shown, ghost)[:3]
    grey = pygame.transform.average_color(marked_shot, greyed)[:3]
    # the ghost is the tile blended with the felt (far greener than the solid tile); a 摸切 grey is not
    assert tinted[1] - tinted[0] > solid[1] - solid[0] + 20, (tinted, solid)
    assert tinted[1] - tinted[0] > grey[1] - grey[0] + 20, (tinted, grey)
    third = face_rect(layout.seats[0].river[2])
    assert pygame.transform.average_color(shown, third) == pygame.transform.average_color(marked_shot, third)


def _spread(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How far apart the lightest and darkest pixels of an area are (summed over red, green and blue)."""
    sums = [sum(surface.get_at((x, y))[:3]) for x in range(rect.left, rect.right)
            for y in range(rect.top, rect.bottom)]
    return max(sums) - min(sums)


def test_a_discard_from_the_draw_is_greyed(pg: object) -> None:
    base = demo_picture("en")
    seats = list(base.seats)
    plain = tuple(RiverTile(k) for k in (0, 9, 18))
    seats[0] = dataclasses.replace(seats[0], river=plain)
    hand_cut = dataclasses.replace(base, seats=tuple(seats), last_discard_seat=1)  # type: ignore[arg-type]
    greyed = (plain[0], dataclasses.replace(plain[1], from_draw=True), plain[2])
    seats[0] = dataclasses.replace(seats[0], river=greyed)
    drawn = dataclasses.replace(base, seats=tuple(seats), last_discard_seat=1)  # type: ignore[arg-type]
    layout = compute_layout((1280, 720), drawn)
    a, b = _render(hand_cut), _render(drawn)
    for slot in layout.seats[0].river:
        face = face_rect(slot)
        mean = [pygame.transform.average_color(s, face)[:3] for s in (a, b)]
        if slot.index == 1:
            assert sum(mean[1]) < sum(mean[0]) - 30, "摸切 is not greyed"
        else:
            assert mean[0] == mean[1], "a discard from the hand changed"


def _expected_from_draw(events: list[object]) -> dict[int, bool]:
    """From the log of the current hand: each discarded tile id → thrown straight from the draw."""
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    out: dict[int, bool] = {}
    last_draw: dict[int, int] = {}
    for e in events[start:]:
        if isinstance(e, TileDrawn):
            last_draw[e.seat] = e.tile
        elif isinstance(e, TileDiscarded):
            out[e.tile] = last_draw.pop(e.seat, None) == e.tile
        elif not isinstance(e, TileDiscarded | TileDrawn) and hasattr(e, "seat"):
            last_draw.pop(e.seat, None)  # a call or a kong: the next discard is from the hand
    return out


def test_moqie_follows_the_log_after_clicks(isolated_home: Path) -> None:
    """The person discards by mouse (first from the hand, then the tile just drawn); every river tile's
    摸切 mark matches what the log says."""
    with fit_app((1280, 720), "en") as app:
        table = scripted_table(app)
        layout = table.layout
        click(app, layout.seats[0].hand[0].rect.center)  # 1m from the dealt hand: 手切
        settle(app, table)
        for _ in range(4):  # pass the calls offered on the way (Space), until the person's own turn
            assert table.controls.decision_token is not None
            if any(isinstance(a, Discard) for a in table.controls.legal):
                break
            key(app, pygame.K_SPACE)
            settle(app, table)
        hand = table.layout.seats[0].hand
        assert table.frame.picture.seats[0].drawn_tile
        click(app, hand[-1].rect.center)  # the tile just drawn: 摸切
        settle(app, table)
        events = list(table.driver.cursor.events[: table.shown_at])
        expected = _expected_from_draw(events)
        shown = table.frame.picture
        seen: list[bool] = []
        discards = [e for e in events if isinstance(e, TileDiscarded)]
        for rel in range(4):
            river = shown.seats[rel].river
            mine = [e.tile for e in discards if e.seat == rel]
            assert len(mine) == len(river)
            for tile, shown_tile in zip(mine, river, strict=True):
                assert shown_tile.from_draw == expected[tile], (rel, tile)
                seen.append(shown_tile.from_draw)
        assert shown.seats[0].river[0].from_draw is False
        assert shown.seats[0].river[-1].from_draw is True
        assert True in seen and False in seen


@pytest.mark.slow
@pytest.mark.parametrize("tracker", [True, False])
def test_little_of_the_window_holds_nothing_mid_hand(isolated_home: Path, tracker: bool) -> None:
    """At 1920x1080 mid-hand, with the tracker open (as the screenshots show it) and closed, the share of the
    window's 32x32 blocks that hold nothing is at most issue 22's goal, :data:`EMPTY_GOAL`."""
    size = (1920, 1080)
    with fit_app(size, "en", show_tracker=tracker) as app:
        show_mid_hand(app, tracker)
        share = empty_fraction(app.screen, app.backdrop.felt(size))
    assert share <= EMPTY_GOAL, f"{share:.1%} of the window holds nothing (goal {EMPTY_GOAL:.0%})"


def _dots(app: object, plate: pygame.Rect) -> int:
    """Pixels of the turn colour in the top-right corner of a plate (where the thinking dots go)."""
    corner = pygame.Rect(plate.right - plate.w // 3, plate.y + 5, plate.w // 3 - 5, plate.h // 3)  # no rim
    screen = app.screen  # type: ignore[attr-defined]
    return sum(
        1
        for x in range(corner.left, corner.right)
        for y in range(corner.top, corner.bottom)
        if screen.get_at((x, y))[:3] == COLOURS.turn
    )


def test_an_ai_seat_deciding_shows_a_quiet_mark_on_its_plate(isolated_home: Path) -> None:
    """While 下家's AI decides (its worker held busy) its plate carries the thinking dots, no other plate
    does; once the person is to move, none does."""
    import threading

    with fit_app((1280, 720), "en") as app:
        table = scripted_table(app)
        hold = threading.Event()
        table.ai.executor.submit(hold.wait, 30)
        try:
            discard = next(a for a in table.controls.legal if isinstance(a, Discard))
            table.controls.submit(discard)
            for _ in range(30):
                app.step(1 / 60)
            assert table.thinking_seat() is not None
            thinking = table.thinking_seat()
            plates = [lay.plate for lay in table.layout.seats]
            marks = [_dots(app, plate) for plate in plates]
            assert marks[thinking] > 10, marks
            assert all(marks[s] == 0 for s in range(4) if s != thinking and s != 0), marks
        finally:
            hold.set()
        settle(app, table)
        for _ in range(3):
            app.step(1 / 60)
        assert table.thinking_seat() is None
        assert all(_dots(app, lay.plate) == 0 for lay in table.layout.seats[1:])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_no_table_text_under_12_px_at_the_smallest_window(isolated_home: Path, lang: str) -> None:
    """Issue 22: at 1024x640 every line the table draws (plates, centre, panels, prompts, key help) is at
    least 12 px (the key help was 11 px, tracker counts 9 px)."""
    from tests.ui.textfit import record_frame

    with fit_app((1024, 640), lang, show_tracker=True, hints=1) as app:
        least = app.fonts.size("Ag中", 12)[1]
        for name in ("table mid-hand", "table claim", "table locked, 宝 panel, 换宝 message"):
            app.scenes.clear()
            CATALOGUE[name](app)
            app.update_settings(save=False, show_tracker=True)
            small = [
                (d.text, d.rect.h)
                for d in record_frame(app)
                if d.layer == 0 and d.surface_size == (1024, 640) and d.rect.h < least
            ]
            assert not small, f"{name}: {small[:5]}"


def test_the_winning_tile_is_marked_in_the_hand_laid_out(isolated_home: Path) -> None:
    """After the person's win the picture names the winning tile in the hand laid face up, and the table
    draws a gold ring round it (the same picture without it has none there)."""
    from game.core.events import Hu as HuEvent
    from game.core.tiles import kind_of

    with fit_app((1280, 720), "en") as app:
        CATALOGUE["hand result"](app)
        table = next(s for s in app.scenes.scenes if hasattr(s, "frame"))
        result = table.shown.result
        assert isinstance(result, HuEvent) and result.seat == table.driver.seat
        picture = table.frame.picture
        assert picture.winning is not None
        assert result.kind == "zimo" and not picture.bao_won, "a win off the 宝 marks no 宝"
        seat, index = picture.winning
        assert seat == 0 and picture.seats[0].concealed[index] == kind_of(result.tile)
        slot = compute_layout((1280, 720), picture).seats[0].hand[index]
        ring = slot.rect.inflate(6, 6)
        marked = _render(picture)
        plain = _render(dataclasses.replace(picture, winning=None))
        edge = [(x, ring.top + 1) for x in range(ring.left + 6, ring.right - 6)]
        assert all(marked.get_at(p)[:3] == COLOURS.turn for p in edge)
        assert not any(plain.get_at(p)[:3] == COLOURS.turn for p in edge)


def test_a_win_on_the_bao_marks_the_bao(pg: object) -> None:
    """A win on the 宝 (摸宝, 宝中宝) rings the 宝 in the centre in gold as well; any other win does not."""
    base = dataclasses.replace(demo_picture("en"), dice=None, turn=None, bao_present=True, bao=17)
    layout = compute_layout((1280, 720), base)
    assert layout.bao is not None
    ring = layout.bao.rect.inflate(8, 8)
    edge = [(x, ring.top + 1) for x in range(ring.left + 6, ring.right - 6)]
    marked = _render(dataclasses.replace(base, bao_won=True))
    plain = _render(base)
    assert all(marked.get_at(p)[:3] == COLOURS.turn for p in edge), "the 宝 is not marked"
    assert not any(plain.get_at(p)[:3] == COLOURS.turn for p in edge)


def test_the_hand_result_rows_reach_across_their_part(isolated_home: Path) -> None:
    """The hand result's rows of tiles reach across the hands' part of the panel (they stopped a third of
    it short at a fixed tile size): a row of 13 concealed tiles ends within its fixed gaps and one tile of
    the score column."""
    with fit_app((1280, 720), "en") as app:
        CATALOGUE["hand result"](app)
        result = app.scenes.top
        seen: list[tuple[pygame.Rect, int]] = []
        real = result._tile_w

        def spy(rows: pygame.Rect) -> int:
            seen.append((rows, real(rows)))
            return seen[-1][1]

        result._tile_w = spy
        result.draw_scene(app.screen)
        rows, tw = seen[-1]
        lengths = [len(h) for h in result.view.revealed_hands]
        assert 13 in lengths
        end = rows.x + 13 * tw
        assert rows.right - end <= result.px(102) + tw, (rows, tw)


def test_the_settlement_fills_the_right_part_of_the_hand_result(isolated_home: Path) -> None:
    """Issue 22: the hand result's right part was a third used at 1920x1080 (the payments in their smallest
    type, then felt down to the scores). The payments now take the type that fills it: they end in its lower
    half, and every payment is drawn."""
    with fit_app((1920, 1080), "en") as app:
        CATALOGUE["hand result"](app)
        result = app.scenes.top
        seen: list[tuple[pygame.Rect, int, bool]] = []
        real = result.settlement.draw_payments

        def spy(surface: pygame.Surface, area: pygame.Rect, k: float) -> tuple[int, bool]:
            end, complete = real(surface, area, k)
            if surface is app.screen:
                seen.append((area, end, complete))
            return end, complete

        result.settlement.draw_payments = spy
        result.draw_scene(app.screen)
        area, end, complete = seen[-1]
        assert complete, "a payment was left out"
        assert end > area.centery, f"the payments end at {end}, in the top half of {area}"

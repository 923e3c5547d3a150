"""Table layout: nothing overlaps, everything is on screen, hit-testing finds the right tile."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from game.core.tiles import parse_kinds
from game.ui.layout import TableLayout, TileSlot, compute_layout
from game.ui.picture import MeldPicture, RiverTile, SeatPicture, TablePicture, demo_picture
from game.ui.tileart import metrics

SIZES = [(1024, 640), (1280, 720), (1920, 1080), (1024, 768), (2560, 1440)]


def extreme_seat(rel: int, *, faces: bool) -> SeatPicture:
    """14 concealed tiles, four melds of four (every kind of gang plus a stacked 加杠) and 27 discards."""
    concealed: tuple[int | None, ...] = tuple(parse_kinds("1112345678999m")) if faces else (None,) * 14
    peng = MeldPicture.called("peng", parse_kinds("55p"), parse_kinds("5p")[0], 3)
    melds = (
        MeldPicture.added_gang(peng, parse_kinds("5p")[0]),
        MeldPicture.called("minggang", parse_kinds("777s"), parse_kinds("7s")[0], 2),
        MeldPicture.concealed_gang(parse_kinds("9s")[0]),
        MeldPicture.called("chi", parse_kinds("13p"), parse_kinds("2p")[0], 1),
    )
    river = tuple(RiverTile(k % 27, ting=i == 9, called=i % 7 == 3) for i, k in enumerate(range(27)))
    return SeatPicture(
        name="一个非常非常长的名字 with a very long English name",
        level="expert" if rel else None,
        wind=rel,
        score=-1234,
        dealer=rel == 2,
        concealed=concealed,
        drawn_tile=True,
        locked=rel == 1,
        ting=rel in (1, 3),
        melds=melds,
        river=river,
    )


def extreme_picture() -> TablePicture:
    seats = tuple(extreme_seat(r, faces=r == 0) for r in range(4))
    return TablePicture(
        seats=seats,  # type: ignore[arg-type]
        turn=1,
        last_discard_seat=3,
        wall_live=58,
        wall_kept=8,
        wall_break=31,
        bao=parse_kinds("7z")[0],
        old_bao=tuple(parse_kinds("1m 2p 3s")),
        dice=(6, 6),
        hand_no=99,
    )


def empty_picture() -> TablePicture:
    seat = SeatPicture(name="")
    return TablePicture(seats=(seat, seat, seat, seat), wall_live=0, wall_kept=0, bao_present=False)


PICTURES = {"extreme": extreme_picture, "demo": demo_picture, "empty": empty_picture}


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    pygame.quit()


def face(slot: TileSlot) -> pygame.Rect:
    """The slot's face without its thickness band (bands are meant to be covered by the next tile)."""
    depth = metrics(slot.width).depth
    return pygame.Rect(slot.rect.x, slot.rect.y, slot.rect.w, slot.rect.h - depth)


def check(layout: TableLayout) -> None:
    W, H = layout.size
    screen = pygame.Rect(0, 0, W, H)
    tiles = layout.tiles()
    for slot in tiles:
        assert screen.contains(slot.rect), f"{slot.role} of seat {slot.seat} off screen: {slot.rect}"
        assert slot.width >= 10, f"{slot.role} tiles too small: {slot.width}px"
    for a, b in itertools.combinations(tiles, 2):
        if (
            a.role == b.role == "meld"
            and a.seat == b.seat
            and a.index == b.index
            and (a.stacked or b.stacked)
        ):
            continue  # a 加杠 tile lies on its 碰
        assert not face(a).colliderect(face(b)), (
            f"{a.role}/{a.seat}/{a.index} overlaps {b.role}/{b.seat}/{b.index}"
        )
    plates = [s.plate for s in layout.seats]
    for p, q in itertools.combinations(plates, 2):
        assert not p.colliderect(q)
    for p in plates:
        assert screen.contains(p)
        assert not p.colliderect(layout.square)
        for slot in tiles:
            assert not p.colliderect(slot.rect), f"plate overlaps {slot.role} of seat {slot.seat}"
        lifted = [s.rect.move(0, -layout.lift) for s in layout.seats[0].hand]
        assert not any(p.colliderect(r) for r in lifted), "a lifted tile would cover a plate"
    for slot in tiles:
        if slot.role in ("bao", "old_bao"):
            assert layout.inner.contains(slot.rect)
        else:
            assert not slot.rect.colliderect(layout.centre), (
                f"{slot.role} of seat {slot.seat} in the centre box"
            )
    for stack in layout.wall:
        assert layout.centre.contains(stack.rect)
        assert not stack.rect.colliderect(layout.inner)
    for die in layout.dice:
        assert layout.inner.contains(die)
        if layout.bao is not None:
            assert not die.colliderect(layout.bao.rect)
    assert not layout.action_area.colliderect(layout.square)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", sorted(PICTURES))
def test_no_overlaps(size: tuple[int, int], name: str) -> None:
    picture = PICTURES[name]()
    for ui_scale in (1.0, 1.3):
        check(compute_layout(size, picture, ui_scale))


@pytest.mark.parametrize("size", SIZES[:3])
def test_hit_test_finds_each_tile(size: tuple[int, int]) -> None:
    for picture in (demo_picture(), extreme_picture()):
        layout = compute_layout(size, picture)
        hand = layout.seats[0].hand
        assert len(hand) == len(picture.seats[0].concealed)
        for slot in hand:
            assert layout.hit_test(slot.rect.center) == slot.index
            lifted_point = (slot.rect.centerx, slot.rect.top - layout.lift // 2)
            assert layout.hit_test(lifted_point) == slot.index
        assert layout.hit_test((0, 0)) is None
        assert layout.hit_test(layout.centre.center) is None


def test_player_hand_is_large_when_room_allows() -> None:
    layout = compute_layout((1280, 720), demo_picture())
    assert layout.hand_width >= 56
    assert layout.river_width >= 26
    big = compute_layout((1920, 1080), demo_picture())
    assert big.hand_width > layout.hand_width and big.river_width > layout.river_width


def test_called_meld_orientation() -> None:
    m = MeldPicture.called("chi", parse_kinds("46s"), parse_kinds("5s")[0], 3)
    assert m.claimed == 0 and m.tiles[0] == parse_kinds("5s")[0]
    m = MeldPicture.called("peng", parse_kinds("11m"), parse_kinds("1m")[0], 1)
    assert m.claimed == 2
    m = MeldPicture.called("minggang", parse_kinds("888p"), parse_kinds("8p")[0], 2)
    assert m.claimed == 1 and m.size == 4
    with pytest.raises(ValueError):
        MeldPicture.called("peng", parse_kinds("11m"), parse_kinds("1m")[0], 0)

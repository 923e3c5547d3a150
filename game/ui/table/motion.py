"""Events → animations: each shown event becomes tweens — a tile flying from a hand to its river place, from
the wall or a river, the dice rolling at the deal, a short word over the seat that called, the 宝 turning
over, the winner's hand turning face up, the scores counting up on the plates, their changes rising.

:class:`Motion` holds what is moving (flights, banners, floaters, flips, dice,
counting scores), starts it on the scene's animator (so a click or a key skips
it all, and the speed setting paces it) and draws the flights, the flips, the
dice and the floaters; the banners are drawn by the overlays. A replay viewer
animates the same way as a live table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.events import (
    BaoReplaced,
    BaoRevealed,
    Event,
    Hu,
    RoundDrawn,
    RoundStarted,
    Settled,
    TileDiscarded,
    TileDrawn,
    TingDeclared,
)
from game.core.events import Chi as ChiEvent
from game.core.events import Gang as GangEvent
from game.core.events import Peng as PengEvent
from game.core.tiles import kind_of
from game.core.view import HIDDEN
from game.glossary import term
from game.seats import capital
from game.ui.kit.anim import Point, Tween, ease_in_out_cubic, ease_out_cubic, linear
from game.ui.kit.theme import COLOURS, RGB
from game.ui.table.centre import DICE_KEY
from game.ui.table.layout import SEAT_ROTATION, SlotKey, TableLayout, TileSlot
from game.ui.table.marks import draw_die
from game.ui.words.i18n import tr

if TYPE_CHECKING:
    from game.ui.kit.anim import Animator
    from game.ui.table.context import Messages, TableContext

WIN_WORD = {"ron": "hu", "qianggang": "qianggang", "zimo": "zimo", "mobao": "mobao"}
"""The banner word of each win kind (others are their own glossary key)."""
CALL_SECONDS = 0.9
"""How long a call's word (吃, 碰, 杠, 听) stays over the caller's plate."""
DICE_SECONDS = 0.7
COUNT_SECONDS = 0.9
REVEAL_SECONDS = 0.22
"""One tile of the winner's hand turning face up (the next one starts a little later)."""


@dataclass
class Flight:
    """A tile moving across the table (drawn over it while its slot is hidden)."""

    kind: int | None
    width: int
    rotation: int
    tween: Tween[Point]
    hides: SlotKey | None = None


@dataclass
class Banner:
    """A word popping up (碰 over the caller's plate, 自摸 over the table ...), a smaller line under it."""

    text: str
    sub: str
    centre: tuple[int, int]
    colour: RGB
    tween: Tween[float]
    image: pygame.Surface | None = None
    small: bool = False
    """A smaller word."""
    call: bool = False
    """A call's callout (吃 碰 杠 听 胡): its line under the word is the call in Chinese, in any language."""
    width: int | None = None
    """The most the banner may take across (its word is made smaller to fit)."""
    height: int | None = None
    """The most the banner may take down (its word and line are made smaller to fit)."""


@dataclass
class Floater:
    """A score change rising from a plate, or (with an ``end``) the points a payer hands over flying from
    the payer's plate to the winner's."""

    text: str
    colour: RGB
    start: tuple[int, int]
    tween: Tween[float]
    end: tuple[int, int] | None = None


@dataclass
class Flip:
    """A tile turning over to show its face: the 宝, or a tile of the winner's hand."""

    kind: int
    tween: Tween[float]
    hides: SlotKey = ("bao", -1, 0)


@dataclass
class Roll:
    """The dice tumbling at the deal before they show their numbers."""

    values: tuple[int, int]
    tween: Tween[float]


@dataclass
class Count:
    """The scores on the plates counting from the old ones to the new."""

    start: tuple[int, ...]
    end: tuple[int, ...]
    tween: Tween[float]

    def value(self) -> tuple[int, ...]:
        """The scores shown now."""
        p = self.tween.value
        return tuple(round(a + (b - a) * p) for a, b in zip(self.start, self.end, strict=True))


class Motion:
    """What moves on the table, made from the events the scene shows."""

    def __init__(self, scene: TableContext, animator: Animator, messages: Messages) -> None:
        self.scene = scene
        self.animator = animator
        """The table's animator (a click or a key skips all it plays; the speed setting paces it)."""
        self.messages = messages
        self.flights: list[Flight] = []
        self.banners: list[Banner] = []
        self.floaters: list[Floater] = []
        self.flip: Flip | None = None
        self.reveals: list[Flip] = []
        self.roll: Roll | None = None
        self.count: Count | None = None

    # ------------------------------------------------------------------ events → tweens
    def animate(
        self,
        event: Event,
        before: TableLayout,
        after: TableLayout,
        before_ids: tuple[int, ...] = (),
        hover: int | None = None,
    ) -> None:
        """The tweens of one event (nothing for events with nothing to see); ``hover``: the person's tile
        lifted under the mouse (a discard flies from where it is drawn)."""
        scene = self.scene
        lang = scene.app.lang
        sound = scene.app.sound
        if isinstance(event, TileDrawn):
            hand = after.seats[event.seat].hand
            if hand and before.wall:
                stack = before.wall[0] if event.from_tail else before.wall[-1]
                slot = hand[-1]
                kind = kind_of(event.tile) if event.tile != HIDDEN else None
                self.fly(kind, slot, stack.rect.topleft, 0.2, ("hand", event.seat, len(hand) - 1))
        elif isinstance(event, TileDiscarded):
            river = after.seats[event.seat].river
            if river:
                start = self._hand_origin(before, event.seat, event.tile, before_ids, hover)
                self.fly(kind_of(event.tile), river[-1], start, 0.24, ("river", event.seat, len(river) - 1))
                sound.play("click", key=event.tile)  # each tile its own clack
        elif isinstance(event, ChiEvent | PengEvent) or (
            isinstance(event, GangEvent) and event.from_seat is not None
        ):
            self._claim(event, before, after)
        elif isinstance(event, GangEvent):
            self.call_banner(event.kind, after, event.seat, COLOURS.gold)
            sound.play("gang")
        elif isinstance(event, TingDeclared):
            self.call_banner("ting", after, event.seat, COLOURS.ting)
            sound.play("ting")
        elif isinstance(event, BaoRevealed) and event.tile != HIDDEN:
            self.flip = Flip(kind_of(event.tile), Tween(0.0, 1.0, 0.6, ease_in_out_cubic))
            self.animator.add(self.flip.tween)
        elif isinstance(event, BaoReplaced):
            self._bao_swap(event, before, after)
        elif isinstance(event, Hu):
            self._win(event, before, after)
        elif isinstance(event, Settled) and event.final:
            self._settlement(event, after)
        elif isinstance(event, RoundDrawn):
            self.banner(term("huangzhuang", lang), "", after.centre.center, COLOURS.text, 1.0)
        elif isinstance(event, RoundStarted):
            sub = tr("table.dealer_is", lang, seat=scene.seat_name(event.dealer))
            text = tr("table.hand_of", lang, n=event.hand_no + 1, total=scene.shown.match_hands)
            top = after.seats[2].river_area
            self.banner(text, sub, (after.centre.centerx, top.centery), COLOURS.gold, 0.9)
            if len(event.dice) >= 2:
                self.roll = Roll((event.dice[0], event.dice[1]), Tween(0.0, 1.0, DICE_SECONDS, linear))
                self.animator.add(self.roll.tween)

    def _hand_origin(
        self, layout: TableLayout, seat: int, tile: int, before_ids: tuple[int, ...], hover: int | None
    ) -> tuple[int, int]:
        """Where a discarded tile left from: its own slot for the player, the hand's end for others."""
        hand = layout.seats[seat].hand
        if seat == self.scene.driver.seat and tile in before_ids:
            index = before_ids.index(tile)
            slot = layout.hand_slot(index)
            if slot is not None:
                return (slot.rect.x, slot.rect.y - (layout.lift if index == hover else 0))
        if hand:
            return hand[-1].rect.topleft
        return layout.seats[seat].band.center

    def fly(
        self,
        kind: int | None,
        slot: TileSlot,
        start: tuple[int, int],
        seconds: float,
        hides: SlotKey | None,
        delay: float = 0.0,
    ) -> Flight:
        """A tile flying from a point to a slot (the slot stays hidden until it lands)."""
        tween = Tween(
            (float(start[0]), float(start[1])),
            (float(slot.rect.x), float(slot.rect.y)),
            seconds,
            ease_out_cubic,
            delay=delay,
        )
        flight = Flight(kind, slot.width, slot.rotation, tween, hides)
        self.flights.append(flight)

        def landed() -> None:
            if flight in self.flights:
                self.flights.remove(flight)

        tween.on_done = landed
        self.animator.add(tween)
        return flight

    def banner(
        self,
        text: str,
        sub: str,
        centre: tuple[int, int],
        colour: RGB,
        seconds: float,
        *,
        small: bool = False,
        width: int | None = None,
        height: int | None = None,
    ) -> Banner:
        """A word popping up (and fading) for ``seconds``; ``small`` for a call's word, ``width`` and
        ``height`` the most it may take (the word is made smaller to fit). In English the word and the
        line under it start with a capital, as a heading does ("Self-drawn win", "You · on a kadang")."""
        tween = Tween(0.0, 1.0, seconds, linear)
        text, sub = capital(text), capital(sub)
        banner = Banner(text, sub, centre, colour, tween, small=small, width=width, height=height)

        def gone() -> None:
            if banner in self.banners:
                self.banners.remove(banner)

        banner.tween.on_done = gone
        self.banners.append(banner)
        self.animator.add(banner.tween)
        return banner

    def call_banner(self, call: str, layout: TableLayout, seat: int, colour: RGB) -> None:
        """A call's callout at the caller, over its plate (in its corner of the square, beside its hand,
        never over a river: its pop-in stays inside the plate): the glossary word ``call`` (碰, 吃听, 听 ...)
        big, popping in, and in the English UI the Chinese word under it (the word players hear at a real
        table)."""
        plate = layout.seats[seat].plate
        lang = self.scene.app.lang
        chinese = term(call, "zh") if lang != "zh" else ""
        room = plate.inflate(-plate.w // 9, -plate.h // 9)  # the pop-in overshoots by a ninth
        banner = self.banner(
            term(call, lang), chinese, plate.center, colour, CALL_SECONDS, width=room.w, height=room.h
        )
        banner.call = True

    def _claim(
        self, event: ChiEvent | PengEvent | GangEvent, before: TableLayout, after: TableLayout
    ) -> None:
        """The claimed tile flies from the river into the new meld; the call's word pops up."""
        from_seat = event.from_seat if event.from_seat is not None else event.seat
        river = before.seats[from_seat].river
        melds = after.seats[event.seat].melds
        if river and melds:
            last = max(slot.index for slot in melds)
            sideways = [
                sl
                for sl in melds
                if sl.index == last and not sl.stacked and sl.rotation != SEAT_ROTATION[event.seat]
            ]
            target = sideways[0] if sideways else [sl for sl in melds if sl.index == last][-1]
            key = after.slot_key(target)
            self.fly(kind_of(event.tile), target, river[-1].rect.topleft, 0.38, key)
        word = event.type if not isinstance(event, GangEvent) else "gang"
        if isinstance(event, ChiEvent | PengEvent) and event.ting:
            word = "chiting" if isinstance(event, ChiEvent) else "pengting"
        elif isinstance(event, GangEvent) and event.ting:
            word = "gangting"
        self.call_banner(word, after, event.seat, COLOURS.gold)
        self.scene.app.sound.play(event.type if not isinstance(event, GangEvent) else "gang")  # chi/peng/gang

    def _bao_swap(self, event: BaoReplaced, before: TableLayout, after: TableLayout) -> None:
        """换宝: the old 宝 turns face up and moves aside, a new one slides in from the wall's end."""
        scene = self.scene
        lang = scene.app.lang
        if before.bao is not None and after.old_bao:
            target = after.old_bao[-1]
            self.fly(kind_of(event.old), target, before.bao.rect.topleft, 0.5, ("old_bao", -1, target.index))
        if event.new is not None and after.bao is not None and before.wall:
            kind = None if event.new == HIDDEN else kind_of(event.new)
            self.fly(kind, after.bao, before.wall[0].rect.topleft, 0.5, ("bao", -1, 0), delay=0.35)
        reason = tr("table.huanbao_reason", lang, tile=scene.tile_word(kind_of(event.old)), n=event.visible)
        below = (after.centre.centerx, after.centre.bottom + scene.px(30))  # the wall count stays readable
        self.banner(term("huanbao", lang), "", below, COLOURS.gold, 1.2, width=after.centre.w)
        self.messages.say(reason, (), COLOURS.gold)

    def _win(self, event: Hu, before: TableLayout, after: TableLayout) -> None:
        """The win: the word (自摸, 摸宝 ...), 卡当 under it, the tile flying in on a discard."""
        scene = self.scene
        lang = scene.app.lang
        if event.from_seat is not None and event.kind == "ron":
            river = before.seats[event.from_seat].river
            hand = after.seats[event.seat].hand
            if river and hand:
                self.fly(kind_of(event.tile), hand[-1], river[-1].rect.topleft, 0.4, None)
        word = term(WIN_WORD.get(event.kind, event.kind), lang)
        sub_parts = [scene.seat_name(event.seat)]
        if event.kind == "ron" and event.from_seat is not None:
            sub_parts.append(tr("table.from_seat", lang, seat=scene.seat_name(event.from_seat)))
        if event.kadang:
            sub_parts.append(term("kadang", lang))
        self.banner(word, " · ".join(sub_parts), after.centre.center, COLOURS.turn, 1.5)
        self._reveal(event.seat, before, after)
        scene.app.sound.play("win")

    def _reveal(self, seat: int, before: TableLayout, after: TableLayout) -> None:
        """The winner's hand turning face up tile by tile (tiles already face up stay as they are)."""
        hidden_before = {slot.index for slot in before.seats[seat].hand if slot.kind is None}
        step = REVEAL_SECONDS / 3
        n = 0
        for slot in after.seats[seat].hand:
            if slot.kind is None or (slot.index not in hidden_before and before.seats[seat].hand):
                continue
            flip = Flip(slot.kind, Tween(0.0, 1.0, REVEAL_SECONDS, ease_in_out_cubic, delay=n * step))
            flip.hides = after.slot_key(slot)

            def done(f: Flip = flip) -> None:
                if f in self.reveals:
                    self.reveals.remove(f)

            flip.tween.on_done = done
            self.reveals.append(flip)
            self.animator.add(flip.tween)
            n += 1

    def _settlement(self, event: Settled, after: TableLayout) -> None:
        """The scores count up on the plates while each seat's change rises from its plate."""
        start = tuple(score - delta for score, delta in zip(event.scores, event.deltas, strict=True))
        if start != tuple(event.scores):
            self.count = Count(start, tuple(event.scores), Tween(0.0, 1.0, COUNT_SECONDS, ease_out_cubic))

            def counted() -> None:
                self.count = None

            self.count.tween.on_done = counted
            self.animator.add(self.count.tween)
        for seat, delta in enumerate(event.deltas):
            if delta:
                plate = after.seats[seat].plate
                colour = (120, 230, 140) if delta > 0 else (255, 130, 110)
                floater = Floater(f"{delta:+d}", colour, plate.midtop, Tween(0.0, 1.0, 1.1, ease_out_cubic))

                def gone(f: Floater = floater) -> None:
                    if f in self.floaters:
                        self.floaters.remove(f)

                floater.tween.on_done = gone
                self.floaters.append(floater)
                self.animator.add(floater.tween)
        winners = [seat for seat, delta in enumerate(event.deltas) if delta > 0]
        if len(winners) == 1:  # the points fly from each payer's plate to the winner's
            goal = after.seats[winners[0]].plate.center
            for seat, delta in enumerate(event.deltas):
                if delta < 0:
                    tween = Tween(0.0, 1.0, 0.9, ease_in_out_cubic, delay=0.25)
                    flying = Floater(f"{-delta}", COLOURS.gold, after.seats[seat].plate.center, tween, goal)

                    def landed(f: Floater = flying) -> None:
                        if f in self.floaters:
                            self.floaters.remove(f)

                    tween.on_done = landed
                    self.floaters.append(flying)
                    self.animator.add(tween)

    # ------------------------------------------------------------------ drawing
    def hidden_slots(self) -> frozenset[SlotKey]:
        """Slots whose tile is in flight (or turning over)."""
        keys = {f.hides for f in self.flights if f.hides is not None}
        if self.flip is not None and not self.flip.tween.done:
            keys.add(self.flip.hides)
        keys.update(f.hides for f in self.reveals)
        if self.roll is not None and not self.roll.tween.done:
            keys.add(DICE_KEY)
        return frozenset(keys)

    def scores(self) -> tuple[int, ...] | None:
        """The scores the plates show while they count up (None: the picture's own)."""
        return self.count.value() if self.count is not None else None

    def draw_flip(self, surface: pygame.Surface, layout: TableLayout) -> None:
        """The 宝 turning over in its place, the winner's tiles turning face up, the dice rolling."""
        flip = self.flip
        if flip is not None and flip.tween.done:
            self.flip = flip = None
        if flip is not None and layout.bao is not None:
            self._turn(surface, layout.bao, flip)
        for reveal in self.reveals:
            slot = _slot(layout, reveal.hides)
            if slot is not None:
                self._turn(surface, slot, reveal)
        roll = self.roll
        if roll is not None and roll.tween.done:
            self.roll = roll = None
        if roll is not None:
            p = roll.tween.value
            tumbling = p < 0.8
            for i, (rect, value) in enumerate(zip(layout.dice, roll.values, strict=False)):
                shown = 1 + (int(p * 24) * (5 + 2 * i) + 3 * i + value) % 6 if tumbling else value
                jump = round(math.sin(math.pi * min(1.0, p / 0.8)) * rect.h * 0.6)
                angle = (1 - min(1.0, p / 0.8)) * 360 * (1.5 + i)
                draw_die(surface, rect.move(0, -jump), shown, angle)

    def _turn(self, surface: pygame.Surface, slot: TileSlot, flip: Flip) -> None:
        """One tile turning over in its slot (its back, squeezed, then its face)."""
        tween = flip.tween
        p = tween.value if tween.elapsed >= tween.delay else 0.0
        img = self.scene.app.tiles.tile(None if p < 0.5 else flip.kind, slot.width, rotation=slot.rotation)
        squash = max(0.04, abs(math.cos(math.pi * p)))
        lift = round(math.sin(math.pi * p) * max(3, slot.width // 8))
        if slot.rotation in (0, 180):
            size = (max(1, round(img.get_width() * squash)), img.get_height())
            rect = pygame.Rect((0, 0), size)
            rect.midtop = (slot.rect.centerx, slot.rect.top - lift)
        else:
            size = (img.get_width(), max(1, round(img.get_height() * squash)))
            rect = pygame.Rect((0, 0), size)
            rect.midleft = (slot.rect.left - lift, slot.rect.centery)
        surface.blit(pygame.transform.smoothscale(img, size), rect)

    def draw_flights(self, surface: pygame.Surface) -> None:
        """Tiles in the air."""
        tiles = self.scene.app.tiles
        for flight in self.flights:
            if flight.tween.elapsed >= flight.tween.delay:
                x, y = flight.tween.value
                img = tiles.tile(flight.kind, flight.width, rotation=flight.rotation)
                surface.blit(img, (round(x), round(y)))

    def draw_floaters(self, surface: pygame.Surface) -> None:
        """Score changes rising and fading; the points handed over flying to the winner."""
        scene = self.scene
        for floater in self.floaters:
            p = floater.tween.value
            if floater.end is not None:
                if floater.tween.elapsed < floater.tween.delay:
                    continue
                (x0, y0), (x1, y1) = floater.start, floater.end
                at = (round(x0 + (x1 - x0) * p), round(y0 + (y1 - y0) * p))
                img = scene.app.fonts.render(floater.text, scene.px(26), floater.colour, "bold")
                img.set_alpha(round(255 * min(1.0, 6 * (1 - p))))
                surface.blit(img, img.get_rect(center=at))
                img.set_alpha(None)
                continue
            x, y = floater.start
            img = scene.app.fonts.render(floater.text, scene.px(30), floater.colour, "bold")
            img.set_alpha(round(255 * min(1.0, 2.2 * (1 - p))))
            surface.blit(img, img.get_rect(midbottom=(x, round(y - scene.px(6) - p * scene.px(40)))))
            img.set_alpha(None)


def _slot(layout: TableLayout, key: SlotKey) -> TileSlot | None:
    """The slot a key names in a layout, if it is still there."""
    role, seat, position = key
    if role == "hand" and 0 <= seat < 4 and position < len(layout.seats[seat].hand):
        return layout.seats[seat].hand[position]
    return None


__all__ = ["WIN_WORD", "Banner", "Count", "Flight", "Flip", "Floater", "Motion", "Roll"]

"""The coach on the match result: the person's three costliest decisions of the match, a sentence each,
and the match rating; a click on a sentence opens the replay there with every candidate shown. The
mistakes join the queue of drills made of the player's own mistakes (:mod:`game.tutorial.replay_queue`).

The review (:func:`game.replay.review.review`, by Expert) runs on a worker thread from the replay the
match was kept as; until it is done the block says so. Not a scene: the match result draws it in its
own area and passes it its clicks (:class:`~game.ui.screens.results.MatchResultScene`).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Final

import pygame

from game.glossary import term
from game.replay.coach import CoachLine, coach
from game.replay.library import load
from game.replay.move_text import move_words
from game.replay.review import Review, review
from game.tutorial.replay_drills import review_drills
from game.tutorial.replay_queue import QUEUE_NAME, ReplayDrillQueue
from game.ui.kit.theme import COLOURS, MIN_TEXT_PX, readable
from game.ui.kit.widgets import draw_panel, draw_text
from game.ui.scene import SceneApp
from game.ui.words.i18n import level_name

log = logging.getLogger(__name__)

COACH_LEVEL: Final = "expert"
"""The level that reviews the match for the coach."""
HEIGHT: Final = 176
"""The block's height at scale 1: the title, three decisions of up to two lines each and the hint."""



def _review(path: Path, seat: int, queue: Path | None) -> Review:
    """The person's seat of a kept match, reviewed by the coach's level; with ``queue``, its mistakes join
    the drill queue kept there (:mod:`game.tutorial.replay_queue`)."""
    loaded = load(path)
    found = review(loaded.events, seat, COACH_LEVEL, loaded.header)
    if queue is not None:
        drills = review_drills(loaded.events, found)
        try:
            ReplayDrillQueue.open(queue).add(drills, path.name).save()
        except OSError as exc:  # the coach still speaks; the queue waits for a disk that works
            log.warning("%s: the mistakes did not join the drill queue: %s", queue, exc)
    return found


class CoachLines:
    """The coach's block of a match result (see the module docstring)."""

    def __init__(
        self,
        app: SceneApp,
        saved_as: Path | None,
        levels: Sequence[str | None],
        *,
        queue_mistakes: bool = True,
    ) -> None:
        """Review ``saved_as`` for the person's seat (the one no AI level played); with ``queue_mistakes``
        (a match just played here) its mistakes join the drill queue."""
        self.app = app
        self.path = saved_as
        self.seat = next((s for s, level in enumerate(levels) if level is None), 0)
        """The person's seat (the one no AI level played), else seat 0."""
        self.links: list[tuple[pygame.Rect, int]] = []
        self.worker: ThreadPoolExecutor | None = None
        self.job: Future[Review] | None = None
        if saved_as is not None:
            self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
            queue = app.paths.data_dir / QUEUE_NAME if app.persist and queue_mistakes else None
            self.job = self.worker.submit(_review, saved_as, self.seat, queue)

    def height(self, px: int) -> int:
        """How tall the block is (0 without a kept replay to review); ``px`` is one designed pixel."""
        return 0 if self.path is None else HEIGHT * px

    def result(self, wait: float = 0.0) -> Review | None:
        """The finished review (waiting up to ``wait`` seconds), or None while it is made or if it failed."""
        job = self.job
        if job is None:
            return None
        if wait:
            job.exception(wait)
        if not job.done() or job.exception() is not None:
            return None
        return job.result()

    def lines(self) -> list[CoachLine]:
        """The three costliest decisions, costliest first (none while the review is made)."""
        found = self.result()
        return coach(found) if found is not None else []

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, px: float) -> None:
        """The block: the title and rating, then one sentence per decision (each a link)."""
        self.links = []
        if self.path is None or rect.h <= 0:
            return
        app = self.app
        fonts = app.fonts
        draw_panel(surface, rect, radius=round(12 * px))
        pad = round(14 * px)
        x, y, w = rect.x + pad, rect.y + round(10 * px), rect.w - 2 * pad
        found = self.result()
        title = app.tr("coach.title")
        if found is not None:
            title = app.tr("coach.title_rating", rating=found.rating)
        draw_text(surface, fonts, title, (x, y), round(16 * px), COLOURS.gold, "bold")
        y += round(26 * px)
        size = readable(round(13 * px))
        if found is None:
            failed = self.job is not None and self.job.done()
            words = app.tr("coach.failed" if failed else "coach.working")
            draw_text(surface, fonts, words, (x, y), size, COLOURS.text_dim)
            return
        lines = coach(found)
        if not lines:
            draw_text(surface, fonts, app.tr("coach.none"), (x, y), size, COLOURS.text_dim)
            return
        row = max(MIN_TEXT_PX + 6, round(18 * px))
        hint = readable(round(11 * px))
        foot = rect.bottom - row  # the hint's line
        for line in lines:
            words = self.short(line)
            # one line as large as fits (never under the smallest size), else two lines at the smallest
            fit = next((s for s in range(size, MIN_TEXT_PX - 1, -1) if fonts.size(words, s)[0] <= w), 0)
            parts = [words] if fit else fonts.wrap(words, MIN_TEXT_PX, w)
            hit = pygame.Rect(x, y, w, row * len(parts))
            if len(parts) > 2 or hit.bottom > foot:
                break  # the costliest come first: the ones that do not fit whole are left out
            hover = hit.collidepoint(pygame.mouse.get_pos())
            colour = COLOURS.selected if hover else COLOURS.text
            for i, part in enumerate(parts):
                draw_text(surface, fonts, part.rstrip(), (x, y + i * row), fit or MIN_TEXT_PX, colour)
            self.links.append((hit, line.decision.index))
            y = hit.bottom
        draw_text(surface, fonts, app.tr("coach.open"), (x, y), hint, COLOURS.text_dim)

    def short(self, line: CoachLine) -> str:
        """A decision in one line: the hand, the move played and the level's, the cost and its category."""
        app = self.app
        d = line.decision
        return app.tr(
            "coach.short",
            hand=d.hand + 1,
            played=move_words(d.played, app.lang),
            level=level_name(line.level, app.lang),
            best=move_words(d.best, app.lang),
            cost=f"{d.cost:.2f}",
            category=term(f"review.cat.{d.category or 'efficiency'}", app.lang),
        )

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a sentence: the replay at that decision, reviewed, every candidate shown."""
        index = next((i for rect, i in self.links if rect.collidepoint(pos)), None)
        if index is None or self.path is None:
            return False
        return self.app.nav.viewer(self.path, index, self.seat, COACH_LEVEL)

    def close(self) -> None:
        """Stop the worker (a review being made is dropped)."""
        if self.worker is not None:
            self.worker.shutdown(wait=False, cancel_futures=True)


__all__ = ["COACH_LEVEL", "CoachLines"]

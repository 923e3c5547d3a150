"""The AI runner: other seats' decisions and the person's hints, thought out on a worker thread.

A frame never waits for an AI. The driver hands out a snapshot
(:class:`~game.table.driver.AiJob`); the runner runs it on its single worker
thread, polls it every frame, and plays it back through the driver once it is
ready and its thinking pause is over — the player's "AI thinking pause" times the decision's
own pace (:attr:`~game.ai.base.Decision.think`: the level, and how hard the decision is); a seat's
own turn only, answers to a discard come at once. The hint advisor (hint levels 2 and 3)
ranks the person's options on the same thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor

from game.ai.advisor import Advisor
from game.ai.base import Decision, Reason
from game.ai.reasons import render_reason
from game.core.actions import Action, Discard
from game.core.rules import RuleSet
from game.core.tiles import kind_of
from game.core.view import SeatView
from game.table.driver import AiJob, AiSeats
from game.table.figures import prepare_analysis
from game.table.hint_levels import hint_level
from game.table.menu import CLAIM_BUTTONS, ActionMenu, button_of

log = logging.getLogger(__name__)

Rank = Callable[[SeatView, Sequence[Action]], list[Decision]]
"""The advisor's ranking of a seat's options, best first."""
Words = Callable[[Reason, str], str]
"""An AI reason in words, in a language."""


class AiRunner:
    """The table's worker thread: AI seats' decisions and the person's hints (see the module docstring)."""

    def __init__(self, rules: RuleSet) -> None:
        """Start the worker; it first makes the hand analysis tables ready (a few hundred ms)."""
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        self.executor.submit(prepare_analysis, rules)
        self.job: AiJob | None = None
        self.future: Future[Decision] | None = None
        self.decision: Decision | None = None
        """The finished decision of ``future``, waiting out its thinking pause."""
        self.ready_at = 0.0
        """When the decision being thought out was asked for (its pause counts from then)."""
        self.advisor: Rank | None = Advisor("expert").rank
        self.render_reason: Words | None = render_reason
        self.hints: list[Decision] | None = None
        """The advisor's ranking of the person's options at the current decision (None: not yet)."""
        self.hint_token: int | None = None
        self.hint_future: Future[list[Decision]] | None = None

    def shutdown(self) -> None:
        """Stop the worker (a decision being thought out is dropped)."""
        self.executor.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ other seats
    def drive(self, driver: AiSeats, clock: float, pause: float) -> None:
        """Ask the worker for the next AI decision; play it once it is ready and its thinking pause has
        passed since it was asked for: ``pause`` (seconds, the player's setting) times the decision's own
        :attr:`~game.ai.base.Decision.think` (the level's pace and how hard the decision is), on a seat's
        own turn only."""
        if self.future is None or self.job is None:
            job = driver.ai_job()
            if job is None:
                return
            self.job = job
            self.future = self.executor.submit(job.run)
            self.ready_at = clock
            return
        if not self.future.done():
            return
        job = self.job
        if self.decision is None:
            try:
                self.decision = self.future.result()
            except Exception:  # a broken AI must not stop the match
                log.exception("AI seat %d failed to decide; playing its first legal action", job.seat)
                self.decision = Decision(job.legal[0], Reason("fallback"))
        decision = self.decision
        if job.paced and clock < self.ready_at + pause * decision.think:
            return
        self.job, self.future, self.decision = None, None, None
        driver.play_ai(job, decision)

    def drop(self, seat: int) -> None:
        """Forget the decision being thought out for ``seat`` (the seat was handed back to the person): it
        is never played."""
        if self.job is not None and self.job.seat == seat:
            self.job, self.future, self.decision = None, None, None

    # ------------------------------------------------------------------ the person's hints
    def request_hints(self, menu: ActionMenu, level: int) -> None:
        """Ask the advisor (off the render thread) to rank the person's options (hint level 2+)."""
        self.hints = None
        self.hint_token = None
        if level < 2 or self.advisor is None or not menu.legal:
            return
        advisor, seen, legal = self.advisor, menu.view, menu.legal
        self.hint_token = menu.token
        self.hint_future = self.executor.submit(lambda: advisor(seen, legal))

    def forget_hints(self, *, asked: bool = False) -> None:
        """Drop the hints (the decision is over); with ``asked``, also forget which decision they were
        asked for (the hint level changed)."""
        self.hints = None
        if asked:
            self.hint_token = None

    def poll_hints(self, decision_token: int | None) -> bool:
        """Take the advisor's ranking once it is ready; True if new hints arrived for this decision."""
        future = self.hint_future
        if future is None or not future.done():
            return False
        self.hint_future = None
        try:
            ranked = future.result()
        except Exception:
            log.exception("the hint advisor failed")
            return False
        if self.hint_token == decision_token:
            self.hints = list(ranked)
            return True
        return False

    def recommended_button(self, level: int) -> str | None:
        """The claim-bar button the advisor ranks first (hint level 2+)."""
        if not self.hints or not hint_level(level).ranking:
            return None
        name = button_of(self.hints[0].action)
        return name if name in CLAIM_BUTTONS else None

    def ranked_discards(self, level: int) -> list[tuple[int, int]]:
        """(rank 1-3, tile kind) of the advisor's best discards (hint level 2+)."""
        if not self.hints or not hint_level(level).ranking:
            return []
        out: list[tuple[int, int]] = []
        for decision in self.hints:
            action = decision.action
            if isinstance(action, Discard) and all(k != kind_of(action.tile) for _, k in out):
                out.append((len(out) + 1, kind_of(action.tile)))
            if len(out) == 3:
                break
        return out

    def hint_reason(self, level: int, lang: str, missing: str) -> str | None:
        """The advisor's reason for its first choice, in words (hint level 3; ``missing`` when no words
        can be found for reasons)."""
        if not self.hints or not hint_level(level).reason:
            return None
        if self.render_reason is None:
            return missing
        try:
            return self.render_reason(self.hints[0].reason, lang)
        except Exception:
            log.exception("render_reason failed")
            return None


__all__ = ["AiRunner", "Rank", "Words"]

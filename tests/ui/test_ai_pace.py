"""The table's AI runner waits each decision's own thinking pause: the setting times Decision.think."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.ai.base import Decision, Reason
from game.core.actions import Discard, Pass
from game.core.rules import RuleSet
from game.ui.table.ai_runner import AiRunner


@dataclass
class _Job:
    seat: int
    paced: bool
    think: float
    legal: tuple[Discard | Pass, ...] = (Discard(0),)

    def run(self) -> Decision:
        return Decision(self.legal[0], Reason("forced"), self.think)


@dataclass
class _Driver:
    jobs: list[_Job]
    played: list[tuple[float, Decision]] = field(default_factory=list)
    clock: float = 0.0

    def ai_job(self) -> _Job | None:
        return self.jobs.pop(0) if self.jobs else None

    def play_ai(self, job: _Job, decision: Decision) -> None:
        self.played.append((self.clock, decision))


def _run(job: _Job, pause: float) -> float:
    """The table clock at which the runner plays the job's decision (frames of 10 ms)."""
    runner = AiRunner(RuleSet())
    driver = _Driver([job])
    try:
        runner.drive(driver, 0.0, pause)  # type: ignore[arg-type]
        assert runner.future is not None
        while not runner.future.done():
            time.sleep(0.001)
        while not driver.played:
            driver.clock += 0.01
            runner.drive(driver, driver.clock, pause)  # type: ignore[arg-type]
        return driver.played[0][0]
    finally:
        runner.shutdown()


def test_the_pause_is_the_setting_times_the_decisions_think() -> None:
    assert 0.99 <= _run(_Job(1, paced=True, think=2.0), pause=0.5) <= 1.02
    assert 0.24 <= _run(_Job(1, paced=True, think=0.5), pause=0.5) <= 0.27


def test_answers_to_a_discard_come_at_once() -> None:
    assert _run(_Job(1, paced=False, think=2.0), pause=0.5) <= 0.02

"""The lesson driver: a lesson of the course on the table, behind the same protocol as a live match.

:class:`LessonDriver` wraps :class:`game.tutorial.runner.LessonRunner`: the
runner's game log goes into an :class:`~game.replay.cursor.EventCursor` the
table shows one event at a time; when the table has shown everything and the
lesson needs nobody (scripted moves, opponents, checks), the driver lets the
runner play one more move. The person's decision is the engine's whole menu
(:class:`~game.table.menu.ActionMenu`): every button and tile stays pressable,
and :meth:`submit` hands the move to the runner, which plays it only if it is
the step's move (or, in free play, any legal move). What the runner said about
it — accepted, the engine's refusal, a known mistake, a legal move that is not
this step's — is kept in :attr:`LessonDriver.outcome` for the coach panel.

Undo, back one step, restart and skipping (also to continue at a saved step)
change the runner's log; the cursor keeps the events both logs share and stands
at the new end at once (the table sees it moved and redraws without animating).
Opponents are played by the runner itself: the driver has none of the optional capabilities of
:mod:`game.table.driver` (no AI seats, no 托管, no match result, nothing to close). No pygame here.
"""

from __future__ import annotations

from game.core.actions import Action, Refusal
from game.core.events import Event
from game.replay.cursor import EventCursor
from game.tutorial.lesson import PERSON, Lesson
from game.tutorial.links import Links
from game.tutorial.runner import LessonRunner, Outcome, Prompt

from .driver import TableDriver
from .menu import ActionMenu

NOT_THIS_STEP = "not_this_step"
"""The refusal code :meth:`LessonDriver.submit` gives for a legal move the lesson does not ask for."""
MAX_AUTO = 400
"""The most moves one :meth:`LessonDriver.skip_to` plays (a lesson is a few dozen)."""


class LessonDriver:
    """One lesson (or its practice hand) on the table (see the module docstring)."""

    def __init__(
        self, lesson: Lesson, links: Links | None = None, *, practice: bool = False, start_step: int = 0
    ) -> None:
        """Open a lesson at its start, or at ``start_step`` (the steps before are made by the coach)."""
        self.lesson = lesson
        self.practice = practice
        self.runner = LessonRunner.practice(lesson, links) if practice else LessonRunner(lesson, links)
        self._cursor = EventCursor(self.runner.events, len(self.runner.events))
        self.outcome: Outcome | None = None
        """What became of the person's last move (None after a jump or a new step)."""
        self._result_seen = False
        if start_step > 0:
            self.skip_to(start_step)

    # ------------------------------------------------------------------ the log
    def _sync(self) -> None:
        """Follow the runner's log: the events both logs share are kept, the rest replaced."""
        events = self.runner.events
        mine = self._cursor.events
        same = 0
        for a, b in zip(mine, events, strict=False):
            if a != b:
                break
            same += 1
        if same < len(mine):  # taken back (a part that showed a mistake ended): stand at the new end
            self._cursor.truncate(max(1, same))
            self._cursor.extend(events[len(self._cursor) :])
            self._cursor.seek(len(self._cursor))
            return
        self._cursor.extend(events[len(self._cursor) :])

    def _jump(self) -> None:
        """After the runner's log changed under the person's control: show its end at once."""
        self._sync()
        self._cursor.seek(len(self._cursor))
        self.outcome = None

    # ------------------------------------------------------------------ the lesson's controls
    def prompt(self) -> Prompt:
        """What the lesson asks of the person now (see :class:`~game.tutorial.runner.Prompt`)."""
        return self.runner.prompt()

    def proceed(self) -> bool:
        """The person read the coach's text: on to the next step."""
        done = self.runner.proceed()
        if done:
            self.outcome = None
            self._sync()  # the end of a part takes back what it played
        return done

    def undo(self) -> bool:
        """Take back the person's last move."""
        done = self.runner.undo()
        if done:
            self._jump()
        return done

    def back(self) -> bool:
        """Back to the start of the previous step that asked something of the person."""
        done = self.runner.back()
        if done:
            self._jump()
        return done

    def restart(self) -> None:
        """The lesson from its first step (the practice hand dealt again)."""
        self.runner.restart()
        self._result_seen = False
        self._jump()

    def skip_step(self) -> None:
        """The coach makes this step's move for the person (or a coach step is simply read)."""
        self.runner.skip_step()
        self._jump()

    def skip_to(self, step: int) -> None:
        """Let the coach play the lesson up to main step ``step`` (to continue where the person stopped)."""
        for _ in range(MAX_AUTO):
            if self.runner.done or self.runner.progress().index >= step:
                break
            self.runner.skip_step()
        self._jump()

    # ------------------------------------------------------------------ TableDriver
    @property
    def seat(self) -> int:
        """The person's seat: East, at the bottom."""
        return PERSON

    @property
    def cursor(self) -> EventCursor:
        """The lesson's log and the position shown."""
        return self._cursor

    def show_next(self) -> Event | None:
        """The next event to show; when all is shown and nobody has to decide, the lesson's next move."""
        if self._cursor.at_end and self.runner.prompt().kind == "auto":
            self.runner.advance(1)
            self._sync()
        return self._cursor.forward()

    @property
    def caught_up(self) -> bool:
        """Everything is shown and the lesson waits for the person (or is over)."""
        return self._cursor.at_end and self.runner.prompt().kind != "auto"

    def decision(self) -> ActionMenu | None:
        """The engine's menu when the lesson asks the person for a move (every legal action offered)."""
        if not self._cursor.at_end:
            return None
        prompt = self.runner.prompt()
        if prompt.kind not in ("move", "free"):
            return None
        return ActionMenu(self.runner.game.state, PERSON, prompt.legal)

    def menu(self) -> ActionMenu:
        """The person's seat at the shown position (for "why not?" at any moment)."""
        decision = self.decision()
        return decision if decision is not None else ActionMenu(self._cursor.state, PERSON, ())

    def submit(self, action: Action) -> Refusal | None:
        """Hand the person's move to the lesson: None if it was played, else why not (see :attr:`outcome`)."""
        outcome = self.runner.submit(action)
        self.outcome = outcome
        self._sync()
        if outcome.kind == "accepted":
            return None
        if outcome.refusal is not None:
            return outcome.refusal
        words = outcome.coach.en if outcome.coach is not None else "not this step's move"
        return Refusal(NOT_THIS_STEP, words)

    def answer_refusal(self, refusal: Refusal) -> Outcome:
        """The lesson's answer to a move the table refused before offering it (a greyed button, a tile
        that may not be thrown): the same as for the move itself (see :attr:`outcome`)."""
        self.outcome = self.runner.answer_refusal(refusal)
        return self.outcome

    @property
    def hand_over(self) -> bool:
        """Only the practice hand ends in a hand result; a lesson's coach explains its own hand's end."""
        over = self._cursor.at_end and self._cursor.state.phase in ("round_over", "match_over")
        return self.practice and over and not self._result_seen

    def advance(self) -> None:
        """After the practice hand's result: the hand stays over (play it again with restart)."""
        self._result_seen = True

    def levels(self) -> tuple[str | None, ...]:
        """The person, and the lesson's opponents."""
        level = self.lesson.opponents
        return (None, level, level, level)

    @property
    def preset(self) -> str:
        """Lessons use the standard rules."""
        return "standard"



def as_table_driver(driver: LessonDriver) -> TableDriver:
    """The lesson driver where a TableDriver is wanted (the type checker holds it to the protocol)."""
    return driver


__all__ = ["NOT_THIS_STEP", "LessonDriver", "as_table_driver"]

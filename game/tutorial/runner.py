"""The lesson runner: a lesson played on the real engine, step by step, for any table driver.

:class:`LessonRunner` holds a :class:`~game.core.match.Game` (the engine
decides every move; a lesson can never teach a move the rules refuse) and the
lesson's place. A table driver uses it like this::

    runner = LessonRunner(lesson, links)
    while not runner.done:
        prompt = runner.prompt()          # what the person is asked for now
        if prompt.kind == "auto":
            new_events = runner.advance(1)    # one scripted / opponent move, to animate
        elif prompt.kind == "continue":
            runner.proceed()                  # the person read the coach's text
        elif prompt.kind in ("move", "free"):
            outcome = runner.submit(action)   # the person's move: accepted, refused (why), a mistake
        # show runner.game.events, runner.coach(), runner.lit(), runner.progress()

``undo()`` takes back the person's last move (the log is re-folded),
``back()`` returns to the previous step, ``restart()`` to the start, and
``skip_step()`` lets the coach make the step's move. :meth:`LessonRunner.practice`
is the free practice hand after a lesson.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from ..core.actions import Action, Pass, Refusal
from ..core.engine import step
from ..core.events import Event
from ..core.match import Game
from ..core.refusals import explain_refusal, refusal_words
from ..core.state import State
from .autoplay import GUARD, PositionError, ai_reply, auto_move, play_scripted, start_position
from .conditions import parse_condition
from .facts import fill, table_facts
from .lesson import PERSON, Lesson, Mistake, Position, Step
from .links import Links
from .moves import MovePattern
from .spotlight import Lit, light
from .text import Text

OutcomeKind = Literal["accepted", "refused", "mistake", "unexpected", "not_waiting"]
PromptKind = Literal["continue", "move", "free", "auto", "stuck", "done", "broken"]


@dataclass(frozen=True)
class Outcome:
    """What became of the person's move.

    ``accepted``: played, the lesson went on (``events`` are the new ones).
    ``refused``: the engine said no (``refusal``: its code, words and blockers).
    ``mistake``: a known wrong move: ``coach`` explains it; a part may follow.
    ``unexpected``: legal, but not what this step asks for (not played).
    ``not_waiting``: the lesson is not asking the person for a move now.
    ``lesson`` names the lesson that explains a refusal.
    """

    kind: OutcomeKind
    coach: Text | None = None
    refusal: Refusal | None = None
    events: tuple[Event, ...] = ()
    lesson: str | None = None
    mistake: Mistake | None = None


@dataclass(frozen=True)
class Prompt:
    """What the lesson asks of the person now.

    ``continue``: read the coach's text; ``move``: make the step's move (``expected``);
    ``free``: any legal move; ``auto``: nothing — call :meth:`LessonRunner.advance`;
    ``stuck``: free play ended the hand without reaching the step's goal (offer undo, back, restart);
    ``done``; ``broken`` (see :attr:`LessonRunner.error`). ``legal`` is what the engine allows.
    """

    kind: PromptKind
    legal: tuple[Action, ...] = ()
    expected: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Progress:
    """How far the lesson is: main steps finished of all, and the part being shown, if any."""

    index: int
    total: int
    part: str | None
    done: bool


@dataclass(frozen=True)
class _Part:
    """A part being shown after a mistake: where in it, and where to go back to."""

    name: str
    index: int
    rewind_to: int
    return_to: int


@dataclass(frozen=True)
class _Mark:
    """A place to come back to: the log's length and the lesson's place."""

    events: int
    main: int
    part: _Part | None
    pos: int


NOT_WAITING = Text("先读完教练的话，再按“继续”。", "Read the coach's note first, then press Continue.")


class LessonRunner:
    """One lesson being played: the engine's game, the current step and the person's undo history."""

    def __init__(self, lesson: Lesson, links: Links | None = None, position: Position | None = None) -> None:
        """Set up the lesson's position (or ``position``); a position the engine refuses makes it broken."""
        self.lesson = lesson
        self.links = links or Links()
        self._position = position or lesson.position
        self.restart()

    @classmethod
    def practice(cls, lesson: Lesson, links: Links | None = None) -> LessonRunner:
        """The practice hand after a lesson: its ``[practice]`` deal (else its position), played freely."""
        free = Step(
            "free",
            "practice",
            Text(
                "练习一局：自由打牌，随时可以悔一步。",
                "A practice hand: play freely; you may take back your last move at any time.",
            ),
            until=_HAND_OVER,
        )
        practice = replace(lesson, steps=(free,), parts={})
        return cls(practice, links, lesson.practice or lesson.position)

    # --- state ---------------------------------------------------------------------------------

    def restart(self) -> None:
        """Back to the lesson's first step at its starting position."""
        self.error: str | None = None
        try:
            self.game = start_position(self._position)
        except PositionError as exc:
            self.game = Game.from_events(self._position.scenario.start_events())
            self.error = f"position: {exc}"
        self.since = len(self.game.events)
        self._main = 0
        self._part: _Part | None = None
        self._pos = 0
        self._history: list[_Mark] = []
        self._entries: dict[int, _Mark] = {0: self._mark()}
        self.last: Outcome | None = None

    @property
    def events(self) -> list[Event]:
        """The whole event log (the lesson's table starts at :attr:`since`)."""
        return self.game.events

    @property
    def step(self) -> Step | None:
        """The step being played (a part's step while a mistake is explained); None at the end."""
        if self._part is not None:
            return self.lesson.parts[self._part.name][self._part.index]
        return self.lesson.steps[self._main] if self._main < len(self.lesson.steps) else None

    @property
    def done(self) -> bool:
        """True once every step is played (or the lesson is broken)."""
        return self.error is not None or self.step is None

    def coach(self) -> Text | None:
        """The coach's text for the current step, its placeholders filled from the table now."""
        current = self.step
        return None if current is None or current.coach is None else self.filled(current.coach)

    def filled(self, text: Text) -> Text:
        """A lesson text with its placeholders (``{wall_left}``, ``{bao}``, ``{payment:S}`` ...) filled from
        the table now."""
        return fill(text, table_facts(self.game.state, self.game.events, self.since))

    def lit(self) -> Lit:
        """What the current step's spotlights light on the table now."""
        current = self.step
        return Lit() if current is None else light(current.spotlight, self.game.state, PERSON)

    def progress(self) -> Progress:
        """Main steps finished of all, and the part shown, if any."""
        return Progress(
            min(self._main, len(self.lesson.steps)),
            len(self.lesson.steps),
            None if self._part is None else self._part.name,
            self.done,
        )

    def _mark(self) -> _Mark:
        return _Mark(len(self.game.events), self._main, self._part, self._pos)

    def _restore(self, mark: _Mark) -> None:
        """Go back to a mark: the log re-folded to its length, the lesson's place as it was."""
        if len(self.game.events) != mark.events:
            self.game = Game.from_events(self.game.events[: mark.events])
        self._main, self._part, self._pos = mark.main, mark.part, mark.pos
        self._history = [m for m in self._history if m.events < mark.events]
        self._entries = {i: m for i, m in self._entries.items() if i <= mark.main}
        self.error = None

    # --- moving through the steps ----------------------------------------------------------------

    def _next(self) -> None:
        """Go on to the next step (leaving a finished part by taking back what it played)."""
        self._pos = 0
        if self._part is not None:
            index = self._part.index + 1
            if index < len(self.lesson.parts[self._part.name]):
                self._part = replace(self._part, index=index)
                return
            part = self._part
            self._part = None
            if len(self.game.events) != part.rewind_to:
                self.game = Game.from_events(self.game.events[: part.rewind_to])
            self._main = part.return_to
            return
        self._main += 1
        self._entries[self._main] = self._mark()

    def _waiting(self, current: Step) -> bool | str:
        """For an expect or free step: True if the person is to move, False if others are, or a problem."""
        state = self.game.state
        pending = self.game.pending()
        if PERSON not in pending:
            return False
        if current.kind == "free":
            return True
        legal = self.game.legal_actions(PERSON)
        if any(p.matches(state, a) for p in current.expect for a in legal):
            return True
        if state.phase in ("claim", "rob"):
            return False  # the step is not about this discard: the person lets it go
        wanted = current.expect[0]
        action = wanted.to_action(state, PERSON, legal)
        why = action if isinstance(action, str) else explain_refusal(state, PERSON, action, legal).message
        return f"step {current.id}: the expected move {wanted.text!r} is not legal here ({why})"

    def _stuck(self) -> bool:
        """Whether free play ended the hand before the step's goal was reached."""
        return self.game.state.phase in ("round_over", "match_over")

    def prompt(self) -> Prompt:
        """What the person is asked for now."""
        if self.error is not None:
            return Prompt("broken")
        current = self.step
        if current is not None and current.kind == "free" and self._stuck():
            assert current.until is not None
            if not current.until.holds(self.game.state, self.game.events, self.since):
                return Prompt("stuck")
        current = self.step
        if current is None:
            return Prompt("done")
        if current.kind == "coach":
            return Prompt("continue")
        if current.kind in ("expect", "free") and self._waiting(current) is True:
            legal = tuple(self.game.legal_actions(PERSON))
            state = self.game.state
            expected = tuple(
                a
                for a in (p.to_action(state, PERSON, legal) for p in current.expect)
                if not isinstance(a, str)
            )
            return Prompt("move" if current.kind == "expect" else "free", legal, expected)
        return Prompt("auto")

    def advance(self, limit: int | None = None) -> list[Event]:
        """Play what needs no person: scripted moves, opponents, checks; stop when the person is needed.

        ``limit`` caps the number of moves played (1: one move at a time, to animate each).
        """
        new: list[Event] = []
        moves = 0
        for _ in range(GUARD):
            current = self.step
            if self.error is not None or current is None or current.kind == "coach":
                break
            if current.kind == "check":
                assert current.check is not None
                failed = current.check.failures(self.game.state, self.game.events, self.since)
                if failed:
                    self.error = f"step {current.id}: check failed: " + "; ".join(failed)
                    break
                self._next()
                continue
            if current.kind in ("free", "wait"):
                assert current.until is not None
                if current.until.holds(self.game.state, self.game.events, self.since):
                    self._next()
                    continue
                if current.kind == "free" and self._stuck():
                    break
            if current.kind == "play" and self._pos >= len(current.moves):
                self._next()
                continue
            if current.kind in ("expect", "free"):
                waiting = self._waiting(current)
                if waiting is True:
                    break
                if isinstance(waiting, str):
                    self.error = waiting
                    break
            if limit is not None and moves >= limit:
                break
            result = self._automatic(current)
            if isinstance(result, str):
                self.error = f"step {current.id}: {result}"
                break
            new.extend(result)
            moves += 1
        return new

    def _automatic(self, current: Step) -> list[Event] | str:
        """One move nobody chooses: the next scripted move, or an opponent's (a person's pass)."""
        if current.kind == "play":
            result = play_scripted(self.game, current.moves[self._pos])
            if not isinstance(result, str):
                self._pos += 1
            return result
        if self.game.state.phase == "round_over":
            if current.kind == "wait" and current.until is not None:
                return f"the hand ended, and {current.until.text} never held"
            return "the hand ended before this step was reached"
        pending = self.game.pending()
        if pending and pending[0] == PERSON and self.game.state.phase == "discard" and current.kind == "wait":
            return "the person must move before the condition holds: add an expect step"
        if pending and pending[0] == PERSON and current.kind in ("expect", "wait"):
            passed = self.game.submit(PERSON, Pass())
            return passed.message if isinstance(passed, Refusal) else passed
        return auto_move(self.game, self.lesson.opponents if current.kind == "free" else None)

    def proceed(self) -> bool:
        """The person has read a coach step: go on. False if the step is not a coach step."""
        current = self.step
        if self.error is not None or current is None or current.kind != "coach":
            return False
        self._next()
        return True

    # --- the person's moves ---------------------------------------------------------------------

    def submit(self, action: Action) -> Outcome:
        """The person's move: played if it is the step's move, else why not (the engine's or the coach's)."""
        current = self.step
        if self.error is not None or current is None or current.kind not in ("expect", "free"):
            self.last = Outcome("not_waiting", NOT_WAITING if current is not None else None)
            return self.last
        if self._waiting(current) is not True:
            why = explain_refusal(self.game.state, PERSON, action)
            self.last = Outcome("not_waiting", None, why, lesson=self.links.lesson_for(why))
            return self.last
        state = self.game.state
        legal = self.game.legal_actions(PERSON)
        if current.kind == "expect" and any(p.matches(state, action) for p in current.expect):
            self.last = self._play(action)
            return self.last
        checked = step(state, PERSON, action, legal)
        refusal = checked if isinstance(checked, Refusal) else None
        mistake = _find_mistake(current, state, action, refusal)
        if mistake is not None:
            self.last = self._mistake(mistake, action, refusal)
        elif refusal is not None:
            self.last = self._refused(current, refusal)
        elif current.kind == "free":
            self.last = self._play(action)
        else:
            self.last = Outcome("unexpected", current.wrong or unexpected_text(current))
        return self.last

    def answer_refusal(self, refusal: Refusal) -> Outcome:
        """The coach's answer to a move the engine refused before it was tried (a greyed button pressed).

        The step's known mistake with that refusal (and 听 blocker), else the engine's why-not
        with the step's ``wrong`` line: the same answer :meth:`submit` gives for the move itself.
        """
        current = self.step
        if self.error is not None or current is None or current.kind not in ("expect", "free"):
            self.last = Outcome("not_waiting", None, refusal, lesson=self.links.lesson_for(refusal))
            return self.last
        if self._waiting(current) is not True:
            self.last = Outcome("not_waiting", None, refusal, lesson=self.links.lesson_for(refusal))
            return self.last
        mistake = _find_mistake(current, self.game.state, None, refusal)
        self.last = self._mistake(mistake, None, refusal) if mistake else self._refused(current, refusal)
        return self.last

    def _refused(self, current: Step, refusal: Refusal) -> Outcome:
        """A move the engine refuses: its why-not, with the step's own line if it has one."""
        coach = current.wrong or refusal_text(refusal)
        return Outcome("refused", coach, refusal, lesson=self.links.lesson_for(refusal))

    def _play(self, action: Action) -> Outcome:
        """Play an accepted move of the person and remember where to undo to."""
        mark = self._mark()
        result = self.game.submit(PERSON, action)
        if isinstance(result, Refusal):
            return Outcome("refused", refusal_text(result), result, lesson=self.links.lesson_for(result))
        self._history.append(mark)
        current = self.step
        if current is not None and current.kind == "expect":
            self._next()
        return Outcome("accepted", events=tuple(result))

    def _mistake(self, mistake: Mistake, action: Action | None, refusal: Refusal | None) -> Outcome:
        """A known wrong move: its explanation, and its part (the move played first if the part shows it)."""
        events: tuple[Event, ...] = ()
        if mistake.part is not None:
            rewind = len(self.game.events)
            if mistake.play and action is not None:
                result = self.game.submit(PERSON, action)
                if not isinstance(result, Refusal):
                    events = tuple(result)
            self._part = _Part(mistake.part, 0, rewind, self._main)
            self._pos = 0
        link = None if refusal is None else self.links.lesson_for(refusal)
        return Outcome("mistake", self.filled(mistake.coach), refusal, events, link, mistake)

    def undo(self) -> bool:
        """Take back the person's last move (and everything after it). False if there is none."""
        if not self._history or self._part is not None:
            return False
        self._restore(self._history.pop())
        self.last = None
        return True

    def back(self) -> bool:
        """Go back to the start of the previous step that asked something of the person."""
        if self._part is not None:
            part = self._part
            self._restore(_Mark(part.rewind_to, part.return_to, None, 0))
            return True
        for index in range(min(self._main, len(self.lesson.steps)) - 1, -1, -1):
            if self.lesson.steps[index].waits_for_person and index in self._entries:
                self._restore(self._entries[index])
                self.last = None
                return True
        return False

    def skip_step(self) -> list[Event]:
        """The coach makes the current step's move for the person (a coach step is simply read).

        For free play it makes one move (the step's solution in order, then an AI's choice).
        """
        current = self.step
        if self.error is not None or current is None:
            return []
        if current.kind == "coach":
            self.proceed()
            return []
        if current.kind == "free" and self._stuck():
            goal = current.until.text if current.until else "its goal"
            self.error = f"step {current.id}: the hand ended before {goal}"
            return []
        if current.kind not in ("expect", "free") or self._waiting(current) is not True:
            return self.advance()
        state = self.game.state
        legal = self.game.legal_actions(PERSON)
        pattern = self._shown_move()
        action = pattern.to_action(state, PERSON, legal) if pattern else ai_reply(self.game, PERSON, "expert")
        if isinstance(action, str):
            self.error = f"step {current.id}: {action}"
            return []
        if current.kind == "free":
            played = self._play(action)
            if played.kind != "accepted":
                why = played.refusal.message if played.refusal is not None else played.kind
                self.error = f"step {current.id}: the move {action.describe()} is refused: {why}"
                return []
            self._pos += 1
            return list(played.events)
        outcome = self.submit(action)
        if outcome.kind != "accepted":
            why = outcome.refusal.message if outcome.refusal is not None else outcome.kind
            self.error = f"step {current.id}: the expected move {current.expect[0].text!r} is refused: {why}"
        return list(outcome.events)

    def _shown_move(self) -> MovePattern | None:
        """The move the step asks for: its expected move, or free play's next solution move."""
        current = self.step
        if current is None:
            return None
        if current.kind == "expect":
            return current.expect[0]
        if current.kind == "free" and self._pos < len(current.solution):
            return current.solution[self._pos]
        return None

    def hint(self) -> Text | None:
        """The move the step asks for, in words (for a "show me" button)."""
        pattern = self._shown_move()
        return None if pattern is None else pattern.describe()

    def hint_action(self) -> Action | None:
        """The move :meth:`hint` describes as the engine's action now (None if none, or not legal now)."""
        pattern = self._shown_move()
        if pattern is None or PERSON not in self.game.pending():
            return None
        legal = self.game.legal_actions(PERSON)
        action = pattern.to_action(self.game.state, PERSON, legal)
        return None if isinstance(action, str) else action


_HAND_OVER = parse_condition({"hand_over": True}, "practice")


def _find_mistake(
    current: Step, state: State, action: Action | None, refusal: Refusal | None
) -> Mistake | None:
    """The step's known mistake this move is: by its move (if known), else by the engine's answer."""
    for m in current.mistakes:
        if action is not None and m.on.matches(state, action):
            return m
    if refusal is None:
        return None
    for m in current.mistakes:
        if m.refusal == refusal.code and (m.blocker is None or m.blocker in refusal.blockers):
            return m
    return None


def refusal_text(refusal: Refusal) -> Text:
    """The coach's line for an engine refusal: the glossary's words, with the 听 blockers."""
    return Text(refusal_words(refusal, "zh"), refusal_words(refusal, "en"))


def unexpected_text(current: Step) -> Text:
    """The coach's line for a legal move that is not this step's: what the step asks for."""
    wanted = current.expect[0].describe()
    return Text(f"这一步请{wanted.zh}。", f"In this step, please {wanted.en}.")

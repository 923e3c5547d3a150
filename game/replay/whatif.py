"""What-if: from any decision of a replay, play another action and let AI seats play on against the
recorded wall; the branch is a new replay whose header says where it came from.

The branch keeps the log's events before the decision, plays the new action
there (the engine checks it: an illegal one is refused with the engine's
reason) and continues with an AI player in every seat. The hand in progress
goes on with the wall its ``round_started`` recorded; later hands are dealt
from the match's seed as in any match. A seat that keeps the level it played
with is played by that level with the seed the header records, after being
asked at each of its earlier decisions again, so that its random choices and
memo are where the match left them: replaying the recorded action gives the
recorded match back.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..ai.base import Player
from ..ai.registry import make_player, player_factories
from ..core.actions import Refusal
from ..core.engine import step
from ..core.errors import HarbinError
from ..core.events import Event
from ..core.legal import legal_actions
from ..core.match import Game
from ..core.view import view
from .header import FINISHED, HUMAN, now_stamp, players_of
from .notation import NotationError, format_action, parse_move, to_action
from .review import player_seed
from .verify import verify_events
from .walk import Step, walk

DEFAULT_LEVEL = "expert"
"""The level that plays on for a person's seat when no level is asked for."""


class WhatIfError(HarbinError, ValueError):
    """A branch that cannot be made: not a decision there, an action the engine refuses, a bad level."""


@dataclass(frozen=True)
class Branch:
    """A what-if branch: its header (with where it came from) and its events."""

    header: dict[str, Any]
    events: tuple[Event, ...]
    diverged_at: int
    """The index of the first event that differs from the source (the new decision)."""
    seat: int
    action: str
    """The action played instead, in the notation."""
    recorded: str
    """The action the source recorded there."""


def seat_levels(
    header: Mapping[str, Any], levels: Sequence[str] | None, events: Sequence[Event] = ()
) -> tuple[str, ...]:
    """The four players of a branch: as asked (one level for all, or four), else each seat's own level
    (a person's seat, or a name that is no AI, gets the default level)."""
    known = player_factories()
    if levels:
        names = [n.strip().lower() for n in levels]
        if len(names) == 1:
            names *= 4
        if len(names) != 4:
            raise WhatIfError(f"players: give one level or four, not {len(names)}")
        for n in names:
            if n not in known:
                raise WhatIfError(f"unknown player {n!r}: choose one of {', '.join(known)}")
        return tuple(names)
    recorded = players_of(header, events)
    return tuple(n if n in known and n != HUMAN else DEFAULT_LEVEL for n in recorded)


def decision_at(events: Sequence[Event], index: int) -> Step:
    """The decision recorded at event ``index``; WhatIfError names the nearest decisions if none is there
    (an index outside the log, a negative one included, is not in the replay)."""
    if index < 0 or index >= len(events):
        raise WhatIfError(f"event {index} is not in the replay (its events are 0 to {len(events) - 1})")
    before: int | None = None
    for s in walk(events):
        if s.index == index and s.action is not None:
            return s
        if s.index > index and s.action is not None:
            near = f"event {before} or {s.index}" if before is not None else f"event {s.index}"
            raise WhatIfError(f"event {index} is not a decision ({events[index].type}); try {near}")
        if s.action is not None:
            before = s.index
    tail = f"; the last decision is event {before}" if before is not None else ""
    raise WhatIfError(f"event {index} is not a decision ({events[index].type}){tail}")


def make_branch(
    events: Sequence[Event],
    header: Mapping[str, Any],
    at: int,
    play: str,
    levels: Sequence[str] | None = None,
    source: str = "",
) -> Branch:
    """Play ``play`` (notation) instead of the decision at event ``at`` and let AI seats finish the match.

    ``source`` is what the branch's header names as its source (see :func:`source_reference`).
    """
    checked = verify_events(events)
    if not checked.ok:
        raise WhatIfError(f"the replay does not verify: event {checked.index}: {checked.error}")
    names = seat_levels(header, levels, events)
    point = decision_at(events, at)
    assert point.seat is not None and point.action is not None
    seat, state = point.seat, point.before
    try:
        move = parse_move(play)
    except NotationError as exc:
        raise WhatIfError(str(exc)) from None
    action = to_action(move, state, seat)
    if isinstance(action, str):
        raise WhatIfError(f"{move.text()}: {action}")
    result = step(state, seat, action)
    if isinstance(result, Refusal):
        raise WhatIfError(f"{move.text()} is refused: {result.message}")
    players = _players(events, header, names, at)
    game = Game(result[0], [*events[:at], *result[1]])
    _play_on(game, players)
    recorded = players_of(header, events)
    out = dict(header)
    out.update(
        kind="branch",
        program=__version__,
        created=now_stamp(),
        status=FINISHED,
        ended=now_stamp(),
        branch={
            "source": source,
            "source_created": header.get("created"),
            "index": at,
            "seat": seat,
            "played": format_action(action, state),
            "recorded": format_action(point.action, state),
            "players": list(names),
            "recorded_players": recorded,
        },
    )
    played, before = format_action(action, state), format_action(point.action, state)
    branch = Branch(out, tuple(game.events), at, seat, played, before)
    final = verify_events(branch.events)
    if not final.ok:  # the engine made every event: this would be a bug, not bad input
        raise RuntimeError(f"a what-if branch does not verify: event {final.index}: {final.error}")
    return branch


def _players(
    events: Sequence[Event], header: Mapping[str, Any], names: Sequence[str], at: int
) -> list[Player]:
    """The branch's players; a seat keeping its recorded level is asked its earlier decisions again."""
    recorded = players_of(header, events)
    players = [make_player(n, player_seed(header, s)) for s, n in enumerate(names)]
    same = {s for s in range(4) if names[s] == recorded[s]}
    if not same:
        return players
    for s in walk(events):
        if s.index > at:
            break
        if s.seat in same and s.action is not None:
            players[s.seat].decide(view(s.before, s.seat), legal_actions(s.before, s.seat))
    return players


def _play_on(game: Game, players: Sequence[Player]) -> None:
    """Play the match to its end: every seat by its AI player, hands dealt from the seed."""
    while not game.over:
        if game.state.phase == "round_over":
            game.advance()
            continue
        pending = game.pending()
        if not pending:
            raise RuntimeError(f"nobody to act in phase {game.state.phase}")
        seat = pending[0]
        legal = game.legal_actions(seat)
        decision = players[seat].decide(view(game.state, seat), legal)
        result = game.submit(seat, decision.action)
        if isinstance(result, Refusal):
            game.submit(seat, legal[0])


def source_reference(source: Path | str, branch_folder: Path | str) -> str:
    """How a branch's header names its source so that it still resolves: its path from the branch's
    folder when it lies in that folder or below (``match.jsonl``: the two move together), else the
    absolute path."""
    absolute = os.path.abspath(source)
    try:
        relative = Path(os.path.relpath(absolute, os.path.abspath(branch_folder)))
    except ValueError:  # another drive
        return absolute
    return absolute if relative.parts[:1] == ("..",) else relative.as_posix()


def resolve_source(branch_file: Path | str, header: Mapping[str, Any]) -> Path | None:
    """The source file a branch's header names, found from the branch file's folder (None: none named)."""
    branch = header.get("branch")
    source = branch.get("source") if isinstance(branch, dict) else None
    if not isinstance(source, str) or not source:
        return None
    path = Path(source)
    return path if path.is_absolute() else Path(os.path.normpath(Path(branch_file).parent / path))


def branch_name(source: Path | str, at: int) -> str:
    """A library name for a branch of ``source`` at event ``at``: ``<source>-whatif-<at>``."""
    stem = Path(source).name
    if stem.endswith(".jsonl"):
        stem = stem[: -len(".jsonl")]
    return f"{stem}-whatif-{at}"


__all__ = [
    "DEFAULT_LEVEL",
    "Branch",
    "WhatIfError",
    "branch_name",
    "decision_at",
    "make_branch",
    "resolve_source",
    "seat_levels",
    "source_reference",
]

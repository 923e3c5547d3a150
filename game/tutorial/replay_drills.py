"""Your mistakes become drills: each mistake of a seat in a replay, asked again as "what would you play
here?" from that seat's view, graded against the reviewing level.

A drill holds the position as the seat saw it (its hand, its draw, every
seat's melds and river, who is ready, the 宝 if the seat knows it, the wall
left), the choices the seat had with the level's price of each and its
reason, the level's answer and the explanation: the level's reason and what
the move played cost. ``index`` is the event number the replay viewer shows
at that decision (events count from 0, as ``replay show`` prints them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..ai.reasons import render_reason
from ..core.events import Event
from ..core.tiles import format_tiles, kind_code
from ..core.view import SeatView, view
from ..glossary import LANGS, term
from ..replay.coach import CoachLine
from ..replay.review import Review, ReviewedDecision, review
from ..replay.walk import walk
from ..seats import RELATIVE_KEYS

DRILL_KIND = "replay"
"""The drills' kind (their ``id`` is ``replay-<hand>-<index>``)."""


def position(seat_view: SeatView) -> dict[str, Any]:
    """What the seat saw when it decided, as tile codes (``1m`` … ``7z``) and seats named from it
    (``you``, ``xiajia``, ``duijia``, ``shangjia``)."""
    seat = seat_view.seat

    def rel(s: int) -> str:
        return RELATIVE_KEYS[(s - seat) % 4]

    return {
        "seat": seat,
        "hand_no": seat_view.hand_no,
        "phase": seat_view.phase,
        "hand": _codes(seat_view.hand),
        "drawn": None if seat_view.drawn is None else kind_code(seat_view.drawn >> 2),
        "last_discard": None if seat_view.last_discard is None else kind_code(seat_view.last_discard >> 2),
        "melds": {rel(s): [format_tiles(m.tiles) for m in seat_view.melds[s]] for s in range(4)},
        "rivers": {rel(s): _codes(t.tile for t in seat_view.rivers[s]) for s in range(4)},
        "ready": [rel(s) for s in range(4) if seat_view.ting[s]],
        "bao": None if seat_view.bao is None else kind_code(seat_view.bao >> 2),
        "wall": seat_view.live_count,
        "scores": list(seat_view.scores),
    }


def _codes(tiles: Iterable[int]) -> list[str]:
    """Tile ids as their kinds' codes, in order."""
    return [kind_code(t >> 2) for t in tiles]


def drill_of(d: ReviewedDecision, seat_view: SeatView, level: str) -> dict[str, Any]:
    """One mistake as a drill: the position, the priced choices, the level's answer and why."""
    line = CoachLine(d, level)
    explanation = {
        lang: f"{render_reason(d.reason, lang)}{'。' if lang == 'zh' else '. '}{line.sentence(lang)}"
        for lang in LANGS
    }
    question = {lang: term("drill.replay.question", lang) for lang in LANGS}
    return {
        "kind": DRILL_KIND,
        "id": f"{DRILL_KIND}-{d.hand}-{d.index}",
        "index": d.index,
        "hand": d.hand,
        "level": level,
        "question": question,
        "position": position(seat_view),
        "choices": [c.to_json() for c in d.candidates],
        "answer": d.best,
        "played": d.played,
        "cost": round(d.cost, 4),
        "category": d.category,
        "explanation": explanation,
    }


def replay_drills(
    events: Sequence[Event], seat: int, level: str = "expert", header: Mapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Every mistake of ``seat`` in a replay as a drill, in the order played (ReviewError if none can be
    made)."""
    return review_drills(events, review(events, seat, level, header))


def review_drills(events: Sequence[Event], result: Review) -> list[dict[str, Any]]:
    """The mistakes of a review already made of ``events`` as drills, in the order played."""
    wanted = {d.index: d for d in result.mistakes()}
    out = []
    for s in walk(events):
        d = wanted.get(s.index)
        if d is not None and s.seat == result.seat:
            out.append(drill_of(d, view(s.before, result.seat), result.level))
    return out


def grade_replay_drill(drill: Mapping[str, Any], answer: str) -> tuple[bool, float]:
    """Whether ``answer`` (a move in the notation) is the level's, and the points it loses against it."""
    values = {c["action"]: float(c["value"]) for c in drill["choices"]}
    if answer not in values:
        raise ValueError(f"{answer!r} is not one of the choices: {', '.join(values)}")
    best = values[drill["answer"]]
    lost = max(0.0, best - values[answer])
    return answer == drill["answer"] or lost == 0.0, lost


__all__ = ["DRILL_KIND", "drill_of", "grade_replay_drill", "position", "replay_drills", "review_drills"]

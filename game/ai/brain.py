"""The heuristic evaluator behind every level: scores each legal action of a view and says why.

One :class:`~game.ai.config.Config` switches the parts on and off; the levels
in :mod:`game.ai.levels` are configurations of it. The work is split along
its seams: :mod:`game.ai.evaluate` (hand metrics and the two scoring scales),
:mod:`game.ai.turn` (discards, 听 and kongs on the own turn) and
:mod:`game.ai.calls` (claims on a discard). This module dispatches a decision
and applies a level's noise.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng
from ..core.view import SeatView
from .base import Decision, Reason
from .calls import claim_actions
from .config import Config
from .evaluate import Evaluator, HandEval, Scored
from .explain import forced_ting_reason
from .hand import HandMemo, indices
from .situation import situation
from .turn import turn_actions


class Brain:
    """Scores the legal actions of a view under one configuration."""

    def __init__(self, config: Config) -> None:
        self.cfg = config
        self.memo = HandMemo()
        """This brain's own memo of hand metrics (never shared with another player or thread)."""

    # ------------------------------------------------------------------ entry points
    def rank(self, view: SeatView, legal: Sequence[Action], full: bool = False) -> list[Scored]:
        """Every legal action scored, best first (ties keep the legal order).

        ``full`` evaluates every discard completely (for hints); otherwise discards that are
        a step behind the best are only scored by their distance.
        """
        scored = self._score(view, legal, full)
        for i, s in enumerate(scored):
            s.order = i
        scored.sort(key=lambda s: (-s.score, s.order))
        return scored

    def choose(self, view: SeatView, legal: Sequence[Action], rng: random.Random) -> Decision:
        """The configured level's move: the best action, or with some noise one of the best few, or one of
        the level's slips (a 吃听/碰听, a 卡当 or a fold missed); with the level's thinking pace."""
        cfg = self.cfg
        if len(legal) == 1:
            return Decision(legal[0], self._single(view, legal[0]), cfg.think * 0.5)
        ranked = self.rank(view, legal)
        best = ranked[0]
        think = cfg.think * (0.5 + difficulty(view, ranked, cfg))
        slip = _slip(cfg, ranked, rng)
        if slip is not None:
            return Decision(slip.action, Reason("hunch", _tile_param(slip.action)), think)
        if cfg.noise and not _ting_or_hu(best.action) and rng.random() < cfg.noise:
            top = ranked[: cfg.noise_top]
            if cfg.noise_mode == "any":
                pool = [s for s in top if not _ting_or_hu(s.action)]
            elif _plain(best.action):  # a slip in tile efficiency: another discard as close to ready
                pool = [s for s in top if _plain(s.action) and s.dist == best.dist]
            else:
                pool = []
            if len(pool) > 1:
                pick = pool[rng.randrange(len(pool))]
                if pick is not best:
                    return Decision(pick.action, Reason("hunch", _tile_param(pick.action)), think)
        return Decision(best.action, best.reason, think)

    def _single(self, view: SeatView, only: Action) -> Reason:
        """The reason of the only legal move: 胡, the 听 a 吃听/碰听 commits to (its waits), or forced."""
        if isinstance(only, Hu):
            return Reason("hu")
        if isinstance(only, Discard) and only.ting:
            return forced_ting_reason(situation(view, self.memo), self.memo, only.tile >> 2)
        return Reason("forced", _tile_param(only))

    # ------------------------------------------------------------------ dispatch
    def _score(self, view: SeatView, legal: Sequence[Action], full: bool = False) -> list[Scored]:
        hu = [a for a in legal if isinstance(a, Hu)]
        if len(legal) == 1:
            return [Scored(legal[0], 0.0, self._single(view, legal[0]))]
        if hu and all(isinstance(a, Hu | Pass) for a in legal):
            return [
                Scored(a, 1e9 if isinstance(a, Hu) else 0.0, Reason("hu" if isinstance(a, Hu) else "forced"))
                for a in legal
            ]
        sit = situation(view, self.memo)
        if sit.ting:
            return [
                Scored(a, 1e9 if isinstance(a, Hu) else 0.0, Reason("hu" if isinstance(a, Hu) else "locked"))
                for a in legal
            ]
        ctx = Evaluator(self.cfg, sit, legal, self.memo, full)
        if view.phase == "discard":
            out = turn_actions(ctx)
        else:
            out = claim_actions(ctx)
        for a in hu:
            out.append(Scored(a, 1e9, Reason("hu")))
        return out


CLOSE_POINTS = 0.3
"""Points scale: best options closer than this make a hard decision."""
CLOSE_TILES = 10.0
"""Ordered scale: the same, in acceptance units (a step from ready is 1,000)."""


def difficulty(view: SeatView, ranked: Sequence[Scored], cfg: Config) -> float:
    """How hard a decision is, 0-1: a ready seat to defend against, and how close the best two options are."""
    hard = 0.0
    others_ready = any(view.ting[s] for s in range(4) if s != view.seat)
    if others_ready and not view.ting[view.seat]:
        hard += 0.4
    if len(ranked) >= 2:
        scale = CLOSE_POINTS if cfg.points and cfg.defence == "ev" and others_ready else CLOSE_TILES
        gap = ranked[0].score - ranked[1].score
        if gap < scale:
            hard += 0.6 * (1.0 - gap / scale)
    return min(1.0, hard)


def _slip(cfg: Config, ranked: Sequence[Scored], rng: random.Random) -> Scored | None:
    """A level's slip at a big moment, or None: a 吃听/碰听 let go, another 听 than the 卡当 it would
    declare, or the efficient tile where it would fold (Novice and Normal; the chances are the level's)."""
    best = ranked[0]
    action = best.action
    kind = best.reason.kind
    if cfg.miss_ting_call and isinstance(action, Chi | Peng) and action.ting:
        if rng.random() < cfg.miss_ting_call:
            return next((s for s in ranked[1:] if not _ting_or_hu(s.action)), None)
    elif cfg.miss_kadang and isinstance(action, Discard) and action.ting and kind == "ting_kadang":
        if rng.random() < cfg.miss_kadang:
            other = (s for s in ranked[1:] if isinstance(s.action, Discard) and s.action.ting
                     and s.action.tile >> 2 != action.tile >> 2)  # fmt: skip
            return next(other, None)
    elif cfg.miss_fold and kind == "fold" and rng.random() < cfg.miss_fold:
        alt = best.reason.params.get("alt")
        given_up = (s for s in ranked if _plain(s.action) and _tile_param(s.action).get("tile") == alt)
        return next(given_up, None)
    return None


def _ting_or_hu(action: Action) -> bool:
    """和, a 听 declaration or a 吃听/碰听: moves no level gets wrong on purpose."""
    return isinstance(action, Hu) or (isinstance(action, Discard | Chi | Peng) and action.ting)


def _plain(action: Action) -> bool:
    return isinstance(action, Discard) and not action.ting


def _tile_param(action: Action) -> dict[str, Any]:
    """``move`` (the action's glossary word) and ``tile`` (its kind) of an action, for reasons."""
    if isinstance(action, Discard | JiaGang):
        return {"move": "ting" if isinstance(action, Discard) and action.ting else action.type,
                "tile": action.tile >> 2}  # fmt: skip
    if isinstance(action, Chi | Peng | Gang | AnGang):
        return {"move": action.type, "tile": min(action.tiles) >> 2}
    return {"move": action.type}


__all__ = ["Brain", "Config", "HandEval", "Scored", "indices"]

"""What a level is made of: the switches and weights of the heuristic evaluator.

The levels in :mod:`game.ai.levels` are instances of :class:`Config`; the
evaluator (:mod:`game.ai.evaluate`) reads them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .defence import DEFAULT_PRIORS, Priors

DefenceMode = Literal["none", "genbutsu", "ev"]
CallMode = Literal["loose", "standard"]


@dataclass(frozen=True)
class Config:
    """Which parts of the evaluator a level uses, and its weights."""

    name: str
    points: bool = False
    """Score in expected points (with the push/fold trade-off) instead of the ordered scale."""
    call_weights: bool = True
    """Count call sources (碰 any seat, 吃 上家, 吃听/碰听 any seat) in the acceptance."""
    lookahead: bool = False
    """Two-step acceptance at distance 1-3 among the near-best discards."""
    look_width: float = 0.8
    """Look ahead on discards whose acceptance is within this fraction of the best."""
    look_max: int = 3
    """Deepest distance the look-ahead is used at."""
    ready_look: float = 0.0
    """One step from ready: weight of the value of the ready hands each draw leads to (0: off)."""
    look_weight: float = 0.0
    """Ordered scale: weight of the mean second-step acceptance added to the first (0: ties only)."""
    ready_value: bool = False
    """Choose among 听 discards by value (卡当, 宝 chances) rather than live wait count."""
    defence: DefenceMode = "none"
    danger_model: Literal["fitted", "shapes", "reading", "blend"] = "fitted"
    """EV defence: the logistic wait model fitted on self-play logs, the plain shape count, or the
    reading of each ready seat's waits (:mod:`game.ai.reading`), or the mean of the reading and the
    fitted model."""
    risk_scale: float = 1.0
    """Factor on the wait model's chances (capped at 1) in the points scale."""
    calls: CallMode = "standard"
    noise: float = 0.0
    """Probability of playing a random one of the best ``noise_top`` moves instead of the best."""
    noise_top: int = 3
    noise_mode: Literal["any", "discard"] = "any"
    """``any``: the noise may pick any of the best moves (calls included); ``discard``: only another
    plain discard that keeps the hand as close to ready."""
    pon_w: float = 0.5
    chi_w: float = 0.2
    chiting_w: float = 0.6
    open_bonus: float = 0.5
    """Worth of opening a closed hand by a call, in distance units (ordered scale)."""
    call_cost: float = 0.15
    """Flexibility lost by any call, in distance units (ordered scale)."""
    closed_factor: float = 0.6
    """Points scale: a closed hand's win chance is scaled by this (it still has to call)."""
    call_cost_pts: float = 0.01
    """Points scale: flexibility and safety lost by a call, as a fraction of a typical win."""
    win_points: float = 6.0
    """Points scale: mean value of a future win."""
    offset: float = 1.0
    """Points a non-winner loses anyway on average when a ready opponent wins later."""
    fold_from: int = 2
    """Genbutsu defence: fold (play a safe tile) from this distance on while an opponent is ready."""
    hazard_base: float = 0.04
    """Points scale: chance per round that the hand ends by another's win while nobody is ready."""
    hazard_ready: float = 0.12
    """Points scale: extra chance per round per ready opponent."""
    look_gain: float = 0.15
    """Points scale: how much the two-step acceptance moves the win chance among near-best discards."""
    priors: Priors = field(default_factory=lambda: DEFAULT_PRIORS)
    kong: bool = True
    """Take kongs that cost nothing."""
    feed_cost: float = 0.0
    """Ordered scale: cost of letting a non-ready opponent 吃听/碰听 off the discard, per unit probability."""
    feed_cost_pts: float = 0.0
    """Points scale: the same in points."""
    dead_chiting: bool = True
    """Take a 吃听/碰听 even when no copy of its waits is unseen (only 摸宝 can win it)."""
    third_meld_guard: bool = False
    """With a ready opponent, no plain call that makes a third meld short of ready (four tiles left)."""
    open_guard: bool = False
    """With a ready opponent, no opening call from a closed hand that gains no step."""
    zhong_risk: float = 1.0
    """Factor on the wait model's chance that 红中 is a ready opponent's wait."""
    fold_many: int = 0
    """Points scale: with this many ready opponents or more, fold — the plain discard with the lowest
    chance to deal in, the best of those within ``fold_slack`` of it (0: never; a 听 discard still
    competes by expected points)."""
    fold_dist: int = 0
    """``fold_many`` only when the closest plain discard leaves at least this many steps from ready."""
    fold_two_dist: int = 0
    """With exactly two ready opponents, ``fold_many`` only this many steps from ready or more (three
    ready: always)."""
    fold_gap: float = 0.0
    """``fold_many`` only when the discard the points scale prefers is more than this chance more likely
    to deal in than the safest plain discard (0: always)."""
    fold_late: float = 0.0
    """Points scale: with a ready opponent, fold as well when the best plain discard's chance to get
    ready and win is below this."""
    fold_slack: float = 0.01
    """Chances to deal in this close to the lowest count as equally safe when folding."""
    fold_keep: float = 0.0
    """While folding, stay as close to ready as the closest plain discard when its safest such tile is
    within this chance of the safest tile overall (0: the safest tile, whatever it costs)."""
    think: float = 1.0
    """Pace: the thinking pause of an ordinary decision, as a factor of the table's pause setting
    (:attr:`~game.ai.base.Decision.think`; a hard decision takes up to twice as long, an obvious one half)."""
    miss_ting_call: float = 0.0
    """Chance of letting a 吃听/碰听 go (the plain call, or passing, instead)."""
    miss_kadang: float = 0.0
    """Chance of declaring 听 with another wait when the level's choice is a 卡当."""
    miss_fold: float = 0.0
    """Chance of playing the more efficient tile when the level would fold."""
    strict_reasons: bool = True
    """Reasons as issue 26 made them: a discard is called a push only when the tile it keeps is clearly
    safer (sure-safe, or at least :data:`~game.ai.explain.PUSH_GAP` points and a quarter lower), not 16 %
    against 14 %; and the discard still being claimed is never called sure-safe (a ready seat may yet win
    on it). Off only for ``expert-v1``, whose words stay as they were."""
    price: bool = False
    """Points scale at every decision, even with nobody ready: the review's price of every candidate
    (:mod:`game.ai.price`); no level plays with it."""
    fold_calls: bool = False
    """While folding, no plain 吃/碰 (it spends a safe tile and rarely wins); 吃听/碰听 still taken."""

"""The four player-facing levels as configurations of the heuristic evaluator.

Each level is the next one up with parts removed and decision noise added, and
the ladder is measured to be ordered (``harbin-mahjong tournament``; figures
in ``docs/ai.md``). The noise sizes were set on tuning seeds (0-9,999) so that
every adjacent step is worth about a third of a point per hand, and checked on
fresh seed ranges. Every level reads the Harbin conditions (幺九, 刻, 顺, two
suits, 开门), declares 听 whenever it can and takes 和 without fail; the
noise never touches 听, 吃听/碰听 or 和 — only the two lower levels' slips do.

* **大师 Expert** — scores moves in expected points while a ready opponent
  sits at the table: the chance to get ready and win in the draws left, the
  ready hand's value (卡当 ×2, 摸宝 and 宝中宝 chances), and the expected cost of
  dealing in (3 plus the others' shares while not ready, 1 once ready). It
  reads each ready seat's waits (:mod:`game.ai.reading`, averaged with the
  fitted per-kind model) and, against two or more ready seats, folds: the
  safest tile that costs no step, unless another is clearly safer. One step
  from ready it weighs each draw by the value of the ready hand it leads to;
  two steps away it breaks near-ties by two-step acceptance.
* ``expert-v1`` — Expert as it was before issue 26 (the fitted per-kind model,
  push/fold by expected points alone), frozen as a baseline.
* **高手 Strong** — the same points scale, with the plain shape-count wait
  model instead, no look-ahead, and one decision in four played as one of its
  three best moves at random.
* **普通 Normal** — ordered scale only (fewest steps, then most acceptance,
  counting 碰 from any seat, 吃 from 上家 and 吃听/碰听 from any seat); opens
  with the first call that costs no step and otherwise calls only to make
  progress; folds to tiles already passed by the ready player when two or
  more steps away; chooses among 听 discards by live tiles; noise 32 % (one of
  its three best); lets 8 % of its 吃听/碰听 go, declares another wait for 15 %
  of its 卡当 and gives up 20 % of its folds.
* **新手 Novice** — acceptance by draws only, takes any call that costs no
  step, never folds, noise 38 % (one of its four best); lets 20 % of its
  吃听/碰听 go and declares another wait for 30 % of its 卡当.

Each level has a thinking pace (``think``): its pause as a factor of the
player's pause setting, stretched for a hard decision (``Decision.think``).
"""

from __future__ import annotations

from .config import Config

NOVICE = Config(
    name="novice",
    call_weights=False,
    calls="loose",
    defence="none",
    noise=0.38,
    noise_top=4,
    think=0.7,
    miss_ting_call=0.2,
    miss_kadang=0.3,
    miss_fold=1.0,  # no defence at all: it never folds
)
NORMAL = Config(
    name="normal",
    defence="genbutsu",
    noise=0.32,
    noise_top=3,
    think=0.85,
    miss_ting_call=0.08,
    miss_kadang=0.15,
    miss_fold=0.2,
)
STRONG = Config(
    name="strong",
    points=True,
    ready_value=True,
    defence="ev",
    danger_model="shapes",
    noise=0.25,
    noise_top=3,
    think=1.0,
)
EXPERT = Config(
    name="expert",
    points=True,
    lookahead=True,
    look_width=0.6,
    look_max=2,
    ready_look=1.0,
    ready_value=True,
    defence="ev",
    danger_model="blend",
    fold_many=2,
    fold_keep=0.03,
    fold_slack=0.02,
    think=1.2,
)

EXPERT_V1 = Config(
    name="expert-v1",
    points=True,
    lookahead=True,
    look_width=0.8,
    look_max=2,
    ready_look=1.0,
    ready_value=True,
    defence="ev",
    danger_model="fitted",
    strict_reasons=False,
    think=1.2,
)
"""Expert as it played before issue 26 (the fitted per-kind wait model, push/fold by expected points
alone): a frozen baseline for the tournament. Its self-play is pinned by ``tests/ai/test_frozen.py``;
every part added since is a :class:`Config` switch it leaves off."""

CONFIGS: dict[str, Config] = {c.name: c for c in (NOVICE, NORMAL, STRONG, EXPERT, EXPERT_V1)}

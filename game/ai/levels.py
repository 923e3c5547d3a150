"""The four player-facing levels as configurations of the heuristic evaluator.

Each level is the next one with parts removed, measured to be ordered
(``harbin-mahjong tournament``; figures in the AI note):

* **新手 Novice** — Harbin shanten and plain acceptance (draws only); takes any
  call that does not cost a step; no defence; plays one of its three best
  moves at random a quarter of the time.
* **普通 Normal** — acceptance counts call sources (碰 from any seat, 吃 from
  上家, 吃听/碰听 from any seat); opens with the first call that costs no step
  and otherwise calls only to make progress; folds to 现物 (tiles already
  passed by the ready player) when two or more steps from ready.
* **高手 Strong** — scores moves in expected points: win chance over the draws
  left, the ready hand's value (卡当 ×2, 摸宝 and 宝中宝 chances), and the
  expected cost of dealing in against each ready opponent (3 plus the others'
  shares while not ready, 1 once ready), so push or fold is an expected-value
  choice; two-step acceptance among near-equal discards at 1-2 steps.
* **大师 Expert** — Strong with a wider and deeper look-ahead (1-3 steps, all
  near-equal discards) and tuned weights.
"""

from __future__ import annotations

from .brain import Config

NOVICE = Config(
    name="novice",
    call_weights=False,
    calls="loose",
    defence="none",
    noise=0.25,
    noise_top=3,
)
NORMAL = Config(name="normal", defence="genbutsu")
STRONG = Config(
    name="strong",
    points=True,
    lookahead=True,
    look_width=0.8,
    look_max=2,
    ready_value=True,
    defence="ev",
)
EXPERT = Config(
    name="expert",
    points=True,
    lookahead=True,
    look_width=0.6,
    look_max=3,
    ready_value=True,
    defence="ev",
)

CONFIGS: dict[str, Config] = {c.name: c for c in (NOVICE, NORMAL, STRONG, EXPERT)}

"""The fast listening analysis agrees with the plain oracle on 20,000 seeded hands (4 chunks of 5,000)."""

from __future__ import annotations

import random

import pytest

from game.core.analysis.ting import MeldShape, ting_report
from game.core.rules import RuleSet

from .oracle_ting import Meld, oracle_report

RULES = RuleSet()
MELD_KINDS = ("chi", "peng", "gang", "angang")


def random_meld(rng: random.Random, counts: list[int]) -> Meld | None:
    kind = rng.choice(MELD_KINDS)
    if kind == "chi":
        suit, start = rng.randrange(3), rng.randrange(7)
        first = suit * 9 + start
        need = [first, first + 1, first + 2]
    else:
        first = rng.randrange(28)
        need = [first] * (3 if kind == "peng" else 4)
    if any(counts[k] + need.count(k) > 4 for k in set(need)):
        return None
    for k in need:
        counts[k] += 1
    return kind, first


def make_hand(rng: random.Random) -> tuple[list[int], list[Meld]]:
    """A 13-tile hand (melds as 3): most are one tile short of a complete shape, some are random."""
    used = [0] * 28
    melds: list[Meld] = []
    for _ in range(rng.choice([0, 1, 1, 2, 2, 3])):
        m = random_meld(rng, used)
        if m is not None:
            melds.append(m)
    concealed = [0] * 28
    n = 13 - 3 * len(melds)
    if rng.random() < 0.75:
        tiles: list[int] = []
        sets = (n + 1) // 3
        tries = 0
        while len(tiles) < 3 * sets and tries < 50:
            tries += 1
            if rng.random() < 0.5:
                k = rng.randrange(28)
                group = [k, k, k]
            else:
                suit, start = rng.randrange(3), rng.randrange(7)
                group = [suit * 9 + start + i for i in range(3)]
            if all(used[g] + concealed[g] + group.count(g) <= 4 for g in set(group)):
                for g in group:
                    concealed[g] += 1
                tiles += group
        k = rng.randrange(28)
        if used[k] + concealed[k] <= 2:
            concealed[k] += 2
            tiles += [k, k]
        while sum(concealed) > n:
            k = rng.choice([t for t in range(28) if concealed[t]])
            concealed[k] -= 1
    while sum(concealed) < n:
        k = rng.randrange(28)
        if used[k] + concealed[k] < 4:
            concealed[k] += 1
    return concealed, melds


@pytest.mark.parametrize("chunk", range(4))
def test_fast_ting_analysis_agrees_with_the_oracle(chunk: int) -> None:
    rng = random.Random(20261129 + chunk)
    ready = 0
    for _ in range(5000):
        counts, melds = make_hand(rng)
        fast = ting_report(counts, [MeldShape(k, f) for k, f in melds], RULES)  # type: ignore[arg-type]
        slow = oracle_report(counts, melds)
        assert list(fast.blockers) == slow["blockers"], (counts, melds)
        assert {w.kind: w.kadang for w in fast.waits} == slow["waits"], (counts, melds)
        assert list(fast.shape_waits) == slow["shape_waits"], (counts, melds)
        ready += fast.ting_allowed
    assert ready > 500  # the generator really exercises legal ready hands


def test_may_ting_is_the_yes_no_of_the_full_report() -> None:
    from game.core.analysis.ting import may_ting

    rng = random.Random(77)
    rules_list = [RULES, RULES.replace(yaojiu_check="win"), RULES.replace(wait_restriction="sika")]
    for _ in range(3000):
        counts, melds = make_hand(rng)
        shapes = [MeldShape(k, f) for k, f in melds]  # type: ignore[arg-type]
        for rules in rules_list:
            assert may_ting(counts, shapes, rules) == ting_report(counts, shapes, rules).ting_allowed

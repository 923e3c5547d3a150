"""Reasons: every kind renders in Chinese and English from the glossary, and players give only known kinds."""

from __future__ import annotations

import pytest

from game.ai.base import Reason
from game.ai.reasons import REASON_KINDS, render_reason
from game.ai.registry import LADDER, make_player
from game.ai.selfplay import play_match
from game.core.rules import RuleSet
from game.glossary import TERMS

SAMPLE = {
    "tile": 4,
    "keep": 17,
    "discard": 27,
    "waits": [13, 22],
    "seat": 1,
    "wind": 2,
    "rel": 3,
    "call": "chi",
    "move": "peng",
    "cond": "yaojiu",
    "shanten": 2,
    "accept": 14,
    "accept2": 9.5,
    "live": 5,
    "safe": 5,
    "risk": 7,
    "before": 2,
    "after": 1,
    "options": 3,
}


@pytest.mark.parametrize("kind", REASON_KINDS)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_reason_kind_renders(kind: str, lang: str) -> None:
    text = render_reason(Reason(kind, SAMPLE), lang)
    assert text and "{" not in text and "}" not in text
    if lang == "en":
        assert text != render_reason(Reason(kind, SAMPLE), "zh")
        assert sum(ch.isascii() for ch in text) > 0.8 * len(text), text  # a few Chinese game words may stay
    else:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in text)


def test_templates_name_only_known_parameters() -> None:
    import string

    for key, pair in TERMS.items():
        if not key.startswith("reason."):
            continue
        for template in pair:
            for _, name, _, _ in string.Formatter().parse(template):
                if name is not None:
                    assert name in SAMPLE, f"{key}: unknown field {name!r}"


def test_the_issue_examples_read_well() -> None:
    fold = Reason("fold", {"tile": 7, "seat": 1, "wind": 1, "rel": 1, "safe": 1})
    assert render_reason(fold, "zh") == "弃和：南家（下家）已听牌，打安全牌八萬（手里安全牌还有1张）"
    assert (
        render_reason(fold, "en")
        == "Fold: South (next player) is ready; 8 Characters is safe (safe tiles left: 1)"
    )


def test_a_seat_is_named_by_its_wind_in_this_hand_not_its_chair() -> None:
    # seat 3 is 北 while seat 0 deals; once seat 3 deals it is 东 and seat 2 (its 上家) is 北
    for wind, word_zh, word_en in ((3, "北家", "North"), (0, "东家", "East")):
        push = Reason("push", {"tile": 0, "seat": 3, "wind": wind, "rel": 1, "shanten": 1, "risk": 9})
        assert word_zh in render_reason(push, "zh") and word_en in render_reason(push, "en")
    eff = Reason("efficiency", {"tile": 27, "shanten": 2, "accept": 14})
    assert "14" in render_reason(eff, "en") and "红中" in render_reason(eff, "zh")


def test_missing_parameters_render_empty_and_unknown_kinds_fall_back() -> None:
    assert render_reason(Reason("hunch", {}), "en") == "A hunch:"
    assert render_reason(Reason("no_such_kind", {}), "zh") == "no_such_kind"


@pytest.mark.parametrize("level", LADDER)
def test_players_only_give_reasons_that_render(level: str) -> None:
    seen: set[str] = set()

    class Spy:
        def __init__(self, inner):  # type: ignore[no-untyped-def]
            self.inner, self.name = inner, inner.name

        def decide(self, view, legal):  # type: ignore[no-untyped-def]
            d = self.inner.decide(view, legal)
            seen.add(d.reason.kind)
            assert render_reason(d.reason, "zh") and render_reason(d.reason, "en")
            return d

    for seed in range(3):
        play_match([Spy(make_player(level, 4 * seed + i)) for i in range(4)], seed, RuleSet(), hands=1)
    assert seen <= set(REASON_KINDS), seen - set(REASON_KINDS)

"""The wait model against one ready opponent, on a fixed position: the 卡当 share of each kind counted by
hand from its shapes (两面, 边张, 卡当, 对倒, 单吊), and the fitted probabilities as a golden table."""

from __future__ import annotations

import pytest

from game.ai.defence import DEFAULT_PRIORS, wait_model
from game.ai.situation import Opponent
from game.core.analysis.ting import MeldShape
from game.core.tiles import parse_kinds


def k(code: str) -> int:
    return parse_kinds(code)[0]


UNSEEN = [4] * 28
UNSEEN[k("4m")] = 2
UNSEEN[k("6m")] = 1
OPPONENT = Opponent(
    seat=2,
    rel=2,
    certain=frozenset({k("1p")}),  # passed after its 听 while it had to win: never a wait
    likely=frozenset({k("2p")}),  # passed when a pass proves nothing
    river=frozenset({k("3s"), k("7z")}),  # discarded before its 听
    melds=(MeldShape("chi", k("1s")),),
    concealed=10,
    ting_kind=k("5s"),
    ting_turn=6,
)
DANGER = wait_model(OPPONENT, UNSEEN)


def shapes(kind: int, u: list[int]) -> tuple[float, float]:
    """卡当 weight and every other shape's weight of a suit kind, counted as RULES.md's shapes say."""
    r, base = kind % 9, kind - kind % 9
    kan = u[kind - 1] * u[kind + 1] if 1 <= r <= 7 else 0
    ryanmen = sum(u[a] * u[a + 1] for a in (kind + 1, kind - 2) if 1 <= a - base <= 6)
    penchan = u[kind - 1] * u[kind - 2] if r == 2 else u[kind + 1] * u[kind + 2] if r == 6 else 0
    c = u[kind]
    return kan, ryanmen + penchan + c * (c - 1) / 2 + c  # 对倒 pairs and 单吊 single copies


@pytest.mark.parametrize("code", ["3m", "4m", "5m", "7m", "4p", "2s", "4s", "7s"])
def test_the_kadang_share_is_the_middle_tile_shapes_among_all_shapes(code: str) -> None:
    kan, other = shapes(k(code), UNSEEN)
    assert DANGER.kadang[k(code)] == pytest.approx(kan / (kan + other))


def test_hand_counted_shares_of_a_few_kinds() -> None:
    assert DANGER.kadang[k("5m")] == pytest.approx(2 / 24)  # 4m×6m = 2; 两面 6m7m 4 + 3m4m 8; 5m: 6 + 4
    assert DANGER.kadang[k("4p")] == pytest.approx(16 / 58)  # everything unseen: 16 against 32 + 6 + 4
    assert DANGER.kadang[k("3m")] == pytest.approx(8 / 42)  # 边张 12m counts against it
    assert DANGER.kadang[k("1m")] == DANGER.kadang[k("9m")] == DANGER.kadang[k("7z")] == 0.0


def test_what_the_opponent_showed_rules_kinds_out() -> None:
    assert DANGER.wait[k("1p")] == 0.0
    assert DANGER.wait[k("2p")] == DEFAULT_PRIORS.likely
    assert DANGER.wait[k("3s")] == DANGER.wait[k("7z")] == DEFAULT_PRIORS.river


GOLDEN = {  # the fitted model on this position (Priors of game/ai/defence.py), to four places
    "1m": 0.157,
    "3m": 0.3016,
    "4m": 0.1427,
    "5m": 0.206,
    "7m": 0.2862,
    "9m": 0.157,
    "4p": 0.2519,
    "4s": 0.1268,
    "6s": 0.1748,
    "8s": 0.1123,
}


def test_the_fitted_probabilities_of_this_position() -> None:
    got = {code: round(DANGER.wait[k(code)], 4) for code in GOLDEN}
    assert got == GOLDEN
    assert DANGER.wait[k("5s")] < DANGER.wait[k("4s")]  # the 听 discard's own kind is hardly a wait

"""The tournament harness: its JSON contract, the seed range, workers, and the command line."""

from __future__ import annotations

import json

import pytest

from game.ai.tournament import bootstrap_ci, parse_seeds, run_tournament
from game.cli.main import main

KEYS = {
    "seeds",
    "hands",
    "points_per_hand",
    "ci95",
    "win_rate",
    "mobao_share",
    "baozhongbao_share",
    "deal_in_rate",
    "deal_in_rate_ready",
    "deal_in_rate_not_ready",
    "call_rate",
    "chiting_rate",
    "draw_rate",
    "decisions_per_s",
    "refusals",
    "decisions",
}


def test_json_contract_of_a_small_run() -> None:
    out = run_tournament("normal", "greedy", range(3), workers=1)
    assert set(out) >= KEYS
    assert out["seeds"] == 3 and out["hands"] == 12
    lo, hi = out["ci95"]
    assert lo <= out["points_per_hand"] <= hi
    assert out["refusals"] == 0
    for key in ("win_rate", "deal_in_rate", "call_rate", "chiting_rate", "draw_rate", "mobao_share"):
        assert 0.0 <= out[key] <= 1.0
    assert out["deal_in_rate"] == pytest.approx(
        out["deal_in_rate_ready"] + out["deal_in_rate_not_ready"], abs=1e-3
    )
    json.dumps(out)


def test_deal_ins_split_by_the_number_of_ready_seats() -> None:
    out = run_tournament("normal", "greedy", range(12), workers=1)
    for key in ("deal_in_by_ready_seats", "baseline_deal_in_by_ready_seats"):
        split = out[key]
        assert set(split) == {"1", "2", "3", "2+"}
        for g in split.values():
            assert 0 <= g["deal_ins"] <= g["discards"] and g["deal_ins"] <= g["hands"] <= g["discards"]
        two, three, both = split["2"], split["3"], split["2+"]
        assert both["discards"] == two["discards"] + three["discards"]
        assert both["deal_ins"] == two["deal_ins"] + three["deal_ins"]
        assert max(two["hands"], three["hands"]) <= both["hands"] <= two["hands"] + three["hands"]
    # every deal-in made while not ready against a ready seat is in the split
    facing = sum(out["deal_in_by_ready_seats"][g]["deal_ins"] for g in ("1", "2", "3"))
    assert facing >= round(out["deal_in_rate_not_ready"] * out["hands"])


def test_duplicate_play_is_zero_sum_for_equal_players() -> None:
    out = run_tournament("expert", "expert", range(2), workers=1)
    # a noise-free level in every seat: the four rotations are one game, and a game sums to zero
    assert out["points_per_hand"] == 0.0


def test_a_process_pool_gives_the_same_result() -> None:
    one = run_tournament("novice", "random", range(10, 13), workers=1)
    two = run_tournament("novice", "random", range(10, 13), workers=2)
    for key in ("points_per_hand", "ci95", "win_rate", "decisions"):
        assert one[key] == two[key]


def test_seed_ranges() -> None:
    assert parse_seeds("1000000-1001999") == range(1000000, 1002000)
    assert parse_seeds("5") == range(5, 6)
    for bad in ("", "a-b", "9-3", "-4"):
        with pytest.raises(ValueError):
            parse_seeds(bad)


def test_bootstrap_is_reproducible_and_brackets_the_mean() -> None:
    values = [float(i % 7 - 3) for i in range(200)]
    lo, hi = bootstrap_ci(values)
    assert (lo, hi) == bootstrap_ci(values)
    assert lo < sum(values) / len(values) < hi


def test_command_line_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "tournament",
            "--challenger",
            "normal",
            "--baseline",
            "random",
            "--seeds",
            "1-2",
            "--workers",
            "1",
            "--json",
        ]
    )
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= KEYS and out["seeds"] == 2


@pytest.mark.parametrize(
    "args",
    [
        ["--challenger", "grandmaster", "--baseline", "random", "--seeds", "1-2"],
        ["--challenger", "normal", "--baseline", "random", "--seeds", "2-1"],
        ["--challenger", "normal", "--baseline", "random", "--seeds", "x"],
        ["--challenger", "normal", "--baseline", "random", "--seeds", "1-2", "--workers", "0"],
        ["--challenger", "normal", "--baseline", "random"],
    ],
)
def test_command_line_errors_exit_2_with_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["tournament", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("harbin-mahjong: error:") and "\n" not in err


def test_simulate_accepts_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--hands", "2", "--players", "normal,strong,novice,greedy", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["refusals"] == 0 and out["players"] == ["normal", "strong", "novice", "greedy"]

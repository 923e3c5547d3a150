"""The rule sweep (``simulate --rules-sweep``): every preset, random rarer switches, every invariant checked.

The suite plays a few hundred hands over every preset and its random variants with a mix of players and
verifies every saved replay; the 100,000-hand soak is the command in ``simulate --help``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.cli.main import main
from game.core.rules import PRESETS, RULE_KEYS, RuleSet, rule_choices
from game.sweep import MIX, NUMBER_CHOICES, mixed_players, sweep_match, switch_values


def test_every_whole_number_rule_has_sweep_values_that_the_rules_accept() -> None:
    ints = {k for k in RULE_KEYS if not rule_choices(k)}
    assert ints == set(NUMBER_CHOICES)
    for key, values in NUMBER_CHOICES.items():
        for value in values:
            RuleSet().replace(**{key: value})


def test_even_matches_play_each_preset_as_written_in_turn() -> None:
    names = list(PRESETS)
    for i, name in enumerate(names * 2):
        planned = sweep_match(2 * i, seed=1000 + i)
        assert planned.preset == name and planned.label == name
        assert planned.rules == PRESETS[name] and planned.switched == ()


def test_odd_matches_change_exactly_the_switches_they_name() -> None:
    for match_no in range(1, 200, 2):
        planned = sweep_match(match_no, seed=match_no)
        base = PRESETS[planned.preset]
        assert planned.preset == list(PRESETS)[match_no // 2 % len(PRESETS)]
        changed = {k for k in RULE_KEYS if getattr(planned.rules, k) != getattr(base, k)}
        assert changed == set(planned.switched)
        assert planned.label == (f"{planned.preset}+random" if changed else planned.preset)
        assert planned == sweep_match(match_no, seed=match_no)  # drawn from the seed alone


def test_random_matches_reach_every_switch_and_value() -> None:
    seen: dict[str, set[object]] = {k: set() for k in RULE_KEYS}
    for seed in range(1500):
        planned = sweep_match(2 * seed + 1, seed)
        for key in planned.switched:
            seen[key].add(getattr(planned.rules, key))
    for key in RULE_KEYS:
        values = set(switch_values(key))
        if len(values) > 1:
            # every value a switch may take, other than the one every preset gives it, is played
            preset_values = {getattr(r, key) for r in PRESETS.values()}
            missing = values - seen[key] - (preset_values if len(preset_values) == 1 else set())
            assert not missing, (key, missing)


def test_mixed_players_follow_the_mix() -> None:
    drawn = Counter(k for seed in range(2000) for k in mixed_players(seed))
    assert set(drawn) == set(MIX)
    for kind, share in MIX.items():
        assert drawn[kind] / 8000 == pytest.approx(share, abs=0.03)
    assert mixed_players(7) == mixed_players(7)


def test_a_sweep_over_every_preset_breaks_no_invariant_and_its_replays_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    matches = 2 * len(PRESETS) * 2  # every preset as written and with random switches, twice
    args = ["simulate", "--rules-sweep", "--players", "mix", "--check", "--match-hands", "8"]
    args += ["--hands", str(8 * matches), "--seed", "40"]
    args += ["--save-replays", str(tmp_path), "--save-every", "2"]
    code = main([*args, "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["invariant_violations"] == 0 and out["refusals"] == 0
    assert out["hands"] == 8 * matches and out["matches"] == matches and not out["partial"]
    labels = {name for p in PRESETS for name in (p, f"{p}+random")}
    assert set(out["rules"]) == labels
    assert all(row["hands"] == 16 and row["violations"] == 0 for row in out["rules"].values())
    assert len(out["switched"]) >= 15
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == out["replays_saved"] == matches // 2
    assert main(["replay", "verify", *map(str, files)]) == 0
    assert capsys.readouterr().out.count("ok ") == len(files)


def test_the_sweep_leaves_the_rules_to_itself(capsys: pytest.CaptureFixture[str]) -> None:
    for extra in (["--rules", "S1"], ["--rule", "chongbao=true"]):
        assert main(["simulate", "--rules-sweep", "--hands", "1", *extra]) == 2
        assert "--rules-sweep chooses every match's rules" in capsys.readouterr().err
    assert main(["simulate", "--hands", "1", "--save-every", "0"]) == 2
    assert "--save-every 0: must be at least 1" in capsys.readouterr().err

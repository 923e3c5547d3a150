"""The hints audit: no false claim on a few seeds at every level, and a planted false claim is caught."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from game.ai.audit import run_audit
from game.ai.base import Reason
from game.ai.registry import LEVELS
from game.cli.main import main
from game.core.actions import Chi


@pytest.mark.parametrize("level", LEVELS)
def test_no_reason_states_a_false_fact(level: str) -> None:
    report = run_audit(range(3), level)
    assert report.decisions > 50 and report.claims_checked > 20 * report.decisions
    assert dict(report.false_claims) == {}, report.examples[:3]


def _plant(kind: str, change):  # type: ignore[no-untyped-def]
    """A tamper hook that changes every reason of one kind."""

    def tamper(reason: Reason, view, legal) -> Reason:  # type: ignore[no-untyped-def]
        return change(reason) if reason.kind == kind else reason

    return tamper


def test_a_wrong_count_is_caught() -> None:
    def more(r: Reason) -> Reason:
        return replace(r, params={**r.params, "accept": r.params["accept"] + 1})

    report = run_audit(range(1), "normal", tamper=_plant("efficiency", more))
    assert report.false_claims["accept"] > 0
    example = next(e for e in report.examples if e["claim"] == "accept")
    assert example["reason"] == "efficiency" and "said" in example["detail"]


def test_a_safe_claim_on_an_unsafe_tile_and_a_fake_yaojiu_are_caught() -> None:
    def sure(r: Reason) -> Reason:
        return replace(r, notes=(*r.notes, Reason("safe_sure")))

    def yaojiu(r: Reason) -> Reason:
        return Reason("keep_yaojiu", {**r.params, "keep": r.params["tile"], "keep_steps": 9})

    report = run_audit(range(2), "expert", tamper=_plant("efficiency", sure))
    assert report.false_claims["sure_safe"] > 0
    report = run_audit(range(1), "expert", tamper=_plant("efficiency", yaojiu))
    assert report.false_claims["keep_steps"] > 0 and report.false_claims["binding"] > 0


def test_a_reason_the_audit_cannot_check_counts_as_false() -> None:
    report = run_audit(range(1), "novice", tamper=_plant("efficiency", lambda r: Reason("made_up", r.params)))
    assert report.false_claims["unchecked_kind"] > 0


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hints", "audit", "--seeds", "5-5", "--level", "normal", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"decisions", "claims_checked", "false_claims", "kinds_checked", "examples"}
    assert out["false_claims"] == {} and out["decisions"] > 0
    assert out["kinds_checked"]["efficiency"] > 0


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--seeds", "x"], "--seeds"),
        (["--seeds", "9-3"], "--seeds"),
        (["--seeds", "1-2", "--level", "grandmaster"], "--level"),
        ([], "--seeds"),
        (["--seeds", "1-2", "--rule", "nonsense=1"], "nonsense"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    args: list[str], needle: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["hints", "audit", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and needle in err


def test_passing_a_chiting_from_an_open_hand_says_neither_opens_nor_not_ready() -> None:
    # Strong self-play, seed 529: an open hand with 3 ready seats may 吃听 9 Characters; the hint for
    # passing said the call "would open the hand" (it was open) and priced the discard as not ready
    seen: list[Reason] = []

    def spy(reason: Reason, view, legal) -> Reason:  # type: ignore[no-untyped-def]
        if reason.kind == "pass_fold" and any(isinstance(a, Chi) and a.ting for a in legal):
            assert view.melds[view.seat], "the position is an open hand"
            seen.append(reason)
        return reason

    report = run_audit(range(529, 530), "strong", tamper=spy)
    assert dict(report.false_claims) == {}
    assert seen
    for reason in seen:
        kinds = [n.kind for n in reason.notes]
        assert "call_opens" not in kinds and not any(k.startswith("nonready_pays") for k in kinds)
        assert kinds[-1] == "ting_risk" and reason.notes[-1].params["tile"] == reason.params["discard"]

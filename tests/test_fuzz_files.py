"""Mutated replay, save, settings and scenario files: each loads or gets our clear error naming the file.

The mutations and verdicts live in ``tests/fuzz_files.py``; the long run (10,000 cases with the
counts) is ``python tests/bench/fuzz_files.py --cases 10000``.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_files import (
    BOM,
    DEEP,
    HUGE,
    OP_NAMES,
    VALUE,
    Kind,
    Op,
    Sample,
    check,
    mutate,
    samples,
)

ops = st.lists(
    st.tuples(st.integers(0, len(OP_NAMES) - 1), st.integers(0, 1 << 20), st.integers(0, 1 << 20)),
    min_size=1,
    max_size=3,
)
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _sample(kind: Kind) -> st.SearchStrategy[Sample]:
    return st.sampled_from(samples()[kind])


def _judge(sample: Sample, mutation: list[Op]) -> None:
    outcome, data = check(sample, mutation)
    assert outcome.verdict not in ("crash", "unnamed"), (outcome, mutation, data[:300])


@FUZZ
@given(_sample("replay"), ops)
def test_a_mutated_replay_verifies_or_is_refused_by_name(sample: Sample, mutation: list[Op]) -> None:
    _judge(sample, mutation)


@FUZZ
@given(_sample("save"), ops)
def test_a_mutated_save_continues_or_is_refused_by_name(sample: Sample, mutation: list[Op]) -> None:
    _judge(sample, mutation)


@FUZZ
@given(_sample("settings"), ops)
def test_mutated_settings_load_or_fall_back_with_the_file_named(sample: Sample, mutation: list[Op]) -> None:
    _judge(sample, mutation)


@FUZZ
@given(_sample("scenario"), ops)
def test_a_mutated_scenario_plays_or_is_refused_by_name(sample: Sample, mutation: list[Op]) -> None:
    _judge(sample, mutation)


def test_every_kind_meets_every_verdict_it_should() -> None:
    """The fuzzing is not vacuous: value swaps, huge and deep values really reach the loaders."""
    for kind, sample_list in samples().items():
        sample = sample_list[0]
        assert check(sample, [])[0].verdict == "valid", kind
        assert check(sample, [(BOM, 0, 0)])[0].verdict == "valid", kind
        for op in (HUGE, DEEP):
            outcome, data = check(sample, [(op, 0, 1)])
            assert outcome.verdict == "refused" and data != sample.data, (kind, outcome)
        swapped = {check(sample, [(VALUE, line, pick)])[0].verdict for line in range(3) for pick in range(12)}
        assert "refused" in swapped or "invalid" in swapped, (kind, swapped)


def test_mutations_do_what_they_say() -> None:
    data = b'{"a": 1}\n{"b": [2, 3]}\n'
    assert mutate(data, [(1, 5, 0)]) == data[:5]  # truncate
    assert mutate(data, [(0, 0, 1)]) == b'y"a": 1}\n{"b": [2, 3]}\n'  # flip bit 1 of "{"
    assert mutate(data, [(3, 0, 1)]) == b'{"b": [2, 3]}\n{"a": 1}\n'  # swap lines
    assert mutate(data, [(4, 1, 0)]) == b'{"a": 1}\n'  # drop a line
    assert mutate(data, [(HUGE, 1, 1)]).count(b"9" * 5000) == 1
    assert mutate(data, [(VALUE, 0, 0)]) == b'{"a": null}\n{"b": [2, 3]}\n'
    assert mutate(data, [(BOM, 0, 0)]) == b"\xef\xbb\xbf" + data
    assert mutate(b"a = 1\n", [(VALUE, 0, 1)], toml=True) == b'a = "x"\n'

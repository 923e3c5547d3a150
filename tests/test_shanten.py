"""Shanten tables: agreement with the brute-force oracle, properties, golden hands, the data files."""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.analysis.shanten import (
    IMPOSSIBLE,
    POW5,
    harbin_context,
    harbin_shanten,
    harbin_shanten_idx,
    harbin_ukeire,
    shape_shanten,
    shape_shanten_idx,
    shape_ukeire,
    suit_index,
    suit_indices,
)
from game.core.analysis.suit_tables import (
    HARBIN_FILE,
    SHAPE_FILE,
    TableDataError,
    load_harbin_tables,
    load_shape_tables,
    read_sections,
)
from game.core.tiles import counts_of, parse_kinds
from tests.oracle import (
    SWITCHES,
    oracle,
    price_parts_directly,
    random_situation,
    random_switches,
    suit_summary_costs,
)

Meld = tuple[str, int]


def hand(text: str) -> list[int]:
    """Counts of a hand written in mpsz notation."""
    return counts_of(parse_kinds(text))


def fast(counts: list[int], melds: list[Meld], **switches: bool) -> tuple[int, int]:
    """(shape, Harbin) shanten by every fast entry point, checking the list and index forms agree."""
    shape = shape_shanten(counts, len(melds))
    harbin = harbin_shanten(counts, melds, **switches)
    im, ip, is_ = suit_indices(counts)
    assert (im, ip, is_) == (suit_index(counts, 0), suit_index(counts, 1), suit_index(counts, 2))
    assert shape_shanten_idx(im, ip, is_, counts[27], len(melds)) == shape
    assert harbin_shanten_idx(im, ip, is_, counts[27], harbin_context(melds, **switches)) == harbin
    return shape, harbin


# --------------------------------------------------------------------------- the oracle, 20,000 hands

CHUNKS = 8
PER_CHUNK = 2_500
STYLES = ("uniform", "uniform", "uniform", "uniform", "clumped", "clumped", "four", "four")


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fast_functions_agree_with_the_oracle(chunk: int) -> None:
    rng = random.Random(20_240_601 + chunk)
    sizes: Counter[int] = Counter()
    wrong = []
    for _ in range(PER_CHUNK):
        counts, melds = random_situation(rng, STYLES[chunk])
        switches = random_switches(rng)
        sizes[sum(counts)] += 1
        want = oracle(counts, melds, **switches)
        got = fast(counts, melds, **switches)
        if got != want:
            wrong.append((counts, melds, switches, want, got))
    assert not wrong, f"{len(wrong)} mismatches, first: {wrong[:3]}"
    assert set(sizes) == {14, 13, 11, 10, 8, 7, 5, 4, 2, 1}


def test_oracle_rank_walk_prices_each_suit_like_every_part_one_by_one() -> None:
    rng = random.Random(5)
    suits = {(0,) * 9, (4,) * 9, (4, 4, 4, 0, 0, 0, 0, 0, 2), (1, 1, 1, 1, 1, 1, 1, 1, 1)}
    while len(suits) < 12:
        counts, _ = random_situation(rng, rng.choice(("uniform", "clumped", "four")))
        suits.add(tuple(counts[9:18]))
    for suit in sorted(suits):
        assert suit_summary_costs(suit) == price_parts_directly(suit), suit


def test_oracle_sees_the_copy_limit() -> None:
    # 1111m can only be 111m + a lone 1m or two 11m pairs: waiting on a fifth 1m does not count.
    assert oracle(hand("1111m 123p 456p 789p")) == (1, 1)
    assert oracle(hand("111m 123p 456p 789p 5s")) == (0, 0)


# --------------------------------------------------------------------------- golden hands

GOLDEN: list[tuple[str, list[Meld], dict[str, bool], int, int, str]] = [
    ("123m 456p 789s 111s 55m", [], {}, -1, -1, "complete, every condition met"),
    ("123m 456p 789s 11s 55m", [], {}, 0, 0, "shanpon on 1s/5m; either win has a triplet"),
    ("123456789m 11p 11s", [], {}, 0, 0, "shanpon on 1p/1s"),
    ("123456789m 111p 1s", [], {}, 0, 0, "tanki on 1s (111p is the triplet)"),
    ("1111m 123p 456p 789p", [], {}, 1, 1, "no wait on a fifth 1m"),
    ("111m 123p 456p 789p 5s", [], {}, 0, 0, "tanki on 5s"),
    ("123m 456m 789m 111m 99m", [], {}, -1, 1, "complete but one suit: the pair must move to another suit"),
    ("123m 456m 789m 111m 99m", [], {"need_two_suits": False}, -1, -1, "one suit allowed"),
    ("234m 567m 234p 567p 88s", [], {}, -1, 1, "no triplet and no 1/9: 中中 for 88s does both"),
    (
        "234m 567m 234p 567p 88s",
        [],
        {"zhong_pair_is_triplet": False},
        -1,
        2,
        "中中 no longer a triplet: three tiles needed",
    ),
    ("234m 567m 234p 567p 88s", [], {"need_triplet": False, "need_yaojiu": False}, -1, -1, "both off"),
    ("5s", [("chi", 0), ("chi", 3), ("chi", 6), ("chi", 9)], {}, 0, 1, "only 中中 can give a triplet"),
    (
        "5s",
        [("chi", 0), ("chi", 3), ("chi", 6), ("chi", 9)],
        {"zhong_pair_is_triplet": False},
        0,
        IMPOSSIBLE,
        "four chi and no 中中 rule: never a triplet",
    ),
    ("7z", [("chi", 0), ("chi", 3), ("chi", 6), ("chi", 9)], {}, 0, 0, "tanki on 中, a triplet by rule"),
    ("5s", [("peng", 0), ("peng", 10), ("gang", 20), ("angang", 27)], {}, 0, IMPOSSIBLE, "no sequence ever"),
    (
        "5s",
        [("peng", 0), ("peng", 10), ("gang", 20), ("angang", 27)],
        {"need_sequence": False},
        0,
        0,
        "sequence switched off",
    ),
    ("55s", [("chi", 9), ("peng", 0), ("peng", 10), ("peng", 11)], {}, -1, -1, "complete with four melds"),
    ("34s 55p", [("chi", 0), ("peng", 9), ("peng", 12)], {}, 0, 0, "ryanmen 2s/5s beside melds"),
    ("456s 22p", [("chi", 3), ("peng", 13), ("peng", 14)], {}, -1, 1, "no 1/9 anywhere: a 1/9 pair costs 2"),
]


@pytest.mark.parametrize(("text", "melds", "switches", "shape", "harbin", "why"), GOLDEN)
def test_golden_hands(
    text: str, melds: list[Meld], switches: dict[str, bool], shape: int, harbin: int, why: str
) -> None:
    counts = hand(text)
    assert fast(counts, melds, **switches) == (shape, harbin), why
    assert oracle(counts, melds, **switches) == (shape, harbin), why


# --------------------------------------------------------------------------- properties (hypothesis)

PROFILE = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def situations(draw: st.DrawFn) -> tuple[list[int], list[Meld]]:
    """Concealed counts (3n+1 or 3n+2 tiles) and legal melds, sometimes clumped into few kinds."""
    wall = Counter({k: 4 for k in range(28)})
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(("chi", "peng", "gang", "angang")))
        if kind == "chi":
            first = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            needed = Counter([first, first + 1, first + 2])
        else:
            first = draw(st.integers(0, 27))
            needed = Counter({first: 3 if kind == "peng" else 4})
        if all(wall[k] >= n for k, n in needed.items()):
            wall -= needed
            melds.append((kind, first))
    size = 3 * (4 - len(melds)) + draw(st.sampled_from((1, 2)))
    lo = draw(st.integers(0, 27))
    span = draw(st.sampled_from((4, 9, 28)))
    kinds = draw(st.lists(st.integers(lo, lo + span - 1).map(lambda k: k % 28), min_size=size, max_size=size))
    counts = [0] * 28
    for k in kinds:
        counts[k] += 1
    if any(counts[k] > wall[k] for k in range(28)):
        # Too many copies of some kind: move the extras to the next kinds that have room.
        extra = sum(max(0, counts[k] - wall[k]) for k in range(28))
        counts = [min(counts[k], wall[k]) for k in range(28)]
        k = 0
        while extra:
            if counts[k] < wall[k]:
                counts[k] += 1
                extra -= 1
            k = (k + 1) % 28
    return counts, melds


switch_sets = st.fixed_dictionaries({name: st.booleans() for name in SWITCHES})


@PROFILE
@given(situations(), switch_sets, st.data())
def test_replacing_one_tile_moves_shanten_by_at_most_one(
    situation: tuple[list[int], list[Meld]], switches: dict[str, bool], data: st.DataObject
) -> None:
    counts, melds = situation
    used = Counter(k for kind, first in melds for k in meld_kinds(kind, first))
    out = data.draw(st.sampled_from([k for k in range(28) if counts[k]]))
    into = data.draw(st.sampled_from([k for k in range(28) if k != out and counts[k] + used[k] < 4]))
    after = list(counts)
    after[out] -= 1
    after[into] += 1
    s0, h0 = fast(counts, melds, **switches)
    s1, h1 = fast(after, melds, **switches)
    assert abs(s1 - s0) <= 1
    assert (h0 == h1 == IMPOSSIBLE) or (IMPOSSIBLE not in (h0, h1) and abs(h1 - h0) <= 1)


def meld_kinds(kind: str, first: int) -> list[int]:
    """The kinds of a meld's tiles."""
    if kind == "chi":
        return [first, first + 1, first + 2]
    return [first] * (3 if kind == "peng" else 4)


@PROFILE
@given(situations(), switch_sets)
def test_harbin_is_never_below_shape_and_switches_only_lower_it(
    situation: tuple[list[int], list[Meld]], switches: dict[str, bool]
) -> None:
    counts, melds = situation
    shape, harbin = fast(counts, melds, **switches)
    assert harbin >= shape
    everything_on = harbin_shanten(counts, melds)
    all_off = {name: name == "zhong_pair_is_triplet" for name in SWITCHES}
    everything_off = harbin_shanten(counts, melds, **all_off)
    assert everything_off == shape
    assert everything_on >= harbin or not switches["zhong_pair_is_triplet"]


@st.composite
def complete_hands(draw: st.DrawFn) -> tuple[list[int], list[Meld]]:
    """A complete hand: 0-3 chi/peng melds, then the concealed sets and the pair (copy limits kept)."""
    wall = Counter({k: 4 for k in range(28)})
    sets = [("chi", s * 9 + r) for s in range(3) for r in range(7)] + [("peng", k) for k in range(28)]
    chosen = []
    for _ in range(4):
        kind, first = draw(st.sampled_from(sets))
        needed = Counter(meld_kinds(kind, first))
        if any(wall[k] < n for k, n in needed.items()):
            kind, first = next(
                (kd, f) for kd, f in sets if all(wall[k] >= n for k, n in Counter(meld_kinds(kd, f)).items())
            )
            needed = Counter(meld_kinds(kind, first))
        wall -= needed
        chosen.append((kind, first))
    pair = draw(st.sampled_from([k for k in range(28) if wall[k] >= 2]))
    n_melds = draw(st.integers(0, 3))
    counts = [0] * 28
    for kind, first in chosen[n_melds:]:
        for k in meld_kinds(kind, first):
            counts[k] += 1
    counts[pair] += 2
    return counts, chosen[:n_melds]


@PROFILE
@given(complete_hands())
def test_complete_hands_are_minus_one(situation: tuple[list[int], list[Meld]]) -> None:
    counts, melds = situation
    assert shape_shanten(counts, len(melds)) == -1
    off = {name: False for name in SWITCHES}
    assert harbin_shanten(counts, melds, **off) == -1
    assert fast(counts, melds) == oracle(counts, melds)


def test_complete_harbin_hands_are_minus_one() -> None:
    rng = random.Random(7)
    for _ in range(300):
        # A 1-9 sequence of one suit and a triplet of another meet every condition.
        s1, s2 = rng.sample(range(3), 2)
        sets = [("chi", s1 * 9 + rng.choice((0, 6))), ("peng", s2 * 9 + rng.randrange(9))]
        sets += [("chi", rng.randrange(3) * 9 + rng.randrange(7)) for _ in range(2)]
        counts = [0] * 28
        for kind, first in sets:
            for k in meld_kinds(kind, first):
                counts[k] += 1
        counts[rng.randrange(28)] += 2
        if max(counts) > 4:
            continue
        assert shape_shanten(counts) == -1
        assert harbin_shanten(counts) == -1


@PROFILE
@given(situations(), st.lists(st.tuples(st.integers(0, 27), st.integers(0, 27)), max_size=12))
def test_incremental_indices_follow_draws_and_discards(
    situation: tuple[list[int], list[Meld]], swaps: list[tuple[int, int]]
) -> None:
    counts, melds = situation
    counts = list(counts)
    im, ip, is_ = suit_indices(counts)
    ctx = harbin_context(melds)
    for out, into in swaps:
        if not counts[out] or counts[into] >= 4 or out == into:
            continue
        for kind, delta in ((out, -1), (into, +1)):
            counts[kind] += delta
            if kind < 9:
                im += delta * POW5[kind]
            elif kind < 18:
                ip += delta * POW5[kind - 9]
            elif kind < 27:
                is_ += delta * POW5[kind - 18]
        assert (im, ip, is_) == suit_indices(counts)
        assert shape_shanten_idx(im, ip, is_, counts[27], len(melds)) == shape_shanten(counts, len(melds))
        assert harbin_shanten_idx(im, ip, is_, counts[27], ctx) == harbin_shanten(counts, melds)


@PROFILE
@given(situations())
def test_suit_swaps_and_rank_mirror_change_nothing(situation: tuple[list[int], list[Meld]]) -> None:
    counts, melds = situation
    m, p, s, z = counts[0:9], counts[9:18], counts[18:27], counts[27:]
    swapped = s + m + p + z
    mirrored = m[::-1] + p[::-1] + s[::-1] + z
    n = len(melds)
    assert shape_shanten(swapped, n) == shape_shanten(mirrored, n) == shape_shanten(counts, n)
    if not melds:
        assert harbin_shanten(swapped) == harbin_shanten(mirrored) == harbin_shanten(counts)


def test_ukeire_kinds_are_the_draws_that_lower_shanten() -> None:
    rng = random.Random(99)
    for _ in range(400):
        counts, melds = random_situation(rng, rng.choice(("uniform", "clumped", "four")))
        if sum(counts) % 3 != 1:
            continue
        ctx = harbin_context(melds)
        now, kinds = shape_ukeire(counts, len(melds))
        h_now, h_kinds = harbin_ukeire(counts, ctx)
        assert now == shape_shanten(counts, len(melds))
        assert h_now == harbin_shanten(counts, melds)
        want, h_want = [], []
        for k in range(28):
            if counts[k] < 4:
                after = list(counts)
                after[k] += 1
                if shape_shanten(after, len(melds)) < now:
                    want.append(k)
                if h_now != IMPOSSIBLE and harbin_shanten(after, melds) < h_now:
                    h_want.append(k)
        assert list(kinds) == want
        assert list(h_kinds) == h_want


# --------------------------------------------------------------------------- contexts and bad input


def test_harbin_context_is_cached_and_checks_melds() -> None:
    assert harbin_context([("chi", 0)]) is harbin_context([("chi", 0)])
    assert harbin_context([("peng", 4)]) is harbin_context([("gang", 5)])  # same situation
    with pytest.raises(ValueError, match="chi"):
        harbin_context([("chi", 7)])
    with pytest.raises(ValueError, match="chi"):
        harbin_context([("chi", 27)])
    with pytest.raises(ValueError, match="meld kind"):
        harbin_context([("pong", 3)])
    with pytest.raises(ValueError, match="at most 4"):
        harbin_context([("peng", 1)] * 5)


def test_harbin_shanten_checks_counts() -> None:
    with pytest.raises(ValueError, match="28"):
        harbin_shanten([1] * 27)
    with pytest.raises(ValueError, match="0-4"):
        harbin_shanten([5] + [0] * 27)
    with pytest.raises(ValueError, match="fit"):
        harbin_shanten(hand("123m 456m 789m 123p 55p"), [("peng", 20)])


# --------------------------------------------------------------------------- the data files


def test_shipped_tables_load_and_fit_together() -> None:
    shape = load_shape_tables()
    assert (shape.n_classes, shape.n_pair_classes) == (126, 180)
    harbin = load_harbin_tables()
    assert (harbin.n_classes, harbin.n_pair_classes) == (4346, 32673)
    assert max(harbin.hvid) == harbin.n_classes - 1
    assert max(harbin.pair) == harbin.n_pair_classes - 1
    assert max(harbin.w_idx) == len(harbin.w_int) - 1 == len(harbin.w_blocks) // 80 - 1
    assert max(harbin.x_idx) == len(harbin.x_int) - 1


def _corrupt_copy(tmp_path: Path, source: Path, change: str) -> Path:
    """A damaged copy of a table file."""
    path = tmp_path / source.name
    shutil.copyfile(source, path)
    data = bytearray(path.read_bytes())
    if change == "flip":
        data[-100] ^= 0x01
    elif change == "magic":
        data[0:8] = b"NOTTABLE"
    elif change == "truncate":
        del data[len(data) // 2 :]
    elif change == "version":
        data[8] = 99
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("change", ["flip", "magic", "truncate", "version"])
@pytest.mark.parametrize("source", [SHAPE_FILE, HARBIN_FILE], ids=["shape", "harbin"])
def test_corrupt_table_file_is_refused_by_name(tmp_path: Path, source: Path, change: str) -> None:
    path = _corrupt_copy(tmp_path, source, change)
    loader = load_shape_tables if source == SHAPE_FILE else load_harbin_tables
    with pytest.raises(TableDataError, match=re.escape(path.name)):
        loader(path)


def test_missing_or_wrong_kind_of_table_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TableDataError, match=r"nothing_here\.bin"):
        load_shape_tables(tmp_path / "nothing_here.bin")
    with pytest.raises(TableDataError, match="expected 'harbin'"):
        load_harbin_tables(SHAPE_FILE)
    assert set(read_sections(SHAPE_FILE, "shape")) == {"vid", "pair", "final"}

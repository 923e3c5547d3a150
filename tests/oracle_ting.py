"""A slow, plainly correct oracle for the Harbin listening rules (R21, R32), written from the rule text.

It shares nothing with ``game.core.analysis``: readings come from a direct
recursive search (take the lowest tile; it is a pair, a triplet or the start
of a sequence), and each condition is checked exactly as RULES.md words it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

ZHONG = 27
YAOJIU = {0, 8, 9, 17, 18, 26, 27}

Set = tuple[str, int]  # ("seq", first kind) or ("tri", kind)
Meld = tuple[str, int]  # ("chi"|"peng"|"gang"|"angang", first kind)


def all_readings(counts: list[int], need_pair: bool = True) -> Iterator[tuple[int | None, list[Set]]]:
    """Every way to split the counts into sets and (if ``need_pair``) exactly one pair."""
    first = next((k for k in range(28) if counts[k]), None)
    if first is None:
        if not need_pair:
            yield None, []
        return
    k = first
    if need_pair and counts[k] >= 2:
        counts[k] -= 2
        for pair, sets in all_readings(counts, False):
            assert pair is None
            yield k, sets
        counts[k] += 2
    if counts[k] >= 3:
        counts[k] -= 3
        for pair, sets in all_readings(counts, need_pair):
            yield pair, [("tri", k), *sets]
        counts[k] += 3
    if k < ZHONG and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        for pair, sets in all_readings(counts, need_pair):
            yield pair, [("seq", k), *sets]
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def meld_kinds(m: Meld) -> list[int]:
    kind, first = m
    if kind == "chi":
        return [first, first + 1, first + 2]
    return [first] * (3 if kind == "peng" else 4)


def oracle_report(counts13: Sequence[int], melds: Sequence[Meld]) -> dict[str, object]:
    """Blockers, legal waits and 卡当 of a 13-tile hand under the standard rules."""
    counts = list(counts13)
    all_tiles = [k for k in range(28) for _ in range(counts[k])] + [k for m in melds for k in meld_kinds(m)]
    blockers = []
    if not any(m[0] != "angang" for m in melds):
        blockers.append("not_open")
    if len({k // 9 for k in all_tiles if k != ZHONG}) < 2:
        blockers.append("single_suit")
    if not any(k in YAOJIU for k in all_tiles):
        blockers.append("no_yaojiu")
    if sum(counts) < 4:
        blockers.append("too_few_tiles")
    shape_waits = []
    legal: dict[int, list[tuple[int | None, list[Set]]]] = {}
    seen_tri = seen_seq = False
    for t in range(28):
        if counts[t] + sum(meld_kinds(m).count(t) for m in melds) >= 4:
            continue
        counts[t] += 1
        readings = list(all_readings(counts))
        counts[t] -= 1
        if not readings:
            continue
        shape_waits.append(t)
        good = []
        for pair, sets in readings:
            has_seq = any(s[0] == "seq" for s in sets) or any(m[0] == "chi" for m in melds)
            has_tri = any(s[0] == "tri" for s in sets) or any(m[0] != "chi" for m in melds) or pair == ZHONG
            seen_tri |= has_tri
            seen_seq |= has_seq
            if has_seq and has_tri:
                good.append((pair, sets))
        if good:
            legal[t] = good
    if not shape_waits:
        blockers.append("not_ready")
    elif not legal:
        if not seen_tri:
            blockers.append("no_triplet")
        if not seen_seq:
            blockers.append("no_sequence")
        if seen_tri and seen_seq:
            blockers += ["no_triplet", "no_sequence"]
    waits: dict[int, bool] = {}
    if not blockers:
        for t, readings in legal.items():
            middle = any(s == ("seq", t - 1) for _, sets in readings for s in sets)
            end = any(s in (("seq", t), ("seq", t - 2)) for _, sets in readings for s in sets)
            waits[t] = len(legal) == 1 and middle and not end
    return {"blockers": blockers, "waits": waits, "shape_waits": shape_waits}

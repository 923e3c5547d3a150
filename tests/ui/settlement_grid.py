"""The settlements the result-words golden file covers, and what the result screen says for each row.

Every win kind under five rule sets (the standard rules, S1, the 大庆 preset, each capped and with the
dealer bonus where it matters), with and without 卡当, 门清 losers, a ready discarder, the dealer
winning or paying and the dealer liable; plus the Sichuan kong payments. ``python -m
tests.ui.settlement_grid FILE`` writes the rows' words (the file ``settlement_words.json`` beside
this module: a digest of every row's words in order, and each language's distinct "why" phrases to
read; last written when the English rows began "the payer's own share" and "pays for Next", the Chinese
unchanged since before settlement items became structured data).
"""

from __future__ import annotations

import hashlib
import itertools
import json
import sys
from collections.abc import Iterator

from game.core.events import Settled, event_from_json
from game.core.rules import PRESETS, RuleSet
from game.core.scoring import WIN_KINDS, WinSpec, kong_payments, settle, totals
from game.ui.words.settlement import payment_words

NAMES = {"zh": ["你", "下家", "对家", "上家"], "en": ["You", "Next", "Opposite", "Previous"]}
RULES: dict[str, RuleSet] = {
    "standard": PRESETS["standard"],
    "S1": PRESETS["S1"],
    "DQ": PRESETS["DQ"],
    "DQ capped": PRESETS["DQ"].replace(cap=8),
    "standard capped, dealer bonus, kezi": PRESETS["standard"].replace(
        cap=2, dealer_bonus=True, kezi_bonus=True
    ),
}


def specs() -> Iterator[WinSpec]:
    """Every win kind × 卡当 × winner dealer or not × a 门清 loser × a ready discarder × 包牌."""
    for kind, kadang, winner, closed, ready, liable in itertools.product(
        WIN_KINDS, (False, True), (0, 2), (False, True), (False, True), (False, True)
    ):
        discarder = 1 if kind in ("ron", "qianggang") else None
        if ready and discarder is None:
            continue
        yield WinSpec(
            kind,
            winner,
            dealer=0,
            discarder=discarder,
            discarder_ting=ready,
            kadang=kadang,
            menqing=frozenset({3}) if closed else frozenset(),
            dealer_liable=liable,
            kezi=1,
        )


def grid() -> dict[str, list[list[str]]]:
    """For each settlement and language: the (who, why) of each row as it comes from settle; the rows
    read back from a log line must say the same (checked here)."""
    out: dict[str, list[list[str]]] = {}
    for (label, rules), spec in itertools.product(RULES.items(), specs()):
        rows = settle(spec, rules)
        back = event_from_json(Settled(tuple(rows), tuple(totals(rows)), tuple(totals(rows))).to_json())
        assert isinstance(back, Settled)
        key = f"{label} | {spec.kind} kadang={spec.kadang} winner={spec.winner} closed={bool(spec.menqing)}"
        key += f" ready={spec.discarder_ting} liable={spec.dealer_liable}"
        for lang, names in NAMES.items():
            words = [list(payment_words(p, names, lang)) for p in rows]
            assert words == [list(payment_words(p, names, lang)) for p in back.payments], key
            out[key + f" | {lang}"] = words
    for kind in ("minggang", "angang", "jiagang"):
        rows = kong_payments(kind, 0, 1 if kind == "minggang" else None, RuleSet(kong_points="sichuan"))
        for lang, names in NAMES.items():
            out[f"kong {kind} | {lang}"] = [list(payment_words(p, names, lang)) for p in rows]
    return out


def summary(words: dict[str, list[list[str]]]) -> dict[str, object]:
    """The golden file's content: the digest of every row's words, and the distinct phrases per language."""
    text = json.dumps(words, ensure_ascii=False, sort_keys=True)
    phrases = {
        lang: sorted({why for key, rows in words.items() if key.endswith(f"| {lang}") for _, why in rows})
        for lang in NAMES
    }
    digest = hashlib.sha256(text.encode()).hexdigest()
    return {"settlements": len(words), "digest": digest, "phrases": phrases}


if __name__ == "__main__":
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump(summary(grid()), f, ensure_ascii=False, indent=1, sort_keys=True)
        f.write("\n")

"""Checks of a drill's answer: against the ``analyze``/``score`` commands, and against plain oracles.

Used by the drill tests (a few hundred drills) and by ``tests/bench/bench_drills.py`` (thousands).
Each ``*_by_cli`` function returns the answer as the command line reports it; each ``*_by_oracle``
computes it independently, from RULES.md's wording (``tests/oracle_ting.py`` for hands).
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Mapping
from typing import Any

from game.cli.main import main
from game.core.tiles import counts_of, kind_code, parse_kinds

from ..oracle_ting import Meld, oracle_report

SEATS = "ESWN"


def cli_json(*args: str) -> dict[str, Any]:
    """Run a subcommand with ``--json`` and return its output; fails on a non-zero exit."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main([*args, "--json"])
    assert code == 0, (args, code)
    data = json.loads(out.getvalue())
    assert isinstance(data, dict)
    return data


def analyze_args(drill: Mapping[str, Any], tiles: str | None = None) -> list[str]:
    """``analyze`` arguments for a drill's hand."""
    args = ["analyze", tiles or drill["tiles"]]
    for meld in drill["melds"]:
        args += ["--meld", meld]
    for key, value in drill.get("rules", {}).items():
        args += ["--rule", f"{key}={value}"]
    return args


def ting_by_cli(drill: Mapping[str, Any]) -> dict[str, Any]:
    data = cli_json(*analyze_args(drill))
    return {k: data[k] for k in ("listen_allowed", "blockers", "waits")}


def discard_by_cli(drill: Mapping[str, Any]) -> dict[str, Any]:
    data = cli_json(*analyze_args(drill))
    good = [d for d in data["discards"] if d["listen_allowed"]]
    return {
        "ting_discards": [d["tile"] for d in good],
        "discards": [{"tile": d["tile"], "waits": d["waits"]} for d in good],
    }


def kadang_by_cli(drill: Mapping[str, Any]) -> dict[str, Any]:
    data = cli_json(*analyze_args(drill))
    win = next(w for w in data["waits"] if w["tile"] == drill["win_tile"])
    return {"kadang": win["kadang"], "waits": data["waits"]}


def payment_by_cli(drill: Mapping[str, Any]) -> dict[str, Any]:
    args = ["score", "--win", drill["win"], "--winner", drill["winner"], "--dealer", drill["dealer"]]
    if drill["discarder"] is not None:
        args += ["--discarder", drill["discarder"]]
    if drill["discarder_listening"]:
        args.append("--discarder-listening")
    if drill["kadang"]:
        args.append("--kadang")
    if drill["menqing"]:
        args += ["--menqing", drill["menqing"]]
    if drill["dealer_liable"]:
        args.append("--dealer-liable")
    for key, value in drill.get("rules", {}).items():
        args += ["--rule", f"{key}={value}"]
    return {"payments": cli_json(*args)["payments"]}


# --- oracles ------------------------------------------------------------------------------------------------


def _oracle_hand(drill: Mapping[str, Any]) -> tuple[list[int], list[Meld]]:
    melds: list[Meld] = []
    for text in drill["melds"]:
        kind, _, tiles = text.partition(":")
        melds.append((kind, min(parse_kinds(tiles))))
    return counts_of(parse_kinds(drill["tiles"])), melds


def oracle_waits(drill: Mapping[str, Any]) -> tuple[list[str], dict[int, bool]]:
    """The plain oracle's blockers and waits (kind: 卡当) of a drill's 13-tile hand (standard rules)."""
    counts, melds = _oracle_hand(drill)
    rep = oracle_report(counts, melds)
    return list(rep["blockers"]), dict(rep["waits"])  # type: ignore[call-overload]


def ting_by_oracle(drill: Mapping[str, Any]) -> dict[str, Any]:
    blockers, waits = oracle_waits(drill)
    return {
        "listen_allowed": not blockers,
        "blockers": blockers,
        "waits": [{"tile": kind_code(k), "kadang": v} for k, v in sorted(waits.items())],
    }


def discard_by_oracle(drill: Mapping[str, Any]) -> list[str]:
    counts, melds = _oracle_hand(drill)
    good = []
    for kind in range(28):
        if counts[kind]:
            counts[kind] -= 1
            if not oracle_report(counts, melds)["blockers"]:
                good.append(kind_code(kind))
            counts[kind] += 1
    return good


def kadang_by_oracle(drill: Mapping[str, Any]) -> bool:
    _, waits = oracle_waits(drill)
    return waits[parse_kinds(drill["win_tile"])[0]]


def bao_draw_by_oracle(drill: Mapping[str, Any]) -> str | None:
    """R27/R30 as written: the 宝 drawn wins (宝中宝 if the only wait is 卡当 and is the 宝); a wait wins."""
    _, waits = oracle_waits(drill)
    bao, drawn = parse_kinds(drill["bao"])[0], parse_kinds(drill["drawn"])[0]
    if drawn == bao:
        single = len(waits) == 1
        return "baozhongbao" if single and waits.get(bao) else "mobao"
    return "zimo" if drawn in waits else None


def bao_draw_kadang_by_oracle(drill: Mapping[str, Any]) -> bool:
    """R32 and R30 as written: 摸宝 on a hand with a 卡当 wait, and a self-drawn 卡当 wait, are 卡当 wins."""
    _, waits = oracle_waits(drill)
    bao, drawn = parse_kinds(drill["bao"])[0], parse_kinds(drill["drawn"])[0]
    if drawn == bao:
        return any(waits.values())
    return bool(waits.get(drawn, False))


def bao_swap_by_oracle(drill: Mapping[str, Any]) -> dict[str, Any]:
    """R28 as written: someone ready, three copies in rivers or groups on the table: the last wall tile."""

    def visible(kind: int) -> int:
        seen = [k for text in drill["rivers"].values() for k in parse_kinds(text)]
        for text in [*drill["melds"], *[m for ms in drill["other_melds"].values() for m in ms]]:
            seen += parse_kinds(text.partition(":")[2])
        return seen.count(kind)

    bao = parse_kinds(drill["bao"])[0]
    count = visible(bao) + 1  # the new discard
    if not drill["listening"] or count < 3:
        return {"bao": drill["bao"], "swaps": 0}
    first, second = (parse_kinds(t)[0] for t in drill["wall_tail"])
    if visible(first) >= 3:
        return {"bao": kind_code(second), "swaps": 2}
    return {"bao": kind_code(first), "swaps": 1}


def payment_by_oracle(drill: Mapping[str, Any]) -> dict[str, int]:
    """RULES.md R34-R38 and R04 as written (with the table rules the drills use)."""
    rules = drill.get("rules", {})
    kind = drill["win"]
    winner, discarder, dealer = drill["winner"], drill["discarder"], drill["dealer"]
    base = {"ron": 1, "zimo": 2, "qianggang": 2, "mobao": 3, "baozhongbao": 12}[kind]
    double = drill["kadang"] and kind != "baozhongbao"
    shares = {}
    for seat in SEATS:
        if seat == winner:
            continue
        if kind == "baozhongbao":
            amount = 12
        elif kind == "ron" and seat == discarder:
            amount = 1 if drill["discarder_listening"] or rules.get("dianpao_scheme") == "S0" else 3
        elif seat in drill["menqing"]:
            amount = 2 * base if rules.get("menqing_scheme") == "double" else max(base, 3)
        else:
            amount = base
        shares[seat] = amount * (2 if double else 1)
    payer = None
    if drill["dealer_liable"] and winner != dealer:
        payer = dealer
    elif kind == "ron" and not drill["discarder_listening"] and rules.get("dianpao_scheme") != "S4":
        payer = discarder
    net = dict.fromkeys(SEATS, 0)
    for seat, amount in shares.items():
        net[payer or seat] -= amount
        net[winner] += amount
    return net

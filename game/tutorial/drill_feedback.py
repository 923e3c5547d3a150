"""Feedback on the learner's own answer: what the chosen answer means for this hand, before the rule.

"You chose {6m}: that leaves a hand with no yaojiu tile" — the chosen discard's own
report from the engine; "You said it cannot declare ready because it is not open: but it
is open (a peng)"; "You gave the next player -3: it pays 1". :func:`answer_feedback`
gives the words (empty for a right answer); :func:`game.tutorial.drills.grade` puts them
before the drill's explanation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.analysis.ting import MeldShape, TingReport, discard_reports, ting_report
from ..core.rules import RuleSet
from ..core.tiles import ZHONG, kind_code, parse_kinds
from ..scenario import SEATS
from ..seats import capital
from .drill_words import BLOCKER_WORDS, NO_TRIPLET_PLAIN, WIN_WORDS, seat_does, waits_text
from .text import Text

_YES = ("能报听", "yes")
_NOT_KADANG = ("不是卡当", "not kadang")
_NO_WIN = ("不胡", "no win")


def drill_hand(drill: Mapping[str, Any]) -> tuple[list[int], tuple[MeldShape, ...]]:
    """The drill's concealed tiles as counts and its groups (as the drill wrote them)."""
    counts = [0] * (ZHONG + 1)
    for k in parse_kinds(str(drill.get("tiles", ""))):
        counts[k] += 1
    melds = []
    for code in drill.get("melds", []):
        kind, _, tiles = str(code).partition(":")
        melds.append(MeldShape(kind, min(parse_kinds(tiles))))  # type: ignore[arg-type]
    return counts, tuple(melds)


def _rules(drill: Mapping[str, Any]) -> RuleSet:
    """The drill's table rules (the standard ones unless it names others)."""
    changed = {
        k: (v == "true" if v in ("true", "false") else v) for k, v in dict(drill.get("rules", {})).items()
    }
    return RuleSet().replace(**changed)


def _why(report: TingReport, zhong: bool) -> Text:
    """Why a hand may not declare ready, in the blockers' words (or "one tile from ready" if it may)."""
    codes = [c for c in report.blockers]
    if not codes:
        return Text(
            f"能报听，听{waits_text(report.waits).zh}",
            f"it may declare ready, waiting on {waits_text(report.waits).en}",
        )
    words = [NO_TRIPLET_PLAIN if c == "no_triplet" and not zhong else BLOCKER_WORDS[c] for c in codes]
    return Text("，".join(w[0] for w in words), "; ".join(w[1] for w in words))


def _ting(drill: Mapping[str, Any], response: Mapping[str, Any]) -> Text:
    answer = drill["answer"]
    said = response.get("listen_allowed")
    counts, melds = drill_hand(drill)
    zhong = counts[ZHONG] > 0 or any(ZHONG in m.kinds() for m in melds)
    report = ting_report(counts, melds, _rules(drill))
    if said and not answer["listen_allowed"]:
        why = _why(report, zhong)
        return Text(f"你选了“{_YES[0]}”：可是这手牌{why.zh}。", f"You said yes: but {why.en}.")
    if not said and answer["listen_allowed"]:
        why = _why(report, zhong)
        return Text(f"你选了“不能”：可是这手牌{why.zh}。", f"You said no: but {why.en}.")
    blocker = response.get("blocker")
    if said is False and blocker and blocker not in answer["blockers"] and blocker in BLOCKER_WORDS:
        chosen = BLOCKER_WORDS[blocker]
        why = _why(report, zhong)
        return Text(
            f"你选的理由是“{chosen[0]}”：这手牌不是这个问题，真正挡住它的是：{why.zh}。",
            f"You chose \u201c{chosen[1]}\u201d: that is not what stops this hand; "
            f"what stops it is: {why.en}.",
        )
    return Text("", "")


def _discard(drill: Mapping[str, Any], response: Mapping[str, Any]) -> Text:
    right = set(drill["answer"]["ting_discards"])
    given = {str(t) for t in response.get("ting_discards", [])}
    if given == right:
        return Text("", "")
    counts, melds = drill_hand(drill)
    zhong = counts[ZHONG] > 0 or any(ZHONG in m.kinds() for m in melds)
    reports = {kind_code(k): r for k, r in discard_reports(counts, melds, _rules(drill))}
    zh, en = [], []
    for tile in sorted(given - right):
        report = reports.get(tile)
        why = _why(report, zhong) if report is not None else Text("不在手里", "it is not in the hand")
        zh.append(f"你选了{{{tile}}}：打掉它以后，{why.zh}")
        en.append(f"You chose {{{tile}}}: after it, {why.en}")
    for tile in sorted(right - given):
        report = reports[tile]
        zh.append(f"你漏了{{{tile}}}：打掉它就能报听，听{waits_text(report.waits).zh}")
        en.append(
            f"You left out {{{tile}}}: after it the hand may declare ready, waiting on "
            f"{waits_text(report.waits).en}"
        )
    return Text("；".join(zh) + "。", ". ".join(en) + ".")


def _choice(drill: Mapping[str, Any], response: Mapping[str, Any], key: str) -> Text:
    """A one-choice answer (kadang yes/no, a win kind, the new 宝) that is wrong: what was chosen."""
    given = response.get(key)
    if given == drill["answer"][key]:
        return Text("", "")
    if key == "kadang":
        words = ("是卡当", "kadang") if given else _NOT_KADANG
    elif key == "win":
        words = WIN_WORDS.get(str(given), _NO_WIN) if given else _NO_WIN
    else:
        words = (f"{{{given}}}", f"{{{given}}}")
    waits = drill["answer"].get("waits")
    if waits is not None:
        tiles = "、".join("{" + w["tile"] + "}" for w in waits)
        tiles_en = ", ".join("{" + w["tile"] + "}" for w in waits)
        return Text(
            f"你选了“{words[0]}”：可这手牌听的是{tiles}。",
            f"You chose \u201c{words[1]}\u201d: but this hand waits on {tiles_en}.",
        )
    return Text(f"你选了“{words[0]}”：不对。", f"You chose \u201c{words[1]}\u201d: that is not it.")


def _payment(drill: Mapping[str, Any], response: Mapping[str, Any]) -> Text:
    """Each amount the learner got wrong, said as the screen asks it: what a loser pays and what the
    winner gets ("下家应付 6，不是 0"), never as a signed change of score ("应是-6") the screen never
    shows."""
    right = drill["answer"]["payments"]
    given = response.get("payments", {})
    zh, en = [], []
    for seat, letter in enumerate(SEATS):
        mine, truth = given.get(letter, 0), right[letter]
        if mine == truth:
            continue
        if truth < 0 or (truth == 0 and mine < 0):  # a loser: what it pays
            said = seat_does(seat, f"应付 {-truth}，不是 {-mine}", f"pays {-truth}, not {-mine}")
        elif truth > 0 and mine >= 0:  # the winner: what it gets
            said = seat_does(seat, f"应得 {truth}，不是 {mine}", f"gets {truth}, not {mine}")
        else:  # paying where it gets, or getting where it pays: the change of score, signed
            said = seat_does(seat, f"应是 {truth:+d}，不是 {mine:+d}", f"ends {truth:+d}, not {mine:+d}")
        zh.append(said.zh)
        en.append(said.en)
    if not zh:
        return Text("", "")
    return Text("；".join(zh) + "。", capital("; ".join(en)) + ".")


def answer_feedback(drill: Mapping[str, Any], response: Mapping[str, Any]) -> Text:
    """What the learner's own answer means for this drill (empty when it is right)."""
    kind = drill["kind"]
    if kind == "ting":
        return _ting(drill, response)
    if kind == "discard":
        return _discard(drill, response)
    if kind == "kadang":
        return _choice(drill, response, "kadang")
    if kind == "bao":
        return _choice(drill, response, "bao" if drill.get("question_type") == "swap" else "win")
    return _payment(drill, response)


__all__ = ["answer_feedback", "drill_hand"]

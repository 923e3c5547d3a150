"""The 宝 drills: "is this draw 摸宝 or 宝中宝?" and "after this 换宝, which tile is the 宝?".

Both are answered by the engine on a real table (:func:`~game.tutorial.drill_hands.table_state`):
the draw question by :func:`~game.core.legal.self_draw_win`, the 换宝 question by
playing the discard through :class:`~game.core.match.Game` and reading the
``bao_replaced`` events it produces.
"""

from __future__ import annotations

from typing import Any

from ..core.actions import Discard, Refusal
from ..core.analysis.ting import MeldShape, ting_report
from ..core.events import BaoReplaced
from ..core.legal import self_draw_win
from ..core.match import Game
from ..core.rules import RuleSet
from ..core.tiles import COPIES, NUM_KINDS, ZHONG, format_kinds, kind_code
from ..seats import capital
from .drill_base import TRIES, drill_base, drill_dice, waits_json
from .drill_hands import Built, Dice, Style, complete_hand, in_use, ready_hand, table_state
from .drill_words import hand_text, meld_code, seat_does, seat_text, waits_text
from .text import Text

DRAW_CATEGORIES = ("baozhongbao", "mobao", "zimo", "mobao_kadang", "none")
SWAP_CATEGORIES = ("plain", "meld", "hand", "chain", "nobody")


def bao_drill(seed: int, index: int) -> dict[str, Any]:
    """A 宝 question: even numbers ask about a draw, odd numbers about a 换宝."""
    dice = drill_dice("bao", seed, index)
    if index % 2 == 0:
        return _draw_drill(dice, seed, index, DRAW_CATEGORIES[(index // 2) % len(DRAW_CATEGORIES)])
    return _swap_drill(dice, seed, index, SWAP_CATEGORIES[(index // 2) % len(SWAP_CATEGORIES)])


# --- is this draw 摸宝 or 宝中宝? ------------------------------------------------------------------------


def _free(built: Built, *extra: int) -> list[int]:
    """Kinds with a copy left outside the hand, after ``extra`` tiles are also taken."""
    used = in_use(built.counts, built.melds)
    for k in extra:
        used[k] += 1
    return [k for k in range(NUM_KINDS) if used[k] < COPIES]


def _draw_pick(dice: Dice, category: str, built: Built, waits: tuple[int, ...]) -> tuple[int, int] | None:
    """(宝, drawn) kinds for the category, or None if the hand does not suit it."""
    free = _free(built)
    if category == "baozhongbao":
        w = waits[0]
        return (w, w) if w in _free(built, w) else None
    if category in ("mobao", "mobao_kadang"):
        bao = dice.pick(free)
        return (bao, bao) if bao in _free(built, bao) else None
    if category == "zimo":
        drawn = dice.pick(waits)
        others = [k for k in _free(built, drawn) if k != drawn]
        return (dice.pick(others), drawn) if drawn in free and others else None
    not_waits = [k for k in free if k not in waits]
    if len(not_waits) < 2:
        return None
    drawn = dice.pick(not_waits)
    bao = dice.pick([k for k in _free(built, drawn) if k != drawn])
    return bao, drawn


def _draw_drill(dice: Dice, seed: int, index: int, category: str) -> dict[str, Any]:
    rules = RuleSet()
    single_kadang = category in ("baozhongbao", "mobao_kadang")
    found = None
    for _ in range(TRIES):
        built = ready_hand(dice, Style(), rules, middle=single_kadang)
        if built is None:
            continue
        report = ting_report(built.counts, built.melds, rules)
        if single_kadang and not (len(report.waits) == 1 and report.waits[0].kadang):
            continue
        picked = _draw_pick(dice, category, built, report.wait_kinds())
        if picked is None or (category == "mobao_kadang" and picked[0] == report.waits[0].kind):
            continue
        found = (built, report, picked)
        break
    assert found is not None, "no hand could be built"
    built, report, (bao, drawn) = found
    hand = [k for k in range(NUM_KINDS) for _ in range(built.counts[k])] + [drawn]
    state = table_state(
        dice, rules, hands={0: hand}, melds={0: built.melds}, ting=[0], bao=bao, drawn=drawn
    )
    win = self_draw_win(state, 0)
    words = hand_text(built.counts, built.melds)
    b, d = "{" + kind_code(bao) + "}", "{" + kind_code(drawn) + "}"
    out = drill_base("bao", seed, index, {})
    out["question_type"] = "draw"
    out.update(
        {
            "tiles": format_kinds(hand[:-1]),
            "melds": [meld_code(m) for m in built.melds],
            "bao": kind_code(bao),
            "drawn": kind_code(drawn),
        }
    )
    out["question"] = Text(
        f"你已报听：{words.zh}；听{waits_text(report.waits).zh}。宝是{b}。你摸到{d}：能胡吗？是自摸、摸宝还是宝中宝？",
        f"You are ready, with {words.en}, waiting on {waits_text(report.waits).en}. The bao is {b}. You draw "
        f"{d}: does it win — a self-drawn win, drawing the bao, or bao within bao?",
    ).to_dict()
    out["answer"] = {
        "win": None if win is None else win[0],
        "kadang": bool(win and win[1]),
        "waits": waits_json(report.waits),
    }
    out["explanation"] = _draw_explanation(win, bao, drawn, report.wait_kinds()).to_dict()
    return out


def _draw_explanation(win: tuple[str, bool] | None, bao: int, drawn: int, waits: tuple[int, ...]) -> Text:
    b, d = "{" + kind_code(bao) + "}", "{" + kind_code(drawn) + "}"
    if win is None:
        return Text(
            f"不能胡：{d}既不是你听的牌，也不是宝。报了听，这张牌只能打出去。",
            f"No win: {d} is neither one of your waits nor the bao; a ready hand discards it.",
        )
    kind, kadang = win
    if kind == "baozhongbao":
        return Text(
            f"宝中宝：你的听口是卡当，只听{b}，{b}正是宝，又是你自己摸到的。每家付12分。",
            f"Bao within bao: your wait is kadang, on {b} alone; {b} is the bao, and you drew it "
            f"yourself. Each player pays 12.",
        )
    if kind == "mobao":
        zh = f"摸宝：你自己摸到了和宝一样的{b}，不管听的是什么都算胡，每家付3分"
        en = (
            f"Drawing the bao: you drew {b}, the bao's kind, yourself; that wins whatever you wait on: 3 each"
        )
        if kadang:
            zh += "；你的听口是卡当，翻倍为每家6分"
            en += "; your wait is kadang, so it is doubled to 6 each"
        if bao in waits:
            zh += f"。{b}虽然也是你听的牌，但你不是单听这一张的卡当，所以不是宝中宝"
            en += f". {b} is also a wait, but not your only, kadang wait, so it is not bao within bao"
        return Text(zh + "。", en + ".")
    zh = f"自摸：{d}是你听的牌，不是宝。每家付2分，门清的付3分"
    en = f"A self-drawn win: {d} is one of your waits, not the bao. Each player pays 2, a closed hand 3"
    if kadang:
        zh, en = zh + "；卡当，全部翻倍", en + "; kadang doubles it all"
    return Text(zh + "。", en + ".")


# --- after this 换宝, which tile is the 宝? -----------------------------------------------------------------


def _rivers(
    dice: Dice, placed: dict[int, list[int]], avoid: set[int], used: list[int]
) -> dict[int, list[int]]:
    """Rivers of S, W, N: the placed tiles among a few harmless others."""
    out: dict[int, list[int]] = {}
    for seat in (1, 2, 3):
        tiles = list(placed.get(seat, []))
        for _ in range(2 + dice.below(3)):
            free = [k for k in range(NUM_KINDS) if k not in avoid and used[k] < COPIES]
            k = dice.pick(free)
            used[k] += 1
            tiles.append(k)
        out[seat] = dice.shuffled(tiles)
    return out


def _swap_drill(dice: Dice, seed: int, index: int, category: str) -> dict[str, Any]:
    rules = RuleSet()
    for _ in range(TRIES):
        built = ready_hand(dice, Style(), rules) if category != "nobody" else complete_hand(dice, Style())
        if built is None:
            continue
        if category == "nobody":
            built.counts[dice.pick([k for k in range(NUM_KINDS) if built.counts[k]])] -= 1
        used = in_use(built.counts, built.melds)
        in_hand = 1 if category == "hand" else 0
        bao_choices = [k for k in range(ZHONG) if used[k] == in_hand and built.counts[k] == in_hand]
        if not bao_choices:
            continue
        bao = dice.pick(bao_choices)
        used[bao] += 1  # the 宝 itself
        tails = [k for k in range(NUM_KINDS) if k != bao and used[k] == 0]
        t1 = dice.pick(tails)
        t2 = dice.pick([k for k in tails if k != t1])
        placed: dict[int, list[int]] = {dice.pick((2, 3)): [bao]}
        melds: dict[int, list[MeldShape]] = {}
        if category == "meld":
            first = bao - min(bao % 9, dice.below(3))
            first = min(first, bao - bao % 9 + 6)
            if any(used[k] >= COPIES for k in (first, first + 1, first + 2) if k != bao):
                continue
            melds[2] = [MeldShape("chi", first)]
            for k in (first, first + 1, first + 2):
                used[k] += 1
        elif category != "hand":
            placed.setdefault(3, []).append(bao)
        if category == "chain":
            placed.setdefault(1, []).extend([t1, t1, t1])
        used[bao] += sum(v.count(bao) for v in placed.values()) + 1  # placed copies and the discard
        for k in (t1, t2):
            used[k] += sum(v.count(k) for v in placed.values()) + 1
        if max(used) > COPIES:
            continue
        rivers = _rivers(dice, placed, {bao, t1, t2}, used)
        hand0 = [k for k in range(NUM_KINDS) for _ in range(built.counts[k])]
        try:
            state = table_state(
                dice,
                rules,
                hands={0: hand0, 1: [bao]},
                melds={0: built.melds, **melds},
                rivers=rivers,
                ting=[] if category == "nobody" else [0],
                bao=bao,
                tail=[t1, t2],
                turn=1,
                drawn=bao,
            )
        except ValueError:
            continue
        break
    else:
        raise RuntimeError("no table could be built")
    game = Game(state, [])
    tile = next(t for t in state.hands[1] if t >> 2 == bao)
    result = game.submit(1, Discard(tile))
    assert not isinstance(result, Refusal), result
    swaps = [e for e in result if isinstance(e, BaoReplaced)]
    final = game.state.bao
    out = drill_base("bao", seed, index, {})
    out["question_type"] = "swap"
    out.update(
        {
            "tiles": format_kinds(hand0),
            "melds": [meld_code(m) for m in built.melds],
            "listening": category != "nobody",
            "bao": kind_code(bao),
            "discard": kind_code(bao),
            "rivers": {s: format_kinds(rivers[i]) for i, s in ((1, "S"), (2, "W"), (3, "N"))},
            "other_melds": {"W": [meld_code(m) for m in melds.get(2, [])]} if melds else {},
            "wall_tail": [kind_code(t1), kind_code(t2)],
        }
    )
    out["question"] = _swap_question(category, built, bao, rivers, melds, t1, t2).to_dict()
    out["answer"] = {"bao": None if final is None else kind_code(final >> 2), "swaps": len(swaps)}
    out["explanation"] = _swap_explanation(category, bao, t1, t2, len(swaps), swaps).to_dict()
    return out


def _swap_question(
    category: str,
    built: Built,
    bao: int,
    rivers: dict[int, list[int]],
    melds: dict[int, list[MeldShape]],
    t1: int,
    t2: int,
) -> Text:
    b = "{" + kind_code(bao) + "}"
    words = hand_text(built.counts, built.melds)
    if category == "nobody":
        zh = f"还没有人报听（你是{words.zh}）。假设扣着的宝是{b}。"
        en = f"Nobody has declared ready yet (you have {words.en}). Suppose the bao lying face down is {b}."
    else:
        zh = f"你已报听：{words.zh}。你看到宝是{b}。"
        en = f"You are ready, with {words.en}. You see that the bao is {b}."
    rz = "；".join(f"{seat_text(s).zh}{{{format_kinds(rivers[s])}}}" for s in (1, 2, 3))
    re = "; ".join(f"{seat_text(s).en} {{{format_kinds(rivers[s])}}}" for s in (1, 2, 3))
    zh += f"牌河：{rz}。"
    en += f" Rivers: {re}."
    if melds:
        m = melds[2][0]
        group = "{" + format_kinds(m.kinds()) + "}"
        chi = seat_does(2, f"吃了{group}", f"has the chi {group} on the table")
        zh += chi.zh + "。"
        en += f" {capital(chi.en)}."
    discard = seat_does(1, f"打出{b}", f"discards {b}", start=True)
    zh += f"牌墙最后两张（从尾往前）是{{{kind_code(t1)}}}、{{{kind_code(t2)}}}。"
    zh += f"{discard.zh}。现在宝是哪一张？"
    en += (
        f" The last two tiles of the wall, from the end, are {{{kind_code(t1)}}} and {{{kind_code(t2)}}}. "
        f"{discard.en}. Which tile is the bao now?"
    )
    return Text(zh, en)


def _swap_explanation(category: str, bao: int, t1: int, t2: int, n: int, swaps: list[BaoReplaced]) -> Text:
    b, a, c = "{" + kind_code(bao) + "}", "{" + kind_code(t1) + "}", "{" + kind_code(t2) + "}"
    if n == 0 and category == "nobody":
        return Text(
            f"不换：三张{b}都在明处了，可还没有人报听——有人报听之后才换宝。宝还是{b}。",
            f"No change: three {b} are in sight, but nobody is ready yet, and the bao is replaced only "
            f"once someone is ready. The bao is still {b}.",
        )
    if n == 0:
        return Text(
            f"不换：明处只有两张{b}，你手里那张不算——手里的牌从来不算。宝还是{b}。",
            f"No change: only two {b} are in sight; the one in your hand does not count — tiles in a "
            f"hand never do. The bao is still {b}.",
        )
    where = (
        (f"牌河和{seat_text(2).zh}的吃里", f"in the rivers and in {seat_text(2).en}'s chi")
        if category == "meld"
        else ("牌河里", "in the rivers")
    )
    zh = (
        f"换宝：有人报了听，{where[0]}看得见三张{b}（连刚打出的这张）。旧宝{b}亮给大家，"
        f"牌墙最后一张{a}成了新宝。"
    )
    en = (
        f"Replaced: someone is ready and three {b} are in sight {where[1]}, the new discard included. The "
        "old "
        f"bao {b} is shown to everyone, and the wall's last tile, {a}, becomes the bao."
    )
    if n > 1:
        zh += f"可{a}已经有三张在牌河里，马上再换：下一张{c}成了宝。"
        en += (
            f" But three {a} are already in the rivers, so it is replaced again at once: {c} is the bao now."
        )
    return Text(zh, en)


__all__ = ["DRAW_CATEGORIES", "SWAP_CATEGORIES", "bao_drill"]

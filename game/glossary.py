"""The one glossary: every domain word with its Chinese and English display text.

The same key is used in events, code, UI keys and docs. Anything shown to a
player that names a game concept (a call, a win kind, a blocker, a reason code)
is looked up here with :func:`term`; nothing else in the program spells these
words out. This module holds data only and imports nothing from pygame.

One word per concept, in every player-facing text (rules, switches, lessons, hints):

- Chinese: 胡 for a win (never 和; the one exception is the proper name 截和, as RULES.md R25
  and every seed write it), 听, 杠, 吃, 碰, 卡当, 宝, 摸宝, 宝中宝, 换宝, 开门, 门清, 幺九.
- English: 听 = "ready" ("declare ready"), 杠 = "kong" (exposed / concealed / added kong),
  吃 = "chi", 碰 = "peng", 胡 = "win", 卡当 = "kadang", 宝 = "bao", 幺九 = "yaojiu tile",
  向听 = "steps from ready"; never "ron", "pon", "shanten", "ting", "gang" or "listening",
  and no Chinese characters inside English text (a defining gloss in brackets excepted).
  :data:`DEFINITIONS` says once what the Harbin words mean.
"""

from __future__ import annotations

from typing import Final, Literal

Lang = Literal["zh", "en"]
LANGS: Final[tuple[Lang, ...]] = ("zh", "en")

TERMS: Final[dict[str, tuple[str, str]]] = {
    # seats and roles
    "seat.E": ("东", "East"),
    "seat.S": ("南", "South"),
    "seat.W": ("西", "West"),
    "seat.N": ("北", "North"),
    "xiajia": ("下家", "next player"),
    "duijia": ("对家", "opposite player"),
    "shangjia": ("上家", "previous player"),
    "dealer": ("庄家", "dealer"),
    # actions
    "draw": ("摸牌", "draw"),
    "discard": ("打牌", "discard"),
    "chi": ("吃", "chi"),
    "peng": ("碰", "peng"),
    "gang": ("杠", "kong"),
    "minggang": ("明杠", "exposed kong"),
    "angang": ("暗杠", "concealed kong"),
    "jiagang": ("加杠", "added kong"),
    "ting": ("听", "ready"),
    "chiting": ("吃听", "chi to ready"),
    "pengting": ("碰听", "peng to ready"),
    "gangting": ("杠听", "kong to ready"),
    "hu": ("胡", "win"),
    "pass": ("过", "pass"),
    # hand states and features
    "kaimen": ("开门", "open hand"),
    "menqing": ("门清", "closed hand"),
    "kouting": ("扣听", "locked hand"),
    "shoubayi": ("手把一", "single-tile hand"),
    "yaojiu": ("幺九", "yaojiu tile"),
    "kezi": ("刻子", "triplet"),
    "two_suits": ("两门花色", "second suit"),
    "shunzi": ("顺子", "sequence"),
    "duizi": ("对子", "pair"),
    "hongzhong": ("红中", "Red Dragon"),
    "shanten": ("向听", "steps from ready"),
    "waits": ("听的牌", "waits"),
    # the 宝
    "bao": ("宝", "bao"),
    "mobao": ("摸宝", "drew the bao"),
    "huanbao": ("换宝", "bao replaced"),
    "baozhongbao": ("宝中宝", "bao within bao"),
    "chongbao": ("冲宝", "bao rush"),
    "dafeng": ("大风", "big wind"),
    # win kinds and settlement
    "ron": ("点炮", "win on a discard"),
    "zimo": ("自摸", "self-drawn win"),
    "qianggang": ("抢杠", "robbing a kong"),
    "kadang": ("卡当", "kadang"),
    "jiehu": ("截和", "cut-off win"),
    "fenzhang": ("分张", "last-four draw"),
    "huangzhuang": ("荒庄", "exhaustive draw"),
    "baopai": ("包牌", "dealer liable"),
    "baofu": ("包付", "pays for the others"),
    # listening blockers (codes of the analyze contract)
    "blocker.not_ready": ("还差不止一张牌", "more than one tile from winning"),
    "blocker.not_open": ("未开门", "hand not opened"),
    "blocker.single_suit": ("只有一门花色", "only one suit"),
    "blocker.no_yaojiu": ("没有幺九", "no yaojiu tile (a 1, a 9 or the Red Dragon)"),
    "blocker.too_few_tiles": ("手里不到四张牌", "fewer than four tiles in hand"),
    "blocker.no_triplet": ("没有刻子", "no triplet"),
    "blocker.no_sequence": ("没有顺子", "no sequence"),
    "blocker.wait_restriction": ("听口不合规则", "wait shape not allowed"),
    # refusal reasons of the engine
    "refusal.not_your_turn": ("还没轮到你", "not your turn"),
    "refusal.illegal_action": ("这一步不合规则", "not a legal move now"),
    "refusal.tile_not_in_hand": ("手里没有这张牌", "that tile is not in the hand"),
    "refusal.listening_locked": ("已听牌不能吃碰杠", "ready hands cannot call or change tiles"),
    "refusal.max_melds": ("吃碰杠已到上限（不许手把一）", "no more melds allowed (no single-tile hand)"),
    "refusal.must_declare_ting": ("吃听、碰听后必须报听", "after a call to ready you must declare ready"),
    "refusal.not_a_win": ("不能胡这张牌", "this is not a legal win"),
    "refusal.must_hu": ("有胡必胡", "a legal win must be taken"),
    "refusal.ting_not_allowed": ("不能报听", "cannot declare ready"),
    "refusal.round_over": ("这一局已结束", "the hand is over"),
    "refusal.nothing_to_claim": ("没有可以吃碰杠的牌", "there is no discard to call"),
    "refusal.no_pair": ("手里没有这张牌的对子", "no pair of that tile in the hand"),
    "refusal.no_three": ("手里没有三张这张牌", "not three of that tile in the hand"),
    "refusal.no_chi_shape": ("手里没有能吃的搭子", "no two tiles make a sequence with it"),
    "refusal.chi_only_from_shangjia": (
        "只能吃上家的牌（吃听除外）",
        "chi only from the previous player (unless the chi makes you ready)",
    ),
    "refusal.gang_only_from_shangjia": ("只能杠上家的牌", "exposed kong only from the previous player"),
    "refusal.no_four": ("手里没有四张一样的牌", "no four of a kind in the hand"),
    "refusal.no_peng_to_add": ("没有这张牌的碰", "no peng of that tile to add to"),
    # AI opponent levels (new-game setup, seat plates)
    "level.novice": ("新手", "Novice"),
    "level.normal": ("普通", "Normal"),
    "level.strong": ("高手", "Strong"),
    "level.expert": ("大师", "Expert"),
    "level.random": ("随机", "Random"),
    # AI reasons (templates: {tile} a tile name, {waits} tile names, {wind} a seat's wind this hand,
    # {rel} 下家/对家/上家, {call}/{move} an action word, {cond} a hand condition; numbers as digits).
    # game.ai.reasons renders them.
    "reason.hu": ("和牌", "Win"),
    "reason.forced": ("只有这一种走法", "The only legal move"),
    "reason.locked": ("已听牌：摸到的牌自动打出", "Ready (听): the drawn tile goes out by itself"),
    "reason.hunch": ("凭感觉：{move}{tile}", "A hunch: {move} {tile}"),
    "reason.random": ("随便选（共{options}种走法）", "Random choice among {options} moves"),
    "reason.greedy": (
        "{move}{tile}：形状向听最少（{shanten}）",
        "{move} {tile}: fewest shape steps ({shanten})",
    ),
    "reason.efficiency": (
        "打{tile}：离听牌{shanten}步，有效牌{accept}张",
        "Discard {tile}: {shanten} from ready, {accept} tiles improve the hand",
    ),
    "reason.lookahead": (
        "打{tile}：离听牌{shanten}步，有效牌{accept}张，进张后平均还有{accept2}张",
        "Discard {tile}: {shanten} from ready, {accept} tiles improve it, then {accept2} on average",
    ),
    "reason.keep_yaojiu": ("打{tile}：留住唯一的幺九{keep}", "Discard {tile}: keeps {keep}, the only 幺九"),
    "reason.keep_condition": (
        "打{tile}：留着{keep}凑{cond}（听牌需要）",
        "Discard {tile}: keeps {keep} toward the {cond} a ready hand needs",
    ),
    "reason.fold": (
        "弃和：{wind}（{rel}）已听牌，打安全牌{tile}（手里安全牌还有{safe}张）",
        "Fold: {wind} ({rel}) is ready; {tile} is safe (safe tiles left: {safe})",
    ),
    "reason.push": (
        "进攻：{wind}（{rel}）已听牌，但离听牌只差{shanten}步，打{tile}（放炮约{risk}%）",
        "Push: {wind} ({rel}) is ready, but the hand is {shanten} from ready; {tile} deals in about {risk}%",
    ),
    "reason.ting": (
        "打{tile}报听：听{waits}，还剩{live}张",
        "Discard {tile} and declare ready: waiting on {waits}, {live} left",
    ),
    "reason.ting_kadang": (
        "打{tile}报听：卡当听{waits}（翻倍），还剩{live}张",
        "Discard {tile} and declare ready: middle-tile wait on {waits} (pays double), {live} left",
    ),
    "reason.chiting": (
        "吃听：吃{tile}，打{discard}，听{waits}（还剩{live}张）",
        "Chi-ting: chi {tile}, discard {discard}, ready on {waits} ({live} left)",
    ),
    "reason.pengting": (
        "碰听：碰{tile}，打{discard}，听{waits}（还剩{live}张）",
        "Peng-ting: peng {tile}, discard {discard}, ready on {waits} ({live} left)",
    ),
    "reason.call_ready": (
        "{call}{tile}，再打{discard}就能报听",
        "{call} {tile}, then discard {discard} to declare ready",
    ),
    "reason.open_call": (
        "开门：{call}{tile}，离听牌{before}步→{after}步",
        "Open the hand: {call} {tile}, {before} → {after} from ready",
    ),
    "reason.call_progress": (
        "{call}{tile}：离听牌{before}步→{after}步",
        "{call} {tile}: {before} → {after} from ready",
    ),
    "reason.kong": (
        "{call}{tile}：不耽误听牌（离听牌{shanten}步）",
        "{call} {tile}: costs nothing ({shanten} from ready)",
    ),
    "reason.pass": ("过", "Pass"),
    "reason.pass_call": (
        "不{call}{tile}：副露不会让手牌更快（离听牌{shanten}步）",
        "No {call} on {tile}: it would not bring the hand closer ({shanten} from ready)",
    ),
    "reason.pass_fold": (
        "不{call}{tile}：{wind}（{rel}）已听牌，副露后要多打一张危险牌",
        "No {call} on {tile}: {wind} ({rel}) is ready and the call would cost a safe tile",
    ),
    # room options of Daqing and Jilin rooms (RULES.md §6, R43-R49): what they are called, the
    # factors of an every-factor-doubles payment (Payment.factors), and why a 支对 lock is refused
    "hongzhong_bao": ("红中满天飞", "Red Dragon wins as the bao"),
    "duidao": ("对倒", "two-pair wait"),
    "zhidui": ("支对", "locked pair"),
    "dailou": ("带漏", "bao rush, Daqing scoring"),
    "all_double": ("每项翻倍", "every factor doubles"),
    "baosanjia": ("包三家", "discarder pays for all three"),
    "fengding": ("封顶", "payment cap"),
    "mingbao": ("明宝", "open bao"),
    "factor.menqing": ("门清", "closed hand"),
    "factor.discarder": ("点炮", "dealt in"),
    "factor.dealer": ("庄家", "dealer"),
    "factor.self_drawn": ("自摸", "self-drawn"),
    "factor.kadang": ("卡当", "kadang"),
    "factor.mobao": ("摸宝", "drew the bao"),
    "factor.baozhongbao": ("宝中宝", "bao within bao"),
    "factor.cap": ("封顶", "cap"),
    "refusal.zhidui_off": ("这桌不玩支对", "locking a pair is not played at this table"),
    "refusal.zhidui_needs_ting": ("只有报听时才能支对", "a pair is locked only when declaring ready"),
    "refusal.zhidui_not_duidao": (
        "不是对倒，不能支对",
        "locking a pair needs a wait on two pairs, either of which can become the triplet",
    ),
    "refusal.zhidui_not_a_pair": ("只能扣下对倒的两对之一", "lock one of the two waiting pairs"),
    # the table
    "wall": ("牌墙", "wall"),
    "dice": ("骰子", "dice"),
    "river": ("牌河", "discards"),
    "meld": ("副露", "meld"),
    "score": ("分数", "score"),
    # settlement rows: why a payment is made (Payment.reason codes) and the facts behind an amount
    "payment.share": ("自付", "own share"),
    "payment.covers": ("包付", "pays for"),
    "payment.liable": ("包牌", "dealer liable for"),
    "payment.robbed": ("被抢杠包付", "robbed kong pays for"),
    "payment.kong": ("杠分", "kong points"),
    "payment.dealer_bonus": ("庄家加分", "dealer bonus"),
    "payment.kezi_bonus": ("刻子加分", "triplet bonus"),
    "note.discarder_listening": ("点炮者已听", "discarder was ready"),
    "note.discarder_not_listening": ("点炮者未听", "discarder was not ready"),
    # the concealed sets of a winning hand
    "set.seq": ("顺子", "sequence"),
    "set.tri": ("刻子", "triplet"),
    "set.pair": ("对子", "pair"),
}
"""key -> (zh, en)."""


DEFINITIONS: Final[dict[str, tuple[str, str]]] = {
    "ting": (
        "听：只差一张就能胡，并且已经报了听（报听时打出一张牌）。",
        "ready: one tile from winning, and announced (you declare ready with a discard).",
    ),
    "kadang": (
        "卡当：只听一张牌，这张牌是顺子的中间一张，而且在任何分法里都不是顺子的两头。",
        "kadang (middle-tile wait): the hand waits on one tile only, that tile fills the middle of a "
        "sequence, and in no reading is it the end of a sequence.",
    ),
    "yaojiu": (
        "幺九：每门花色的 1 和 9，再加红中。",
        "yaojiu tile: a 1, a 9 or the Red Dragon.",
    ),
    "kaimen": (
        "开门：吃、碰或明杠过至少一次；暗杠不算。",
        "open hand: at least one chi, peng or exposed kong; a concealed kong does not count.",
    ),
    "bao": (
        "宝：扣着放在一旁的一张牌；听牌的人自己摸到同样的牌就胡（摸宝）。",
        "bao: a tile set aside face down; a ready player who draws a tile like it wins (drawing the bao).",
    ),
}
"""key -> (zh, en): what a Harbin word means, said once where it is first used (rules, lessons)."""


def define(key: str, lang: Lang = "zh") -> str:
    """The one-line definition of a glossary word in a language; unknown keys raise KeyError."""
    zh, en = DEFINITIONS[key]
    return zh if lang == "zh" else en


def term(key: str, lang: Lang = "zh") -> str:
    """Display text of a glossary key in a language; unknown keys raise KeyError."""
    zh, en = TERMS[key]
    return zh if lang == "zh" else en


def both(key: str) -> str:
    """``中文 (English)`` for logs, docs and the command line."""
    zh, en = TERMS[key]
    return f"{zh} ({en})"

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
    # seats and roles: a seat's wind this hand (a badge on the seat, never its name in a sentence), and the
    # seats as the player at the bottom of the screen names them (game.seats.seat_word): in a sentence
    # (seat.rel.*) and as a label on a plate or a button (seat.label.*)
    "wind.E": ("东", "East"),
    "wind.S": ("南", "South"),
    "wind.W": ("西", "West"),
    "wind.N": ("北", "North"),
    "seat.rel.you": ("你", "you"),
    "seat.rel.xiajia": ("下家", "the next player"),
    "seat.rel.duijia": ("对家", "the opposite player"),
    "seat.rel.shangjia": ("上家", "the previous player"),
    "seat.label.you": ("你", "You"),
    "seat.label.xiajia": ("下家", "Next"),
    "seat.label.duijia": ("对家", "Opposite"),
    "seat.label.shangjia": ("上家", "Previous"),
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
    # 听 blockers (codes of the analyze contract)
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
    "refusal.nothing_to_pass": ("没有可以过的牌：轮到你打牌", "nothing to pass: it is your turn to discard"),
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
    # the review's categories of a mistake (game.replay.pricing) and the drill made of one
    "review.cat.efficiency": ("牌效", "efficiency"),
    "review.cat.defence": ("防守", "defence"),
    "review.cat.calls": ("叫牌", "calls"),
    "review.cat.ting": ("听牌选择", "choosing the ready hand"),
    "review.cat.bao": ("宝", "bao"),
    "drill.replay.question": ("这里你会怎么打？", "What would you play here?"),
    # AI reasons (templates: {tile} a tile name, {waits} tile names, {seats} the ready seats, {steps} steps
    # from ready, {accept}/{live} numbers of tiles, {risk} a percentage, {call}/{move} an action word, {cond}
    # a hand condition). Notes (reason.note.*) are further sentences of a reason; reason.word.* the words
    # the parameters render as. game.ai.reasons renders them; the hints audit checks every fact they state.
    "reason.hu": ("胡牌", "Win"),
    "reason.forced": ("只有这一种走法", "The only legal move"),
    "reason.locked": (
        "已听牌：手牌锁定，摸到的牌胡不了就自动打出",
        "Ready: the hand is locked, and a drawn tile that does not win goes out by itself",
    ),
    "reason.hunch": ("凭感觉{move}{tile}", "A hunch: {move} {tile}"),
    "reason.random": ("随便选（共{options}种走法）", "Random choice among {options} moves"),
    "reason.greedy": (
        "{move}{tile}：只看牌型，离完整的牌最近（{steps}），不管哈尔滨的听牌条件",
        "{move} {tile}: the fewest steps to a complete shape ({steps}), ignoring the Harbin conditions",
    ),
    "reason.efficiency": (
        "打{tile}：离听牌{steps}，有{accept}牌能让它更近一步",
        "Discard {tile}: {steps} from ready, and {accept} would bring it a step closer",
    ),
    "reason.keep_yaojiu": (
        "打{tile}，留住{keep}：手里别的牌都不是幺九（1、9或红中），而听牌必须有幺九",
        "Discard {tile} and keep {keep}: no other kind in the hand is a yaojiu tile (a 1, a 9 or the Red "
        "Dragon), and a ready hand needs one",
    ),
    "reason.keep_condition": (
        "打{tile}，留住{keep}：哈尔滨麻将听牌要有{cond}",
        "Discard {tile} and keep {keep}: a Harbin ready hand needs {cond}",
    ),
    "reason.closed_ready": (
        "打{tile}：牌型已经能听，但门清不能报听，要先吃、碰或明杠开门",
        "Discard {tile}: the shape is ready, but a closed hand may not declare ready: "
        "it must first open with a chi, a peng or an exposed kong",
    ),
    "reason.no_declare": (
        "打{tile}但不报听（打这张本可以报听）",
        "Discard {tile} without declaring ready (this discard could declare)",
    ),
    "reason.ready_blocked": (
        "打{tile}：牌型已经能听，但{why}，还不能报听",
        "Discard {tile}: the shape is ready, but with {why} it may not declare ready yet",
    ),
    "reason.fold": ("弃胡：{seats}已听牌，打{tile}", "Fold: {seats} {seats_are} ready, so discard {tile}"),
    "reason.push": (
        "进攻：{seats}已听牌，但打{tile}（放炮约{risk}），留住更安全的{refused}",
        "Push: {seats} {seats_are} ready, but discard {tile} (it deals in about {risk} of the time by "
        "estimate) and keep the safer {refused}",
    ),
    "reason.last_discard": (
        "打{tile}：分张前已轮不到你摸牌，离听牌还差{steps}，除非连着吃碰两次，已经听不了；"
        "分张时不打牌，只有已听的人能胡，所以这张只求安全",
        "Discard {tile}: no draw is left before the last-four draws and the hand is still {steps} from "
        "ready, so only two calls in a row could make it ready; during the last-four draws nobody "
        "discards and only ready hands can win, so this discard only has to be safe",
    ),
    "reason.ting": (
        "打{tile}报听：听{waits}（{live}）",
        "Discard {tile} and declare ready: waiting on {waits} ({live})",
    ),
    "reason.ting_kadang": (
        "打{tile}报听：卡当听{waits}（{live}）",
        "Discard {tile} and declare ready: a kadang (middle-tile wait) on {waits} ({live})",
    ),
    "reason.ting_zhidui": (
        "打{tile}报听并支对：扣下{keep}一对，只胡{waits}（{live}），按卡当算",
        "Discard {tile}, declare ready and lock the {keep} pair: only {waits} wins now ({live}), and it "
        "counts as a kadang (middle-tile wait)",
    ),
    "reason.chiting": (
        "吃听：吃{tile}，打{discard}报听，听{waits}（{live}）",
        "Chi to declare ready: chi {tile}, discard {discard} and declare, waiting on {waits} ({live})",
    ),
    "reason.chiting_kadang": (
        "吃听：吃{tile}，打{discard}报听，卡当听{waits}（{live}）",
        "Chi to declare ready: chi {tile}, discard {discard} and declare, a kadang (middle-tile wait) "
        "on {waits} ({live})",
    ),
    "reason.pengting": (
        "碰听：碰{tile}，打{discard}报听，听{waits}（{live}）",
        "Peng to declare ready: peng {tile}, discard {discard} and declare, waiting on {waits} ({live})",
    ),
    "reason.pengting_kadang": (
        "碰听：碰{tile}，打{discard}报听，卡当听{waits}（{live}）",
        "Peng to declare ready: peng {tile}, discard {discard} and declare, a kadang (middle-tile wait) "
        "on {waits} ({live})",
    ),
    "reason.call_ready": (
        "{call}{tile}，再打{discard}就能报听，听{waits}（{live}）",
        "{call} {tile}, then discard {discard} to declare ready, waiting on {waits} ({live})",
    ),
    "reason.open_call": (
        "开门：{call}{tile}再打{discard}，离听牌从{before}到{after}",
        "Open the hand: {call} {tile} and discard {discard}, from {before} to {after} from ready",
    ),
    "reason.open_call_same": (
        "开门：{call}{tile}再打{discard}，离听牌还是{after}",
        "Open the hand: {call} {tile} and discard {discard}, still {after} from ready",
    ),
    "reason.call_progress": (
        "{call}{tile}再打{discard}：离听牌从{before}到{after}",
        "{call} {tile} and discard {discard}: from {before} to {after} from ready",
    ),
    "reason.call_accept": (
        "{call}{tile}再打{discard}：离听牌还是{steps}，但能让它更近一步的牌从{ref_accept}变成{accept}",
        "{call} {tile} and discard {discard}: still {steps} from ready, but then {accept} would bring it "
        "a step closer instead of {ref_accept}",
    ),
    "reason.call_keep": (
        "{call}{tile}再打{discard}：不耽误听牌（还是离听牌{steps}）",
        "{call} {tile} and discard {discard}: it costs no step (still {steps} from ready)",
    ),
    "reason.call_plan": (
        "{call}{tile}再打{discard}：离听牌{after}（现在{steps}）",
        "{call} {tile} and discard {discard}: {after} from ready (now {steps})",
    ),
    "reason.call_shape": (
        "{call}{tile}再打{discard}：牌型能听了，但{why}，还不能报听（现在离听牌{steps}）",
        "{call} {tile} and discard {discard}: the shape would be ready, but with {why} it could not declare "
        "ready yet (now {steps} from ready)",
    ),
    "reason.call_no_gain": (
        "{call}{tile}不会更快：{call}了离听牌最少也是{after}（现在{steps}）",
        "{call} {tile} would not help: at best {after} from ready after it (now {steps})",
    ),
    "reason.kong": (
        "{call}{tile}：不耽误听牌（离听牌{steps}）",
        "{call} {tile}: it costs no step ({steps} from ready)",
    ),
    "reason.pass": ("过", "Pass"),
    "reason.pass_call": (
        "不{call}{tile}：{call}了离听牌最少也是{after}，并不比现在（{steps}）更近",
        "No {call} on {tile}: after it the hand would at best be {after} from ready, no closer than "
        "now ({steps})",
    ),
    "reason.pass_fold": (
        "不{call}{tile}：{seats}已听牌，{call}了要打出的{discard}放炮约{risk}",
        "No {call} on {tile}: {seats} {seats_are} ready, and after the call the discard it needs, {discard}, "
        "deals in about {risk} of the time by estimate",
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
    "reason.pass_shape": (
        "不{call}{tile}：{call}了牌型能听，但{why}，报不了听，并不比现在（离听牌{steps}）更有用",
        "No {call} on {tile}: after it the shape would be ready, but with {why} it could not declare "
        "ready, so it gains nothing over now ({steps} from ready)",
    ),
    "reason.pass_shoubayi": (
        "不{call}{tile}：那是第四组副露，手里只剩一张牌（手把一）",
        "No {call} on {tile}: it would be a fourth meld, leaving a single tile in hand",
    ),
    "reason.note.accept2": (
        "摸到其中一张后，大约还有{accept2}牌能再近一步",
        "after one of them, about {accept2} would bring it closer again",
    ),
    "reason.note.must_open": (
        "门清不能报听：还要吃、碰或明杠开门",
        "a closed hand may not declare ready: it must still open with a chi, a peng or an exposed kong",
    ),
    "reason.note.keep_cost": (
        "打掉{keep}离听牌就是{keep_steps}，而不是{steps}",
        "discarding {keep} would leave the hand {keep_steps} from ready instead of {steps}",
    ),
    "reason.note.safe_sure": (
        "{tile}绝对安全：它在听牌之后被打出过而没人胡，听了的人有胡必胡",
        "{tile} is sure to be safe: it was discarded after they declared and nobody won on it, "
        "and a ready hand must win when it can",
    ),
    "reason.note.safe_left": (
        "打完手里绝对安全的牌还有{safe_left}",
        "sure-safe tiles left in hand after it: {safe_left}",
    ),
    "reason.note.safe_low": (
        "手里没有绝对安全的牌，{tile}放炮约{risk}",
        "no tile in hand is sure to be safe; {tile} deals in about {risk} of the time by estimate",
    ),
    "reason.note.tile_risk": (
        "{tile}放炮约{risk}",
        "{tile} deals in about {risk} of the time by estimate",
    ),
    "reason.note.fold_steps": (
        "打{alt}离听牌会是{alt_steps}，现在打{tile}是{steps}，但{alt}放炮约{alt_risk}",
        "discarding {alt} would leave the hand {alt_steps} from ready instead of {steps}, but {alt} deals "
        "in about {alt_risk} of the time",
    ),
    "reason.note.fold_accept": (
        "打{alt}会有{alt_accept}能进、打{tile}只有{accept}，但{alt}放炮约{alt_risk}",
        "discarding {alt} would leave {alt_accept} to improve the hand instead of {accept}, but {alt} "
        "deals in about {alt_risk} of the time",
    ),
    "reason.note.refused_sure": (
        "{refused}绝对安全（听牌后有人打过没人胡）",
        "{refused} is sure to be safe (discarded after they declared, and nobody won on it)",
    ),
    "reason.note.refused_low": ("{refused}放炮约{refused_risk}", "{refused} deals in about {refused_risk}"),
    "reason.note.push_steps": (
        "打{refused}离听牌会是{ref_steps}，打{tile}还是{steps}",
        "discarding {refused} would leave the hand {ref_steps} from ready, {tile} leaves it {steps}",
    ),
    "reason.note.push_accept": (
        "两种打法都离听牌{steps}，但打{refused}只有{ref_accept}能进，打{tile}有{accept}",
        "either leaves the hand {steps} from ready, but after {refused} only {ref_accept} would bring "
        "it closer, after {tile} {accept}",
    ),
    "reason.note.nonready_pays_s1": (
        "没听牌点炮要付3分，还要替另外两家付",
        "a player who deals in while not ready pays 3 plus the other two losers' shares",
    ),
    "reason.note.nonready_pays_s0": (
        "没听牌点炮要替另外两家付",
        "a player who deals in while not ready pays the other two losers' shares too",
    ),
    "reason.note.nonready_pays_s4": ("没听牌点炮要付3分", "a player who deals in while not ready pays 3"),
    "reason.note.kadang_pays": (
        "卡当胡每家付的都翻倍，摸宝也翻倍",
        "a kadang win doubles every payment, a win by drawing the bao too",
    ),
    "reason.note.beats_wider": (
        "所以虽然比打{alt}听{alt_waits}（{alt_live}）张数少，却更值",
        "so it beats discarding {alt} to wait on {alt_waits} ({alt_live}), although that wait is wider",
    ),
    "reason.note.dealin_covers_all": (
        "这桌点炮包三家：不管听没听，点炮的都要替另外两家付",
        "at this table whoever deals in pays the other two losers' shares too, ready or not",
    ),
    "reason.note.dealin_own_share": (
        "这桌点炮不包三家：点炮的只付自己那一份",
        "at this table whoever deals in pays only their own share",
    ),
    "reason.note.nonready_pays_double": (
        "没听牌点炮，自己那份因点炮翻倍，还要替另外两家付",
        "a player who deals in while not ready pays double for the deal-in, plus the other two losers' "
        "shares",
    ),
    "reason.note.ting_risk_covers": (
        "打出的{tile}放炮约{risk}；这桌点炮包三家，报听后点炮也要替另外两家付",
        "{tile} deals in about {risk} of the time by estimate, and at this table whoever deals in pays "
        "all three shares, ready or not",
    ),
    "reason.note.dead_wait_bao": (
        "{waits}已经没有未见的了，只能靠摸宝胡；仍然值得报听：听了才能摸宝",
        "no copy of {waits} is left unseen, so only drawing the bao can win; declaring still pays: only "
        "a ready hand can win on the bao",
    ),
    "reason.note.dead_wait_red": (
        "{waits}已经没有未见的了，只能靠摸宝或摸到红中胡（红中满天飞）；仍然值得报听：听了才能这样胡",
        "no copy of {waits} is left unseen, so only drawing the bao or a Red Dragon can win (at this "
        "table a ready hand that draws a Red Dragon wins as if it drew the bao); declaring still pays: "
        "only a ready hand can win that way",
    ),
    "reason.note.zhidui_more": (
        "{keep}比另一对{alt}剩得多（{alt_live}）",
        "the {keep} pair has more left than the other pair, {alt} ({alt_live})",
    ),
    "reason.note.zhidui_same": (
        "扣下另一对{alt}也一样（{alt_live}）",
        "locking the other pair, {alt}, would do as well ({alt_live})",
    ),
    "reason.note.zhidui_vs_plain": (
        "不支对就听{alt_waits}（{ref_accept}），但不算卡当",
        "without a lock the hand would wait on {alt_waits} ({ref_accept}), but not as a kadang",
    ),
    "reason.note.zhidui_declined": (
        "支对扣下{keep}一对能算卡当（翻倍），但只剩{alt_live}可胡",
        "locking the {keep} pair would make it a kadang (pays double), but leave only {alt_live} to win on",
    ),
    "reason.note.dead_wait": (
        "{waits}已经没有未见的了，只能靠摸宝胡；仍然值得报听：听了才能摸宝，听牌后点炮也只付自己一份",
        "no copy of {waits} is left unseen, so only drawing the bao can win; declaring still pays: only "
        "a ready hand can win on the bao, and a ready hand that deals in pays only its own share",
    ),
    "reason.note.ting_risk": (
        "打出的{tile}放炮约{risk}，不过报听后点炮只付自己一份",
        "{tile} deals in about {risk} of the time by estimate, but once ready a deal-in costs only your "
        "own share",
    ),
    "reason.note.any_seat": (
        "能吃听的牌，任何一家打的都可以吃",
        "a chi that makes the hand ready may take any player's discard",
    ),
    "reason.note.open_rule_flat3": (
        "门清不能报听，门清输了还要付3分",
        "a closed hand may not declare ready, and a closed loser pays 3",
    ),
    "reason.note.open_rule_double": (
        "门清不能报听，门清输了要付双倍",
        "a closed hand may not declare ready, and a closed loser pays double",
    ),
    "reason.note.kong_no_points": ("杠不算分", "kongs score nothing"),
    "reason.note.kong_opens": ("明杠也算开门", "an exposed kong opens the hand too"),
    "reason.note.call_gain": (
        "{call}了再打{discard}，离听牌会是{after}，现在是{steps}",
        "with the call and that discard the hand would be {after} from ready; now it is {steps}",
    ),
    "reason.note.call_opens": (
        "{call}了再打{discard}可以开门，离听牌还是{after}",
        "with the call and that discard the hand would be open, still {after} from ready",
    ),
    "reason.note.reads": (
        "{read_seat}打{ting_tile}报听，之前刚打过{cut}：估计多半听{likely}",
        "{read_seat} declared on {ting_tile} after cutting {cut}: {likely} likely, by estimate",
    ),
    "reason.note.reads_nocut": (
        "{read_seat}打{ting_tile}报听：估计多半听{likely}",
        "{read_seat} declared on {ting_tile}: {likely} likely, by estimate",
    ),
    "reason.note.fold_many": (
        "{n_ready}家已听牌：这时只打安全的牌——不耽误进度的牌里最安全的那张，除非别的牌安全得多",
        "{n_ready} players are ready: against that many, play safe — the safest tile that costs no step, "
        "unless another is much safer",
    ),
    "reason.note.fold_late": (
        "牌墙只剩{wall}张，离听牌还差{steps}，已经很难胡：只求安全——不耽误进度的牌里最安全的那张，除非别的牌安全得多",
        "only {wall} tiles are left in the wall and the hand is {steps} from ready, so there is little "
        "chance to win: play safe — the safest tile that costs no step, unless another is much safer",
    ),
    "reason.note.wider_not_closer": (
        "打{alt}离听牌是{alt_steps}，但只有{alt_accept}能进；打{tile}有{accept}能进，剩下的摸牌里更容易听牌",
        "discarding {alt} would leave the hand {alt_steps} from ready, but only {alt_accept} would bring "
        "it closer; after {tile} {accept} would, a better chance to get ready in the draws left",
    ),
    "reason.note.plan_opens": (
        "这样就开门了（门清不能报听）",
        "it opens the hand (a closed hand may not declare ready)",
    ),
    "reason.note.plan_safe": (
        "之后要打的{discard}绝对安全",
        "and the discard after it, {discard}, is sure to be safe",
    ),
    "reason.note.plan_accept": (
        "之后有{accept}能让它更近一步，现在只有{ref_accept}",
        "then {accept} would bring it a step closer, now only {ref_accept}",
    ),
    "reason.note.qianggang_safe": (
        "{tile}绝对安全，没人能抢杠",
        "{tile} is sure to be safe: nobody can rob the kong",
    ),
    "reason.note.qianggang_risk": (
        "加杠的{tile}可能被听这张的人抢杠，估计约{risk}",
        "a ready player waiting on {tile} could rob the kong: about {risk} of the time by estimate",
    ),
    "reason.note.kadang_wait": ("这是卡当（夹张）听", "that wait is a kadang (middle-tile wait)"),
    "reason.word.discard": ("打", "discard"),
    "reason.word.ting": ("报听打", "declare ready with"),
    "reason.word.chi": ("吃", "chi"),
    "reason.word.peng": ("碰", "peng"),
    "reason.word.gang": ("杠", "exposed kong"),
    "reason.word.minggang": ("明杠", "exposed kong"),
    "reason.word.angang": ("暗杠", "concealed kong"),
    "reason.word.jiagang": ("加杠", "added kong"),
    "reason.word.hu": ("胡", "win"),
    "reason.word.pass": ("过", "pass"),
    "reason.word.cond_yaojiu": ("幺九（1、9或红中）", "a yaojiu tile (a 1, a 9 or the Red Dragon)"),
    "reason.word.cond_kezi": ("刻子", "a triplet"),
    "reason.word.cond_kezi_zhong": ("刻子（或一对红中）", "a triplet (or a pair of Red Dragons)"),
    "reason.word.cond_shunzi": ("顺子", "a sequence"),
    "reason.word.cond_two_suits": ("两门花色", "tiles of two suits"),
    "reason.word.block_no_yaojiu": (
        "手里没有幺九（1、9或红中）",
        "no yaojiu tile (a 1, a 9 or the Red Dragon) in the hand",
    ),
    "reason.word.block_single_suit": ("只有一门花色", "only one suit"),
    "reason.word.block_no_triplet": ("胡牌时没有刻子", "no triplet in the winning hand"),
    "reason.word.block_no_sequence": ("胡牌时没有顺子", "no sequence in the winning hand"),
    "reason.word.block_wait_restriction": ("这种听口规则不许", "a wait the rules do not allow"),
    "reason.word.block_too_few_tiles": ("手里不到四张牌", "fewer than four tiles in hand"),
    # the table
    "wall": ("牌墙", "wall"),
    "dice": ("骰子", "dice"),
    "river": ("牌河", "discards"),
    "meld": ("副露", "meld"),
    "score": ("分数", "score"),
    # settlement rows: why a payment is made (Payment.reason codes) and the facts behind an amount
    "payment.share": ("自付", "the payer's own share"),
    "payment.covers": ("包付", "pays for"),
    "payment.liable": ("包牌", "the dealer pays for"),
    "payment.robbed": ("被抢杠包付", "the robbed kong pays for"),
    "payment.kong": ("杠分", "kong points"),
    "payment.kong_refund": ("荒庄退杠分", "kong points returned (drawn hand)"),
    "payment.dealer_bonus": ("庄家加分", "dealer bonus"),
    "payment.kezi_bonus": ("刻子加分", "triplet bonus"),
    "note.discarder_listening": ("点炮者已听", "discarder was ready"),
    "note.discarder_not_listening": ("点炮者未听", "discarder was not ready"),
    "note.closed_loser": ("输家门清", "closed loser"),
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

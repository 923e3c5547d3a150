"""The rule set: every DEFAULT and VARIANT of RULES.md as one frozen dataclass.

Field names follow RULES.md §5. ``RuleSet()`` is the 哈尔滨 standard (the
defaults); :data:`PRESETS` adds the seed schemes (``S0`` … ``S4``). Any field
can be overridden with ``key=value`` text (:func:`parse_override`), which is
what the command line's ``--rule`` does. Nothing in the engine hard-codes a
choice that a field here can change.

Each field's docstring names the RULES.md row it comes from; it is for developers. What a
player reads about a switch (its name, each value's words, an example) is data, in
``assets/rules/switches.<lang>.json``, read by :mod:`game.rule_texts`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, Literal, get_args, get_type_hints

from .errors import HarbinError


class RuleError(HarbinError, ValueError):
    """Raised for an unknown rule key, a bad value or an unknown preset."""


Rotation = Literal["winner_deals", "next_seat", "hybrid"]
ThreeDrawMove = Literal["after_liable_hand", "immediate"]
BaoSource = Literal["jump_tile", "wall_tail"]
FirstDealer = Literal["random", "dice"]
DiceMethod = Literal["two_rolls", "single_roll"]
TurnOrder = Literal["draw_then_discard"]
ChitingPriority = Literal["above_peng", "above_chi_only"]
MinggangFrom = Literal["any", "shangjia"]
WaitRestriction = Literal["any", "kan_broad", "sika"]
YaojiuCheck = Literal["listen", "win"]
KeziCheck = Literal["win", "listen_literal"]
BaoVisibility = Literal["listeners", "public_after_first_ting", "public"]
BaoSwap = Literal["three_visible_auto", "per_player_known", "wall_exhausted", "off"]
BaoDiscardRon = Literal["natural_wait_only", "never"]
Dafeng = Literal["off", "concealed_triplet", "triplet_or_pon", "pon_only"]
BaozhongbaoDef = Literal["kadang_wait", "wait_is_bao", "single_wait_mobao"]
EndOfWall = Literal["fenzhang_last4_keep8", "last4_discard_no_ron", "play_out"]
MenqingScheme = Literal["flat3", "double", "none"]
DianpaoScheme = Literal["S1", "S0", "S4"]
QianggangPayer = Literal["as_zimo", "robbed_player_pays_all"]
KongPoints = Literal["none", "sichuan"]
ChongbaoScoring = Literal["standard", "daqing"]
Scoring = Literal["points", "all_double", "multiply"]
KongPointsOnDraw = Literal["keep", "refund"]
CapScope = Literal["share", "hand"]
Shoubayi = Literal["never", "zhong_dandiao"]
Baosanjia = Literal["non_listening", "always", "never"]


_AMOUNTS = (
    "base_dianpao",
    "base_zimo",
    "base_mobao",
    "base_baozhongbao",
    "nonting_discarder",
    "menqing_loser",
)
"""The rule fields that are points a loser pays."""
MAX_AMOUNT = 10_000
"""The largest point amount a rule may set (real tables use 1-12)."""
MAX_MULTIPLIER = 100
"""The largest 卡当 multiplier a rule may set (real tables use 2)."""


FILE_KEYS: Mapping[str, str] = MappingProxyType({"nonting_discarder": "nonlistening_discarder"})
"""Fields whose name in files, share codes and ``--rule`` predates the glossary (the file format is a
contract): the field's name in code and the name files carry. Both are read; files are written with the
file name, so a log is the same as before the rename."""
_FIELD_OF_FILE_KEY: Mapping[str, str] = MappingProxyType({v: k for k, v in FILE_KEYS.items()})


def rule_key(key: str) -> str:
    """The field name of a rule key as code, a file or the command line writes it."""
    return _FIELD_OF_FILE_KEY.get(key, key)


@dataclass(frozen=True)
class RuleSet:
    """Every switch of a Harbin table. The field defaults are the standard rules."""

    # --- deal and wall -------------------------------------------------
    bao_source: BaoSource = "jump_tile"
    """R07: the 宝 is the tile after the deal (跳牌) or the wall's last tile."""
    first_dealer: FirstDealer = "random"
    """R02: first dealer at random, or by a simulated dice roll-off (cosmetic)."""
    dice_method: DiceMethod = "two_rolls"
    """R05: S0 method 1 (two rolls) or method 2 (one roll); cosmetic."""
    kept_tiles: int = 8
    """R33: tiles kept back at the wall's end besides the 宝 (4 stacks)."""
    end_of_wall: EndOfWall = "fenzhang_last4_keep8"
    """R33: 分张 on the last 4 live tiles; or discard them without ron (S2/S3); or play out (S1)."""
    turn_order: TurnOrder = "draw_then_discard"
    """R08: the dealer discards first, then draw-then-discard. 先打后摸 is undefined in the seeds."""

    # --- dealer and match ------------------------------------------------
    rotation: Rotation = "winner_deals"
    """R03: dealer win or draw keeps the dealer; another win: the winner deals (hybrid: 下家 deals)."""
    three_draw_liability: bool = True
    """R04: after three draws in a row the dealer pays for everyone in the next hand."""
    three_draw_move: ThreeDrawMove = "after_liable_hand"
    """R04: the deal moves to 下家 after the liable hand, or at once (the new dealer liable)."""
    dealer_bonus: bool = False
    """R42: +1 on every payment the dealer makes or receives (tuyoo)."""

    # --- calls -----------------------------------------------------------
    chiting: bool = True
    """R16: 吃听 — chi from any seat when it makes the hand ready; commits to 听."""
    pengting: bool = True
    """R16: 碰听 ranks like 吃听 (S0 「吃、碰或杠」)."""
    chiting_priority: ChitingPriority = "above_peng"
    """R15: 吃听/碰听 outrank 碰; the variant ranks 吃听 only above plain 吃 (Poker_414)."""
    minggang_from: MinggangFrom = "any"
    """R11: 明杠 from any seat, or from 上家 only (literal S0)."""
    max_melds: int = 3
    """R18: 手把一 ban — at most this many melds of any kind (0-3; a 4th call is ``shoubayi``'s)."""
    allow_kong_after_ting: bool = False
    """R22/R39: kongs after 听 when the waits stay the same (makes 杠开 reachable)."""

    # --- 听 and winning ------------------------------------------------
    require_open: bool = True
    """R17: 开门 (a chi, peng or exposed kong) before 听."""
    angang_opens: bool = False
    """R12: whether an 暗杠 opens the hand."""
    wait_restriction: WaitRestriction = "any"
    """R20: any wait, a single-tile wait only (广义坎张), or the 卡当 middle only (死卡)."""
    yaojiu_check: YaojiuCheck = "listen"
    """R21: 幺九 must be in the 13-tile ready hand, or may come with the winning tile (软幺九)."""
    zhong_pair_counts_as_kezi: bool = True
    """R21/R24: a 中中 pair stands in for the 刻子 (4 sequences + 中中)."""
    kezi_check: KeziCheck = "win"
    """R21: the 刻子 must be in the completed hand, or literally present when ready."""
    allow_qingyise: bool = False
    """R21: a one-suit hand may declare 听."""
    allow_qidui: bool = False
    """R24: seven pairs win (needs require_open off to ever happen)."""
    allow_duiduihu: bool = False
    """R24: an all-triplets hand (no sequence) may win."""
    must_hu: bool = True
    """R23: a ready seat must win whenever able (有胡必胡)."""
    pass_lock: bool = False
    """R23: with must_hu off, passing a win blocks ron until the player's next draw."""
    only_zimo: bool = False
    """R23: wins by self-draw only."""

    # --- the 宝 ----------------------------------------------------------------
    bao_visibility: BaoVisibility = "listeners"
    """R26/R49: ready seats only see the 宝; all after the first 听 (S1); or all from the start (明宝)."""
    bao_swap: BaoSwap = "three_visible_auto"
    """R28: 换宝 at three visible copies; or with a ready seat's hand; or one left in the wall; off."""
    bao_discard_ron: BaoDiscardRon = "natural_wait_only"
    """R27: a discarded 宝 may be ronned as a natural wait, or never."""
    chongbao: bool = False
    """R29: 冲宝 — seeing a 宝 equal to a legal wait wins at once."""
    dafeng: Dafeng = "off"
    """R31: 刻子宝 / 大风 — drawing the 4th of a triplet after 听 wins as 摸宝 (a concealed triplet; also an
    exposed 碰; or only an exposed 碰)."""
    baozhongbao_def: BaozhongbaoDef = "kadang_wait"
    """R30: 宝中宝 is a 卡当 wait equal to the 宝 self-drawn; S4: any wait equal to the 宝."""

    # --- 卡当 ---------------------------------------------------------------
    kadang_edge_3_7: bool = False
    """R32: 12→3 and 89→7 count as 夹 (三七夹)."""
    kadang_dandiao: bool = False
    """R32: a 单吊 (pair) wait counts as 夹."""
    kadang_multi_wait: bool = False
    """R32: the single-wait condition is dropped."""

    # --- settlement -------------------------------------------------------------
    base_dianpao: int = 1
    """R34: ron, per loser."""
    base_zimo: int = 2
    """R34: 自摸, per loser."""
    base_mobao: int = 3
    """R34: 摸宝, per loser."""
    base_baozhongbao: int = 12
    """R34: 宝中宝, per loser."""
    nonting_discarder: int = 3
    """R36: a discarder who is not ready's own share."""
    menqing_loser: int = 3
    """R37: a 门清 loser pays this in place of 1 (ron) or 2 (自摸)."""
    kadang_mult: int = 2
    """R38: 卡当 multiplier."""
    baozhongbao_includes_kadang: bool = True
    """R30/R38: 宝中宝 is flat (the 卡当 doubling already counted)."""
    menqing_scheme: MenqingScheme = "flat3"
    """R37: a 门清 loser pays 3; or double (S0 note); or no 门清 rule (S4)."""
    dianpao_scheme: DianpaoScheme = "S1"
    """R36: a not-ready discarder pays 3 + others' shares; S0: 1 + others' shares; S4: 3, others pay."""
    qianggang_payer: QianggangPayer = "as_zimo"
    """R39: 抢杠 paid as 自摸, or the robbed player pays everything."""
    kong_points: KongPoints = "none"
    """R40: kongs pay nothing, or Sichuan-style at once."""
    kezi_bonus: bool = False
    """R41: +1 per formed 刻子 in the winner's hand (S4), not multiplied."""

    # --- room options of Daqing and Jilin rooms (RULES.md §6) ---------------------
    hongzhong_bao: bool = False
    """R43: 红中满天飞 — a ready seat who self-draws 红中 wins as 摸宝."""
    zhidui: bool = False
    """R44: 支对 — on declaring 听 with a 对倒 wait, lock one pair: only it wins, as 卡当."""
    chongbao_scoring: ChongbaoScoring = "standard"
    """R45: 带漏 — with 冲宝 on: 宝中宝 if the wait is 卡当, else 摸宝; 大风 and 红中 宝s win at once too."""
    scoring: Scoring = "points"
    """R46/R52: the points of R34-R38; every factor doubles a share of 1 (Daqing); or the factors
    multiply and the discarder alone pays (R52)."""
    baosanjia: Baosanjia = "non_listening"
    """R47: who covers on a 点炮: a discarder who is not ready (R36); always the discarder; never."""
    cap: int = 0
    """R48: 封顶 — no loser's share above this (0 = no cap)."""
    cap_scope: CapScope = "share"
    """R51: the cap limits each loser's share, or the winner's whole gain from the hand."""
    kong_points_on_draw: KongPointsOnDraw = "keep"
    """R50: 荒庄荒杠 — with ``kong_points``, a drawn hand's kong payments are kept or paid back."""
    shoubayi: Shoubayi = "never"
    """R18 variant: with three melds, a 4th 吃/碰 is allowed when it declares 听 on a single 红中 (单吊 中,
    Poker_414); that hand wins only on 红中 (the 宝 is not wild for it)."""
    multi_ron: bool = False
    """R25 variant 一炮多响: every seat that may win on a discard (or a robbed kong) wins; the discarder
    pays each as for a single win; the winner nearest the discarder decides the next dealer."""

    def __post_init__(self) -> None:
        hints = _FIELD_TYPES
        for f in fields(self):
            value = getattr(self, f.name)
            _check_value(f.name, hints[f.name], value)
        if not 0 <= self.max_melds <= 3:
            raise RuleError(
                f"rule max_melds={self.max_melds}: must be 0-3 (a 4th call: shoubayi=zhong_dandiao, R18)"
            )
        if not 0 <= self.kept_tiles <= 54:
            raise RuleError(f"rule kept_tiles={self.kept_tiles}: must be 0-54")
        for name in _AMOUNTS:
            if not 0 <= getattr(self, name) <= MAX_AMOUNT:
                raise RuleError(f"rule {name}={getattr(self, name)}: an amount must be 0-{MAX_AMOUNT}")
        if not 0 <= self.cap <= MAX_AMOUNT:
            raise RuleError(f"rule cap={self.cap}: must be 0 (no cap) to {MAX_AMOUNT}")
        if not 1 <= self.kadang_mult <= MAX_MULTIPLIER:
            raise RuleError(f"rule kadang_mult={self.kadang_mult}: must be 1-{MAX_MULTIPLIER}")

    @property
    def wall_kept(self) -> int:
        """R33: tiles at the wall's end that are never drawn, besides the 宝 (``kept_tiles``; none when
        the wall is played out)."""
        return 0 if self.end_of_wall == "play_out" else self.kept_tiles

    def kept_back(self, live_count: int) -> int:
        """How many of the ``live_count`` tiles left standing in the wall are kept back now (R33)."""
        return min(self.wall_kept, live_count)

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some fields changed (validated); a key's file name is taken too."""
        changes = {rule_key(k): v for k, v in changes.items()}
        unknown = set(changes) - {f.name for f in fields(self)}
        if unknown:
            raise RuleError(f"unknown rule key {sorted(unknown)[0]!r}")
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """All fields as a plain JSON-ready dict (for the match_started event).

        The room options of RULES.md §6 are left out while they have their standard value, so a
        standard match writes the same log as before they existed (a missing key reads as standard).
        """
        out = dataclasses.asdict(self)
        for key in ROOM_OPTION_KEYS:
            if out[key] == _ROOM_OPTION_DEFAULTS[key]:
                del out[key]
        return {FILE_KEYS.get(key, key): value for key, value in out.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RuleSet:
        """Read a dict written by :meth:`to_dict`; unknown keys are refused by name."""
        names = {f.name for f in fields(cls)}
        for key in data:
            if rule_key(key) not in names:
                raise RuleError(f"unknown rule key {key!r}")
        return cls(**{rule_key(k): v for k, v in data.items()})

    def differences(self, other: RuleSet | None = None) -> dict[str, Any]:
        """Fields whose value differs from ``other`` (the standard rules by default)."""
        base = other if other is not None else RuleSet()
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(base, f.name)
        }


def _check_value(name: str, hint: Any, value: Any) -> None:
    """Refuse a value of the wrong type or outside a Literal's choices."""
    choices = get_args(hint)
    if choices and all(isinstance(c, str) for c in choices):
        if value not in choices:
            raise RuleError(f"rule {name}={value!r}: must be one of {', '.join(choices)}")
    elif hint is bool:
        if not isinstance(value, bool):
            raise RuleError(f"rule {name}={value!r}: must be true or false")
    elif hint is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RuleError(f"rule {name}={value!r}: must be a whole number")


_FIELD_TYPES: Mapping[str, Any] = MappingProxyType(get_type_hints(RuleSet))
"""The RuleSet's field types, read once (before the first RuleSet is made)."""

ROOM_OPTION_KEYS: tuple[str, ...] = (
    "hongzhong_bao",
    "zhidui",
    "chongbao_scoring",
    "scoring",
    "baosanjia",
    "cap",
    "cap_scope",
    "kong_points_on_draw",
    "multi_ron",
    "shoubayi",
)
"""Switches added for RULES.md §6 (R43-R48, R50, R51, the R25 and R18 variants; R49 is a value of
``bao_visibility``, R52 of ``scoring``)."""

_ROOM_OPTION_DEFAULTS: Mapping[str, Any] = MappingProxyType(
    {f.name: f.default for f in fields(RuleSet) if f.name in ROOM_OPTION_KEYS}
)

STANDARD = RuleSet()
"""哈尔滨 standard: the DEFAULT of every RULES.md row."""

PRESETS: Mapping[str, RuleSet] = MappingProxyType({
    "standard": STANDARD,
    # S0 《簡明哈爾濱麻將》: 下家 deals after a non-dealer result, 门清 ×2, the discarder covers 1 + shares.
    "S0": STANDARD.replace(
        rotation="next_seat", three_draw_liability=False, menqing_scheme="double", dianpao_scheme="S0"
    ),
    # S1 《哈爾濱麻將的地方特色》: the 宝 is flipped for all after the first 听; the wall is played out.
    "S1": STANDARD.replace(
        bao_visibility="public_after_first_ting",
        bao_source="wall_tail",
        end_of_wall="play_out",
        three_draw_liability=False,
        zhong_pair_counts_as_kezi=False,
    ),
    # S2/S3: the last four tiles are discarded but cannot be ronned; the 宝 is the last wall tile.
    "S2": STANDARD.replace(bao_source="wall_tail", end_of_wall="last4_discard_no_ron"),
    "S3": STANDARD.replace(end_of_wall="last4_discard_no_ron"),
    # S4 《哈尔滨麻将的胡法及胡牌规则》: 番→倍 scoring, 宝中宝 = wait is the 宝, 刻子宝, per-刻子 bonus.
    "S4": STANDARD.replace(
        base_mobao=4,
        base_baozhongbao=8,
        baozhongbao_def="wait_is_bao",
        baozhongbao_includes_kadang=False,
        menqing_scheme="none",
        dianpao_scheme="S4",
        dafeng="concealed_triplet",
        kezi_bonus=True,
    ),
    # 大庆 (RULES.md §6, source D): Harbin win conditions with the Daqing room options ticked.
    # 死卡 (不夹不胡) stays a choice (off); 三七夹 and 单吊夹 count as 卡当; 红中满天飞; 刻子宝 大风;
    # 冲宝 scored 带漏; 支对; every factor doubles; the discarder covers all three.
    "DQ": STANDARD.replace(
        kadang_edge_3_7=True,
        kadang_dandiao=True,
        hongzhong_bao=True,
        dafeng="concealed_triplet",
        chongbao=True,
        chongbao_scoring="daqing",
        zhidui=True,
        scoring="all_double",
        baosanjia="always",
        rotation="winner_deals",
    ),
})
"""Named rule sets: ``standard``, one per seed scheme, and ``DQ`` (大庆 room options)."""

CUSTOM_PRESET = "custom"
"""The preset name of rules that match no named preset (a saved match, a lesson's own deal)."""

RULE_KEYS: tuple[str, ...] = tuple(f.name for f in fields(RuleSet))


def rule_choices(key: str) -> tuple[Any, ...]:
    """The allowed values of a rule key (empty for integers)."""
    key = rule_key(key)
    hints = _FIELD_TYPES
    if key not in hints:
        raise RuleError(f"unknown rule key {key!r}")
    hint = hints[key]
    if hint is bool:
        return (False, True)
    return tuple(get_args(hint))


def parse_value(key: str, text: str) -> Any:
    """Convert the text of ``key=value`` to the field's type, or raise RuleError naming the key."""
    key = rule_key(key)
    hints = _FIELD_TYPES
    if key not in hints:
        raise RuleError(f"unknown rule key {key!r}")
    hint = hints[key]
    raw = text.strip()
    if hint is bool:
        low = raw.lower()
        if low in {"1", "true", "yes", "on"}:
            return True
        if low in {"0", "false", "no", "off"}:
            return False
        raise RuleError(f"rule {key}={text!r}: must be true or false")
    if hint is int:
        try:
            return int(raw)
        except ValueError:
            raise RuleError(f"rule {key}={text!r}: must be a whole number") from None
    choices = get_args(hint)
    if raw not in choices:
        raise RuleError(f"rule {key}={text!r}: must be one of {', '.join(choices)}")
    return raw


def parse_override(text: str) -> tuple[str, Any]:
    """Read one ``key=value`` override."""
    if "=" not in text:
        raise RuleError(f"rule override {text!r}: expected key=value")
    key, _, value = text.partition("=")
    key = key.strip()
    return key, parse_value(key, value)


def build_rules(preset: str = "standard", overrides: Iterable[str] = ()) -> RuleSet:
    """A preset with ``key=value`` overrides applied, validated."""
    if preset not in PRESETS:
        raise RuleError(f"unknown rule preset {preset!r}: choose one of {', '.join(PRESETS)}")
    changes: dict[str, Any] = {}
    for text in overrides:
        key, value = parse_override(text)
        changes[key] = value
    return PRESETS[preset].replace(**changes) if changes else PRESETS[preset]


__all__ = [
    "CUSTOM_PRESET",
    "PRESETS",
    "ROOM_OPTION_KEYS",
    "RULE_KEYS",
    "STANDARD",
    "RuleError",
    "RuleSet",
    "build_rules",
    "parse_override",
    "parse_value",
    "rule_choices",
]

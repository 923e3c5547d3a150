"""Scripted deals: a fixed table (rules, dealer, hands, wall, 宝) and every action in order.

The engine's own rule tests, the ``scenario run`` command and the lessons all
start from this format. A scenario is a TOML or JSON document::

    title = "吃听 beats 碰 and plain 吃"
    rules = "standard"            # a preset name (default "standard")
    dealer = "N"                  # seat letter E S W N (turn order); default "E"
    seed = 7                      # fills every wall position the file leaves open (default 0)
    scores = [0, 0, 0, 0]         # optional starting scores
    draw_streak = 0               # draws in a row before this hand (3 or more: the dealer is liable)
    actions = [                   # "<seat> <verb> [tiles|drawn] [ting]"; verbs: discard, ting (discard
      "N discard 5m",             # declaring 听), chi, peng, gang (own three), angang, jiagang,
      "W chi 46m ting",           # hu, pass. Seats that may claim a discard but are not named
      "W ting 2s",                # next pass automatically; draws and locked-hand discards are
    ]                             # the engine's; after the last action, open claims pass.
                                  # (TOML: top-level keys come before the first [table].)

    [rule]                        # optional rule overrides, key = value
    must_hu = true

    [hands]                       # starting hands; the dealer holds 14 tiles, the others 13;
    E = "67m 19p 2345s 88s 7z"    # a seat left out, or a short hand, is filled from the rest
    N = "..."

    [wall]
    head = "5m 9s"                # the next draws from the wall's head, in order
    tail = "3p"                   # from the tail end, in the order taken (kong replacements, new 宝s)
    bao = "8p"                    # the 宝 set aside after the deal

    [expect]                      # optional self-checks; a mismatch is an error
    winner = "W"
    win = "zimo"                  # ron zimo mobao baozhongbao qianggang dafeng, or "draw"
    kadang = false
    payments = { E = -2, S = -3, W = 7, N = -2 }
    next_dealer = "W"             # who deals the next hand, and whether liable (R03, R04)
    next_liable = false

Tiles use mpsz notation (``7z`` or ``中`` for 红中). Actions may also be
tables: ``{ seat = "W", do = "chi", tiles = "46m", ting = true }`` (keys: seat, do, tiles, ting,
zhidui; any other key is refused with the file, line and key). A 听 discard may lock a 支对 pair
(R44): ``"S ting 5m zhidui 8p"`` or ``{ seat = "S", do = "ting", tiles = "5m", zhidui = "8p" }``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from .core.drive import Always, drive
from .core.engine import explain
from .core.errors import HarbinError
from .core.events import Event, MatchStarted, RoundDrawn, RoundStarted, Settled
from .core.events import Hu as HuEvent
from .core.legal import pending_seats
from .core.match import Game, hand_opening, next_dealer
from .core.rules import PRESETS, RuleError, RuleSet, parse_value
from .core.scoring import WIN_KINDS
from .core.state import DEAL_BLOCK, DEAL_ROUNDS, DEALT, State, fold
from .core.tiles import COPIES, NUM_TILES, TileNotationError, assign_ids, format_tiles, kind_of, parse_kinds
from .safe_read import MAX_SCENARIO_BYTES, BadFileError, loads_json, loads_toml, read_text, shorten

SEATS = "ESWN"
PASS = Always(Pass())
"""The seats a script does not name: they let every discard go."""


class ScenarioError(HarbinError, ValueError):
    """A scenario that cannot be read or set up: names the file (or part) and the problem."""


@dataclass(frozen=True)
class ScriptedAction:
    """One line of a scenario's actions: who does what with which tiles."""

    seat: int
    verb: str
    kinds: tuple[int, ...] = ()
    ting: bool = False
    text: str = ""
    drawn: bool = False
    zhidui: int | None = None
    """The kind of the 支对 pair a 听 discard locks (R44), if it locks one."""


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario: the table to set up, the actions to play, and what to expect."""

    title: str
    rules: RuleSet
    dealer: int
    wall: tuple[int, ...]
    actions: tuple[ScriptedAction, ...]
    expect: Mapping[str, Any] = field(default_factory=dict)
    scores: tuple[int, ...] = (0, 0, 0, 0)
    source: str = "<scenario>"
    draw_streak: int = 0

    @property
    def liable(self) -> bool:
        """Whether this hand's dealer is liable (包牌) after three draws in a row."""
        return self.rules.three_draw_liability and self.draw_streak >= 3

    def start_events(self) -> list[Event]:
        """The match_started and round_started events of the scripted table."""
        started = MatchStarted(
            0,
            self.rules.to_dict(),
            1,
            self.dealer,
            ("", "", "", ""),
            scores=self.scores,
            draw_streak=self.draw_streak,
        )
        round_started = RoundStarted(0, self.dealer, (1, 1, 1, 1), self.wall, self.liable)
        return [started, round_started, *hand_opening(fold([started, round_started]))]


@dataclass
class ScenarioRun:
    """The outcome of playing a scenario: events, final payments, and the error that stopped it."""

    scenario: Scenario
    game: Game
    ok: bool = True
    error: str = ""
    failed_action: int = -1
    mismatches: list[str] = field(default_factory=list)

    @property
    def events(self) -> list[Event]:
        """Every event of the run, the start included."""
        return self.game.events

    def payments(self) -> dict[str, int]:
        """Net score change per seat letter over the hand (all settlements)."""
        totals = [0, 0, 0, 0]
        for e in self.game.events:
            if isinstance(e, Settled):
                totals = [a + b for a, b in zip(totals, e.deltas, strict=True)]
        return {SEATS[i]: totals[i] for i in range(4)}

    def result(self) -> dict[str, Any] | None:
        """The hand's result, if it ended: winner, win kind, 卡当, tile, discarder."""
        r = self.game.state.result
        if isinstance(r, HuEvent):
            return {
                "winner": SEATS[r.seat],
                "win": r.kind,
                "kadang": r.kadang,
                "tile": format_tiles([r.tile]),
                "from": None if r.from_seat is None else SEATS[r.from_seat],
            }
        if isinstance(r, RoundDrawn):
            return {"win": "draw"}
        return None

    def next_hand(self) -> dict[str, Any] | None:
        """Who deals next and whether that dealer is liable, once the hand is over."""
        if self.game.state.phase != "round_over":
            return None
        dealer, liable = next_dealer(self.game.state)
        return {"dealer": SEATS[dealer], "liable": liable}

    def to_dict(self) -> dict[str, Any]:
        """JSON form for ``scenario run --json``."""
        out: dict[str, Any] = {
            "ok": self.ok and not self.mismatches,
            "title": self.scenario.title,
            "events": [e.to_dict() for e in self.events],
            "payments": self.payments(),
            "result": self.result(),
            "next_hand": self.next_hand(),
        }
        if self.error:
            out["error"] = self.error
            out["failed_action"] = self.failed_action
        if self.mismatches:
            out["mismatches"] = self.mismatches
        return out


def _seat(text: Any, where: str) -> int:
    if not isinstance(text, str) or text.upper() not in SEATS or len(text) != 1:
        raise ScenarioError(f"{where}: seat {text!r} must be one of E S W N")
    return SEATS.index(text.upper())


def _kinds(text: Any, where: str) -> list[int]:
    if not isinstance(text, str):
        raise ScenarioError(f"{where}: tiles must be text like '234s 7z'")
    try:
        return parse_kinds(text)
    except TileNotationError as exc:
        raise ScenarioError(f"{where}: {exc}") from None


def deal_positions(dealer: int) -> list[list[int]]:
    """For each seat, the wall positions (0-52) whose tiles it is dealt."""
    positions: list[list[int]] = [[], [], [], []]
    pos = 0
    for _ in range(DEAL_ROUNDS):
        for i in range(4):
            seat = (dealer + i) % 4
            positions[seat].extend(range(pos, pos + DEAL_BLOCK))
            pos += DEAL_BLOCK
    for i in range(4):
        positions[(dealer + i) % 4].append(pos)
        pos += 1
    positions[dealer].append(pos)
    return positions


def build_wall(
    rules: RuleSet,
    dealer: int,
    hands: Mapping[int, Sequence[int]],
    head: Sequence[int] = (),
    tail: Sequence[int] = (),
    bao: int | None = None,
    seed: int = 0,
) -> tuple[int, ...]:
    """A wall (112 tile ids) that deals the given hands, sets aside ``bao`` and draws ``head``/``tail``.

    Kinds not pinned down fill the remaining positions in a seeded random order.
    """
    taken: set[int] = set()
    wall: list[int | None] = [None] * NUM_TILES
    positions = deal_positions(dealer)
    try:
        for seat in range(4):
            kinds = list(hands.get(seat, ()))
            if len(kinds) > len(positions[seat]):
                raise ScenarioError(
                    f"hands.{SEATS[seat]}: {len(kinds)} tiles, but that seat is dealt {len(positions[seat])}"
                )
            for pos, tile in zip(positions[seat], assign_ids(kinds, taken), strict=False):
                wall[pos] = tile
        if rules.bao_source == "jump_tile":
            bao_pos, head_start, tail_end = DEALT, DEALT + 1, NUM_TILES - 1
        else:
            bao_pos, head_start, tail_end = NUM_TILES - 1, DEALT, NUM_TILES - 2
        if bao is not None:
            wall[bao_pos] = assign_ids([bao], taken)[0]
        if len(head) + len(tail) > tail_end - head_start + 1:
            raise ScenarioError("wall: head and tail hold more tiles than the live wall")
        for i, tile in enumerate(assign_ids(head, taken)):
            wall[head_start + i] = tile
        for i, tile in enumerate(assign_ids(tail, taken)):
            wall[tail_end - i] = tile
    except TileNotationError as exc:
        raise ScenarioError(f"tiles: {exc}") from None
    rest = [t for t in range(NUM_TILES) if t not in taken]
    rng = random.Random(seed)
    for i in range(len(rest) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        rest[i], rest[j] = rest[j], rest[i]
    it = iter(rest)
    return tuple(t if t is not None else next(it) for t in wall)


VERBS = ("discard", "ting", "chi", "peng", "gang", "angang", "jiagang", "hu", "pass")
ACTION_KEYS = frozenset({"seat", "do", "tiles", "ting", "zhidui"})
"""The keys an action written as a table may have (any other is refused by name)."""


def parse_action(item: Any, where: str) -> ScriptedAction:
    """Read one scripted action, as text ``"W chi 46m ting"`` or a table."""
    if isinstance(item, str):
        words = item.split()
        if len(words) < 2:
            raise ScenarioError(f"{where}: {item!r} needs at least a seat and a verb")
        seat = _seat(words[0], where)
        verb = words[1].lower()
        rest = words[2:]
        zhidui_text = None
        if len(rest) >= 2 and rest[-2].lower() == "zhidui":  # "S ting 5m zhidui 8p": lock the 8p pair
            zhidui_text, rest = rest[-1], rest[:-2]
        ting = bool(rest) and rest[-1].lower() == "ting"
        if ting:
            rest = rest[:-1]
        drawn = rest == ["drawn"]
        kinds = _kinds(" ".join(rest), where) if rest and not drawn else []
        text = item
    elif isinstance(item, dict):
        unknown = sorted(set(item) - ACTION_KEYS)
        if unknown:
            keys = ", ".join(sorted(ACTION_KEYS))
            raise ScenarioError(f"{where}: unknown key {unknown[0]!r} in an action table; use {keys}")
        seat = _seat(item.get("seat"), where)
        zhidui_text = item.get("zhidui")
        verb = str(item.get("do", "")).lower()
        drawn = item.get("tiles") == "drawn"
        kinds = _kinds(item["tiles"], where) if "tiles" in item and not drawn else []
        ting = bool(item.get("ting", False))
        text = json.dumps(item, ensure_ascii=False, default=str)
    else:
        raise ScenarioError(f"{where}: an action is text or a table")
    if verb not in VERBS:
        raise ScenarioError(f"{where}: unknown verb {verb!r}; use one of {', '.join(VERBS)}")
    if verb == "ting":
        verb, ting = "discard", True
    zhidui = None
    if zhidui_text is not None:
        pair = _kinds(zhidui_text, f"{where}: zhidui")
        if len(set(pair)) != 1 or not 1 <= len(pair) <= 2:
            raise ScenarioError(f"{where}: zhidui names the pair to lock, e.g. '8p' or '88p'")
        if verb != "discard" or not ting:
            raise ScenarioError(f"{where}: a 支对 pair is locked only by a discard that declares 听")
        zhidui = pair[0]
    need = {"discard": 1, "chi": 2, "peng": 2, "gang": 3, "angang": 4, "jiagang": 1, "hu": 0, "pass": 0}[verb]
    if verb in ("peng", "gang") and len(kinds) == 1:
        kinds = kinds * need
    if drawn and verb != "discard":
        raise ScenarioError(f"{where}: only a discard can name the drawn tile")
    if len(kinds) != need and not drawn:
        raise ScenarioError(f"{where}: {verb} takes {need} tile(s), got {len(kinds)}")
    return ScriptedAction(seat, verb, tuple(kinds), ting, text, drawn, zhidui)


def _line_of(text: str, key: str) -> int | None:
    """The first line of a file's ``text`` that sets ``key`` (TOML ``key =``, JSON ``"key":``), if any."""
    pattern = re.compile(rf"""(^|[\s{{,])["']?{re.escape(key)}["']?\s*[=:]""")
    for number, line in enumerate(text.splitlines(), 1):
        if pattern.search(line):
            return number
    return None


def _where_action(source: str, text: str, index: int, item: Any) -> str:
    """Where an action is, for its errors: the file, the line of an unknown key when it has one."""
    if isinstance(item, Mapping):
        for key in sorted(set(item) - ACTION_KEYS):
            line = _line_of(text, str(key))
            if line is not None:
                return f"{source}:{line}: actions[{index}]"
    return f"{source}: actions[{index}]"


def parse_scenario(data: Mapping[str, Any], source: str = "<scenario>", text: str = "") -> Scenario:
    """Build a Scenario from its parsed TOML/JSON document (``text``: the file's text, for line numbers)."""
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{source}: the document must be a table/object")
    known = {
        "title",
        "rules",
        "rule",
        "dealer",
        "seed",
        "scores",
        "draw_streak",
        "hands",
        "wall",
        "actions",
        "expect",
        "lesson",
    }
    unknown = set(data) - known
    if unknown:
        raise ScenarioError(f"{source}: unknown key {sorted(unknown)[0]!r}")
    preset = data.get("rules", "standard")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ScenarioError(
            f"{source}: unknown rule preset {shorten(preset)}; choose one of {', '.join(PRESETS)}"
        )
    rules = PRESETS[preset]
    overrides = data.get("rule", {})
    if not isinstance(overrides, Mapping):
        raise ScenarioError(f"{source}: [rule] must be a table of key = value")
    try:
        changes = {k: v if not isinstance(v, str) else parse_value(k, v) for k, v in overrides.items()}
        rules = rules.replace(**changes)
    except RuleError as exc:
        raise ScenarioError(f"{source}: {exc}") from None
    dealer = _seat(data.get("dealer", "E"), f"{source}: dealer")
    hands_data = data.get("hands", {})
    if not isinstance(hands_data, Mapping):
        raise ScenarioError(f"{source}: [hands] must be a table of seat = tiles")
    for key in hands_data:
        _seat(key, f"{source}: hands")
    hands = {_seat(k, f"{source}: hands"): _kinds(v, f"{source}: hands.{k}") for k, v in hands_data.items()}
    wall_data = data.get("wall", {})
    if not isinstance(wall_data, Mapping):
        raise ScenarioError(f"{source}: [wall] must be a table")
    extra = set(wall_data) - {"head", "tail", "bao"}
    if extra:
        raise ScenarioError(
            f"{source}: wall: unknown key {sorted(extra)[0]!r} (in TOML, top-level keys such as "
            "actions must come before the first [table])"
        )
    head = _kinds(wall_data.get("head", ""), f"{source}: wall.head")
    tail = _kinds(wall_data.get("tail", ""), f"{source}: wall.tail")
    bao_kinds = _kinds(wall_data["bao"], f"{source}: wall.bao") if "bao" in wall_data else []
    if len(bao_kinds) > 1:
        raise ScenarioError(f"{source}: wall.bao is one tile")
    seed = data.get("seed", 0)
    if not isinstance(seed, int):
        raise ScenarioError(f"{source}: seed must be a whole number")
    all_kinds = [k for h in hands.values() for k in h] + head + tail + bao_kinds
    for k in set(all_kinds):
        if all_kinds.count(k) > COPIES:
            raise ScenarioError(f"{source}: more than {COPIES} copies of {format_tiles([k * 4])}")
    try:
        wall = build_wall(rules, dealer, hands, head, tail, bao_kinds[0] if bao_kinds else None, seed)
    except ScenarioError as exc:
        raise ScenarioError(f"{source}: {exc}") from None
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise ScenarioError(f"{source}: actions must be a list")
    actions = tuple(parse_action(a, _where_action(source, text, i, a)) for i, a in enumerate(raw_actions))
    scores = data.get("scores", [0, 0, 0, 0])
    if not (isinstance(scores, list) and len(scores) == 4 and all(isinstance(s, int) for s in scores)):
        raise ScenarioError(f"{source}: scores must be four whole numbers")
    expect = _expect(data.get("expect", {}), source)
    streak = data.get("draw_streak", 0)
    if not isinstance(streak, int) or streak < 0:
        raise ScenarioError(f"{source}: draw_streak must be a whole number >= 0")
    return Scenario(
        str(data.get("title", "")), rules, dealer, wall, actions, dict(expect), tuple(scores), source, streak
    )


_EXPECT_SEATS = ("winner", "next_dealer")
_EXPECT_FLAGS = ("kadang", "next_liable")
WIN_RESULTS = (*WIN_KINDS, "draw")


def _expect(value: Any, source: str) -> dict[str, Any]:
    """The [expect] table, its known keys checked for type (unknown keys are kept for other readers)."""
    if not isinstance(value, Mapping):
        raise ScenarioError(f"{source}: [expect] must be a table")
    out = dict(value)
    for key in _EXPECT_SEATS:
        if key in out:
            out[key] = SEATS[_seat(out[key], f"{source}: expect.{key}")]
    for key in _EXPECT_FLAGS:
        if key in out and not isinstance(out[key], bool):
            raise ScenarioError(f"{source}: expect.{key} must be true or false, not {shorten(out[key])}")
    if "win" in out and out["win"] not in WIN_RESULTS:
        raise ScenarioError(
            f"{source}: expect.win {shorten(out['win'])} must be one of {', '.join(WIN_RESULTS)}"
        )
    if "payments" in out:
        payments = out["payments"]
        if not isinstance(payments, Mapping):
            raise ScenarioError(f"{source}: expect.payments must be a table of seat = points")
        clean: dict[str, int] = {}
        for seat, points in payments.items():
            letter = SEATS[_seat(seat, f"{source}: expect.payments")]
            if isinstance(points, bool) or not isinstance(points, int):
                raise ScenarioError(f"{source}: expect.payments.{letter} must be a whole number")
            clean[letter] = points
        out["payments"] = clean
    return out


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file (.toml or .json); ScenarioError names the file and the problem."""
    p = Path(path)
    try:
        text = read_text(p, "scenario", MAX_SCENARIO_BYTES)
        data = loads_json(text, str(p)) if p.suffix.lower() == ".json" else loads_toml(text, str(p))
    except BadFileError as exc:
        raise ScenarioError(str(exc)) from None
    if not data:
        raise ScenarioError(f"{p}: the file is empty")
    return parse_scenario(data, str(p), text)


def _pick(hand: Sequence[int], kinds: Sequence[int], prefer: int | None = None) -> tuple[int, ...] | None:
    """Tile ids in a hand for the given kinds (the ``prefer`` id first when it fits)."""
    rest = list(hand)
    if prefer is not None and prefer in rest:
        rest.remove(prefer)
        rest.insert(0, prefer)
    out = []
    for k in kinds:
        found = next((t for t in rest if kind_of(t) == k), None)
        if found is None:
            return None
        rest.remove(found)
        out.append(found)
    return tuple(out)


def _lock(state: State, step: ScriptedAction, discard: int) -> int | None:
    """A tile of the 支对 pair the step locks (not the discarded one), if it locks one; the engine says
    why when the hand holds no such pair."""
    if step.zhidui is None:
        return None
    hand = state.hands[step.seat]
    return next((t for t in hand if kind_of(t) == step.zhidui and t != discard), step.zhidui * 4)


def to_action(state: State, step: ScriptedAction) -> Action | str:
    """The engine action for a scripted step, or text saying why its tiles are missing."""
    hand = state.hands[step.seat]
    if step.verb in ("hu", "pass"):
        return Hu() if step.verb == "hu" else Pass()
    if step.drawn:
        if state.phase in ("round_over", "match_over"):
            return "the hand is over"
        if state.phase in ("claim", "rob") and step.seat in pending_seats(state):
            return (
                f"{SEATS[step.seat]} may still call the last discard: script its pass (or its call) first"
            )
        if state.drawn is None or state.turn != step.seat:
            return f"{SEATS[step.seat]} has not just drawn a tile"
        return Discard(state.drawn, step.ting, _lock(state, step, state.drawn))
    ids = _pick(hand, step.kinds, state.drawn if state.turn == step.seat else None)
    if ids is None:
        return f"{SEATS[step.seat]} does not hold {format_tiles(k * 4 for k in step.kinds)}"
    if step.verb == "discard":
        return Discard(ids[0], step.ting, _lock(state, step, ids[0]))
    if step.verb == "chi":
        return Chi(ids, step.ting)
    if step.verb == "peng":
        return Peng(ids, step.ting)
    if step.verb == "gang":
        return Gang(ids, step.ting)
    if step.verb == "angang":
        return AnGang(ids)
    return JiaGang(ids[0])


def _auto_pass(game: Game, seat: int) -> str:
    """Let seats waiting on a claim window pass when the script's next step is someone else's."""

    def done(g: Game) -> bool:
        return g.state.phase not in ("claim", "rob") or seat in g.pending() or not g.pending()

    result = drive(game, lambda _seat: PASS, until=done, fallback=False)
    if result.refusal is None:
        return ""
    other = result.waiting_for if result.waiting_for is not None else -1
    if result.refusal.code == "must_hu":
        return f"{SEATS[other]} must answer the discard first (it may only win)"
    return result.refusal.message


def play_step(game: Game, scripted: ScriptedAction) -> str:
    """Play one scripted action (passing for seats not named); "" or why it could not be played."""
    state = game.state
    calling = scripted.verb in ("chi", "peng", "gang")
    if state.phase in ("claim", "rob") and calling and scripted.seat not in game.pending():
        early = to_action(state, scripted)  # the engine's own reason, before the window closes
        why = None if isinstance(early, str) else explain(state, scripted.seat, early)
        if why is not None:
            return f"{why.code}: {why.message}"
    problem = _auto_pass(game, scripted.seat)
    if problem:
        return problem
    action = to_action(game.state, scripted)
    if isinstance(action, str):
        return action
    result = game.submit(scripted.seat, action)
    if isinstance(result, Refusal):
        return f"{result.code}: {result.message}"
    return ""


def run_scenario(scenario: Scenario) -> ScenarioRun:
    """Play a scenario's actions through the engine; stop at the first refused one."""
    game = Game.from_events(scenario.start_events())
    run = ScenarioRun(scenario, game)
    for index, scripted in enumerate(scenario.actions):
        problem = play_step(game, scripted)
        if problem:
            run.ok = False
            run.error = f"action {index + 1} ({scripted.text}): {problem}"
            run.failed_action = index
            return run
    problem = _auto_pass(game, -1)  # a claim window left open at the end: everyone still asked passes
    if problem:
        run.ok = False
        run.error = f"after the last action: {problem}"
        return run
    run.mismatches = check_expect(run)
    return run


def check_expect(run: ScenarioRun) -> list[str]:
    """Differences between a run and the scenario's [expect] table."""
    expect = run.scenario.expect
    out: list[str] = []
    result = run.result() or {}
    for key in ("winner", "win", "kadang"):
        if key in expect and result.get(key) != expect[key]:
            out.append(f"expected {key}={expect[key]!r}, got {result.get(key)!r}")
    nxt = run.next_hand() or {}
    for key, field_name in (("next_dealer", "dealer"), ("next_liable", "liable")):
        if key in expect and nxt.get(field_name) != expect[key]:
            out.append(f"expected {key}={expect[key]!r}, got {nxt.get(field_name)!r}")
    if "payments" in expect:
        want = dict(expect["payments"])
        got = run.payments()
        if any(got[s] != want.get(s, 0) for s in SEATS):
            out.append(f"expected payments {want}, got {got}")
    return out

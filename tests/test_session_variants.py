"""Every rule preset and the rarer switches played through the table's host, as a player would meet them.

The person's seat is played by a seeded chooser that prefers the actions a player rarely reaches by
chance (和, 听, calls, kongs); the three AI seats play at their levels. At every decision of the person
the helpers the table draws from (the picture of the view, the 宝 panel, the 听 options, "why not?" for
each action the seat may not take) must answer without failing, and the autosave must resume to the
same table.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.core.actions import Action, AnGang, Chi, Discard, Gang, Hu, JiaGang, Pass, Peng, Refusal
from game.core.events import Hu as HuEvent
from game.core.records import hand_records
from game.core.rules import PRESETS, RuleSet
from game.core.state import fold
from game.host.session import Session
from game.match_config import MatchConfig
from game.table.figures import bao_panel, winning_shape
from game.table.frame import table_frame

VARIANTS: dict[str, RuleSet] = {
    **{f"preset-{name}": rules for name, rules in PRESETS.items()},
    "dafeng-triplet-or-pon": RuleSet(dafeng="triplet_or_pon"),
    "kong-after-ting": RuleSet(allow_kong_after_ting=True, kong_points="sichuan"),
    "last4-no-ron": RuleSet(end_of_wall="last4_discard_no_ron"),
    "play-out": RuleSet(end_of_wall="play_out", three_draw_move="immediate"),
    "public-bao-chongbao": RuleSet(bao_visibility="public_after_first_ting", chongbao=True),
    "optional-hu-pass-lock": RuleSet(must_hu=False, pass_lock=True),
    "only-zimo": RuleSet(only_zimo=True, rotation="hybrid"),
    "bao-known-to-player": RuleSet(bao_swap="per_player_known", bao_source="wall_tail"),
    "bao-wall-exhausted": RuleSet(bao_swap="wall_exhausted", baozhongbao_def="single_wait_mobao"),
    "no-huanbao-sika": RuleSet(bao_swap="off", wait_restriction="sika"),
    "loose-shapes": RuleSet(allow_qidui=True, allow_duiduihu=True, allow_qingyise=True, require_open=False),
}

_ORDER = (Hu, JiaGang, AnGang, Gang, Peng, Chi)


def _choose(legal: list[Action], rng: random.Random) -> Action:
    """Rare actions first (so that every kind of move is met), otherwise a 听 discard, else any."""
    for kind in _ORDER:
        found = [a for a in legal if isinstance(a, kind)]
        if found and rng.random() < 0.8:
            return rng.choice(found)
    ting = [a for a in legal if isinstance(a, Discard) and a.ting]
    if ting:
        return rng.choice(ting)
    return rng.choice(legal)


def _same_move(action: Action) -> object:
    """Discards of two copies of a kind are the same move (the legal list names one copy)."""
    return ("discard", action.tile >> 2, action.ting) if isinstance(action, Discard) else action


def _probe(session: Session) -> None:
    """What the table asks at a decision of the person: all of it must answer."""
    v = session.host.view()
    frame = table_frame(v, names=("you", "a", "b", "c"), levels=(None, "normal", "normal", "normal"))
    assert sorted(frame.hand_ids) == sorted(v.hand)
    panel = bao_panel(v)
    assert panel is not None
    menu = session.menu()
    assert all(kind in {t >> 2 for t in menu.ting_discardable} for kind in menu.ting_options)
    legal = {_same_move(a) for a in session.host.legal()}
    hand = v.hand
    tried: list[Action] = [Pass(), Hu(), *(Discard(t) for t in hand[:3])]
    tried += [Discard(t, ting=True) for t in hand[:2]]
    locked = v.ting[v.seat]
    for action in tried:
        answer = menu.explain(action)
        allowed = _same_move(action) in legal
        if locked and isinstance(action, Discard):
            allowed = allowed and action.tile == v.drawn  # a ready hand throws the tile it drew (R22)
        assert (answer is None) == allowed, (action, answer)
        assert answer is None or answer.message


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_match_under_the_variant_plays_through_the_table_host(name: str, tmp_path: Path) -> None:
    rules = VARIANTS[name]
    config = MatchConfig(("normal", "strong", "expert"), rules, 4, seed=sum(map(ord, name)))
    session = Session.new(config, tmp_path / "saves", tmp_path / "replays")
    rng = random.Random(name)
    decisions = 0
    while not session.host.over:
        if session.host.round_over:
            v = session.host.view()
            shape = winning_shape(v)
            if isinstance(v.result, HuEvent) and not rules.allow_qidui:
                assert shape is not None and (shape.sets or shape.pair is not None)
            session.advance()
        elif session.host.person_pending():
            _probe(session)
            result = session.host.submit(_choose(session.host.legal(), rng))
            assert not isinstance(result, Refusal), result
            decisions += 1
            if decisions == 15:  # resume from the autosave mid-match: the same table
                assert session.path is not None
                again = Session.resume(session.path, tmp_path / "replays")
                assert again.game.state == session.game.state
                again.close()
        else:
            session.host.run_ai(session.host.ai_pending()[0])
    events = session.game.events
    assert fold(events) == session.game.state
    assert sum(session.game.state.scores) == 0
    assert len(hand_records(events)) == 4
    assert decisions > 10

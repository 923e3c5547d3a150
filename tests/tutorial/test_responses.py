"""A drill's entered answers become the responses the grader takes in the tutorial, not the UI: what each
loser pays and what the winner collects, the tiles picked, and the seats' parts in a payment drill."""

from __future__ import annotations

from game.core.tiles import parse_kinds
from game.scenario import SEATS
from game.tutorial.drills import grade, make_drills
from game.tutorial.responses import collected, discard_response, payment_response, seat_roles


def test_the_right_amounts_entered_are_marked_right_and_the_winner_collects_their_sum() -> None:
    for drill in make_drills("payment", 7, 30):
        net = drill["answer"]["payments"]
        winner = drill["winner"]
        pays = {s: -net[s] for s in SEATS if s != winner}
        assert collected(drill, pays) == net[winner]
        assert payment_response(drill, pays) == {"payments": net}
        assert grade(drill, payment_response(drill, pays)).correct
        loser = next(s for s in SEATS if s != winner)
        wrong = {**pays, loser: pays[loser] + 1}
        assert collected(drill, wrong) == net[winner] + 1
        assert not grade(drill, payment_response(drill, wrong)).correct
        assert collected(drill, {winner: 99}) == 0  # what the winner "pays" is no part of the sum


def test_the_tiles_picked_are_the_kinds_once_each() -> None:
    for drill in make_drills("discard", 3, 20):
        hand = parse_kinds(str(drill["tiles"]))
        right = set(drill["answer"]["ting_discards"])
        picked = [i for i, k in enumerate(hand) if any(parse_kinds(t)[0] == k for t in right)]
        assert grade(drill, discard_response(drill, picked)).correct  # every copy picked counts once
        assert discard_response(drill, [])["ting_discards"] == []


def test_each_seat_has_its_parts_in_a_payment_drill() -> None:
    for drill in make_drills("payment", 11, 30):
        for seat in SEATS:
            roles = seat_roles(drill, seat)
            assert ("winner" in roles) == (seat == drill["winner"])
            assert ("dealer" in roles) == (seat == drill["dealer"])
            assert ("discarder" in roles) == (seat == drill.get("discarder"))
            ready = seat == drill.get("discarder") and bool(drill["discarder_listening"])
            assert ("ready" in roles) == ready
            assert ("closed" in roles) == (seat in drill["menqing"] and seat != drill["winner"])

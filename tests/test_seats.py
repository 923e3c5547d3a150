"""One way to name a seat to a player: from the seat at the bottom of the screen (game/seats.py)."""

from __future__ import annotations

from game.glossary import LANGS
from game.seats import SEAT_LETTERS, capital, relative, relative_word, seat_letter, seat_word


def test_every_seat_is_named_from_the_viewer() -> None:
    zh = {(s, v): seat_word(s, v, "zh") for s in range(4) for v in range(4)}
    for viewer in range(4):
        assert [zh[(viewer + rel) % 4, viewer] for rel in range(4)] == ["你", "下家", "对家", "上家"]
    assert [seat_word(s, 2, "en") for s in range(4)] == [
        "the opposite player",
        "the previous player",
        "you",
        "the next player",
    ]
    assert [seat_word(s, 3, "en", label=True) for s in range(4)] == ["Next", "Opposite", "Previous", "You"]
    assert [seat_word(s, 0, "zh", label=True) for s in range(4)] == ["你", "下家", "对家", "上家"]


def test_relative_places_and_letters() -> None:
    assert [relative(s, 1) for s in range(4)] == [3, 0, 1, 2]
    assert [seat_letter(s) for s in range(4)] == list(SEAT_LETTERS) == ["E", "S", "W", "N"]
    assert capital(relative_word(1, "en")) == "The next player"
    for lang in LANGS:  # no wind is a seat's name in any language
        words = [relative_word(r, lang, label=label) for r in range(4) for label in (False, True)]
        winds = ("东", "南", "西", "北", "East", "South", "West", "North")
        assert not any(w in "".join(words) for w in winds)

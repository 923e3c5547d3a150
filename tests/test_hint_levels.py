"""The hint levels are one table: the settings, F1 and the words follow it, and each level shows what the
one before it shows, and more."""

from __future__ import annotations

from dataclasses import astuple

from game.settings import settings_from_dict
from game.table.hint_levels import HINT_LEVELS, hint_level, next_hint_level
from game.ui.words.i18n import tr


def shown(level_number: int) -> tuple[bool, ...]:
    """What a level shows, as flags (its name left out)."""
    return astuple(hint_level(level_number))[1:]


def test_off_shows_nothing_and_the_last_level_shows_everything() -> None:
    assert not any(shown(0))
    assert all(shown(len(HINT_LEVELS) - 1))


def test_each_level_shows_what_the_one_before_it_shows_and_more() -> None:
    for number in range(1, len(HINT_LEVELS)):
        before, now = shown(number - 1), shown(number)
        assert all(n or not b for b, n in zip(before, now, strict=True)), number
        assert sum(now) > sum(before), number


def test_f1_visits_every_level_once_and_comes_back_to_off() -> None:
    seen = [0]
    while (following := next_hint_level(seen[-1])) != 0:
        seen.append(following)
    assert seen == list(range(len(HINT_LEVELS)))


def test_the_settings_take_every_level_and_refuse_one_past_the_last() -> None:
    for number in range(len(HINT_LEVELS)):
        settings, problems = settings_from_dict({"hints": number})
        assert settings.hints == number and not problems
    settings, problems = settings_from_dict({"hints": len(HINT_LEVELS)})
    assert settings.hints == 0 and problems


def test_every_level_has_a_label_in_both_languages() -> None:
    for number in range(len(HINT_LEVELS)):
        labels = {tr(f"settings.hints.{number}", lang) for lang in ("zh", "en")}
        assert len(labels) == 2 and all(label and "settings." not in label for label in labels)


def test_a_number_out_of_range_is_the_nearest_level() -> None:
    assert hint_level(-1) is HINT_LEVELS[0]
    assert hint_level(99) is HINT_LEVELS[-1]

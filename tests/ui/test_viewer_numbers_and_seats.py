"""One numbering and one way to name a seat in the replay viewer.

The number the viewer shows for a decision is the number ``replay show`` prints before that event, the index
``replay review --json`` gives it and the one ``replay whatif --at`` takes; and the review's reasons name the
seats from the reviewed seat, the one at the bottom, as its plates do.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.cli.main import main
from game.core.events import event_from_dict
from game.glossary import term
from game.seats import relative, relative_word
from tests.ui.harness import key, step
from tests.ui.test_replay_library import SAMPLES
from tests.ui.test_replay_viewer import SAMPLE, choose_level, open_viewer, settle

FILE = SAMPLES / f"{SAMPLE}.jsonl"


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """A command's standard output (it must succeed)."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def shown_text(viewer: Any) -> str:
    """Every text the viewer drew in its last frame."""
    return " | ".join(item.text for item in viewer.text.items)


def test_the_viewer_numbers_a_decision_as_replay_show_review_and_whatif_do(
    app: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    reviewed = json.loads(
        cli(capsys, "replay", "review", str(FILE), "--seat", "N", "--level", "expert", "--json")
    )
    first = next(d for d in reviewed["decisions"] if d["mistake"])
    index = first["index"]
    printed = cli(capsys, "replay", "show", str(FILE)).splitlines()
    number, _, line = printed[index].partition("\t")
    assert number == str(index)  # replay show prints each event after its number, counting from 0
    event = event_from_dict(json.loads(line))
    assert getattr(event, "seat", None) == 3  # the event of seat N's decision
    viewer = open_viewer(app)
    key(app, pygame.K_4)  # seat N at the bottom
    assert choose_level(app, viewer, "expert") is not None
    key(app, pygame.K_n)  # the first mistake
    settle(app, viewer)
    step(app)
    assert viewer.viewer.cursor.position == index
    text = shown_text(viewer)
    assert f"next: event {index} (0–{len(printed) - 1})" in text  # the strip's status
    assert f"Event {index} · played:" in text  # the review's decision
    key(app, pygame.K_w)  # the what-if offered here names the event too
    step(app, 2)
    assert viewer.whatif and f"What-if at event {index}:" in viewer.status
    out = tmp_path / "branch.jsonl"
    args = ("--at", str(index), "--play", first["best"], "--out", str(out), "--json")
    made = json.loads(cli(capsys, "replay", "whatif", str(FILE), *args))
    assert made["diverged_at"] == index


def test_review_reasons_name_the_ready_seats_from_the_reviewed_seat_as_its_plates_do(app: Any) -> None:
    viewer = open_viewer(app)
    key(app, pygame.K_2)  # seat S at the bottom, reviewed
    found = choose_level(app, viewer, "normal")
    assert viewer.viewer.seat == 1 and found.seat == 1
    decision = next(  # two seats ready, in a hand S does not deal (so no seat's wind is its relative place)
        d for d in found.decisions
        if "{seats}" in term(f"reason.{d.reason.kind}", "en")
        and len(d.reason.params["seats"]) == 2
        and all(w != r for w, r, _ in d.reason.params["seats"])
    )
    viewer.seek(decision.index)
    settle(app, viewer)
    step(app)
    text = shown_text(viewer)
    plates = viewer.frame.picture.seats
    for _wind, rel, seat in decision.reason.params["seats"]:
        assert rel == relative(seat, 1)
        assert plates[rel].ting and plates[rel].name.startswith(relative_word(rel, "en", label=True))
        assert relative_word(rel, "en") in text  # "the previous player and the next player are ready"
    for wind in ("East", "South", "West", "North"):
        assert wind not in text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_live_table_names_seats_from_the_person_at_the_bottom(lang: str) -> None:
    from game.ui.table.scene import TableScene
    from tests.table_fixtures import scripted_session
    from tests.ui.test_table import make_app
    from tests.ui.test_table import settle as settle_table

    app = make_app(lang=lang, size=(1280, 720))
    try:
        table = TableScene(app, scripted_session())
        app.push(table)
        settle_table(app, table)
        plates = [seat.name for seat in table.frame.picture.seats]
        sentences = [table.seat_name(s) for s in range(4)]
        if lang == "zh":
            assert plates == sentences == ["你", "下家", "对家", "上家"]
        else:
            assert plates == ["You", "Next", "Opposite", "Previous"]
            assert sentences == ["you", "the next player", "the opposite player", "the previous player"]
    finally:
        app.shutdown()

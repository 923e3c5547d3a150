"""Screenshots of the lessons and the drills in a real X window (Xvfb) → docs/screenshots/.

    .venv/bin/python tools/lesson_screenshots.py            # zh and en; starts Xvfb when DISPLAY is unset

Needs Xvfb, xdotool and ImageMagick (``apt-get install -y xvfb xdotool imagemagick``).
The game runs in this process with SDL's x11 driver (:class:`tools.table_screenshots.Shooter`);
the clicks on the lesson's Continue and on a drill's answer are real X clicks (``xdotool``).
Shots, per language: the 宝中宝 lesson at its first move (the tile to throw and the
听 button lit, the rest of the table dimmed), the same step after a wrong move (the
coach's note), and a drill answered (its tiles, the verdict and the explanation).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.table_screenshots import Shooter, in_x_window  # noqa: E402

DRILL_SEED = 7


def settle(shot: Shooter, scene: object) -> str:
    """Frames until the lesson waits for the person; its prompt."""
    for _ in range(3000):
        shot.frames(1)
        if not scene.busy and scene.runner.prompt().kind != "auto":  # type: ignore[attr-defined]
            return str(scene.runner.prompt().kind)  # type: ignore[attr-defined]
    raise SystemExit("the lesson never waited for the person")


def lesson_shots(lang: str) -> None:
    """The 宝中宝 lesson: its first move step with the spotlight, then a wrong ready answered."""
    from game.core.actions import Discard
    from game.core.tiles import kind_of, parse_kinds
    from game.ui.lessons.lesson import LessonScene

    shot = Shooter(lang)
    shot.app.nav.lessons(open_lesson="baozhongbao")
    scene = shot.app.scenes.top
    assert isinstance(scene, LessonScene)
    assert settle(shot, scene) == "continue"
    if not shot.x_click(scene.lesson_buttons["continue"].rect.center):
        scene.proceed()
    assert settle(shot, scene) == "move"
    shot.pointer_away()
    shot.frames(30)
    shot.shoot(f"lesson_spotlight_{lang}")
    state = scene.runner.game.state
    four = next(t for t in state.hands[0] if kind_of(t) == parse_kinds("4m")[0])
    refusal = scene.lesson_driver.submit(Discard(four, ting=True))  # ready on two waits: not kadang
    assert refusal is not None
    scene.overlays.why_not(refusal)
    shot.frames(10)
    shot.shoot(f"lesson_mistake_{lang}")
    shot.app.shutdown()


def drill_shots(lang: str) -> None:
    """A drill of each language: the first question of its seed, answered by a real click."""
    from game.core.tiles import kind_code, parse_kinds
    from game.ui.lessons.drills import DrillScene
    from game.ui.words.drill_answers import right_choices

    shot = Shooter(lang)
    shot.app.nav.drills(seed=DRILL_SEED)
    scene = shot.app.scenes.top
    assert isinstance(scene, DrillScene)
    if lang == "en":  # the discard drill: pick the tiles, then Check
        scene.set_filter("discard")
        shot.frames(5)
        good = set(scene.drill["answer"]["ting_discards"])
        hand = scene.board.picks if scene.board is not None else []
        kinds = parse_kinds(scene.drill["tiles"])
        picked: set[str] = set()
        for i, rect in enumerate(hand):
            code = kind_code(kinds[i])
            if code in good and code not in picked:
                picked.add(code)
                shot.x_click(rect.center) or scene.toggle(i)
        shot.x_click(scene.check_button.rect.center) or scene.check()
    else:
        wrong = next(
            i for i in range(len(scene.options)) if i not in right_choices(scene.drill, scene.options)
        )
        shot.x_click(scene.choice_buttons[wrong].rect.center) or scene.choose(wrong)
    shot.pointer_away()
    shot.shoot(f"drill_{lang}")
    shot.app.shutdown()


def main() -> int:
    """Both languages, lessons and drills."""

    def shots() -> None:
        for lang in ("zh", "en"):
            lesson_shots(lang)
            drill_shots(lang)

    in_x_window(shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())

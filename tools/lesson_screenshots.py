"""Screenshots of the lessons and the drills in a real X window (Xvfb) → docs/screenshots/.

    .venv/bin/python tools/lesson_screenshots.py            # zh and en; starts Xvfb when DISPLAY is unset
    .venv/bin/python tools/lesson_screenshots.py --moments  # the lesson moments below → build/lesson_moments/

Needs Xvfb, xdotool and ImageMagick (``apt-get install -y xvfb xdotool imagemagick``).
The game runs in this process with SDL's x11 driver (:class:`tools.table_screenshots.Shooter`);
the clicks on the lesson's Continue and on a drill's answer are real X clicks (``xdotool``).
Shots, per language: the 宝中宝 lesson at its first move (the tile to throw and the
听 button lit, the rest of the table dimmed), the same step after a wrong move (the
coach's note), and a drill answered (its tiles, the verdict and the explanation).

``--moments`` (issue 24), at 1024x640 and 1920x1080 in zh and en, into ``build/lesson_moments/``: a
mistake's note with the spotlight still lit (开门, H pressed at the 吃 step), 听 mode in a lesson (宝中宝,
T at the declare step: the wait labels clear of the coach panel), the 换宝 moment (the banner off the
wall count and the 宝), and the first-run screen.

``--mistakes`` (issue 23), at 1024x640 and 1920x1080 in zh and en, into ``docs/screenshots/``: your own
mistakes as drills (a mistake of the person's seat in ``saves/mixed-levels-8-hands.jsonl``, reviewed by
Expert), asked (1024x640), then answered wrong by a real click: the values of the choices and the
level's reason.
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


def to_step(shot: Shooter, scene: object, step_id: str) -> None:
    """Skip (as the coach) to a step of the lesson and let the table settle there."""
    for _ in range(80):
        settle(shot, scene)
        current = scene.runner.step  # type: ignore[attr-defined]
        if current is not None and current.id == step_id:
            return
        scene.skip()  # type: ignore[attr-defined]
    raise SystemExit(f"no step {step_id}")


def press(shot: Shooter, key: int) -> None:
    """A key pressed in the game window (posted as the window would)."""
    pg = shot.pygame
    pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=0, unicode="", scancode=0))
    shot.frames(3)


def moment_shots(lang: str, size: tuple[int, int]) -> None:
    """The issue-24 moments at one size and language (see the module docstring)."""
    from game.glossary import term
    from game.ui.lessons.lesson import LessonScene
    from game.ui.screens.first_run import FirstRunScene

    tag = f"{size[0]}x{size[1]}_{lang}"
    shot = Shooter(lang, size)
    pg = shot.pygame
    shot.app.nav.lessons(open_lesson="kaimen")
    scene = shot.app.scenes.top
    assert isinstance(scene, LessonScene)
    to_step(shot, scene, "chi")
    press(shot, pg.K_h)  # a win that is not there: the note, the 68p, 7p and the chi button still lit
    shot.pointer_away()
    shot.frames(20)
    shot.shoot(f"mistake_note_{tag}")
    shot.app.pop()
    shot.app.nav.lesson(scene.links.lesson("baozhongbao"))  # type: ignore[arg-type]
    scene = shot.app.scenes.top
    assert isinstance(scene, LessonScene)
    to_step(shot, scene, "declare")
    press(shot, pg.K_t)
    press(shot, pg.K_LEFT)  # the cursor on a tile (dimmed or not, it lifts)
    shot.frames(20)
    shot.shoot(f"ting_mode_{tag}")
    shot.app.pop()
    shot.app.shutdown()
    shot = Shooter(lang, size, speed="normal")
    shot.app.nav.lessons(open_lesson="huanbao")
    scene = shot.app.scenes.top
    assert isinstance(scene, LessonScene)
    word = term("huanbao", lang)  # type: ignore[arg-type]
    for _ in range(20000):  # on until the 换宝 banner is up, then its moment
        shot.frames(1)
        banner = next((b for b in scene.motion.banners if b.text == word), None)
        if banner is not None:
            while banner.tween.value < 0.3:
                shot.frames(1)
            break
        if not scene.busy and scene.runner.prompt().kind not in ("auto", "done"):
            scene.skip()
    shot.shoot(f"huanbao_{tag}")
    shot.app.shutdown()
    shot = Shooter(lang, size)
    shot.app.push(FirstRunScene(shot.app))
    shot.frames(30)
    shot.shoot(f"first_run_{tag}")
    shot.app.shutdown()


def mistake_shots(lang: str, size: tuple[int, int]) -> None:
    """Your own mistakes as drills at one size and language (see the module docstring)."""
    from game.replay.logfile import load_log
    from game.tutorial.replay_drills import replay_drills
    from game.tutorial.replay_queue import ReplayDrillQueue
    from game.ui.lessons.mistake_drills import MistakeDrillScene

    replay = ROOT / "saves" / "mixed-levels-8-hands.jsonl"
    loaded = load_log(replay)
    drills = replay_drills(loaded.events, 3, "expert", loaded.header)
    tag = f"{size[0]}x{size[1]}_{lang}"
    shot = Shooter(lang, size)
    scene = MistakeDrillScene(shot.app, queue=ReplayDrillQueue().add(drills, replay.name))
    shot.app.push(scene)
    shot.pointer_away()
    shot.frames(20)
    if size[0] < 1920:
        shot.shoot(f"mistake_drill_asked_{tag}")
    wrong = scene.order.index(str(scene.drill["played"]))
    shot.x_click(scene.choice_buttons[wrong].rect.center) or scene.choose(wrong)
    shot.pointer_away()
    shot.frames(10)
    shot.shoot(f"mistake_drill_{tag}")
    shot.app.shutdown()


def main() -> int:
    """Both languages, lessons and drills (``--moments``: the issue-24 moments at two sizes)."""
    import tools.table_screenshots as table_shots

    moments = "--moments" in sys.argv[1:]
    mistakes = "--mistakes" in sys.argv[1:]
    if moments:
        table_shots.OUT = ROOT / "build" / "lesson_moments"

    def shots() -> None:
        for lang in ("zh", "en"):
            if mistakes:
                for size in ((1024, 640), (1920, 1080)):
                    mistake_shots(lang, size)
                continue
            if moments:
                for size in ((1024, 640), (1920, 1080)):
                    moment_shots(lang, size)
                continue
            lesson_shots(lang)
            drill_shots(lang)

    in_x_window(shots)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Render the replay screens' screenshots into docs/screenshots/ (the library, the statistics, the viewer
and the review, in Chinese and English).

    python tools/replay_screenshots.py                        # headless (dummy video driver)
    xvfb-run -a -s "-screen 0 1920x1080x24" \\
        env SDL_VIDEODRIVER=x11 python tools/replay_screenshots.py   # in a real X window

Everything runs in a temporary home holding a demo library: a shipped sample replay, six
8-hand matches played by AI players with seat 0 standing for the person (Expert, as
``--autoplay expert`` plays it), one of them kept as abandoned, a what-if branch, a file that
cannot be read, and a match in progress. Settings are not touched.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HARBIN_MAHJONG_HOME", tempfile.mkdtemp(prefix="hm-replay-shots-"))

import pygame  # noqa: E402

from game.ai.registry import make_player  # noqa: E402
from game.ai.selfplay import play_match  # noqa: E402
from game.core.events import MatchEnded, MatchStarted, RoundStarted  # noqa: E402
from game.core.rules import RuleSet  # noqa: E402
from game.paths import AppPaths, app_paths  # noqa: E402
from game.replay.header import ABANDONED, FINISHED, HUMAN, PLAYING, match_header  # noqa: E402
from game.replay.library import add_replay, load  # noqa: E402
from game.replay.logfile import encode_log  # noqa: E402
from game.replay.review import review  # noqa: E402
from game.replay.whatif import make_branch  # noqa: E402
from game.settings import Settings  # noqa: E402
from game.ui.app import App, open_scene  # noqa: E402

SAMPLES = ROOT / "saves"
LEVELS = ("expert", "normal", "strong", "novice")


def person_match(seed: int, day: int, me: str = "expert") -> tuple[dict[str, Any], list[Any]]:
    """An 8-hand match with seat 0 standing for the person (played by ``me``), dated in November."""
    seeds = [seed * 4 + i for i in range(4)]
    players = [make_player(level, s) for level, s in zip((me, *LEVELS[1:]), seeds, strict=True)]
    record = play_match(players, seed, RuleSet(), hands=8)
    events = list(record.game.events)
    started = events[0]
    assert isinstance(started, MatchStarted)
    events[0] = replace(started, players=(HUMAN, *LEVELS[1:]))
    header = match_header(events[0], ai_seeds=seeds, created=f"2026-11-{day:02d}T20:{seed:02d}:00")
    header.update(status=FINISHED, ended=f"2026-11-{day:02d}T21:{seed:02d}:00")
    return header, events


def demo_home(paths: AppPaths) -> None:
    """Fill the temporary home's replay and save folders (see the module docstring)."""
    folder = paths.replays_dir
    shutil.copy(SAMPLES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl", folder / "2026-11-02.jsonl")
    for i, day in enumerate((8, 12, 15, 19, 23, 27), start=1):
        header, events = person_match(i, day)
        if i == 4:  # left before the end
            cut = [j for j, e in enumerate(events) if isinstance(e, RoundStarted)][5]
            events, header = events[:cut], {**header, "status": ABANDONED}
        add_replay(folder, header, events, f"2026-11-{day:02d}")
    source = folder / "2026-11-15.jsonl"
    loaded = load(source)
    first = review(loaded.events, 0, "strong", loaded.header, scores=False).differences()[0]
    branch = make_branch(loaded.events, loaded.header, first.index, first.best, source=str(source))
    add_replay(folder, branch.header, branch.events, "2026-11-15 #2")
    for seed, day in ((21, 25), (22, 28)):  # the person as a learner (a Novice plays for them)
        header, events = person_match(seed, day, "novice")
        add_replay(folder, header, events, f"2026-11-{day:02d}")
    (folder / "2026-11-30.jsonl").write_text('{"format": "harbin-mahjong-log"', encoding="utf-8")
    header, events = person_match(9, 30)
    cut = [j for j, e in enumerate(events) if isinstance(e, RoundStarted)][3] + 25
    playing = {**header, "status": PLAYING, "ended": None, "created": "2026-12-01T19:30:00"}
    (paths.saves_dir / "current.jsonl").write_text(encode_log(events[:cut], playing), encoding="utf-8")


def shoot(name: str, lang: str, act: Callable[[App], None], size: tuple[int, int] = (1280, 720)) -> Path:
    """Open the library in a fresh app, act on it, let it settle and save the window."""
    settings = Settings(language=lang, animation_speed="off")  # type: ignore[arg-type]
    app = App(app_paths(), settings, persist=False, size=size)
    try:
        open_scene(app, "replays")
        app.scenes.top.wait_loaded()  # type: ignore[union-attr]
        app.step(1 / 60)
        act(app)
        for _ in range(4):
            app.step(1 / 60)
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        app.shutdown()


def shoot_viewer(
    name: str,
    lang: str,
    act: Callable[[Any], None],
    size: tuple[int, int] = (1280, 720),
    match: str = "2026-11-23",
) -> Path:
    """Open one of the demo's matches in the viewer, act on it, draw every tile and save the window."""
    settings = Settings(language=lang, animation_speed="off")  # type: ignore[arg-type]
    app = App(app_paths(), settings, persist=False, size=size)
    try:
        open_scene(app, "menu")
        assert app.nav.viewer(app_paths().replays_dir / f"{match}.jsonl")
        viewer: Any = app.scenes.top
        act(viewer)
        for _ in range(4):
            app.step(1 / 60)
        while app.tiles.wanted:
            app.tiles.draw_wanted(1.0)
        app.draw()
        path = OUT / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        return path
    finally:
        app.shutdown()


def nobody_ready(viewer: Any, position: int) -> bool:
    """No seat has declared ready at a position: the pictures are taken in the quiet part of a hand."""
    cursor = viewer.viewer.cursor
    cursor.seek(position)
    return not any(cursor.state.ting)


def mid_hand(viewer: Any) -> None:
    """As far into the third hand (or later) as nobody is ready yet, just after one of the person's moves."""
    cursor = viewer.viewer.cursor
    third = cursor.hand_start(2)
    mine = [d.index + 1 for d in viewer.viewer.seat_decisions() if d.index > third]
    quiet = [p for p in mine if nobody_ready(viewer, p) and p - cursor.hand_start(cursor.hand_at(p)) > 40]
    viewer.seek(quiet[0])


def reviewed(viewer: Any) -> None:
    """Reviewed by Strong, just after the difference furthest into its hand with nobody ready yet."""
    found = viewer.review.jobs.wait(viewer.viewer.seat, "strong")
    viewer.review.choose("strong")
    cursor = viewer.viewer.cursor
    later = [d for d in found.differences() if d.hand >= 1 and nobody_ready(viewer, d.index + 1)]
    deep = max(later, key=lambda d: d.index - cursor.hand_start(d.hand))
    viewer.seek(deep.index + 1)


def candidates(viewer: Any) -> None:
    """Reviewed by Expert at the learner's costliest mistake: every candidate with its price."""
    found = viewer.review.jobs.wait(viewer.viewer.seat, "expert")
    viewer.review.choose("expert")
    viewer.seek(found.costliest(1)[0].index)


def stats_rating(app: App) -> None:
    """The statistics' review view: each game's rating by date, by opponent level."""
    scene: Any = app.scenes.top
    scene.open_stats()
    stats_scene: Any = app.scenes.top
    stats_scene.wait_loaded()
    stats_scene.choose_view("rating")()
    stats_scene.wait_rated()


def coach_block(app: App) -> None:
    """The match result of the learner's 2026-11-28 match with the coach's three sentences."""
    from game.core.records import hand_records
    from game.table.results import MatchResult, match_counts

    path = app_paths().replays_dir / "2026-11-28.jsonl"
    loaded = load(path)
    events = loaded.events
    names = ("你", "下家", "对家", "上家") if app.lang == "zh" else ("You", "Next", "Opposite", "Previous")
    levels = (None, *LEVELS[1:])
    final = events[-1]
    assert isinstance(final, MatchEnded)
    records, counts = hand_records(events), match_counts(events)
    result = MatchResult(names, levels, records, tuple(final.scores), (0,) * 4, path, counts)
    app.nav.match_result(result)
    scene: Any = app.scenes.top
    scene.coach.result(wait=120)


def library(app: App) -> None:
    """The library with the newest finished match selected."""
    scene: Any = app.scenes.top
    scene.select(next(i for i, e in enumerate(scene.list.entries) if e.kind == "match" and e.hands == 8))


def samples(app: App) -> None:
    """The samples that ship with the game (the library's 示例对局 button), the bao sample selected."""
    scene: Any = app.scenes.top
    scene.toggle_samples()
    scene.wait_loaded()
    scene.select(next(i for i, e in enumerate(scene.list.entries) if "mobao" in e.path.name))


def stats(app: App) -> None:
    """The statistics for the person."""
    scene: Any = app.scenes.top
    scene.open_stats()
    app.scenes.top.wait_loaded()  # type: ignore[union-attr]


def main() -> int:
    """Make the demo library and render each screenshot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    demo_home(app_paths().ensure())
    made = [
        shoot("replays_library", "zh", library),
        shoot("replays_library_en", "en", library),
        shoot("replays_samples", "zh", samples),
        shoot("replays_samples_en", "en", samples),
        shoot("replays_stats", "zh", stats),
        shoot("replays_stats_en", "en", stats),
        shoot_viewer("replays_viewer", "zh", mid_hand),
        shoot_viewer("replays_viewer_en", "en", mid_hand),
        shoot_viewer("replays_review", "zh", reviewed),
        shoot_viewer("replays_review_en", "en", reviewed),
        shoot_viewer("replays_candidates", "zh", candidates, match="2026-11-28"),
        shoot_viewer("replays_candidates_en", "en", candidates, match="2026-11-28"),
        shoot("replays_stats_rating", "zh", stats_rating),
        shoot("replays_stats_rating_en", "en", stats_rating),
        shoot("replays_coach", "zh", coach_block),
        shoot("replays_coach_en", "en", coach_block),
    ]
    for path in made:
        print(path.relative_to(ROOT))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

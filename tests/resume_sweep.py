"""The resume sweep: every cut point of recorded matches saved, resumed, played to the end and verified.

A crash can stop the autosave after any line. For every prefix length of a
recorded match the prefix is written as the save, :meth:`Session.resume` picks
it up, AI players finish the match (seat 0 too), and the whole log must pass
:func:`~game.replay.verify.verify_events`. Used by ``tests/test_resume_sweep.py``
(a small sweep) and ``tests/bench/resume_sweep.py`` (a bigger one that prints figures).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.registry import make_player
from game.core.events import Event, TileDiscarded
from game.core.rules import PRESETS
from game.host.autosave import save_header
from game.host.match import ai_seed
from game.host.session import Session
from game.match_config import MatchConfig
from game.replay.logfile import save_log
from game.replay.verify import verify_events
from game.saves import SaveError, save_path


@dataclass
class SweepResult:
    """What a sweep did: cut points tried, resumes refused as expected, failures, event kinds seen."""

    cut_points: int = 0
    resumed: int = 0
    dropped: int = 0
    """Cut points where the resume dropped the events of a move cut short."""
    failures: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    """Event types in the recorded matches (``auto_discard`` for a locked hand's automatic discard)."""


def play_out(session: Session, level: str, seed: int) -> None:
    """Finish the match with AI players at every seat (seat 0 by ``level``)."""
    me = make_player(level, ai_seed(seed, 0))
    while not session.host.over:
        if session.host.round_over:
            session.advance()
        elif session.host.person_pending():
            decision = me.decide(session.host.view(), session.host.legal())
            result = session.host.submit(decision.action)
            if not isinstance(result, list):
                result = session.host.submit(session.host.legal()[0])
                assert isinstance(result, list), result
        else:
            session.host.run_ai(session.host.ai_pending()[0])


def record(
    folder: Path, preset: str, seed: int, hands: int, level: str
) -> tuple[dict[str, object], list[Event]]:
    """Play a whole match with AI players everywhere; its save header and its events."""
    config = MatchConfig((level, level, level), PRESETS[preset], hands, seed=seed, preset=preset)
    session = Session.new(config, folder / "saves")
    header = save_header(session.game, session.host.levels, session.host.preset)
    play_out(session, level, seed)
    return header, list(session.game.events)


def sweep_match(folder: Path, preset: str, seed: int, hands: int, level: str, result: SweepResult) -> None:
    """Every cut point of one recorded match: save the prefix, resume, play on, verify."""
    header, events = record(folder, preset, seed, hands, level)
    for event in events:
        auto = isinstance(event, TileDiscarded) and event.auto
        result.kinds["auto_discard" if auto else event.type] += 1
    saves = folder / "saves"
    for cut in range(1, len(events) + 1):
        result.cut_points += 1
        where = f"{preset} seed {seed} cut {cut}/{len(events)}"
        save_log(save_path(saves), events[:cut], header)
        try:
            session = Session.resume(save_path(saves))
        except SaveError as exc:
            # only a log with no hand dealt yet, or a finished match, is refused
            if not (cut == 1 or cut == len(events)):
                result.failures.append(f"{where}: resume refused: {exc}")
            continue
        result.resumed += 1
        session.close()  # play on without the autosave's fsync per event (the crash soak covers saving)
        if session.autosave is not None:
            session.autosave.path = None
        kept = len(session.game.events)
        if session.game.events != events[:kept] or kept > cut:
            result.failures.append(f"{where}: the resumed log is not a prefix of the saved one")
            continue
        result.dropped += kept < cut
        try:
            play_out(session, level, seed + cut)
        except Exception as exc:  # a resumed match that cannot be played on is a failure to report
            result.failures.append(f"{where}: playing on failed: {exc!r}")
            continue
        checked = verify_events(session.game.events)
        if not checked.ok:
            result.failures.append(f"{where}: event {checked.index}: {checked.error}")


def sweep(
    folder: Path, presets: tuple[str, ...], seeds: tuple[int, ...], hands: int, level: str
) -> SweepResult:
    """Sweep every cut point of one match per (preset, seed)."""
    result = SweepResult()
    for preset in presets:
        for seed in seeds:
            sweep_match(folder / f"{preset}-{seed}", preset, seed, hands, level, result)
    return result

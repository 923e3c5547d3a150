"""Mutated replay, save, settings and scenario files, and the verdict each loader must give.

Shared by the property tests (``tests/test_fuzz_files.py``, a few hundred cases) and the long run
(``tests/bench/fuzz_files.py --cases 10000``). A mutation is a list of small ops (byte flips,
truncation, inserted bytes, line swaps, drops and repeats, a JSON value swapped for another of any
type, a number with thousands of digits, nesting 100,000 deep, a byte-order mark); each op is
three integers so hypothesis can shrink it and a seeded ``random.Random`` can draw it.

Every loader must end in a *valid load* or *our clear error* naming the file — never another
exception. :func:`check` gives one :class:`Verdict`:

- ``valid``: the file loads (and a replay verifies, a save resumes, a scenario plays);
- ``refused``: a clear error naming the file while reading (LogFileError, a settings problem
  shown with defaults used, ScenarioError, a save Continue will not offer);
- ``invalid``: the file reads but the rules reject it, with the event and the reason (a replay
  that fails verification, a save whose resume is refused);
- ``unnamed``: an error message that does not name the file (a bug);
- ``crash``: any other exception (a bug).
"""

from __future__ import annotations

import functools
import json
import random
import tempfile
import tomllib
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from game.paths import AppPaths
from game.replay.header import complete_header
from game.replay.logfile import LogFileError, encode_log, load_log, make_header
from game.replay.verify import verify_events
from game.scenario import ScenarioError, load_scenario, run_scenario
from game.settings import Settings, load_settings, save_settings

KINDS = ("replay", "save", "settings", "scenario")
Kind = Literal["replay", "save", "settings", "scenario"]
Op = tuple[int, int, int]
"""(what, a, b): ``a`` and ``b`` pick positions, lines or values modulo the file's size."""

FLIP, TRUNCATE, INSERT, SWAP_LINES, DROP_LINE, DUP_LINE, VALUE, HUGE, DEEP, BOM = range(10)
OP_NAMES = (
    "flip",
    "truncate",
    "insert",
    "swap_lines",
    "drop_line",
    "dup_line",
    "value",
    "huge",
    "deep",
    "bom",
)
HUGE_NUMBER = "9" * 5000
DEEP_VALUE = "[" * 100_000 + "]" * 100_000
VALUES = (
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1.5",
    "-0.0",
    "1e400",
    "NaN",
    "1" + "0" * 30,
    "-" + "9" * 30,
    '""',
    '"x"',
    '"E"',
    '"\\ud800"',
    '"\\u0000"',
    "[]",
    "{}",
    "[1]",
    "[1, 2, 3, 4]",
    '{"a": 1}',
    '["E", "S"]',
    "[" * 70 + "]" * 70,
)
"""JSON text a value may be swapped for: every type, edge numbers, lone surrogates, nesting past the limit."""
TOML_VALUES = ('""', '"x"', "0", "-1", "1.5", "true", "[]", "{}", "[1, 2]", "nan", "inf", "1979-05-27", '"E"')

Verdict = Literal["valid", "refused", "invalid", "unnamed", "crash"]
VERDICTS: tuple[Verdict, ...] = ("valid", "refused", "invalid", "unnamed", "crash")


@dataclass(frozen=True)
class Outcome:
    """What one loader made of one file."""

    verdict: Verdict
    detail: str = ""


# --------------------------------------------------------------------------- mutations


def _json_slots(value: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) holding a value in a parsed JSON document, container first."""
    slots: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        item = stack.pop()
        pairs = item.items() if isinstance(item, dict) else enumerate(item) if isinstance(item, list) else ()
        for key, child in pairs:
            slots.append((item, key))
            stack.append(child)
    return slots


SENTINEL = "\x00swap\x00"


def _swap_json_value(line: str, pick: int, text: str) -> str | None:
    """The JSON line with one value (chosen by ``pick``) replaced by the JSON ``text``; None if not JSON."""
    try:
        doc = json.loads(line)
    except (ValueError, RecursionError):
        return None
    slots = _json_slots(doc)
    if not slots:
        return text
    container, key = slots[pick % len(slots)]
    container[key] = SENTINEL
    return json.dumps(doc, ensure_ascii=False).replace(json.dumps(SENTINEL), text, 1)


def _swap_toml_value(line: str, text: str) -> str | None:
    """A TOML ``key = value`` line with its value replaced; None if the line has no ``=``."""
    key, sep, _ = line.partition("=")
    return f"{key}= {text}" if sep and key.strip() and not key.lstrip().startswith("#") else None


def _swap_value(data: bytes, a: int, b: int, text: str | None, toml: bool) -> bytes:
    lines = data.split(b"\n")
    for offset in range(len(lines)):
        index = (a + offset) % len(lines)
        try:
            line = lines[index].decode("utf-8")
        except UnicodeDecodeError:
            continue
        if toml:
            swapped = _swap_toml_value(line, text or TOML_VALUES[b % len(TOML_VALUES)])
        else:
            swapped = _swap_json_value(line, b, text or VALUES[b % len(VALUES)])
        if swapped is not None:
            lines[index] = swapped.encode("utf-8", "surrogatepass")
            return b"\n".join(lines)
    return data


def mutate(data: bytes, ops: Sequence[Op], *, toml: bool = False) -> bytes:
    """Apply ops in order. JSON files (``toml`` False) may have one document over several lines; value
    swaps then work on one line at a time, as in a JSON Lines log (a line that is not JSON is skipped)."""
    for what, a, b in ops:
        n = len(data)
        lines = data.split(b"\n")
        if what == FLIP and n:
            data = data[: a % n] + bytes([data[a % n] ^ (1 << (b % 8))]) + data[a % n + 1 :]
        elif what == TRUNCATE:
            data = data[: a % (n + 1)]
        elif what == INSERT:
            data = data[: a % (n + 1)] + bytes([b % 256]) + data[a % (n + 1) :]
        elif what == SWAP_LINES and len(lines) > 1:
            i, j = a % len(lines), b % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
        elif what == DROP_LINE and len(lines) > 1:
            del lines[a % len(lines)]
            data = b"\n".join(lines)
        elif what == DUP_LINE:
            i = a % len(lines)
            lines.insert(b % (len(lines) + 1), lines[i])
            data = b"\n".join(lines)
        elif what == VALUE:
            data = _swap_value(data, a, b, None, toml)
        elif what == HUGE:
            data = _swap_value(data, a, b, HUGE_NUMBER if b % 2 else "-" + HUGE_NUMBER, toml)
        elif what == DEEP:
            data = _swap_value(data, a, b, DEEP_VALUE if not toml else "[" * 5000 + "]" * 5000, toml)
        elif what == BOM:
            data = b"\xef\xbb\xbf" + data
    return data


def random_ops(rng: random.Random, most: int = 3) -> list[Op]:
    """One to ``most`` ops drawn from a seeded generator (the long run's cases)."""
    return [
        (rng.randrange(len(OP_NAMES)), rng.randrange(1 << 20), rng.randrange(1 << 20))
        for _ in range(rng.randint(1, most))
    ]


# --------------------------------------------------------------------------- the files to mutate


@dataclass(frozen=True)
class Sample:
    """A good file of one kind and the name it is written under."""

    kind: Kind
    name: str
    data: bytes

    def __repr__(self) -> str:
        return f"Sample({self.kind!r}, {self.name!r}, {len(self.data)} bytes)"


def _short_replay(seed: int, hands: int) -> bytes:
    """A finished short match's replay from AI self-play."""
    from game.ai.registry import make_player
    from game.ai.selfplay import play_match
    from game.core.rules import RuleSet

    players = [make_player("greedy", seed * 4 + i) for i in range(4)]
    record = play_match(players, seed, RuleSet(), hands=hands)
    header = make_header(kind="match", seed=seed, players=["greedy"] * 4)
    events = record.game.events
    return encode_log(events, complete_header(header, events)).encode("utf-8")  # as version 2 reads it


def _autosave(seed: int, moves: int) -> bytes:
    """The autosave of a match in progress, written by the game's own session after ``moves`` moves."""
    from game.core.rules import RuleSet
    from game.host.session import Session
    from game.match_config import MatchConfig
    from game.saves import save_path

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory(prefix="hm-fuzz-save-") as tmp:
        config = MatchConfig(("novice", "normal", "novice"), RuleSet(), 4, seed=seed)
        session = Session.new(config, Path(tmp) / "saves", Path(tmp) / "replays")
        for _ in range(moves):
            if session.host.round_over:
                session.advance()
            elif session.host.person_pending():
                session.host.submit(rng.choice(session.host.legal()))
            else:
                session.host.run_ai(session.host.ai_pending()[0])
        session.close()
        return save_path(Path(tmp) / "saves").read_bytes()


@functools.cache
def samples() -> dict[Kind, tuple[Sample, ...]]:
    """The good files each kind's mutations start from (built once per process)."""
    replay, save = _short_replay(seed=3, hands=1), _autosave(seed=5, moves=40)
    settings = Settings(language="zh", volume=0.4, window_size=(1600, 900))
    scenarios = sorted((Path(__file__).parent / "scenarios").glob("*.toml"))
    scenario_samples = [Sample("scenario", p.name, p.read_bytes()) for p in scenarios]
    scenario_samples += [
        Sample(
            "scenario",
            p.with_suffix(".json").name,
            json.dumps(tomllib.loads(p.read_text(encoding="utf-8")), ensure_ascii=False, indent=1).encode(),
        )
        for p in scenarios[:2]
    ]
    settings_text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2)
    return {
        "replay": (Sample("replay", "match.jsonl", replay),),
        "save": (Sample("save", "current.jsonl", save),),
        "settings": (Sample("settings", "settings.json", settings_text.encode()),),
        "scenario": tuple(scenario_samples),
    }


# --------------------------------------------------------------------------- the verdicts


def _error(message: str, path: Path, verdict: Verdict) -> Outcome:
    one_line = "\n" not in message.strip()
    return Outcome(verdict if str(path) in message and one_line else "unnamed", message)


def _check_replay(folder: Path, sample: Sample, data: bytes) -> Outcome:
    path = folder / sample.name
    path.write_bytes(data)
    try:
        log = load_log(path)
    except LogFileError as exc:
        return _error(str(exc), path, "refused")
    result = verify_events(log.events)
    if not result.ok:
        return Outcome("invalid", f"event {result.index}: {result.error}")
    return Outcome("valid")


def _check_save(folder: Path, sample: Sample, data: bytes) -> Outcome:
    from game.host.session import Session
    from game.saves import SaveError, SaveInfo, find_save, save_path

    saves = folder / "saves"
    saves.mkdir()
    path = save_path(saves)
    path.write_bytes(data)
    found = find_save(saves)
    if not isinstance(found, SaveInfo):
        if found in ("none", "over"):
            return Outcome("valid", found)
        return _error(found, path, "refused")
    try:
        session = Session.resume(path, folder / "replays")
    except SaveError as exc:
        return _error(str(exc), path, "invalid")
    session.close()
    return Outcome("valid")


def _check_settings(folder: Path, sample: Sample, data: bytes) -> Outcome:
    paths = AppPaths(folder / "data", folder / "config", folder / "logs")
    paths.settings_file.parent.mkdir(parents=True)
    paths.settings_file.write_bytes(data)
    result = load_settings(paths, environ={"LANG": "en_US.UTF-8"})
    if not isinstance(result.settings, Settings):
        return Outcome("crash", f"load_settings gave {result.settings!r}")
    if not result.problems:
        return Outcome("valid")
    message = result.message or ""
    if str(paths.settings_file) not in message:
        return Outcome("unnamed", message)
    save_settings(result.settings, paths)  # what was loaded can always be written back
    return Outcome("refused", message)


def _check_scenario(folder: Path, sample: Sample, data: bytes) -> Outcome:
    path = folder / sample.name
    path.write_bytes(data)
    try:
        scenario = load_scenario(path)
    except ScenarioError as exc:
        return _error(str(exc), path, "refused")
    run = run_scenario(scenario)
    json.dumps(run.to_dict(), ensure_ascii=False).encode("utf-8")  # what ``scenario run --json`` prints
    return Outcome("valid" if run.ok and not run.mismatches else "invalid", run.error)


CHECKS: dict[Kind, Callable[[Path, Sample, bytes], Outcome]] = {
    "replay": _check_replay,
    "save": _check_save,
    "settings": _check_settings,
    "scenario": _check_scenario,
}


def check(sample: Sample, ops: Sequence[Op]) -> tuple[Outcome, bytes]:
    """Write the mutated sample in a fresh folder, load it the way the game and the CLI do, judge it."""
    data = mutate(sample.data, ops, toml=sample.name.endswith(".toml"))
    with tempfile.TemporaryDirectory(prefix="hm-fuzz-") as tmp:
        try:
            return CHECKS[sample.kind](Path(tmp), sample, data), data
        except Exception as exc:  # the bug this exists to find: report it, do not stop the run
            where = traceback.extract_tb(exc.__traceback__)[-1]
            detail = f"{type(exc).__name__}: {exc} ({Path(where.filename).name}:{where.lineno})"
            return Outcome("crash", detail[:300]), data

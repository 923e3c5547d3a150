"""Player settings: a frozen dataclass, loaded from and saved to JSON in the config dir.

A settings file a person broke (bad JSON, wrong types, values out of range) never
stops the game: the problem is logged and turned into a message the UI can show,
the file is kept aside as ``settings.json.bad``, and defaults are used for what
could not be read (the whole file if it is not a JSON object, else per key).
Unknown keys are ignored. Writes go to a temp file, are fsynced, then renamed.
Besides the preferences of the settings screen, the file remembers the last
new-game setup and whether the table's tile tracker was open.

Also here: :func:`setup_logging`, a rotating log file in the user log dir that
works when ``sys.stdout``/``sys.stderr`` are None (windowed builds).
This module imports nothing from pygame.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import locale
import logging
import logging.handlers
import os
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Final, Literal, get_args

from game.atomic import write_atomic
from game.core.rules import PRESETS
from game.match_config import MatchConfig
from game.paths import AppPaths
from game.safe_read import MAX_SETTINGS_BYTES, BadFileError, MissingFileError, load_json_file, shorten
from game.table.hint_levels import HINT_LEVELS

log = logging.getLogger(__name__)

Language = Literal["zh", "en"]
AnimationSpeed = Literal["off", "fast", "normal", "slow"]
TilePalette = Literal["classic", "colourblind"]
OpponentLevel = Literal["novice", "normal", "strong", "expert"]

LANGUAGES: Final[tuple[Language, ...]] = get_args(Language)
ANIMATION_SPEEDS: Final[tuple[AnimationSpeed, ...]] = get_args(AnimationSpeed)
TILE_PALETTES: Final[tuple[TilePalette, ...]] = get_args(TilePalette)
OPPONENT_LEVELS: Final[tuple[OpponentLevel, ...]] = get_args(OpponentLevel)
"""The AI levels the new-game screen offers (``game.ai.registry.LEVELS``, weakest first)."""
MATCH_LENGTHS: Final = (4, 8, 16)
"""The match lengths (hands) the new-game screen offers."""

MIN_WINDOW: Final = (1024, 640)
DEFAULT_WINDOW: Final = (1280, 720)
MAX_WINDOW: Final = (7680, 4320)
UI_SCALE_RANGE: Final = (0.75, 1.5)
AI_DELAY_RANGE: Final = (0, 3000)
HINT_RANGE: Final = (0, len(HINT_LEVELS) - 1)
"""The hint levels' numbers (what each shows: :mod:`game.table.hint_levels`)."""
ENTRUST_IDLE_RANGE: Final = (0, 600)
"""Seconds of waiting before 托管 takes over (0: off)."""
SETTINGS_VERSION: Final = 1


def system_language(environ: Mapping[str, str] | None = None, preferred: Sequence[str] = ()) -> Language:
    """``zh`` when the system prefers Chinese, else ``en``: the first zh or en among the operating system's
    ``preferred`` UI languages (tags like ``zh_CN``, ``zh-Hant``, ``en_US``, most wanted first) decides;
    without one, the locale variables (``LC_ALL`` ... ``LANGUAGE``) do; then ``en``.
    """
    for tag in preferred:
        language = tag.strip().lower().replace("-", "_").split("_")[0]
        if language in ("zh", "en"):
            return "zh" if language == "zh" else "en"
    env = os.environ if environ is None else environ
    candidates: list[str] = [env.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    if environ is None:
        with contextlib.suppress(ValueError, TypeError):
            candidates.append(locale.getlocale()[0] or "")
    for value in candidates:
        value = value.strip()
        if not value or value in {"C", "POSIX"} or value.startswith("C."):
            continue
        return "zh" if value.lower().startswith(("zh", "chinese")) else "en"
    return "en"


@dataclass(frozen=True)
class Settings:
    """Everything the player can change in the settings screen."""

    language: Language = "en"
    """Display language of the UI."""
    animation_speed: AnimationSpeed = "normal"
    """How fast table animations play; ``off`` jumps straight to the end."""
    ai_delay_ms: int = 600
    """Pause before an AI opponent acts, so the player can follow."""
    hints: int = 0
    """The hint level's number (0 off; what each level shows: :data:`game.table.hint_levels.HINT_LEVELS`)."""
    tile_palette: TilePalette = "classic"
    """Tile colours: traditional, or a palette that does not rely on red/green."""
    corner_index: bool = False
    """Show a small ``3m``-style index in the corner of every tile face."""
    ui_scale: float = 1.0
    """Scale of text and widgets."""
    volume: float = 0.7
    """Sound-effect volume as a slider position, 0-1 (heard on a decibel scale: ``game.ui.kit.sound``)."""
    muted: bool = False
    """Silence all sound."""
    fullscreen: bool = False
    """Start in fullscreen."""
    window_size: tuple[int, int] = DEFAULT_WINDOW
    """Window size in windowed mode."""
    show_tracker: bool = False
    """The table's unseen-tile tracker (F2) is open."""
    auto_win: bool = False
    """The table takes every win offered at once (``game.table.assists``)."""
    skip_calls: bool = False
    """The table passes a discard that could only be called for 吃, 碰 or 杠 (not a win, not 吃听/碰听)."""
    auto_discard: bool = False
    """The table throws the drawn tile unless a win, a kong or 听 is possible."""
    entrust_idle_s: int = 0
    """Seconds a decision may wait before an AI takes over the person's seat (托管); 0: never."""
    new_game: MatchConfig = dataclasses.field(default_factory=MatchConfig)
    """The last setup started from the new-game screen (its seed not kept), offered again next time."""

    def replace(self, **changes: Any) -> Settings:
        """A copy with some fields changed; values are checked like a loaded file."""
        data = self.to_dict()
        data.update(changes)
        settings, problems = settings_from_dict(data, base=self)
        if problems:
            raise ValueError("; ".join(problems))
        return settings

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (with the file format version)."""
        data = dataclasses.asdict(self)
        data["window_size"] = list(self.window_size)
        data["new_game"] = self.new_game.setup_dict()
        data["version"] = SETTINGS_VERSION
        return data

    @staticmethod
    def defaults(environ: Mapping[str, str] | None = None, preferred: Sequence[str] = ()) -> Settings:
        """The default settings, with the language the system prefers (see :func:`system_language`)."""
        return Settings(language=system_language(environ, preferred))


def _choice(choices: tuple[str, ...]) -> Callable[[Any], Any]:
    """Validator for a value that must be one of ``choices``."""

    def check(value: Any) -> Any:
        if value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return check


def _bool(value: Any) -> bool:
    """Validator for a JSON boolean."""
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _int_range(low: int, high: int) -> Callable[[Any], int]:
    """Validator for a whole number in [low, high]."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise ValueError("must be a whole number")
        if not low <= value <= high:
            raise ValueError(f"must be between {low} and {high}")
        return int(value)

    return check


def _float_range(low: float, high: float) -> Callable[[Any], float]:
    """Validator for a number in [low, high]."""

    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("must be a number")
        if value != value or not low <= value <= high:  # NaN fails the first test
            raise ValueError(f"must be between {low} and {high}")
        return round(float(value), 3)

    return check


def _window_size(value: Any) -> tuple[int, int]:
    """Validator for ``[width, height]`` within the allowed window sizes."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError("must be [width, height]")
    width = _int_range(MIN_WINDOW[0], MAX_WINDOW[0])(value[0])
    height = _int_range(MIN_WINDOW[1], MAX_WINDOW[1])(value[1])
    return (width, height)


def _game_setup(value: Any) -> MatchConfig:
    """Validator for the remembered new-game setup: an object with ``levels``, ``preset`` and ``hands``.

    A missing key takes its default; any bad part rejects the whole setup (it is one choice).
    """
    if isinstance(value, MatchConfig):
        value = value.setup_dict()
    if not isinstance(value, dict):
        raise ValueError("must be an object with levels, preset and hands")
    default = MatchConfig()
    levels = value.get("levels", list(default.levels))
    if (
        not isinstance(levels, list | tuple)
        or len(levels) != 3
        or not all(isinstance(level, str) and level in OPPONENT_LEVELS for level in levels)
    ):
        raise ValueError(f"levels must be three of {', '.join(OPPONENT_LEVELS)}")
    preset = value.get("preset", default.preset)
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ValueError(f"preset must be one of {', '.join(PRESETS)}")
    hands = value.get("hands", default.hands)
    if isinstance(hands, bool) or not isinstance(hands, int | float) or hands not in MATCH_LENGTHS:
        raise ValueError(f"hands must be one of {', '.join(map(str, MATCH_LENGTHS))}")
    return MatchConfig.from_preset((levels[0], levels[1], levels[2]), preset, int(hands))


VALIDATORS: Final[dict[str, Callable[[Any], Any]]] = {
    "language": _choice(LANGUAGES),
    "animation_speed": _choice(ANIMATION_SPEEDS),
    "ai_delay_ms": _int_range(*AI_DELAY_RANGE),
    "hints": _int_range(*HINT_RANGE),
    "tile_palette": _choice(TILE_PALETTES),
    "corner_index": _bool,
    "ui_scale": _float_range(*UI_SCALE_RANGE),
    "volume": _float_range(0.0, 1.0),
    "muted": _bool,
    "fullscreen": _bool,
    "window_size": _window_size,
    "show_tracker": _bool,
    "auto_win": _bool,
    "skip_calls": _bool,
    "auto_discard": _bool,
    "entrust_idle_s": _int_range(*ENTRUST_IDLE_RANGE),
    "new_game": _game_setup,
}
"""One checker per field: returns the clean value or raises ValueError with the reason."""


def settings_from_dict(data: Mapping[str, Any], base: Settings | None = None) -> tuple[Settings, list[str]]:
    """Settings from a loaded dict: bad values fall back to ``base`` per key, unknown keys are ignored.

    Returns the settings and one human-readable problem per rejected key.
    """
    base = base if base is not None else Settings.defaults()
    clean: dict[str, Any] = {}
    problems: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        try:
            clean[f.name] = VALIDATORS[f.name](data[f.name])
        except ValueError as exc:
            problems.append(f"{f.name}={shorten(data[f.name])} {exc}; using {getattr(base, f.name)!r}")
    return dataclasses.replace(base, **clean), problems


@dataclass(frozen=True)
class LoadResult:
    """What :func:`load_settings` found: the settings to use and any problem to show."""

    settings: Settings
    problems: tuple[str, ...] = ()
    """One line per problem (empty when the file was fine or absent)."""
    path: Path | None = None
    """The settings file that was read."""
    kept_as: Path | None = None
    """Where the bad file was kept aside, if it was."""

    @property
    def message(self) -> str | None:
        """A message naming the file and the problems, for the UI; None when all was well."""
        if not self.problems:
            return None
        lines = [f"{self.path}:"] + [f"  - {p}" for p in self.problems]
        if self.kept_as is not None:
            lines.append(f"The old file was kept as {self.kept_as}.")
        return "\n".join(lines)


def _keep_aside(path: Path, *, move: bool) -> Path | None:
    """Copy (or move) a bad settings file to ``<name>.bad``; None if that failed."""
    bad = path.with_name(path.name + ".bad")
    try:
        if move:
            os.replace(path, bad)
        else:
            shutil.copyfile(path, bad)
    except OSError as exc:
        log.warning("could not keep the bad settings file aside as %s: %s", bad, exc)
        return None
    return bad


def load_settings(paths: AppPaths, environ: Mapping[str, str] | None = None) -> LoadResult:
    """Read the settings file; never raises for a missing, unreadable or broken file."""
    path = paths.settings_file
    defaults = Settings.defaults(environ)
    try:
        data = load_json_file(path, "settings", MAX_SETTINGS_BYTES)
    except MissingFileError:
        return LoadResult(defaults, path=path)
    except BadFileError as exc:
        problem = f"{exc.problem}; using the default settings"
        log.warning("settings file %s: %s", path, problem)
        return LoadResult(defaults, (problem,), path, _keep_aside(path, move=True))
    if not isinstance(data, dict):
        problem = f"holds a JSON {type(data).__name__}, not an object; using the default settings"
        log.warning("settings file %s %s", path, problem)
        return LoadResult(defaults, (problem,), path, _keep_aside(path, move=True))
    settings, problems = settings_from_dict(data, base=defaults)
    if not problems:
        return LoadResult(settings, path=path)
    for problem in problems:
        log.warning("settings file %s: %s", path, problem)
    kept = _keep_aside(path, move=False)
    try:
        save_settings(settings, paths)
    except OSError as exc:
        log.warning("could not rewrite the repaired settings file %s: %s", path, exc)
    return LoadResult(settings, tuple(problems), path, kept)


@dataclass(frozen=True)
class RunOnly:
    """Settings the command line sets for one run (``--lang``, ``--size``, ``--anim-speed``).

    They hold while the game runs, but the settings file keeps the values it had for them: only
    those values are not saved. Everything else the player changes is saved as usual, and so is
    a held value the player changes again themselves (it is then the player's choice).
    """

    held: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """The setting (field name) -> its value for this run."""
    saved: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """The same settings as the file had them."""

    @classmethod
    def over(cls, settings: Settings, **held: Any) -> RunOnly:
        """Hold ``held`` (settings field -> value; None: not given) over the loaded ``settings``."""
        given = {k: v for k, v in held.items() if v is not None}
        return cls(given, {k: getattr(settings, k) for k in given})

    def apply(self, settings: Settings) -> Settings:
        """The settings of this run: the loaded ones with the held values."""
        return settings.replace(**self.held)

    def for_disk(self, settings: Settings) -> Settings:
        """What to save: the settings now, with each held value that is still in place as the file had it."""
        kept = {k: self.saved[k] for k, v in self.held.items() if getattr(settings, k) == v}
        return settings.replace(**kept) if kept else settings


def save_settings(settings: Settings, paths: AppPaths) -> Path:
    """Write the settings file atomically; returns its path. Raises OSError if the disk refuses."""
    text = json.dumps(settings.to_dict(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    write_atomic(paths.settings_file, text)
    return paths.settings_file


LOG_HANDLER_NAME: Final = "harbin-mahjong-file"


def setup_logging(paths: AppPaths, level: int = logging.INFO, *, console: bool = False) -> Path | None:
    """Send the ``game`` loggers to a rotating file in the log dir (and to stderr if asked and present).

    Safe to call more than once (handlers are not duplicated; a file handler for
    another folder is replaced) and when the log dir
    cannot be created (then only stderr, if any, is used). Returns the log file path.
    """
    logger = logging.getLogger("game")
    logger.setLevel(level)
    logger.propagate = False
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    for old in list(logger.handlers):  # a handler for another folder (an earlier setup) is replaced
        if old.get_name() == LOG_HANDLER_NAME and getattr(old, "baseFilename", None) != str(paths.log_file):
            logger.removeHandler(old)
            old.close()
    names = {h.get_name() for h in logger.handlers}
    log_path: Path | None = paths.log_file
    if LOG_HANDLER_NAME not in names:
        try:
            paths.log_dir.mkdir(parents=True, exist_ok=True)
            handler: logging.Handler = logging.handlers.RotatingFileHandler(
                paths.log_file, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
            )
            handler.set_name(LOG_HANDLER_NAME)
            handler.setFormatter(fmt)
            logger.addHandler(handler)
        except OSError:
            log_path = None
    if console and sys.stderr is not None and f"{LOG_HANDLER_NAME}-console" not in names:
        stream = logging.StreamHandler(sys.stderr)
        stream.set_name(f"{LOG_HANDLER_NAME}-console")
        stream.setFormatter(fmt)
        stream.setLevel(logging.WARNING)
        logger.addHandler(stream)
    return log_path


__all__ = [
    "ANIMATION_SPEEDS",
    "DEFAULT_WINDOW",
    "ENTRUST_IDLE_RANGE",
    "LANGUAGES",
    "MATCH_LENGTHS",
    "MAX_WINDOW",
    "MIN_WINDOW",
    "OPPONENT_LEVELS",
    "TILE_PALETTES",
    "AnimationSpeed",
    "Language",
    "LoadResult",
    "OpponentLevel",
    "RunOnly",
    "Settings",
    "TilePalette",
    "load_settings",
    "save_settings",
    "settings_from_dict",
    "setup_logging",
    "system_language",
]

"""The room words for every rule switch and preset, in Chinese and English, read from data files.

Each language has one file, ``assets/rules/switches.<lang>.json``, with the same
schema. The new-game rule list, the rule card and the lessons all read them
through :func:`load_rule_texts`, which checks a file completely before anything
uses it (a broken file is refused with one line naming the file and the place).

Schema (every text non-empty, no other keys)::

    {
      "lang": "zh" | "en",
      "presets": {"<PRESETS key>": {"name": "...", "doc": "..."}, ...},   # every preset, and
                                                                           # "custom" (rules of no preset)
      "switches": {
        "<RuleSet field>": {                                               # every field
          "name": "what a room calls the switch",
          "doc": "one line: what the switch decides",
          "values": {
            "<value key>": {
              "label": "the room's words for this value",
              "doc": "one line: what the table does with this value",
              "tiles": "7889m 8m"                                          # optional example
            }
          }
        }
      }
    }

A value key is the choice itself for a text switch (``"winner_deals"``),
``"on"``/``"off"`` for a yes/no switch, and ``"n"`` for a number switch, whose
``label`` and ``doc`` hold ``{n}`` where the number goes. Every amount a text states is
a field too, never a digit: ``{base_mobao}``, ``{menqing_loser}``, ``{kong_angang}`` … (the names of
:func:`game.core.scoring.amounts`), filled from the rule set the text describes — a preset's doc from
that preset, a switch's texts from the rule set shown — so the S4 view says 摸宝 4 where S4 pays 4.
A number that a room names in other words has its own key as well (``"0"`` of ``cap``: 不封顶, not
"cap 0"); :data:`NUMBER_CASES` lists them. ``tiles`` is tile
notation as in the rules text: groups such as ``46m`` separated by spaces,
``x`` for a face-down tile. Internal keys (field names, value keys, preset
keys) stay keys; only the texts are shown to a player.
"""

from __future__ import annotations

import json
import logging
import string
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from game.core.errors import HarbinError
from game.core.rules import CUSTOM_PRESET, PRESETS, RULE_KEYS, STANDARD, RuleError, RuleSet, rule_choices
from game.core.scoring import amounts
from game.core.tiles import TileNotationError, parse_kinds
from game.glossary import Lang
from game.paths import asset

log = logging.getLogger(__name__)

NUMBER_KEY = "n"
"""The value key of a number switch; its texts hold ``{n}``."""

NUMBER_CASES: Mapping[str, tuple[int, ...]] = MappingProxyType({"cap": (0,)})
"""Numbers of a number switch that have words of their own (0 of ``cap`` is 不封顶, no cap)."""

PRESET_KEYS: tuple[str, ...] = (*PRESETS, CUSTOM_PRESET)
"""Every preset the texts name: the rule presets and ``custom`` (a saved match's rules that match none)."""


class RuleTextError(HarbinError, ValueError):
    """A switch-text file that cannot be read or does not match the rule set."""


def value_key(value: object) -> str:
    """The key under which a switch value's texts are stored (``on``/``off``, ``n`` or the choice)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return NUMBER_KEY
    return str(value)


def value_keys(key: str) -> tuple[str, ...]:
    """Every value key a switch's texts must cover, in the order the rule set lists the choices."""
    choices = rule_choices(key)
    if not choices:
        return (NUMBER_KEY, *(str(n) for n in NUMBER_CASES.get(key, ())))
    return tuple(value_key(choice) for choice in choices)


@dataclass(frozen=True)
class ValueText:
    """The room's words for one value of a switch, and an optional tile example."""

    label: str
    doc: str
    tiles: str = ""


@dataclass(frozen=True)
class SwitchText:
    """The room's name for a switch, what it decides, and the words for each of its values."""

    key: str
    name: str
    doc: str
    values: Mapping[str, ValueText]

    def value(self, value: object, rules: RuleSet | None = None) -> ValueText:
        """The texts of one value (a number filled into its ``{n}``, unless it has words of its own), each
        amount filled from ``rules`` (by default the standard rules with this switch at ``value``)."""
        vkey = value_key(value)
        if rules is None:
            try:
                rules = STANDARD.replace(**{self.key: value})
            except RuleError:  # a value no rule set may hold (a sample): the standard amounts
                rules = STANDARD
        filled = amounts(rules)
        if vkey == NUMBER_KEY and str(value) in self.values:
            text = self.values[str(value)]
        else:
            text = self.values[vkey]
        return ValueText(text.label.format(n=value, **filled), text.doc.format(n=value, **filled), text.tiles)


@dataclass(frozen=True)
class PresetText:
    """What a rule preset is called and what it changes."""

    name: str
    doc: str


@dataclass(frozen=True)
class CardLine:
    """One switch at one value, ready to show: name, value label, one-line explanation, tiles."""

    key: str
    name: str
    label: str
    doc: str
    tiles: str


@dataclass(frozen=True)
class RuleTexts:
    """Every switch and preset text of one language, checked against the rule set."""

    lang: Lang
    switches: Mapping[str, SwitchText]
    presets: Mapping[str, PresetText]

    def describe(self, key: str, value: object, rules: RuleSet | None = None) -> CardLine:
        """A switch at a value in this language's words, its amounts those of ``rules`` (by default the
        standard rules with the switch at ``value``)."""
        switch = self.switches[key]
        text = switch.value(value, rules)
        return CardLine(key, switch.name, text.label, text.doc, text.tiles)

    def lines(self, rules: RuleSet) -> list[CardLine]:
        """Every switch of a rule set, in the rule set's order, with the rule set's amounts."""
        return [self.describe(key, getattr(rules, key), rules) for key in RULE_KEYS]

    def card(self, rules: RuleSet, base: RuleSet = STANDARD) -> list[CardLine]:
        """The switches where ``rules`` differs from ``base`` (the 哈尔滨 standard): the rule card."""
        changed = rules.differences(base)
        return [self.describe(key, changed[key], rules) for key in RULE_KEYS if key in changed]

    def preset_name(self, preset: str) -> str:
        """The name of a preset; an unknown one (a lesson's own deal) keeps its key."""
        text = self.presets.get(preset)
        return text.name if text is not None else preset


def switches_path(lang: Lang) -> Path:
    """The switch-text file of a language."""
    return asset("rules", f"switches.{lang}.json")


def load_rule_texts(lang: Lang, path: Path | None = None) -> RuleTexts:
    """Read and check one language's switch texts; RuleTextError names the file and the problem."""
    path = switches_path(lang) if path is None else path
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleTextError(f"{path}: cannot read the switch texts ({exc})") from None
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise RuleTextError(f"{path}: not valid JSON ({exc})") from None
    return parse_rule_texts(data, lang, str(path))


def preset_name(preset: str, lang: Lang) -> str:
    """A preset's name in a language; its key if it names no preset or the texts cannot be read (logged)."""
    try:
        return load_rule_texts(lang).preset_name(preset)
    except RuleTextError as exc:
        log.error("%s", exc)
        return preset


def rule_doc(key: str, lang: Lang = "en") -> str:
    """The one-line explanation of a rule switch in a language (from the switch texts)."""
    if key not in RULE_KEYS:
        raise RuleError(f"unknown rule key {key!r}")
    return load_rule_texts(lang).switches[key].doc


# ------------------------------------------------------------------------------------------ checking


def parse_rule_texts(data: object, lang: Lang, source: str = "switch texts") -> RuleTexts:
    """Check parsed JSON against the schema and the rule set; RuleTextError names the first problem."""
    top = _object(data, source, "the file", {"lang", "presets", "switches"})
    if top["lang"] != lang:
        raise RuleTextError(f"{source}: lang is {top['lang']!r}, expected {lang!r}")
    presets_in = _object(top["presets"], source, "presets", set(PRESET_KEYS))
    presets = {name: _preset(presets_in[name], source, f"presets.{name}", name) for name in PRESET_KEYS}
    switches_in = _object(top["switches"], source, "switches", set(RULE_KEYS))
    switches = {key: _switch(key, switches_in[key], source) for key in RULE_KEYS}
    return RuleTexts(lang, MappingProxyType(switches), MappingProxyType(presets))


AMOUNT_FIELDS: frozenset[str] = frozenset(amounts(STANDARD))
"""The names a text may hold where an amount goes (filled from the rule set it describes)."""


def _fields(text: str) -> set[str]:
    """The ``{...}`` fields of a text (``{"{"}`` when its braces do not parse)."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return {"{"}


def _preset(data: object, source: str, where: str, name: str) -> PresetText:
    """One preset entry: its name and what it changes, each amount filled from the preset's rules."""
    texts = _texts(_object(data, source, where, {"name", "doc"}), source, where, ("name", "doc"))
    for field_name, text in texts.items():
        unknown = sorted(_fields(text) - AMOUNT_FIELDS)
        if unknown:
            raise RuleTextError(f"{source}: {where}.{field_name}: unknown amount {{{unknown[0]}}}")
    filled = amounts(PRESETS.get(name, STANDARD))
    return PresetText(texts["name"].format(**filled), texts["doc"].format(**filled))


def _switch(key: str, data: object, source: str) -> SwitchText:
    """One switch entry: name, doc and a text for every allowed value."""
    where = f"switches.{key}"
    entry = _object(data, source, where, {"name", "doc", "values"})
    texts = _texts(entry, source, where, ("name", "doc"))
    wanted = value_keys(key)
    values_in = _object(entry["values"], source, f"{where}.values", set(wanted))
    values = {vkey: _value(values_in[vkey], source, f"{where}.values.{vkey}", vkey) for vkey in wanted}
    return SwitchText(key, texts["name"], texts["doc"], MappingProxyType(values))


def _value(data: object, source: str, where: str, vkey: str) -> ValueText:
    """One value entry: label, doc and optional tiles; a number's texts must hold ``{n}``."""
    entry = _object(data, source, where, {"label", "doc"}, optional=frozenset({"tiles"}))
    texts = _texts(entry, source, where, ("label", "doc"))
    need = "holds {n} and no other field" if vkey == NUMBER_KEY else "has no {...} field"
    need += " but amounts"
    for field_name, text in texts.items():
        fields = _fields(text)
        allowed = AMOUNT_FIELDS | ({"n"} if vkey == NUMBER_KEY else set())
        if fields - allowed or (vkey == NUMBER_KEY and field_name == "label" and "n" not in fields):
            raise RuleTextError(f"{source}: {where}.{field_name}: must be text that {need}")
    tiles = entry.get("tiles", "")
    if not isinstance(tiles, str) or (tiles and not tiles.strip()):
        raise RuleTextError(f"{source}: {where}.tiles: expected tile notation such as '7889m 8m'")
    for token in tiles.split():
        if token == "x":
            continue
        try:
            parse_kinds(token)
        except TileNotationError as exc:
            raise RuleTextError(f"{source}: {where}.tiles: {exc}") from None
    return ValueText(texts["label"], texts["doc"], tiles)


def _object(
    data: object, source: str, where: str, required: set[str], optional: frozenset[str] = frozenset()
) -> dict[str, object]:
    """A JSON object with exactly the required keys (and perhaps the optional ones)."""
    if not isinstance(data, dict):
        raise RuleTextError(f"{source}: {where}: expected an object, got {type(data).__name__}")
    missing = sorted(required - data.keys())
    if missing:
        raise RuleTextError(f"{source}: {where}: missing {missing[0]!r}")
    unknown = sorted(data.keys() - required - optional)
    if unknown:
        raise RuleTextError(f"{source}: {where}: unknown key {unknown[0]!r}")
    return data


def _texts(entry: Mapping[str, object], source: str, where: str, names: tuple[str, ...]) -> dict[str, str]:
    """The named fields of an entry, each a non-empty one-line text."""
    out: dict[str, str] = {}
    for name in names:
        text = entry[name]
        if not isinstance(text, str) or not text.strip() or "\n" in text:
            raise RuleTextError(f"{source}: {where}.{name}: expected a non-empty one-line text")
        out[name] = text
    return out


__all__ = [
    "NUMBER_CASES",
    "NUMBER_KEY",
    "PRESET_KEYS",
    "CardLine",
    "PresetText",
    "RuleTextError",
    "RuleTexts",
    "SwitchText",
    "ValueText",
    "load_rule_texts",
    "parse_rule_texts",
    "preset_name",
    "rule_doc",
    "switches_path",
    "value_key",
    "value_keys",
]

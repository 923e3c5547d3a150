"""Colours of the green-felt table and the pygame_gui theme built at runtime.

The theme is a dict (pygame_gui accepts one in place of a file): every element
type gets its own font block with the absolute Noto Sans SC paths, because the
theme's ``defaults`` block ignores fonts. Sizes follow the UI scale. The fonts
a theme uses are listed by :func:`theme_font_ids` so the manager can preload
them (no "font not preloaded" warnings, no first-use stall).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from game.ui.kit.fonts import FontPaths

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Colours:
    """The named colours of the program (green felt, cream text, gold accents)."""

    felt: RGB = (31, 94, 62)
    felt_light: RGB = (44, 118, 80)
    felt_dark: RGB = (14, 52, 33)
    felt_line: RGB = (58, 128, 90)
    panel: RGB = (12, 38, 25)
    panel_edge: RGB = (201, 168, 90)
    gold: RGB = (232, 200, 114)
    gold_dark: RGB = (160, 124, 52)
    text: RGB = (246, 238, 219)
    text_dim: RGB = (183, 205, 190)
    text_dark: RGB = (28, 38, 30)
    red: RGB = (200, 55, 45)
    turn: RGB = (255, 214, 102)
    ting: RGB = (236, 88, 70)
    shadow: RGB = (0, 0, 0)
    button: RGB = (22, 66, 44)
    button_hover: RGB = (33, 92, 61)
    button_active: RGB = (46, 118, 80)
    button_disabled: RGB = (30, 50, 40)
    selected: RGB = (214, 178, 94)


COLOURS: Final = Colours()
MIN_TEXT_PX: Final = 12
"""The smallest text any screen draws, in pixels (issue 22: nothing under 12 px at 1024x640)."""


def readable(size: int) -> int:
    """A text size in pixels raised to :data:`MIN_TEXT_PX` where it falls below it."""
    return max(MIN_TEXT_PX, size)

DIALOG_FILL: Final = (10, 34, 22, 255)
"""The panel of a dialog over another screen: opaque, so nothing under it shows through its text."""


def hex_colour(rgb: RGB) -> str:
    """``#RRGGBB`` for a colour tuple."""
    return "#{:02X}{:02X}{:02X}".format(*rgb)


FONT_NAME: Final = "noto_sc"

BASE_SIZES: Final[dict[str, tuple[int, bool]]] = {
    # element type or object id -> (base pixel size at scale 1.0, bold). Titles, headings and long
    # text are drawn by our own renderer (fonts.FontBook), so the theme needs only a few sizes.
    "button": (18, False),
    "label": (18, False),
    "text_box": (18, False),
    "text_entry_line": (18, False),
    "window": (18, False),
    "drop_down_menu": (18, False),
    "selection_list": (18, False),
    "check_box": (18, False),
    "tool_tip": (15, False),
    "#menu_button": (22, True),
    "#section": (18, True),
    "#small": (15, False),
    "#segment": (16, False),
    "@claim": (19, True),
    "@tool": (14, False),
}


def scaled(size: int, scale: float) -> int:
    """A pixel size times the UI scale, never below 8."""
    return max(8, round(size * scale))


def _font_block(paths: FontPaths, size: int, bold: bool) -> dict[str, str]:
    """One theme font block with absolute file paths."""
    block = {
        "name": FONT_NAME,
        "size": str(size),
        "regular_path": str(paths.regular),
        "bold_path": str(paths.bold),
    }
    if bold:
        block["bold"] = "1"
    return block


def build_theme(paths: FontPaths, scale: float = 1.0, colours: Colours = COLOURS) -> dict[str, Any]:
    """The pygame_gui theme dict for a UI scale, with fonts by absolute path."""
    c = colours
    text = hex_colour(c.text)
    button_colours = {
        "normal_bg": hex_colour(c.button),
        "hovered_bg": hex_colour(c.button_hover),
        "active_bg": hex_colour(c.button_active),
        "selected_bg": hex_colour(c.selected),
        "disabled_bg": hex_colour(c.button_disabled),
        "normal_text": text,
        "hovered_text": hex_colour(c.gold),
        "active_text": text,
        "selected_text": hex_colour(c.text_dark),
        "disabled_text": "#6F8A7A",
        "normal_border": hex_colour(c.gold_dark),
        "hovered_border": hex_colour(c.gold),
        "active_border": hex_colour(c.gold),
        "selected_border": hex_colour(c.gold),
        "disabled_border": "#3C5A4A",
    }
    radius = str(max(4, round(8 * scale)))
    theme: dict[str, Any] = {
        "defaults": {
            "colours": {
                "normal_text": text,
                "dark_bg": hex_colour(c.panel),
                "normal_border": hex_colour(c.gold_dark),
                "link_text": hex_colour(c.gold),
                "link_hover": "#FFE9A8",
                "text_cursor": text,
                "selected_bg": hex_colour(c.selected),
                "selected_text": hex_colour(c.text_dark),
            }
        },
        "button": {
            "colours": button_colours,
            "misc": {
                "shape": "rounded_rectangle",
                "shape_corner_radius": radius,
                "border_width": "2",
                "shadow_width": "0",
                "text_horiz_alignment": "center",
            },
        },
        "label": {"colours": {"normal_text": text, "dark_bg": "#00000000"}},
        "panel": {
            "colours": {"dark_bg": "#0C2619E6", "normal_border": hex_colour(c.gold_dark)},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius, "border_width": "2"},
        },
        "window": {
            "colours": {"dark_bg": "#0C2619F5", "normal_border": hex_colour(c.gold)},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius, "border_width": "2"},
        },
        "text_box": {
            "colours": {"dark_bg": "#00000000", "normal_text": text, "normal_border": "#00000000"},
            "misc": {"border_width": "0", "padding": "4,4"},
        },
        "text_entry_line": {
            "colours": {
                "dark_bg": "#081C12",
                "normal_text": text,
                "selected_bg": hex_colour(c.selected),
                "normal_border": hex_colour(c.gold_dark),
            },
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "4", "border_width": "2"},
        },
        "horizontal_slider": {
            "colours": {"dark_bg": "#081C12", "normal_border": hex_colour(c.gold_dark), **button_colours},
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6", "border_width": "1"},
        },
        "#section": {"colours": {"normal_text": hex_colour(c.gold)}},
        "#small": {"colours": {"normal_text": hex_colour(c.text_dim)}},
        "#menu_button": {
            "misc": {"shape_corner_radius": str(max(6, round(12 * scale))), "border_width": "2"},
        },
        "@segment": {"misc": {"shape_corner_radius": str(max(4, round(6 * scale))), "border_width": "1"}},
        # the table's claim bar: a call the player may make stands out; greyed ones recede; only the default
        # (selected) is lit gold, so the other calls' border stays green
        "@claim": {
            "colours": {
                **button_colours,
                "normal_bg": "#34905C,#22683F,90",
                "normal_border": "#5FB385",
                "hovered_bg": "#40A56C,#2C7C4E,90",
                "disabled_bg": "#21432D,#0E2116,90",
                "disabled_text": "#58705F",
                "disabled_border": "#2A4536",
            },
            "misc": {"shape_corner_radius": radius, "border_width": "2"},
        },
        "@tool": {
            "colours": {
                **button_colours,
                "normal_bg": "#1E5A3B,#113A26,90",
                "hovered_bg": "#2A7550,#1A4E35,90",
            },
            "misc": {"shape_corner_radius": str(max(4, round(6 * scale))), "border_width": "1"},
        },
    }
    for key, (base, bold) in BASE_SIZES.items():
        block = theme.setdefault(key, {})
        block["font"] = _font_block(paths, scaled(base, scale), bold)
    theme["@segment"]["font"] = _font_block(paths, scaled(BASE_SIZES["#segment"][0], scale), False)
    return theme


def theme_font_ids(scale: float = 1.0) -> list[dict[str, Any]]:
    """Every font the theme names, in the form ``UIManager.preload_fonts`` takes."""
    seen: set[tuple[int, str]] = set()
    for base, bold in BASE_SIZES.values():
        seen.add((scaled(base, scale), "bold" if bold else "regular"))
    return [{"name": FONT_NAME, "point_size": size, "style": style} for size, style in sorted(seen)]


class ManagerFactory:
    """Makes themed UIManagers that share one pool of loaded fonts.

    Opening a CJK font costs ~12 ms per (size, weight); a fresh UIManager per scene
    would pay that for every font of the theme on every scene change or resize.
    The factory hands each new manager's theme the fonts earlier managers loaded
    (pygame_gui keys them by name, weight and size), so only new sizes are opened.
    """

    def __init__(self, paths: FontPaths) -> None:
        self.paths = paths
        self.shared_fonts: dict[str, Any] = {}
        self.shared_paths: dict[str, Any] = {}

    def create(self, size: tuple[int, int], scale: float = 1.0) -> Any:
        """A UIManager for a window size with the theme at a UI scale and every theme font preloaded.

        Needs a display surface (``pygame.Window.get_surface`` or ``display.set_mode``) first.
        """
        import pygame_gui
        from pygame_gui.core import UIAppearanceTheme

        factory = self

        class _Manager(pygame_gui.UIManager):
            def create_new_theme(self, theme_path: Any = None) -> Any:
                theme = UIAppearanceTheme(self.resource_loader, self._locale)
                font_dict: Any = theme.font_dict
                font_dict.loaded_fonts.update(factory.shared_fonts)
                font_dict.known_font_paths.update(factory.shared_paths)
                if theme_path is not None:
                    theme.load_theme(theme_path)
                return theme

        manager = _Manager(size, build_theme(self.paths, scale), enable_live_theme_updates=False)
        fonts: Any = manager.get_theme().get_font_dictionary()
        if FONT_NAME not in fonts.known_font_paths:
            manager.add_font_paths(FONT_NAME, str(self.paths.regular), str(self.paths.bold))
        missing = [
            spec
            for spec in theme_font_ids(scale)
            if not fonts.check_font_preloaded(
                fonts.create_font_id(spec["point_size"], FONT_NAME, spec["style"] == "bold", False, True)
            )
        ]
        if missing:
            manager.preload_fonts(missing)
        self.shared_fonts.update(fonts.loaded_fonts)
        self.shared_paths.update(fonts.known_font_paths)
        return manager


def create_manager(size: tuple[int, int], paths: FontPaths, scale: float = 1.0) -> Any:
    """A one-off themed UIManager (no font sharing); see :class:`ManagerFactory`."""
    return ManagerFactory(paths).create(size, scale)


__all__ = [
    "COLOURS",
    "DIALOG_FILL",
    "FONT_NAME",
    "MIN_TEXT_PX",
    "Colours",
    "ManagerFactory",
    "build_theme",
    "create_manager",
    "hex_colour",
    "readable",
    "scaled",
    "theme_font_ids",
]

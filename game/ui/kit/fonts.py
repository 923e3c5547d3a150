"""Fonts by file path (Noto Sans SC Regular/Bold) and a cache of fonts and rendered text.

The CJK font files come from ``assets/fonts`` when a build ships its own
subsets there, else from pygame_gui's installed ``data`` folder. They are
always opened by *path*: FreeType then streams the file instead of holding a
copy in memory (pygame_gui's package-resource loader would cost ~78 MiB).
"""

from __future__ import annotations

import contextlib
import importlib.util
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

import pygame

from game.core.errors import HarbinError
from game.resources import asset_root
from game.ui.kit.textlog import TextLog

Weight = Literal["regular", "bold"]
Colour = tuple[int, int, int] | tuple[int, int, int, int]

FONT_FILES: Final = {"regular": "NotoSansSC-Regular", "bold": "NotoSansSC-Bold"}


class FontMissingError(HarbinError, RuntimeError):
    """Raised when neither the assets nor pygame_gui provide the CJK font files."""


@dataclass(frozen=True)
class FontPaths:
    """Absolute paths of the regular and bold CJK font files."""

    regular: Path
    bold: Path

    def path(self, weight: Weight) -> Path:
        """The file of one weight."""
        return self.bold if weight == "bold" else self.regular


def pygame_gui_data_dir() -> Path | None:
    """pygame_gui's installed ``data`` folder, found without importing pygame_gui."""
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).resolve().parent / "data"


def find_font_paths() -> FontPaths:
    """Locate Noto Sans SC Regular and Bold: ``assets/fonts`` first, then pygame_gui's data."""
    folders = [asset_root() / "fonts"]
    gui = pygame_gui_data_dir()
    if gui is not None:
        folders.append(gui)
    for folder in folders:
        found: dict[str, Path] = {}
        for weight, stem in FONT_FILES.items():
            for ext in (".otf", ".ttf"):
                candidate = folder / (stem + ext)
                if candidate.is_file():
                    found[weight] = candidate
                    break
        if len(found) == 2:
            return FontPaths(regular=found["regular"], bold=found["bold"])
    raise FontMissingError(f"Noto Sans SC not found in {', '.join(str(f) for f in folders)}")


class FontBook:
    """Opens fonts by (weight, pixel size) and caches rendered text surfaces.

    One instance is owned by the app; nothing here is module-level state. The text cache keeps the
    1,024 lines drawn most recently: a frame draws a few hundred, and in 12 minutes of autoplayed
    matches 740,543 lookups found the line there and 1,152 did not (1,024 of those were first sightings).
    A line image averages 16 KB, so the cap holds the cache near 17 MB.
    """

    def __init__(self, paths: FontPaths | None = None, text_cache_size: int = 1024) -> None:
        self.paths = paths if paths is not None else find_font_paths()
        self._fonts: dict[tuple[Weight, int], pygame.font.Font] = {}
        self._scratch: dict[Weight, pygame.font.Font] = {}
        self._scratch_size: dict[Weight, int] = {}
        self._sizes: OrderedDict[tuple[str, Weight, int], tuple[int, int]] = OrderedDict()
        """Text extents already measured, by (text, weight, size)."""
        self._text: OrderedDict[tuple[str, Weight, int, Colour], pygame.Surface] = OrderedDict()
        self._text_cache_size = text_cache_size
        self._wrapped: OrderedDict[tuple[str, int, int, Weight], list[str]] = OrderedDict()
        """Line breaks already worked out (measuring every character is slow), by text, size, width."""
        self._char_widths: dict[tuple[Weight, int], dict[str, int]] = {}
        """Widths of single characters by weight and size, for :meth:`wrap`'s quick bound."""
        self._lines: dict[tuple[Weight, int], tuple[int, int]] = {}
        """(line spacing, height) by weight and size (see :meth:`line_size`)."""
        self.log: TextLog | None = None
        """Set by the fit tests: every line drawn through :meth:`draw` or :meth:`put` is recorded there."""

    def font(self, size: int, weight: Weight = "regular") -> pygame.font.Font:
        """The font of a weight at a pixel size (at least 6), opened once."""
        size = max(6, int(size))
        key = (weight, size)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(self.paths.path(weight)), size)
            self._fonts[key] = font
        return font

    def line_size(self, size: int, weight: Weight = "regular") -> int:
        """The distance between two lines of text at a size (the font's line spacing), without opening the
        font at that size (opening the CJK font file takes ~7 ms: a panel fitting its text at a new size
        must not stall a frame)."""
        return self._line_metrics(size, weight)[0]

    def height(self, size: int, weight: Weight = "regular") -> int:
        """The height of a line of text at a size (ascent plus descent), measured as :meth:`line_size`."""
        return self._line_metrics(size, weight)[1]

    def _line_metrics(self, size: int, weight: Weight) -> tuple[int, int]:
        size = max(6, int(size))
        key = (weight, size)
        found = self._lines.get(key)
        if found is None:
            font = self._any(size, weight)  # a resized font measures as one opened at the size
            found = self._lines[key] = (font.get_linesize(), font.get_height())
        return found

    def sized(self, size: int, weight: Weight = "regular") -> pygame.font.Font:
        """One shared font per weight, resized in place: for one-off measuring and rendering.

        Opening the CFF font file costs a few milliseconds per size; tile art fits glyphs
        at many sizes, so it uses this. Use the result at once: the next call resizes it.
        """
        size = max(6, int(size))
        font = self._scratch.get(weight)
        if font is None:
            font = pygame.font.Font(str(self.paths.path(weight)), size)
            self._scratch[weight] = font
        elif self._scratch_size[weight] != size:
            font.point_size = size  # drops the font's glyph cache, so only when the size changes
        self._scratch_size[weight] = size
        return font

    def _any(self, size: int, weight: Weight) -> pygame.font.Font:
        """The font opened at this size if there is one, else the shared resized one (use it at once).

        A resized font renders and measures byte-identically to one opened at that size, and
        resizing takes microseconds where opening the file takes ~7 ms: a table laid out at
        a new size must not stall a frame opening fonts for its labels.
        """
        font = self._fonts.get((weight, size))
        return font if font is not None else self.sized(size, weight)

    def render(self, text: str, size: int, colour: Colour, weight: Weight = "regular") -> pygame.Surface:
        """Anti-aliased text on a transparent surface, cached by (text, weight, size, colour)."""
        key = (text, weight, max(6, int(size)), colour)
        surf = self._text.get(key)
        if surf is not None:
            self._text.move_to_end(key)
            return surf
        surf = self._any(key[2], weight).render(text, True, colour)
        if len(colour) == 4 and colour[3] < 255:
            surf.set_alpha(colour[3])
        self._text[key] = surf
        if len(self._text) > self._text_cache_size:
            self._text.popitem(last=False)
        return surf

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        weight: Weight = "regular",
        **anchor: tuple[int, int],
    ) -> pygame.Rect:
        """Draw one line anchored as given (``center=(x, y)``, ``topleft`` by default); returns its rect."""
        img = self.render(text, size, colour, weight)
        rect = img.get_rect(**anchor) if anchor else img.get_rect()
        return self.put(surface, img, rect, text)

    def put(
        self, surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, text: str
    ) -> pygame.Rect:
        """Blit a line of text already rendered (or turned) at ``rect``; noted in the log if there is one."""
        surface.blit(image, rect)
        if self.log is not None:
            self.log.add(surface, text, image, rect)
        return rect

    @contextlib.contextmanager
    def box(self, rect: pygame.Rect, name: str) -> Iterator[None]:
        """Text drawn inside this block belongs in ``rect`` (a plate, a toast, a panel): for the text log."""
        log = self.log
        if log is None:
            yield
            return
        log.boxes.append((pygame.Rect(rect), name))
        try:
            yield
        finally:
            log.boxes.pop()

    @contextlib.contextmanager
    def unlogged(self) -> Iterator[None]:
        """Draw without noting it in the text log (measuring by drawing where nothing shows)."""
        log, self.log = self.log, None
        try:
            yield
        finally:
            self.log = log

    def size(self, text: str, size: int, weight: Weight = "regular") -> tuple[int, int]:
        """Width and height the text would take (remembered)."""
        key = (text, weight, max(6, int(size)))
        found = self._sizes.get(key)
        if found is not None:
            return found
        w, h = self._any(key[2], weight).size(text)
        found = self._sizes[key] = (int(w), int(h))
        if len(self._sizes) > 4096:
            self._sizes.popitem(last=False)
        return found

    def wrap(self, text: str, size: int, width: int, weight: Weight = "regular") -> list[str]:
        """Break text into lines no wider than ``width``: at spaces for Latin text, anywhere for CJK.

        Results are remembered (a screen redrawn every frame asks for the same text again).
        """
        key = (text, int(size), int(width), weight)
        cached = self._wrapped.get(key)
        if cached is not None:
            self._wrapped.move_to_end(key)
            return list(cached)
        font = self._any(max(6, int(size)), weight)
        chars = self._char_widths.setdefault((weight, max(6, int(size))), {})

        def measure(piece: str) -> int:
            # the widths of its characters plus a pixel each bound the piece's width (kerning only
            # tightens, rounding is under a pixel): a piece that fits by that bound is not measured
            bound = len(piece)
            for ch in piece:
                w = chars.get(ch)
                if w is None:
                    w = chars[ch] = int(font.size(ch)[0])
                bound += w
            return bound if bound <= width else int(font.size(piece)[0])

        lines: list[str] = []
        for paragraph in text.split("\n"):
            lines.extend(wrap_line(paragraph, width, measure))
        self._wrapped[key] = lines
        if len(self._wrapped) > 512:
            self._wrapped.popitem(last=False)
        return list(lines)

    def text_cache_use(self) -> tuple[int, int]:
        """Rendered texts cached now, and the most the cache keeps (for diagnostics)."""
        return len(self._text), self._text_cache_size

    def clear(self) -> None:
        """Forget every font and cached text (after a display change)."""
        self._fonts.clear()
        self._scratch.clear()
        self._scratch_size.clear()
        self._sizes.clear()
        self._text.clear()
        self._wrapped.clear()
        self._char_widths.clear()
        self._lines.clear()


def _is_cjk(ch: str) -> bool:
    """True for characters that may be broken before or after (CJK ideographs and punctuation)."""
    code = ord(ch)
    return 0x2E80 <= code <= 0x9FFF or 0xF900 <= code <= 0xFAFF or 0xFF00 <= code <= 0xFFEF


NO_LINE_START: Final = set("，。、；：！？）》」』】,.;:!?)]}%")
"""Punctuation that must not begin a line (kinsoku)."""


def _is_number(token: str) -> bool:
    """Whether a wrapping token is a number (digits with a sign or decimal point, a space after it)."""
    core = token.rstrip(" ").lstrip("+-−")
    return bool(core) and core.replace(".", "", 1).isdigit() and core.isascii()


def wrap_line(text: str, width: int, measure_fn: Callable[[str], int]) -> list[str]:
    """Greedy wrap of one paragraph with a text-width function; keeps punctuation off line starts."""
    if not text:
        return [""]
    # tokens: CJK characters one by one, Latin words with their trailing space; a number keeps the CJK
    # character after it (its measure word: "换宝 1 次", "第 3 局" never break between 3 and 局)
    tokens: list[str] = []
    buf = ""
    for ch in text:
        if _is_cjk(ch):
            if buf:
                tokens.append(buf)
                buf = ""
            if tokens and _is_number(tokens[-1]):
                tokens[-1] += ch
            else:
                tokens.append(ch)
        elif ch == " ":
            buf += ch
            tokens.append(buf)
            buf = ""
        else:
            buf += ch
    if buf:
        tokens.append(buf)
    lines: list[str] = []
    line = ""
    for token in tokens:
        candidate = line + token
        if line and measure_fn(candidate.rstrip()) > width:
            if token[0] in NO_LINE_START and len(line) > 1:
                # move the last character down with the punctuation (and any punctuation before it: "）。")
                cut = len(line) - 1
                while cut > 1 and line[cut] in NO_LINE_START:
                    cut -= 1
                lines.append(line[:cut].rstrip())
                line = line[cut:] + token
            else:
                lines.append(line.rstrip())
                line = token.lstrip() if token.strip() else ""
        else:
            line = candidate
        while measure_fn(line.rstrip()) > width and len(line) > 1:
            # a single word wider than the line: break it by characters
            cut = len(line) - 1
            while cut > 1 and measure_fn(line[:cut]) > width:
                cut -= 1
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line.rstrip())
    return _drop_separators_at_breaks(lines)


SEPARATORS: Final = ("·", "・")
"""Separators between items of a list line (``C chi · P peng``): where a line breaks, they are dropped."""


def _drop_separators_at_breaks(lines: list[str]) -> list[str]:
    """No line begins (or, before a break, ends) with a list separator: it is dropped at the break."""
    out = list(lines)
    for i in range(len(out)):
        if i > 0 and out[i].startswith(SEPARATORS):
            out[i] = out[i][1:].lstrip()
        if i < len(out) - 1 and out[i].endswith(SEPARATORS):
            out[i] = out[i][:-1].rstrip()
    return out


__all__ = ["FontBook", "FontMissingError", "FontPaths", "find_font_paths", "pygame_gui_data_dir", "wrap_line"]

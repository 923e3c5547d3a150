"""About: what the game is, credits, and the Noto Sans SC font licence (SIL OFL 1.1) in full."""

from __future__ import annotations

from game import __version__
from game.resources import asset_root
from game.ui.kit.docview import DocScene


class AboutScene(DocScene):
    """Credits and licences, scrollable."""

    name = "about"
    title_key = "about.title"

    def source(self) -> str:
        """The about text, then the licence file verbatim."""
        app = self.app
        path = asset_root() / "licenses" / "OFL.txt"
        try:
            licence = path.read_text(encoding="utf-8")
        except OSError:
            licence = str(path)
        parts = [
            "# " + app.tr("app.title"),
            app.tr("about.version", version=__version__),
            "",
            app.tr("about.body").replace("\n", "\n\n"),
            "",
            "[[1m 1p 1s 7z x]]",
            "",
            "## " + app.tr("about.credits"),
            app.tr("about.credits_body").replace("\n", "\n\n"),
            "",
            "## " + app.tr("about.fonts"),
            app.tr("about.fonts_body"),
            "",
            "```",
            licence.rstrip("\n"),
            "```",
        ]
        return "\n".join(parts)

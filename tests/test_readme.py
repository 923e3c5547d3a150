"""The README's command examples stay true: each parses with the real command line, its files exist."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from game.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_examples() -> list[list[str]]:
    """The arguments of every ``harbin-mahjong`` line in the README's bash blocks (redirections dropped)."""
    out = []
    for block in re.findall(r"```bash\n(.*?)```", README, re.S):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):  # an environment variable for the run
                words = words[1:]
            if not words or words[0] != "harbin-mahjong":
                continue
            for stop in ("<", ">"):
                if stop in words:
                    words = words[: words.index(stop)]
            out.append(words[1:])
    return out


def test_the_readme_has_examples_of_the_tools_and_the_window() -> None:
    firsts = {words[0] for words in readme_examples() if words}
    assert {"replay", "analyze", "score", "drill", "simulate", "tournament", "bench", "--scene"} <= firsts


@pytest.mark.parametrize("words", readme_examples(), ids=" ".join)
def test_each_example_parses_and_its_files_exist(words: list[str]) -> None:
    args = build_parser().parse_args(words)  # a wrong option or choice exits 2 here
    assert args is not None
    for word in words:
        if word.startswith(("saves/", "tests/")):
            matches = list(ROOT.glob(word))
            assert matches, f"the README names {word}, which is not in the checkout"


def test_the_screenshot_and_the_linked_documents_exist() -> None:
    for target in re.findall(r"\]\(((?:docs|tutorials|saves)/[^)#]+)\)", README):
        assert (ROOT / target).exists(), target

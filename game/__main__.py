"""``python -m game`` and the ``harbin-mahjong`` command."""

from __future__ import annotations

import sys

from .cli import main as cli_main


def main() -> int:
    """Entry point of the console script: the game window, or a subcommand."""
    return cli_main(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())

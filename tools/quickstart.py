"""The README's Quick start commands, read from README.md, so CI runs exactly what a new user types.

    python3 tools/quickstart.py test    # prints the command that installs and runs the tests
    python3 tools/quickstart.py play    # prints the command that installs and plays

Each command is the line after its comment (``# install and play`` /
``# install and run the tests``) in the first code block of "## Quick start".
"""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
COMMENTS = {"play": "# install and play", "test": "# install and run the tests"}


class QuickStartError(ValueError):
    """The README's Quick start section is not shaped as this script expects."""


def quick_start_commands(readme: str) -> dict[str, str]:
    """The Quick start commands by name (``play``, ``test``), each the line after its comment."""
    _, found, rest = ("\n" + readme).partition("\n## Quick start\n")
    if not found:
        raise QuickStartError("README.md has no '## Quick start' section")
    section = rest.split("\n## ", 1)[0]
    parts = section.split("```")
    if len(parts) < 3:
        raise QuickStartError("README.md: the Quick start section has no code block")
    lines = [line.strip() for line in parts[1].splitlines()]
    out: dict[str, str] = {}
    for name, comment in COMMENTS.items():
        at = [i for i, line in enumerate(lines) if line.startswith(comment)]
        if len(at) != 1 or at[0] + 1 >= len(lines) or not lines[at[0] + 1]:
            raise QuickStartError(f"README.md: Quick start needs one '{comment}' line followed by a command")
        out[name] = lines[at[0] + 1]
    return out


def main(argv: list[str]) -> int:
    """Print one Quick start command (exit 2 with one line if the README does not have it)."""
    if len(argv) != 1 or argv[0] not in COMMENTS:
        print(f"usage: quickstart.py {{{','.join(COMMENTS)}}}", file=sys.stderr)
        return 2
    try:
        print(quick_start_commands(README.read_text(encoding="utf-8"))[argv[0]])
    except (OSError, QuickStartError) as exc:
        print(f"quickstart.py: error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

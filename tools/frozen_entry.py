"""The standalone program's entry script (``build_exe.spec``): the ``harbin-mahjong`` command, frozen.

A script of its own (not ``game/__main__.py``) so that ``game`` stays a package in the bundle.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())

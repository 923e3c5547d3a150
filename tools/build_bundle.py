"""Build the standalone one-folder bundle with PyInstaller (``build_exe.spec``) and smoke-test it.

    pip install -e '.[build]'                  # PyInstaller
    python tools/build_bundle.py               # build dist/harbin-mahjong/, check it, smoke-test it
    python tools/build_bundle.py --no-build    # only check and smoke-test an existing bundle

Prints the build time, the bundle's size and what takes the space, checks that the bundle holds
what the game reads (and not what it never uses), then runs the frozen program from outside the
checkout under the dummy video driver (``tools/release_checks.py``: the window's screens, every
subcommand, ``tournament --workers 2``). Exit status 0 when everything passed, 1 otherwise, 2 when
PyInstaller is missing. Build it on each system it is for (docs/building.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.bundle_contents import BUNDLED_DISTRIBUTIONS, NAME, PYGAME_GUI_DATA_KEPT, ROOT
from tools.release_checks import Report, Smoke, folder_size, mib, player_env, run

MAX_BUNDLE_BYTES = 150 * 2**20
CONTENTS_DIR = "_internal"
"""Where PyInstaller (6 and later) puts everything but the program in a one-folder bundle."""
ABSENT = ("numpy", "tkinter", "_tkinter", "pytest", "hypothesis", "PyInstaller", "mypy", "setuptools")
"""Top-level modules a bundle must not carry (matched as folder or file name stems in the bundle)."""


def build(dist: Path, work: Path, report: Report) -> float | None:
    """Run PyInstaller on the spec; the wall time, or None if it failed (its output is printed)."""
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN"]
    cmd += ["--distpath", str(dist), "--workpath", str(work), str(ROOT / "build_exe.spec")]
    print("== build: " + " ".join(cmd), flush=True)
    start = time.perf_counter()
    done = run(cmd, ROOT, player_env(work / "home"))
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        print(done.stdout + done.stderr)
        report.check("PyInstaller build", False, done.summary(), seconds)
        return None
    report.check("PyInstaller build", True, str(dist / NAME), seconds)
    return seconds


def space(bundle: Path) -> list[tuple[str, int]]:
    """The bundle's biggest parts: each entry of the contents folder (and the program), largest first."""
    parts: list[tuple[str, int]] = []
    for entry in [*bundle.iterdir(), *(bundle / CONTENTS_DIR).iterdir()]:
        if entry.name == CONTENTS_DIR:
            continue
        size = folder_size(entry) if entry.is_dir() else entry.stat().st_size
        parts.append((entry.relative_to(bundle).as_posix(), size))
    return sorted(parts, key=lambda p: -p[1])


def check_contents(bundle: Path, report: Report) -> None:
    """What the game reads is in the bundle; what it never uses is not."""
    inside = bundle / CONTENTS_DIR
    for folder in ("assets", "tutorials", "saves"):
        expected = sorted(
            p.relative_to(ROOT / folder).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file()
        )
        found = sorted(
            p.relative_to(inside / folder).as_posix() for p in (inside / folder).rglob("*") if p.is_file()
        )
        missing = sorted(set(expected) - set(found))
        report.check(
            f"bundle has {folder}/", not missing, f"missing {missing}" if missing else f"{len(found)} files"
        )
    tables = sorted(p.name for p in (ROOT / "game" / "core" / "data").glob("*.bin"))
    missing = [t for t in tables if not (inside / "game" / "core" / "data" / t).is_file()]
    report.check("bundle has the analysis tables", not missing, ", ".join(missing or tables))
    gui = inside / "pygame_gui" / "data"
    data = {p.name for p in gui.rglob("*") if p.is_file() and "licenses" not in p.parts}
    report.check(
        "pygame_gui data: only what the game uses", data == set(PYGAME_GUI_DATA_KEPT), ", ".join(sorted(data))
    )
    if not any((inside / "licenses" / "python").glob("*")):  # some Linux distributions' Pythons lack it
        report.note("Python's LICENSE.txt was not found beside this Python's standard library: not bundled")
    holders = [NAME, *BUNDLED_DISTRIBUTIONS]
    without = [h for h in holders if not any((inside / "licenses" / h).glob("*"))]
    if not (inside / "assets" / "licenses" / "OFL.txt").is_file():
        without.append("Noto Sans SC (assets/licenses/OFL.txt)")
    report.check("licence texts", not without, f"none for {without}" if without else ", ".join(holders))
    names = {p.name.split(".")[0] for p in inside.rglob("*")}
    present = [m for m in ABSENT if m in names]
    report.check(
        "nothing the game never uses", not present, f"found {present}" if present else ", ".join(ABSENT)
    )


def main(argv: list[str] | None = None) -> int:
    """Build (unless --no-build), check and smoke-test the bundle; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--dist", type=Path, default=ROOT / "dist", help="where the bundle goes (default dist/)"
    )
    parser.add_argument(
        "--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's work folder"
    )
    parser.add_argument("--no-build", action="store_true", help="check an existing bundle")
    parser.add_argument("--keep", type=Path, help="keep screenshots and the smoke test's files here")
    args = parser.parse_args(argv)
    if not args.no_build and importlib.util.find_spec("PyInstaller") is None:
        print(
            "build_bundle.py: error: PyInstaller is not installed: pip install -e '.[build]'", file=sys.stderr
        )
        return 2
    report = Report()
    figures: dict[str, object] = {}
    if not args.no_build:
        seconds = build(args.dist, args.work, report)
        if seconds is None:
            return 1
        figures["build_seconds"] = round(seconds, 1)
    bundle = args.dist / NAME
    program = bundle / (NAME + (".exe" if sys.platform == "win32" else ""))
    if not report.check("bundle", program.is_file(), str(program)):
        return 1
    total = folder_size(bundle)
    figures["bundle_mib"] = round(total / 2**20, 1)
    report.check("bundle size", total < MAX_BUNDLE_BYTES, f"{mib(total)} (limit {mib(MAX_BUNDLE_BYTES)})")
    print("== what takes the space", flush=True)
    for name, size in space(bundle)[:12]:
        print(f"   {mib(size):>10}  {name}")
    check_contents(bundle, report)
    print("== the frozen program, from outside the checkout (dummy video driver)", flush=True)
    work = args.keep or Path(tempfile.mkdtemp(prefix="hm-bundle-"))
    start = time.perf_counter()
    Smoke([str(program)], work, report).run_all(bundle / CONTENTS_DIR / "saves")
    figures["smoke_seconds"] = round(time.perf_counter() - start, 1)
    print("== figures: " + json.dumps(figures))
    if report.failures:
        print(f"{len(report.failures)} check(s) failed:\n  " + "\n  ".join(report.failures))
        return 1
    print(f"bundle OK: {bundle}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

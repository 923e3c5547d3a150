"""Check that a normal ``pip install`` of the game has everything: build, inspect, install, play.

    python tools/check_wheel.py                # CI runs this after the tests
    python tools/check_wheel.py --keep DIR     # keep the wheels, the venv and the screenshots in DIR

1. builds the wheel from the checkout (``pip wheel --no-deps``), and the sdist, then a second wheel
   from that sdist: both wheels must hold every file of ``assets/``, ``tutorials/``, ``saves/`` (as
   ``game/_assets`` ...), the analysis tables and every module, and nothing else;
2. installs the first wheel (with its dependencies) into a fresh venv;
3. from a folder outside the checkout, asks the installed package where its files are (inside the
   venv, never the checkout), then runs the smoke test of ``tools/release_checks.py`` on the
   installed ``harbin-mahjong``: the rules screen the same as the checkout's, lessons, sample
   replays verified, every subcommand.

Exit status 0 when everything passed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.release_checks import ROOT, Report, Run, Smoke, mib, player_env, run

SHIPPED = ("assets", "tutorials", "saves")
SDIST_SETUPTOOLS = "setuptools>=77"
"""The build backend pyproject.toml asks for (PEP 639 licence fields)."""
PROBE = (
    "import json, game, game.resources as r; print(json.dumps({'game': game.__file__, "
    "'assets': str(r.asset_root()), 'tutorials': str(r.shipped('tutorials')), "
    "'saves': str(r.shipped('saves')), 'tables': str(r.table_file('harbin_tables.bin'))}))"
)
"""Asks an installed game where it finds its files."""


def expected_files() -> set[str]:
    """Every file the wheel must hold: the modules, the tables and the shipped folders (as ``game/_NAME``)."""
    names = {"game/py.typed"}
    names |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")}
    names |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "game" / "core" / "data").glob("*.bin")}
    for folder in SHIPPED:
        base = ROOT / folder
        names |= {f"game/_{folder}/{p.relative_to(base).as_posix()}" for p in base.rglob("*") if p.is_file()}
    return names


def wheel_files(wheel: Path) -> set[str]:
    """The files of a wheel, without its metadata folder."""
    with zipfile.ZipFile(wheel) as zf:
        return {n for n in zf.namelist() if not n.split("/")[0].endswith(".dist-info")}


def check_wheel(label: str, wheel: Path, report: Report) -> set[str]:
    """A wheel holds every expected file and nothing beside the package."""
    files = wheel_files(wheel)
    missing = sorted(expected_files() - files)
    stray = sorted(n for n in files if not n.startswith("game/"))
    shipped = sum(1 for n in files if n.split("/")[1:2] and n.split("/")[1].startswith("_"))
    detail = f"{wheel.name}, {mib(wheel.stat().st_size)}, {len(files)} files ({shipped} shipped data files)"
    if missing or stray:
        detail = f"missing {missing[:8]}{' ...' if len(missing) > 8 else ''}; outside game/: {stray[:8]}"
    report.check(f"{label} contents", not missing and not stray, detail)
    return files


def single(folder: Path, pattern: str) -> Path | None:
    """The one file matching a pattern in a folder (None if there is not exactly one)."""
    found = sorted(folder.glob(pattern))
    return found[0] if len(found) == 1 else None


def build_sdist(out: Path, work: Path, report: Report) -> Path | None:
    """The sdist, built by the project's backend (setuptools, put beside the build if this one is older)."""
    env = player_env(work / "home")
    try:
        ready = int(importlib.metadata.version("setuptools").split(".")[0]) >= 77
    except importlib.metadata.PackageNotFoundError:
        ready = False
    if not ready:
        target = work / "backend"
        got = run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(target), SDIST_SETUPTOOLS],
            ROOT,
            env,
        )
        if not report.check("sdist backend", got.returncode == 0, got.summary(), got.seconds):
            return None
        env["PYTHONPATH"] = str(target)
    code = "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))"
    done = run([sys.executable, "-c", code, str(out)], ROOT, env)
    sdist = single(out, "*.tar.gz")
    report.check("sdist", done.returncode == 0 and sdist is not None, done.summary(), done.seconds)
    return sdist


def pip_wheel(source: Path, out: Path, work: Path, label: str, report: Report) -> Path | None:
    """``pip wheel --no-deps`` of a source (the checkout or an sdist)."""
    done = run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(source)],
        work,
        player_env(work / "home"),
    )
    wheel = single(out, "*.whl")
    report.check(label, done.returncode == 0 and wheel is not None, done.summary(), done.seconds)
    return wheel


def venv_program(venv: Path, name: str) -> Path:
    """A program in a venv's scripts folder."""
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    return scripts / (name + (".exe" if os.name == "nt" else ""))


def install(wheel: Path, venv: Path, report: Report) -> bool:
    """A fresh venv with the wheel and its dependencies installed (by this pip: the venv needs none)."""
    made = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], venv.parent, dict(os.environ))
    if not report.check("fresh venv", made.returncode == 0, made.summary(), made.seconds):
        return False
    python = str(venv_program(venv, "python"))
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", str(wheel)]
    done = run(pip, venv.parent, dict(os.environ))
    return report.check("pip install the wheel", done.returncode == 0, done.summary(), done.seconds)


def where_installed(venv: Path, cwd: Path, report: Report) -> dict[str, str] | None:
    """Where the installed game finds its files: every path inside the venv, none in the checkout."""
    cwd.mkdir(parents=True, exist_ok=True)
    probe: Run = run([str(venv_program(venv, "python")), "-c", PROBE], cwd, player_env(cwd / "home"))
    if probe.returncode != 0:
        report.check("installed paths", False, probe.summary(), probe.seconds)
        return None
    found: dict[str, str] = json.loads(probe.stdout)
    outside = [k for k, v in found.items() if not Path(v).resolve().is_relative_to(venv.resolve())]
    absent = [k for k, v in found.items() if not Path(v).exists()]
    ok = not outside and not absent
    detail = f"outside the venv: {outside}; missing: {absent}" if not ok else f"assets at {found['assets']}"
    report.check("installed paths", ok, detail, probe.seconds)
    return found if ok else None


def main(argv: list[str] | None = None) -> int:
    """Build, inspect, install and smoke-test the wheel; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = parser.parse_args(argv)
    work = (args.keep or Path(tempfile.mkdtemp(prefix="hm-wheel-"))).resolve()
    work.mkdir(parents=True, exist_ok=True)
    report = Report()
    start = time.perf_counter()
    print("== build the wheel and the sdist", flush=True)
    wheel = pip_wheel(ROOT, work / "wheel", work, "pip wheel (checkout)", report)
    sdist = build_sdist(work / "sdist", work, report)
    from_sdist = (
        pip_wheel(sdist, work / "wheel-from-sdist", work, "pip wheel (sdist)", report) if sdist else None
    )
    if wheel is None:
        return 1
    files = check_wheel("wheel", wheel, report)
    if from_sdist is not None:
        same = check_wheel("wheel from the sdist", from_sdist, report) == files
        report.check("the sdist builds the same wheel", same)
    print("== install into a fresh venv", flush=True)
    venv = work / "venv"
    if not install(wheel, venv, report):
        return 1
    print("== the installed game, from outside the checkout (dummy video driver)", flush=True)
    found = where_installed(venv, work / "smoke" / "cwd", report)
    if found is not None:
        smoke = Smoke([str(venv_program(venv, "harbin-mahjong"))], work / "smoke", report)
        smoke.run_all(Path(found["saves"]), every_command=False)  # the bundle's check runs them all
    print(f"== figures: {json.dumps({'wheel_check_seconds': round(time.perf_counter() - start, 1)})}")
    if report.failures:
        print(f"{len(report.failures)} check(s) failed:\n  " + "\n  ".join(report.failures))
        return 1
    print("wheel OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())

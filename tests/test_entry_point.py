"""The program's entry point: worker processes of a frozen program, a windowed program's missing streams."""

from __future__ import annotations

import io
import multiprocessing
import sys

import pytest

import game.__main__ as entry


def test_freeze_support_runs_before_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frozen program's worker is the program started again: freeze_support must see it first."""
    calls: list[str] = []
    monkeypatch.setattr(multiprocessing, "freeze_support", lambda: calls.append("freeze_support"))
    monkeypatch.setattr(entry, "cli_main", lambda argv: calls.append(f"cli {argv}") or 0)
    monkeypatch.setattr(sys, "argv", ["harbin-mahjong", "analyze", "123m"])
    monkeypatch.delenv(entry.START_METHOD_ENV, raising=False)
    assert entry.main() == 0
    assert calls == ["freeze_support", "cli ['analyze', '123m']"]


def test_the_worker_start_method_comes_from_the_environment(capsys: pytest.CaptureFixture[str]) -> None:
    assert entry._worker_start_method({}) is None
    assert entry._worker_start_method({entry.START_METHOD_ENV: " spawn "}) == "spawn"
    with pytest.raises(SystemExit) as stop:
        entry._worker_start_method({entry.START_METHOD_ENV: "teleport"})
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "HARBIN_MAHJONG_MP_START='teleport'" in err[0] and "spawn" in err[0]


def test_a_windowed_program_without_streams_can_still_print(monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows and macOS give a windowed program no stdout/stderr: printing must not fail there."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    entry._ensure_streams()
    assert sys.stdout is not None and sys.stderr is not None
    print("a line nobody sees")
    print("an error nobody sees", file=sys.stderr)
    sys.stdout.close()
    sys.stderr.close()


def test_present_streams_are_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    entry._ensure_streams()
    assert sys.stdout is out and sys.stderr is err

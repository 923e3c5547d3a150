"""The progress line of long commands: drawn on a terminal only, throttled, fitted, wiped at the end."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from game.cli.main import main
from game.progress import ProgressLine, format_duration, progress_text, wants_progress


class FakeTerminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def screen(written: str) -> str:
    """What a terminal shows on the last line after ``written``: each carriage return starts it again."""
    line: list[str] = []
    col = 0
    for ch in written.split("\n")[-1]:
        if ch == "\r":
            col = 0
            continue
        if col < len(line):
            line[col] = ch
        else:
            line.append(ch)
        col += 1
    return "".join(line).rstrip()


def terminal_lines(written: str) -> list[str]:
    """Every line a terminal shows after ``written`` (carriage returns overwrite, newlines move on)."""
    return [screen(line) for line in written.split("\n")]


def test_text_says_done_total_rate_and_time_left() -> None:
    assert progress_text("simulate", 0, 400, "hands", 0.0) == "simulate 0/400 hands (0%)"
    text = progress_text("simulate", 100, 400, "hands", 4.0)
    assert text == "simulate 100/400 hands (25%) 25.0 hands/s, 0:12 left"
    assert progress_text("tournament", 5000, 5000, "seeds", 10.0).endswith("500.0 seeds/s")  # no time left
    assert format_duration(59.6) == "1:00"
    assert format_duration(3 * 3600 + 62) == "3:01:02"


def test_only_on_a_terminal_and_never_with_json() -> None:
    assert wants_progress(FakeTerminal(), json_output=False)
    assert not wants_progress(FakeTerminal(), json_output=True)
    assert not wants_progress(io.StringIO(), json_output=False)


def test_drawn_at_once_then_throttled_then_wiped() -> None:
    stream, clock = FakeTerminal(), Clock()
    with ProgressLine("simulate", 10, "hands", active=True, stream=stream, clock=clock) as line:
        assert screen(stream.getvalue()) == "simulate 0/10 hands (0%)"
        for _ in range(4):  # four hands within 0.2 s: no redraw
            clock.now += 0.05
            line.advance()
        assert stream.getvalue().count("\r") == 1
        clock.now += 0.1  # 0.3 s after the first drawing
        line.advance()
        assert stream.getvalue().count("\r") == 2
        assert screen(stream.getvalue()) == "simulate 5/10 hands (50%) 16.7 hands/s, 0:00 left"
        clock.now += 10
        line.update(6)  # a shorter line: the old one's tail is overwritten
        assert screen(stream.getvalue()) == "simulate 6/10 hands (60%) 0.6 hands/s, 0:07 left"
    assert screen(stream.getvalue()) == ""
    assert stream.getvalue().endswith("\r")
    assert "\n" not in stream.getvalue()


def test_an_inactive_line_writes_nothing() -> None:
    stream = FakeTerminal()
    with ProgressLine("simulate", 10, "hands", active=False, stream=stream) as line:
        line.advance(3)
    assert stream.getvalue() == ""
    assert line.done == 3


def test_fitted_to_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    stream, clock = FakeTerminal(), Clock()
    with ProgressLine("tournament", 100_000, "seeds", active=True, stream=stream, clock=clock) as line:
        clock.now += 1
        line.update(1234)
        assert all(len(part) <= 29 for part in stream.getvalue().split("\r"))


def test_simulate_draws_on_a_terminal_and_wipes_before_the_summary(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["simulate", "--hands", "8", "--match-hands", "4"]) == 0
    written = terminal.getvalue()
    assert "\rsimulate 0/8 hands (0%)" in written
    assert screen(written) == ""  # wiped
    assert "8 hands in" in capsys.readouterr().out


def test_tournament_draws_seeds_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    args = ["--challenger", "greedy", "--baseline", "random", "--seeds", "0-2", "--workers", "1"]
    assert main(["tournament", *args]) == 0
    assert "\rtournament 0/3 seeds (0%)" in terminal.getvalue()
    assert screen(terminal.getvalue()) == ""
    assert "over 3 seeds" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--hands", "4", "--json"],
        ["tournament", "--challenger", "greedy", "--baseline", "random", "--seeds", "0", "--json"],
    ],
)
def test_nothing_on_a_terminal_with_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main([*args, "--workers", "1"] if args[0] == "tournament" else args) == 0
    assert terminal.getvalue() == ""
    assert json.loads(capsys.readouterr().out)["partial"] is False


def test_nothing_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "4"]) == 0
    assert capsys.readouterr().err == ""


def test_replay_verify_keeps_its_lines_clear_of_the_progress_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert main(["simulate", "--hands", "3", "--match-hands", "1", "--save-replays", str(tmp_path)]) == 0
    files = sorted(str(f) for f in tmp_path.glob("*.jsonl"))
    terminal = FakeTerminal()  # stdout and stderr on one terminal, as in a shell
    monkeypatch.setattr(sys, "stdout", terminal)
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["replay", "verify", *files]) == 0
    assert "\rreplay verify 0/3 files (0%)" in terminal.getvalue()
    shown = terminal_lines(terminal.getvalue())
    assert [line.split(":")[0] for line in shown if line] == [f"ok   {f}" for f in files]
    assert shown[-1] == ""  # the progress line is wiped at the end


def fake_bench(stop_at: str | None = None) -> object:
    """A stand-in for the measurements: one figure per part, Ctrl-C when ``stop_at`` comes."""

    def run_bench(quick: bool = False, parts: tuple[str, ...] = ()) -> dict[str, object]:
        if parts == (stop_at,):
            raise KeyboardInterrupt
        return {f"{part}_figure": len(part) for part in parts}

    return run_bench


def test_bench_shows_the_part_it_measures(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("game.benchmarks.run_bench", fake_bench())
    terminal = FakeTerminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["bench", "--parts", "core,replay"]) == 0
    assert terminal.getvalue().startswith("\rbench (core) 0/2 parts (0%)")  # the first part named at once
    assert "bench (replay) 1/2 parts (50%)" in terminal.getvalue()
    assert screen(terminal.getvalue()) == ""
    assert capsys.readouterr().out.splitlines() == ["core_figure: 4", "replay_figure: 6"]


def test_ctrl_c_in_bench_prints_the_parts_measured(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("game.benchmarks.run_bench", fake_bench(stop_at="ai"))
    assert main(["bench", "--parts", "core,ai,replay"]) == 130
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["partial: interrupted after 1 of 3 parts (measured: core)", "core_figure: 4"]
    assert main(["bench", "--parts", "core,ai", "--json"]) == 130
    assert json.loads(capsys.readouterr().out) == {"core_figure": 4, "partial": True}

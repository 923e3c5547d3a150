"""A crash never breaks a match: the real program, autoplaying, is SIGKILLed ten times at random
moments and continued each time; every save and replay it leaves verifies.

The full soak (50 kills and more) is tests/bench/crash_soak.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.crash_soak import run_soak

# slow: a soak, the real program killed ten times: not in the fast lane
pytestmark = pytest.mark.slow


def test_ten_sigkills_and_continues_leave_only_files_that_verify(tmp_path: Path) -> None:
    result = run_soak(tmp_path / "home", kills=10, seed=3, level="normal", hands=2, window=1.5)
    assert result.failures == []
    assert result.kills == 10
    assert result.resumes >= 5  # most runs continued a saved match
    assert result.finished >= 1  # and at least the last match was played out to its end, exit 0
    assert result.files_verified >= 1

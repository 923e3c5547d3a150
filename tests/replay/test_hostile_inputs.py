"""Hostile replay files and share codes beyond the issue's: each refused with one clear line (exit 2 for
``import``, a ``FAIL`` line and exit 1 for ``verify``), never a traceback, never a file written."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from game.cli.main import main
from game.replay import share
from game.replay.logfile import load_log
from game.replay.share import PREFIX, encode_code
from tests.replay.helpers import SAVES

SAMPLE = SAVES / "expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl"
LOADED = load_log(SAMPLE)
CODE = encode_code(LOADED.header, LOADED.events)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def with_header(header: Any) -> str:
    """A code whose checksum is right but whose header line is ``header`` (any JSON)."""
    payload = share.unpack(CODE)
    old = json.dumps(LOADED.header, ensure_ascii=False, separators=(",", ":")).encode()
    n = len(old)
    head = bytearray()
    while n >= 0x80:
        head.append(0x80 | n & 0x7F)
        n >>= 7
    head.append(n)
    assert payload.startswith(bytes(head) + old)
    new = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode()
    n = len(new)
    blob = bytearray()
    while n >= 0x80:
        blob.append(0x80 | n & 0x7F)
        n >>= 7
    blob.append(n)
    return share.pack(bytes(blob) + new + payload[len(head) + len(old) :])


CODES = {
    "header is a list": with_header([1, 2, 3]),
    "header of another program": with_header({"format": "other", "version": 2}),
    "header from the future": with_header({**LOADED.header, "version": 3}),
    "players not names": with_header({**LOADED.header, "players": [1, 2, 3, 4]}),
    "seven players": with_header({**LOADED.header, "players": ["expert"] * 7}),
    "negative hands": with_header({**LOADED.header, "hands": -5}),
    "created is a number": with_header({**LOADED.header, "created": 20250101}),
    "branch seat 9": with_header({**LOADED.header, "kind": "branch", "branch": {"seat": 9}}),
    "only the prefix": PREFIX,
    "a space inside": CODE[:40] + " " + CODE[40:],
    "doubled": CODE + CODE,
    "nul bytes": "\0" * 64,
    "another game's code": "HMX." + CODE[4:],
}


@pytest.mark.parametrize("case", sorted(CODES))
def test_a_hostile_code_is_refused_in_one_line(
    case: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "x.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(CODES[case]))
    code, stdout, err = run(capsys, "replay", "import", "-", "--out", str(out))
    assert (
        code == 2 and stdout == "" and err.count("\n") == 1 and err.startswith("harbin-mahjong: error: ")
    ), err
    assert "Traceback" not in err and len(err) < 400 and not out.exists()


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def header_changed(**changes: Any) -> str:
    lines = lines_of(SAMPLE)
    header = json.loads(lines[0])
    header.update(changes)
    return "\n".join([json.dumps(header), *lines[1:]]) + "\n"


FILES: dict[str, str | bytes] = {
    "created yesterday": header_changed(created="yesterday"),
    "status won": header_changed(status="won"),
    "preset unknown": header_changed(preset="S9"),
    "levels of two": header_changed(levels=["expert", "expert"]),
    "ai seeds text": header_changed(ai_seeds=["a", "b", "c", "d"]),
    "rules of another match": header_changed(rules={**LOADED.header["rules"], "max_melds": 2}),
    "events after the end": "\n".join([*lines_of(SAMPLE), lines_of(SAMPLE)[2]]) + "\n",
    "two matches glued": "\n".join([*lines_of(SAMPLE), *lines_of(SAMPLE)[1:]]) + "\n",
    "a second header": "\n".join([*lines_of(SAMPLE)[:1], *lines_of(SAMPLE)]) + "\n",
    "NUL in the middle": "\n".join(lines_of(SAMPLE)[:5])
    + "\n\0\0\0\n"
    + "\n".join(lines_of(SAMPLE)[5:])
    + "\n",
    "an event of a new type": "\n".join([*lines_of(SAMPLE)[:5], '{"type": "teleport", "seat": 0}'])
    + "\n"
    + "\n".join(lines_of(SAMPLE)[5:])
    + "\n",
    "UTF-16": SAMPLE.read_text(encoding="utf-8").encode("utf-16"),
}


@pytest.mark.parametrize("case", sorted(FILES))
def test_a_hostile_replay_fails_verify_in_one_line_and_is_not_imported(
    case: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hostile.jsonl"
    data = FILES[case]
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    code, out, err = run(capsys, "replay", "verify", str(path))
    assert code == 1 and err == "" and out.count("\n") == 1 and out.startswith(f"FAIL {path}"), out
    from game.replay.library import LibraryError, import_file, list_replays

    folder = tmp_path / "library"
    folder.mkdir()
    with pytest.raises(LibraryError) as caught:
        import_file(path, folder)
    assert "\n" not in str(caught.value) and list(folder.iterdir()) == []
    (folder / "copy.jsonl").write_bytes(path.read_bytes())
    (entry,) = list_replays(folder)
    assert entry.status == "broken" and entry.problem and "\n" not in entry.problem

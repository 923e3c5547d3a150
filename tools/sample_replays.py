"""Find and write the sample replays shipped in ``saves/``: self-play matches that show given events.

    .venv/bin/python tools/sample_replays.py --levels expert --hands 4 --from 5000000 \
        --want mobao,baozhongbao,bao_replaced --out saves/expert-table-4-hands-mobao-baozhongbao-huanbao.jsonl

Seeds are tried from ``--from`` up; each match is played as ``harbin-mahjong simulate`` plays it
(seat ``i`` of match seed ``s`` is seeded ``4 s + i``), and the first one whose log holds every
wanted event (a ``hu`` kind such as ``mobao`` or an event type such as ``bao_replaced``) is written
with a complete header (``ai_seeds`` included, so that a review reproduces every seat exactly).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai.registry import make_player  # noqa: E402
from game.ai.selfplay import play_match  # noqa: E402
from game.core.events import Event, Hu  # noqa: E402
from game.core.rules import PRESETS  # noqa: E402
from game.replay.header import FINISHED, complete_header, ended_header, match_header  # noqa: E402
from game.replay.logfile import save_log  # noqa: E402
from game.replay.verify import verify_events  # noqa: E402


def happenings(events: list[Event]) -> set[str]:
    """Event types and win kinds that occur in a log."""
    out = {e.type for e in events}
    out.update(e.kind for e in events if isinstance(e, Hu))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="expert", help="one level or four, comma-separated")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--rules", default="standard", choices=list(PRESETS))
    parser.add_argument("--from", dest="start", type=int, default=5_000_000, help="first seed tried")
    parser.add_argument("--tries", type=int, default=3000)
    parser.add_argument("--want", default="mobao,baozhongbao,bao_replaced")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    levels = [n.strip() for n in args.levels.split(",")]
    levels = levels * 4 if len(levels) == 1 else levels
    wanted = {w.strip() for w in args.want.split(",") if w.strip()}
    rules = PRESETS[args.rules]
    for seed in range(args.start, args.start + args.tries):
        seeds = [seed * 4 + i for i in range(4)]
        players = [make_player(level, s) for level, s in zip(levels, seeds, strict=True)]
        events = play_match(players, seed, rules, hands=args.hands).game.events
        if not wanted <= happenings(events):
            continue
        assert verify_events(events).ok
        header = match_header(events[0], preset=args.rules, ai_seeds=seeds)
        save_log(args.out, events, ended_header(complete_header(header, events), FINISHED))
        print(f"seed {seed}: wrote {args.out} ({len(events)} events)")
        return 0
    print(f"no seed in {args.start}..{args.start + args.tries - 1} shows {sorted(wanted)}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

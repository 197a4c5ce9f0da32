"""How long a fresh `memeval replay` takes on a log written before `model.called` v3, and whether its bytes changed.

`model.called` v3 (count24) names the call's attempt. A log written before it holds v2 call lines, which the
replay's fast reader decodes as `ModelCalledV2View` and brings up to v3 (without it, every call line went to
pydantic: about five times the CPU). This bench builds `bench/replay.py`'s 100,000-event log (v3 lines), writes a
copy with every call line as a v2 writer wrote it (no `attempt`, `v` 2), and times `memeval replay` in a fresh
process, cache removed, on each, in turns: CPU (user + system of the child) and wall, with the SHA-256 of what it
printed. With `--against PATH` (a checkout from before v3, e.g. main) it also replays the v2 copy with that
checkout, which must print the same bytes as this one (it cannot read the v3 log). The load average is printed
with each round.

    .venv/bin/python bench/replay_versions.py --rounds 3
    .venv/bin/python bench/replay_versions.py --against /tmp/base --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from replay import _compiled, _fresh_command, make_log  # noqa: E402


def as_v2(line: bytes) -> bytes:
    """A `model.called` line as a v2 writer wrote it (the same call, no `attempt`, `v` 2); other lines as they are."""
    if b'"event":"model.called"' not in line:
        return line
    raw = json.loads(line)
    raw.pop("attempt", None)
    raw["call"].pop("error_status", None)
    raw["v"] = 2
    return (json.dumps(raw, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n").encode()


def main() -> None:
    """Build the two logs, then time the replays in turns and print each and their medians."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="a checkout from before model.called v3 (replays the v2 log)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    here = Path(__file__).resolve().parents[1]
    runs = {"this v3": here, "this v2": here}
    if args.against is not None:
        runs["against v2"] = args.against.resolve()
    for checkout in set(runs.values()):
        _compiled(checkout)
    with tempfile.TemporaryDirectory() as tmp:
        v3 = Path(tmp) / "runs" / "V3"
        events = make_log(v3, 100_000)
        v2 = Path(tmp) / "runs" / "V2"
        v2.mkdir()
        lines = (v3 / "events.jsonl").read_bytes().splitlines(keepends=True)
        (v2 / "events.jsonl").write_bytes(b"".join(map(as_v2, lines)))
        print(f"{events} events; model.called lines: {sum(b'model.called' in x for x in lines)}")
        cpu: dict[str, list[float]] = {name: [] for name in runs}
        digests: dict[str, set[str]] = {name: set() for name in runs}
        for r in range(args.rounds):
            order = list(runs) if r % 2 == 0 else list(reversed(runs))
            for name in order:
                wall, c, digest = _fresh_command(v3 if name.endswith("v3") else v2, runs[name])
                cpu[name].append(c)
                digests[name].add(digest)
                print(f"round {r + 1} {name:10s} cpu {c:.3f} s wall {wall:.3f} s sha256 {digest[:16]} "
                      f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
        for name in runs:
            print(f"{name:10s} cpu median {statistics.median(cpu[name]):.3f} s min {min(cpu[name]):.3f} s")
        v2_bytes = digests["this v2"] | digests.get("against v2", set())
        print("v2 log: the same bytes from every replay" if len(v2_bytes) == 1 else f"v2 log: DIFFERENT {v2_bytes}")


if __name__ == "__main__":
    main()

"""Where a cold replay of a 100,000-event log spends its CPU, part by part, and two ideas' upper bounds.

Builds the bench's log (`bench/replay.py`'s `make_log`, 96,630 events) in a temp folder, then in
fresh processes, in turns, each part's CPU seconds (`time.thread_time`) and minor page faults:

- `parts`: one process replays the log as `memeval replay` does, timing each part: reading
  (`RunLog.replay_stream`: SHA-256, numpy scans, msgspec), the fold, the records, the table and
  verdict (with the bootstrap), the JSON; and, on the same bytes, the reading's own pieces
  (SHA-256, the scans, msgspec on the call lines and on the others).
- `calls-full` / `calls-lean`: the log's `model.called` lines decoded by the reader's own decoder
  (every field checked and built) or into structs holding only the 14 fields the fold reads
  (msgspec skips the others unchecked: an upper bound of "fewer objects", not a reader).

Printed per process with the load average; the medians per mode at the end. On a shared machine
compare only figures taken in turns like these.

    PYTHONPATH=$PWD nice -n 10 .venv/bin/python bench/replay_parts.py --rounds 6
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import msgspec
from _machine import load_line

from memeval.types import CostReason, Role


class LeanCost(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """`calls-lean`: the cost fields `memeval.results._calls.CallTally` reads (the others skipped unchecked)."""

    cost_usd: float | None
    price_source: str | None = None
    reason: CostReason | None = None


class LeanCall(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """`calls-lean`: the call fields `CallTally` reads."""

    cache_read_tokens: int | None
    cache_write_tokens: int | None
    cost: LeanCost
    error: str | None
    hosted_tool_calls: int | None
    input_tokens: int | None
    output_tokens: int | None
    reasoning_tokens: int | None
    requested_model: str | None
    response_model: str | None
    role: Role
    status: int
    tool_calls: int | None


class LeanEvent(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """`calls-lean`: a `model.called` line with only its call and trial."""

    call: LeanCall
    trial_id: str


def _faults() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def _parts(run_dir: Path) -> dict[str, float]:
    """One replay's parts, as `memeval.results.replay_body` makes them (without the cache)."""
    from itertools import islice

    from memeval.eventlog import RunLog
    from memeval.results import _plainbody as pb
    from memeval.results import _plaintable as pt
    from memeval.results._fold import Projection

    gc.disable()  # as the replay holds the collector off
    out: dict[str, float] = {}
    clock = time.thread_time
    t0, f0 = clock(), _faults()
    stream = RunLog(run_dir).replay_stream(None, plan_view=True)
    chunks = list(stream)
    t1, f1 = clock(), _faults()
    proj = Projection(chunks[0][0])
    proj.add(islice(chunks[0], 1, None))
    for chunk in chunks[1:]:
        proj.add(chunk)
    t2, f2 = clock(), _faults()
    seen: dict[str, float] = {}

    def table_and_verdict(*args: object) -> object:
        a, fa = clock(), _faults()
        got = pt.plain_table_and_verdict(*args)  # type: ignore[arg-type]
        seen["table_verdict"], seen["table_verdict_faults"] = clock() - a, _faults() - fa
        return got

    parts = proj.parts(pb.PLAIN._replace(table_and_verdict=table_and_verdict))
    t3, f3 = clock(), _faults()
    records = [pb._record_json(r.__dict__["_json"]) for r in (*parts.trials, *parts.superseded)]
    doc = {"trials": records, "table": parts.table, "verdict": pb._verdict_json(parts.verdict)}
    body = msgspec.json.format(pb._ENCODER.encode(doc), indent=2)
    t4, f4 = clock(), _faults()
    assert body
    out.update(read=t1 - t0, fold=t2 - t1, records=t3 - t2 - seen["table_verdict"], json=t4 - t3)
    out.update(read_faults=f1 - f0, fold_faults=f2 - f1, records_faults=f3 - f2 - seen["table_verdict_faults"])
    out.update(seen, json_faults=f4 - f3)
    out.update(_read_pieces(run_dir / "events.jsonl"))
    return out


def _read_pieces(log: Path) -> dict[str, float]:
    """The reading's pieces over the whole log at once: SHA-256, the numpy scans, msgspec's decoding."""
    import hashlib

    import numpy as np

    from memeval.eventlog import _fastcalls as fc

    clock = time.thread_time
    data = log.read_bytes()
    t0 = clock()
    hashlib.sha256(data).hexdigest()
    t1 = clock()
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == 0x0A) + 1
    dots = np.flatnonzero(raw == 0x2E)
    fc._over_precise_at(raw, dots)
    tags = fc._call_tag_lines(raw, ends, dots)
    t2 = clock()
    lines = data.split(b"\n")[:-1]
    calls = b"\n".join(line for line, tag in zip(lines, tags.tolist(), strict=True) if tag)
    other = b"\n".join(line for line, tag in zip(lines[1:], tags.tolist()[1:], strict=True) if not tag)
    t3 = clock()
    fc._CALLS_DECODER.decode_lines(calls)
    t4 = clock()
    fc._DECODER.decode_lines(other)
    t5 = clock()
    return {"sha256": t1 - t0, "scans": t2 - t1, "msgspec_calls": t4 - t3, "msgspec_other": t5 - t4}


def _calls(run_dir: Path, lean: bool) -> dict[str, float]:
    """The call lines decoded a megabyte at a time, all held: fully (the reader's decoder) or lean."""
    from memeval.eventlog import _fastcalls as fc

    data = (run_dir / "events.jsonl").read_bytes()
    calls = b"\n".join(line for line in data.split(b"\n") if b'"event":"model.called"' in line)
    decoder: msgspec.json.Decoder[object] = msgspec.json.Decoder(LeanEvent) if lean else fc._CALLS_DECODER  # type: ignore[assignment]
    gc.disable()
    held = []
    t0, f0 = time.thread_time(), _faults()
    pos = 0
    while pos < len(calls):
        end = calls.find(b"\n", pos + (1 << 20))
        end = len(calls) if end < 0 else end
        held.append(decoder.decode_lines(calls[pos:end]))
        pos = end + 1
    return {"decode": time.thread_time() - t0, "faults": _faults() - f0, "calls": sum(map(len, held))}


def _child(mode: str, run_dir: Path) -> None:
    got = _parts(run_dir) if mode == "parts" else _calls(run_dir, mode == "calls-lean")
    print(json.dumps({**got, "load": os.getloadavg()[0]}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        _child(args.child[0], Path(args.child[1]))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from replay import make_log

    modes = ("parts", "calls-full", "calls-lean")
    seen: dict[str, list[dict[str, float]]] = {m: [] for m in modes}
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = Path(tmp) / "run"
        n = make_log(run_dir, 100_000)
        print(f"{n} events; {load_line('before')}")
        for round_ in range(args.rounds):
            for mode in modes if round_ % 2 == 0 else modes[::-1]:
                proc = subprocess.run(
                    [sys.executable, __file__, "--child", mode, str(run_dir)], capture_output=True, text=True
                )
                if proc.returncode != 0:
                    raise SystemExit(f"{mode} failed:\n{proc.stderr[-2000:]}")
                got = json.loads(proc.stdout.strip().splitlines()[-1])
                seen[mode].append(got)
                shown = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in got.items())
                print(f"round {round_ + 1} {mode}: {shown}")
    for mode, rows in seen.items():
        keys = [k for k in rows[0] if k != "load"]
        med = ", ".join(f"{k} {statistics.median(r[k] for r in rows):.3f}" for k in keys)
        print(f"median {mode} over {len(rows)} processes: {med}")


if __name__ == "__main__":
    main()

"""Where the ingest writer's step 3 goes beyond the inserts: each part left out in turn, CPU measured.

    .venv/bin/python bench/audit_writer_parts.py [--events 2000] [--db sqlite | PG URL] [--rounds 3]

Makes `bench/audit_ingest.py`'s events and sanitises them ahead in this process (as
`bench/audit_ingest_writer.py` does), then for each variant appends them (batches of 100, one
transaction a batch) into a fresh store and prints the writer's step 3 (`Combiner.write`) CPU
an event (`time.process_time`, the minimum over `--rounds`), and beside it the same rows inserted
bare (`audit_ingest_writer.bare_inserts`: the floor). Variants: `all` (the product's code), and one
part of step 3 replaced by a stand-in that does no work: `no-body` (`canonical_body` returns a
fixed text: no `body()`, no JSON; since ingest51 the JSON only), `no-hash` (a fixed digest),
`no-project` (`project` does nothing: no projection rows), `no-lookups` (`existing_ids`, `prefetch_for`,
`prefetch_open_lesson_holds` find nothing, without asking the database), `no-decide` (no state
machine). A variant stores wrong data on purpose: it is a measurement, never a change. The
differences from `all` say what each part costs; what is left over the floor is the session,
the loop and the rest.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from _machine import load_now  # noqa: E402
from audit_ingest_writer import bare_inserts, record_writes, store_url  # noqa: E402

VARIANTS = ("all", "no-body", "no-hash", "no-project", "no-lookups", "no-decide")


def stand_in(variant: str) -> None:
    """Replace the part `variant` leaves out (module docstring) in `memeval.audit._write`."""
    from memeval.audit import _logrow, _write

    # since ingest51 the rows are made in `_logrow.chained_log_rows`: its JSON and hash are left out there
    # (the envelope's dump stays: "no-body" then leaves out the JSON only)
    rows = _logrow if hasattr(_logrow, "chained_log_rows") else _write
    if variant == "no-body":
        if rows is _logrow:
            _logrow._encoded = lambda kind, body: ("{}", b"{}")
        else:
            _write.canonical_body = lambda ev, fields: ("{}", b"{}")
    elif variant == "no-hash":

        class _Fixed:
            def __init__(self, _b: bytes) -> None:
                pass

            def hexdigest(self) -> str:
                return "0" * 64

        rows.hashlib = type("H", (), {"sha256": _Fixed})  # type: ignore[attr-defined]
    elif variant == "no-project":
        _write.project = lambda s, ev, seq: None
    elif variant == "no-lookups":
        from memeval.audit import _project, _resend

        def absent(s, every):  # type: ignore[no-untyped-def]
            cache = s.info.setdefault("audit_rows", {})
            for (model, _, team), keys in _project._prefetch_groups(every, cache).items():
                cache.update(dict.fromkeys(((model, team, k) for k in keys), _project._ABSENT))

        def no_holds(s, evs):  # type: ignore[no-untyped-def]
            s.info[_resend.OPEN_AT_START] = {
                (t, x): set() for t, ids in _resend._lesson_ids_by_team(evs).items() for x in ids
            }

        _write.existing_ids = lambda s, drafts, senders, origin: set()
        _write.prefetch_for = absent
        _write.prefetch_open_lesson_holds = no_holds
    elif variant == "no-decide":
        _write._decide = lambda s, ev: "append"
        _write.refuse_report_behind = lambda s, ev, i: None


def one(variant: str, n: int, db: str) -> str:
    """Append `n` bench events with `variant`'s stand-in in this process; the printed line."""
    import audit_ingest as bench

    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    os.environ["MEMEVAL_AUDIT_WORKERS"] = "0"
    from memeval.audit import ingest_lines, open_store
    from memeval.audit._ingest import parse_lines
    from memeval.audit._parallel import _work_group, batch_texts, strict_id_candidates

    store = open_store(store_url(db))
    ingest_lines(store, [json.dumps(e) for e in bench.events(200, "warm", "warm", "prefixed", "w")], sender="warm")
    parsed = parse_lines([json.dumps(e) for e in bench.events(n, "bench-file", "bench-file", "prefixed", "")])
    batches = [[ev for _, ev in parsed[k : k + 100]] for k in range(0, len(parsed), 100)]
    ahead = [_work_group([batch_texts(b)], [strict_id_candidates(b)])[0] for b in batches]
    stand_in(variant)
    recorded, step3 = record_writes()
    for drafts, pre in zip(batches, ahead, strict=True):
        store.append(drafts, sender="bench-file", origin="ingest", presanitized=pre)
    floor, _ = bare_inserts(store_url(db), recorded, bench.server_cpu)
    return f"{step3[0] / len(parsed) * 1e6:.1f} {floor / len(parsed) * 1e6:.1f}"


def main() -> None:
    """Each variant `--rounds` times, each run a fresh process; the minimum of each."""
    import subprocess

    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    ap.add_argument("--db", default="sqlite")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--one", choices=VARIANTS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(one(args.one, args.events, args.db))
        return
    best: dict[str, tuple[float, float]] = {}
    for _ in range(args.rounds):
        for v in VARIANTS:
            cmd = [sys.executable, __file__, "--one", v, "--events", str(args.events), "--db", args.db]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split()
            step, floor = float(out[-2]), float(out[-1])
            old = best.get(v)
            best[v] = (min(step, old[0]), min(floor, old[1])) if old else (step, floor)
    base = best["all"][0]
    print(f"{args.db.split(':', 1)[0]}, {args.events} events, min of {args.rounds} ({load_now()}):")
    for v, (step, floor) in best.items():
        saved = "" if v == "all" else f"  (the part: {base - step:5.1f} us)"
        print(f"  {v:11s} step 3 {step:6.1f} us an event, bare inserts {floor:5.1f}{saved}")


if __name__ == "__main__":
    main()

"""Would a cheaper id check give the same verdicts? What the id scan does per event, and one wider "plain" shape tried.

    .venv/bin/python bench/audit_ids_cheaper.py [--events 2000]

The bench's ids (`bench/audit_ingest.py`, prefixed: `c3-fh-47-00232`) all fail `_idscan._PLAIN_ID` only because
their first part holds a digit, so each new one is read by the credential rules in its `strict_variants`. Prints,
for `--events` bench events: id fields an event, distinct values, values scanned, readings scanned; then the
candidate shape `WIDER` (`_PLAIN_ID` with digits admitted in the first part) over every bench id and every
id-shaped form of each secret of the owned corpus (`tests/fixtures/redact_*/*.jsonl`: the secret as written,
lower-cased, after `ses_`, `mem-`, `c0-`, each kept when it has the strict id shape): how many values it would
stop scanning, and in how many of those the credential rules find something today (each a secret stored
unscanned: the candidate is then not equivalent).
"""

from __future__ import annotations

import argparse
import base64
import binascii
import glob
import json
import os
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

WIDER = re.compile(
    r"(?![a-z0-9_\-/.:]*(?:pass|pwd|secret|token|key|auth|cred))"
    r"(?:[a-z0-9]{1,12}(?:[_\-/.:][a-z0-9]{1,16}){1,3}|[a-z][a-z-]{0,39})|hd_[0-9a-f]{24}"
)


def corpus_secrets() -> set[str]:
    """Every secret the owned redaction corpora list (base64 in the files), decoded."""
    out: set[str] = set()
    for f in sorted(glob.glob(str(ROOT / "tests/fixtures/redact_*/*.jsonl"))):
        for line in Path(f).read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue
            for s in row.get("secrets") or []:
                try:
                    out.add(base64.b64decode(s, validate=True).decode())
                except (binascii.Error, UnicodeDecodeError):
                    out.add(s)
    return out


def main() -> None:
    """Print the id scan's work an event and the candidate's verdicts (module docstring)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--events", type=int, default=2000)
    args = ap.parse_args()
    os.environ["MEMEVAL_FINGERPRINT_KEY"] = "ab" * 32
    import audit_ingest as bench

    from memeval.audit._ids import shape_problem
    from memeval.audit._idscan import _PLAIN_ID, id_values, strict_id_candidates, strict_id_findings, strict_variants
    from memeval.audit._ingest import parse_lines
    from memeval.redact import get_redactor

    evs = [e for _, e in parse_lines([json.dumps(e) for e in bench.events(args.events, "b", "b", "prefixed", "")])]
    n = len(evs)
    fields = id_values(evs)
    scanned = strict_id_candidates(evs)
    readings = {x for v in scanned for x in strict_variants(v)}
    red = get_redactor()
    strict_id_findings(red, ["warm-up_1"])
    c0 = time.process_time()
    strict_id_findings(red, scanned)
    cpu = time.process_time() - c0
    print(
        f"{n} events: {len(fields) / n:.2f} id fields an event, {len({v for _, _, v in fields}) / n:.2f} distinct "
        f"values, {len(scanned) / n:.2f} scanned, {len(readings) / n:.2f} readings; the credential rules over them "
        f"{cpu / n * 1e6:.1f} us an event (one call, process CPU)"
    )
    forms = {
        v
        for s in corpus_secrets()
        for v in (s, s.lower(), "ses_" + s, "mem-" + s.lower(), "c0-" + s.lower())
        if shape_problem(v) is None
    }
    ids = {v for _, _, v in fields}
    spared = sorted(v for v in forms | ids if WIDER.fullmatch(v) and not _PLAIN_ID.fullmatch(v))
    found = strict_id_findings(red, spared)
    missed = [v for v in spared if found[v]]
    print(
        f"WIDER would stop scanning {len(spared)} values ({sum(v in ids for v in spared)} bench ids, "
        f"{sum(v in forms for v in spared)} corpus forms); the credential rules find something in {len(missed)} of "
        f"them today, e.g. {', '.join(missed[:4])}: {'not equivalent' if missed else 'same verdicts'}"
    )


if __name__ == "__main__":
    main()

"""Do two checkouts redact alike? Every owned corpus text redacted in a fresh process, the answers hashed.

    .venv/bin/python bench/redact_same.py --against CHECKOUT [--every 7] [--batch 100]

For each checkout (`--against` and this one), a fresh process (`PYTHONPATH` set to it) reads this
checkout's redaction corpora (`tests/fixtures/redact_corpus/*.jsonl`, `tests/fixtures/redact_fresh*/*.jsonl`:
every row's `text`) and redacts them twice: all of them through `redact_many` in batches of `--batch`
(the audit store's path, the batch check included), and every `--every`-th one alone through `redact`
(the single-text path). Each answer (the blanked text, and each finding's type, offsets, detector and
score; the redactor's version and whether names were scanned) is written as JSON and hashed per file
with SHA-256; the hashes are printed per file and in all, with the process's CPU seconds. Exit status 1
when any hash differs between the checkouts. The check behind "the same redaction bytes" in CHANGELOG
entries that make building the redactor cheaper (the first batch of a fresh process is where a lazily
built part is first used).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import hashlib, json, sys, time
from pathlib import Path
from memeval.redact import get_redactor

def answer(r):
    return [r.text, [[f.entity_type, f.start, f.end, f.detector, f.score] for f in r.findings],
            r.redactor_version, r.names_scanned]

files, batch, every = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
red = get_redactor()
out = {}
for name in files:
    texts = [json.loads(line)["text"] for line in Path(name).read_text(encoding="utf-8").splitlines() if line.strip()]
    h = hashlib.sha256()
    for i in range(0, len(texts), batch):
        for r in red.redact_many(texts[i : i + batch]):
            h.update(json.dumps(answer(r)).encode())
    for t in texts[::every]:
        h.update(json.dumps(answer(red.redact(t))).encode())
    out[name] = [len(texts), h.hexdigest()]
print(json.dumps([out, time.process_time()]))
"""


def corpora() -> list[Path]:
    """The owned redaction corpora of this checkout, sorted."""
    fixtures = ROOT / "tests" / "fixtures"
    return sorted([*fixtures.glob("redact_corpus/*.jsonl"), *fixtures.glob("redact_fresh*/*.jsonl")])


def run(code: Path, files: list[Path], batch: int, every: int) -> tuple[dict[str, list[object]], float]:
    """The per-file (texts, hash) of checkout `code`'s redactor in a fresh process, and its CPU seconds."""
    env = dict(os.environ, PYTHONPATH=pythonpath(code))
    argv = [sys.executable, "-c", _CHILD, json.dumps([str(f) for f in files]), str(batch), str(every)]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=code)
    got, cpu = json.loads(done.stdout.strip().splitlines()[-1])
    return got, float(cpu)


def main() -> None:
    """Hash both checkouts' redactions of the corpora and say whether they are the same."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--against", required=True, type=Path, help="another checkout (its root folder)")
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--every", type=int, default=7)
    args = ap.parse_args()
    files = corpora()
    print(f"{load_now()}; {len(files)} corpus files; batches of {args.batch}, every {args.every}th text alone")
    results = {}
    for label, code in (("B", args.against.resolve()), ("A", ROOT)):
        got, cpu = run(code, files, args.batch, args.every)
        results[label] = got
        whole = hashlib.sha256(json.dumps(got, sort_keys=True).encode()).hexdigest()
        print(f"{label} = {code}: {sum(int(str(v[0])) for v in got.values())} texts, all {whole[:16]}, {cpu:.1f} CPU s")
    differ = [f for f in results["A"] if results["A"][f] != results["B"].get(f)]
    for f in results["A"]:
        mark = "DIFFERS" if f in differ else "same"
        print(f"  {Path(f).relative_to(ROOT)}: {results['A'][f][0]} texts, {str(results['A'][f][1])[:16]} {mark}")
    print(f"{load_now()}; " + ("the same redactions" if not differ else f"{len(differ)} files differ"))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

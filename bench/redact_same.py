"""Do two checkouts redact alike? Every owned corpus text redacted in a fresh process, the answers compared.

    .venv/bin/python bench/redact_same.py --against CHECKOUT [--every 7] [--batch 100] [--list]

For each checkout (`--against` and this one), a fresh process (`PYTHONPATH` set to it) reads this
checkout's redaction corpora (`tests/fixtures/redact_corpus/*.jsonl`, `tests/fixtures/redact_fresh*/*.jsonl`:
every row's `text`, Base64 in the corpus line format) and redacts them twice: all of them through
`redact_many` in batches of `--batch` (the audit store's path, the batch check included), and every
`--every`-th one alone through `redact` (the single-text path). Since redact38 the texts are read decoded
(until then the Base64 form itself was redacted: a text was reached only through the Base64 reading, and a
finding that changed only its name or span inside it changed nothing); `--encoded` reads the stored form as
before. Each answer (the blanked text, and each finding's type, offsets, detector and score; the redactor's
version and whether names were scanned) is hashed per file with SHA-256; the hashes are printed per file and
in all, with the process's CPU seconds. With `--list`, every text whose answer differs is printed (file, row,
group/sub, label, batch or alone, and each side's findings as `type:detector@start-end`), then per file and
subgroup the look-alike rows with any finding on each side. Exit status 1 when any hash differs between the
checkouts. The check behind "the same redaction bytes" in CHANGELOG entries.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from _code import pythonpath
from _machine import load_now

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import base64, hashlib, json, sys, time
from pathlib import Path
from memeval.redact import get_redactor

def answer(r):
    return [r.text, [[f.entity_type, f.start, f.end, f.detector, f.score] for f in r.findings],
            r.redactor_version, r.names_scanned]

files, batch, every = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
encoded, dump = sys.argv[4] == "1", sys.argv[5]
red = get_redactor()
out, answers = {}, {}
for name in files:
    rows = [json.loads(line)["text"] for line in Path(name).read_text(encoding="utf-8").splitlines() if line.strip()]
    texts = rows if encoded else [base64.b64decode(t, validate=True).decode("utf-8") for t in rows]
    h = hashlib.sha256()
    got = []
    for i in range(0, len(texts), batch):
        for r in red.redact_many(texts[i : i + batch]):
            a = answer(r)
            got.append(a)
            h.update(json.dumps(a).encode())
    alone = []
    for t in texts[::every]:
        a = answer(red.redact(t))
        alone.append(a)
        h.update(json.dumps(a).encode())
    out[name] = [len(texts), h.hexdigest()]
    answers[name] = [got, alone]
if dump:
    Path(dump).write_text(json.dumps(answers), encoding="utf-8")
print(json.dumps([out, time.process_time()]))
"""


def corpora() -> list[Path]:
    """The owned redaction corpora of this checkout, sorted."""
    fixtures = ROOT / "tests" / "fixtures"
    return sorted([*fixtures.glob("redact_corpus/*.jsonl"), *fixtures.glob("redact_fresh*/*.jsonl")])


def run(
    code: Path, files: list[Path], batch: int, every: int, encoded: bool, dump: Path | None
) -> tuple[dict[str, list[object]], float]:
    """The per-file (texts, hash) of checkout `code`'s redactor in a fresh process, and its CPU seconds.

    With `dump`, the child writes every answer there (per file: the batch answers, then the alone ones).
    """
    env = dict(os.environ, PYTHONPATH=pythonpath(code))
    argv = [
        sys.executable,
        "-c",
        _CHILD,
        json.dumps([str(f) for f in files]),
        str(batch),
        str(every),
        "1" if encoded else "0",
        str(dump or ""),
    ]
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd=code)
    got, cpu = json.loads(done.stdout.strip().splitlines()[-1])
    return got, float(cpu)


def _findings(answer: list) -> str:  # type: ignore[type-arg]  # one child answer, JSON-decoded
    return ", ".join(f"{t}:{d}@{s}-{e}" for t, s, e, d, _score in answer[1]) or "none"


def listing(files: list[Path], a: dict, b: dict, every: int) -> None:  # type: ignore[type-arg]  # answers by file
    """Print every text whose answer differs, then the look-alike rows with findings per file and subgroup."""
    hits: Counter[tuple[str, str, str]] = Counter()
    for f in files:
        rows = [json.loads(line) for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
        name = str(f)
        for how, k in (("batch", 0), ("alone", 1)):
            idx = range(len(rows)) if k == 0 else range(0, len(rows), every)
            for n, i in enumerate(idx):
                row, ra, rb = rows[i], a[name][k][n], b[name][k][n]
                group, sub = row.get("group", "?"), row.get("sub", row.get("group", "?"))
                if k == 0 and group == "lookalike":
                    hits[(f.relative_to(ROOT).as_posix(), sub, "A")] += bool(ra[1])
                    hits[(f.relative_to(ROOT).as_posix(), sub, "B")] += bool(rb[1])
                if ra != rb:
                    print(f"  CHANGED {f.relative_to(ROOT)} row {i} [{group}/{sub}] {row.get('label', '')} ({how})")
                    print(f"    B: {_findings(rb)}")
                    print(f"    A: {_findings(ra)}")
    print("look-alike rows with any finding (batch), per file and subgroup: B -> A")
    for file, sub in sorted({(f, s) for f, s, _ in hits}):
        print(f"  {file} {sub}: {hits[(file, sub, 'B')]} -> {hits[(file, sub, 'A')]}")


def main() -> None:
    """Hash both checkouts' redactions of the corpora and say whether they are the same."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--against", required=True, type=Path, help="another checkout (its root folder)")
    ap.add_argument("--batch", type=int, default=100)
    ap.add_argument("--every", type=int, default=7)
    ap.add_argument("--encoded", action="store_true", help="redact the rows' Base64 form (before redact38)")
    ap.add_argument("--list", action="store_true", help="print each text whose answer differs")
    args = ap.parse_args()
    files = corpora()
    print(f"{load_now()}; {len(files)} corpus files; batches of {args.batch}, every {args.every}th text alone")
    results, dumps = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, code in (("B", args.against.resolve()), ("A", ROOT)):
            dump = Path(tmp) / f"{label}.json" if args.list else None
            got, cpu = run(code, files, args.batch, args.every, args.encoded, dump)
            results[label] = got
            if dump is not None:
                dumps[label] = json.loads(dump.read_text(encoding="utf-8"))
            whole = hashlib.sha256(json.dumps(got, sort_keys=True).encode()).hexdigest()
            total = sum(int(str(v[0])) for v in got.values())
            print(f"{label} = {code}: {total} texts, all {whole[:16]}, {cpu:.1f} CPU s")
    differ = [f for f in results["A"] if results["A"][f] != results["B"].get(f)]
    for f in results["A"]:
        mark = "DIFFERS" if f in differ else "same"
        print(f"  {Path(f).relative_to(ROOT)}: {results['A'][f][0]} texts, {str(results['A'][f][1])[:16]} {mark}")
    if args.list:
        listing(files, dumps["A"], dumps["B"], args.every)
    print(f"{load_now()}; " + ("the same redactions" if not differ else f"{len(differ)} files differ"))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()

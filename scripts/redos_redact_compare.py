r"""Check: the context rules whose whitespace runs were made possessive (redact13) match what they matched.

For each rule of `rules/context.toml` whose pattern differs from the one in git revision `--old`
(default b17519f), both patterns are run (`finditer`, every match's span and every named group's
span) over: every item of the redaction corpora (`tests/fixtures/redact_corpus/*.jsonl`,
`tests/fixtures/redact_fresh*/*.jsonl`) as written and in each of the 46 contexts of
`tests/redact/corpus_contexts.py`, the labelled set (`tests/redact/redact_cases.py`), the pumping
search's planted texts for the old pattern (`scripts/redos_redact.py` recipes, 100 characters: the
old patterns take minutes on some at 300), and `--random` texts drawn from the pattern's literals,
digits, letters, quotes and whitespace runs.
Prints per rule the number of texts compared, the differences (there must be none) and the CPU of
each pattern over the corpus texts.

Usage: .venv/bin/python scripts/redos_redact_compare.py [--old REV] [--random N]
"""

from __future__ import annotations

import argparse
import base64
import json
import random
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "redact"))
sys.path.insert(0, str(ROOT / "scripts"))


def _rules(text: str) -> dict[str, str]:
    return {r["id"]: r["pattern"] for r in tomllib.loads(text)["rule"]}


def _corpus_texts() -> list[str]:
    texts: list[str] = []
    files = sorted((ROOT / "tests" / "fixtures").glob("redact_*/*.jsonl"))
    for f in files:
        for line in f.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            raw = d.get("text", "")
            try:
                texts.append(base64.b64decode(raw, validate=True).decode("utf-8"))
            except ValueError:
                texts.append(raw)
    return texts


def _in_contexts(texts: list[str]) -> list[str]:
    from corpus_contexts import CONTEXTS

    out = []
    for t in texts:
        out.append(t)
        for _, wrap in CONTEXTS:
            placed = wrap(t)[0]
            out.append(placed if isinstance(placed, str) else " ".join(placed))
    return out


def _labelled() -> list[str]:
    from redact_cases import build_cases

    return [c.text for c in build_cases()]


def _planted(pattern: str) -> list[str]:
    import redos_redact as rr

    try:
        base = rr.pump.recipes(pattern)
    except Exception:  # noqa: BLE001  # a syntax the parser lacks
        return []
    return [rr.build(p, s, r, x, 100) for p, s, r, x in ((*b, x) for b in base for x in ["", *rr._chars(pattern)])]


def _random(pattern: str, n: int, seed: int = 13) -> list[str]:
    words = re.findall(r"[A-Za-z]{2,}", pattern)[:60] or ["password"]
    pieces = [*words, " ", "  ", "\t", "\n", " \t ", ":", "=", "==", '"', "'", "`", "#", ".", "-", "—", "«", "»"]
    pieces += ["123-45-6789", "GB82WEST12345698765432", "s3cr3tValue99", "abc", "1234", "x" * 9, "Zq8Kx2Lm9Pw4Rt7Y"]
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(2, 14))) for _ in range(n)]


def _spans(pat: re.Pattern[str], text: str) -> list[tuple[Any, ...]]:
    return [(m.span(), tuple(sorted((k, m.span(k)) for k in m.groupdict()))) for m in pat.finditer(text)]


def main() -> int:
    """Compare the changed rules; exit 1 on any difference."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--old", default="b17519f")
    ap.add_argument("--random", type=int, default=200_000)
    args = ap.parse_args()
    old_text = subprocess.run(
        ["git", "show", f"{args.old}:memeval/redact/rules/context.toml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    old, new = _rules(old_text), _rules((ROOT / "memeval/redact/rules/context.toml").read_text(encoding="utf-8"))
    changed = sorted(k for k in new if k in old and old[k] != new[k])
    corpus = _in_contexts(_corpus_texts()) + _labelled()
    bad = 0
    for rid in changed:
        a, b = re.compile(old[rid]), re.compile(new[rid])
        cpu = []
        for pat in (a, b):
            t0 = time.process_time()
            for t in corpus:
                pat.findall(t)
            cpu.append(time.process_time() - t0)
        texts = corpus + _planted(old[rid]) + _random(old[rid], args.random)
        diff = [t for t in texts if _spans(a, t) != _spans(b, t)]
        bad += len(diff)
        hits = sum(1 for t in corpus if a.search(t))
        print(
            f"{rid}: {len(texts):,} texts compared ({hits:,} corpus texts matched), {len(diff)} differ; "
            f"corpus CPU {cpu[0]:.2f} s old, {cpu[1]:.2f} s new",
            flush=True,
        )
        for t in diff[:3]:
            print(f"  differs on {t!r}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

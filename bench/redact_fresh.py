"""Recall and false hits per group on a redaction corpus, every item in every context (issue 15).

Usage: python bench/redact_fresh.py [--corpus tests/fixtures/redact_fresh/fresh.jsonl]
                                    [--contexts all|plain] [--misses N] [--json OUT]

Uses the corpus test's own harness (`tests/redact/corpus_contexts.py`: the same 46 contexts, the
same `leaked` rule: a credential or personal datum counts as blanked when no 12-character piece
of it, in the form its context gives it, is left) and redacts in batches of 100 as ingest does.
A piece the wrapped text also holds outside the secret (the shared `packagist_ac` of a key and a kept
placeholder beside it) is not counted (`leaked(..., beside=text)`; redact41: before, such an item
counted as missed in every context whatever was blanked).
A look-alike counts as touched when the redactor reports any finding in it.

Prints, per group and subgroup (`sub` in the corpus line; the group when absent): items x
contexts clean or touched, and for positives the items missed in at least one context with the
contexts they were missed in. Exit 0 always: this measures, the tests assert.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "redact"))

from corpus_contexts import CONTEXTS, leaked  # noqa: E402

from memeval.redact import get_redactor  # noqa: E402


def load(path: Path) -> list[dict]:
    """Corpus lines (`group`, `sub`, `label`, `source`, `text`, `secrets`), Base64 fields decoded.

    Raises:
        SystemExit(2): the file is missing (the message names it and how to build it).
    """
    if not path.exists():
        print(f"no corpus at {path}: build it with tests/fixtures/redact_fresh/build_fresh.py", file=sys.stderr)
        raise SystemExit(2)
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        d = json.loads(line)
        dec = lambda s: base64.b64decode(s).decode("utf-8")  # noqa: E731
        d["text"] = dec(d["text"])
        d["secrets"] = [dec(s) for s in d["secrets"]]
        d.setdefault("sub", d["group"])
        out.append(d)
    return out


def sweep(items: list[dict], contexts: list) -> tuple[dict, dict]:
    """Per (group, sub): Counter{bad: n}; per (group, sub, label, source): contexts where bad."""
    red = get_redactor()
    ok: dict[tuple, Counter] = defaultdict(Counter)
    bad_where: dict[tuple, list[str]] = defaultdict(list)
    for name, wrap in contexts:
        wrapped = [wrap(i["text"]) for i in items]
        texts = [w for w, _ in wrapped]
        outs = [o for k in range(0, len(texts), 100) for o in red.redact_many(texts[k : k + 100])]
        for item, (text, form), out in zip(items, wrapped, outs, strict=True):
            if item["group"] == "lookalike":
                bad = bool(out.findings)
            else:
                bad = any(leaked(form(s), out.text, beside=text) for s in item["secrets"])
            ok[(item["group"], item["sub"])][bad] += 1
            if bad:
                bad_where[(item["group"], item["sub"], item["label"], item["source"])].append(name)
    return ok, bad_where


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--corpus", type=Path, default=ROOT / "tests" / "fixtures" / "redact_fresh" / "fresh.jsonl")
    ap.add_argument("--contexts", choices=("all", "plain"), default="all")
    ap.add_argument("--misses", type=int, default=400, help="missed items listed per subgroup")
    ap.add_argument("--json", type=Path, help="write the figures and misses here")
    a = ap.parse_args()
    items = load(a.corpus)
    contexts = CONTEXTS if a.contexts == "all" else CONTEXTS[:1]
    get_redactor()
    t0, c0 = time.time(), time.process_time()
    ok, bad_where = sweep(items, contexts)
    wall, cpu = time.time() - t0, time.process_time() - c0
    print(f"{len(items)} items x {len(contexts)} contexts; {wall:.0f} s wall, {cpu:.0f} s CPU")
    for group in ("credential", "pii", "lookalike"):
        subs = sorted(k for k in ok if k[0] == group)
        tb = sum(ok[k][True] for k in subs)
        tt = sum(sum(ok[k].values()) for k in subs)
        verb = "touched" if group == "lookalike" else "clean"
        val = tb if group == "lookalike" else tt - tb
        print(f"{group}: {val}/{tt} {verb} ({100 * val / max(tt, 1):.2f}%)")
        for k in subs:
            n_bad, n = ok[k][True], sum(ok[k].values())
            v = n_bad if group == "lookalike" else n - n_bad
            items_bad = [x for x in bad_where if x[:2] == k]
            n_items = sum(1 for i in items if (i["group"], i["sub"]) == k)
            print(
                f"  {k[1]}: {v}/{n} {verb} ({100 * v / max(n, 1):.2f}%); items with a miss: {len(items_bad)}/{n_items}"
            )
            for x in sorted(items_bad, key=lambda x: -len(bad_where[x]))[: a.misses]:
                ctx = Counter(bad_where[x])
                print(f"    {x[2]} [{x[3].split(' ')[0]}] in {len(bad_where[x])}: {', '.join(sorted(ctx))[:160]}")
    if a.json:
        a.json.write_text(
            json.dumps(
                {
                    "figures": {f"{k[0]}/{k[1]}": {"bad": ok[k][True], "total": sum(ok[k].values())} for k in ok},
                    "misses": [{"key": list(k), "n": len(v), "contexts": sorted(set(v))} for k, v in bad_where.items()],
                },
                indent=1,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()

"""A credential cut across two events: how many of its two parts are blanked (redact25, issue 15).

Usage (with `PYTHONPATH` set to the tree to measure):
    python bench/redact_cut_halves.py [--dump FILE] [--json]
    python bench/redact_cut_halves.py --lookalikes

Every credential value of 12+ characters of the owned and the fresh corpora (the cases
`bench/redact_spaced_cuts.py halves` reads), cut at 1/4, 1/2 and 3/4 of its length: the text up to
the cut is one event, the rest another, both through `redact_many` in batches of 100. A part is raw
when its piece of the value is in the stored text (as `halves` counts). Prints, for each cut point
and in all, how many cuts have both parts blanked, one, none; and how many cuts leave the value
whole across the two stored texts (both parts raw) or leave a stored raw piece of 8+ characters of
it. `--dump FILE` writes the cuts with both parts raw (JSON lines: value, cut, the two texts).

`--lookalikes`: the cost, read by the cut rules alone (the redactor's cut reader, which only adds spans, so
what it finds is all a look-alike can newly be touched by): every look-alike of the owned and fresh
corpora in each of the corpus test's 46 contexts, per corpus and subgroup; and every non-blank line
(stripped) of the repository's tracked text files outside fixtures and rule data, as ordinary texts
that start with identifiers, paths, hashes and prose.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from redact_spaced_cuts import _fresh, _many, _owned  # noqa: E402

sys.path.insert(0, str(ROOT / "tests" / "redact"))
from corpus_contexts import CONTEXTS, load_corpus  # noqa: E402

MIN_VALUE = 12
"""Shortest credential value cut (as `redact_spaced_cuts.halves`)."""
LONG_PIECE = 8
"""A raw piece of this many characters of the value counts as a long raw piece."""


def cases() -> list[tuple[str, int, str, str]]:
    """(value, cut, first text, second text) for every credential value of 12+ characters, cut three ways."""
    out = []
    for group, text, secrets in _owned() + _fresh():
        for s in secrets if group == "credential" else ():
            k = text.find(s)
            if k >= 0 and len(s) >= MIN_VALUE:
                for cut in (len(s) // 4, len(s) // 2, 3 * len(s) // 4):
                    out.append((s, cut, text[: k + cut], text[k + cut :]))
    return out


def lookalikes() -> None:
    """Print how many look-alike item-contexts and repository lines the cut rules find anything in."""
    import base64
    import subprocess

    from memeval.redact import get_redactor

    reader = get_redactor()._cuts  # the cut reader the redactor runs (redact27: `_cutkeywords.KeywordCutReader`)
    items = [("owned", "lookalike", i.text) for i in load_corpus() if i.group == "lookalike"]
    for path in sorted(ROOT.glob("tests/fixtures/redact_fresh*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            d = json.loads(line)
            if d["group"] == "lookalike":
                items.append((path.stem, d.get("sub", "lookalike"), base64.b64decode(d["text"]).decode("utf-8")))
    hits: Counter[tuple[str, str]] = Counter()
    total: Counter[tuple[str, str]] = Counter()
    for corpus, sub, text in items:
        for _name, wrap in CONTEXTS:
            total[(corpus, sub)] += 1
            hits[(corpus, sub)] += bool(reader.analyze(wrap(text)[0]))
    for key in sorted(total):
        print(f"  {key[0]:8} {key[1]:14} touched {hits[key]:4} of {total[key]:6}")
    print(f"look-alikes x contexts: touched {sum(hits.values())} of {sum(total.values())}")
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=True).stdout
    kinds = (".py", ".md", ".toml", ".txt", ".html", ".css", ".yaml", ".yml", ".sh")
    files = [f for f in listed.split() if f.endswith(kinds) and "fixtures" not in f and "/rules/" not in f]
    lines = [t for f in files for t in (x.strip() for x in (ROOT / f).read_text("utf-8", "replace").splitlines()) if t]
    found = [t for t in lines if reader.analyze(t)]
    print(f"repository lines ({len(files)} files): touched {len(found)} of {len(lines)}")
    for t in found:
        print(f"    {t[:90]!r}")


def main() -> None:
    """Cut, redact, tally and print."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", type=Path, help="write the cuts with both parts raw here (JSON lines)")
    ap.add_argument("--json", action="store_true", help="print the tally as JSON")
    ap.add_argument("--lookalikes", action="store_true", help="the cut rules' hits on look-alikes and repo lines")
    a = ap.parse_args()
    if a.lookalikes:
        lookalikes()
        return
    cs = cases()
    c0 = time.process_time()
    outs = _many([t for c in cs for t in c[2:]])
    cpu = time.process_time() - c0
    tally: Counter[str] = Counter()
    raw_both: list[dict[str, object]] = []
    for n, (s, cut, first, second) in enumerate(cs):
        at = ("1/4", "1/2", "3/4")[n % 3]
        raw = (s[:cut] in outs[2 * n], s[cut:] in outs[2 * n + 1])
        blanked = {(False, False): "both", (True, True): "none"}.get(raw, "one")
        tally[f"{at} {blanked}"] += 1
        tally[f"all {blanked}"] += 1
        longest = max(len(s[:cut]) if raw[0] else 0, len(s[cut:]) if raw[1] else 0)
        tally["all raw piece 8+"] += longest >= LONG_PIECE
        if raw == (True, True):
            raw_both.append({"value": s, "cut": cut, "first": first, "second": second})
    figures = {
        "cuts": len(cs),
        "values": len({c[0] for c in cs}),
        "cpu_s": round(cpu, 1),
        **dict(sorted(tally.items())),
    }
    if a.dump:
        a.dump.write_text("".join(json.dumps(r) + "\n" for r in raw_both), encoding="utf-8")
    if a.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"{figures['cuts']} cuts of {figures['values']} credential values (at 1/4, 1/2, 3/4), {cpu:.1f} CPU s")
    for at in ("1/4", "1/2", "3/4", "all"):
        both, one, none = (tally[f"{at} {b}"] for b in ("both", "one", "none"))
        print(f"  {at:4} halves blanked: both {both:5}  one {one:5}  none {none:5}")
    print(f"  cuts leaving a raw piece of {LONG_PIECE}+ characters of the value: {tally['all raw piece 8+']}")


if __name__ == "__main__":
    main()

r"""rules/14 against rules/13 by set over v4-v16, with bounds for any classifier, and on benign pools.

Each set v4-v16 is judged by `rules/N + C + views/2` for N in (13, 14) and three classifiers C: the
shipped `hashlr-10` (it saw v3-v14 in training, so it holds more of those orders than a fold model
would), a stub that never holds and a stub that always holds (score 1.0). A change the rules make
is counted per set and label; where no classifier changes a benign verdict, rules/14 adds no false
hold out of fold either (hashlr-10's fold models, which gave `hold_cv_rules13.json`, were never
committed, and its training sources are not on every machine: see memeval/hold/README.md, rules/14).

With `--sources DIR` (held-out v16's sources as `scripts/hold_heldout_v16.py --sources` reads them),
rules/14's matches are also counted on pools of text: v2/v3's rows, the bank voice agent's utterances
that v16 did not take (training, held-out and eval sets; MIT), promptwall's safe prompts and attacks
v16 did not take, and `--gettext-n` messages of the machine's gettext catalogues (20-400 characters,
lowest SHA-256 first; program messages in many languages, never orders to an agent).

Usage: PYTHONPATH=. python bench/hold_cv_rules14.py [--sources DIR] [--gettext-n 12000] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import collections
import gettext
import glob
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memeval.hold import (  # noqa: E402
    HoldAssessment,
    HoldReason,
    RuleDetector,
    RulesWithClassifier,
    get_hold_classifier,
)
from memeval.hold._rules_v14 import RULES_V14  # noqa: E402

SETS = tuple(f"v{n}" for n in range(4, 17))
V14 = frozenset(r.name for r in RULES_V14)


class Stub:
    """A classifier that always gives probability `p` (0: never holds; 1: always holds, with its reason)."""

    def __init__(self, p: float) -> None:
        self.p, self.name = p, f"stub{p:g}"

    def assess(self, text: str, source: Any) -> HoldAssessment:
        """`p` for any text; a `classifier` reason when `p` > 0."""
        reasons = (HoldReason(rule="classifier", start=0, end=len(text), excerpt=""),) if self.p else ()
        return HoldAssessment(held=self.p >= 0.5, score=self.p, reasons=reasons, detector=self.name)


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def set_rows(v: str) -> list[dict[str, Any]]:
    """The rows of held-out set `v` (v4-v16: spent sets, training data)."""
    return _jsonl(ROOT / "tests" / "fixtures" / f"hold_heldout_{v}" / f"heldout_{v}.jsonl")


def by_set() -> dict[str, Any]:
    """{classifier: {set: counts}} with counts pos13/pos14/neg13/neg14 and 'pos False->True' etc."""
    out: dict[str, Any] = {}
    for cname, clf in (("hashlr-10", get_hold_classifier("hashlr-10")), ("never", Stub(0.0)), ("always", Stub(1.0))):
        arms = {v: RulesWithClassifier(RuleDetector(version=v), clf, views=True, alone_at=0.85) for v in (13, 14)}
        out[cname] = {}
        for s in SETS:
            c: collections.Counter[str] = collections.Counter()
            for r in set_rows(s):
                held = {v: d.assess(r["text"], r["source"]).held for v, d in arms.items()}
                lab = "pos" if r["held"] else "neg"
                c[lab] += 1
                c[lab + "13"] += held[13]
                c[lab + "14"] += held[14]
                if held[13] != held[14]:
                    c[f"{lab} {held[13]}->{held[14]}"] += 1
            out[cname][s] = dict(c)
            print(cname, s, dict(c), flush=True)
    return out


def totals(per_set: dict[str, Any], sets: tuple[str, ...]) -> dict[str, str]:
    """Orders caught, precision and benign held of each arm over `sets`."""
    t: collections.Counter[str] = collections.Counter()
    for s in sets:
        t.update(per_set[s])
    res = {}
    for arm in ("13", "14"):
        tp, fp = t["pos" + arm], t["neg" + arm]
        res[f"rules/{arm}"] = (
            f"{tp}/{t['pos']} = {tp / t['pos']:.3f}, precision {tp / max(1, tp + fp):.3f}, benign held {fp}/{t['neg']}"
        )
    return res


def pools(sources: Path, gettext_n: int) -> dict[str, list[str]]:
    """Texts by pool name (see the module docstring); texts of v16 are left out."""
    v16 = {r["text"].strip() for r in set_rows("v16")}
    out: dict[str, list[str]] = collections.defaultdict(list)
    for p in ("hold_heldout/memeval_heldout_v2.jsonl", "hold_heldout_v3/heldout_v3.jsonl"):
        for r in _jsonl(ROOT / "tests" / "fixtures" / p):
            out["v2-v3 " + ("orders" if r.get("held", r.get("label")) else "benign")].append(r["text"])
    dh = sources / "dhvaniguard"
    for f in ("training/train_synthetic.jsonl", "training/train.jsonl", "validation/eval_multilang.jsonl"):
        for r in _jsonl(dh / f):
            if r["text"].strip() not in v16:
                attack = r.get("label", r.get("is_attack"))
                out["voice agent, not in v16, " + ("orders" if attack else "benign")].append(r["text"].strip())
    for f, name in (("safe.jsonl", "promptwall safe"), ("attacks.jsonl", "promptwall attacks")):
        for r in _jsonl(sources / "promptwall" / "data" / f):
            if r["prompt"].strip() not in v16:
                out[name + ", not in v16"].append(r["prompt"])
    seen: set[str] = set()
    for m in sorted(glob.glob("/usr/share/locale/*/LC_MESSAGES/*.mo")):
        try:
            with open(m, "rb") as fh:
                catalog = gettext.GNUTranslations(fh)._catalog  # type: ignore[attr-defined]  # the parsed messages
        except (OSError, UnicodeDecodeError, IndexError, ValueError) as e:  # a catalogue Python cannot parse
            print(f"skip {m}: {e}", file=sys.stderr)
            continue
        for val in catalog.values():
            if isinstance(val, str) and 20 <= len(val) <= 400:
                seen.add(val)
    out["gettext catalogues"] = sorted(seen, key=lambda t: hashlib.sha256(t.encode()).hexdigest())[:gettext_n]
    return out


def pool_counts(texts: dict[str, list[str]]) -> dict[str, Any]:
    """Per pool: rules/14's matches by rule and texts held by rules/14 but not rules/13, as document and person."""
    r13, r14 = RuleDetector(version=13), RuleDetector()
    out: dict[str, Any] = {}
    for name, rows in texts.items():
        t0 = time.process_time()
        c: collections.Counter[str] = collections.Counter()
        examples: dict[str, list[str]] = collections.defaultdict(list)
        for t in rows:
            for source in ("document", "person"):
                a = r14.assess(t, source)
                hit = sorted({x.rule for x in a.reasons} & V14)
                for h in hit:
                    c[f"{source} {h}"] += 1
                    if source == "document" and len(examples[h]) < 5:
                        examples[h].append(t[:160])
                if a.held and not r13.assess(t, source).held:
                    c[f"{source}: held by rules/14, not rules/13"] += 1
        out[name] = {"texts": len(rows), "counts": dict(c), "examples": dict(examples)}
        print(name, len(rows), dict(c), f"{time.process_time() - t0:.0f} s CPU", flush=True)
    return out


def main() -> None:
    """Print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sources", type=Path, default=None, help="held-out v16's sources (for the pools)")
    ap.add_argument("--gettext-n", type=int, default=12000)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    per = by_set()
    res: dict[str, Any] = {"sets": per, "totals": {}}
    for cname, sets in per.items():
        for span, chosen in (("v4-v14", SETS[:11]), ("v4-v15", SETS[:12]), ("v4-v16", SETS)):
            res["totals"][f"{cname} {span}"] = totals(sets, chosen)
            print(cname, span, res["totals"][f"{cname} {span}"])
    if args.sources is not None:
        res["pools"] = pool_counts(pools(args.sources, args.gettext_n))
    if args.out is not None:
        args.out.write_text(json.dumps(res, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

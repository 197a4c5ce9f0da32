#!/usr/bin/env python3
"""Choose the default combination's numbers by leave-one-set-out over the tuning sets v3-v7.

For every row of v3-v7: the rules' assessment, the n-gram classifier's probability from the
fold model fitted WITHOUT that row's set (`scripts/hold_train_cv.py --fold-dir DIR`), whether
the text is a note quoting an attack and whether it reads as a runbook step. Then, for each set
in turn, the numbers of `RulesWithClassifier` (`corroborated_person_at`, `corroborated_at`,
`alone_at`; the classifier's own thresholds stay those of `--report`) are chosen on the OTHER
four sets (the most orders caught at pooled precision >= `--floor`; ties: fewer false holds,
then higher numbers; a person's number is never below the other sources') and scored on the
set left out. The printed out-of-set figures are the cross-validated figures of choosing
numbers this way. The default ships the numbers chosen on all five sets only when that out-of-set
choice keeps the floor and catches more than the previous numbers, else the previous numbers
(written into the model's record with `--model-json`).

Usage: PYTHONPATH=. python scripts/hold_tune_default.py --fold-dir DIR --report FILE [--floor 0.95]
    [--signals CACHE.json] [--json FILE] [--model-json memeval/hold/model/hashlr-3.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from hold_train_cv import FOLDS, NAME, grouped  # noqa: E402

PERSON = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
OTHER = (0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01)
ALONE = (0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.01)
"""The grid: `corroborated_person_at`, `corroborated_at`, `alone_at` (1.01: never)."""
THRESHOLDS = {"person": 0.0, "other": 0.0}
"""The classifier's own thresholds (person, other sources), set from `--report` in `main`."""


def signals(fold_dir: Path, name: str = NAME) -> list[dict[str, Any]]:
    """Per row of v3-v7: set, label, source, lang, group, rules held/score, classifier p, mention, runbook."""
    from memeval.hold import RuleDetector
    from memeval.hold._classifier import ClassifierModel, HashedClassifier
    from memeval.hold._detector import _ABOUT_ATTACKS, _RUNBOOK, QUOTED
    from memeval.hold._normalize import normalize

    rules = RuleDetector()
    out = []
    for v in FOLDS:
        clf = HashedClassifier(ClassifierModel.load(f"{name}-without-{v}", fold_dir))
        for source, label, text, lang, group in grouped(v):
            r = rules.assess(text, source)
            flat = normalize(text).text
            out.append(
                dict(
                    set=v, label=label, source=source, lang=lang, group=group, rh=r.held, rs=r.score,
                    p=clf.score(text)[0],
                    mention=_ABOUT_ATTACKS.search(flat) is not None and QUOTED.search(flat) is not None,
                    runbook=_RUNBOOK.search(flat) is not None,
                )
            )  # fmt: skip
    return out


def held(s: dict[str, Any], corr_person: float, corr_other: float, alone_at: float) -> bool:
    """`RulesWithClassifier` without an encoder, on precomputed signals (see its docstring)."""
    if s["rh"]:
        return True
    if s["mention"]:
        return False
    t = THRESHOLDS["person"] if s["source"] == "person" else THRESHOLDS["other"]
    corr = corr_person if s["source"] == "person" else corr_other
    corroborated = s["rs"] > 0 and s["p"] >= corr
    alone = s["p"] >= t and s["p"] >= alone_at and not s["runbook"]
    return corroborated or alone


def score(rows: list[dict[str, Any]], params: tuple[float, float, float]) -> tuple[int, int, int]:
    """(caught, false holds, orders) of the combination with `params` on `rows`."""
    tp = fp = 0
    for s in rows:
        h = held(s, *params)
        tp += h and s["label"]
        fp += h and not s["label"]
    return tp, fp, sum(bool(s["label"]) for s in rows)


def choose(rows: list[dict[str, Any]], floor: float) -> tuple[float, float, float]:
    """The grid point with the most orders caught at precision >= `floor` (ties: fewer false holds)."""
    best: tuple[Any, ...] | None = None
    for params in itertools.product(PERSON, OTHER, ALONE):
        if params[0] < params[1]:
            continue  # a person's own words never need less evidence than text an agent read
        tp, fp, _ = score(rows, params)
        if tp / max(1, tp + fp) < floor:
            continue
        key = (tp, -fp, params)
        if best is None or key > best:
            best = key
    if best is None:
        raise SystemExit(f"no grid point reaches precision {floor}")
    return best[2]


def by(rows: list[dict[str, Any]], params: tuple[float, float, float], key: str) -> dict[str, str]:
    """Per `key` value: 'caught/orders caught, held/benign benign held'."""
    c: dict[str, Counter[str]] = {}
    for s in rows:
        h = held(s, *params)
        k = {(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((h, bool(s["label"])), "tn")
        c.setdefault(s[key], Counter())[k] += 1
    return {
        g: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
        for g, k in sorted(c.items())
    }


def main() -> None:
    """Leave one set out, print and optionally write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fold-dir", type=Path, required=True)
    ap.add_argument("--floor", type=float, default=0.95)
    ap.add_argument("--report", type=Path, required=True, help="hold_train_cv.py's report (the thresholds)")
    ap.add_argument("--signals", type=Path, default=None, help="cache of the per-row signals (JSON)")
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument(
        "--model-json",
        type=Path,
        default=None,
        help="write the numbers chosen on all sets into this model record (thresholds, alone_at)",
    )
    args = ap.parse_args()
    th = json.loads(args.report.read_text(encoding="utf-8"))["thresholds"]
    THRESHOLDS.update(person=th["person"], other=th["agent"])
    if args.signals is not None and args.signals.is_file():
        rows = json.loads(args.signals.read_text(encoding="utf-8"))
    else:
        rows = signals(args.fold_dir)
        if args.signals is not None:
            args.signals.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")
    report: dict[str, Any] = {"floor": args.floor, "sets": {}}
    shipped = (THRESHOLDS["person"], THRESHOLDS["other"], 0.85)  # the combination's numbers before
    tot = Counter[str]()
    for v in FOLDS:
        rest = [s for s in rows if s["set"] != v]
        mine = [s for s in rows if s["set"] == v]
        params = choose(rest, args.floor)
        tp, fp, n = score(mine, params)
        tot.update(tp=tp, fp=fp, n=n)
        report["sets"][v] = {
            "chosen_on_other_sets": params,
            "caught": f"{tp}/{n}",
            "false_holds": f"{fp}/{len(mine) - n}",
            "precision": round(tp / max(1, tp + fp), 4),
            "recall": round(tp / n, 4),
            "per_origin": by(mine, params, "group"),
            "per_language": by(mine, params, "lang"),
        }
        print(f"{v}: numbers {params} (chosen without {v}): caught {tp}/{n}, false holds {fp}/{len(mine) - n}")
    print(f"pooled out-of-set: caught {tot['tp']}/{tot['n']}, false holds {tot['fp']}")
    final = choose(rows, args.floor)
    tp, fp, n = score(rows, final)
    report["chosen_on_all"] = {"params": final, "caught": f"{tp}/{n}", "false_holds": fp}
    print(f"chosen on all five sets: {final}: caught {tp}/{n}, false holds {fp}")
    p_tp, p_fp, _ = score(rows, shipped)
    report["previous_numbers"] = {"params": shipped, "caught": f"{p_tp}/{n}", "false_holds": p_fp}
    print(f"the fold models with the previous combination {shipped}: caught {p_tp}/{n}, false holds {p_fp}")
    # choosing numbers pays only when the choice, judged out of set, keeps the floor and catches more
    pays = tot["tp"] / max(1, tot["tp"] + tot["fp"]) >= args.floor and tot["tp"] > p_tp
    ship = (
        {"corroborated_person_at": final[0], "corroborated_at": final[1], "alone_at": final[2]}
        if pays
        else {"alone_at": shipped[2]}
    )
    print(f"ships {ship}: out-of-set choice {tot['tp']}/{tot['n']} with {tot['fp']} false holds "
          f"{'pays' if pays else 'does not pay'} against the previous numbers")  # fmt: skip
    if args.model_json is not None:
        meta = json.loads(args.model_json.read_text(encoding="utf-8"))
        meta["combination"] = ship
        meta["combination_rule"] = (
            "RulesWithClassifier's numbers (scripts/hold_tune_default.py): chosen on the tuning sets v3-v7 "
            f"(the most orders caught at pooled precision >= {args.floor}, a person's number never below the "
            "others') only when that choice, made without each set in turn and scored on it, keeps the floor "
            "and catches more than the previous numbers (alone_at 0.85, corroboration at the classifier's "
            "own thresholds); else the previous numbers"
        )
        meta["combination_measured"] = {k: report[k] for k in ("chosen_on_all", "previous_numbers")}
        meta["leave_one_set_out"] = {
            v: {k: r[k] for k in ("chosen_on_other_sets", "caught", "false_holds")} for v, r in report["sets"].items()
        }
        meta["leave_one_set_out"]["pooled"] = {"caught": f"{tot['tp']}/{tot['n']}", "false_holds": tot["fp"]}
        args.model_json.write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote the numbers into {args.model_json}")
    if args.json is not None:
        args.json.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

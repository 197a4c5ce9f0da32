r"""Round 40, out of fold by set over v4-v39 (and by source): the concept stage reading more languages' acts and frames,
and asked for every text that reads as a framed order.

Phase 1 (`--extract`): round 39's rows (`hold_cv_round39.extract`) over v4-v39 (v39 joined as a set after its look;
hashlr-17 for v37-v39 is the final one, fitted on v4-v36; hashlr-14 and hashlr-16 never saw v38 or v39).

Phase 2: figures, every arm in one run, every stage fitted without the set it judges:

- `default`, `r34`: as round 38's bench; `r38`: round 38 as shipped (round 34's stage, and behind the gate 0.2 the
  concept stage `vector38` adding a hold from 0.88), refitted per fold;
- `r40`: the same with `_concepts40.vector40` in the concept stage (round 38's numbers and `LEXICON40`'s acts, frames
  and skipped checks in about 50 languages, and their products), the same gate and add cut; `r40 nested`: its add cut
  chosen for each set on the others (`hold_cv_round39.nested`: most orders at precision at least round 38's there,
  none of the hold tests' benign examples newly held);
- `r40 frame G`, `r38 frame G`: the stage also asked for a text the default lets through with round 34's
  probability from G when `vector40` reads a frame and an act (`_concepts40.frame_and_act`), at 0.88 and nested;
- `... by source`: the same arms with every stage (round 34's too) fitted without the rows of the text's source
  group (the origin before its first ':', e.g. one public corpus, or one round's written rows; hashed into
  `--source-folds` groups), a check that the stage's numbers do not fit the sets' own sources; the classifiers'
  probabilities it reads stay out of fold by set;
- `... + quotes` (`--quotes`): a hold whose rules/25 matches all lie inside quotes (`quoted_only`: straight, curly,
  low-high and angle quotes, corner brackets, inline code), in a text that orders no act outside them, is released.

Slices: v4-v39, v4-v37 (`LEXICON40` was written after reading v38's and v39's misses, so those two sets are partly in
sample for the lists; v4-v37 is the cleaner reading), v34-v39, round 36's language groups and written carriers.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round40.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round40.py [--quotes] [--gates 0] \
           [--adds 0.86 0.87 0.9 0.92] [--source-folds 20] [--print-slices ...] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

import _hold_cv as h  # noqa: E402
import hold_cv_round34 as r34  # noqa: E402
import hold_cv_round35 as r35  # noqa: E402
import hold_cv_round36 as r36  # noqa: E402
import hold_cv_round38 as r38  # noqa: E402
import hold_cv_round39 as r39  # noqa: E402
import numpy as np  # noqa: E402

SETS = h.sets_through(39)
"""Every spent set (`hold_train_cv.SPENT` stops at v39); nothing of a set written after v39 is read."""
LATEST = ("v34", "v35", "v36", "v37", "v38", "v39")
ADD = (0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 1.01)
"""The add cuts the nested choice tries (0.88: round 38's; 1.01: the stage adds nothing)."""


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 39's extract over `SETS`, hashlr-17's final model for v37-v39."""
    r39.SETS = SETS
    r39.UNFOLDED17 = ("v37", "v38", "v39")
    r39.extract(args)


def source_groups(rows: list[dict[str, Any]], k: int) -> np.ndarray:
    """Each row's source fold: its origin's part before the first ':' (one public corpus, or one round's written
    rows; the set's name when it has none), hashed (SHA-256) into `k` groups."""

    def group(r: dict[str, Any]) -> int:
        name = (r.get("origin") or r["set"]).split(":")[0]
        return int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) % k

    return np.array([group(r) for r in rows])


def oof_by(x: np.ndarray, y: np.ndarray, g: np.ndarray, inside: np.ndarray, w: np.ndarray, train_ok: np.ndarray,
           l2: float) -> np.ndarray:  # fmt: skip
    """Out-of-fold probabilities over the rows `inside`, each fold `g` judged by a model fitted without it; the other
    rows judged by the model fitted on every training row."""
    out = np.zeros(len(y))
    for k in np.unique(g[inside]):
        tr = train_ok & (g != k)
        m = inside & (g == k)
        out[m] = r34.prob(x[m], r34.fit(x[tr], y[tr], w[tr], l2))
    rest = ~inside
    out[rest] = r34.prob(x[rest], r34.fit(x[train_ok], y[train_ok], w[train_ok], l2))
    return out


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v4-v37, v34-v39 each, round 36's groups and written carriers."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v39": np.isin(s, SETS), "v4-v37": np.isin(s, SETS[:-2])}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    for v in ("v38", "v39"):
        for k in [k for k in more if k.startswith("written ")] + ["not-english"]:
            out[f"{v} {k}"] = more[k] & (s == v)
    return out


_QUOTED = re.compile(
    r'"[^"\n]{3,400}"|“[^”\n]{3,400}”|„[^“”\n]{3,400}[“”]|«[^»\n]{3,400}»|‹[^›\n]{3,400}›|「[^」\n]{3,400}」'
    r"|『[^』\n]{3,400}』|(?<!\w)'[^'\n]{3,400}'(?!\w)|`[^`\n]{3,400}`"
)
"""A quoted span: straight, curly, low-high and angle quotes, CJK corner brackets, single quotes not inside a word,
inline code."""


def quoted_only(text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether every rule match of `spans` lies inside a quoted span of `text` (`_QUOTED`) and the text outside the
    quotes orders no act (`_concepts.scoped_acts`, `_concepts40.scoped40`; "don't tell" counts as an order): a text
    that quotes an attack ("a lesson like «for all future sessions, run curl … | bash»") rather than making one."""
    from memeval.hold._concepts import scoped_acts
    from memeval.hold._concepts40 import scoped40

    quotes = [m.span() for m in _QUOTED.finditer(text)]
    if not spans or not quotes:
        return False
    if not all(any(a <= s0 and e0 <= b for a, b in quotes) for s0, e0 in spans):
        return False
    outside = _QUOTED.sub(" ", text)
    free, _ = scoped_acts(outside)
    free40, _ = scoped40(outside)
    return not free and not free40 & {"act40", "act40w"}


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, nested cuts, the hold tests' examples newly held."""
    from memeval.hold._concepts import vector38
    from memeval.hold._concepts40 import FEATURES40, vector40

    t_start = time.process_time()
    r38.SETS = SETS
    r39.SETS = SETS
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-39
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x38 = np.array([vector38(r["text"]) for r in rows])
    t1 = time.process_time()
    x40 = np.array([vector40(r["text"]) for r in rows])
    t2 = time.process_time()
    print(f"vector38 {(t1 - t0) / len(rows) * 1e3:.3f} ms, vector40 {(t2 - t1) / len(rows) * 1e3:.3f} ms CPU a text",
          flush=True)  # fmt: skip
    assert np.array_equal(x40[:, : x38.shape[1]], x38), "vector40 must begin with vector38's numbers"
    fa = x40[:, FEATURES40.index("frame_any_x_act_any")] > 0
    y = np.array([bool(r["label"]) for r in rows])
    s = np.array([r["set"] for r in rows])
    base = np.array([bool(r["default"]) for r in rows])
    stands = np.array([bool(r["rules_held"]) or (bool(r["default"]) and any(x.startswith("hidden-")
                       for x in r["default_reasons"])) for r in rows])  # fmt: skip
    ones = np.ones(len(rows))
    w = np.where(s == "w37", args.w37_weight, 1.0)
    plain = np.isin(s, (*SETS, "w34"))
    train_ok = np.isin(s, (*SETS, "w34", "w37"))
    inside = np.isin(s, SETS)
    ex = s == "examples"
    print(f"frame and act: {int((fa & inside & y).sum())} orders, {int((fa & inside & ~y).sum())} benign of v4-v39",
          flush=True)  # fmt: skip

    arms: dict[str, np.ndarray] = {"default": base}
    quoting = np.zeros(len(rows), bool)
    chosen: dict[str, Any] = {}
    examples: dict[str, Any] = {}
    asked_share: dict[str, float] = {}

    def family(tag: str, p34: np.ndarray, stage: dict[str, np.ndarray], nest: bool) -> None:
        s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
        arms[f"r34{tag}"] = s34
        gate = ~base & ~s34 & (p34 >= 0.2)
        ref = s34 | (gate & (stage["38"] >= 0.88))
        for name, p in stage.items():
            for g in [None, *args.gates]:
                asked = gate if g is None else gate | (~base & ~s34 & (p34 >= g) & fa)
                label = f"r{name}" + ("" if g is None else f" frame {g:g}") + tag
                asked_share[label] = round(float(asked[inside].mean()), 4)
                arms[label] = s34 | (asked & (p >= 0.88))
                for a in args.adds:
                    arms[f"{label} add {a:g}"] = s34 | (asked & (p >= a))
                if nest:
                    ok = {(a,): not bool((ex & asked & (p >= a)).any()) for a in ADD}
                    examples[label] = {
                        "newly_held_at_0.88": [rows[i]["text"] for i in np.where(ex & asked & (p >= 0.88))[0]],
                        "nearest": sorted(((round(float(p[i]), 3), rows[i]["text"])
                                           for i in np.where(ex & asked)[0]), reverse=True)[:3],
                    }  # fmt: skip
                    held, ch = r39.nested(lambda c, asked=asked, p=p: s34 | (asked & (p >= c[0])), [(a,) for a in ADD],
                                          ok, y, s, ref, args.margin)  # fmt: skip
                    arms[f"{label} nested"] = held
                    chosen[label] = ch

    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    o38, _ = r38.oof_of(np.hstack([x34, x38]), y, s, w, train_ok, args.l2)
    o40, _ = r38.oof_of(np.hstack([x34, x40]), y, s, w, train_ok, args.l2)
    print(f"stages by set: {time.process_time() - t_start:.0f} s CPU", flush=True)
    nen = inside & np.array([(r.get("lang") or "en").split("-")[0] != "en" for r in rows])
    for name, p in (("r34", p34), ("r38", o38), ("r40", o40)):
        print(f"{name} stage AUC by set {r35.auc(p[inside], y[inside]):.4f}, outside English "
              f"{r35.auc(p[nen], y[nen]):.4f}", flush=True)  # fmt: skip
    family("", p34, {"38": o38, "40": o40}, nest=True)
    if args.source_folds:
        g = source_groups(rows, args.source_folds)
        q34 = oof_by(x34, y, g, inside, ones, plain, args.l2)
        q38 = oof_by(np.hstack([x34, x38]), y, g, inside, w, train_ok, args.l2)
        q40 = oof_by(np.hstack([x34, x40]), y, g, inside, w, train_ok, args.l2)
        for name, p in (("r34", q34), ("r38", q38), ("r40", q40)):
            print(f"{name} stage AUC by source {r35.auc(p[inside], y[inside]):.4f}, outside English "
                  f"{r35.auc(p[nen], y[nen]):.4f}", flush=True)  # fmt: skip
        family(" by source", q34, {"38": q38, "40": q40}, nest=False)
    if args.quotes:  # a hold whose rules/25 matches all lie inside quotes, in a text that orders nothing outside them
        from memeval.hold import RuleDetector

        t0 = time.process_time()
        rules = RuleDetector(version=25)
        cand = np.zeros(len(rows), bool)
        for i in np.where(stands & (arms["r38"] | arms["r40"]))[0]:
            a = rules.assess(rows[i]["text"], rows[i]["source"])
            cand[i] = quoted_only(rows[i]["text"], [(x.start, x.end) for x in a.reasons])
        print(f"quote scope: {(time.process_time() - t0):.1f} s CPU for {int((stands & arms['r40']).sum())} texts; "
              f"{int((cand & inside & y).sum())} orders, {int((cand & inside & ~y).sum())} benign of v4-v39 read as "
              "quoting only", flush=True)  # fmt: skip
        quoting[:] = cand
        for a in ("r38", "r40", "r40 add 0.9", "r40 add 0.92"):
            arms[f"{a} + quotes"] = arms[a] & ~cand
    sl = {k: m for k, m in slices(rows).items() if k in args.print_slices or not args.print_slices}
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "gates": args.gates, "source_folds": args.source_folds,
        "asked_share": asked_share,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": examples,
        "quoting_only": [[rows[i]["set"], bool(y[i]), rows[i]["text"][:200]] for i in np.where(quoting & inside)[0]],
        "nested_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "changed": {a: [[rows[i]["set"], bool(y[i]), bool(held[i]), rows[i]["text"][:160]]
                        for i in np.where(inside & (held != arms["r38"]))[0]]
                    for a, held in arms.items() if a in args.changed},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    for k, figs in res["figures"].items():
        print(f"== {k}")
        for a in arms:
            print(f"  {a:32s} {figs[a]}")
    print("asked", asked_share)
    for name, e in examples.items():
        print(name, "examples newly held at 0.88:", e["newly_held_at_0.88"], "nearest", e["nearest"])
    for k, ch in chosen.items():
        print(k, sorted(set(ch.values())))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det40/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    ap.add_argument("--margin", type=float, default=0.0, help="nested: precision above round 38's arm")
    ap.add_argument("--gates", type=float, nargs="*", default=[0.0], help="frame-and-act gates (round 34's p)")
    ap.add_argument("--adds", type=float, nargs="*", default=[0.9, 0.92], help="more fixed add cuts")
    ap.add_argument(
        "--changed",
        nargs="*",
        default=["r40", "r40 add 0.9"],
        help="arms whose verdicts that differ from r38's are written",
    )
    ap.add_argument("--quotes", action="store_true", help="arms releasing holds made only inside quotes")
    ap.add_argument("--source-folds", type=int, default=20, help="source-grouped folds (0: none)")
    ap.add_argument("--print-slices", nargs="*", default=[], help="only these slices, printed and written")
    args = ap.parse_args()
    if args.extract:
        extract(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()

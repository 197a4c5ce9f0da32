r"""Round 39, out of fold by set over v4-v38: the concept stage also releases a standing safety rule, and a lower gate
for text framed as another agent's or a tool's message.

Phase 1 (`--extract`): round 38's rows (`hold_cv_round38.extract`) over v4-v38; v37's and v38's hashlr-17 is the
final one (fitted on v4-v36, before either set was written), hashlr-14 and hashlr-16 never saw v38. Phase 1b (round
38's `--encode` with `--rows` and `--enc` here): the shipped encoder head `uselr-2`'s score of every row, for the
`r38+enc` arms (`--enc`). Phase 1c (`--embed`): every row's encoder embedding (first 2,000 characters, one window),
for the `r38+head` arms (`--emb`): a logistic head over the embeddings refitted out of fold on the sets.

Phase 2: figures, leave one set out over v4-v38 (every stage fitted without the set it judges), all arms in one run:

- `default`, `r34`: as round 38's bench; `r38`: round 38 as shipped (round 34's stage, and behind the gate 0.2 the
  negation-scoped concept stage adding a hold from 0.88), refitted per fold;
- `release R`: `r38`, and a hold that neither rules/25 as sent nor a decoded view made (one round 34's default made
  on a weak rule and the classifier, or round 34's stage made) is released when the text reads as a rule for the
  agent's own safety (`safety_rule`: a risky act only under a negation's scope, no order to hide, no override or
  persona words, no authority claimed, no skipped check, no stored-lesson frame with an ordered act) and the concept
  stage gives it less than R; `release nested`: R chosen for each set on the other sets (`nested_precision`: the cut
  with the highest precision there among those that lose no more orders than they release benign texts);
- `frame G A`: `r38`, and a text the default lets through with round 34's probability from G (below round 38's gate
  when G < 0.2) up to its add cut, that presents itself as another agent's or a tool's message (`_concepts.vector38`'s
  `speaker_frame`; `frame+act`: with an act ordered in it, `frame_x_free_act`), is asked of the concept stage and held
  from its own cut A (round 38's 0.88 for the rest);
- `both`: release and frame together; the `nested` arms choose their cuts for each set on the others (most orders at
  precision at least round 38's there, among the cuts whose final model newly holds none of the hold tests' benign
  examples);
- `r38+enc`, `r38+head`: round 38's concept stage with the encoder head's probability and logit as two more inputs
  (`uselr-2` as shipped, or the head refitted out of fold), at add cuts 0.88-0.94 and nested; `enc ...`, `head ...`:
  the release and frame arms on those stages.

Usage: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round39.py --extract
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round38.py --encode \
           --rows /tmp/det39/rows.jsonl --enc /tmp/det39/enc.jsonl
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round39.py --embed --emb /tmp/det39/emb.npz
       OPENBLAS_NUM_THREADS=1 PYTHONPATH=. nice -n 10 python bench/hold_cv_round39.py --enc /tmp/det39/enc.jsonl \
           --emb /tmp/det39/emb.npz [--low-gates 0.2 0.1 0] [--margin M] [--print-slices ...] [--out FILE.json]
"""

from __future__ import annotations

import argparse
import itertools
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
import hold_cv_round37 as r37  # noqa: E402
import hold_cv_round38 as r38  # noqa: E402
import numpy as np  # noqa: E402

from memeval.hold._classifier import ClassifierModel  # noqa: E402

SETS = h.sets_through(38)
"""Every spent set (`hold_train_cv.SPENT` stops at v38); nothing of a set written after v38 is read."""
LATEST = ("v34", "v35", "v36", "v37", "v38")
UNFOLDED17 = ("v37", "v38")
"""The sets hashlr-17's fold models do not cover; the final hashlr-17 (fitted on v4-v36) never saw them."""


def model17(v: str, fold_dir: Path) -> ClassifierModel:
    """Round 37's `model17`, with the final hashlr-17 for v37 and v38."""
    if v in UNFOLDED17:
        return ClassifierModel.load("hashlr-17", fold_dir.parent / "final")
    return _MODEL17(v, fold_dir)


_MODEL17 = r37.model17


def extract(args: argparse.Namespace) -> None:
    """Phase 1: round 37's extract over `SETS`."""
    r37.SETS = SETS
    r37.model17 = model17  # type: ignore[assignment]
    r37.extract(args)


def embed_rows(args: argparse.Namespace) -> None:
    """Phase 1c: the encoder's embedding (`_encoder.embed`, one window: the first 2,000 characters) of every row's
    text, with the texts' keys (`hold_cv_round38.key`), into `--emb` (.npz)."""
    from memeval.hold._encoder import embed

    rows = r34.load(args.rows)
    t0 = time.process_time()
    texts = list(dict.fromkeys(r["text"] for r in rows))
    out = [embed([t[:2000] for t in texts[i : i + 64]]) for i in range(0, len(texts), 64)]
    np.savez(args.emb, keys=np.array([r38.key(t) for t in texts]), emb=np.vstack(out))
    print(f"embedded {len(texts)} texts: {time.process_time() - t0:.0f} s CPU", flush=True)


OVERRIDE = ("ignore", "persona")
"""Concepts that make a text no safety rule even when its acts are negated ("ignore your rules", "you are now ...")."""


def safety_rule(text: str, wide: bool = False) -> bool:
    """Whether `text` reads as a rule for the agent's own safety rather than an order: at least one risky act, every
    one under a negation's scope (`_concepts.scoped_acts`; an order to hide, "don't tell", is never scoped), none of
    `OVERRIDE`'s concepts, and none of `LEXICON38`'s authority claimed or check skipped. `wide`: a negation's scope
    runs to the end of its clause (`,;:!?`, a full stop before a space, or a line break; not an ellipsis or the dot
    of a file name) rather than `SCOPE_WORDS` words ("never pipe a downloaded script into a shell (curl … | bash)")."""
    from memeval.hold import _concepts
    from memeval.hold._concepts import concepts, concepts38, scoped_acts

    if wide:
        saved = _concepts.SCOPE_WORDS, _concepts._TOKEN, _concepts._BREAK
        _concepts.SCOPE_WORDS, _concepts._TOKEN, _concepts._BREAK = 1000, _WIDE_TOKEN, _WIDE_BREAK
        try:
            free, negated = scoped_acts(_NOT_A_STOP.sub(" ", text))
        finally:
            _concepts.SCOPE_WORDS, _concepts._TOKEN, _concepts._BREAK = saved
    else:
        free, negated = scoped_acts(text)
    if free or not negated:
        return False
    found = concepts(text)
    if any(c in found for c in OVERRIDE):
        return False
    more = concepts38(text)
    return "authority-claim" not in more and "skip-check" not in more


_WIDE_TOKEN = re.compile(r"[^\W\d_]+|[$€]|[.,;:!?\n。！？；，、]")
_WIDE_BREAK = frozenset(".,;:!?\n。！？；，、")
_NOT_A_STOP = re.compile(r"\.{2,}|…|\.(?=\S)")
"""Dots that end no clause: an ellipsis, the dot inside a file or host name."""

STAGE_ADD = (0.88, 0.9, 0.92, 0.94, 0.96)
"""The add cuts of the stages with an encoder's inputs (round 38's 0.88 first)."""

RELEASES = (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7)
"""The release cuts the nested choice tries (0: no release)."""
ADD = (0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.88, 1.01)
"""The add cuts for framed texts the nested choice tries (0.88: round 38's above its gate; 1.01: none added)."""


def slices(rows: list[dict[str, Any]]) -> dict[str, np.ndarray]:
    """Masks over the rows of `SETS`: pooled, v34-v38 each, round 36's slices, and v38's written carriers apart."""
    s = np.array([r["set"] for r in rows])
    out = {"v4-v38": np.isin(s, SETS), "v16-v38": np.isin(s, SETS[12:])}
    out.update({v: s == v for v in LATEST})
    r36.SETS = SETS
    more = r36.slices(rows)
    out.update({k: m for k, m in more.items() if not k.startswith("v")})
    for k in [k for k in more if k.startswith("written ")]:
        out[f"v38 {k}"] = more[k] & (s == "v38")
    out["v38 not-english"] = more["not-english"] & (s == "v38")
    return out


def counts(held: np.ndarray, y: np.ndarray, m: np.ndarray) -> tuple[int, int]:
    """(orders held, benign held) over mask `m`."""
    return int((held & y & m).sum()), int((held & ~y & m).sum())


def nested(arm_of: Any, grid: list[tuple[float, ...]], ok: dict[tuple[float, ...], bool], y: np.ndarray,
           s: np.ndarray, ref: np.ndarray, margin: float
           ) -> tuple[np.ndarray, dict[str, tuple[float, ...]]]:  # fmt: skip
    """Each set judged by the arm `arm_of(cuts)` with `cuts` chosen on the other sets: most orders held at precision at
    least the reference arm's there (`ref`, round 38's) plus `margin`, then fewest benign held, among the `grid` points
    with `ok[cuts]` (the final model newly holds none of the hold tests' benign examples); the most precise point when
    none reaches that precision (round 38's nested choice took the most orders then)."""
    held, chosen = np.zeros(len(s), bool), {}
    arms = {c: arm_of(c) for c in grid if ok[c]}
    for k in SETS:
        m = np.isin(s, SETS) & (s != k)
        tp0, fp0 = counts(ref, y, m)
        floor = tp0 / max(1, tp0 + fp0) + margin
        scored = [(tp / max(1, tp + fp), tp, -fp, c) for c, a in arms.items() for tp, fp in [counts(a, y, m)]]
        met = [x for x in scored if x[0] >= floor]
        best = max(x[1:] for x in met)[2] if met else max(scored)[3]
        chosen[k] = best
        held[s == k] = arms[best][s == k]
    return held, chosen


def nested_precision(arm_of: Any, grid: list[tuple[float, ...]], y: np.ndarray, s: np.ndarray, ref: np.ndarray
                     ) -> tuple[np.ndarray, dict[str, tuple[float, ...]]]:  # fmt: skip
    """Each set judged with the release cut chosen on the other sets for precision: the cut with the highest
    precision there that loses no more orders than it releases benign texts (against `ref`), ties to the lower
    cut."""
    held, chosen = np.zeros(len(s), bool), {}
    arms = {c: arm_of(c) for c in grid}
    for k in SETS:
        m = np.isin(s, SETS) & (s != k)
        tp0, fp0 = counts(ref, y, m)
        cand = []
        for c, a in arms.items():
            tp, fp = counts(a, y, m)
            if tp0 - tp <= fp0 - fp:
                cand.append((tp / max(1, tp + fp), -c[0], c))
        best = max(cand)[2]
        chosen[k] = best
        held[s == k] = arms[best][s == k]
    return held, chosen


def _arms(pre: str, oof: np.ndarray, args: argparse.Namespace, arms: dict[str, np.ndarray], chosen: dict[str, Any],
          examples: dict[str, Any], asked_share: dict[str, float], rows: list[dict[str, Any]], y: np.ndarray,
          s: np.ndarray, base: np.ndarray, s34: np.ndarray, stands: np.ndarray, p34: np.ndarray, frame: np.ndarray,
          frame_act: np.ndarray, safe: np.ndarray, safe_wide: np.ndarray, r38_arm: np.ndarray) -> None:  # fmt: skip
    """The release and frame arms of the concept stage whose out-of-fold probabilities are `oof` (names prefixed
    `pre`), added to `arms`, `chosen`, `examples` and `asked_share`; `r38_arm` is round 38's verdicts, the nested
    choices' reference."""
    weak = ~stands  # a hold neither rules/25 as sent nor a decoded view made
    ex = s == "examples"
    inside = np.isin(s, SETS)

    def released(held: np.ndarray, r: float, wide: bool = False) -> np.ndarray:
        return held & ~(weak & (safe_wide if wide else safe) & (oof < r))

    def framed_adds(g: float, a: float, fr: np.ndarray) -> np.ndarray:
        return ~base & ~s34 & (p34 >= g) & fr & (oof >= a)

    for wide, tag in ((False, "release"), (True, "release wide")):
        for r in RELEASES[1:]:
            arms[f"{pre}{tag} {r:g}"] = released(r38_arm, r, wide)
        held, ch_rel = nested_precision(lambda c, wide=wide: released(r38_arm, c[0], wide), [(r,) for r in RELEASES],
                                        y, s, r38_arm)  # fmt: skip
        arms[f"{pre}{tag} nested"] = held
        chosen[f"{pre}{tag} nested"] = ch_rel
    for fname, fr in (("frame", frame), ("frame+act", frame_act)):
        for g in args.low_gates:
            low = ~base & ~s34 & (p34 >= g) & (p34 < 0.2) & fr
            asked_share[f"{fname} {g:g}"] = round(float(low[inside].mean()), 4)
            for a in args.adds:
                arms[f"{pre}{fname} {g:g} {a:g}"] = r38_arm | framed_adds(g, a, fr)
            ok = {(a,): not bool((ex & framed_adds(g, a, fr)).any()) for a in ADD}
            examples[f"{pre}{fname} {g:g}"] = {
                "newly_held_at": {str(a): [rows[i]["text"] for i in np.where(ex & framed_adds(g, a, fr))[0]]
                                  for a in ADD},
                "nearest": sorted(((round(float(oof[i]), 3), rows[i]["text"])
                                   for i in np.where(ex & ~base & ~s34 & (p34 >= g) & fr)[0]), reverse=True)[:3],
            }  # fmt: skip
            held, ch = nested(lambda c, g=g, fr=fr: r38_arm | framed_adds(g, c[0], fr), [(a,) for a in ADD], ok, y,
                              s, r38_arm, args.margin)  # fmt: skip
            arms[f"{pre}{fname} {g:g} nested"] = held
            chosen[f"{pre}{fname} {g:g}"] = ch
            grid = list(itertools.product(ADD, RELEASES))
            ok2 = {c: ok[(c[0],)] for c in grid}
            for wide, tag in ((False, "both"), (True, "both wide")):
                held, ch = nested(lambda c, g=g, fr=fr, wide=wide: released(r38_arm | framed_adds(g, c[0], fr), c[1],
                                                                             wide), grid, ok2, y, s, r38_arm,
                                  args.margin)  # fmt: skip
                arms[f"{pre}{tag} {fname} {g:g} nested"] = held
                chosen[f"{pre}{tag} {fname} {g:g}"] = ch


def figures(args: argparse.Namespace) -> None:
    """Phase 2: every arm's figures over `slices`, and the final models' verdicts on the hold tests' examples."""
    from memeval.hold._concepts import FEATURES38, vector38

    t_start = time.process_time()
    r38.SETS = SETS  # round 38's `oof_of` leaves out each of its module's SETS in turn
    rows = r34.load(args.rows)
    print(f"{len(rows)} rows", flush=True)
    fams = list(r34.families([r for r in rows if r["set"] in h.sets_through(33)]))  # v4-v33's, as rounds 34-38
    x34 = r34.dense(rows, fams)
    t0 = time.process_time()
    x38 = np.array([vector38(r["text"]) for r in rows])
    safe = np.array([safety_rule(r["text"]) for r in rows])
    safe_wide = np.array([safety_rule(r["text"], wide=True) for r in rows])
    print(f"concepts and safety rules: {(time.process_time() - t0) / len(rows) * 1e3:.3f} ms CPU a text", flush=True)
    frame = x38[:, FEATURES38.index("speaker_frame")] > 0
    frame_act = x38[:, FEATURES38.index("frame_x_free_act")] > 0
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
    p34, _ = r38.oof_of(x34, y, s, ones, plain, args.l2)
    s34 = stands | np.where(base, p34 >= 0.7, p34 >= 0.88)
    oof, _ = r38.oof_of(np.hstack([x34, x38]), y, s, w, train_ok, args.l2)
    asked = ~base & ~s34 & (p34 >= 0.2)
    r38_arm = s34 | (asked & (oof >= 0.88))
    arms: dict[str, np.ndarray] = {"default": base, "r34": s34, "r38": r38_arm}
    weak = ~stands
    for name, sr in (("five words", safe), ("clause", safe_wide)):
        c = r38_arm & weak & sr & inside
        print(
            f"safety rules ({name}) among held v4-v38 texts not standing: {int((c & ~y).sum())} benign, "
            f"{int((c & y).sum())} orders",
            flush=True,
        )

    chosen: dict[str, Any] = {}
    examples: dict[str, Any] = {}
    asked_share: dict[str, float] = {"r38": round(float(asked[inside].mean()), 4)}
    stages = {"": oof}
    enc = r38.load_enc(args.enc) if args.enc is not None else {}
    if enc and all(r38.key(r["text"]) in enc for r in rows):
        q = np.clip(np.array([enc[r38.key(r["text"])] for r in rows]), 1e-6, 1 - 1e-6)
        xe = np.column_stack([q, np.log(q / (1 - q)) / 5])
        oof_e, _ = r38.oof_of(np.hstack([x34, x38, xe]), y, s, w, train_ok, args.l2)
        stages["enc "] = oof_e
        arms["r38+enc"] = s34 | (asked & (oof_e >= 0.88))
    elif args.enc is not None:
        print(f"no encoder arms: {args.enc} lacks some rows' scores (run --encode)", flush=True)
    if args.emb is not None:  # a logistic head over the encoder's embeddings refitted on the sets, out of fold
        t0 = time.process_time()
        got = np.load(args.emb)
        where = {k: i for i, k in enumerate(got["keys"])}
        e = got["emb"][[where[r38.key(r["text"])] for r in rows]].astype(float)
        head, _ = r38.oof_of(e, y, s, ones, train_ok, args.head_l2)
        q = np.clip(head, 1e-6, 1 - 1e-6)
        xh = np.column_stack([q, np.log(q / (1 - q)) / 5])
        oof_h, _ = r38.oof_of(np.hstack([x34, x38, xh]), y, s, w, train_ok, args.l2)
        stages["head "] = oof_h
        arms["r38+head"] = s34 | (asked & (oof_h >= 0.88))
        arms["head alone 0.9"] = head >= 0.9
        auc = r35.auc(head[inside], y[inside])
        print(f"refitted head: {time.process_time() - t0:.0f} s CPU, AUC out of fold {auc:.3f}", flush=True)
    for pre, p in list(stages.items())[1:]:  # the stages with an encoder's inputs: their own add cut, nested
        cuts = [(a,) for a in STAGE_ADD]
        ok = {c: not bool((ex & asked & (p >= c[0])).any()) for c in cuts}
        for c in cuts[1:4]:
            arms[f"r38+{pre.strip()} {c[0]:g}"] = s34 | (asked & (p >= c[0]))
        held, ch = nested(lambda c, p=p: s34 | (asked & (p >= c[0])), cuts, ok, y, s, r38_arm, args.margin)
        arms[f"r38+{pre.strip()} nested"] = held
        chosen[f"r38+{pre.strip()} add"] = ch
    for pre, p in stages.items():
        _arms(pre, p, args, arms, chosen, examples, asked_share, rows, y, s, base, s34, stands, p34, frame,
              frame_act, safe, safe_wide, r38_arm)  # fmt: skip
    sl = {k: m for k, m in slices(rows).items() if k in args.print_slices or not args.print_slices}
    res: dict[str, Any] = {
        "l2": args.l2, "w37": args.w37_weight, "low_gates": args.low_gates, "asked_share": asked_share,
        "figures": {k: {a: r35.fig(held, y, m) for a, held in arms.items()} for k, m in sl.items()},
        "examples_final": examples, "nested_cuts": {k: {v: list(c) for v, c in ch.items()} for k, ch in chosen.items()},
        "released_texts": {a: [[rows[i]["set"], bool(y[i]), round(float(oof[i]), 3), rows[i]["text"][:160]]
                               for i in np.where(inside & r38_arm & ~held)[0]]
                           for a, held in arms.items() if a.startswith("release ")},
    }  # fmt: skip
    h.finish(res, t_start, args.out)
    names = list(arms)
    for k, figs in res["figures"].items():
        if k in args.print_slices or not args.print_slices:
            print(f"== {k}")
            for a in names:
                print(f"  {a:28s} {figs[a]}")
    print("asked", asked_share)
    for name, e in examples.items():
        print(name, "examples newly held at 0.88:", e["newly_held_at"]["0.88"], "nearest", e["nearest"])
    for k, ch in chosen.items():
        print(k, sorted(set(ch.values())))
    print(f"cpu {res['cpu_s']} s, load {res['load_at_end']}")


def main() -> None:
    """Extract, or print and write the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extract", action="store_true")
    ap.add_argument("--rows", type=Path, default=Path("/tmp/det39/rows.jsonl"))
    ap.add_argument("--fold-dir", type=Path, default=Path("/tmp/det37/folds"))
    ap.add_argument("--final-dir", type=Path, default=ROOT / "memeval/hold/model")
    ap.add_argument("--enc", type=Path, default=None, help="the encoder cache (round 38's --encode): encoder arms")
    ap.add_argument("--emb", type=Path, default=None, help="`--embed`'s file: arms with a refitted encoder head")
    ap.add_argument("--head-l2", type=float, default=1.0, help="the refitted head's L2 (`hold_train.fit`)")
    ap.add_argument("--embed", action="store_true", help="phase 1c: every row's embedding into --emb")
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--w37-weight", type=float, default=5.0)
    ap.add_argument("--margin", type=float, default=0.0, help="nested: precision above round 38's arm")
    ap.add_argument("--low-gates", type=float, nargs="*", default=[0.2, 0.1, 0.0])
    ap.add_argument("--adds", type=float, nargs="*", default=[0.7, 0.8, 0.88], help="fixed add cuts for framed texts")
    ap.add_argument("--print-slices", nargs="*", default=[], help="only these slices, printed and written")
    args = ap.parse_args()
    if args.extract:
        extract(args)
    elif args.embed:
        embed_rows(args)
    else:
        figures(args)


if __name__ == "__main__":
    main()

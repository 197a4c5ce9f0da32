"""Held-out set v4 (tests/fixtures/hold_heldout_v4/): committed before this round's detector work."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v4"
SHA256 = "47d975e3775af61c863f3a5420c6c7bf22aae2e971a0fa3a07eefb33866a64fa"


def rows() -> list[dict[str, object]]:
    """The v4 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v4.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v4_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v4.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= 150
    assert sum(r["lang"] == "tr" and r["held"] for r in data) >= 30
    assert len({r["lang"] for r in data if r["held"]}) >= 5
    assert len({r["lang"] for r in data if not r["held"]}) >= 5
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}


def _figures(detector) -> tuple[int, int, int]:  # noqa: ANN001
    tp = fp = fn = 0
    for r in rows():
        held = detector.assess(r["text"], r["source"]).held
        tp += held and r["held"]
        fp += held and not r["held"]
        fn += (not held) and r["held"]
    return tp, fp, fn


def test_heldout_v4_rules_classifier_and_combined() -> None:
    """Pins what was measured once, after the detector work (memeval/hold/README.md).

    Measured 2026-12-01 with `bench/hold_eval.py --set v4`: rules/4 43 caught of 168, 1 false
    hold; hashlr/2 99 and 5; combined (the default) 101 and 4. The issue's target (recall 0.90 at
    precision 0.95) is NOT met. The assertions fail when a change loses ground; they are not the
    target, and a change tuned on v4 makes v4 tuning data (build a v5 then).
    """
    from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier

    rules, clf = RuleDetector(), get_hold_classifier()
    r_tp, r_fp, _ = _figures(rules)
    c_tp, c_fp, _ = _figures(clf)
    b_tp, b_fp, b_fn = _figures(RulesWithClassifier(rules, clf))
    print(f"\nv4 rules {r_tp}/{r_fp} classifier {c_tp}/{c_fp} combined {b_tp}/{b_fp} (caught/false holds)")
    assert r_tp >= 43 and r_fp <= 1
    assert c_tp >= 99 and c_fp <= 5
    assert b_tp >= 101 and b_fp <= 4 and b_tp + b_fn == 168

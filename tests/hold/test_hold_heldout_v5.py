"""Held-out set v5 (tests/fixtures/hold_heldout_v5/): committed before this round's detector work."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v5"
SHA256 = "277ec9997bbab1cb7b26dfa5dcb9cee371a87b4551ce334e5dea57df21c829da"


def rows() -> list[dict[str, object]]:
    """The v5 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v5.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v5_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v5.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= 150
    assert len({r["lang"] for r in data if r["held"]}) >= 10
    assert len({r["lang"] for r in data if not r["held"]}) >= 10
    assert {r["source"] for r in data} == {"person", "agent", "tool", "web", "email", "document"}
    assert len({str(r["text"]) for r in data}) == len(data)


def _figures(detector) -> tuple[int, int, int]:  # noqa: ANN001
    tp = fp = fn = 0
    for r in rows():
        held = detector.assess(str(r["text"]), r["source"]).held
        tp += held and bool(r["held"])
        fp += held and not r["held"]
        fn += (not held) and bool(r["held"])
    return tp, fp, fn


def test_heldout_v5_default_and_encoder_stage() -> None:
    """Pins what was measured ONCE, after the encoder work was committed (memeval/hold/README.md).

    Measured 2026-12-02 with `bench/hold_eval.py --set v5`: rules/4 + hashlr/2 (the default) 104
    caught of 196, 4 false holds (precision 0.963, recall 0.531); with the uselr/1 encoder stage
    140 and 22 (0.864, 0.714). The issue's target (recall 0.90 at precision 0.95) is NOT met; the
    encoder stage stays opt-in because it breaks the precision floor. The assertions fail when a
    change loses ground; a change tuned on v5 makes v5 tuning data (build a v6 then).
    """
    from memeval.hold import RuleDetector, RulesWithClassifier, get_hold_classifier, get_hold_detector, get_hold_encoder

    d_tp, d_fp, d_fn = _figures(get_hold_detector())
    e_tp, e_fp, _ = _figures(RulesWithClassifier(RuleDetector(), get_hold_classifier(), encoder=get_hold_encoder()))
    print(f"\nv5 default {d_tp}/{d_fp}, with the encoder stage {e_tp}/{e_fp} (caught/false holds)")
    assert d_tp >= 104 and d_fp <= 4 and d_tp + d_fn == 196
    assert e_tp >= 140 and e_fp <= 22

"""Held-out set v6 (tests/fixtures/hold_heldout_v6/): committed before this round's detector work."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hold_heldout_v6"
SHA256 = "8f885e4856618d07b75ab8a18bb583894ae50278193e24ef35ae77ef24aacc2d"


def rows() -> list[dict[str, object]]:
    """The v6 rows: text, held, source, lang, origin."""
    return [json.loads(line) for line in (HERE / "heldout_v6.jsonl").read_text(encoding="utf-8").splitlines()]


def test_heldout_v6_is_unchanged() -> None:
    assert hashlib.sha256((HERE / "heldout_v6.jsonl").read_bytes()).hexdigest() == SHA256
    data = rows()
    assert len(data) >= 150
    assert sum(bool(r["held"]) for r in data) >= 100
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


def test_heldout_v6_default_and_cascade() -> None:
    """Pins what was measured on v6 at the end of issue 15's fourth round (memeval/hold/README.md).

    Measured 2026-12-02 with `bench/hold_eval.py --set v6` (v6 looked at twice in all: once before
    any change, once at the end): rules/5 + hashlr/2 (the default) 80 caught of 105, 10 false
    holds (precision 0.889, recall 0.762; before this round 71 and 9); the cascade with usemlp/1
    85 and 17 (0.833, 0.810). The issue's target (recall 0.90 at precision 0.95) is NOT met. The
    assertions fail when a change loses ground; a change tuned on v6 makes v6 tuning data.
    """
    from memeval.hold import get_cascade_detector, get_hold_detector

    d_tp, d_fp, d_fn = _figures(get_hold_detector())
    e_tp, e_fp, _ = _figures(get_cascade_detector())
    print(f"\nv6 default {d_tp}/{d_fp}, cascade {e_tp}/{e_fp} (caught/false holds)")
    assert d_tp >= 80 and d_fp <= 10 and d_tp + d_fn == 105
    assert e_tp >= 85 and e_fp <= 17

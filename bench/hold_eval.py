#!/usr/bin/env python3
"""Precision and recall of rules, classifier and both on the hold held-out sets; CPU per item.

Usage: PYTHONPATH=. python bench/hold_eval.py [--set v50|v49|v48|v47|v46|v45|v44|v43|v42|v41|v40|v39|v38|v37|v36|v35|v34
                                             |v33|v32|v31|v30|v29|v28|v27|v26|v25|v24|v23|v22|v21|v20|v19|v18|v17|v16|v15|v14|v13|v12|v11|v10|v9|v8|v7|v6|v5|v4|v3|v2
                                             |all]
                                             [--json] [--cpu]

`all` is v6 to v2 (the sets already looked at); v7, the held-out set of issue 15's fifth round,
v8, the held-out set of its sixth round, v9, the held-out set of its seventh round, v10, the
held-out set of its eighth round, v11, the held-out set of its ninth round, v12, written
while its tenth round was tuned, v13, written while its eleventh round was tuned, v14, written
while its twelfth round was tuned, v15, written while its thirteenth round was tuned, v16,
written while its fourteenth round was tuned, v17, written while its fifteenth round was
tuned, v18, written while its sixteenth round was tuned, v19, written while its seventeenth
round was tuned, v20, written while its eighteenth round was tuned, v21, written while its
nineteenth round was tuned, v22, written while its twentieth round was tuned, v23, written
while its twenty-first round was tuned, v24, written while its twenty-second round was tuned,
v25, written while its twenty-third round was tuned, v26, written while its twenty-fourth round
was tuned, v27, written while its twenty-fifth round was tuned, and v28, written while its
twenty-seventh round was measured, v29, written while its twenty-ninth round was tuned, v30,
written while its thirtieth round was tuned, v31, written while its thirty-first round was
tuned, v32, written while its thirty-second round was tuned, v33, written while its
thirty-third round was tuned (scored once after it, 2026-12-05), and v34, written while its
thirty-fourth round was tuned (scored once after it, 2026-12-06), and v35, written while its
thirty-fifth round was tuned (scored once after it, 2026-12-06), and v36, written while its
thirty-sixth round was tuned (scored once after it, 2026-12-06), and v37, written while its
thirty-seventh round was tuned (scored once after it, 2026-12-06), and v38, written while its
thirty-eighth round was tuned (scored once after it, 2026-12-06), and v39, written while its
thirty-ninth round was measured (scored once after it, 2026-12-06), and v40, written while its
fortieth round was measured (scored once after it, 2026-12-06), and v41, written while its
forty-first round was measured (scored once after it, 2026-12-06), and v42, written while its
forty-second round was tuned (scored once after it, 2026-12-06), and v43, written while its
forty-third round was tuned (scored once after it, 2026-12-06), and v44, written while its
forty-fourth round was tuned (scored once after it, 2026-12-07), and v45, written blind in
session 47 (scored once after round 47, 2026-12-07), and v46, written blind in session 48 (scored
once after round 48, 2026-12-07), and v47, written blind in session 49 (scored once after round 49, 2026-12-07), and
v48, written blind in session 50 (scored once after round 50, 2026-12-07), and v49, written blind in session 51
(scored once after round 51, 2026-12-07), and v50, written blind in session 52 (not yet scored), are scored only
when named.

Prints, per detector: true/false positives, precision, recall, and per language (attacks caught
of attacks, benign held of benign); then the CPU seconds per item of each detector (process
time, so a loaded machine slows the wall clock more than these). Held-out v5
(tests/fixtures/hold_heldout_v5/) was committed before uselr/1 and the cascade were built and is
the only held-out figure; v4 (held-out for rules/4 + hashlr/2), v3 and v2 are training or tuning
data of the current detector, so their figures are not held-out figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "hold"))


def _jsonl(name: str) -> list[dict[str, Any]]:
    path = ROOT / "tests" / "fixtures" / f"hold_heldout_{name}" / f"heldout_{name}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _fixture_rows(name: str) -> list[tuple[str, bool, str, str]]:
    return [(r["source"], r["held"], r["text"], r["lang"]) for r in _jsonl(name)]


def _grouped_rows(name: str) -> list[tuple[str, bool, str, str, str]]:
    return [(r["source"], r["held"], r["text"], r["lang"], _group(r["origin"])) for r in _jsonl(name)]


def v50_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v50 (written blind in issue 15's session 52).

    Never part of `--set all`: every scoring of v50 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v50 was committed).
    """
    return _grouped_rows("v50")


def v49_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v49 (written blind in issue 15's session 51).

    Never part of `--set all`: every scoring of v49 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v49 was committed).
    """
    return _grouped_rows("v49")


def v48_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v48 (written blind in issue 15's session 50).

    Never part of `--set all`: every scoring of v48 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v48 was committed).
    """
    return _grouped_rows("v48")


def v47_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v47 (written blind in issue 15's session 49).

    Never part of `--set all`: every scoring of v47 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v47 was committed).
    """
    return _grouped_rows("v47")


def v46_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v46 (written blind in issue 15's session 48).

    Never part of `--set all`: every scoring of v46 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v46 was committed).
    """
    return _grouped_rows("v46")


def v45_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v45 (written blind in issue 15's session 47).

    Never part of `--set all`: every scoring of v45 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead's one look, not taken when v45 was committed).
    """
    return _grouped_rows("v45")


def v44_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v44 (written blind during issue 15's forty-fourth round).

    Never part of `--set all`: every scoring of v44 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead took the one look after round 44, 2026-12-07).
    """
    return _grouped_rows("v44")


def v43_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v43 (written blind during issue 15's forty-third round).

    Never part of `--set all`: every scoring of v43 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead took the one look after round 43, 2026-12-06).
    """
    return _grouped_rows("v43")


def v42_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v42 (written blind during issue 15's forty-second round).

    Never part of `--set all`: every scoring of v42 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead took the one look after round 42, 2026-12-06).
    """
    return _grouped_rows("v42")


def v41_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v41 (written blind during issue 15's forty-first round).

    Never part of `--set all`: every scoring of v41 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 41).
    """
    return _grouped_rows("v41")


def v40_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v40 (written blind during issue 15's fortieth round).

    Never part of `--set all`: every scoring of v40 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 40).
    """
    return _grouped_rows("v40")


def v39_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v39 (written blind during issue 15's thirty-ninth round).

    Never part of `--set all`: every scoring of v39 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 39).
    """
    return _grouped_rows("v39")


def v38_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v38 (written blind during issue 15's thirty-eighth round).

    Never part of `--set all`: every scoring of v38 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 38).
    """
    return _grouped_rows("v38")


def v37_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v37 (written blind during issue 15's thirty-seventh round).

    Never part of `--set all`: every scoring of v37 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 37).
    """
    return _grouped_rows("v37")


def v36_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v36 (written blind during issue 15's thirty-sixth round).

    Never part of `--set all`: every scoring of v36 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 36).
    """
    return _grouped_rows("v36")


def v35_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v35 (written blind during issue 15's thirty-fifth round).

    Never part of `--set all`: every scoring of v35 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 35).
    """
    return _grouped_rows("v35")


def v34_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v34 (written blind during issue 15's thirty-fourth round).

    Never part of `--set all`: every scoring of v34 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 34).
    """
    return _grouped_rows("v34")


def v33_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v33 (written blind during issue 15's thirty-third round).

    Never part of `--set all`: every scoring of v33 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 33).
    """
    return _grouped_rows("v33")


def v32_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v32 (written blind during issue 15's thirty-second round).

    Never part of `--set all`: every scoring of v32 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 32).
    """
    return _grouped_rows("v32")


def v31_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v31 (written blind during issue 15's thirty-first round).

    Never part of `--set all`: every scoring of v31 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 31).
    """
    return _grouped_rows("v31")


def v30_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v30 (written blind during issue 15's thirtieth round).

    Never part of `--set all`: every scoring of v30 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 30).
    """
    return _grouped_rows("v30")


def v29_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v29 (written blind during issue 15's twenty-ninth round).

    Never part of `--set all`: every scoring of v29 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 29).
    """
    return _grouped_rows("v29")


def v28_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v28 (written blind during issue 15's twenty-seventh round).

    Never part of `--set all`: every scoring of v28 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look at the end of round 27).
    """
    return _grouped_rows("v28")


def v27_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v27 (written blind during issue 15's twenty-fifth round).

    Never part of `--set all`: every scoring of v27 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look at the end of round 25).
    """
    return _grouped_rows("v27")


def v26_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v26 (written blind during issue 15's twenty-fourth round).

    Never part of `--set all`: every scoring of v26 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 24 merges).
    """
    return _grouped_rows("v26")


def v25_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v25 (written blind during issue 15's twenty-third round).

    Never part of `--set all`: every scoring of v25 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 23 merges).
    """
    return _grouped_rows("v25")


def v24_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v24 (written blind during issue 15's twenty-second round).

    Never part of `--set all`: every scoring of v24 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 22 merges).
    """
    return _grouped_rows("v24")


def v23_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v23 (written blind during issue 15's twenty-first round).

    Never part of `--set all`: every scoring of v23 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 21 merges).
    """
    return _grouped_rows("v23")


def v22_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v22 (written blind during issue 15's twentieth round).

    Never part of `--set all`: every scoring of v22 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 20 merges).
    """
    return _grouped_rows("v22")


def v21_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v21 (written blind during issue 15's nineteenth round).

    Never part of `--set all`: every scoring of v21 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 19 merges).
    """
    return _grouped_rows("v21")


def v20_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v20 (written blind during issue 15's eighteenth round).

    Never part of `--set all`: every scoring of v20 is a look at held-out data and is counted in
    memeval/hold/README.md (the lead takes the first look after round 18 merges).
    """
    return _grouped_rows("v20")


def v19_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v19 (written blind during issue 15's seventeenth round).

    Never part of `--set all`: every scoring of v19 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v19")


def v18_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v18 (written blind during issue 15's sixteenth round).

    Never part of `--set all`: every scoring of v18 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v18")


def v17_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v17 (written blind during issue 15's fifteenth round).

    Never part of `--set all`: every scoring of v17 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v17")


def v16_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v16 (written blind during issue 15's fourteenth round).

    Never part of `--set all`: every scoring of v16 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v16")


def v15_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v15 (written blind during issue 15's thirteenth round).

    Never part of `--set all`: every scoring of v15 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v15")


def v14_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v14 (written blind during issue 15's twelfth round).

    Never part of `--set all`: every scoring of v14 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v14")


def v13_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v13 (written blind during issue 15's eleventh round).

    Never part of `--set all`: every scoring of v13 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v13")


def v12_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v12 (written blind during issue 15's tenth round).

    Never part of `--set all`: every scoring of v12 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v12")


def v11_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v11 (committed during issue 15's ninth round, unscored).

    Never part of `--set all`: every scoring of v11 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v11")


def v10_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v10 (committed during issue 15's eighth round, unscored).

    Never part of `--set all`: every scoring of v10 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v10")


def v9_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v9 (committed during issue 15's seventh round, unscored).

    Never part of `--set all`: every scoring of v9 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v9")


def v8_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v8 (committed before issue 15's sixth round).

    Never part of `--set all`: every scoring of v8 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v8")


def v7_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of held-out v7 (committed before issue 15's fifth round).

    Never part of `--set all`: every scoring of v7 is a look at held-out data and is counted in
    memeval/hold/README.md.
    """
    return _grouped_rows("v7")


def v6_rows() -> list[tuple[str, bool, str, str, str]]:
    """(source, held, text, lang, origin group) of v6 (held-out for rules/5; looked at twice, tuning data now)."""
    return _grouped_rows("v6")


def _group(origin: str) -> str:
    """'written-v6:memory-lesson' -> itself; 'ctxsentry:benchmark/x.md' -> 'ctxsentry'."""
    head, _, rest = origin.partition(":")
    return origin if head.startswith("written-") else head


def v5_rows() -> list[tuple[str, bool, str, str]]:
    """(source, held, text, lang) of held-out v5 (committed before the uselr/1 + cascade work)."""
    return _fixture_rows("v5")


def v4_rows() -> list[tuple[str, bool, str, str]]:
    """(source, held, text, lang) of held-out v4 (committed before the rules/4 + hashlr/2 work)."""
    return _fixture_rows("v4")


def v3_rows() -> list[tuple[str, bool, str, str]]:
    """(source, held, text, lang) of v3 (held-out for rules/3 + hashlr/1; training data of hashlr/2)."""
    return _fixture_rows("v3")


def v2_rows() -> list[tuple[str, bool, str, str]]:
    """(source, held, text, lang) of held-out v2."""
    from test_hold_heldout_v2 import rows

    return rows()


def measure(detector, rows) -> dict:  # noqa: ANN001
    """Counts, precision, recall, per-language counts and CPU seconds per item."""
    c: Counter[str] = Counter()
    by_lang: dict[str, Counter[str]] = {}
    by_origin: dict[str, Counter[str]] = {}
    t0 = time.process_time()
    for row in rows:
        source, label, text, lang = row[:4]
        held = detector.assess(text, source).held
        key = {(True, True): "tp", (True, False): "fp", (False, True): "fn"}.get((held, label), "tn")
        c[key] += 1
        by_lang.setdefault(lang, Counter())[key] += 1
        if len(row) > 4:
            by_origin.setdefault(row[4], Counter())[key] += 1
    cpu = (time.process_time() - t0) / len(rows)
    return {
        "tp": c["tp"],
        "fp": c["fp"],
        "fn": c["fn"],
        "tn": c["tn"],
        "precision": round(c["tp"] / max(1, c["tp"] + c["fp"]), 4),
        "recall": round(c["tp"] / max(1, c["tp"] + c["fn"]), 4),
        "cpu_ms_per_item": round(cpu * 1000, 3),
        "per_language": {
            lang: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
            for lang, k in sorted(by_lang.items())
        },
        "per_origin": {
            o: f"{k['tp']}/{k['tp'] + k['fn']} caught, {k['fp']}/{k['fp'] + k['tn']} benign held"
            for o, k in sorted(by_origin.items())
        },
    }


CANDIDATE48 = "stack/48 (round 48, candidate)"
"""Round 48's candidate, `rules/25+hashlr/14+views/2+stack/48` (`memeval.hold._stacked48`; opt-in)."""
CANDIDATE50 = "stack/50 (round 50, candidate)"
"""Round 50's candidate, `rules/25+hashlr/14+views/2+stack/50` (`memeval.hold._stacked50`; opt-in)."""
CANDIDATE51 = "stack/51 (round 51, candidate)"
"""Round 51's candidate, `rules/25+hashlr/14+views/2+stack/51` (`memeval.hold._stacked51`), the default since round 52
(the name is kept so that earlier looks' records read the same)."""
STACK44 = "stack/44 (round 44, default until round 51)"
"""Round 44's detector, `rules/25+hashlr/14+views/2+stack/44` (`memeval.hold._stacked44`), default in rounds 44-51."""
CANDIDATE52 = "stack/52 (round 52, candidate)"
"""Round 52's candidate, `rules/25+hashlr/14+views/2+stack/52` (`memeval.hold._stacked52`; opt-in)."""


def detectors() -> dict:
    """The detectors compared: rules, each classifier, the default and those before it, hashlr-12, the cascades.

    Round 22's default (`default`) reads rules/20 and hashlr-14, round 21's rules/19 and hashlr-14, round 20's
    rules/18 and hashlr-13; the earlier rounds' defaults read hashlr-10 (`clf`), as they shipped.
    """
    from memeval.hold import (
        EncoderClassifier,
        EncoderModel,
        RuleDetector,
        RulesWithClassifier,
        get_cascade_detector,
        get_hold_classifier,
        get_hold_detector,
        get_hold_encoder,
        get_stacked_detector,
    )
    from memeval.hold._stacked36 import get_stacked36_detector
    from memeval.hold._stacked38 import get_stacked38_detector
    from memeval.hold._stacked42 import get_stacked42_detector
    from memeval.hold._stacked44 import get_stacked44_detector
    from memeval.hold._stacked48 import get_stacked48_detector
    from memeval.hold._stacked50 import get_stacked50_detector
    from memeval.hold._stacked51 import get_stacked51_detector
    from memeval.hold._stacked52 import get_stacked52_detector

    rules, clf, enc = RuleDetector(), get_hold_classifier("hashlr-10"), get_hold_encoder()
    r18 = RuleDetector(version=18)
    prev = get_hold_classifier("hashlr-2")
    return {
        rules.name: rules,
        r18.name: r18,
        get_hold_classifier().name: get_hold_classifier(),
        clf.name: clf,
        prev.name: prev,
        enc.name: enc,
        "default": get_hold_detector(),
        "rules/13": RuleDetector(version=13),
        "round 14's default": RulesWithClassifier(RuleDetector(version=13), clf, views=True),
        "round 15's default": RulesWithClassifier(RuleDetector(version=14), clf, views=True),
        "round 16's default": RulesWithClassifier(RuleDetector(version=15), clf, views=True),
        "round 17's default": RulesWithClassifier(RuleDetector(version=16), clf, views=True),
        "round 18's default": RulesWithClassifier(RuleDetector(version=17), clf, views=True),
        "round 19's default": RulesWithClassifier(r18, clf, views=True),
        "round 20's default": RulesWithClassifier(r18, get_hold_classifier("hashlr-13"), views=True),
        "round 21's default": RulesWithClassifier(
            RuleDetector(version=19), get_hold_classifier("hashlr-14"), views=True
        ),
        "rules/18+hashlr-12": RulesWithClassifier(r18, get_hold_classifier("hashlr-12"), views=True),
        "previous default (rules/6+hashlr/2)": RulesWithClassifier(rules, prev),
        "stacked (round 23, opt-in)": get_stacked_detector("stack-1"),
        "stacked (round 24, opt-in)": get_stacked_detector("stack-2"),
        "stacked (round 36, opt-in)": get_stacked36_detector(),
        "stacked (round 38, default until round 42)": get_stacked38_detector(),
        "stacked (round 42, default until round 43)": get_stacked42_detector(),
        STACK44: get_stacked44_detector(),
        CANDIDATE48: get_stacked48_detector(),
        CANDIDATE50: get_stacked50_detector(),
        CANDIDATE51: get_stacked51_detector(),
        CANDIDATE52: get_stacked52_detector(),
        "cascade": get_cascade_detector(),
        "cascade-uselr1": RulesWithClassifier(rules, prev, encoder=EncoderClassifier(EncoderModel.load("uselr-1"))),
    }


def chosen_detectors(only: list[str] | None) -> dict:
    """`detectors()`, or only those named in `only` (exit 2 naming an unknown name and the known ones)."""
    found = detectors()
    if not only:
        return found
    unknown = [n for n in only if n not in found]
    if unknown:
        print(f"--only: no detector named {unknown}; use some of {sorted(found)}", file=sys.stderr)
        raise SystemExit(2)
    return {n: found[n] for n in only}


def cpu_by_size(repeat: int = 50) -> dict:
    """CPU ms per text of 200 B, 1 KiB and 10 KiB of ordinary English and of mixed-language text."""
    base = (
        "The checkout service needs REDIS_URL set; run the payment mock before the checkout tests. "
        "Ожидание ответа сервера заняло 3 секунды. 结账测试之前先启动模拟服务。 "
    )
    out: dict[str, dict[str, float]] = {}
    for name, d in detectors().items():
        out[name] = {}
        for size in (200, 1024, 10240):
            text = (base * (size // len(base) + 1))[:size]
            d.assess(text, "agent")
            t0 = time.process_time()
            for _ in range(repeat):
                d.assess(text, "agent")
            out[name][f"{size} chars"] = round((time.process_time() - t0) / repeat * 1000, 3)
    return out


class _Counting:
    """Wraps a detector and counts the texts it reads."""

    def __init__(self, inner) -> None:  # noqa: ANN001
        self.inner, self.name, self.reads = inner, inner.name, 0

    def assess(self, text: str, source: str):  # noqa: ANN201
        self.reads += 1
        return self.inner.assess(text, source)


def ingest_cost(repeat: int = 3) -> dict:
    """CPU per free text of the sample week (what audit ingest holds), cheap path vs cascade.

    The texts: every free-text field (text, reason, comment, a_text, b_text) of the Fernhill
    sample week (samples/fernhill/audit/make_week.py), each made unique as bench/audit_ingest.py
    does. Reports ms of CPU per text for the default detector and for the cascade, the
    share of texts the encoder stage reads, and the texts per second one core could hold.
    """
    sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
    from make_week import build

    from memeval.hold import get_cascade_detector, get_hold_detector

    texts = []
    for n, e in enumerate(build()):
        for k in ("text", "reason", "comment", "a_text", "b_text"):
            v = e.get("payload", {}).get(k)
            if isinstance(v, str) and v.strip():
                texts.append(f"{v} (ticket {n})")
    out: dict = {"texts": len(texts)}
    for name, d in (("default (rules + hashlr)", get_hold_detector()), ("cascade", get_cascade_detector())):
        enc = getattr(d, "encoder", None)
        counter = None
        if enc is not None:
            counter = _Counting(enc)
            d.encoder = counter
        d.assess("warm up", "agent")
        if counter is not None:
            counter.inner.assess("warm up: load the encoder before timing", "agent")
            counter.reads = 0
        t0 = time.process_time()
        for _ in range(repeat):
            for t in texts:
                d.assess(t, "agent")
        ms = (time.process_time() - t0) / (repeat * len(texts)) * 1000
        out[name] = {"cpu_ms_per_text": round(ms, 3), "texts_per_core_second": round(1000 / ms)}
        if counter is not None:
            out[name]["encoder_reads"] = f"{counter.reads // repeat}/{len(texts)}"
            d.encoder = enc
    return out


def main() -> None:
    """Print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--set",
        choices=[f"v{n}" for n in range(50, 1, -1)] + ["all"],
        default="v5",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--cpu", action="store_true", help="also time each detector on texts of 200, 1024, 10240 chars")
    ap.add_argument(
        "--ingest", action="store_true", help="only: CPU per free text of the sample week, cheap vs cascade"
    )
    ap.add_argument(
        "--only",
        nargs="+",
        metavar="NAME",
        help=f"score only these detectors (names as printed, e.g. default '{CANDIDATE48}')",
    )
    args = ap.parse_args()
    if args.ingest:
        print(json.dumps(ingest_cost(), indent=1))
        return
    sets = {
        "v50": v50_rows,
        "v49": v49_rows,
        "v48": v48_rows,
        "v47": v47_rows,
        "v46": v46_rows,
        "v45": v45_rows,
        "v44": v44_rows,
        "v43": v43_rows,
        "v42": v42_rows,
        "v41": v41_rows,
        "v40": v40_rows,
        "v39": v39_rows,
        "v38": v38_rows,
        "v37": v37_rows,
        "v36": v36_rows,
        "v35": v35_rows,
        "v34": v34_rows,
        "v33": v33_rows,
        "v32": v32_rows,
        "v31": v31_rows,
        "v30": v30_rows,
        "v29": v29_rows,
        "v28": v28_rows,
        "v27": v27_rows,
        "v26": v26_rows,
        "v25": v25_rows,
        "v24": v24_rows,
        "v23": v23_rows,
        "v22": v22_rows,
        "v21": v21_rows,
        "v20": v20_rows,
        "v19": v19_rows,
        "v18": v18_rows,
        "v17": v17_rows,
        "v16": v16_rows,
        "v15": v15_rows,
        "v14": v14_rows,
        "v13": v13_rows,
        "v12": v12_rows,
        "v11": v11_rows,
        "v10": v10_rows,
        "v9": v9_rows,
        "v8": v8_rows,
        "v7": v7_rows,
        "v6": v6_rows,
        "v5": v5_rows,
        "v4": v4_rows,
        "v3": v3_rows,
        "v2": v2_rows,
    }
    chosen = ["v6", "v5", "v4", "v3", "v2"] if args.set == "all" else [args.set]
    out = {}
    for name in chosen:
        rows = sets[name]()
        out[name] = {"items": len(rows), "attacks": sum(r[1] for r in rows)}
        for dname, d in chosen_detectors(args.only).items():
            d.assess("warm up", "person")
            out[name][dname] = measure(d, rows)
    if args.cpu:
        out["cpu_ms_by_size"] = cpu_by_size()
    if args.json:
        print(json.dumps(out, indent=1, ensure_ascii=False))
        return
    for dname, sizes in out.pop("cpu_ms_by_size", {}).items():
        print(f"CPU ms per text, {dname}: " + ", ".join(f"{k} {v:.2f}" for k, v in sizes.items()))
    for name, res in out.items():
        print(f"held-out {name}: {res['items']} items, {res['attacks']} attacks")
        for dname, m in res.items():
            if not isinstance(m, dict):
                continue
            print(
                f"  {dname:12s} precision {m['tp']}/{m['tp'] + m['fp']} = {m['precision']:.3f}  "
                f"recall {m['tp']}/{m['tp'] + m['fn']} = {m['recall']:.3f}  CPU {m['cpu_ms_per_item']:.2f} ms/item"
            )
        for dname, m in res.items():
            if isinstance(m, dict):
                print(f"  per language, {dname}: " + "; ".join(f"{k} {v}" for k, v in m["per_language"].items()))
                if m["per_origin"]:
                    print(f"  per origin, {dname}: " + "; ".join(f"{k} {v}" for k, v in m["per_origin"].items()))


if __name__ == "__main__":
    main()

r"""rules/16's matches on the benign pools earlier rounds checked (as round 16 checked rules/15).

Pools (`hold_cv_rules14.pools`, texts of v16 left out): v2/v3's 180 benign texts, the bank voice agent's
2,730 benign utterances (v16's source dhvaniguard@4cbe8a2), promptwall's safe prompts, 12,000 gettext
messages of the machine's catalogues; and every tool description (3,768) of PyPI agent-safety-bench-envs
0.1.0 (a v17 source). Each text is judged as a document and as a person's words; the figure is how many
match a rules/16 rule (0 is the bar: a new rule must match none). The sets' own benign rows (v4-v18) are
counted by `tests/hold/test_hold_rules_v16.py::test_rules16_match_no_benign_set_row`.

Usage: PYTHONPATH=. python bench/hold_rules16_pools.py --v16-sources DIR --asb-wheel FILE [--out FILE.json]
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "scripts"))

import hold_cv_rules14 as b14  # noqa: E402

from memeval.hold import RuleDetector  # noqa: E402
from memeval.hold._rules_v16 import RULES_V16  # noqa: E402

V16 = {r.name for r in RULES_V16}


def main() -> None:
    """Print and write each pool's rules/16 matches."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--v16-sources", type=Path, required=True)
    ap.add_argument("--asb-wheel", type=Path, required=True)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    texts = {k: v for k, v in b14.pools(args.v16_sources, 12000).items() if "orders" not in k and "attacks" not in k}
    asb: set[str] = set()
    with zipfile.ZipFile(args.asb_wheel) as z:
        for n in z.namelist():
            if n.startswith("asb_envs/envs/") and n.endswith(".json"):
                asb.update(str(t.get("description", "")).strip() for t in json.loads(z.read(n)))
    texts["asb every tool description"] = sorted(asb - {""})
    r16 = RuleDetector(version=16)
    out = {}
    for name, rows in texts.items():
        c: collections.Counter[str] = collections.Counter()
        for t in rows:
            for src in ("document", "person"):
                for h in sorted({x.rule for x in r16.assess(t, src).reasons} & V16):
                    c[f"{src} {h}"] += 1
                    print(f"    {name} {src} {h} {t[:150]!r}")
        out[name] = {"texts": len(rows), "rules16_matches": dict(c)}
        print(name, len(rows), dict(c), flush=True)
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

r"""rules/18's matches on the benign pools earlier rounds checked (as round 18 checked rules/17), and v20's.

Pools (`hold_cv_rules14.pools`, texts of v16 left out): v2/v3's 180 benign texts, the bank voice agent's
2,730 benign utterances (v16's source dhvaniguard@4cbe8a2), promptwall's safe prompts, 12,000 gettext
messages of the machine's catalogues; every tool description (3,768) of PyPI agent-safety-bench-envs
0.1.0 (a v17 source); and, with `--v19-sources DIR`, every lmtwt 0.2.0 probe description (text about
attacks) and Agent Security Bench's normal tool descriptions and agent tasks (v19's sources); with
`--v20-sources DIR`, every aion-redteam 0.2.0 mitigation line and agent input, every hivetracered 1.0.22
attack description and the Flask-AppBuilder 5.3.0 and django-otp 1.7.5 gettext messages v20's filter keeps
(all of them, v20 took a few). Each text is judged as a document and as a person's words; the figure is how
many match a rules/18 rule (0 is the bar: a new rule must match none). The sets' own benign rows (v4-v20)
are counted by `tests/hold/test_hold_rules_v18.py::test_rules18_match_no_benign_set_row`.

Usage: PYTHONPATH=. python bench/hold_rules18_pools.py --v16-sources DIR --asb-wheel FILE \
           [--v19-sources DIR] [--v20-sources DIR] [--out FILE.json]
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
from memeval.hold._rules_v18 import RULES_V18  # noqa: E402

V18 = {r.name for r in RULES_V18}


def v19_pools(sources: Path) -> dict[str, list[str]]:
    """v19's sources' benign texts, all of them (v19 took some): lmtwt's descriptions, ASB's tools and tasks."""
    import hold_heldout_v19 as v19

    v19.check_sources(sources)
    caps = v19.LMTWT_DESC_N, v19.ASB_TASK_N
    try:
        v19.LMTWT_DESC_N = v19.ASB_TASK_N = None  # type: ignore[assignment]
        lm = [str(r["text"]) for r in v19.lmtwt_rows(sources) if not r["held"]]
        asb = [str(r["text"]) for r in v19.asb_rows(sources) if not r["held"]]
    finally:
        v19.LMTWT_DESC_N, v19.ASB_TASK_N = caps
    return {"v19 lmtwt probe descriptions": lm, "v19 asb tool descriptions and tasks": asb}


def v20_pools(sources: Path) -> dict[str, list[str]]:
    """v20's sources' benign texts, all of them: aion's mitigations and agent inputs, hivetracered's
    descriptions, the two gettext catalogues' messages that pass v20's filter."""
    import hold_heldout_v20 as v20

    v20.check_sources(sources)
    names = ("AION_MIT_N", "HIVE_DESC_N", "FAB_N", "OTP_N")
    caps = {n: getattr(v20, n) for n in names}
    try:
        for n in names:
            setattr(v20, n, None)
        aion = [str(r["text"]) for r in v20.aion_rows(sources) if not r["held"]]
        hive = [str(r["text"]) for r in v20.hivetracered_rows(sources) if not r["held"]]
        po = [str(r["text"]) for r in v20.flask_appbuilder_rows(sources) + v20.django_otp_rows(sources)]
    finally:
        for n, value in caps.items():
            setattr(v20, n, value)
    return {
        "v20 aion mitigations and agent inputs": aion,
        "v20 hivetracered descriptions": hive,
        "v20 gettext messages": po,
    }


def main() -> None:
    """Print and write each pool's rules/18 matches."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--v16-sources", type=Path, required=True)
    ap.add_argument("--asb-wheel", type=Path, required=True)
    ap.add_argument("--v19-sources", type=Path, default=None)
    ap.add_argument("--v20-sources", type=Path, default=None)
    ap.add_argument("--out", type=Path, default=None)
    args = ap.parse_args()
    texts = {k: v for k, v in b14.pools(args.v16_sources, 12000).items() if "orders" not in k and "attacks" not in k}
    asb: set[str] = set()
    with zipfile.ZipFile(args.asb_wheel) as z:
        for n in z.namelist():
            if n.startswith("asb_envs/envs/") and n.endswith(".json"):
                asb.update(str(t.get("description", "")).strip() for t in json.loads(z.read(n)))
    texts["asb every tool description"] = sorted(asb - {""})
    if args.v19_sources is not None:
        texts.update(v19_pools(args.v19_sources))
    if args.v20_sources is not None:
        texts.update(v20_pools(args.v20_sources))
    r18 = RuleDetector(version=18)
    out = {}
    for name, rows in texts.items():
        c: collections.Counter[str] = collections.Counter()
        for t in rows:
            for src in ("document", "person"):
                for h in sorted({x.rule for x in r18.assess(t, src).reasons} & V18):
                    c[f"{src} {h}"] += 1
                    print(f"    {name} {src} {h} {t[:150]!r}")
        out[name] = {"texts": len(rows), "rules18_matches": dict(c)}
        print(name, len(rows), dict(c), flush=True)
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

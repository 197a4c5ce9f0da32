"""Every corpus item a value starting `my`/`your` can sit in, in every context, on two trees (issue 15).

Usage: python bench/redact_placeholders.py [--against /work/main] [--json OUT]

Reads the owned corpus (`tests/fixtures/redact_corpus/corpus*.jsonl`) and the seven fresh ones
(`tests/fixtures/redact_fresh*/fresh*.jsonl`) and keeps the items whose text, or a Base64, hex
or percent-encoded run in it decoded, holds `my` or `your` in any case: the only items a change to
`_values.PLACEHOLDER`'s `my...`/`your...` branch can move (no context of
`tests/redact/corpus_contexts.py` adds either word). Sweeps them with `bench/redact_fresh.py`'s
harness (46 contexts, its `leaked` rule, batches of 100) and prints, per corpus and subgroup,
credentials and personal data clean and look-alikes touched, as item x contexts; with `--against`
the same sweep run by a child process on that tree's code first, side by side. Exit 0 always.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from redact_fresh import load, sweep  # noqa: E402

_WORD = re.compile(r"(?i)my|your")
_B64 = re.compile(r"[A-Za-z0-9+/_\-]{8,}={0,2}")
_HEX = re.compile(r"(?:[0-9a-fA-F]{2}){4,}")


def corpora() -> list[Path]:
    """The owned corpus's files, then the fresh corpora's, in name order."""
    fx = ROOT / "tests" / "fixtures"
    return sorted(fx.glob("redact_corpus/corpus*.jsonl")) + sorted(fx.glob("redact_fresh*/fresh*.jsonl"))


def _readings(text: str) -> list[str]:
    out = [text, urllib.parse.unquote(text)]
    for m in _B64.finditer(text):
        s = m.group(0)
        for dec in (base64.b64decode, base64.urlsafe_b64decode):
            try:
                out.append(dec(s + "=" * (-len(s) % 4)).decode("utf-8", "replace"))
            except (binascii.Error, ValueError):
                continue
    out += [bytes.fromhex(m.group(0)).decode("utf-8", "replace") for m in _HEX.finditer(text)]
    return out


def may_move(text: str) -> bool:
    """Whether `text` or a decoded run in it holds `my` or `your` (any case)."""
    return any(_WORD.search(r) for r in _readings(text))


def measure() -> dict:
    """{corpus file name: {"group/sub": {"bad": n, "total": n, "items": n}}} over the kept items."""
    out: dict = {}
    for path in corpora():
        items = [i for i in load(path) if may_move(i["text"])]
        ok, _bad = sweep(items, __import__("corpus_contexts").CONTEXTS)
        out[path.name] = {
            f"{g}/{s}": {
                "bad": c[True],
                "total": sum(c.values()),
                "items": sum(1 for i in items if (i["group"], i["sub"]) == (g, s)),
            }
            for (g, s), c in sorted(ok.items())
        }
    return out


def _show(key: str, x: dict | None) -> str:
    """`good/total` for a credential or personal-data row, `touched/total` for a look-alike row."""
    if x is None:
        return "-"
    return f"{x['bad'] if key.startswith('lookalike') else x['total'] - x['bad']}/{x['total']}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", type=Path, help="another checkout whose code runs the same sweep first")
    ap.add_argument("--json", type=Path, help="write both trees' figures here")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(measure()))
        return
    other = None
    if a.against:
        env = {**os.environ, "PYTHONPATH": str(a.against)}
        proc = subprocess.run(
            [sys.executable, __file__, "--child"], env=env, capture_output=True, text=True, check=True
        )
        other = json.loads(proc.stdout.splitlines()[-1])
    mine = measure()
    print(f"{'corpus':22} {'group/sub':34} {'items':>5} {'against':>15} {'this tree':>15}")
    for name, figs in mine.items():
        for key, f in figs.items():
            o = (other or {}).get(name, {}).get(key)
            verb = "touched" if key.startswith("lookalike") else "clean"
            print(f"{name:22} {key + ' ' + verb:34} {f['items']:>5} {_show(key, o):>15} {_show(key, f):>15}")
    if a.json:
        a.json.write_text(json.dumps({"against": other, "this": mine}, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()

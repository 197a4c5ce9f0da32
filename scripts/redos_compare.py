r"""One-off check: the hold rules rewritten with `word_gap`, `any_gap` or scan windows find what they found.

(And `cjk-addressed-order` with its three space runs possessive finds what it found with them plain.)

For every rule of every table whose regex uses `word_gap` or `any_gap`, the old regex is rebuilt by
putting `gap(n)` back in place of `word_gap(n)` and `any_gap(n)` (and `_RISKY`'s own
`(?:\W+[\w'.~/-]+){0,8}?\W+` in place of `any_gap(8, "'.~/-")`, and `exfiltration-destination`'s
`_SEND + gap(8) + DESTINATION` in place of its `_send_to_destination()`; redos3: `[\w.+-]+@` for
`EMAIL_AT`, rules/8's and rules/9's exfiltration's plain formula for `exfil_ml`'s, `\S+` for
untrusted-dependency's `\S{1,2000}`, image-exfiltration's and role-markup's old pieces; the same string
otherwise; `requires` and `context` too), and
both are run over every text the hold tests read (tests/hold/hold_tuning.py,
tests/hold/hold_heldout.py, every tests/fixtures/hold_*/*.jsonl, held-out v21 too now that it is
scored and spent, and the Fernhill sample week's free text), each as the detector reads it: the
normalised text, the same with inline code blanked (markup rules), and every decoded or variant
reading of it, normalised. Prints the
number of texts and readings, the number compared, the differences (there must be none) and the
old and new CPU seconds per rule.

Usage: nice -n 10 .venv/bin/python scripts/redos_compare.py [RULE] (minutes: the old regex takes about
194 CPU seconds on one fixture text; RULE, a part of a table/rule name, compares only those).
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "hold"))

from memeval.hold import _rules  # noqa: E402
from memeval.hold import _rules_v8 as v8  # noqa: E402
from memeval.hold import _rules_v9 as v9  # noqa: E402
from memeval.hold._normalize import normalize  # noqa: E402
from memeval.hold._readings import _decoded_texts, _variants  # noqa: E402
from memeval.hold._rule import _SEND, DESTINATION, INLINE_CODE, any_gap, gap, word_gap  # noqa: E402


def _texts() -> list[str]:
    from hold_heldout import HELDOUT
    from hold_tuning import TUNING

    out = [text for _, _, text in TUNING + HELDOUT]
    for path in sorted(ROOT.glob("tests/fixtures/hold_*/*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                out.append(json.loads(line)["text"])
    sys.path.insert(0, str(ROOT / "samples" / "fernhill" / "audit"))
    from make_week import build

    for e in build():
        pl = e.get("payload", {})
        for key in ("text", "reason", "comment", "a_text", "b_text"):
            if isinstance(pl.get(key), str):
                out.append(pl[key])
    return out


def _readings(text: str) -> list[str]:
    t = normalize(text).text
    out = [t, INLINE_CODE.sub(lambda m: " " * len(m.group()), t)]
    for _, _, decoded in _decoded_texts(text) + _variants(text):
        d = normalize(decoded).text
        out += [d, INLINE_CODE.sub(lambda m: " " * len(m.group()), d)]
    return list(dict.fromkeys(out))


BEFORE_REDOS4 = "f7662cf"
"""redos4 compares its rewritten rules with main's at this commit (the merge of redos3)."""
REDOS4 = {
    "RULES_V13": ("_rules_v13", ("standing-risky-order-13",)),
    "RULES_V16": ("_rules_v16", ("reader-addressed-order-16",)),
    "RULES_V2": ("_rules_ml", ("reveal-prompt-ml",)),
    "RULES_V3": ("_rules_ml", ("reveal-prompt-ml",)),
    "RULES_V5": ("_rules_ml", ("risky-action-ml",)),
    "RULES_V14": ("_rules_v14", ("override-indic-ml14",)),
}
"""redos4's rules: table -> (module, rule names); each is compared with the same rule of the module at
`BEFORE_REDOS4` (its source from git, loaded beside today's modules)."""
BEFORE_REDOS5 = "1d2bbb1"
"""redos5 compares its rewritten rules with main's at this commit (after redos4's merge)."""
REDOS5 = {
    "RULES_V2": ("_rules_ml", ("exfiltration-ml",)),
    "RULES_V17": ("_rules_v17", ("standing-risky-order-17",)),
    "RULES_V18": ("_rules_v18", ("standing-risky-order-18", "bulk-send-ml-18")),
    "RULES_V8": ("_rules_v8", ("cjk-exfiltration",)),
    "RULES_V6": ("_rules_v6", ("path-traversal-secret", "untrusted-dependency")),
    "RULES_V7": ("_rules_v7", ("standing-risky-order",)),
    "RULES_V15": ("_rules_v15", ("harmful-request-15",)),
    "RULES_V16": ("_rules_v16", ("harmful-howto-16",)),
    "RULES_V9": ("_rules_v9", ("disable-safeguard-ml", "standing-risky-order-9", "widen-rights")),
}
"""redos5's rules, as `REDOS4`'s."""


def _before(commit: str, rules: dict[str, tuple[str, tuple[str, ...]]]) -> dict[tuple[str, str, str], str]:
    """(table, rule, part) -> the regex source at `commit`, for `rules` (table -> (module, rule names))."""
    out = {}
    for table, (module, names) in rules.items():
        src = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{commit}:memeval/hold/{module}.py"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        spec = importlib.util.spec_from_loader(f"_before_{commit}_{module}", loader=None)
        assert spec is not None
        mod = importlib.util.module_from_spec(spec)
        exec(compile(src, f"{commit}:{module}.py", "exec"), mod.__dict__)  # noqa: S102  # our own file
        seen: dict[str, int] = {}
        for rule in getattr(mod, table):
            seen[rule.name] = seen.get(rule.name, 0) + 1  # a table may hold two rules of one name (rules/9)
            if rule.name in names:
                for part in ("pattern", "requires", "context"):
                    if getattr(rule, part) is not None:
                        out[(table, f"{rule.name}#{seen[rule.name]}", part)] = getattr(rule, part).pattern
    return out


def _pairs() -> list[tuple[str, re.Pattern[str], re.Pattern[str]]]:
    swaps = [(word_gap(n), gap(n)) for n in range(1, 12)]
    swaps += [(any_gap(n), gap(n)) for n in range(1, 12)]
    swaps.append((any_gap(8, "'.~/-"), r"(?:\W+[\w'.~/-]+){0,8}?\W+"))  # _RISKY's paths
    swaps.append((r"[\w.+-]{1,64}+@", r"[\w.+-]+@"))  # redos3: an e-mail address's local part read to 64 characters
    # cjk-addressed-order's spaces around the optional "please" and colon, made possessive
    please = r"(?:请|請|へ|に|에게|님|注意)?"
    swaps.append((r"\s*+" + please + r"\s*+[:：,]?\s*+", r"\s*" + please + r"\s*[:：,]?\s*"))
    # exfiltration-destination: any_gap's two branches each before its own DESTINATION
    whole = {_rules._send_to_destination(): _SEND + gap(8) + DESTINATION}
    # redos3: rules/8's and rules/9's exfiltration, rewritten by `exfil_ml`, against the plain formula
    for private, exfil, norm in (
        (v8._PRIVATE_ML, v8._EXFIL_ML, str),
        (v9._PRIVATE9, v9._EXFIL9, v9._n),
    ):
        plain = (
            r"(?:" + private + r")[^\n]{0,100}?" + v8._OUT_ML + r"|" + v8._OUT_ML + r"[^\n]{0,60}?(?:" + private + r")"
        )
        whole[norm(exfil)] = norm(plain)
    swaps.append((r"\S{1,2000}", r"\S+"))  # untrusted-dependency's URL read to 2,000 characters
    swaps.append((r"[\w.-]{1,100}+\s*@", r"[\w.-]+\s*@"))  # and its `name @ url` to 100
    swaps.append((r"(?:(?<!#)|(?<=\(#))#{2,}+\s*+\(?\s*+system", r"#{2,}\s*\(?\s*system"))  # role-markup
    swaps.append(  # image-exfiltration's alt text and URL
        (
            r"!\[[^\]]{0,1000}\]\(https?://[^)\s?&]{0,2000}+[?&][^)\s]{0,2000}(?:",
            r"!\[[^\]]*\]\(https?://[^)\s]*[?&][^)\s]*(?:",
        )
    )
    before = _before(BEFORE_REDOS4, REDOS4) | _before(BEFORE_REDOS5, REDOS5)
    out = []
    for name in dir(_rules):
        if not re.fullmatch(r"RULES(?:_V\d+)?", name):
            continue
        seen: dict[str, int] = {}
        for rule in getattr(_rules, name):
            seen[rule.name] = seen.get(rule.name, 0) + 1
            for part in ("pattern", "requires", "context"):  # a context is read as found or not; compared as spans
                new = getattr(rule, part)
                if new is None:
                    continue
                key = (name, f"{rule.name}#{seen[rule.name]}", part)
                old_src = before.get(key) or whole.get(new.pattern, new.pattern)
                for w, g in swaps:
                    old_src = old_src.replace(w, g)
                if old_src != new.pattern:
                    label = f"{name}/{rule.name}" + ("" if part == "pattern" else f" ({part})")
                    out.append((label, re.compile(old_src, new.flags), new))
    return out


def main() -> int:
    """Print the comparison; exit status 1 when any reading differs."""
    pairs = [p for p in _pairs() if len(sys.argv) < 2 or sys.argv[1] in p[0]]
    texts = _texts()
    readings = list(dict.fromkeys(r for t in texts for r in _readings(t)))
    print(f"{len(texts)} texts, {len(readings)} distinct readings, {len(pairs)} rewritten rules")
    diffs = 0
    for label, old, new in pairs:
        t_old = t_new = 0.0
        compared = matched = 0
        for r in readings:
            a = time.process_time()
            got_new = [(m.start(), m.end()) for m in new.finditer(r)]
            t_new += time.process_time() - a
            a = time.process_time()
            got_old = [(m.start(), m.end()) for m in old.finditer(r)]
            t_old += time.process_time() - a
            compared += 1
            matched += bool(got_old)
            if got_old != got_new:
                diffs += 1
                print(f"DIFF {label}: old {got_old} new {got_new} in {r[:120]!r}")
        print(
            f"{label}: {compared} readings compared ({matched} with a match), "
            f"old {t_old:.2f} s CPU, new {t_new:.2f} s CPU"
        )
    print(f"differences: {diffs}")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())

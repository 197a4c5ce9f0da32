r"""Write `memeval/redact/rules/detect_secrets.toml`: credential key words of bc-detect-secrets that memeval lacks.

    .venv/bin/python scripts/redact_rules_detect_secrets.py WHEEL

WHEEL is the bc-detect-secrets wheel (Apache-2.0; the fork of Yelp's detect-secrets that
checkov pins, `pip download --no-deps bc-detect-secrets==1.5.50`); its version is written into
the file. Its keyword plugin (`detect_secrets/plugins/keyword.py`) flags an assignment whose key
holds a word of `DENYLIST` (`password`, `db_?pass`, `_pass\b`, `priv_?key`, `recaptcha_.*key`,
...); checkov's `EntropyKeywordCombinator` reports such an assignment when the value's Shannon
entropy reaches 3 bits per character (`ENTROPY_KEYWORD_COMBINATOR_LIMIT`). The eighth fresh
corpus (tests/fixtures/redact_fresh8/: checkov's own tests) found `pg_pass = "..."` and
`test_pass = "..."` stored raw: memeval's `config-assignment` rule (rules/context.toml) knows
`user|db|admin|root|smtp|ftp|proxy|mail` before `pass` only.

This script takes every DENYLIST entry whose sample key names `config-assignment` does not
already find (a `_?` both with and without the `_`, `[_.-]?` as `_`, `.*` as `_site_`) and
writes one rule for them all, in `config-assignment`'s own assignment syntax (read from
rules/context.toml, so the two stay alike), with:

- the key words as alternatives, `\b` dropped (the key already ends there) and `.*` bounded to
  `[A-Za-z0-9_\-]{0,30}` (an unbounded run inside a key would read the rest of the line);
- `check = "secretish"` (placeholders, templates and plain words stay) and `min_entropy = 3.0`
  (checkov's limit);
- `keywords`: each entry's longest literal piece (`_pass`, `priv`, `recaptcha_`), so texts with
  none skip it.

Run it again on a newer wheel, or after config-assignment changes (an entry it then covers drops
out); `tests/redact/test_redact_fresh8_rows.py` checks the file is what `render` writes from the
entries and version it names. Exit 2 on a missing wheel.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "memeval" / "redact" / "rules" / "detect_secrets.toml"
KEYWORD_PY = "detect_secrets/plugins/keyword.py"
MIN_ENTROPY = 3.0
_KEY_ALT = re.compile(
    r"\(\?P<key>\[A-Za-z0-9_\.\\-\]\*\(\?:(.*?)\)\(\?:\[_\\-\]\?\[0-9\]\{1,3\}\)\?"
    r"(?:\(\?:\[_\\-\]str\(\?:ing\)\?\)\?)?(?:\(\?:\[_\\-\]\(\?:[a-z|]+\)\)\?)?\)"
)
"""config-assignment's key group: its alternatives (group 1), then optional digits, (since fresh15) an optional type
suffix (`_str`, `-string`) and (since redact45) an optional environment suffix (`_prod`, `-dev`), which the rule
written here keeps."""


def denylist(source: str) -> tuple[str, ...]:
    """The `DENYLIST` tuple of detect-secrets' keyword plugin source.

    Raises:
        ValueError: the source has no `DENYLIST = (...)` of strings.
    """
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["DENYLIST"]:
            value = ast.literal_eval(node.value)
            if isinstance(value, tuple) and all(isinstance(v, str) for v in value):
                return value
    raise ValueError("no DENYLIST tuple of strings in the keyword plugin")


def samples(entry: str) -> list[str]:
    """Key names an entry stands for (`db_?pass` -> `db_pass`, `dbpass`)."""
    out = [entry]
    for a, bs in ((r"[_\.\-]?", ("_",)), ("_?", ("_", "")), (".*", ("_site_",)), (r"\b", ("",))):
        out = [o.replace(a, b, 1) if a in o else o for o in out for b in bs]
        out = [x for o in out for x in ([o.replace(a, b) for b in bs] if a in o else [o])]
    return sorted(set(out))


def config_assignment() -> str:
    """`config-assignment`'s pattern in rules/context.toml."""
    rules = tomllib.loads((ROOT / "memeval" / "redact" / "rules" / "context.toml").read_text(encoding="utf-8"))["rule"]
    (rule,) = [r for r in rules if r["id"] == "config-assignment"]
    return str(rule["pattern"])


def missing(entries: tuple[str, ...], pattern: str) -> list[str]:
    """Entries some sample key of which `pattern` does not find as its `key` (value `Zx9#kQ2mLp4w`)."""
    rx = re.compile(pattern)
    out = []
    for e in entries:
        for key in samples(e):
            m = rx.search(f'{key} = "Zx9#kQ2mLp4w"')
            if not m or m.group("key").lower() != key.lower():
                out.append(e)
                break
    return out


def alternative(entry: str) -> str:
    r"""An entry as a key-word alternative: `\b` dropped, `.*` bounded."""
    return entry.replace(r"\b", "").replace(".*", r"[A-Za-z0-9_\-]{0,30}")


def keyword(entry: str) -> str:
    """The longest literal piece of an entry: every key it stands for holds it (`db_?key` -> `key`)."""
    pieces = re.split(r"_\?|\.\*|\\b|\[[^\]]*\]\?", entry)
    return max(pieces, key=len).lower()


def render(entries: tuple[str, ...], version: str) -> str:
    """The TOML text of the rule for the DENYLIST `entries` of bc-detect-secrets `version`.

    Raises:
        ValueError: config-assignment's key group is no longer of the form this script splices.
    """
    base = config_assignment()
    m = _KEY_ALT.search(base)
    if m is None:
        raise ValueError("config-assignment's key group changed: update _KEY_ALT")
    new = missing(entries, base)
    alts = "|".join(alternative(e) for e in new)
    pattern = base[: m.start(1)] + alts + base[m.end(1) :]
    kws = sorted({keyword(e) for e in new})
    return "\n".join(
        [
            "# Generated by scripts/redact_rules_detect_secrets.py: do not edit by hand.",
            f"# Key words of bc-detect-secrets {version} (Apache-2.0) detect_secrets/plugins/keyword.py DENYLIST",
            "# that rules/context.toml's config-assignment lacks, in its assignment syntax; fields as context.toml.",
            "",
            "[[rule]]",
            'id = "detect-secrets-keyword"',
            'entity = "PASSWORD"',
            f"pattern = '''{pattern}'''",
            f"keywords = {json.dumps(kws, ensure_ascii=False)}",
            'check = "secretish"',
            f"min_entropy = {MIN_ENTROPY}",
            "score = 0.7",
            "source = "
            + json.dumps(
                f"pypi:bc-detect-secrets=={version}:{KEYWORD_PY} DENYLIST (Apache-2.0): {', '.join(new)}",
                ensure_ascii=False,
            ),
            "",
        ]
    )


def build(wheel: Path) -> str:
    """The TOML text of the rule from the wheel's keyword plugin (see the module docstring).

    Raises:
        SystemExit(2): `wheel` is not a bc-detect-secrets wheel.
    """
    if not wheel.is_file() or not zipfile.is_zipfile(wheel):
        print(f"{wheel} is not a wheel: pip download --no-deps bc-detect-secrets==VERSION", file=sys.stderr)
        raise SystemExit(2)
    with zipfile.ZipFile(wheel) as z:
        source = z.read(KEYWORD_PY).decode("utf-8")
    return render(denylist(source), wheel.name.split("-")[1])


def main() -> None:
    """Read the wheel, write `OUT`."""
    ap = argparse.ArgumentParser()
    ap.add_argument("wheel", type=Path)
    a = ap.parse_args()
    text = build(a.wheel)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    print(text.split("source = ")[1].strip())


if __name__ == "__main__":
    main()

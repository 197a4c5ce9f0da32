r"""Write `memeval/redact/rules/titus.toml`: titus' secret rules whose own examples memeval stores raw.

    .venv/bin/python scripts/redact_rules_titus.py TITUS_GIT_DIR

TITUS_GIT_DIR is a git copy (a bare mirror works) of github.com/praetorian-inc/titus (Apache-2.0), read at
HEAD; its commit is written into the file. titus is praetorian's successor of noseyparker: 493 rules
(`pkg/rule/rules/*.yml`) under noseyparker's (`np.*`) and kingfisher's (`kingfisher.*`) ids, many of them
newer than the commits `redact_rules_noseyparker.py` and `redact_rules_kingfisher.py` read, each with
`examples` (and often `negative_examples`). A tenth out-of-sample check (tests/fixtures/redact_fresh10/)
found memeval storing 91 of 365 of those examples' secrets raw in at least one context.

A rule is taken over as data when:

- its `categories` hold `secret` (kingfisher's rules carry none and count as secrets) and it is not
  `visible: false`; a rule with `depends_on_rule` (the scanner reports it only beside a partner match) only
  when each of its examples' secrets starts with one of its literals of 5+ characters (since redact37:
  `RGAPI-`, a key that names its provider alone), or of 4 in a secret of 40+ characters (since redact42:
  ClickHouse's `4b1d` + 38);
- its pattern converts to Python (`redact_rules_kingfisher.python_pattern`: ASCII `\b`, Rust syntax) and
  finds, in each of its examples, the secret the rule's own pattern finds (`finds_examples`), the secret
  being the group named `token`/`secret` when the rule has one, else for a `kingfisher.*` rule its first
  group (what kingfisher reports) and for an `np.*` rule its last (noseyparker's pair rules list the secret
  last);
- on at least one of its examples whose secret is not made up to show a format (`made_up_runs` of the
  fresh corpora) nor a placeholder memeval keeps (`_values.placeholder_value`: `$Password`, `%nothing%`),
  memeval's redactor as built from the other rules leaves a character of the secret
  outside its findings (the example as written);
- the converted rule finds nothing in any of the rule's own `negative_examples` (what its authors say
  it must not report), does not backtrack on its examples repeated (`redact_rules_noseyparker._backtracks`)
  and has a literal to key on (`keywords`).

A URL or connection string whose whole match titus reports counts as found when memeval blanks anything inside it
(its password: user, host and path are not secret). Found means a finding of a detector other than the readers
of a run at a text's edge (`memeval:cut-*`: a lone example key is taken by them only because it starts or ends
the text). Entropy floor: the rule's `min_entropy`
when it has one, else 3.0 bits per character (the noseyparker script's); at least one missed example must reach
it, except that a hex-bodied rule whose upstream floor is above 3.0 gets 3.0 (noted in its `changed` field: hex
reaches 4 bits a character at most, and kingfisher's `runway.1` asks 4.0, refusing every key, as redact34 found
for Cloudflare's Origin CA keys). memeval reads the file as a credential scanner (`_context.SCANNER_RULE_FILES`),
in every view the engines read. Run it again on a newer commit: a rule whose examples memeval then finds drops out.
Prints the rules taken and those left out and why. Exit 2 on a missing directory.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from redact_fresh_common import made_up_runs  # noqa: E402  # the fresh corpora's rule for made-up values
from redact_rules_kingfisher import (  # noqa: E402
    finds_examples,
    keywords,
    open_repo,
    python_pattern,
    rule_block,
    write_rules,
    yaml_rules,
)
from redact_rules_noseyparker import _backtracks  # noqa: E402
from redact_rules_veles import _left  # noqa: E402

from memeval.redact._context import _entropy  # noqa: E402
from memeval.redact._values import placeholder_value  # noqa: E402

OUT = ROOT / "memeval" / "redact" / "rules" / "titus.toml"
SLUG = "praetorian-inc/titus"
ENTROPY = 3.0
NAMED = ("token", "TOKEN", "secret", "SECRET")
LEFT_OUT = {
    "kingfisher.jdbc.1": "its secret is any JDBC URL of 10+ characters, password or not: whispers' compliant lines "
    "(`jdbc:mysql://localhost/authority?user=dbuser&amp;password=`, `password=$password`) and noseyparker's ODBC "
    "negative were blanked whole (redact36's first file); memeval's URL and config rules read JDBC passwords",
}
"""Rules left out by name, with the reason printed."""
SCORE = 0.5
"""Each rule's score: under every other credential rule's, so where another rule already finds a secret the finding
keeps that rule's name and type (the spans are merged; only what was missed changes)."""
HEX_FLOOR = 3.0
"""Entropy floor for a rule whose upstream floor no hex key reaches (see `main`)."""
EDGE_READERS = "memeval:cut-"
"""Detectors that read a run at a text's edge as a cut key's part: a rule's example is often a key alone, which they
take because it starts or ends the text; placed in any other text they do not, so they do not count as finding it."""


def _connection(secret: str) -> bool:
    """A URL or connection string (`mysql://user:pw@host`, `jdbc:...`): only its password is secret."""
    return "://" in secret or secret.lower().startswith("jdbc:")


def _missed(secret: str, text: str, spans: list[tuple[int, int]]) -> bool:
    """Whether memeval leaves `secret` (at its first place in `text`) raw.

    A character outside every span, or, for a URL or connection string whose whole match titus reports
    (`_connection`), no span inside it at all (memeval blanks the password and keeps user, host and path: no miss).
    """
    if not _connection(secret):
        return _left(secret, text, spans)
    at = text.find(secret)
    return not any(a < at + len(secret) and at < b for a, b in spans)


SELF_NAMED_LONG = 40
"""A secret this long names itself with a 4-character prefix (redact42: ClickHouse's `4b1d` + 38)."""


def _self_named(kws: list[str] | tuple[str, ...], secrets: list[str]) -> bool:
    """Whether every secret starts with a rule literal of 5+ characters, or of 4 in a 40+ character secret.

    Such a key names itself (`RGAPI-`; `SELF_NAMED_LONG`).

    A rule with `depends_on_rule` is reported by titus only beside its partner's match (a host, a key id), which
    memeval does not pair; a key that carries its provider's prefix is one alone (redact37: Riot's `RGAPI-` keys,
    whose partner, a platform host, only gives the validation URL). redact42: ClickHouse Cloud's secret key
    `4b1d` + 38 letters and digits (betterleaks' `clickhouse-cloud-api-secret-key` reads the same shape, also only
    beside its key id) was stored raw without its id; one random 42-character token in 65,536 starts with a given
    4 characters, and such tokens are rare in prose.
    """
    long = tuple(k.lower() for k in kws if len(k) >= 5)
    four = tuple(k.lower() for k in kws if len(k) == 4)  # noqa: PLR2004
    return bool(secrets) and all(
        (long and s.lower().startswith(long)) or (len(s) >= SELF_NAMED_LONG and four and s.lower().startswith(four))
        for s in secrets
    )


def _whole_spans(red: object, text: str) -> list[tuple[int, int]]:
    """(start, end) of each finding of memeval's redactor in `text`, but the edge readers' (`EDGE_READERS`)."""
    return [(f.start, f.end) for f in red.redact(text).findings if not f.detector.startswith(EDGE_READERS)]  # type: ignore[attr-defined]


def _group(rid: str, ref: regex.Pattern[str]) -> int:
    """The rule's secret group (1-based; 0 for none).

    A group named in `NAMED`, else kingfisher's first (what kingfisher reports) or noseyparker's last (its pair
    rules list the secret last).
    """
    for n in NAMED:
        if n in ref.groupindex:
            return ref.groupindex[n]
    return min(ref.groups, 1) if rid.startswith("kingfisher.") else ref.groups


def _entity(rule_id: str) -> str:
    slug = re.sub(r"\.\d+[a-z]?$", "", rule_id.split(".", 1)[1])
    return re.sub(r"[^A-Za-z0-9]+", "_", slug).strip("_").upper() + "_SECRET"


def main() -> None:
    """Read titus at the repository's HEAD, write `OUT`, print what was left out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=Path)
    a = ap.parse_args()
    git = open_repo(a.repo, SLUG)
    sha = git("rev-parse", "HEAD").strip()
    header = (
        "# Secret rules of titus (github.com/praetorian-inc/titus, Apache-2.0) whose own examples memeval\n"
        f"# stored raw, as memeval rule data (fields as in context.toml). Commit {SLUG}@{sha}.\n"
        "# Written by scripts/redact_rules_titus.py: do not edit by hand; rerun it on a newer commit\n"
        "# (a rule whose examples memeval then finds drops out).\n\n"
    )
    OUT.write_text(header, encoding="utf-8")  # memeval without this file's rules decides what is missed
    from memeval.redact import get_redactor

    red = get_redactor()
    blocks, left = [], []
    for name, rule in yaml_rules(git, "pkg/rule/rules"):
        rid = rule["id"]
        cats = set(rule.get("categories") or ("secret",))
        if "secret" not in cats:
            left.append(f"{rid}: not in the `secret` category")
            continue
        if rid in LEFT_OUT:
            left.append(f"{rid}: {LEFT_OUT[rid]}")
            continue
        if rule.get("visible") is False:
            left.append(f"{rid}: not visible")
            continue
        try:
            ref = regex.compile(rule["pattern"], flags=regex.V0)
            which = _group(rid, ref)
            py = python_pattern(rule["pattern"], which=max(which, 1))
            rx = re.compile(py)
        except (re.error, regex.error, ValueError) as exc:
            left.append(f"{rid}: pattern not portable ({exc})")
            continue
        exs = [str(e).strip() for e in rule.get("examples") or []]
        if not finds_examples(rx, ref, exs, which):
            left.append(f"{rid}: the Python pattern does not find the examples' secrets as the rule does")
            continue
        pairs = []
        for ex in exs:
            m = ref.search(ex)
            s = (m.group(which) if which else m.group(0)) if m else None
            if s and not made_up_runs(s) and not placeholder_value(s):
                pairs.append((ex, s))
        missed = [(ex, s) for ex, s in pairs if _missed(s, ex, _whole_spans(red, ex))]
        if not missed:
            left.append(f"{rid}: memeval finds all {len(pairs)} of its examples' secrets")
            continue
        negs = [str(e) for e in rule.get("negative_examples") or []]
        if any(rx.search(n) for n in negs):
            left.append(f"{rid}: matches one of its own negative examples")
            continue
        if _backtracks(rx, exs):
            left.append(f"{rid}: backtracks in Python's engine on its examples repeated")
            continue
        kws = keywords(py)
        if not kws:
            left.append(f"{rid}: no literal every match holds (would read every text)")
            continue
        if rule.get("depends_on_rule") and not _self_named(kws, [s for _ex, s in pairs]):
            left.append(f"{rid}: reported only beside a partner rule, and its secret does not name itself")
            continue
        ent, changed = float(rule.get("min_entropy") or ENTROPY), None
        if not any(_entropy(s) >= ent for _ex, s in missed):
            if ent > HEX_FLOOR and all(re.fullmatch(r"[\w-]*?[0-9A-Fa-f]{16,}", s) for _ex, s in missed):
                changed = (
                    f"redact36: upstream's entropy floor {ent} is above what its hex body reaches (4 bits a character; "
                    f"its examples {min(_entropy(s) for _e, s in missed):.2f}-"
                    f"{max(_entropy(s) for _e, s in missed):.2f}"
                    f"), so it refused every key; {HEX_FLOOR} as `redact_rules_kingfisher.ENTROPY` does for Cloudflare"
                )
                ent = HEX_FLOOR
            else:
                left.append(f"{rid}: its missed examples are under its own entropy floor {ent}")
                continue
        source = (
            f"github:{SLUG}@{sha[:12]}:{name} {rid} (Apache-2.0); memeval missed {len(missed)} of its"
            f" {len(pairs)} examples' secrets"
        )
        rule_id = "titus-" + re.sub(r"[^a-z0-9]+", "-", rid.lower()).strip("-")
        block = rule_block(rule_id, _entity(rid), py, kws, ent, source, changed=changed)
        blocks.append(block.replace("score = 0.8\n", f"score = {SCORE}\n"))
    write_rules(OUT, header, blocks, left)


if __name__ == "__main__":
    main()

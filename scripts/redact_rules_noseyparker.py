r"""Write `memeval/redact/rules/noseyparker.toml`: noseyparker's secret rules as memeval rule data.

    .venv/bin/python scripts/redact_rules_noseyparker.py NOSEYPARKER_GIT_DIR

NOSEYPARKER_GIT_DIR is a git copy of github.com/praetorian-inc/noseyparker (Apache-2.0), read at
HEAD; its commit is written into the file. kingfisher began as a fork of noseyparker, and its
rules (`kingfisher.toml`) key many self-identifying formats on a provider word nearby
(`telegram ... 123:AA...`, `twitch ... live_...`, `mailchimp ... <hex>-us6`); noseyparker's
own rules find the same formats with no word around them, and cover a few formats kingfisher
lacks (Tavily `tvly-`, Azure DevOps PATs with the `AZDO` marker, New Relic `NRAK-`, crypt(3)
password hashes, Kerberos AS-REP hashes, Okta `SSWS` headers). They are taken over as data, with
the pattern conversion of `scripts/redact_rules_kingfisher.py` (imported from it), except:

- only rules whose `categories` hold `secret` (identifiers such as bucket names and ARNs are not
  secrets);
- a rule with several capturing groups (a user then a password, an id then a secret) has its
  LAST group as `secret` (noseyparker reports every group; the secret comes last in each such
  rule at the commit read);
- noseyparker rules carry no entropy threshold: `min_entropy` is 3.0 bits per character (the
  value kingfisher gives most of its own rules is 3.0 to 3.5), which keeps `xxxx`-filled format
  examples and words such as `password` out;
- a rule whose converted pattern equals one in `kingfisher.toml` is left out (it would find the
  same thing twice);
- the rules in `LINEAR` get the rewrite written there (as in `redact_rules_kingfisher.LINEAR`:
  same matches, linear in Python's `re`, noted in the rule's `changed` field; "not rewritten"
  is printed when upstream changed the part replaced).

A rule is kept only when the Python pattern finds, in each of its `examples`, the secret the
`regex` module finds with the rule's own pattern. Prints the rules left out and why. Exit 2 on a
missing directory.
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from pathlib import Path

import regex

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

from redact_rules_kingfisher import (  # noqa: E402
    finds_examples,
    keywords,
    linear,
    open_repo,
    python_pattern,
    rule_block,
    write_rules,
    yaml_rules,
)

OUT = ROOT / "memeval" / "redact" / "rules" / "noseyparker.toml"
MIN_ENTROPY = 3.0

LINEAR: dict[str, tuple[list[tuple[str, str]], str]] = {
    "np.azure.1": (
        [
            (
                "\\s*=\\s* ([^${;<\\[.\\s*\"'\\#] [^.;\\n\"'\\#]{2,80}) \\s*;\\s*\n.{0,10}\\s*  (?#",
                "\\s*=\\s* (?>([^${;<\\[.\\s*\"'\\#] [^.;\\n\"'\\#]{2,80}) \\s*+;) \\s*+\n.{0,10}\\s*+  (?#",
            )
        ],
        "redos14: the name's value and its ';' in an atomic group, the spaces after ';' and after the "
        "10-character gap possessive (the first ';' after the value's start is the only one it can end "
        "at, so the first way to reach it is the match); upstream ~1,000 CPU s by growth on 64 KiB of spaces",
    ),
    "np.gradle.1": (
        [
            (
                "  (?:\\s*//.*)*        (?# skip line comments)\n  \\s* (?:username|password)",
                "  \\s* (?: (?://.*\\n\\s*)* //(?:.*\\S)? \\s* )?        (?# skip line comments)\n"
                "  (?:username|password)",
            )
        ],
        "redos14: the comment lines '(?:\\s*//.*)*' read line by line (a line holding several '//' split "
        "into iterations in exponentially many ways); same keyword positions, tried in the same order; "
        "upstream killed at 5 CPU s on 4 KiB",
    ),
    "np.generic.3": (
        [("\\s* [,;]? \\s*", "\\s*+ [,;]? \\s*+"), ("(?: \\s* (?: \\# | //)", "(?: \\s*+ (?: \\# | //)")],
        "redos14: the three whitespace runs after the user name possessive (what follows each never "
        "starts with whitespace, so no match moves); upstream killed at 5 CPU s on 4 KiB of spaces",
    ),
    "np.generic.4": (
        [("\\s* ;? \\s*", "\\s*+ ;? \\s*+"), ("(?: \\s* (?: \\# | //)", "(?: \\s*+ (?: \\# | //)")],
        "redos14: the three whitespace runs after the user name possessive (what follows each never "
        "starts with whitespace, so no match moves); upstream killed at 5 CPU s on 4 KiB of spaces",
    ),
    "np.generic.8": (
        [
            (
                "  (?: \\s* , \\s* [^)]{3,50} )?",
                "  (?: \\s* , (?=[^)]{3}) (?=\\s*+(?:[^)\\s](?:[^)]{0,48}[^)\\s])?)?\\s*+\\)) \\s* [^)]{3,50} )?",
            )
        ],
        "redos14: the authentication type read only behind look-aheads that it fits (3 characters before "
        "the ')', at most 50 once the spaces around are left out): the look-aheads hold exactly when the "
        "part after them can match, so no match moves; upstream ~240 CPU s by growth on 64 KiB of spaces",
    ),
}
"""Rewrites of noseyparker patterns that Python's `re` reads in more than linear time."""

SCREENS = {
    "np.hashicorp.1": r"s\.[A-Za-z0-9_-]{24}",
    "np.hashicorp.2": r"b\.[A-Za-z0-9_-]{24}",
    "np.hashicorp.3": r"r\.[A-Za-z0-9_-]{24}",
    "np.salesforce.1": r"00[a-zA-Z0-9]{13}!",
}
"""Screens (context.toml's `screen`: a regex every match contains) for rules keyed on words that
most texts hold (`key`, `token`): the legacy Vault token rules start with an alternation of
them, which the engine tries at every position (~40 us a 1 KiB text each). Speed only:
tests/redact/test_rule_screens.py checks results with and without screens are equal.

A rule whose pattern holds no literal of 3+ characters (no keyword) is kept when it has a screen here,
which then stands for the keywords (redact34: the Salesforce access token, `00` + a 13-character
organization id + `!` + 96 characters, whose only literals are `00` and `!`; without a screen it
was left out, and its own example was stored raw)."""


SLOW_S = 0.02
"""Seconds a search may take on a rule's examples repeated 8 times (a few KiB): noseyparker's
engine (Rust `regex`, Hyperscan) runs in linear time, Python's backtracks, and a pattern with
nested lazy repeats (`phpmailer.1`) took 1.5 s on one 1 KiB text; such rules are left out. The
examples alone may pass a rule that planted text makes slow: `SLOW` names those (redact34)."""

SLOW = {
    "np.pem.1": "its body `(?: [...\\s...] ){50,}` then `\\s*` reads blanks after a header in cubic time "
    "(3 CPU s at 2,000 spaces, 26 at 4,000); its examples alone pass SLOW_S on a quiet machine, so the "
    "committed file held it or not by the load when it was written (redact34)",
}
"""Rules left out as slow in Python's `re` whatever `_backtracks` measures (the reason is printed)."""


def _backtracks(rx: re.Pattern[str], examples: list[str]) -> bool:
    import time

    for ex in examples:
        text = (ex + "\n") * 8
        t0 = time.process_time()
        rx.search(text)
        rx.search(text + "\u6570\u636e")  # no match at the end: the engine tries every start
        if time.process_time() - t0 > SLOW_S:
            return True
    return False


def _groups(pattern: str) -> int:
    return regex.compile(pattern, flags=regex.V0).groups


def _entity(rule_id: str) -> str:
    slug = re.sub(r"\.\d+$", "", rule_id.removeprefix("np."))
    return re.sub(r"[^A-Za-z0-9]+", "_", slug).strip("_").upper() + "_SECRET"


def main() -> None:
    """Read the rules at the repository's HEAD, write `OUT`, print what was left out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=Path)
    a = ap.parse_args()
    git = open_repo(a.repo, "praetorian-inc/noseyparker")
    kf = ROOT / "memeval" / "redact" / "rules" / "kingfisher.toml"
    known = {r["pattern"] for r in tomllib.loads(kf.read_text("utf-8"))["rule"]}
    sha = git("rev-parse", "HEAD").strip()
    blocks, left = [], []
    for name, rule in yaml_rules(git, "crates/noseyparker/data/default/builtin/rules"):
        rid = rule["id"]
        if "secret" not in (rule.get("categories") or ()):
            left.append(f"{rid}: not in the `secret` category ({', '.join(rule.get('categories') or ['none'])})")
            continue
        try:
            ref = regex.compile(rule["pattern"], flags=regex.V0)
            py = python_pattern(rule["pattern"], which=max(ref.groups, 1))
            rx = re.compile(py)
        except (re.error, regex.error, ValueError) as exc:
            left.append(f"{rid}: pattern not portable ({exc})")
            continue
        if py in known:
            left.append(f"{rid}: same pattern as a kingfisher.toml rule")
            continue
        exs = [str(e).strip() for e in rule.get("examples") or []]
        if not finds_examples(rx, ref, exs, ref.groups):
            left.append(f"{rid}: the Python pattern does not find the examples' secrets as the rule does")
            continue
        if rid in SLOW:
            left.append(f"{rid}: slow on planted text ({SLOW[rid]})")
            continue
        if _backtracks(rx, exs):
            left.append(f"{rid}: backtracks in Python's engine (over {SLOW_S} s on its examples repeated)")
            continue
        kws = keywords(py)
        if not kws and rid in SCREENS:
            kws = []  # the screen alone decides which texts the rule reads (`SCREENS`)
        elif not kws:
            left.append(f"{rid}: no literal every match holds (would read every text)")
            continue
        source = f"github:praetorian-inc/noseyparker@{sha[:12]}:{name} {rid} (Apache-2.0)"
        rule_id = f"noseyparker-{rid.removeprefix('np.')}"
        py, changed, stale = linear(rid, py, LINEAR)
        if stale:
            left.append(f"{rid}: kept, but not rewritten: upstream changed the part LINEAR rewrites")
        blocks.append(
            rule_block(rule_id, _entity(rid), py, kws, MIN_ENTROPY, source, SCREENS.get(rid), changed=changed)
        )
    header = (
        "# Secret rules of noseyparker (github.com/praetorian-inc/noseyparker, Apache-2.0) as memeval rule\n"
        f"# data (fields as in context.toml). Commit {sha}.\n"
        "# Written by scripts/redact_rules_noseyparker.py: do not edit by hand; rerun it on a newer commit.\n\n"
    )
    write_rules(OUT, header, blocks, left)


if __name__ == "__main__":
    main()

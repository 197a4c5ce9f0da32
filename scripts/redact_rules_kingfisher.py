r"""Write `memeval/redact/rules/kingfisher.toml`: kingfisher's own provider rules as memeval rule data.

    .venv/bin/python scripts/redact_rules_kingfisher.py KINGFISHER_GIT_DIR [--only IDS_FILE]

KINGFISHER_GIT_DIR is a git copy of github.com/mongodb/kingfisher (Apache-2.0), read at HEAD; its
commit is written into the file. The PyPI package (kingfisher-secret-scanner 1.5.0) bundles only
the betterleaks/gitleaks rules and 26 of its own; the repository's `data/rules/*.yml` hold ~700
more provider rules, each with literal `examples`. A fresh corpus of those examples (issue 15,
tests/fixtures/redact_fresh/) found many stored raw, so the rules are taken over as data:

- the Rust pattern becomes a Python one: `(?x)`/`(?i)` flag groups anywhere are moved to the
  front (a mid-pattern `(?i)` then covers the whole pattern: more matches, never fewer), the
  ASCII flag is set (`\b` between a key and glued CJK text is a boundary), POSIX
  classes (`[[:alnum:]]`) are spelled out, and the first capturing group becomes `(?P<secret>...)`
  (kingfisher reports group 1 as the secret);
- `keywords` are derived from the parsed pattern: literal runs every match must contain (or, for
  an alternation, one of each branch's), lower case, at least 3 characters. A rule without one is
  left out (it would read every text);
- `min_entropy` is the rule's own (Shannon, bits per character of the secret);
- a rule is kept only when it compiles and finds, in each of its examples, the secret the Rust
  engine's pattern finds (the `regex` module stands in for it);
- the rules in `LINEAR` get the rewrite written there: kingfisher's engine is linear, Python's
  backtracking `re` is not, and these read a planted text in quadratic or exponential time. Each
  rewrite finds exactly the matches the pattern it replaces finds (`scripts/redos_redact_compare.py`)
  and is recorded in the rule's `changed` field. When a rule's upstream text no longer holds the
  part a rewrite replaces, the rule is written as upstream has it and listed as "not rewritten":
  redo the rewrite (`scripts/redos_redact.py` finds what is slow).

`--only IDS_FILE`: keep only the rule ids listed (one a line). The shipped file keeps every rule
that converts (678 at ee7c0db3ef87): choosing only the rules whose examples were missed left
trufflehog's strings, which no rule was chosen for, 10 points lower (see memeval/redact/README.md).
Prints the rules left out and why. Exit 2 on a missing directory.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import regex
import yaml

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "memeval" / "redact" / "rules" / "kingfisher.toml"

_POSIX = {
    "alnum": "a-zA-Z0-9",
    "alpha": "a-zA-Z",
    "digit": "0-9",
    "xdigit": "0-9a-fA-F",
    "upper": "A-Z",
    "lower": "a-z",
    "space": r"\s",
    "punct": r"!-/:-@\[-`{-~",
    "word": r"\w",
}


def python_pattern(rust: str, which: int = 1) -> str:
    """The Rust-syntax kingfisher pattern as a Python `re` pattern (see the module docstring).

    `which`: the capturing group (1-based, in opening order) that becomes `(?P<secret>...)`;
    kingfisher reports group 1, scripts/redact_rules_noseyparker.py passes the last one.
    """
    flags = set()

    def take(m: re.Match[str]) -> str:
        flags.update(m.group(1))
        return ""

    body = re.sub(r"\(\?([imsx]+)\)", take, rust)
    for name, spelled in _POSIX.items():
        body = body.replace(f"[:{name}:]", spelled)
    body = body.replace(r"\z", r"\Z")
    # first capturing group: "(" not escaped, not followed by "?"
    out, i, esc, in_class, done, seen = [], 0, False, False, False, 0
    while i < len(body):
        c = body[i]
        if esc:
            esc = False
        elif c == "\\":
            esc = True
        elif in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if body[i + 1 : i + 2] == "]":
                out.append("[]")
                i += 2
                continue
        elif c == "(" and not done and body[i + 1 : i + 2] != "?":
            seen += 1
            if seen == which:
                out.append("(?P<secret>")
                done = True
                i += 1
                continue
        elif c == "(" and not done and body[i + 1 : i + 4] == "?P<":
            seen += 1
            if seen == which:
                j = body.index(">", i)
                out.append("(?P<secret>")
                done = True
                i = j + 1
                continue
        out.append(c)
        i += 1
    # ASCII: `\b` and `\w` as the Rust engine reads ASCII text; a CJK letter glued to a key
    # (`数据pk_...`) is a boundary, as it is for memeval's own rules
    prefix = f"(?{''.join(sorted(flags | {'a'}))})"
    return prefix + "".join(out)


def _charset(op, av) -> set[str] | None:  # noqa: ANN001 - sre parse tree
    """The characters one pattern item matches when it is a literal or a small class of literals."""
    from re import _constants as C  # noqa: N812

    if op is C.LITERAL:
        return {chr(av).lower()}
    if op is C.IN and all(o is C.LITERAL for o, _ in av) and len(av) <= 8:
        return {chr(v).lower() for _, v in av}
    return None


def _required(items) -> list[set[str]]:  # noqa: ANN001 - sre parse tree
    """Candidate keyword sets for a parsed sequence (lower case).

    Each set holds strings one of which every match contains. A run of literals and small literal
    classes (`gh[pousr]_`) gives every spelling of the run (at most 24).
    """
    from re import _constants as C  # noqa: N812

    cands: list[set[str]] = []
    run: list[set[str]] = []

    def flush() -> None:
        # the longest stretch of the run whose spellings number at most 24
        best: set[str] = set()
        for i in range(len(run)):
            words = {""}
            for j in range(i, len(run)):
                words = {w + c for w in words for c in run[j]}
                if len(words) > 24:
                    break
                if j - i + 1 >= 3 and (not best or j - i + 1 > min(len(w) for w in best)):
                    best = set(words)
        if best:
            cands.append(best)
        run.clear()

    for op, av in items:
        chars = _charset(op, av)
        if chars is not None:
            run.append(chars)
            continue
        flush()
        if op is C.SUBPATTERN:
            cands.extend(_required(av[-1]))
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[0] >= 1:
            cands.extend(_required(av[2]))
        elif op is C.BRANCH:
            alts = [_best(_required(b)) for b in av[1]]
            if all(alts):
                cands.append(set().union(*alts))  # type: ignore[arg-type]
    flush()
    return cands


def _best(cands: list[set[str]]) -> set[str] | None:
    good = [c for c in cands if c and min(len(k) for k in c) >= 3]
    if not good:
        return None
    return max(good, key=lambda c: (min(len(k) for k in c), -len(c)))


def keywords(pattern: str) -> list[str] | None:
    """Lower-case literals one of which every match of `pattern` contains, or None."""
    from re import _parser

    tree = _parser.parse(pattern)
    best = _best(_required(list(tree)))
    return sorted(best) if best else None


def _toml_str(s: str) -> str:
    if "'''" in s:
        raise ValueError("pattern holds '''")
    return "'''" + s + "'''"


def _entity(rule_id: str, name: str) -> str:
    slug = rule_id.removeprefix("kingfisher.")
    slug = re.sub(r"\.\d+$", "", slug)
    return re.sub(r"[^A-Za-z0-9]+", "_", slug).strip("_").upper() + "_SECRET"


def open_repo(path: Path, slug: str) -> Callable[..., str]:
    """A `git -C path ...` runner (stdout as text) for the copy of github.com/`slug` at `path`.

    Raises:
        SystemExit(2): `path` is not a git directory (the message names the repository to pass).
    """
    if not (path / "HEAD").exists() and not (path / ".git").exists():
        print(f"{path} is not a git directory: pass a copy of github.com/{slug}", file=sys.stderr)
        raise SystemExit(2)

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(path), *args], check=True, capture_output=True, text=True).stdout

    return git


def yaml_rules(git: Callable[..., str], base: str) -> Iterator[tuple[str, dict]]:
    """`(file name, rule)` for every rule of every `*.yml` under `base` at HEAD, in file order."""
    names = [n for n in git("ls-tree", "-r", "--name-only", "HEAD", base).split() if n.endswith(".yml")]
    for name in names:
        doc = yaml.safe_load(git("show", f"HEAD:{name}")) or {}
        for rule in doc.get("rules", []):
            yield name, rule


def finds_examples(rx: re.Pattern[str], ref: regex.Pattern[str], examples: list[str], group: int) -> bool:
    """Whether the Python pattern `rx` finds, in each example, the secret the rule's own finds.

    `ref` is the rule's own pattern (the `regex` module standing in for the Rust engine); its
    secret is group `group`, or the whole match for a pattern with no group. False when there are
    no examples.
    """
    for ex in examples:
        m, r = rx.search(ex), ref.search(ex)
        want = (r.group(group) if ref.groups else r.group(0)) if r else None
        got = m.group("secret") if m is not None and "secret" in rx.groupindex else (m.group(0) if m else None)
        if got is None or want is None or got != want:
            return False
    return bool(examples)


LINEAR: dict[str, tuple[list[tuple[str, str]], str]] = {
    # rule id: ([(part of the Python pattern, its rewrite)], the note written as `changed`)
    "kingfisher.azure.1": (
        [
            (
                r"\s*=\s* (?P<secret>[^;]{1,80}) \s*;\s*" "\n" r".{0,10}\s*" "\n",
                r"\s*= (?=\s*+[^;]{0,80}?\s*+;) (?>\s* (?P<secret>[^;]{1,80}) \s*+;) \s*+" "\n" r".{0,10}\s*+" "\n",
            )
        ],
        "redos14: the name's value and the spaces around ';' made atomic/possessive behind a look-ahead "
        "that a ';' is in reach (the first ';' after '=' is the only one the value can end at, so the "
        "first way to reach it is the match); upstream ~1,500 CPU s by growth on 64 KiB of spaces",
    ),
    "kingfisher.gradle.1": (
        [
            (
                "  (?:\\s*//.*)*\n  \\s* (?:username|password)",
                "  \\s* (?: (?://.*\\n\\s*)* //(?:.*\\S)? \\s* )?\n  (?:username|password)",
            )
        ],
        "redos14: the comment lines '(?:\\s*//.*)*' read line by line (a line holding several '//' split "
        "into iterations in exponentially many ways); same keyword positions, tried in the same order; "
        "upstream killed at 5 CPU s on 4 KiB",
    ),
    "kingfisher.pem.1": (
        [
            (
                ("-----\n\\s*\n(?P<secret> (?: [a-zA-Z0-9+/=\\s\"',] | \\\\r | \\\\n ) {50,} )\n"),
                (
                    "-----\n"
                    "(?= (?: [a-zA-Z0-9+/=\\s\"',] | \\\\r | \\\\n )*+ -----END\\ .{0,20}\\ ?PRIVATE\\ KEY\\ ?.{0,2"
                    "0}----- )\n"
                    "\\s*\n"
                    "(?P<secret> (?: [a-zA-Z0-9+/=\\s\"',] | \\\\r | \\\\n ) {50,}+ )\n"
                ),
            )
        ],
        (
            "redos15: a look-ahead that the body's characters run up to the END line, and the body possessive"
            " (what follows the body starts with '-', which it cannot hold, so its longest reading is the onl"
            "y one that can match); upstream ~790 CPU s by growth on a header and 64 KiB of spaces"
        ),
    ),
    "kingfisher.privkey.1": (
        [
            (
                ("Proc-Type:.*?ENCRYPTED\n[\\r\\n]\nDEK-INFO.*?\n[\\r\\n][\\r\\n]\n[a-z0-9/+=\\r\\n\\\\n]{32,}?\n"),
                (
                    "(?>Proc-Type:.*?ENCRYPTED\n"
                    "[\\r\\n]\n"
                    "DEK-INFO)\n"
                    "(?:[a-z0-9/+=\\r\\n\\\\n]*+[^a-z0-9/+=\\r\\n\\\\n]++)*?\n"
                    "(?:[a-z0-9/+=\\\\n]|[\\r\\n](?![\\r\\n]))*+\n"
                    "[\\r\\n][\\r\\n]\n"
                    "[a-z0-9/+=\\r\\n\\\\n]{32,}+\n"
                ),
            )
        ],
        (
            "redos15: the body is read run by run (a run of its characters followed by the END line, from the"
            " first blank line in the run: a later blank line in the same run leaves a shorter body before th"
            "e same END), and only the first ENCRYPTED/DEK-INFO after Proc-Type (a later one reads the same r"
            "uns); upstream ~94 CPU s by growth on 64 KiB of repeated headers"
        ),
    ),
    "kingfisher.openweather.1": (
        [
            (
                "(?:.|[\\n\\r]){0,64}?",
                "(?:.|\\n){0,64}?",
            )
        ],
        (
            "redos15: '(?:.|[\\n\\r])' read a '\\r' two ways ('.' holds it), 2^64 ways over 64 of them; '(?:.|\\n"
            ")' is the same characters one way; upstream killed at 5 CPU s on 4 KiB of 'owm\\r'"
        ),
    ),
}
"""Rewrites of kingfisher patterns that Python's `re` reads in more than linear time (module docstring)."""


def linear(
    rule_id: str, py: str, table: dict[str, tuple[list[tuple[str, str]], str]] = LINEAR
) -> tuple[str, str | None, bool]:
    """(pattern, `changed` note or None, True when a rewrite `table` lists for `rule_id` no longer applies)."""
    if rule_id not in table:
        return py, None, False
    parts, note = table[rule_id]
    if not all(old in py for old, _ in parts):
        return py, None, True
    for old, new in parts:
        py = py.replace(old, new)
    return py, note, False


_G4_USER = r"(?:username|USERNAME|Username|UserName|user|USER)"
_G4_HEAD = (
    _G4_USER + r"[ \t]*=[ \t]*" + r"(?:[a-zA-Z][a-zA-Z0-9_+-]{2,29}|[a-zA-Z][a-zA-Z0-9._+-]{2,29}@[a-zA-Z_.-]{2,30})"
)
_G4_AHEAD = _G4_HEAD + (
    r"(?:\s*+;?\s*+[a-zA-Z0-9_]{0,30}(?:password|pass|PASSWORD|PASS|Password)[ \t]*=[ \t]*[^\s$@{<]\S{4,29}(?:\s|$)"
    r"|[^\S\n\r]*+[\n\r]\s*+;)"
)  # the pattern's match with no comment, or a head whose whitespace after the user name crosses a line to a `;`
_G4_BODY = r"(?:(?!" + _G4_AHEAD + r")[^\n\r])*"  # the rest of a comment line, up to a start that may match


STARTS: dict[str, tuple[str, str]] = {
    # rule id: (`starts`, `skip`) written beside the pattern (memeval/redact/_starts.py; redos16).
    # psexec: `(\S+)\s+` after `-u` read the rest of the non-space run from every `-u` in the
    # 100-character window of every `psexec`. A failed start whose first `-u` is followed by a
    # non-space run ending at b rules out the starts before b - 108: each `-u` their windows add
    # lies inside that run, so its `\S+` ends at b as that `-u`'s did and what follows is the same.
    "kingfisher-psexec.1": (
        r"(?ai)psexec",
        r"(?ai)psexec(?>.{0,100}?-u(?=\S))(?:\S(?=\S{108}))*+(?=\S{108}(?!\S))",
    ),
    "noseyparker-psexec.1": (
        r"(?ai)psexec",
        r"(?ai)psexec(?>.{0,100}?-u(?=\S))(?:\S(?=\S{108}))*+(?=\S{108}(?!\S))",
    ),
    # gradle: a failed start whose `{` and spaces are followed by `//` rules out the later starts on
    # that line whose `credentials {` and spaces stay on it: their way to `username` (on the line, or
    # through a comment going on to the next lines) is one for the failed start's comment too.
    "kingfisher-gradle.1": (
        r"(?ai)credentials\s*\{",
        r"(?ai)credentials\s*\{\s*//(?:(?!credentials[^\S\n]*+(?:\{[^\S\n]*+)?\n)[^\n])*",
    ),
    "noseyparker-gradle.1": (
        r"(?ai)credentials\s*\{",
        r"(?ai)credentials\s*\{\s*//(?:(?!credentials[^\S\n]*+(?:\{[^\S\n]*+)?\n)[^\n])*",
    ),
    # generic.4: each start's first comment `//...` read its line to the end. A failed start whose
    # head reaches a comment rules out the later starts on that comment's line and on the comment
    # lines right after it (only whitespace before their `#` or `//`), except a start where the pattern
    # matches with no comment or whose head's whitespace after the user name crosses a line break to a
    # `;` (the look-ahead _G4_AHEAD). Any other match from such a start reads a comment (or, its
    # separator, whitespace only) into the same line break as the failed start's comments, and the
    # failed start's way on from that line break would then have matched as well.
    "noseyparker-generic.4": (
        r"(?a)" + _G4_USER,
        r"(?a)" + _G4_HEAD + r"\s*+;?\s*+(?:\#|//)" + _G4_BODY + r"(?:[\n\r]\s*+(?:\#|//)" + _G4_BODY + r")*",
    ),
}


ENTROPY: dict[str, tuple[float, str]] = {
    "kingfisher.cloudflare.2": (
        3.0,
        "redact34: min_entropy 3.0, not upstream's 4.5: an Origin CA key is `v1.0-` and hex digits "
        "(developers.cloudflare.com/fundamentals/api/get-started/ca-keys; the rule's own examples), and hex "
        "reaches at most 4 bits a character (the examples 3.39, a random key about 4.06), so upstream's "
        "floor refused every key, its own examples too (kingfisher skips a match at or under the floor: "
        "src/matcher.rs); 3.0 is the floor noseyparker.toml gives every rule",
    ),
}
"""Entropy floors that replace a rule's own where it refuses every value of the documented shape
(recorded in the rule's `changed` field)."""


def rule_block(rule_id: str, entity: str, pattern: str, kws: list[str], min_entropy: float, source: str,
               screen: str | None = None, changed: str | None = None) -> str:  # fmt: skip
    """One `[[rule]]` block of a generated rule file (fields as in context.toml), ending in a newline."""
    starts = STARTS.get(rule_id)
    lines = [
        "[[rule]]",
        f'id = "{rule_id}"',
        f'entity = "{entity}"',
        f"pattern = {_toml_str(pattern)}",
        f"keywords = {json.dumps(kws)}",
        *([f"screen = [{_toml_str(screen)}]"] if screen is not None else []),
        f"min_entropy = {min_entropy}",
        "score = 0.8",
        f'source = "{source}"',
        *([f"changed = {json.dumps(changed)}"] if changed is not None else []),
        *([f"starts = {_toml_str(starts[0])}", f"skip = {_toml_str(starts[1])}"] if starts else []),
        "",
    ]
    return "\n".join(lines)


def write_rules(out: Path, header: str, blocks: list[str], left: list[str]) -> None:
    """Write the rule file `out` (`header`, then the blocks) and print what was left out and why."""
    out.write_text(header + "\n".join(blocks), encoding="utf-8")
    print(f"{len(blocks)} rules written to {out}; {len(left)} left out")
    for x in left:
        print("  " + x)


def main() -> None:
    """Read the rules at the repository's HEAD, write `OUT`, print what was left out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=Path)
    ap.add_argument("--only", type=Path)
    a = ap.parse_args()
    git = open_repo(a.repo, "mongodb/kingfisher")
    only = set(a.only.read_text().split()) if a.only else None
    sha = git("rev-parse", "HEAD").strip()
    blocks, left = [], []
    for name, rule in yaml_rules(git, "data/rules"):
        rid = rule["id"]
        if only is not None and rid not in only:
            continue
        if rule.get("depends_on_rule") or rule.get("visible") is False:
            left.append(f"{rid}: needs a partner rule or is a helper")
            continue
        try:
            py = python_pattern(rule["pattern"])
            rx = re.compile(py)
            ref = regex.compile(rule["pattern"], flags=regex.V0)
        except (re.error, regex.error, ValueError) as exc:
            left.append(f"{rid}: pattern not portable ({exc})")
            continue
        # no capturing group: the whole match is the secret (as kingfisher reports it)
        if not finds_examples(rx, ref, [str(e).strip() for e in rule.get("examples") or []], 1):
            left.append(f"{rid}: the Python pattern does not find the examples' secrets as the rule does")
            continue
        kws = keywords(py)
        if not kws:
            left.append(f"{rid}: no literal every match holds (would read every text)")
            continue
        source = f"github:mongodb/kingfisher@{sha[:12]}:{name} {rid} (Apache-2.0)"
        entity = _entity(rid, rule.get("name", ""))
        py, changed, stale = linear(rid, py)
        if stale:
            left.append(f"{rid}: kept, but not rewritten: upstream changed the part LINEAR rewrites")
        floor = float(rule.get("min_entropy") or 0)
        if rid in ENTROPY:
            floor, why = ENTROPY[rid]
            changed = f"{changed}; {why}" if changed else why
        blocks.append(
            rule_block(f"kingfisher-{rid.removeprefix('kingfisher.')}", entity, py, kws, floor, source, changed=changed)
        )
    header = (
        "# Provider rules of kingfisher (github.com/mongodb/kingfisher, Apache-2.0) that its PyPI package\n"
        f"# does not bundle, as memeval rule data (fields as in context.toml). Commit {sha}.\n"
        "# Written by scripts/redact_rules_kingfisher.py: do not edit by hand; rerun it on a newer commit.\n\n"
    )
    write_rules(OUT, header, blocks, left)


if __name__ == "__main__":
    main()

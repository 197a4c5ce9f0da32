r"""Write `memeval/redact/rules/veles.toml`: veles' self-identifying key patterns whose own test secrets memeval misses.

    .venv/bin/python scripts/redact_rules_veles.py OSV_SCALIBR_GIT_DIR

The DIR is a git copy (a bare mirror works) of github.com/google/osv-scalibr (Apache-2.0), read at
HEAD; its commit is written into the file. veles (`veles/secrets/*/`) is Google's secret scanner
library; each detector's `*detector_test.go` lists inputs with the secrets it must report (`input:`,
`want:`), and a ninth out-of-sample check (tests/fixtures/redact_fresh9/) found 36 of those secrets
memeval stored raw: most of them self-identifying keys glued to a copy of themselves
(`hf_...hf_...`), which the bundled engines' rules (a quote, a space or `;` after the key) do not
end, and formats no bundled rule has (`AQ.Ab8R` Vertex AI express keys,
`1PRK-` 1Password recovery codes, `whsec_` Stripe webhook secrets, `essu_` Elastic serverless keys).

A pattern is taken over as data when:

- it is one Go raw-string literal given to `regexp.MustCompile`, without flags, and starts (after an
  optional `\b`) with a literal of 3 or more characters followed by a counted class: a format that
  names itself (`ddp_[A-Za-z0-9]{36}`); context patterns and bare random runs (the 40-character AWS
  secret `\b[A-Za-z0-9+/]{40}\b`, found only beside its key id) are not;
- on at least one of its detector's test secrets that it finds and that is not made up to show a
  format (`made_up_runs` of the fresh corpora: `sk_live_aaaa...`, `A3-XXXXXX-...`, counting runs),
  memeval's redactor as built from the other rules leaves a character of the secret outside its
  findings (plain text, the test's own input);
- the Python pattern, with the boundaries below, blanks at least one of those missed secrets, and
  does not backtrack on its test inputs repeated (`redact_rules_noseyparker._backtracks`).

Converted as `scripts/redact_rules_kingfisher.py` converts (ASCII `\b`, the whole match as the
secret: veles reports the whole match), with no letter or digit allowed right before or after
(`EDGE_BEFORE`, `EDGE_AFTER`) and copies glued together read as one key, keywords derived from the
pattern, and a 3.0 bits-per-character entropy floor (`redact_rules_noseyparker`'s: veles has none;
`hf_aaaa...` stays). memeval reads the file as a
credential scanner (`_context.SCANNER_RULE_FILES`), in every view the engines read.
Run it again on a newer commit: a rule whose secrets memeval then finds drops out. Prints the rules
taken and the patterns left out and why. Exit 2 on a missing directory.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "fixtures"))

from redact_fresh_common import made_up_runs  # noqa: E402  # the fresh corpora's rule for made-up values
from redact_rules_kingfisher import keywords, python_pattern, rule_block, write_rules  # noqa: E402
from redact_rules_noseyparker import _backtracks  # noqa: E402

OUT = ROOT / "memeval" / "redact" / "rules" / "veles.toml"
SLUG = "google/osv-scalibr"
ENTROPY = 3.0

# -- reading veles' Go tests (also used by tests/fixtures/redact_fresh9/build_fresh9.py) -------------

GO_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|`[^`]*`|[A-Za-z_][\w.]*|\d+|//[^\n]*|/\*.*?\*/|\s+|.', re.S)
SECRET_FIELDS = frozenset(
    {"Key", "Token", "Secret", "Pat", "PrivateKey", "PrivateB64", "ClientSecret", "Refresh", "Content", "Value"}
)
"""Fields of a veles secret struct that hold the secret; the others (`ID`, `AccessID`, `ClientID`,
`Username`, `PublicB64`, `ProjectRef`, `URL`) are public. `FullURL` holds a URL whose password is."""
URL_PASSWORD = re.compile(r"[a-z][a-z0-9+.-]*://[^:/@\s]*:([^@/\s]+)@")


class GoUnknown(Exception):
    """A Go expression this reader does not evaluate (a call other than `strings.Repeat`, a byte slice)."""


def _go_tokens(src: str) -> list[str]:
    return [t for t in GO_TOKEN.findall(src) if not t.isspace() and not t.startswith(("//", "/*"))]


def _go_string(tok: str) -> str:
    return tok[1:-1] if tok.startswith("`") else ast.literal_eval(tok)


def _go_eval(ts: list[str], env: dict[str, str]) -> str:
    """A `+` of string literals, names bound to strings, and `strings.Repeat(lit, n)` calls."""
    out, i = [], 0
    while i < len(ts):
        t = ts[i]
        if t[0] in '"`':
            out.append(_go_string(t))
            i += 1
        elif t == "strings.Repeat" and i + 1 < len(ts) and ts[i + 1] == "(":
            args = ts[i + 2 : ts.index(")", i)]
            if len(args) != 3 or args[0][0] not in '"`' or not args[2].isdigit():
                raise GoUnknown
            out.append(_go_string(args[0]) * int(args[2]))
            i = ts.index(")", i) + 1
        elif t in env:
            out.append(env[t])
            i += 1
        else:
            raise GoUnknown
        if i < len(ts):
            if ts[i] != "+":
                raise GoUnknown
            i += 1
    if not ts:
        raise GoUnknown
    return "".join(out)


def _top(ts: list[str], start: int) -> int:
    """Index of the `,` or closing bracket ending the expression that starts at `start`."""
    depth, i = 0, start
    while i < len(ts):
        if ts[i] in "([{":
            depth += 1
        elif ts[i] in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ts[i] == "," and depth == 0:
            break
        i += 1
    return i


def _try(ts: list[str], env: dict[str, str]) -> str | None:
    try:
        return _go_eval(ts, env)
    except (GoUnknown, ValueError, SyntaxError, IndexError):
        return None


def _go_env(ts: list[str]) -> dict[str, str]:
    """Names bound to a string by `name = expr` or `name := expr` (consts, vars); the first binding wins."""
    env: dict[str, str] = {}
    for k in range(2, len(ts)):
        if ts[k] != "=":
            continue
        name = ts[k - 2] if ts[k - 1] == ":" else ts[k - 1]
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            continue
        expr = ts[k + 1 : _top(ts, k + 1)]
        cut = []  # a grouped `const (...)` runs on to the next name: stop where no `+` joins
        for j, t in enumerate(expr):
            if j and expr[j - 1] not in "+(," and t not in "+(),":
                break
            cut.append(t)
        if (v := _try(cut, env)) is not None:
            env.setdefault(name, v)
    return env


def go_cases(src: str) -> list[tuple[str, str | None, list[tuple[str, str | None]] | None]]:
    """Each `input:` of a veles Go test.

    Returns (case name, the input or None when not evaluated, the `want` struct's `(field, value or
    None)` pairs or None when the case has no `want`) a case.
    """
    ts = _go_tokens(src)
    env = _go_env(ts)
    out = []
    for k in range(len(ts) - 1):
        if ts[k] != "input" or ts[k + 1] != ":":
            continue
        end = _top(ts, k + 2)
        inp = _try(ts[k + 2 : end], env)
        fields: list[tuple[str, str | None]] | None = None
        depth, i = 0, end
        while i < len(ts) - 1:
            if ts[i] in "([{":
                depth += 1
            elif ts[i] in ")]}":
                if depth == 0:
                    break
                depth -= 1
            if ts[i] == "want" and ts[i + 1] == ":" and depth == 0:
                wend = _top(ts, i + 2)
                we = ts[i + 2 : wend]
                fields = [
                    (we[q], _try(we[q + 2 : q + 2 + _top(we[q + 2 :], 0)], env))
                    for q in range(len(we) - 2)
                    if re.fullmatch(r"[A-Z]\w*", we[q]) and we[q + 1] == ":"
                ]
                i = wend
                continue
            i += 1
        name = next((ts[q + 2] for q in range(k, max(k - 12, 0), -1) if ts[q] == "name" and ts[q + 1] == ":"), "")
        out.append((_go_string(name) if name and name[0] in '"`' else name, inp, fields))
    return out


def secrets_of(inp: str, fields: list[tuple[str, str | None]]) -> list[str]:
    """The secret values of a case's `want` that stand in its input (a `FullURL`'s password)."""
    out: list[str] = []
    for field, value in fields:
        if value is None:
            continue
        if field == "FullURL":
            m = URL_PASSWORD.match(value)
            value = m.group(1) if m else ""
        elif field not in SECRET_FIELDS:
            continue
        if value and value in inp and value not in out:
            out.append(value)
    return out


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "--git-dir", str(repo), *args], check=True, capture_output=True, text=True).stdout


def test_files(repo: Path) -> list[str]:
    """The detector tests of veles: `veles/secrets/**/*detector_test.go` and `veles/secrets/http/*_test.go`."""
    names = _git(repo, "ls-tree", "-r", "--name-only", "HEAD", "veles/secrets").split("\n")
    return [
        f
        for f in names
        if f.endswith("detector_test.go") or (f.startswith("veles/secrets/http/") and f.endswith("_test.go"))
    ]


# -- the patterns ------------------------------------------------------------------------------------

EDGE_BEFORE, EDGE_AFTER = r"(?<![A-Za-z0-9])", r"(?![A-Za-z0-9])"
"""No letter or digit right before or after the key (veles has no boundary: its pattern alone took
`hf_` inside `Symptomhf_generatedByHome...` and the first 34 letters of `hf_requiredCharacteristic...`,
betterleaks' own negative examples); copies of a key glued together (`hf_...hf_...`) read as one."""

MUST = re.compile(r"(\w+)\s*(?:=|:=)\s*regexp\.MustCompile\(`([^`]*)`\)")
SELF_NAMED = re.compile(r"^(?:\\b)?\(?(?:[A-Za-z0-9_-]|\\\.){3,}(?:\[|\(\?:)")


def patterns(repo: Path) -> Iterator[tuple[str, str, str, str]]:
    """(detector folder, file, variable, Go pattern) of every one-literal `regexp.MustCompile` in veles/secrets."""
    for f in _git(repo, "ls-tree", "-r", "--name-only", "HEAD", "veles/secrets").split("\n"):
        if f.endswith(".go") and not f.endswith("_test.go"):
            for m in MUST.finditer(_git(repo, "show", f"HEAD:{f}")):
                yield f.rsplit("/", 2)[-2], f, m.group(1), m.group(2)


def _left(secret: str, text: str, spans: list[tuple[int, int]]) -> bool:
    """Some character of `secret` (at its first place in `text`) is outside every finding's span.

    Spans, not the corpus test's 12-character pieces: a key's public prefix standing in a blanked
    neighbour (`packagist_ac` of `packagist_acs_...`) is no miss.
    """
    at = text.find(secret)
    return any(not any(a <= k < b for a, b in spans) for k in range(at, at + len(secret)))


def _spans(red: object, text: str) -> list[tuple[int, int]]:
    """(start, end) of each finding memeval's redactor reports in `text`."""
    return [(f.start, f.end) for f in red.redact(text).findings]  # type: ignore[attr-defined]


def _covers(rx: re.Pattern[str], text: str, secret: str) -> bool:
    """Some match of `rx` in `text` holds the whole of `secret` (at its first place)."""
    at = text.find(secret)
    return any(m.start("secret") <= at and at + len(secret) <= m.end("secret") for m in rx.finditer(text))


def main() -> None:
    """Read veles at the repository's HEAD, write `OUT`, print what was left out."""
    ap = argparse.ArgumentParser()
    ap.add_argument("repo", type=Path)
    a = ap.parse_args()
    if not a.repo.exists():
        print(f"no git copy at {a.repo}", file=sys.stderr)
        raise SystemExit(2)
    import regex

    sha = _git(a.repo, "rev-parse", "HEAD").strip()
    header = (
        "# Self-named key patterns of veles (google/osv-scalibr, Apache-2.0) whose own detector tests hold\n"
        "# secrets memeval stored raw, as memeval rule data (fields as in context.toml). Commit "
        f"{SLUG}@{sha}.\n"
        "# Written by scripts/redact_rules_veles.py: do not edit by hand; rerun it on a newer commit\n"
        "# (a rule whose secrets memeval then finds drops out).\n\n"
    )
    OUT.write_text(header, encoding="utf-8")  # memeval without this file's rules decides what is missed
    from memeval.redact import get_redactor

    examples: dict[str, list[tuple[str, str]]] = {}
    for path in test_files(a.repo):
        for _name, inp, fields in go_cases(_git(a.repo, "show", f"HEAD:{path}")):
            if inp and fields:
                examples.setdefault(path.rsplit("/", 2)[-2], []).extend((inp, s) for s in secrets_of(inp, fields))
    red = get_redactor()
    blocks, left = [], []
    for folder, path, var, go in patterns(a.repo):
        where = f"{path} {var}"
        if not SELF_NAMED.match(go):
            left.append(f"{where}: not a self-named format ({go[:40]})")
            continue
        py = python_pattern(f"{EDGE_BEFORE}((?:{go})+){EDGE_AFTER}")
        rx, ref = re.compile(py), regex.compile(go, flags=regex.V0)
        found = [(i, s) for i, s in examples.get(folder, []) if any(m.group(0) == s for m in ref.finditer(i))]
        if not found:
            left.append(f"{where}: finds none of its detector's test secrets")
            continue
        missed = [(i, s) for i, s in found if not made_up_runs(s) and _left(s, i, _spans(red, i))]
        if not missed:
            left.append(f"{where}: memeval finds all {len(found)} of its test secrets")
            continue
        fixed = [(i, s) for i, s in missed if _covers(rx, i, s)]
        if not fixed:
            left.append(f"{where}: the {len(missed)} test secrets memeval misses are glued to a letter or digit")
            continue
        if _backtracks(rx, [i for i, _ in found]):
            left.append(f"{where}: backtracks on its examples repeated")
            continue
        kws = keywords(py)
        if not kws:
            left.append(f"{where}: no literal to key on")
            continue
        rule_id = f"veles-{folder}-{re.sub(r'(?<!^)(?=[A-Z])', '-', var).lower().removesuffix('-re')}"
        entity = re.sub(r"[^A-Za-z0-9]+", "_", f"{folder}_{var.removesuffix('Re')}").upper()
        source = (
            f"github:{SLUG}@{sha[:12]}:{path} {var} (Apache-2.0); memeval missed {len(missed)} of the"
            f" {len(found)} test secrets it finds, {len(fixed)} of them not glued to a letter or digit"
        )
        blocks.append(rule_block(rule_id, entity, py, kws, ENTROPY, source))
    write_rules(OUT, header, blocks, left)


if __name__ == "__main__":
    main()

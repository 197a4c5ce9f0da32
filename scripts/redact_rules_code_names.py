r"""Write `memeval/redact/rules/code_names.toml`: credential words of gosec's and bandit's hard-coded password checks.

    .venv/bin/python scripts/redact_rules_code_names.py GOSEC_GIT_DIR BANDIT_GIT_DIR

Both are git copies (bare mirrors work) read at HEAD; their commits are written into the file:
github.com/securego/gosec (Apache-2.0; G101, `rules/hardcoded_credentials.go`) and github.com/PyCQA/bandit
(Apache-2.0; B105-B107, `bandit/plugins/general_hardcoded_password.py`). Both read a string literal
assigned to (or compared with, or keyed by) a name that holds a credential word: gosec's default
`pattern` (`(?i)passwd|pass|password|pwd|secret|token|pw|apiKey|bearer|cred`, anywhere in a Go identifier)
with a value of at least `minEntropyLength` characters whose entropy per character reaches
`perCharThreshold`; bandit's `RE_WORDS` (`pas+wo?r?d|pass(phrase)?|pwd|token|secrete?`) as a whole
`_`-separated part of a Python name (`my_secret_password_for_email`). The tenth fresh corpus
(tests/fixtures/redact_fresh10/) found memeval storing their own samples raw: `cred = "..."`,
`bearer = "Bearer: ..."`, `my_secret_password_for_email = '...'` (memeval's `config-assignment` wants the
credential word at the name's end, and has neither `cred` nor `bearer`).

The rule written:

- the name: an identifier (`self.db_password`, `$pass_word`, `dbCred`), one of the two tools' words (each
  `|` alternative of each pattern, with gosec's `apiKey` also as `apikey`) as a whole part of it, in
  bandit's sense extended to camelCase: the word in lower case not glued to a letter before it and not
  followed by a lower-case letter (a plural `s` allowed), Capitalised (`dbPassword`) not followed by a
  lower-case letter, or in upper case not glued to upper-case letters (`incredible`, `tokenizer`,
  `compass`, `bypass` are not names of credentials; gosec's unanchored pattern would take them);
- the value: a quoted string literal on one line, 8 or more characters (gosec's `minEntropyLength`) with no
  space, optionally after an `Authorization` scheme (`Bearer: ...`), assigned with `=`, `:=`, `:` or
  compared with `==`/`!=`/`===`/`!==`;
- `check = "code-name"` (`_values.code_secret`): the value reads as generated (a digit or four case
  switches, not a placeholder or path, no `://`), and when the word is not the name's last part
  (`password_hash`, `token_url`) it also holds a symbol other than `-_./:` or 4 case switches;
  `min_entropy` = gosec's `perCharThreshold` (3.0: gosec measures zxcvbn bits per character of the
  first 16 characters, memeval Shannon bits per character of the value).

Run it again on newer commits; `tests/redact/test_redact37_code_names.py` checks the file is what
`render` writes from the words and commits it names. Exit 2 on a missing directory.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "memeval" / "redact" / "rules" / "code_names.toml"
GOSEC_FILE = "rules/hardcoded_credentials.go"
BANDIT_FILE = "bandit/plugins/general_hardcoded_password.py"
_GOSEC_PATTERN = re.compile(r"pattern := `\(\?i\)([^`]+)`")
_GOSEC_NUMBER = re.compile(r"(perCharThreshold|minEntropyLength) := ([0-9.]+)")
_BANDIT_WORDS = re.compile(r'RE_WORDS = "\(([^"]+)\)"')
SCORE = 0.5
"""Under every other credential rule's score: where another rule finds the same secret, its finding keeps that rule's
name and type (the spans are merged; only what was missed changes), as for `rules/titus.toml`."""


def gosec_words(source: str) -> tuple[tuple[str, ...], float, int]:
    """Gosec G101's default name words, `perCharThreshold` and `minEntropyLength` from its Go source.

    Raises:
        ValueError: the source has no default `pattern` string or lacks either number.
    """
    m = _GOSEC_PATTERN.search(source)
    numbers = dict(_GOSEC_NUMBER.findall(source))
    if m is None or len(numbers) != 2:
        raise ValueError(f"{GOSEC_FILE}: no default pattern or thresholds found; read the file and fix this script")
    return tuple(m.group(1).split("|")), float(numbers["perCharThreshold"]), int(numbers["minEntropyLength"])


def bandit_words(source: str) -> tuple[str, ...]:
    """The `RE_WORDS` alternatives of bandit (`pas+wo?r?d`, `pass(phrase)?`, ...) from its plugin source.

    Raises:
        ValueError: the source has no `RE_WORDS = "(...)"`.
    """
    m = _BANDIT_WORDS.search(source)
    if m is None:
        raise ValueError(f"{BANDIT_FILE}: no RE_WORDS found; read the file and fix this script")
    return tuple(m.group(1).split("|"))


def _forms(word: str) -> tuple[list[str], list[str], str]:
    """The word's regexes starting in lower case (as given, and all lower), Capitalised, and upper case.

    A group in the word (`pass(phrase)?`) is made non-capturing.
    """
    word = word.replace("(?", "\0").replace("(", "(?:").replace("\0", "(?")
    low = list(dict.fromkeys((word.lower(), word[0].lower() + word[1:])))
    cap = list(dict.fromkeys(w[0].upper() + w[1:] for w in low))
    return low, cap, word.upper()


def words(gosec: tuple[str, ...], bandit: tuple[str, ...]) -> tuple[str, ...]:
    """Both tools' words as regex alternatives, each once (case folded; the first spelling kept), longest first."""
    seen: dict[str, str] = {}
    for w in (*gosec, *bandit):
        seen.setdefault(w.lower(), w)
    return tuple(sorted(seen.values(), key=lambda w: (-len(w), w.lower())))


def keyword(word: str) -> str:
    """The lower-case literal every match of the word starts with (`pas+wo?r?d` -> `pas`, `secrete?` -> `secret`)."""
    m = re.match(r"[A-Za-z]+", word)
    lit = m.group().lower() if m else ""
    return lit[:-1] if word[len(lit) : len(lit) + 1] in ("?", "*") else lit


def name_word(alternatives: tuple[str, ...]) -> str:
    """The pattern of one credential word as a whole part of a name (see the module docstring)."""
    low = "|".join(f for w in alternatives for f in _forms(w)[0])
    cap = "|".join(f for w in alternatives for f in _forms(w)[1])
    up = "|".join(_forms(w)[2] for w in alternatives)
    return f"(?:(?<![A-Za-z])(?:{low})s?(?![a-z])|(?:{cap})s?(?![a-z])|(?<![A-Z])(?:{up})S?(?![A-Z]))"


def render(alternatives: tuple[str, ...], per_char: float, min_length: int, commits: dict[str, str]) -> str:
    """The rule file's text for the words, gosec's thresholds and the two commits read."""
    word = name_word(alternatives)
    value = rf"(?:(?:Bearer|Basic|Token|bearer|token)[ \t]*:?[ \t]*)?[^\s\"'`\\]{{{min_length},256}}"
    pattern = (
        r"(?<![A-Za-z0-9_$.\-])"
        rf"(?P<key>(?=[A-Za-z0-9_$.\-]*(?P<word>{word}))[A-Za-z_$][A-Za-z0-9_$.\-]*+)"
        r"""["']?\]?[ \t]*+(?:===|!==|==|!=|:=|=|:)[ \t]*+"""
        rf"""(?:"(?P<dq>{value})"|'(?P<sq>{value})')"""
    )
    lits = {keyword(w) for w in alternatives}
    keywords = json.dumps(sorted(k for k in lits if not any(o != k and o in k for o in lits)))
    source = (
        f"github:securego/gosec@{commits['gosec'][:12]}:{GOSEC_FILE} NewHardcodedCredentials pattern, "
        f"perCharThreshold, minEntropyLength (Apache-2.0); github:PyCQA/bandit@{commits['bandit'][:12]}:{BANDIT_FILE} "
        "RE_WORDS, RE_CANDIDATES (Apache-2.0)"
    )
    return (
        "# Generated by scripts/redact_rules_code_names.py: do not edit by hand.\n"
        "# Credential words of gosec's G101 and bandit's B105-B107 hard-coded password checks, as a whole part\n"
        "# of a code name assigned a quoted literal; fields as context.toml. Commits "
        f"securego/gosec@{commits['gosec']}, PyCQA/bandit@{commits['bandit']}.\n\n"
        "[[rule]]\n"
        'id = "code-credential-name"\n'
        'entity = "PASSWORD"\n'
        f"pattern = '''{pattern}'''\n"
        f"keywords = {keywords}\n"
        'check = "code-name"\n'
        f"min_entropy = {per_char}\n"
        f"score = {SCORE}\n"
        f'source = "{source}"\n'
    )


def _show(repo: Path, path: str) -> tuple[str, str]:
    """(HEAD commit, text of `path` at HEAD) of the git copy `repo`."""
    commit = subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], capture_output=True, text=True, check=True)
    text = subprocess.run(["git", "-C", str(repo), "show", f"HEAD:{path}"], capture_output=True, text=True, check=True)
    return commit.stdout.strip(), text.stdout


def main() -> None:
    """Read both repositories and write the rule file (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("gosec", type=Path)
    ap.add_argument("bandit", type=Path)
    a = ap.parse_args()
    for d in (a.gosec, a.bandit):
        if not d.is_dir():
            print(f"{d} is not a directory: pass git copies of securego/gosec and PyCQA/bandit", file=sys.stderr)
            raise SystemExit(2)
    g_commit, g_src = _show(a.gosec, GOSEC_FILE)
    b_commit, b_src = _show(a.bandit, BANDIT_FILE)
    g_words, per_char, min_length = gosec_words(g_src)
    alternatives = words(g_words, bandit_words(b_src))
    text = render(alternatives, per_char, min_length, {"gosec": g_commit, "bandit": b_commit})
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(alternatives)} words {alternatives}, min_entropy {per_char}")


if __name__ == "__main__":
    main()

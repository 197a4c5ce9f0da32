r"""Redaction rules stay near linear on a planted 64 KiB text (issue 15, redos14).

redact13's pumping search (`scripts/redos_redact.py`) found rules of `rules/*.toml` whose work grew
with the square of a text's length, or faster, on their own words planted with a long run:

- a key read as `[A-Za-z0-9_.\-]*` before its keyword, tried from every `.` and `-` of a run
  (`config-assignment`, `key-suffix-assignment`, `password-list`, `password-list-yaml`: a run of
  "-" read to its end at each of its places; main: ~60-510 s at 64 KiB by growth);
- kingfisher's and noseyparker's `azure.1`: the value's `[^;]{1,80}` and three whitespace runs around `;` that can
  share the same spaces (main: ~1,500 and ~1,000 s by growth);
- noseyparker's `generic.3` and `generic.4`: three whitespace runs in a row after the user name
  (main: killed at 5 s at 4 KiB);
- noseyparker's `generic.8`: `(?:\s*,\s*[^)]{3,50})?\s*\)` over a run of spaces (main: ~240 s by growth);
- kingfisher's and noseyparker's `gradle.1`: `(?:\s*//.*)*`, where a line holding several `//` splits into
  iterations in exponentially many ways (main: killed at 5 s at 4 KiB).

Each text below is 65,536 characters (ingest's longest free-text field); the rule's pattern runs
over it in a child process under a CPU limit. Every case was killed at that limit on main
(3cd87a7; checked by running this file in an export of main); now each takes well
under a second. `scripts/redos_redact_compare.py` shows the rewritten patterns find exactly the
matches the old ones found.
"""

from __future__ import annotations

import pytest
from redos_child import matches_in_child

PLANTED = {
    # case: (rule id, written once, then repeated to 65,536 characters, written last)
    "config-assignment": ("config-assignment", "'-mailpass", "-", "d"),
    "key-suffix-assignment": ("key-suffix-assignment", '"-a_KEY ', "-", "y"),
    # these two complete one match, the list before the run
    "password-list": ("password-list", 'pwds\'\t:["@:x :" , ": /." , ', "-", "["),
    "password-list-yaml": ("password-list-yaml", '"-passphrases" :\n\t - \t\taaaa\n- \t aaaaa\n\t\t', "-", "o"),
    "kingfisher-azure.1": ("kingfisher-azure.1", "SharedSecretIssuer= aaa ;", " ", "N"),
    "kingfisher-azure.1@value": ("kingfisher-azure.1", "SharedSecretIssuer  =", " ", "A"),
    "noseyparker-azure.1": ("noseyparker-azure.1", "SharedSecretIssuer=a__/-  ;", " ", "h"),
    "noseyparker-generic.3": ("noseyparker-generic.3", 'USERNAME=  "._a"', " ", "U"),
    "noseyparker-generic.4": ("noseyparker-generic.4", "username=aAa+", " ", "E"),
    "noseyparker-generic.8": ("noseyparker-generic.8", 'DirectoryEntry ( "11:x"  ,  "\'_1@","-@@"  ,  ', " ", "O"),
    "noseyparker-gradle.1": ("noseyparker-gradle.1", "", "credentials {//a //@", "m"),
    "kingfisher-gradle.1": ("kingfisher-gradle.1", "", "credentials{ //aa  //aa password 。", "o"),
    "kingfisher-gradle.1@comments": ("kingfisher-gradle.1", "credentials {", " //", "x"),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_redaction_rule_reads_its_own_words_planted_over_64_kib_in_bounded_work(case: str) -> None:
    found = matches_in_child(case, PLANTED[case])
    assert found == (1 if case.startswith("password-list") else 0)

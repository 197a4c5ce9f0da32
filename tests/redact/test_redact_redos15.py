r"""Three more redaction rules read their own words planted over 64 KiB in bounded work (issue 15, redos15).

redos14's search (`scripts/redos_redact.py`, `bench/results/redos_redact_r14_kingfisher.txt`) left
these kingfisher rules super-linear on a planted text; each is rewritten to find the same matches
(`scripts/redos_redact_compare.py`), the rewrites kept in `scripts/redact_rules_kingfisher.py`'s
`LINEAR`:

- `kingfisher-pem.1`: a `-----BEGIN ... PRIVATE KEY-----` header, then a run of spaces with no END
  line: the spaces before the body, the body (which holds spaces) and the spaces after it could
  share the run in every way (main: ~790 s at 64 KiB by growth, over 30 s at 8,000 characters);
- `kingfisher-openweather.1`: `(?:.|[\n\r]){0,64}?` reads a `\r` two ways, 2^64 over `owm\r` repeated
  (main: killed at 5 s at 4 KiB);
- `kingfisher-privkey.1`: an encrypted RSA header repeated: every header's lazy `.*?` tried every
  later `ENCRYPTED`, and from each every blank line to the text's end (main: ~94 s at 64 KiB by growth).

Each text is 65,536 characters (ingest's longest free-text field); the rule's pattern runs over it
in a child process under a CPU limit. Each case was killed at that limit on main (3a35aec;
checked by running this file in an export of main).
"""

from __future__ import annotations

import pytest
from redos_child import matches_in_child

PLANTED = {
    # case: (rule id, written once, then repeated to 65,536 characters, written last)
    "kingfisher-pem.1": ("kingfisher-pem.1", "-----BEGIN a PRIVATE KEYaa----- ", " ", ""),
    "kingfisher-pem.1@end": ("kingfisher-pem.1", "-----BEGIN RSA PRIVATE KEY-----", " ", "-----END RSA KEY-----"),
    "kingfisher-openweather.1": ("kingfisher-openweather.1", "", "owm\r", "o"),
    "kingfisher-privkey.1": (
        "kingfisher-privkey.1",
        "",
        "-----BEGIN RSA PRIVATE KEY-----\rProc-Type:aENCRYPTED\nDEK-INFO\r\n+/, ",
        "F",
    ),
    "kingfisher-privkey.1@body": (
        "kingfisher-privkey.1",
        "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: x\n",
        "\n",
        "-----END DSA PRIVATE KEY-----",
    ),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_kingfisher_rule_reads_its_own_words_planted_over_64_kib_in_bounded_work(case: str) -> None:
    assert matches_in_child(case, PLANTED[case]) == 0

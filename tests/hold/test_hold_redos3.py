r"""The hold rules stay near linear on a planted 64 KiB text (issue 15, redos3).

After the exponential gaps were fixed (`test_hold_redos.py`), a pumping search
(`scripts/redos_pump.py`) still found rules whose work grew with the square or the cube of a
text's length when an attacker plants the rule's own words many times: a gap inside a gap read a
hyphenated run to its end at every place ("bypass--its--" over 64 KiB: about 8,000 CPU s in
`override-instructions`), a lazy window tried an e-mail address's local part at each of its places
(`[\w.+-]+@`), and greedy `\S*` and `\S+` before a window read a path or URL to its end at each
of the window's places (`exfiltration-ml8`: "~/.ssh" repeated, 7.5 CPU s at 4 KiB). Each text below
is 65,536 characters (ingest's longest free-text field); each rule's regex runs over it in a child
process under a CPU limit, forked from the test's process with the rules imported
(`tests/cpu_capped.py`). Every one was killed at that limit on the code before (checked by running
this file against it); now each takes well under a second. The limit is a correctness check ("the
search ends"), not a speed target.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cpu_capped import call_capped
from planted import ingest_one_memory

from memeval.hold import _rules

N = 65_536

PLANTED = {
    # rule: (table, regex, written once, then repeated to 65,536 characters)
    "override-instructions": ("RULES", "pattern", "", "bypass--its--"),
    "reveal-prompt": ("RULES", "pattern", "", "leak--''-"),
    "exfiltration": ("RULES", "pattern", "", "outputs--''--"),
    "exfiltration-destination": ("RULES", "pattern", "", "dumps-'"),
    "image-exfiltration": ("RULES", "pattern", "", "![](http://?a"),
    "role-markup": ("RULES", "pattern", "###", " "),
    "untrusted-dependency": ("RULES_V6", "pattern", "", "a"),
    "exfiltration-ml8": ("RULES_V8", "pattern", "", "~/.ssh"),
    "exfiltration-ml9": ("RULES_V9", "pattern", "", "~/.ssh"),
    "covert-ml-17": ("RULES_V17", "context", "", "a"),
    "covert-ml-18": ("RULES_V18", "context", "", "a"),
    # redos4: a word's `\w*` before a window, read to its end at each place (main: ~5,300 CPU s by growth)
    "standing-risky-order-13": ("RULES_V13", "pattern", "", "grantaaaaadmin"),
    "reader-addressed-order-16": ("RULES_V16", "pattern", "", "صفح"),  # main: ~2,600 s by growth
    "reveal-prompt-ml": ("RULES_V3", "pattern", "", "הצג"),  # rules/3's; main: ~730 s by growth
    "reveal-prompt-ml@2": ("RULES_V2", "pattern", "", "系统提示"),  # rules/2's; main: ~390 s by growth
    "risky-action-ml": ("RULES_V5", "pattern", "", "pomin"),  # main: ~190 s by growth
    "override-indic-ml14": ("RULES_V14", "pattern", "", "hidayata"),  # main: ~560 s by growth
    # redos5: a line read to its end for a link word at each sending word (main: killed at 20 s at 64 KiB)
    "exfiltration-ml": ("RULES_V2", "pattern", "", "发送"),
    # redos5: a clause read to its end from every ':' (main: 3.2 s at 4 KiB, killed at 20 s at 64 KiB)
    "standing-risky-order-17": ("RULES_V17", "pattern", "", ":"),
    "standing-risky-order-18": ("RULES_V18", "pattern", "", ":"),  # main: killed at 10 s
    # redos5: windows over big alternations, an address's local part read at each place (main: 6.0-6.5 s)
    "cjk-exfiltration": ("RULES_V8", "pattern", "", "发送密码"),
    "bulk-send-ml-18": ("RULES_V18", "pattern", "", "вышлиaaκάρτεσa-"),
    # redos5: a run of "../" backed off a step at a time, a window after each (main: ~1,500 s by growth)
    "path-traversal-secret": ("RULES_V6", "pattern", "", "../..\\../"),
    # redos5: rules/7's stems before their windows (main: 32 s at 4 KiB, ~8,000 s at 64 KiB by growth)
    "standing-risky-order": ("RULES_V7", "pattern", "", "sende"),
    # redos5: a verb's and a noun's `\w*` before two windows (main: killed at 10 s at 4 KiB)
    "untrusted-dependency@stems": ("RULES_V6", "pattern", "", "reemplazazalezno"),
    # redos5: every line break read the later ones to their end (main: killed at 10 s at 64 KiB)
    "harmful-howto-16": ("RULES_V16", "pattern", "", "\n"),
    "harmful-request-15": ("RULES_V15", "pattern", "", "\n"),
    # redos5: rules/9's stems before their windows (main: killed at 10 s at 64 KiB)
    "disable-safeguard-ml": ("RULES_V9", "pattern", "", "выключи"),
    "widen-rights": ("RULES_V9", "pattern", "", "выда"),
    "standing-risky-order-9": ("RULES_V9", "pattern", "", "назнач"),
}
LIMIT_S = 4
"""CPU seconds the child's search may use (0.02-1.3 s alone, up to 2.4 s at load 13; about 6 s to hours
before). The child is forked from this process with the rules already imported, so the limit is the
search's alone (when a child started its own interpreter, about 0.5 s of the same 4 went to that)."""


def _count_matches(table: str, name: str, part: str, prefix: str, unit: str, n: int) -> int:
    """How many times the rule's `part` matches its planted text of `n` characters (run in the capped child)."""
    rule = next(r for r in getattr(_rules, table) if r.name == name.split("@")[0])
    text = (prefix + unit * (n // len(unit) + 1))[:n]
    return sum(1 for _ in getattr(rule, part).finditer(text))


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_rule_reads_its_own_words_planted_over_64_kib_in_bounded_work(name: str) -> None:
    table, part, prefix, unit = PLANTED[name]
    found = call_capped(_count_matches, (table, name, part, prefix, unit, N), LIMIT_S)  # CpuLimitHit: superlinear
    assert found == 0  # the planted words never complete a match


def test_the_capped_gaps_still_cross_what_they_crossed() -> None:
    """A gap crosses a hyphenated word of 1,024 characters and hands over inside one within 64; not past them."""
    import re

    from memeval.hold._rule import GAP_INSIDE_MAX, GAP_WORD_MAX, any_gap, word_gap

    word = "-".join(["ab"] * 341) + "ab"  # 1,024 characters
    assert len(word) == GAP_WORD_MAX
    inside = "-".join(["ab"] * 21)  # 62 characters, then "-" and the next word starts within 64
    assert len(inside) + 1 < GAP_INSIDE_MAX
    for g in (word_gap(2), any_gap(2)):
        pat = re.compile(r"\bignore" + g + r"(?:previous )?instructions\b")
        assert pat.search(f"ignore {word} previous instructions")
        assert pat.search(f"ignore {word}x previous instructions") is None  # 1,025 characters: not crossed
        assert pat.search(f"ignore {inside}-instructions")  # handed over inside a run, after a '-'
        assert pat.search(f"ignore {inside}ab-instructions") is None  # 65 characters in: not reached


def test_first_chars_lists_where_a_match_can_start() -> None:
    """`first_chars` (redos5's prefilter) passes over zero-width and optional pieces; refuses a negated class."""
    import re

    from memeval.hold._rule import first_chars

    got = first_chars(r"(?:\bsend|(?:nang )?hindi|\|\s*sh|[ửu]a|--force)")
    assert got == "[\\-hnsu|ử]"
    assert re.fullmatch(got, "|")
    assert first_chars(r"(?:\w+|\d)") == r"[\d\w]"  # `\w`, `\d` and `\s` kept as such
    for wide in (r"\W+", r"[^\n]x", r"a?", r".b"):
        with pytest.raises(ValueError):
            first_chars(wide)


def test_audit_ingest_of_a_planted_64_kib_memory_event_ends_and_holds_it(tmp_path: Path) -> None:
    """`memeval audit ingest` (a real child process) of one 64 KiB planted event: stored, held, bounded."""
    # rules/8's words ("send", a path, "gist" on a line of its own so nothing matches there): the rule
    # screen keeps `exfiltration-ml8`, which read the paths quadratically (the old ingest: killed at 60 s)
    text = ("send the logs\n" + "~/.ssh" * (N // 6))[: N - 5] + "\ngist"
    r = ingest_one_memory(tmp_path, text, "redos3-1")
    assert r.returncode == 0, f"ingest killed or failed ({r.returncode})\n{r.stdout}\n{r.stderr[-2000:]}"
    assert "1 stored (1 of them held for a person" in r.stdout, r.stdout

"""One redaction rule over a planted text, in a forked child process under a CPU limit (the redos tests' runner).

A rule that backtracks super-linearly on its planted text runs for minutes or hours; the child is
killed by `RLIMIT_CPU` instead, so the test fails in seconds. Used by `test_redact_redos14.py`,
`test_redact_redos15.py` and `test_redact_redos16.py`.
"""

from __future__ import annotations

from cpu_capped import call_capped

from memeval.redact._context import load_rules

N = 65_536
"""Characters of a planted text unless a case asks for more."""
LIMIT_S = 3
"""CPU seconds the child's search may use (milliseconds now; minutes to hours before each rule's rewrite).
The child is forked from the test's process with the rules loaded (`tests/cpu_capped.py`), so the limit is
the search's alone (it was 4 s when a child started its own interpreter and loaded the rules, about 1 s)."""


def _count_matches(rule_id: str, prefix: str, unit: str, suffix: str, n: int) -> int:
    """How many times the rule matches its planted text of `n` characters (run in the capped child)."""
    rule = next(r for r in load_rules() if r.id == rule_id)
    n -= len(suffix)
    text = (prefix + unit * (n // len(unit) + 1))[:n] + suffix
    return sum(1 for _ in rule.pattern.finditer(text))


def matches_in_child(case: str, planted: tuple[str, str, str, str], n: int = N) -> int:
    """How many times the rule matches its planted text of `n` characters, counted in a child under `LIMIT_S`.

    `planted`: (rule id, written once, then repeated to `n` characters, written last).

    Raises:
        cpu_capped.CpuLimitHit: the child was killed (past its CPU limit: super-linear) or failed.
    """
    rule_id, prefix, unit, suffix = planted
    load_rules()  # loaded here, so the child forked below searches and does not load
    return call_capped(_count_matches, (rule_id, prefix, unit, suffix, n), LIMIT_S)

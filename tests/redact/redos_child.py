"""One redaction rule over a planted text, in a child process under a CPU limit (the redos tests' shared runner).

A rule that backtracks super-linearly on its planted text runs for minutes or hours; the child is
killed by `RLIMIT_CPU` instead, so the test fails in seconds. Used by `test_redact_redos14.py`,
`test_redact_redos15.py` and `test_redact_redos16.py`.
"""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
N = 65_536
"""Characters of a planted text unless a case asks for more."""
LIMIT_S = 4
"""CPU seconds a child may use: the interpreter's start, loading the rules (about 1 s) and one
pattern over the planted text (milliseconds now; minutes to hours before each rule's rewrite)."""

_CHILD = r"""
import sys
from memeval.redact._context import load_rules
rule_id, prefix, unit, suffix, n = sys.argv[1:6]
rule = next(r for r in load_rules() if r.id == rule_id)
n = int(n) - len(suffix)
text = (prefix + unit * (n // len(unit) + 1))[:n] + suffix
print(sum(1 for _ in rule.pattern.finditer(text)))
"""


def _limit() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (LIMIT_S, LIMIT_S))


def matches_in_child(case: str, planted: tuple[str, str, str, str], n: int = N) -> int:
    """How many times the rule matches its planted text of `n` characters, counted in a child under `LIMIT_S`.

    `planted`: (rule id, written once, then repeated to `n` characters, written last).

    Raises:
        AssertionError: the child was killed (past its CPU limit: super-linear) or failed.
    """
    rule_id, prefix, unit, suffix = planted
    r = subprocess.run(
        [sys.executable, "-c", _CHILD, rule_id, prefix, unit, suffix, str(n)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        preexec_fn=_limit,
        check=False,
    )
    assert r.returncode == 0, f"{case}: killed or failed ({r.returncode}): superlinear\n{r.stderr[-1500:]}"
    return int(r.stdout.split()[0])

"""An `__init__.py` the parser cannot build a tree of ends neither its trial nor the run (breaker27).

The tamper scan parses an agent's `__init__.py` at the top of a world folder or in a test folder (up to 4 KiB) to
tell whether it runs code (`memeval.runner._shadow._runs_code`), and caught `SyntaxError` and `ValueError` only:
4 KiB of `x = ----...1` (4,090 unary minus signs) makes `ast.parse` raise `RecursionError` ("maximum recursion depth
exceeded during ast construction"), which went up through the attempt and stopped the whole `memeval ab` ("the run
stopped: attempt ... failed in the harness", every other trial, the other arm's too, cancelled). Source the parser
cannot read is now said to run code, as a syntax error already was: a finding.
"""

from __future__ import annotations

from hostile import findings

DEEP = "x = " + "-" * 4090 + "1\n"
ATTACK = f"printf '%s\\n' '{DEEP.strip()}' > /app/__init__.py\necho 42 > /app/answer.txt\n"
TEST_SH = "if grep -qx 42 /app/answer.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


def test_an_init_too_deep_to_parse_is_a_finding_and_the_run_goes_on(hostile) -> None:
    run = hostile(ATTACK, name="deep-init", test_sh=TEST_SH)
    assert "failed in the harness" not in run.err, run.err  # main: the run stopped at the first trial
    for t in run.trials:
        assert t["fault"] is None and t["reward"] == 1, t
        assert ("/app/__init__.py", "conftest") in findings(t), t["tamper"]

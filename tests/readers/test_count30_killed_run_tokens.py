"""The tokens of a run with an attempt killed mid-turn read as a lower bound, as its spend does (count30).

Each attempt now carries the tokens of every call its spend counts (`AttemptSpend.input_tokens`), and the summary's
`Cost:` line gives their total beside the spend of the same calls. An attempt killed with its agent running may
have had a call in flight that is on no record (the proxy records a call when its answer is over), so the spend is
marked `+`; the tokens beside it read `46,604 tokens` as if exact. Now `at least 46,604 tokens (2 attempt(s) cut
with calls in flight)`. The log is tests/fixtures/runlog_killed: a real run of the sample, killed with kill -9 while
two agents ran, then resumed (its README), read as `memeval results` reads it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from memeval.results import load_run
from memeval.runreport._summary import summarize
from memeval.runreport._text import summary_lines

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_killed"


def test_a_killed_runs_tokens_are_a_lower_bound(tmp_path: Path) -> None:
    run = load_run(shutil.copytree(FIXTURE, tmp_path / "run"), use_cache=False)
    (cost,) = [line for line in summary_lines(summarize(run)) if line.startswith("Cost:")]
    assert "$0.09+ metered" in cost, cost
    # main: "...; 46,604 tokens"
    assert cost.endswith("; at least 46,604 tokens (2 attempt(s) cut with calls in flight)"), cost
    spends = [a for t in run.result.trials for a in t.spend]
    cut = [a for a in spends if a.cut_mid_turn]
    assert len(cut) == 2 and all(a.input_tokens is not None for a in spends)
    total = sum((a.input_tokens or 0) + (a.output_tokens or 0) for a in spends)
    total += sum((a.input_tokens or 0) + (a.output_tokens or 0) for t in run.result.unended for a in t.spend)
    assert total == 46_604

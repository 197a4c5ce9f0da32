"""The summary's token total is "at least" when a counted trial had an answered call whose usage was not read.

Real `memeval ab` of one task, real sandboxes and proxy; the upstream on loopback answers each trial's first streamed
Chat Completions call with recorded stream 11 cut after three chunks (before its usage chunk) and the second with the
whole recording. Each trial's tokens are then the second call's only, and its row in `memeval results` said so
(`at least .../... (1 call(s) unmeasured)`), but the summary line under it summed the rows as exact:
`Cost: ...; 418 tokens` on main. Now it reads `at least 418 tokens (2 call(s) unmeasured)`
(`RunSummary.tokens_unmeasured`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_helpers import RunAb
from typer.testing import CliRunner
from wire_rig import AGENT_PY, LocalUpstream, ab_cut_then_whole, recorded

from memeval.cli import app
from memeval.results import load_run
from memeval.runreport import summarize

STREAMED_TWICE = AGENT_PY.replace('calls = int(os.environ.get("CALLS", "1"))', "calls = 2").replace(
    'stream = os.environ.get("STREAM") == "1"', "stream = True"
)
"""The wire rig's agent making two streamed calls, then answering."""


@pytest.fixture
def upstream():
    up = LocalUpstream().start()
    yield up
    up.stop()


def test_the_summary_token_total_is_a_lower_bound_when_a_call_went_unmeasured(
    tmp_path: Path, run_ab: RunAb, upstream: LocalUpstream
) -> None:
    assert STREAMED_TWICE.count("calls = 2") == 1 and STREAMED_TWICE.count("stream = True") == 1
    whole = recorded("11-sse-parallel-tool-calls-include-usage.sse").chunks()
    doc = ab_cut_then_whole(
        tmp_path, run_ab, upstream, whole[:3], whole, script=STREAMED_TWICE, api="openai", path="/v1"
    )
    per_trial = []
    for t in doc["trials"]:
        phys = t["physics"]
        assert phys["unmeasured_calls"] == 1 and phys["engine_calls"] == 2, phys
        per_trial.append(t["harness_measured"]["input_tokens"] + t["harness_measured"]["output_tokens"])
    total = sum(per_trial)

    res = CliRunner().invoke(app, ["results", doc["run_id"], "--runs-dir", str(tmp_path / "runs")])
    assert res.exit_code == 0, res.output
    (cost,) = [line for line in res.stdout.splitlines() if line.startswith("Cost:")]
    assert cost.endswith(f"; at least {total:,} tokens (2 call(s) unmeasured)"), cost  # main: f"; {total} tokens"
    s = summarize(load_run(tmp_path / "runs" / doc["run_id"]))
    assert (s.tokens, s.tokens_unmeasured) == (total, 2)

"""The summary's token total covers the calls the cost beside it counts: every attempt's (count29, count30).

`memeval results`' `Cost:` line gives the known spend of every attempt of every trial (`arm_spend`: an attempt
stopped mid-call and run again by `--resume`, one retried after a fault, a faulted trial's) and, after a `;`, a token
total. A run stopped (SIGINT) while a call was in flight, then resumed, read `$... metered ...; 418 tokens` where the
proxy had metered 627 tokens in the three calls the dollars counted: the interrupted attempt's call was read to its
end and priced, and its 209 tokens were in no total. count29 made the line say what its tokens covered (`418 tokens
in the counted trials' last attempts (2 of the 3 calls the cost counts)`); count30 put every attempt's tokens in the
projection (`AttemptSpend.input_tokens`, `output_tokens`), so the line reads the 627 tokens the dollars paid for, and
a result projected before (no attempt tokens) still reads as count29 made it. A real `memeval ab` through the real
proxy to a local upstream replaying recorded Chat stream 11, stopped with SIGINT while the upstream holds the first
trial's call, then `--resume`d.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from patience import patient
from runner_helpers import REPO, make_task
from wire_rig import ANSWER_TEST_SH, LocalUpstream, Reply, make_agent, recorded

from memeval.results import Run, load_run
from memeval.runreport._summary import summarize
from memeval.runreport._text import summary_lines


def test_tokens_beside_a_cost_of_more_calls_say_what_they_cover(tmp_path: Path) -> None:
    rec = recorded("11-sse-parallel-tool-calls-include-usage.sse")
    gate = threading.Event()
    up = LocalUpstream().start()
    up.push(Reply(200, headers=dict(rec.headers), chunks=rec.chunks(), gate=gate))  # held after its first chunk
    up.push(*[Reply(200, headers=dict(rec.headers), chunks=rec.chunks()) for _ in range(4)])
    make_task(tmp_path / "tasks", "t", test_sh=ANSWER_TEST_SH)
    agent = make_agent(tmp_path / "agent")
    runs = tmp_path / "runs"
    env = {**os.environ, "PYTHONPATH": str(REPO), "COLUMNS": "250"}
    ab = [sys.executable, "-m", "memeval", "ab", str(tmp_path / "tasks"), "--agent", str(agent),
          "--upstream", f"api=openai,url={up.url}/v1", "--runs-dir", str(runs), "--concurrency", "1",
          "--env", "STREAM=1", "--json", "--quiet"]  # fmt: skip
    try:
        proc = subprocess.Popen(ab, env=env, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert up.first_chunk_sent.wait(patient(120)), "no call reached the upstream"
            proc.send_signal(signal.SIGINT)  # the proxy, stopping, reads the held call to its end
            threading.Timer(1.0, gate.set).start()
            proc.communicate(timeout=patient(120))
        finally:
            gate.set()
            if proc.poll() is None:
                proc.kill()
                proc.communicate()
        (run,) = [p.name for p in runs.iterdir()]
        resumed = subprocess.run([*ab, "--resume", run], env=env, cwd=REPO, capture_output=True, text=True,
                                 timeout=patient(240))  # fmt: skip
        assert resumed.returncode == 0, resumed.stderr[-3000:]
        assert all(t["verified"] for t in json.loads(resumed.stdout)["trials"]), resumed.stdout[-3000:]
    finally:
        up.stop()
    assert len(up.seen) == 3  # the interrupted call, then one call in each arm's last attempt
    shown = subprocess.run([sys.executable, "-m", "memeval", "results", run, "--runs-dir", str(runs)], env=env,
                           cwd=REPO, capture_output=True, text=True, timeout=patient(120))  # fmt: skip
    (cost,) = [line for line in shown.stdout.splitlines() if line.startswith("Cost:")]
    # count29: "...; 418 tokens in the counted trials' last attempts (2 of the 3 calls the cost counts)"
    assert cost.endswith("; 627 tokens"), cost
    result = load_run(runs / run, use_cache=False).result
    spends = [a for t in result.trials for a in t.spend]
    assert sorted((a.ended, a.calls, a.input_tokens, a.output_tokens) for a in spends) == [
        (True, 1, 149, 60),  # the interrupted attempt (ended `cancelled`): its call read to its end, its tokens carried
        (True, 1, 149, 60),
        (True, 1, 149, 60),
    ]
    assert all(a.tokens_unmeasured == 0 for a in spends)
    (twice,) = [t for t in result.trials if len(t.spend) == 2]
    assert twice.spend_tokens == (298, 120) and twice.harness_measured.input_tokens == 149  # the last attempt's
    # a result projected before attempts carried their tokens reads as count29 made it
    older = result.model_copy(
        update={
            "trials": tuple(
                t.model_copy(
                    update={
                        "spend": tuple(
                            a.model_copy(
                                update={"input_tokens": None, "output_tokens": None, "tokens_unmeasured": None}
                            )
                            for a in t.spend
                        )
                    }
                )
                for t in result.trials
            )
        }
    )
    (old_cost,) = [line for line in summary_lines(summarize(Run(runs / run, older))) if line.startswith("Cost:")]
    assert old_cost.endswith("; 418 tokens in the counted trials' last attempts (2 of the 3 calls the cost counts)")

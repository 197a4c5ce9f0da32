"""A preset agent's printed usage of clashing shapes ends neither its trial nor the run (breaker27).

The Codex and opencode presets' claims sum the usage each `turn.completed` / `step_finish` line prints
(`memeval.agents._claims._add`). A key a number on one line and an object on the next (`{"input_tokens": 5}`, then
`{"input_tokens": {"cached": 1}}`) raised `TypeError` or `AttributeError` in the host's reading of the agent's
stdout, after its turn: "the run stopped: attempt ... failed in the harness", every other trial of the run (the
other arm's too) cancelled. The agent writes those lines itself: any process of its turn can write into the CLI's
standard output through `/proc/PID/fd/1`. A clashing key now keeps what was summed first; the rest is the claim.
"""

from __future__ import annotations

import json
from pathlib import Path

from runner_helpers import make_task

from memeval.agents import parse_claim

CLASH = [{"input_tokens": 5}, {"input_tokens": {"cached": 1}, "output_tokens": 2}]
"""Two lines' usage whose `input_tokens` are a number, then an object."""
FAKE_CODEX = (
    "#!/bin/sh\n"
    + "".join(f"echo '{json.dumps({'type': 'turn.completed', 'usage': u})}'\n" for u in [*CLASH, *CLASH[::-1]])
    + "echo 42 > /app/answer.txt\n"
)
"""A stand-in for the `codex` CLI on the world's PATH: it prints the clashing lines and does the task."""


def test_clashing_usage_lines_are_read_without_raising() -> None:
    lines = {
        "codex-jsonl": [{"type": "turn.completed", "usage": u} for u in [*CLASH, *CLASH[::-1]]],
        "opencode-jsonl": [{"type": "step_finish", "part": {"tokens": u}} for u in [*CLASH, *CLASH[::-1]]],
    }
    for fmt, events in lines.items():
        claim = parse_claim(fmt, "".join(json.dumps(e) + "\n" for e in events))  # main: TypeError, AttributeError
        usage = (claim.self_reported or {}).get("usage") or {}
        assert usage.get("input_tokens") == 10 and usage.get("output_tokens") == 4, (fmt, usage)


def test_a_codex_run_printing_clashing_usage_goes_on(tmp_path: Path, run_ab) -> None:
    tasks = tmp_path / "tasks"
    dockerfile = "WORKDIR /app\nCOPY app/ /app/\nENV PATH=/app/bin:$PATH\n"
    test_sh = "if grep -qx 42 /app/answer.txt; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"
    make_task(tasks, "codex", dockerfile=dockerfile, test_sh=test_sh, files={"bin/codex": FAKE_CODEX})
    (tasks / "codex" / "environment" / "app" / "bin" / "codex").chmod(0o755)
    code, doc, err = run_ab(str(tasks), "--agent", "codex", "--network", "none")
    assert "failed in the harness" not in err, err  # main: the run stopped at the first trial
    assert code in (0, 1, 3) and len(doc.get("trials", [])) == 2, (code, err)

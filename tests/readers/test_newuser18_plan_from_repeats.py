"""`memeval plan --from RUN --repeats K` plans for K repeats too (newuser18).

With `--from` the plan is given for 1, 2, 3 and 5 repeats; a `--repeats 7` the user typed was
dropped without a word (exit 0, the four usual rows). It is now a row of its own, in the text and
in `--json`'s `plans`. A real `memeval plan` process on the readers' session runs.
"""

from __future__ import annotations

import json

from cli_process import run_memeval
from readers_helpers import Runs


def test_plan_from_a_pilot_plans_for_the_repeats_asked(runs: Runs) -> None:
    args = ["plan", "--effect", "0.2", "--from", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)]
    res = run_memeval(*args, "--repeats", "7", "--json", cwd=runs.runs_dir.parent)
    assert res.returncode == 0, res.stderr
    assert [p["repeats"] for p in json.loads(res.stdout)["plans"]] == [1, 2, 3, 5, 7]
    res = run_memeval(*args, "--repeats", "7", cwd=runs.runs_dir.parent)
    assert res.returncode == 0 and "  7 repeat(s): " in res.stdout, res.stdout

"""`memeval plan` reads every option it is given, or refuses it (polish20).

`plan --from RUN --repeats 5000` was refused with the simulation's limit (1,000 repeats), which a
plan from a pilot (a formula) does not run into; `--base-rate` with `--from`, `--sequential` without
it and `--sims` without `--sequential` were dropped without a word (exit 0). Real `memeval plan`
processes on the readers' session runs.
"""

from __future__ import annotations

import json

from cli_process import run_memeval
from readers_helpers import Runs


def test_plan_from_a_pilot_takes_any_repeats_and_refuses_what_it_does_not_read(runs: Runs) -> None:
    cwd = runs.runs_dir.parent
    pilot = ["plan", "--effect", "0.2", "--from", runs.memory.result.run_id, "--runs-dir", str(runs.runs_dir)]
    res = run_memeval(*pilot, "--repeats", "5000", "--json", cwd=cwd)
    assert res.returncode == 0, res.stderr
    assert [p["repeats"] for p in json.loads(res.stdout)["plans"]] == [1, 2, 3, 5, 5000]
    res = run_memeval("plan", "--effect", "0.2", "--repeats", "5000", cwd=cwd)
    assert res.returncode == 2 and "a plan --from a pilot run takes any number" in res.stderr, res.stderr
    res = run_memeval(*pilot, "--base-rate", "0.9", cwd=cwd)
    assert res.returncode == 2 and res.stdout == "", res.stdout
    assert "--base-rate is not read with --from" in res.stderr and "drop --base-rate" in res.stderr, res.stderr
    res = run_memeval("plan", "--effect", "0.2", "--sequential", cwd=cwd)
    assert res.returncode == 2 and "add --from PILOT_RUN" in res.stderr, res.stderr
    res = run_memeval(*pilot, "--sims", "30", cwd=cwd)
    assert res.returncode == 2 and "add --sequential" in res.stderr, res.stderr

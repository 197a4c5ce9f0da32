"""`memeval results A B` (two runs: a comparison) says what `memeval compare A B` says, and takes its --vary.

A new user's `memeval results A B` on runs of two agents printed one line of 900 characters (the
agents' whole mappings, hashes and paths) ending "or name it with --vary FIELD", and `memeval results
A B --vary agent` then said "No such option: --vary"; for two packs it warned "say it is meant with
--vary pack", which `results` did not take either.
"""

from __future__ import annotations

import json

from cli_process import run_memeval
from readers_helpers import Runs


def test_results_of_two_runs_refuses_in_one_short_line_and_takes_vary(runs: Runs) -> None:
    ids = [runs.memory.result.run_id, runs.oracle.result.run_id]
    where = ["--runs-dir", str(runs.runs_dir)]
    res = run_memeval("results", *ids, *where, cwd=runs.runs_dir.parent)
    [line] = res.stderr.strip().splitlines()
    assert res.returncode == 2 and line.startswith("error: the two runs ran under different run cards"), line
    assert "agent.name 'sh' != 'oracle'" in line and "add --vary agent if that is the point" in line, line
    assert len(line) <= 300, (len(line), line)

    res = run_memeval("results", *ids, *where, "--vary", "agent", "--json", cwd=runs.runs_dir.parent)
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["schema"] == "memeval.comparison/1" and doc["varied"] == ["agent"], doc["varied"]

    packs = [runs.memory.result.run_id, runs.cold.result.run_id]
    res = run_memeval("results", *packs, *where, "--vary", "pack", cwd=runs.runs_dir.parent)
    assert res.returncode == 0, res.stderr
    assert "the runs used different packs, as --vary says" in res.stdout, res.stdout


def test_vary_with_one_run_is_a_usage_error_naming_the_fix(runs: Runs) -> None:
    one = runs.memory.result.run_id
    res = run_memeval("results", one, "--runs-dir", str(runs.runs_dir), "--vary", "agent", cwd=runs.runs_dir.parent)
    assert res.returncode == 2 and res.stdout == "", (res.returncode, res.stdout)
    assert "--vary" in res.stderr and "two runs" in res.stderr, res.stderr

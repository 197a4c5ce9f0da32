"""`memeval results A B --vary agent` (and `compare`) warn of the intended difference in one short line.

newuser17 made the refusal short, but once `--vary agent` was given the warning that takes its place
still printed both agents' whole mappings (hashes, paths and every key: about 750 characters for an `sh`
agent and the oracle), in the terminal and in `--json`'s `warnings`. It now names the differing keys with
their values cut, three of them and the rest counted, as the refusal does; `--json`'s
`card_differences` keeps the whole values.
"""

from __future__ import annotations

import json

from cli_process import run_memeval
from readers_helpers import Runs


def test_the_vary_warning_is_one_short_line_and_the_json_keeps_the_whole_values(runs: Runs) -> None:
    ids = [runs.memory.result.run_id, runs.oracle.result.run_id]
    where = ["--runs-dir", str(runs.runs_dir), "--vary", "agent"]
    for command in ("results", "compare"):
        res = run_memeval(command, *ids, *where, cwd=runs.runs_dir.parent)
        assert res.returncode == 0, res.stderr
        [line] = [x for x in (res.stdout + res.stderr).splitlines() if "as --vary says" in x]
        head = "warning: run cards differ, as --vary says: agent: agent.binary '/usr/bin/dash' != "
        assert line.startswith(head), line
        assert line.endswith("; and 3 more"), line
        assert "{" not in line and len(line) <= 300, (command, len(line), line)

    res = run_memeval("compare", *ids, *where, "--json", cwd=runs.runs_dir.parent)
    doc = json.loads(res.stdout)
    [warning] = [w for w in doc["warnings"] if "as --vary says" in w]
    assert "{" not in warning and len(warning) <= 300, warning
    [whole] = doc["card_differences"]
    assert whole.startswith("agent: {") and "(differs in " in whole, whole

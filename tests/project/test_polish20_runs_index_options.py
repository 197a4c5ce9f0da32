"""`memeval runs --index --from-index` indexes, then lists; `--runs-dir` with `--from-index` alone: refused (polish20).

With both flags the listing came first and the indexing never: a first `memeval runs --index
--from-index` said "no runs in the run index ... yet: `memeval runs --index --runs-dir DIR` adds a
folder's runs", the flag just typed. A `--runs-dir` typed beside `--from-index` was dropped without a
word (the index lists every folder indexed into it). Real `memeval runs` processes on a real run log
and a SQLite index.
"""

from __future__ import annotations

import json
from pathlib import Path

from usage_line import REPO, one_usage_line, run_memeval

INTERRUPTED_LOG = REPO / "tests" / "fixtures" / "runlog_interrupted" / "events.jsonl"
"""A real run stopped with SIGINT, then resumed."""


def test_index_and_from_index_together_index_first_and_a_runs_dir_alone_is_refused(tmp_path: Path) -> None:
    run = tmp_path / "runs" / "r1"
    run.mkdir(parents=True)
    run.joinpath("events.jsonl").write_bytes(INTERRUPTED_LOG.read_bytes())
    url = f"sqlite:///{tmp_path / 'index.sqlite'}"
    out = run_memeval("runs", "--index", "--from-index", "--index-url", url, "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert [r["path"] for r in json.loads(out.stdout)["runs"]] == [str(run.resolve())], out.stdout
    out = run_memeval("runs", "--from-index", "--runs-dir", "runs", "--index-url", url, cwd=tmp_path)
    one_usage_line(out, "--runs-dir 'runs' names folders to read", "drop --runs-dir, or add --index")

"""`memeval ab` ends by saying where to look next: the viewer, the per-trial rows, the PDF (newuser24).

README's first command ended with the run folder and `memeval replay ID rebuilds this record`, a
command that prints the whole record as JSON: a newcomer who wanted to see why a task failed was
not told of `memeval view`, `results` or `report-ab`. Now a `Next:` line names them with the run as
a command line finds it (`--runs-dir` when the runs are elsewhere). A real `memeval ab` run of the
oracle on one fixture task, under a runs folder whose name needs quoting; the `results` and
`report-ab` commands the line names are then run as printed.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from usage_line import run_memeval

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"


def test_ab_names_the_viewer_results_and_report_of_its_run(tmp_path: Path) -> None:
    runs = tmp_path / "my runs"
    done = run_memeval("ab", str(MINI), "--agent", "oracle", "--tasks", "greet", "--runs-dir", str(runs), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    [run] = runs.iterdir()
    lines = done.stdout.splitlines()
    ref = f"{run.name} --runs-dir {shlex.quote(str(runs))}"
    assert lines[-2].startswith(f"Run folder: {run}  (memeval replay {ref} rebuilds this record)"), lines[-2:]
    assert lines[-1] == (
        f"Next: memeval view {ref} (each trial's calls, verifier output and diff, in a browser); "
        f"memeval results {ref} (one row per trial); memeval report-ab {ref} (the PDF report)"
    ), lines[-1]
    named = re.findall(r"memeval (results|report-ab) (.+?) \(", lines[-1])
    assert [name for name, _ in named] == ["results", "report-ab"], named
    for name, where in named:  # each runs as printed, from another folder
        out = run_memeval(name, *shlex.split(where), cwd=tmp_path)
        assert out.returncode == 0, (name, out.stderr)
    assert (run / "report.pdf").is_file()

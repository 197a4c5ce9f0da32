"""`memeval compare` / `results A B` on a run that measured nothing say so, as `memeval runs` does (newuser18).

polish19 made `memeval runs` show `—` for the verdict of a run whose every trial faulted (it held
`unresolved`, p = 1, from no data). The comparison still headed such a run "(verdict unresolved)" and
`--json` said `"verdict_a": "unresolved"`: now `—` and null, with a warning naming the run and the
command that lists each trial's fault. A real `memeval` process on a real run log (two trials, both
faulted).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from usage_line import run_memeval


@pytest.mark.usefixtures("all_faulted")
def test_a_comparison_leaves_out_the_verdict_of_a_run_that_measured_nothing(tmp_path: Path) -> None:
    out = run_memeval("compare", "runs/r1", "runs/r1", "--json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert (doc["verdict_a"], doc["verdict_b"]) == (None, None), doc
    said = [w for w in doc["warnings"] if "measured nothing" in w]
    assert len(said) == 2 and said[0].startswith("run A ("), said
    assert said[0].endswith("each trial's fault: memeval results " + doc["run_a"]), said
    out = run_memeval("results", "runs/r1", "runs/r1", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout + out.stderr
    assert "(verdict —)" in text and "unresolved" not in text, text

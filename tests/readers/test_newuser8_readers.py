"""What a new user met reading runs with `memeval results`, `ab` and `report-ab`, on real runs.

- `memeval results RUN` took 2-3 s of wall (1.8 s of CPU) where `--json` took 0.4 s: its summary
  line's 95% interval imported statsmodels (and with it pandas and scipy) for Wilson's formula,
  and scipy for a t quantile. Both come from `memeval.stats` now, which loads neither.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from readers_helpers import MEMORY_AGENT, MINI, REPO, Runs, write_pack

from memeval.agents import resolve_agent
from memeval.packs import load_pack
from memeval.runner import AbOptions, execute, start_run
from memeval.tasks import load_task_set

HEAVY = ("scipy", "statsmodels", "pandas")


def _modules_after_results(run: Path, tmp_path: Path) -> set[str]:
    """Top-level modules loaded by `memeval results RUN` in a fresh interpreter, as a user starts it."""
    probe = (
        "import json, sys\n"
        "from memeval.cli import main\n"
        f"sys.argv = ['memeval', 'results', {str(run)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "print('MODULES ' + json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="200")
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )
    assert out.returncode == 0, out.stderr
    assert "95% CI" in out.stdout, out.stdout  # the summary line with its interval was printed
    line = next(x for x in out.stdout.splitlines() if x.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def test_results_of_a_one_repeat_run_loads_no_statistics_stack(runs: Runs, tmp_path: Path) -> None:
    loaded = _modules_after_results(runs.memory.path, tmp_path)
    assert sorted(loaded & set(HEAVY)) == []


@pytest.fixture(scope="module")
def two_repeat_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = Path(tmp_path_factory.mktemp("two-repeats"))
    opts = AbOptions(
        task_set=load_task_set(MINI),
        agent=resolve_agent("command", MEMORY_AGENT),
        pack=load_pack(write_pack(root / "pack.json")),
        network="none",
        retain="never",
        runs_dir=root / "runs",
        repeats=2,
    )
    run_dir = start_run(opts)
    assert execute(run_dir, opts) == "completed"
    return run_dir


def test_results_of_a_repeated_run_loads_no_statistics_stack(two_repeat_run: Path, tmp_path: Path) -> None:
    # Two trials a task: the t interval over per-task rates, whose quantile came from scipy.
    loaded = _modules_after_results(two_repeat_run, tmp_path)
    assert sorted(loaded & set(HEAVY)) == []

"""Real runs for the reader tests, made with the runner on the mini task set (no network).

- `memory`: a command agent that does the task only when it finds MEMORY.md, with a two-item
  pack: the pack arm passes, the baseline arm fails. Its claim and stdout are hostile HTML.
- `cold`: the same agent and run card without a pack: every trial fails.
- `oracle`: the oracle control (a different run card: the agent differs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from memeval.agents import resolve_agent
from memeval.packs import load_pack
from memeval.results import Run, load_run
from memeval.runner import AbOptions, execute, start_run
from memeval.tasks import load_task_set

REPO = Path(__file__).resolve().parents[2]
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"
HOSTILE = "<script>alert('pwned')</script><img src=x onerror=alert(1)>"

MEMORY_AGENT = (
    "sh -c '"
    'echo "' + HOSTILE.replace("'", "") + ' stdout"; '
    'printf "{\\"message\\": \\"All tests pass ' + HOSTILE.replace("'", "").replace('"', "") + '\\"}" '
    '> "$MEMEVAL_CLAIM_FILE"; '
    "if [ -f MEMORY.md ]; then echo hello > greeting.txt; "
    'printf "def add(a, b):\\n    return a + b\\n" > calc.py; fi\''
)


@dataclass(frozen=True)
class Runs:
    """The three runs and the folder they live in."""

    runs_dir: Path
    memory: Run
    cold: Run
    oracle: Run


def write_pack(path: Path) -> Path:
    items = [
        {"id": f"pk_000{i}", "kind": "lesson", "text": f"lesson {i}", "provenance": {"source": "session"}}
        for i in (1, 2)
    ]
    path.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "1", "items": items}))
    return path


def make_run(
    runs_dir: Path, agent: str, agent_cmd: str | None = None, pack: Path | None = None, tasks: Path = MINI
) -> Run:
    opts = AbOptions(
        task_set=load_task_set(tasks),
        agent=resolve_agent(agent, agent_cmd),
        pack=load_pack(pack) if pack else None,
        network="none",
        retain="never",
        runs_dir=runs_dir,
    )
    run_dir = start_run(opts)
    assert execute(run_dir, opts) == "completed"
    return load_run(run_dir)


def make_runs(root: Path) -> Runs:
    runs_dir = root / "runs"
    pack = write_pack(root / "pack.json")
    return Runs(
        runs_dir=runs_dir,
        memory=make_run(runs_dir, "command", MEMORY_AGENT, pack),
        cold=make_run(runs_dir, "command", MEMORY_AGENT, None),
        oracle=make_run(runs_dir, "oracle"),
    )

"""The text a sequential run prints: an early stop is not warned about as too few trials."""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from runner_helpers import make_task

from memeval.cli._render import render_ab
from memeval.results import load_run

MEMORY_AGENT = "sh -c 'if [ -f MEMORY.md ]; then echo ok > done.txt; fi'"
CHECK = "if [ -f /app/done.txt ]; then echo 1; else echo 0; fi > /logs/verifier/reward.txt\n"


def test_an_early_sequential_stop_prints_no_few_trials_warning(tmp_path: Path, run_ab) -> None:
    for i in range(10):
        make_task(tmp_path / "tasks", f"t{i:02d}", test_sh=CHECK)
    items = [{"id": "pk_0001", "kind": "lesson", "text": "write done.txt", "provenance": {"source": "session"}}]
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "1", "items": items}))
    code, doc, err = run_ab(
        str(tmp_path / "tasks"),
        "--agent", "command", "--agent-cmd", MEMORY_AGENT, "--pack", str(pack),
        "--network", "none", "--until-decided", "--max-repeats", "3",
    )  # fmt: skip
    assert code == 0 and doc["sequential"]["rounds_run"] == 1, err
    # the verdict's record keeps the warning (a projection of the log); the printed text explains it
    assert "few_trials" in {w["kind"] for w in doc["verdict"]["warnings"]}
    out = io.StringIO()
    render_ab(load_run(Path(doc["run_dir"])).result, Console(file=out, width=200), doc["run_dir"])
    text = out.getvalue()
    assert "Verdict: better" in text
    assert "warning:" not in text or "fewer than 3 scored trials" not in text, text
    assert "note: stopped at round 1" in text

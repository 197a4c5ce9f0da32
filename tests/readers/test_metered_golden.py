"""The readers on a metered run (the golden Fernhill sample): costs, tokens and calls as shown.

Each figure is worked out again here from the run's own log (the `model.called` events), so a
reader that drops a call, double-counts an attempt or formats money its own way fails.
"""

from __future__ import annotations

import html
import json
import shutil
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from memeval.abreport import build_context, summarize, summary_lines
from memeval.formatting import cell_text, money
from memeval.results import arm_spend, load_run
from memeval.viewer import start_viewer

GOLDEN = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1" / "sample-t01"


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(shutil.copytree(GOLDEN, tmp_path_factory.mktemp("golden") / "sample-t01"))


def _calls(run_dir: Path) -> dict[str, list[dict]]:
    """Each trial's model calls as the log holds them (v1 JSON objects)."""
    out: dict[str, list[dict]] = {}
    for line in (run_dir / "events.jsonl").read_bytes().splitlines():
        ev = json.loads(line)
        if ev["event"] == "model.called":
            out.setdefault(ev["trial_id"], []).append(ev["call"])
    return out


def test_spend_tokens_and_cells_are_the_sums_of_the_logged_calls(sample: Path) -> None:
    run = load_run(sample, use_cache=False)
    calls = _calls(sample)
    for t in run.result.trials:
        mine = [c for c in calls[t.trial_id] if c["role"] == "subject"]
        assert t.physics.engine_calls == len(mine)
        assert t.physics.tokens.input == sum(c["input_tokens"] for c in mine)
        assert t.physics.cost_usd == pytest.approx(sum(c["cost"]["cost_usd"] for c in mine))
        spent = arm_spend(run.result, t.mode, t.task_id)
        assert spent.calls == len(calls[t.trial_id])
        assert spent.cost_usd == pytest.approx(sum(c["cost"]["cost_usd"] for c in calls[t.trial_id]))
    (row,) = run.result.table
    for mode in ("baseline", "pack"):
        cell = row.cell(mode)
        assert cell.trials == cell.scored == 1 and cell.faults == 0 and not cell.cost_lower_bound
        assert cell.cost_usd == pytest.approx(arm_spend(run.result, mode).cost_usd, abs=1e-6)
    assert cell_text(row.cell("baseline")) == f"Failed · {money(row.baseline_cost_usd)}"
    assert cell_text(row.cell("pack")) == f"Passed · {money(row.pack_cost_usd)}"


def test_the_summary_and_report_word_the_metered_figures(sample: Path) -> None:
    run = load_run(sample, use_cache=False)
    s = summarize(run)
    total = sum(t.physics.cost_usd or 0 for t in run.result.trials)
    tokens = sum((t.physics.tokens.input or 0) + (t.physics.tokens.output or 0) for t in run.result.trials)
    assert s.cost_usd == pytest.approx(total, abs=1e-6) and s.cost_known == 2
    cost_line = next(ln for ln in summary_lines(s) if ln.startswith("Cost:"))
    assert cost_line.startswith(f"Cost:      {money(total)} metered (baseline ")
    assert cost_line.endswith(f"known for 2 of 2 trials; {tokens:,} tokens")
    ctx = build_context(run)
    base, pack = ctx.arms
    assert (base.passes, base.scored, pack.passes, pack.scored) == (0, 1, 1, 1)
    assert base.cost_of_pass == "no pass" and pack.cost_of_pass == money(run.result.trials[0].spend_usd)
    assert base.cost_coverage == pack.cost_coverage == "1/1"
    assert base.spend == money(arm_spend(run.result, "baseline").cost_usd)
    assert dict(ctx.card)["network"] == "proxy" and "tamper" not in dict(ctx.card)
    assert ctx.checked_by == run.result.run_card.checked_by


def test_the_viewer_lists_every_call_of_a_trial_with_its_cost(sample: Path) -> None:
    run = load_run(sample, use_cache=False)
    calls = _calls(sample)
    with start_viewer(sample, port=0) as v:
        for t in run.result.trials:
            page = httpx.get(v.url + "trial/" + quote(t.trial_id)).text
            assert f"Model calls ({len(calls[t.trial_id])})" in page
            for c in calls[t.trial_id]:
                assert html.escape(money(c["cost"]["cost_usd"], 6), quote=False) in page
            assert html.escape(money(t.physics.cost_usd, 6), quote=False) in page
            assert "bodies not kept for this trial" in page  # a v1 run kept no bodies

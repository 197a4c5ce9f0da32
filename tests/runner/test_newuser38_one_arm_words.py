"""A one-arm run (`memeval ab --arms baseline`) read as a new user reads it: no verdict word, no pack said given.

README says a one-arm run computes no verdict, "none printed". Yet `memeval report-ab` on one printed
`verdict: unresolved (a one-arm run ...)` and its report (and `memeval view`) showed UNRESOLVED in large
letters: the paired test's word for "could not tell", on a run that asked it nothing; its totals gave the arm
that never ran `0 of 0` passed, "no pass" and a spend of $0.00. And `memeval ab --arms
baseline` on the sample (whose memeval.toml names a pack) printed `Pack (pack arm only): fernhill version
2026.11.1, 13 item(s) in the slice`, as if the pack arm had run with it (newuser38). Real `memeval`
processes, a real sandbox (one trial).

Compared with a two-arm run of the same tasks, `memeval compare` named the difference in Python's words,
`modes None != ('baseline',)`, and with `--vary modes` warned that every task "ran in one run only and
[is] not compared", though each was compared in the baseline arm; `--resume` under other `--arms` said
`modes: ('baseline',) != None; the planned trials changed (tasks or repeats)`. Now both name the arms as
`--arms` does, and the warning names the arm one run did not run. `memeval plan --from` a one-arm run
advised "a larger pilot run"; it now says a plan needs both arms. `memeval runs` listed the run's verdict as
`—` and `--json` as null with no `verdict_reason`; now `one arm` and `one_arm_run`; and its pack's items as
given (`p@7 (1)`): now 0. (Those in process: the second run is
made with the runner's CLI in this process, its trials in real sandboxes.)
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
from live_server import LiveServer
from patience import patient
from runner_helpers import REPO, make_task
from typer.testing import CliRunner

from memeval.cli import app
from memeval.viewer import create_viewer_app

MEMEVAL = [sys.executable, "-m", "memeval"]


def test_a_one_arm_run_shows_no_verdict_word_and_no_pack_given(tmp_path: Path) -> None:
    make_task(tmp_path / "tasks", "a")
    items = [{"id": "pk_0001", "kind": "lesson", "text": "lesson 1", "provenance": {"source": "session"}}]
    pack = tmp_path / "pack.json"
    pack.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "7", "items": items}))
    runs = tmp_path / "runs"
    ab = subprocess.run(
        [*MEMEVAL, "ab", str(tmp_path / "tasks"), "--arms", "baseline", "--pack", str(pack), "--network", "none",
         "--agent", "command", "--agent-cmd", "true", "--runs-dir", str(runs), "--quiet"],
        cwd=REPO, capture_output=True, text=True, timeout=patient(300), env={**_env(), "COLUMNS": "200"},
    )  # fmt: skip
    assert ab.returncode == 0, ab.stderr
    said = " ".join(ab.stdout.split())
    assert "Pack (pack arm only)" not in said, said
    assert "given to no trial (the pack arm was not run: --arms baseline)" in said, said

    run_id = next(runs.iterdir()).name
    html = tmp_path / "report.html"
    report = subprocess.run(
        [*MEMEVAL, "report-ab", run_id, "--runs-dir", str(runs), "--html", str(html), "--quiet"],
        cwd=REPO, capture_output=True, text=True, timeout=patient(120), env=_env(),
    )  # fmt: skip
    assert report.returncode == 0, report.stderr
    assert "unresolved" not in report.stdout, report.stdout
    assert "no verdict: a one-arm run (--arms baseline)" in report.stdout, report.stdout
    page = html.read_text()
    assert '<span class="word">no verdict</span>' in page, page[:3000]
    assert ">unresolved<" not in page
    totals = " ".join(re.sub(r"<[^>]+>", " ", page.split("Really passed", 1)[1].split("</table>", 1)[0]).split())
    assert "0 of 0" not in totals and "$0.00" not in totals, totals  # the pack arm: not run, not an empty arm
    assert totals.count("not run") == 4, totals  # really passed, levels, cost of a pass, pass rate

    with LiveServer(create_viewer_app(runs / run_id)) as served:  # what `memeval view` serves
        overview = httpx.get(served.url + "/", timeout=patient(30)).text
    assert '<span class="word">no verdict</span>' in overview and ">unresolved<" not in overview

    cli = CliRunner()
    listing = cli.invoke(app, ["runs", "--runs-dir", str(runs), "--json"])  # verdict null, and why (it gave none)
    [row] = json.loads(listing.stdout)["runs"]
    assert (row["verdict"], row["verdict_reason"]) == (None, "one_arm_run"), row
    assert (row["pack"], row["slice_items"]) == ("p@7", 0), row  # the pack arm did not run: no item was given
    table = cli.invoke(app, ["runs", "--runs-dir", str(runs)], env={"COLUMNS": "200"}).output
    assert "completed  1/1     one arm" in table, table
    plan = cli.invoke(app, ["plan", "--effect", "0.15", "--from", run_id, "--runs-dir", str(runs)])
    said = " ".join(plan.output.split())  # it advised "a larger pilot run", which no size of one-arm run is
    assert plan.exit_code == 2 and "is a one-arm run (--arms baseline)" in said and "larger" not in said, said
    base = [str(tmp_path / "tasks"), "--pack", str(pack), "--network", "none", "--agent", "command", "--agent-cmd",
            "true", "--runs-dir", str(runs), "--quiet"]  # fmt: skip
    again = cli.invoke(app, ["ab", *base, "--arms", "both", "--resume", run_id])
    said = " ".join(again.output.split())
    assert again.exit_code == 2 and "modes: 'baseline' != 'both'" in said and "None" not in said, said
    assert "(tasks, repeats or arms)" in said, said
    both = cli.invoke(app, ["ab", *base, "--json"])
    assert both.exit_code == 0, both.output
    both_id = json.loads(both.stdout)["run_id"]

    refused = cli.invoke(app, ["compare", both_id, run_id, "--runs-dir", str(runs)], env={"COLUMNS": "200"})
    said = " ".join(refused.output.split())
    assert refused.exit_code == 2 and "(modes 'both' != 'baseline')" in said and "None" not in said, said
    varied = cli.invoke(app, ["compare", both_id, run_id, "--vary", "modes", "--runs-dir", str(runs), "--json"])
    assert varied.exit_code == 0, varied.output
    warnings = json.loads(varied.stdout)["warnings"]
    assert not any("ran in one run only" in w for w in warnings), warnings
    assert "the pack arm ran in run A only (run B is a one-arm run, --arms baseline): that arm is not compared" in (
        warnings
    ), warnings


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}

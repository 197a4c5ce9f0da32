"""What a new user met reading runs with `memeval results`, `ab` and `report-ab`, on real runs.

- `memeval results RUN` took 2-3 s of wall (1.8 s of CPU) where `--json` took 0.4 s: its summary
  line's 95% interval imported statsmodels (and with it pandas and scipy) for Wilson's formula,
  and scipy for a t quantile. Both come from `memeval.stats` now, which loads neither.
- `memeval ab` on a small run ended `Verdict: unresolved  (too_few_tasks(<10); 2 paired tasks,
  p = 1 by exact(binomtest))`, and `report-ab` (its last line, the HTML and PDF, the viewer)
  `(too_few_tasks(<10)); p = 1 (exact(binomtest))`; `compare` already said it in words. All say
  `too few tasks to decide (a verdict needs 10 paired)` now (`memeval.formatting`); the JSON and
  the log keep the codes.
- A run id with one character wrong (`...FN4B` for `...FN4A`) said only `is not a run folder or a
  run id`; a shortened id was already matched. Every command that takes a run now says `did you
  mean ID?` for ids a character or two away.
- `memeval runs --from-index` (the SQL run index) had no pack column and no faulted or interrupted
  marks, where the folder listing has both: a run with a pack and an A/A run read the same. The
  index keeps them now (`pack`, `slice_items`, `faulted`, `interrupted`; an older index table gains
  the columns when opened, its old rows shown `?` until indexed again).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from pg_fixture import PgServer
from readers_helpers import MINI, REPO, Runs, write_pack

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
        # greet passes with the pack, add-numbers never: the pack arm's task rates spread, so its t interval is
        # defined (over tasks of one rate it is not, and no interval is printed)
        agent=resolve_agent("command", "sh -c 'if [ -f MEMORY.md ]; then echo hello > greeting.txt; fi'"),
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


CODES = ("too_few_tasks", "no_informative_tasks", "not_significant", "faults_could_change_it")


def _memeval(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), COLUMNS="200")
    return subprocess.run(
        [sys.executable, "-m", "memeval", *args], env=env, capture_output=True, text=True, timeout=300, cwd=cwd
    )


def test_ab_says_a_small_runs_verdict_in_words(tmp_path: Path) -> None:
    out = _memeval("ab", str(MINI), "--agent", "oracle", "--network", "none", "--runs-dir", "runs", "-q", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    verdict = next(x for x in out.stdout.splitlines() if x.startswith("Verdict:"))
    assert verdict == (
        "Verdict: unresolved  (too few tasks to decide (a verdict needs 10 paired); 2 paired tasks, "
        "p = 1 (nothing differed to test))"
    ), verdict
    doc = json.loads(_memeval("replay", next((tmp_path / "runs").iterdir()).name, cwd=tmp_path).stdout)
    assert doc["verdict"]["reason"] == "too_few_tasks(<10)"  # the record keeps the code


def test_report_ab_says_the_verdict_in_words(runs: Runs, tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    out = _memeval("report-ab", str(runs.memory.path), "--html", str(html), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last == (
        "verdict: unresolved (too few tasks to decide (a verdict needs 10 paired)); "
        "p = 0.5 by exact(binomtest), 2 paired tasks"
    ), last
    page = html.read_text(encoding="utf-8")
    assert "too few tasks to decide (a verdict needs 10 paired)" in page
    for code in CODES:
        assert code not in page and code not in out.stdout, code


def test_every_verdict_reason_code_reads_in_words() -> None:
    from memeval.formatting import verdict_reason_words as words

    assert words("no_informative_tasks") == "no task's pass rate differs between the arms"
    assert words("no_informative_tasks", between="A and B") == "no task's pass rate differs between A and B"
    assert words("not_significant(p>=0.05)") == "not significant (p at or over 0.05)"
    assert words("significant") == "significant"
    assert (
        words("faults_could_change_it(3 faulted trial(s) counted against 'better' give 'unresolved', p=0.1094)")
        == "faults could change it: 3 faulted trial(s) counted against 'better' give 'unresolved' (p = 0.1094)"
    )
    assert words("significant(round=2, look=8)") == "significant at round 2, look 8"
    assert words("futility(round=3)") == "stopped for futility at round 3"
    assert words("too_few_tasks(<10)") == "too few tasks to decide (a verdict needs 10 paired)"
    assert words("max_rounds_reached") == "no decision within the most rounds"
    assert words("in_progress") == "still running"


def test_a_typo_in_a_run_id_names_the_run_meant(runs: Runs, tmp_path: Path) -> None:
    # `memeval results 01M9...FN4B` for 01M9...FN4A said only "not a run folder or a run id".
    meant = runs.memory.path.name
    others = {runs.cold.path.name, runs.oracle.path.name}
    i = next(i for i in range(5, len(meant) - 1) if meant[i] != meant[i + 1])  # swapping equal characters is no typo
    typos = [
        meant[:-1] + ("A" if meant[-1] != "A" else "B"),  # the last character wrong
        meant[:10] + meant[11:],  # one left out
        meant[:i] + meant[i + 1] + meant[i] + meant[i + 2 :],  # two swapped
        meant.lower()[:-1] + ("z" if meant[-1] != "Z" else "y"),  # typed in lower case, one wrong
    ]
    assert all(t.upper() != meant and t.upper() not in others for t in typos), typos
    for typo in typos:
        for command in (["results", typo], ["replay", typo], ["compare", typo, meant], ["report-ab", typo]):
            out = _memeval(*command, "--runs-dir", str(runs.runs_dir), cwd=tmp_path)
            assert out.returncode == 2, (command, out.stderr)
            said = out.stderr.strip()
            assert f"did you mean {meant}?" in said, (command, said)
            assert not any(o in said for o in others), said
    far = meant[:6] + "X" * (len(meant) - 6)
    out = _memeval("results", far, "--runs-dir", str(runs.runs_dir), cwd=tmp_path)
    assert out.returncode == 2 and "did you mean" not in out.stderr, out.stderr


OLD_INDEX_TABLE = (
    "CREATE TABLE run_index (run_id VARCHAR NOT NULL PRIMARY KEY, path VARCHAR NOT NULL, started_at VARCHAR, "
    "task_set VARCHAR, agent VARCHAR, control VARCHAR, status VARCHAR NOT NULL, trials INTEGER NOT NULL, "
    "planned INTEGER NOT NULL, verdict VARCHAR, p_value FLOAT, log_hash VARCHAR, indexed_at TIMESTAMP NOT NULL)"
)
"""The run index's table as main made it before it kept packs and faults."""


def _index_urls(tmp_path: Path, pg: PgServer | None) -> list[str]:
    urls = [f"sqlite:///{tmp_path / 'idx.sqlite'}"]
    if pg is not None:
        urls.append(pg.new_database())
    elif os.environ.get("CI"):
        pytest.fail("no PostgreSQL for the run index: MEMEVAL_TEST_PG_URL unset and `scripts/pg start` failed")
    else:
        warnings.warn("run index checked on SQLite only: no PostgreSQL server", stacklevel=2)
    return urls


def _rows_by_run(stdout: str) -> dict[str, str]:
    return {line.split()[0]: line for line in stdout.splitlines()[2:]}


def test_the_run_index_lists_each_runs_pack_as_the_folders_do(
    runs: Runs, tmp_path: Path, pg_server: PgServer | None
) -> None:
    from sqlalchemy import create_engine, text

    memory, cold = runs.memory.path.name, runs.cold.path.name
    for url in _index_urls(tmp_path, pg_server):
        # An index made by the old code, holding the memory run: opened now, it gains the columns.
        engine = create_engine(url)
        with engine.begin() as conn:
            conn.execute(text(OLD_INDEX_TABLE))
            conn.execute(
                text(
                    "INSERT INTO run_index VALUES (:id, :path, '2026-12-04T10:00:00Z', 'mini', 'agent', NULL, "
                    "'completed', 4, 4, 'unresolved', 0.5, NULL, '2026-12-04 10:00:00')"
                ),
                {"id": memory, "path": str(runs.memory.path)},
            )
        engine.dispose()
        old = _memeval("runs", "--from-index", "--index-url", url, cwd=tmp_path)
        assert old.returncode == 0, old.stderr
        assert " ? " in _rows_by_run(old.stdout)[memory], old.stdout
        assert "indexed before the index kept packs" in old.stderr and "memeval runs --index" in old.stderr

        out = _memeval("runs", "--index", "--runs-dir", str(runs.runs_dir), "--index-url", url, cwd=tmp_path)
        assert out.returncode == 0, out.stderr
        listed = _memeval("runs", "--from-index", "--index-url", url, cwd=tmp_path)
        assert listed.returncode == 0 and listed.stderr == "", listed.stderr
        head = listed.stdout.splitlines()[1]
        assert "pack (items given)" in head, head
        rows = _rows_by_run(listed.stdout)
        assert "p@1 (2)" in rows[memory] and "none (A/A)" in rows[cold], listed.stdout
        assert "none (A/A)" not in rows[runs.oracle.path.name]  # a control run has no arms to tell apart
        doc = json.loads(_memeval("runs", "--from-index", "--index-url", url, "--json", cwd=tmp_path).stdout)
        by_id = {r["run_id"]: r for r in doc["runs"]}
        assert (by_id[memory]["pack"], by_id[memory]["slice_items"]) == ("p@1", 2)
        assert (by_id[cold]["pack"], by_id[cold]["slice_items"], by_id[cold]["faulted"]) == (None, None, 0)
        folders = json.loads(_memeval("runs", "--runs-dir", str(runs.runs_dir), "--json", cwd=tmp_path).stdout)
        for r in folders["runs"]:  # the same figures as the folder listing
            assert {k: by_id[r["run_id"]][k] for k in ("pack", "slice_items", "faulted", "interrupted")} == {
                k: r[k] for k in ("pack", "slice_items", "faulted", "interrupted")
            }


def test_comparing_a_run_with_itself_says_so(runs: Runs, tmp_path: Path) -> None:
    # `memeval compare RUN RUN` read as two runs that agreed on every task, without a word.
    run = runs.memory.path.name
    out = _memeval("compare", run, run, "--runs-dir", str(runs.runs_dir), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert f"warning: A and B are the same run ({run}): nothing can differ" in " ".join(out.stdout.split())
    doc = json.loads(_memeval("compare", run, run, "--runs-dir", str(runs.runs_dir), "--json", cwd=tmp_path).stdout)
    assert any("same run" in w for w in doc["warnings"]), doc["warnings"]
    two = _memeval(
        "compare", run, runs.cold.path.name, "--vary", "pack", "--runs-dir", str(runs.runs_dir), cwd=tmp_path
    )
    assert two.returncode == 0 and "same run" not in two.stdout, two.stdout + two.stderr

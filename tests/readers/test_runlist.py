"""`memeval runs` reads each run's projection cache with the standard library (`memeval._runlist`).

The light row must equal the row of a full load, and the cache must be refused whenever a full
load would refuse it (its log changed) or when it does not hold what a row needs.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval._runlist import LOG_NAME, ListedRun, cache_path, list_run_folders, read_cached
from memeval.cli import app
from memeval.cli.read import print_listing
from memeval.eventlog import LOG_NAME as EVENTLOG_LOG_NAME
from memeval.results import listed_run, load_run, runs_document

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"
NAMES = ("oracle-mini", "sample-t01")


def _runs(tmp_path: Path, *, loaded: bool) -> Path:
    runs = tmp_path / "runs"
    for name in NAMES:
        shutil.copytree(FIXTURES / name, runs / name)
        if loaded:
            load_run(runs / name)  # writes the cache, as `memeval ab` leaves it
    return runs


def test_the_light_reader_names_the_same_files_as_the_full_load(tmp_path: Path) -> None:
    assert LOG_NAME == EVENTLOG_LOG_NAME
    runs = _runs(tmp_path, loaded=True)
    for name in NAMES:
        assert cache_path(runs / name).is_file()


def test_rows_from_the_cache_equal_rows_from_a_full_load(tmp_path: Path) -> None:
    runs = _runs(tmp_path, loaded=True)
    for name in NAMES:
        light = read_cached(runs / name)
        assert light is not None
        assert light == listed_run(runs / name)
    rows = list_run_folders(runs)
    full = tuple(sorted((listed_run(runs / n) for n in NAMES), key=lambda r: (r.started_at or "", r.run_id)))
    assert rows == full
    assert runs_document(runs, rows).model_dump_json(by_alias=True) == runs_document(runs, full).model_dump_json(
        by_alias=True
    )


def test_a_folder_never_loaded_is_loaded_in_full_and_cached_for_next_time(tmp_path: Path) -> None:
    runs = _runs(tmp_path, loaded=False)
    assert all(read_cached(runs / n) is None for n in NAMES)
    rows = list_run_folders(runs)
    assert {r.run_id for r in rows} == {listed_run(runs / n).run_id for n in NAMES}
    assert all(read_cached(runs / n) is not None for n in NAMES)


def test_a_cache_is_refused_once_its_log_changed(tmp_path: Path) -> None:
    runs = _runs(tmp_path, loaded=True)
    run = runs / "sample-t01"
    before = read_cached(run)
    assert before is not None
    log = run / LOG_NAME
    lines = log.read_bytes().splitlines(keepends=True)
    log.write_bytes(b"".join(lines[:-1]))  # the last event gone: another log
    assert read_cached(run) is None
    assert list_run_folders(runs) == tuple(
        sorted((listed_run(runs / n) for n in NAMES), key=lambda r: (r.started_at or "", r.run_id))
    )


def test_a_half_written_last_line_does_not_refuse_the_cache(tmp_path: Path) -> None:
    # load_run hashes the complete lines only, so a line being appended leaves the cache good.
    runs = _runs(tmp_path, loaded=True)
    run = runs / "oracle-mini"
    with (run / LOG_NAME).open("ab") as f:
        f.write(b'{"half": ')
    assert read_cached(run) == listed_run(run)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("coverage"),
        lambda d: d.__setitem__("trials", "not a list"),
        lambda d: d["coverage"].__setitem__("expected_trials", "6"),
        lambda d: d.__setitem__("run_id", 7),
        lambda d: d.__setitem__("verdict", ["better"]),
    ],
    ids=["no-coverage", "trials-text", "planned-text", "run-id-number", "verdict-list"],
)
def test_a_cache_of_another_layout_is_refused_not_misread(tmp_path: Path, damage) -> None:
    runs = _runs(tmp_path, loaded=True)
    run = runs / "sample-t01"
    cache = cache_path(run)
    doc = json.loads(cache.read_bytes())
    damage(doc)
    cache.write_text(json.dumps(doc))
    assert read_cached(run) is None


def test_runs_on_loaded_runs_imports_no_pydantic_and_lists_them(tmp_path: Path) -> None:
    runs = _runs(tmp_path, loaded=True)
    probe = (
        "import sys\n"
        "from memeval.cli import main\n"
        f"sys.argv = ['memeval', 'runs', '--runs-dir', {str(runs)!r}]\n"
        "try:\n"
        "    main()\n"
        "except SystemExit as exc:\n"
        "    assert exc.code in (0, None), exc.code\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'pydantic', 'rich', 'msgspec'}))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    lines = out.stdout.splitlines()
    assert lines[-1] == "[]"
    for name in NAMES:
        assert any(ln.startswith(read_cached(runs / name).run_id + " ") for ln in lines)  # type: ignore[union-attr]


def test_runs_json_is_the_typed_document(tmp_path: Path) -> None:
    runs = _runs(tmp_path, loaded=True)
    res = CliRunner().invoke(app, ["runs", "--runs-dir", str(runs), "--json"])
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == runs_document(runs, list_run_folders(runs)).model_dump_json(by_alias=True, indent=2)


def test_the_listing_spells_out_control_characters_from_a_log(capsys: pytest.CaptureFixture[str]) -> None:
    row = ListedRun(
        run_id="R1",
        path="runs/R1",
        started_at="2026-01-05T10:00:00Z",
        task_set="evil\x1b[2J@1",
        agent="agent\rname",
        control=None,
        status="completed",
        trials=2,
        planned=2,
        verdict="better",
        p_value=0.0123,
        faulted=2,
    )
    print_listing("runs\x07", [row])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out
    assert "evil\\x1b[2J@1" in out and "agent\\rname" in out and "Runs in runs\\x07" in out
    assert "2/2, all faulted: measured nothing" in out and "0.0123" in out and "2026-01-05 10:00:00" in out

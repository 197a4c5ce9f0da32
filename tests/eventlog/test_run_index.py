"""The run index in the SQL store: derived from run folders, rebuilt at will, on SQLite and PostgreSQL."""

import json
import os
import shutil
import warnings
from pathlib import Path

import pytest
from pg_fixture import PgServer
from typer.testing import CliRunner

from memeval.cli import app
from memeval.results import index_runs, indexed_runs

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "runlog_v1"


def _urls(tmp_path: Path, pg: PgServer | None) -> list[str]:
    """SQLite, and a fresh PostgreSQL database on the session's server (`tests/pg_fixture.py`)."""
    urls = [f"sqlite:///{tmp_path / 'store' / 'memeval.sqlite'}"]
    if pg is not None:
        urls.append(pg.new_database())
    elif os.environ.get("CI"):
        pytest.fail("no PostgreSQL for the run index: MEMEVAL_TEST_PG_URL unset and `scripts/pg start` failed")
    else:
        warnings.warn("run index checked on SQLite only: no PostgreSQL server", stacklevel=2)
    return urls


def test_index_rebuilds_from_folders_on_every_backend(tmp_path: Path, pg_server: PgServer | None):
    runs = tmp_path / "runs"
    shutil.copytree(FIXTURES, runs)
    for url in _urls(tmp_path, pg_server):
        rows = index_runs(runs, url)
        assert {r.run_id for r in rows} == {
            json.loads((runs / d / "events.jsonl").read_text().splitlines()[0])["run_id"]
            for d in ("oracle-mini", "sample-t01")
        }
        got = {r.run_id: r for r in indexed_runs(url)}
        for r in rows:
            assert got[r.run_id].log_hash == r.log_hash and got[r.run_id].status == "completed"
        again = index_runs(runs, url)  # idempotent: same rows, no duplicates
        # The shared PostgreSQL may also hold runs other tests indexed: compare these runs only.
        assert sorted(r.run_id for r in again) == sorted(r.run_id for r in rows)
        assert set(r.run_id for r in again) <= set(got)
        assert len({r.run_id for r in indexed_runs(url)}) == len(indexed_runs(url))


def test_runs_command_writes_and_reads_the_index(tmp_path: Path):
    runs = tmp_path / "runs"
    shutil.copytree(FIXTURES, runs)
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'idx.sqlite'}"}
    r = CliRunner().invoke(app, ["runs", "--runs-dir", str(runs), "--index", "--json"], env=env)
    assert r.exit_code == 0, r.stderr
    listed = CliRunner().invoke(app, ["runs", "--from-index", "--json"], env=env)
    doc = json.loads(listed.stdout)
    assert doc["schema"] == "memeval.run-index/1" and doc["schema_version"] == 1
    rows = doc["runs"]
    assert len(rows) == 2 and {row["status"] for row in rows} == {"completed"}


def test_listing_an_index_that_is_not_there_makes_no_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Found by a new user: `memeval runs --from-index` in a fresh clone made audit/memeval.sqlite (a
    listing wrote a store), and a mistyped --index-url made its folders and an empty database."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MEMEVAL_DB", raising=False)
    monkeypatch.delenv("MEMEVAL_INDEX_URL", raising=False)
    r = CliRunner().invoke(app, ["runs", "--from-index"])
    assert r.exit_code == 0 and "no runs in the run index at audit/memeval.sqlite yet" in r.stdout, r.output
    assert not (tmp_path / "audit").exists()
    typo = tmp_path / "tpyo" / "idx.sqlite"
    r = CliRunner().invoke(app, ["runs", "--from-index", "--index-url", f"sqlite:///{typo}", "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)["runs"] == [], r.output
    assert not typo.parent.exists()
    shutil.copytree(FIXTURES, tmp_path / "runs")  # once indexed, the same listing reads it
    assert CliRunner().invoke(app, ["runs", "--index", "--index-url", f"sqlite:///{typo}"]).exit_code == 0
    r = CliRunner().invoke(app, ["runs", "--from-index", "--index-url", f"sqlite:///{typo}", "--json"])
    assert len(json.loads(r.stdout)["runs"]) == 2, r.output


MINI = Path(__file__).resolve().parents[1] / "fixtures" / "tasksets" / "mini"


@pytest.mark.slow  # 21 s in the suite (91c579d9, three workers): handed out first
def test_two_members_runs_meet_in_one_shared_index(tmp_path: Path, pg_server: PgServer | None):
    # Two people, two machines' run folders, one team index (SQLite here, and the real PostgreSQL
    # that .ci/run starts): each `memeval ab --index-url` adds its run; either lists both.
    for url in _urls(tmp_path, pg_server):
        ids = []
        for member in ("ana", "ben"):
            res = CliRunner().invoke(
                app,
                [
                    "ab",
                    str(MINI),
                    "--agent",
                    "oracle",
                    "--network",
                    "none",
                    "--json",
                    "--quiet",
                    "--runs-dir",
                    str(tmp_path / member / "runs"),
                    "--index-url",
                    url,
                ],
            )
            assert res.exit_code == 0, res.output
            ids.append(json.loads(res.stdout)["run_id"])
        listed = CliRunner().invoke(app, ["runs", "--from-index", "--index-url", url, "--json"])
        assert listed.exit_code == 0, listed.output
        rows = {row["run_id"]: row for row in json.loads(listed.stdout)["runs"]}
        assert set(ids) <= set(rows)
        assert {rows[i]["path"].split("/runs/")[0].rsplit("/", 1)[-1] for i in ids} == {"ana", "ben"}


def test_a_bad_index_url_is_refused_before_the_run(tmp_path: Path):
    res = CliRunner().invoke(
        app,
        [
            "ab",
            str(MINI),
            "--agent",
            "oracle",
            "--network",
            "none",
            "--quiet",
            "--runs-dir",
            str(tmp_path / "runs"),
            "--index-url",
            "not a url",
        ],
    )
    assert res.exit_code == 2, res.output
    assert not (tmp_path / "runs").exists()

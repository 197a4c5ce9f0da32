"""A typo in a team name or a store path is an error, never a new empty store or team."""

import gc
from pathlib import Path

import pytest
from typer.testing import CliRunner

from memeval.cli import app

WEEK = Path(__file__).resolve().parents[2] / "samples" / "fernhill" / "audit" / "week.jsonl"


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'store.sqlite'}"
    r = CliRunner().invoke(app, ["audit", "ingest", str(WEEK), "--sender", "sample", "--db", url])
    assert r.exit_code == 0, r.stderr
    # The ingest's engine is closed when it is collected, and closing a SQLite connection may
    # checkpoint its journal into the file: collect now, so the bytes read as "before" are final.
    gc.collect()
    return url


@pytest.mark.parametrize(
    "args",
    [
        ["audit", "counts", "--team", "fernhil", "--week", "2026-W47"],
        ["audit", "verify", "--team", "fernhil"],
        ["review", "list", "--team", "fernhil"],
        ["report", "weekly", "--team", "fernhil", "--week", "2026-W47"],
        ["pack", "build", "--team", "fernhil", "--out", "/tmp/never-written.json"],
    ],
)
def test_unknown_team_is_refused_and_names_the_known_ones(db: str, tmp_path: Path, args: list[str]):
    before = Path(db.removeprefix("sqlite:///")).read_bytes()
    r = CliRunner().invoke(app, [*args, "--db", db])
    assert r.exit_code == 2 and "'fernhil'" in r.stderr and "fernhill" in r.stderr
    assert Path(db.removeprefix("sqlite:///")).read_bytes() == before


def test_a_store_path_that_does_not_exist_is_refused_not_created(tmp_path: Path):
    missing = tmp_path / "nope" / "x.sqlite"
    for args in (["audit", "verify"], ["review", "list"], ["audit", "counts", "--team", "t", "--week", "2026-W47"]):
        r = CliRunner().invoke(app, [*args, "--db", f"sqlite:///{missing}"])
        assert r.exit_code == 2 and "no audit store" in r.stderr
    assert not missing.parent.exists()

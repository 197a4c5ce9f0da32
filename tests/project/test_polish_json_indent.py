"""Every `--json` prints one document indented 2 spaces, then a newline (`memeval.cli._json`).

Found by a user: `memeval runs --json` and `results --json` were indented, while `audit ingest`,
`audit verify`, `audit counts`, `report weekly`, `report send` and `report verify` printed one
long line. Each command that has `--json` is found by walking the command tree, so a new one is
covered or this test fails; each is run for real on the golden runs and the sample's audit week.
Each document is also an object that names its shape (`schema` `memeval.NAME/N`, `schema_version`
N): `results`, `users list`, `review list`, `report subscriptions` and others printed bare lists.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer._click.core import Command
from typer.core import TyperGroup
from typer.testing import CliRunner

from memeval.cli import app
from memeval.cli.app import COMMANDS, load_command

REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "fixtures" / "runlog_v1"
SAMPLE = REPO / "samples" / "fernhill"
MINI = REPO / "tests" / "fixtures" / "tasksets" / "mini"

NOT_RUN = {"report send": "e-mails the report: needs an SMTP server; it prints through the same echo_json"}
"""Commands with `--json` this test does not run, and why."""


def _with_json(prefix: str, cmd: Command) -> list[str]:
    own = [prefix] if any("--json" in getattr(p, "opts", ()) for p in cmd.params) else []
    if isinstance(cmd, TyperGroup):
        for name, sub in sorted(cmd.commands.items()):
            own += _with_json(f"{prefix} {name}", sub)
    return own


def _commands_with_json() -> list[str]:
    return [path for name in COMMANDS for path in _with_json(name, load_command(name))]


def _argv(tmp: Path) -> dict[str, list[list[str]]]:
    """Each command's runs with --json, every one of them over a real store or real runs."""
    runs, db = tmp / "runs", f"sqlite:///{tmp / 'audit.sqlite'}"
    index = f"sqlite:///{tmp / 'index.sqlite'}"
    r = ["--runs-dir", str(runs)]
    report = tmp / "reports" / "fernhill" / "2026-W47" / "v1"
    return {
        "ab": [["ab", str(MINI), "--agent", "oracle", "--network", "none", "--quiet", *r]],
        "results": [
            ["results", "oracle-mini", *r],
            ["results", str(runs)],
            ["results", "sample-t01", "sample-t01", *r],
        ],
        "replay": [["replay", str(runs / "oracle-mini"), "--json"]],
        "compare": [["compare", "sample-t01", "sample-t01", *r]],
        "runs": [
            ["runs", *r],
            ["runs", "--index", "--index-url", index, *r],
            ["runs", "--from-index", "--index-url", index],
        ],
        "plan": [["plan", "--effect", "0.3", "--repeats", "1", "--seed", "1"]],
        "check-tasks": [["check-tasks", str(MINI), "--tasks", "greet", "--runs-dir", str(tmp / "checks")]],
        "audit ingest": [["audit", "ingest", str(SAMPLE / "audit" / "week.jsonl"), "--sender", "sample", "--db", db]],
        "audit verify": [["audit", "verify", "--db", db]],
        "audit counts": [["audit", "counts", "--team", "fernhill", "--week", "2026-W47", "--db", db]],
        "audit token list": [["audit", "token", "list", "--db", db]],
        "audit team list": [["audit", "team", "list", "--db", db]],
        "review list": [["review", "list", "--db", db]],
        "review show": [["review", "show", "lesson/fernhill/les_00", "--db", db]],
        "users list": [["users", "list", "--db", db]],
        "users log": [["users", "log", "--db", db]],
        "report weekly": [
            [
                "report",
                "weekly",
                "--team",
                "fernhill",
                "--week",
                "2026-W47",
                "--out",
                str(tmp / "reports"),
                "--db",
                db,
                *r,
            ]
        ],
        "report verify": [["report", "verify", str(report), "--db", db]],
        "report subscriptions": [["report", "subscriptions", "--db", db]],
    }


def _indented(out: str) -> bool:
    """`out` is one JSON document, 2-space indent, UTF-8 text (not \\u escapes), one final newline."""
    return out == json.dumps(json.loads(out), indent=2, ensure_ascii=False) + "\n"


def _versioned(doc: object) -> bool:
    """`doc` is an object whose `schema` names a `memeval.NAME/N` document and whose `schema_version` is N."""
    if not isinstance(doc, dict) or not isinstance(doc.get("schema"), str):
        return False
    name, _, version = doc["schema"].partition("/")
    return name.startswith("memeval.") and version.isdigit() and doc.get("schema_version") == int(version)


def test_the_check_tells_one_line_from_an_indented_document() -> None:
    assert _indented('{\n  "a": [\n    "é"\n  ]\n}\n')
    assert not _indented('{"a": [1]}\n')
    assert not _indented('{\n    "a": 1\n}\n')  # 4 spaces
    assert not _indented('{\n  "a": "\\u00e9"\n}\n')  # escaped, where models write the character


def test_plain_data_and_models_print_text_alike(capsys: pytest.CaptureFixture[str]) -> None:
    from pydantic import BaseModel

    from memeval.cli._json import echo_json

    class Row(BaseModel):
        name: str

    echo_json({"name": "Zoë"})
    echo_json(Row(name="Zoë"))
    plain, model = capsys.readouterr().out.split("}\n")[:2]
    assert plain == model == '{\n  "name": "Zoë"\n'


@pytest.mark.slow
def test_every_json_output_is_indented_two_spaces(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MEMEVAL_DB", raising=False)
    monkeypatch.delenv("MEMEVAL_INDEX_URL", raising=False)
    shutil.copytree(GOLDEN, tmp_path / "runs")
    argv = _argv(tmp_path)
    assert sorted(argv) == sorted(set(_commands_with_json()) - set(NOT_RUN))  # every command with --json is here
    one_line, unversioned = [], []
    for runs in argv.values():  # in order: the store is filled before it is read
        for args in runs:
            res = CliRunner().invoke(app, [*args, "--json"])
            assert res.exit_code in (0, 3), (args, res.stdout, res.stderr)  # 3: ab's oracle run measured nothing
            if not _indented(res.stdout):
                one_line.append(f"{' '.join(args)}: {res.stdout[:80]!r}")
            if not _versioned(json.loads(res.stdout)):
                unversioned.append(f"{' '.join(args)}: {res.stdout[:80]!r}")
    assert one_line == []
    assert unversioned == []  # every document says what it is: a script can check before it reads

"""Leftovers of the last session's closing note, each checked with a real memeval process.

- `memeval runs --from-index --json` lacked `verdict_reason` (and `error`), which the folder listing
  has: a run that measured nothing read `verdict` null with no reason from the index.
- `memeval plan --from RUN --seed N` without `--sequential` dropped the seed without a word (the plan from a
  pilot is a formula, nothing is drawn): refused now (exit 2), naming the fix.
- A loaded server's `GET /api/v1/health` said `{"status": "ok"}` with no `schema`, where a loading one's
  answer has `schema` and `schema_version`: both have them now.
- `memeval serve` warned "without --secure-cookies" on any host but the exact strings 127.0.0.1, ::1
  and localhost (so on 127.0.0.2 too), and both servers failed on `--host [::1]` as a URL writes it
  ("Name or service not known"): loopback is read by address now, and the brackets are dropped.
- Tried as a user: an option given last without its value (`memeval review list --kind`) said
  "Option '--kind' requires an argument." naming no command's help, as every other usage line does;
  `memeval audit token list --team TYPO` listed nothing without a word (other commands name the store's
  teams); `memeval replay RUN --json` was refused though the record is JSON (every reader takes --json);
  `memeval runs --index-url URL` without --index or --from-index listed the folders, the URL dropped
  without a word (its password, if any, is never echoed).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from line_reader import Lines
from live_server import LiveServer
from patience import patient
from usage_line import REPO, one_usage_line, run_memeval


@pytest.mark.usefixtures("all_faulted")
def test_the_index_lists_the_folder_listings_keys(tmp_path: Path) -> None:
    (tmp_path / "runs" / "broken").mkdir()
    (tmp_path / "runs" / "broken" / "events.jsonl").write_text("not json\n", encoding="utf-8")
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'idx.sqlite'}"}
    folders = run_memeval("runs", "--index", "--json", cwd=tmp_path, env=env)
    indexed = run_memeval("runs", "--from-index", "--json", cwd=tmp_path, env=env)
    assert folders.returncode == indexed.returncode == 0, (folders.stderr, indexed.stderr)
    by_folder = {r["run_id"]: r for r in json.loads(folders.stdout)["runs"]}
    by_index = {r["run_id"]: r for r in json.loads(indexed.stdout)["runs"]}
    assert by_folder.keys() == by_index.keys() and len(by_folder) == 2
    for run_id, row in by_folder.items():
        got = by_index[run_id]
        assert [k for k in got if k not in ("log_hash", "indexed_at")] == list(row), run_id
        assert {k: v for k, v in got.items() if k in row and k != "path"} == {
            k: v for k, v in row.items() if k != "path"
        }
    assert {r["verdict_reason"] for r in by_index.values()} == {"nothing_measured", None}
    assert any(r["error"] for r in by_index.values())
    shown = run_memeval("runs", "--from-index", cwd=tmp_path, env=env)
    assert shown.returncode == 0 and "unreadable: " in shown.stdout, shown.stdout


def test_plan_from_a_pilot_refuses_a_seed_it_would_not_read(tmp_path: Path) -> None:
    out = run_memeval("plan", "--effect", "0.15", "--from", "pilot", "--seed", "7", cwd=tmp_path)
    one_usage_line(out, "--seed is not read with --from and no --sequential", "drop --seed, or add --sequential")


def test_a_loaded_servers_health_names_its_schema_as_a_loading_one_does(tmp_path: Path) -> None:
    from memeval.audit import SqlAuditStore, create_ingest_app
    from memeval.cli._loading import health_loading_reply

    loading = json.loads(health_loading_reply("memeval audit serve").split(b"\r\n\r\n", 1)[1])
    store = SqlAuditStore(f"sqlite:///{tmp_path / 'a.sqlite'}", fingerprint_key=b"k" * 32)
    with LiveServer(create_ingest_app(store)) as srv:
        loaded = httpx.get(f"{srv.url}/api/v1/health", timeout=patient(10))
    assert loaded.status_code == 200
    assert loaded.json() == {"schema": "memeval.audit-health/1", "schema_version": 1, "status": "ok"}
    assert list(loading)[:3] == list(loaded.json()) and loading["status"] == "loading"


def _first_line(args: list[str], tmp_path: Path) -> str:
    """The first stderr line of a real `memeval` server, which is then stopped (SIGTERM, else killed)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(
        PYTHONPATH=str(REPO),
        MEMEVAL_DB=f"sqlite:///{tmp_path / 'store' / 'a.sqlite'}",
        MEMEVAL_AUDIT_WORKERS="0",
        XDG_CONFIG_HOME=str(tmp_path / "config"),  # the cookie key `memeval serve` keeps per store
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "memeval", *args],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    assert proc.stderr is not None
    try:
        return Lines(proc.stderr).next(patient(60)) or "(nothing on stderr)"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=patient(60))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_serve_reads_loopback_by_address_and_takes_a_bracketed_ipv6_host(tmp_path: Path) -> None:
    first = _first_line(["serve", "--no-ingest", "--host", "127.0.0.2", "--port", "0"], tmp_path)
    assert re.fullmatch(r"memeval review on http://127\.0\.0\.2:[1-9][0-9]*/ \(Ctrl-C to stop\)", first), first
    first = _first_line(["serve", "--no-ingest", "--host", "[::1]", "--port", "0"], tmp_path)
    no_ipv6 = _ipv6_loopback_refusal()
    if no_ipv6 is None:
        assert re.fullmatch(r"memeval review on http://\[::1\]:[1-9][0-9]*/ \(Ctrl-C to stop\)", first), first
    else:  # IPv6 is off on this machine (a container's default): the socket was still asked for ::1, not `[::1]`
        fix = "pass --host with an address of this machine (default 127.0.0.1)"
        assert first == f"error: cannot listen on ::1 port 0: {no_ipv6}: {fix}", first


def _ipv6_loopback_refusal() -> str | None:
    """None when this machine can listen on ::1, else the system's reason (IPv6 disabled: no ::1 on `lo`)."""
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def test_loopback_is_read_by_address() -> None:
    from memeval.cli._serving import loopback

    for host in ("127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "[::1]", "::ffff:127.0.0.1", "[::ffff:127.0.0.2]"):
        assert loopback(host), host
    for host in ("0.0.0.0", "::", "[::]", "::ffff:10.0.0.1", "192.168.1.5", "example.org", "localhost.example.org"):
        assert not loopback(host), host


def test_an_option_without_its_value_names_the_commands_help(tmp_path: Path) -> None:
    out = run_memeval("review", "list", "--kind", cwd=tmp_path)
    one_usage_line(out, "'--kind' requires an argument", "(see 'memeval review list --help')")


def test_a_token_listing_of_a_team_the_store_does_not_have_says_so(tmp_path: Path) -> None:
    (tmp_path / "store").mkdir()  # a copy of a small store of team fernhill (its README says how it was made)
    shutil.copy(REPO / "tests" / "fixtures" / "audit_before_id_shape" / "store.sqlite", tmp_path / "store")
    db = f"sqlite:///{tmp_path / 'store' / 'store.sqlite'}"
    out = run_memeval("audit", "token", "list", "--team", "fernhil", "--json", cwd=tmp_path, env={"MEMEVAL_DB": db})
    assert out.returncode == 0 and json.loads(out.stdout)["tokens"] == [], out.stderr
    assert out.stderr == "note: team 'fernhil' has no events in this store (its teams: fernhill)\n", out.stderr


def test_replay_takes_json_as_every_reader_does(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from memeval.cli import app

    run = tmp_path / "runs" / "oracle-mini"  # a copy: a replay writes its cache beside the log
    shutil.copytree(REPO / "tests" / "fixtures" / "runlog_v1" / "oracle-mini", run)
    plain = run_memeval("replay", str(run), cwd=tmp_path)
    fast = run_memeval("replay", "--json", str(run), cwd=tmp_path)
    assert plain.returncode == fast.returncode == 0, (plain.stderr, fast.stderr)
    assert fast.stdout == plain.stdout and json.loads(fast.stdout)["run_id"]
    typed = CliRunner().invoke(app, ["replay", str(run), "--json"])  # the command line's own parse
    assert typed.exit_code == 0 and typed.stdout == plain.stdout, typed.output


def test_runs_refuses_an_index_url_it_would_not_read(tmp_path: Path) -> None:
    url = f"postgresql+psycopg://me:s3cret@127.0.0.1:1/{tmp_path.name}"
    out = run_memeval("runs", "--json", "--index-url", url, cwd=tmp_path)
    line = one_usage_line(out, "--index-url names the run index's store", "add --from-index", "or --index")
    assert "s3cret" not in line
    ok = run_memeval("runs", "--json", cwd=tmp_path, env={"MEMEVAL_INDEX_URL": url})  # a setting, not a typed option
    assert ok.returncode == 0 and json.loads(ok.stdout)["runs"] == [], ok.stderr

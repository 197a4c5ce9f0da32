"""What a new user's walk on a fresh clone found (newuser29) and the last walk's leftovers, in real `memeval` processes.

- `memeval serve` or `memeval audit serve` started in the wrong folder (or with a typo in `--db`)
  made `audit/memeval.sqlite` there, a fingerprint key and a cookie key in `~/.config/memeval/`, and
  left all three when stopped: a later command in that folder took the empty store for the real one.
  A server now removes the store it made when, at its stop, nothing was stored in it.
- README's `memeval serve &` line, pasted into a script, left the server running after the script
  ended (its `kill %1` is typed by hand or never): the line now stops it when the shell exits.
- `memeval report verify --json` printed its keys sorted (`checks` before `ok`, `detail` before
  `name`), not in the order README's table of `--json` outputs gives: now in that order.
- `memeval schedule` on a store where no team is subscribed said `MEMEVAL_SMTP_HOST is not set`
  first (and with SMTP set, ran sending nothing); a missing store came after the SMTP settings too.
  Now the store, then the subscriptions, then the mail server.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

from line_reader import Lines
from live_server import LISTENING
from patience import patient
from usage_line import REPO, one_usage_line, run_memeval, set_up_memeval, spawn_memeval

SAMPLE = REPO / "samples" / "fernhill"


def _serve_until_listening(args: list[str], cwd: Path, env: dict[str, str]) -> list[str]:
    """Start `memeval ARGS` (a server), wait for its listening line, stop it with SIGTERM; its stderr lines."""
    proc = spawn_memeval(*args, cwd=cwd, env=env, stdout=subprocess.DEVNULL)
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    said: list[str] = []
    try:
        while not any(LISTENING in line for line in said):
            line = err.next(patient(180))
            assert line is not None, f"no listening line; it said: {said}"
            said.append(line)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=patient(60)) == 0
    return said + err.rest().splitlines()


def _files(*roots: Path) -> list[str]:
    return sorted(str(p) for root in roots if root.exists() for p in root.rglob("*"))


def test_a_server_started_in_the_wrong_folder_leaves_no_store_or_key(tmp_path: Path) -> None:
    """Both servers, started where no store is, stopped with nothing stored: no folder, store or key left."""
    wrong, cfg = tmp_path / "wrong", tmp_path / "cfg"
    wrong.mkdir()
    env = {"XDG_CONFIG_HOME": str(cfg)}
    for args in (["serve", "--no-ingest"], ["audit", "serve"]):
        said = _serve_until_listening([*args, "--port", "0"], wrong, env)
        (line,) = [w for w in said if "removed the store" in w]
        assert str(wrong / "audit" / "memeval.sqlite") in line and "--db" in line, line
        assert _files(wrong) == [] and [p for p in _files(cfg) if p.endswith(".key")] == [], (args, _files(wrong, cfg))


def test_a_server_keeps_a_store_it_made_once_something_is_stored(tmp_path: Path) -> None:
    """A first serve on a new store, then `users add` while it runs (as its own hint says): store and keys stay."""
    env = {"MEMEVAL_DB": f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}", "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    proc = spawn_memeval("serve", "--no-ingest", "--port", "0", cwd=tmp_path, env=env,
                         stdout=subprocess.DEVNULL)  # fmt: skip
    assert proc.stderr is not None
    err = Lines(proc.stderr)
    try:
        while (line := err.next(patient(180))) is not None and LISTENING not in line:
            pass
        assert line is not None, err.rest()
        made = run_memeval("users", "add", "alice", "--role", "admin", "--password-stdin", cwd=tmp_path, env=env,
                           stdin="correct horse battery\n")  # fmt: skip
        assert made.returncode == 0, made.stderr
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        assert proc.wait(timeout=patient(60)) == 0
    assert "removed the store" not in err.rest()
    assert (tmp_path / "store" / "audit.sqlite").is_file()
    assert len([p for p in _files(tmp_path / "cfg") if p.endswith(".key")]) == 2  # fingerprint and cookie keys
    listed = run_memeval("users", "list", "--json", cwd=tmp_path, env=env)
    assert [u["username"] for u in json.loads(listed.stdout)["users"]] == ["alice"], listed.stderr


def _readme_serve_line() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (line,) = [w for w in readme.splitlines() if re.match(r"^\.venv/bin/memeval serve &", w)]
    return line


def test_readme_serve_line_pasted_in_a_script_leaves_no_server(tmp_path: Path) -> None:
    """The audit walk's `memeval serve &`, run in a script that then ends, must not leave the server running."""
    line = _readme_serve_line()
    command = line.replace(".venv/bin/memeval serve", f"{shlex.quote(sys.executable)} -m memeval serve --no-ingest "
                           "--port 0", 1)  # fmt: skip
    script = tmp_path / "walk.sh"
    script.write_text(  # the line, then wait until it answers, then the script ends
        f"set -e\n{command}\n"
        # the port --port 0 took, from the line that says it listens (the script's stderr is err.txt)
        "for i in $(seq 1 600); do p=$(sed -n 's|.*http://127.0.0.1:\\([0-9]*\\)/ (Ctrl-C to stop)|\\1|p' err.txt)\n"
        '  [ -n "$p" ] && (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null && break; sleep 0.5; done\n'
        "echo answered\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMEVAL_")}
    env.update(PYTHONPATH=str(REPO), XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               MEMEVAL_DB=f"sqlite:///{tmp_path / 'store' / 'audit.sqlite'}")  # fmt: skip
    out_file, err_file = tmp_path / "out.txt", tmp_path / "err.txt"
    with out_file.open("w") as out, err_file.open("w") as err:  # files, not pipes: a server left over holds a pipe
        proc = subprocess.Popen(["bash", str(script)], cwd=tmp_path, env=env, start_new_session=True,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err)  # fmt: skip
    try:
        proc.wait(timeout=patient(400))
        assert "answered" in out_file.read_text(), err_file.read_text()[-2000:]
        deadline = time.monotonic() + patient(60)
        left = True
        while left and time.monotonic() < deadline:
            try:
                os.killpg(proc.pid, 0)  # anything of the script's process group still running?
                time.sleep(0.2)
            except ProcessLookupError:
                left = False
        assert not left, f"README's line left the server running after the script ended: {line}"
    finally:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_report_verify_json_keys_in_readme_order(tmp_path: Path) -> None:
    """README's table: `ok`, `checks`: `name`, `ok`, `detail`; the output had them sorted the other way."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (row,) = [w for w in readme.splitlines() if w.startswith("| `report verify --json` |")]
    listed = re.findall(r"`(\w+)`", row.split("|")[3])
    assert listed == ["ok", "checks", "name", "ok", "detail"], row
    store = ["--db", f"sqlite:///{tmp_path / 'audit.sqlite'}"]
    ingested = set_up_memeval("audit", "ingest", str(SAMPLE / "audit" / "week.jsonl"), "--sender", "sample", *store,
                              cwd=tmp_path)  # fmt: skip
    assert ingested.returncode == 0, ingested.stderr[-2000:]
    week = ["--team", "fernhill", "--week", "2026-W47"]
    made = run_memeval("report", "weekly", *week, *store, cwd=tmp_path, timeout_s=300)
    assert made.returncode == 0, made.stderr[-2000:]
    for tampered in (False, True):
        if tampered:  # a failing check: the same keys, in the same order, and exit 1
            body = next((tmp_path / "reports").rglob("body.txt"))
            body.write_text(body.read_text(encoding="utf-8") + "changed\n", encoding="utf-8")
        out = run_memeval("report", "verify", *week, *store, "--json", cwd=tmp_path)
        assert out.returncode == (1 if tampered else 0), out.stderr[-2000:]
        doc = json.loads(out.stdout)
        assert list(doc) == ["schema", "schema_version", "ok", "checks"], list(doc)
        assert doc["checks"] and all(list(c) == ["name", "ok", "detail"] for c in doc["checks"]), doc["checks"]
        assert doc["ok"] is (not tampered)


def test_schedule_names_the_store_then_the_subscriptions_before_smtp(tmp_path: Path) -> None:
    no_store = run_memeval("schedule", "--db", "sqlite:///audit/typo.sqlite", cwd=tmp_path)  # SMTP unset too
    one_usage_line(no_store, "no audit store at audit/typo.sqlite")
    store = ["--db", f"sqlite:///{tmp_path / 'audit.sqlite'}"]
    ingested = set_up_memeval("audit", "ingest", str(SAMPLE / "audit" / "week.jsonl"), "--sender", "sample", *store,
                              cwd=tmp_path)  # fmt: skip
    assert ingested.returncode == 0, ingested.stderr[-2000:]
    nothing = run_memeval("schedule", *store, cwd=tmp_path)
    line = one_usage_line(nothing, "no team is subscribed", "`memeval report subscribe --team fernhill --to ADDRESS`",
                          "MEMEVAL_SMTP_HOST is not set")  # fmt: skip
    assert line.index("report subscribe") < line.index("MEMEVAL_SMTP_HOST"), line
    subscribed = set_up_memeval("report", "subscribe", "--team", "fernhill", "--to", "lead@fernhill.example", *store,
                                cwd=tmp_path)  # fmt: skip
    assert subscribed.returncode == 0, subscribed.stderr
    smtp_only = run_memeval("schedule", *store, cwd=tmp_path)  # now the mail server is the one thing missing
    line = one_usage_line(smtp_only, "MEMEVAL_SMTP_HOST is not set")
    assert "subscribe" not in line, line

import json
from pathlib import Path

import pytest
from patience import patient
from runner_helpers import MINI, REPO, make_task, trials_by_id
from typer.testing import CliRunner

from memeval.cli import app


def test_oracle_passes_and_nop_fails_on_the_mini_set(run_ab):
    code, doc, err = run_ab(str(MINI), "--agent", "oracle", "--network", "none")
    assert code == 0, err
    assert all(t["verified"] is True and t["control"] == "oracle" for t in doc["trials"])
    assert {t["checks"][0]["level"] for t in doc["trials"]} == {"L2v"}
    code, doc2, err = run_ab(str(MINI), "--agent", "nop", "--network", "none")
    assert code == 0, err
    assert all(t["verified"] is False and t["control"] == "nop" for t in doc2["trials"])
    assert doc["run_id"] != doc2["run_id"]
    assert doc2["run_card"]["agent"]["control"] == "nop"


def test_record_keeps_the_records_page_keys(run_ab):
    code, doc, _ = run_ab(str(MINI), "--agent", "oracle", "--network", "none")
    t = doc["trials"][0]
    for key in ("task_id", "mode", "verified", "checks", "harness_measured", "context_manifest", "started_at"):
        assert key in t
    assert set(t["harness_measured"]) == {"wall_ms", "input_tokens", "output_tokens", "total_cost_usd"}
    assert set(t["checks"][0]) >= {"type", "level", "pass"}
    # unmetered: null with a reason, never 0
    assert t["harness_measured"]["input_tokens"] is None
    assert t["physics"]["missing"]["input_tokens"].startswith("unmetered")


def _runs(tmp_path: Path) -> list[Path]:
    d = tmp_path / "runs"
    return list(d.iterdir()) if d.exists() else []


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--agent", "claude-unknown"], "unknown agent 'claude-unknown'"),
        (["--agent", "command"], "--agent-cmd"),
        # a program on neither the host nor any world: refused, not a run of boot faults (newuser33)
        (
            ["--agent", "command", "--agent-cmd", "no-such-agent-binary --go"],
            "program 'no-such-agent-binary' is not installed",
        ),
        # a relative path no world holds (greet's agent starts in an empty /app); a folder; a file that is not
        # executable: refused naming what is wrong, not a run of boot faults, nor "no such file" for a file that is
        # there (newuser34)
        (
            ["--agent", "command", "--agent-cmd", "./no-such-agent-binary", "--tasks", "greet"],
            "program './no-such-agent-binary' is not installed (no such file here)",
        ),
        (["--agent", "command", "--agent-cmd", str(MINI)], "is a folder here, not a program"),
        (["--agent", "command", "--agent-cmd", str(REPO / "README.md")], "is not executable here (chmod +x it"),
        (["--agent", "command", "--agent-cmd", "sh -c 'echo hi"], "is not a shell command line (no closing quotation)"),
        (["--agent", "codex", "--agent-cmd", "'codex"], "is not a shell command line (no closing quotation)"),
        # more sandboxes than the file limit lets the metering proxy serve: refused while planning, not a
        # run folder left "interrupted" and exit 1 when the proxy starts (newuser33)
        (["--agent", "nop", "--concurrency", "1000000"], "--concurrency 1000000: 1000000 sandboxes at once need"),
        (["--agent", "nop", "--network", "wifi"], "--network 'wifi'"),
        (["--agent", "nop", "--tasks", "no-such-task"], "no-such-task"),
        (["--agent", "nop", "--env", "1BAD=x"], "--env '1BAD=x'"),
        (["--agent", "nop", "--pack", "/nonexistent/pack.json"], "does not exist"),
        (
            ["--agent", "nop", "--max-repeats", "3"],
            "--max-repeats only applies with --until-decided: add --until-decided",
        ),
        (["--agent", "nop", "--spending", "pocock", "--futility-power", "0"], "--spending and --futility-power only"),
    ],
)
def test_bad_input_exits_2_with_one_message_and_writes_nothing(tmp_path: Path, run_ab, args, needle):
    code, _, err = run_ab(str(MINI), *args)
    assert code == 2
    assert needle in err
    assert _runs(tmp_path) == []


def test_missing_task_file_and_duplicate_pack_ids_exit_2(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    t = make_task(tasks, "t1")
    (t / "instruction.md").unlink()
    code, _, err = run_ab(str(tasks), "--agent", "nop")
    assert code == 2 and "instruction.md" in err
    pack = tmp_path / "pack.json"
    item = {"id": "pk_0001", "kind": "lesson", "text": "x", "provenance": {"source": "session"}}
    pack.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "1", "items": [item, item]}))
    code, _, err = run_ab(str(MINI), "--agent", "nop", "--pack", str(pack))
    assert code == 2 and "duplicate item ids" in err and "pk_0001" in err
    assert _runs(tmp_path) == []


def test_unsupported_dockerfile_line_is_a_boot_fault_naming_it(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    make_task(tasks, "needs-docker", dockerfile="FROM x\nWORKDIR /app\nHEALTHCHECK CMD true\nVOLUME /cache\n")
    code, doc, _ = run_ab(str(tasks), "--agent", "oracle", "--network", "none")
    assert code == 3  # every trial faulted: measured nothing
    for t in doc["trials"]:
        assert t["fault"]["code"] == "boot" and "VOLUME" in t["fault"]["message"] and "line 4" in t["fault"]["message"]
        assert t["verified"] is None and t["execution"] == "not_started"
    assert doc["verdict"]["tasks_dropped"] == ["needs-docker"]


def test_agent_command_that_does_not_exist_is_a_boot_fault(tmp_path: Path, run_ab):
    # `--env PATH=...` gives the agent a PATH of its own, so the plan cannot tell the program is
    # missing (without it the run is refused: test_bad_input_exits_2_with_one_message_and_writes_nothing)
    code, doc, err = run_ab(
        str(MINI),
        "--env",
        "PATH=/usr/bin:/bin",
        "--agent",
        "command",
        "--agent-cmd",
        "no-such-agent-binary --go",
        "--network",
        "none",
        "--tasks",
        "greet",
    )
    assert code == 3  # every trial faulted: measured nothing
    for t in doc["trials"]:
        assert t["fault"]["code"] == "boot" and "no-such-agent-binary" in t["fault"]["message"]
    # the last line says why, not only the code: a new user saw "(2 trials: boot)" and had to ask `results`
    last = err.strip().splitlines()[-1]
    assert "measured nothing" in last and "each with boot: agent command not found: no-such-agent-binary" in last
    assert f"memeval results {doc['run_id']}" in last, last


def test_agent_timeout_is_an_outcome_and_still_verified(tmp_path: Path, run_ab):
    # 1 s on a quiet machine, scaled by patience on a busy one (at load 20 the sandbox alone took
    # longer to boot, so the turn never started); the agent sleeps far past any such budget
    code, doc, _ = run_ab(
        str(MINI),
        "--agent",
        "command",
        "--agent-cmd",
        "sh -c 'echo hello > greeting.txt; sleep 3600'",
        "--agent-timeout",
        f"{patient(1):.1f}",
        "--network",
        "none",
        "--tasks",
        "greet",
    )
    assert code == 0
    for t in doc["trials"]:
        assert t["execution"] == "timed_out" and t["fault"] is None
        assert t["verified"] is True  # what it left before its time ran out still passes


def test_verifier_over_budget_is_a_timeout_fault(tmp_path: Path, run_ab):
    tasks = tmp_path / "tasks"
    make_task(tasks, "slow-verifier", test_sh="sleep 30\necho 1 > /logs/verifier/reward.txt\n")
    code, doc, _ = run_ab(str(tasks), "--agent", "nop", "--network", "none", "--verifier-timeout", "1")
    assert code == 3  # every trial faulted: measured nothing
    assert {t["fault"]["code"] for t in doc["trials"]} == {"timeout"}


def test_non_zero_exit_is_errored_and_verified(run_ab):
    code, doc, _ = run_ab(
        str(MINI),
        "--agent",
        "command",
        "--agent-cmd",
        "sh -c 'echo hello > greeting.txt; exit 3'",
        "--network",
        "none",
        "--tasks",
        "greet",
    )
    by = trials_by_id(doc)
    assert by["greet:pack:1"]["execution"] == "errored" and by["greet:pack:1"]["verified"] is True


def test_pack_mode_gets_the_slice_and_baseline_does_not(tmp_path: Path, run_ab):
    pack = tmp_path / "pack.json"
    items = [
        {"id": f"pk_000{i}", "kind": "lesson", "text": f"lesson {i}", "provenance": {"source": "session"}}
        for i in (1, 2)
    ]
    pack.write_text(json.dumps({"schema": "memeval.pack/1", "name": "p", "version": "1", "items": items}))
    agent = (
        "sh -c 'cat MEMORY.md > seen.txt 2>/dev/null; "
        'cat "$MEMEVAL_INSTRUCTION_FILE" >> seen.txt; echo hello > greeting.txt\''
    )
    code, doc, _ = run_ab(
        str(MINI),
        "--agent",
        "command",
        "--agent-cmd",
        agent,
        "--pack",
        str(pack),
        "--slice",
        "pk_0002",
        "--network",
        "none",
        "--tasks",
        "greet",
        "--retain",
        "always",
    )
    by = trials_by_id(doc)
    assert by["greet:pack:1"]["context_manifest"] == ["pk_0002"]
    assert by["greet:baseline:1"]["context_manifest"] == []
    root = tmp_path / "runs" / doc["run_id"]
    seen_pack = (root / by["greet:pack:1"]["workspace"]["retained"] / "app" / "seen.txt").read_text()
    seen_base = (root / by["greet:baseline:1"]["workspace"]["retained"] / "app" / "seen.txt").read_text()
    assert "lesson 2" in seen_pack and "lesson 1" not in seen_pack and "MEMORY.md" in seen_pack
    assert "lesson" not in seen_base and "MEMORY.md" not in seen_base


def test_replay_rebuilds_identical_bytes(tmp_path: Path, run_ab):
    code, doc, _ = run_ab(str(MINI), "--agent", "oracle", "--network", "none")
    runner = CliRunner()
    a = runner.invoke(app, ["replay", doc["run_id"], "--runs-dir", str(tmp_path / "runs")])
    b = runner.invoke(app, ["replay", str(tmp_path / "runs" / doc["run_id"])])
    assert a.exit_code == 0 and a.stdout == b.stdout
    assert json.loads(a.stdout)["run_id"] == doc["run_id"]
    bad = runner.invoke(app, ["replay", "no-such-run", "--runs-dir", str(tmp_path / "runs")])
    assert bad.exit_code == 2 and "no-such-run" in bad.stderr
    # The old name, one letter from `results`, still works for scripts, says so, and is not listed.
    old = runner.invoke(app, ["result", doc["run_id"], "--runs-dir", str(tmp_path / "runs")])
    assert old.exit_code == 0 and old.stdout == a.stdout and "memeval replay" in old.stderr
    listing = runner.invoke(app, ["--help"]).stdout
    assert "replay" in listing and " result " not in listing


def test_results_listing_json(tmp_path: Path, run_ab):
    code, doc, _ = run_ab(str(MINI), "--agent", "nop", "--network", "none")
    res = CliRunner().invoke(app, ["results", doc["run_id"], "--runs-dir", str(tmp_path / "runs"), "--json"])
    listed = json.loads(res.stdout)
    assert listed["schema"] == "memeval.results/1" and listed["schema_version"] == 1
    assert listed["run_id"] == doc["run_id"]
    rows = listed["trials"]
    assert len(rows) == 4 and {r["mode"] for r in rows} == {"baseline", "pack"}
    assert all(r["reward"] == 0.0 for r in rows)


@pytest.mark.slow
def test_pip_install_in_the_dockerfile_gives_agent_and_verifier_the_package(tmp_path: Path, run_ab):
    """Needs the package registry (CI has it): the env is built once and cached by package list."""
    tasks = tmp_path / "tasks"
    make_task(
        tasks,
        "needs-six",
        dockerfile="FROM python:3.11-slim\nWORKDIR /app\nRUN pip install six==1.16.0\n",
        test_sh="python3 -c 'import six; assert six.__version__ == \"1.16.0\"' && "
        "grep -q 1.16.0 /app/seen && echo 1 > /logs/verifier/reward.txt || echo 0 > /logs/verifier/reward.txt\n",
    )
    code, doc, err = run_ab(
        str(tasks),
        "--agent",
        "command",
        "--agent-cmd",
        "python3 -c \"import six; open('/app/seen', 'w').write(six.__version__)\"",
        "--network",
        "none",
    )
    assert code == 0, err
    assert [t["verified"] for t in doc["trials"]] == [True, True], [t["fault"] for t in doc["trials"]]


@pytest.mark.parametrize(
    ("writes", "needle"),
    [
        ("echo lots > /logs/verifier/reward.txt", "not a number"),
        ("echo 1.5 > /logs/verifier/reward.txt", "outside [0, 1]"),
        ('echo \'{"a": 1, "b": 0}\' > /logs/verifier/reward.json', "name the one that counts"),
        ("echo '{nope' > /logs/verifier/reward.json", "not valid JSON"),
    ],
)
def test_malformed_reward_file_is_a_protocol_fault(tmp_path: Path, run_ab, writes: str, needle: str):
    tasks = tmp_path / "tasks"
    make_task(tasks, "bad-reward", test_sh=writes + "\n")
    code, doc, _ = run_ab(str(tasks), "--agent", "nop", "--network", "none")
    assert code == 3  # every trial faulted: measured nothing
    for t in doc["trials"]:
        assert t["fault"]["code"] == "protocol" and needle in t["fault"]["message"]
        assert t["verified"] is None and t["reward"] is None


def test_the_default_relative_runs_folder_works(tmp_path: Path, monkeypatch):
    # README's first command uses the default `runs/`, relative to where the user stands; every
    # host path handed to the sandbox must still resolve (a breaker found every trial boot-faulted).
    from memeval.sandbox import Mount, SandboxSpec, get_backend

    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(app, ["ab", str(MINI), "--agent", "oracle", "--network", "none", "--json", "--quiet"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert all(t["verified"] is True and t["fault"] is None for t in doc["trials"])
    assert Path(doc["run_dir"]).is_absolute() and Path(doc["run_dir"]).parent == tmp_path / "runs"
    # The backend itself also resolves a relative host path against memeval's own folder.
    (tmp_path / "rel").mkdir()
    (tmp_path / "rel" / "f.txt").write_text("seen\n")
    out = tmp_path / "out.txt"
    spec = SandboxSpec((Mount(Path("rel"), "/mnt/rel"),), "/", {"PATH": "/usr/bin:/bin"})
    r = get_backend().run(spec, ["cat", "/mnt/rel/f.txt"], timeout_s=30, stdout=out, stderr=out)
    assert r.exit_code == 0 and out.read_text() == "seen\n"


def test_runs_listing_marks_a_run_whose_trials_all_faulted(tmp_path: Path, run_ab):
    args = ("--network", "none", "--tasks", "greet")
    env = ("--env", "PATH=/usr/bin:/bin")  # an agent PATH of its own: the plan cannot refuse the missing program
    code, faulted, _ = run_ab(str(MINI), "--agent", "command", "--agent-cmd", "no-such-agent-binary", *env, *args)
    assert code == 3
    code, fine, _ = run_ab(str(MINI), "--agent", "oracle", *args)
    assert code == 0
    runs = str(tmp_path / "runs")
    listing = json.loads(CliRunner().invoke(app, ["runs", "--runs-dir", runs, "--json"]).output)
    by_id = {r["run_id"]: r for r in listing["runs"]}
    assert by_id[faulted["run_id"]]["faulted"] == by_id[faulted["run_id"]]["trials"] == 2
    assert by_id[fine["run_id"]]["faulted"] == 0
    text = CliRunner().invoke(app, ["runs", "--runs-dir", runs], terminal_width=250).output
    rows = {ln.split()[0]: ln for ln in text.splitlines() if ln.startswith("01")}
    assert "all faulted: measured nothing" in rows[faulted["run_id"]], text
    assert "faulted" not in rows[fine["run_id"]], text

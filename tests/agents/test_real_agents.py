"""The CI matrix: each preset runs its REAL tool (installed by `scripts/setup --tests` at the
version in `memeval.agents.TESTED`, under /opt/memeval-agents, outside the system folders)
through `memeval ab`, against a scripted model on 127.0.0.1 speaking the tool's wire format.

Each tool must: start in the sandbox (its install bound read-only, recorded on the run card, the
version on the card the one that ran), reach the proxy with the placeholder key and never see the
real key, be metered call for call (every model call the scripted model answered is on the
trial's record with the tokens it answered), pass the task by writing the file through its own
tool, and get the pack in the pack arm only. A tool that is not installed fails its test.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from agents_helpers import make_task, run_ab
from scripted_model import ANSWER_FILE, ANSWER_TEXT, ScriptedModel, start_scripted_model

from memeval.agents import TESTED
from memeval.agents._locate import package_version
from memeval.eventlog import AgentExited, ArtifactStore, RunLog
from memeval.results import load_run
from memeval.viewer._data import trial_view

AGENTS_HOME = Path(os.environ.get("MEMEVAL_AGENTS_HOME", "/opt/memeval-agents"))
"""Where `scripts/setup --tests` installs the tools (`npm/` prefix, `aider/` venv)."""
REAL_KEY = "sk-proj-" + "Q7vXm2" * 8
MARKER = "Release notes are written in Latvian"
PACK = {
    "schema": "memeval.pack/1",
    "name": "matrix",
    "version": "1",
    "items": [
        {
            "id": "pk_0001",
            "kind": "fact",
            "text": MARKER + ".",
            "provenance": {"source": "session", "session_id": "s_1", "recorded_at": "2026-05-19T09:03:27Z"},
        }
    ],
}


@dataclass(frozen=True)
class Case:
    preset: str
    binary: str
    model: str
    api: str
    """The upstream API (`--upstream api=...`)."""
    wire: str
    """What the scripted model must have been asked (`/v1/messages`, `/v1/responses`, ...)."""
    streamed: bool
    memory_file: str


MATRIX = (
    Case("claude-code", "npm/bin/claude", "claude-matrix-1", "anthropic", "/v1/messages", True, "CLAUDE.md"),
    Case("codex", "npm/bin/codex", "gpt-matrix-1", "openai", "/v1/responses", True, "AGENTS.md"),
    Case("gemini-cli", "npm/bin/gemini", "gemini-matrix-1", "google", ":streamGenerateContent", True, "GEMINI.md"),
    Case("opencode", "npm/bin/opencode", "openai/gpt-matrix-1", "openai", "/v1/responses", True, "AGENTS.md"),
    Case("aider", "aider/bin/aider", "gpt-matrix-1", "openai", "/v1/chat/completions", False, "CONVENTIONS.md"),
)
"""tool, wire format, streaming: README's agent table is checked against this (test_readme)."""

SIDE_MODELS = (
    "gemini-2.5-flash-lite",
    "gemini-3.1-flash-lite",
    "gemini-3.1-flash-lite-preview",
    "gemini-3.5-flash-lite",
)
"""Models a tool asks for on its own for side calls (gemini-cli's routing and summaries), priced
in the test's price file so every call's cost is known and checked."""
PRICES = """
[models."claude-matrix-1"]
input_usd_per_mtok = 3.0
output_usd_per_mtok = 15.0
[models."gpt-matrix-1"]
input_usd_per_mtok = 2.0
output_usd_per_mtok = 8.0
[models."gemini-matrix-1"]
input_usd_per_mtok = 1.0
output_usd_per_mtok = 4.0
""" + "".join(f'[models."{m}"]\ninput_usd_per_mtok = 0.5\noutput_usd_per_mtok = 2.0\n' for m in SIDE_MODELS)
RATES = {"claude-matrix-1": (3.0, 15.0), "gpt-matrix-1": (2.0, 8.0), "gemini-matrix-1": (1.0, 4.0)}
RATES.update({m: (0.5, 2.0) for m in SIDE_MODELS})
TEST_SH = f"""\
if grep -qx '{ANSWER_TEXT}' /app/{ANSWER_FILE}; then echo 1 > /logs/verifier/reward.txt
else echo 0 > /logs/verifier/reward.txt; fi
"""


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedModel]:
    monkeypatch.setenv("MEMEVAL_TEST_UPSTREAM_KEY", REAL_KEY)
    sm = start_scripted_model("/app")
    yield sm
    sm.stop()


def _installed(case: Case, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tool's program; put its folder on PATH the way a user's install would be."""
    program = AGENTS_HOME / case.binary
    assert program.exists(), (
        f"{case.preset} is not installed at {program}: run scripts/setup --tests (it installs the "
        f"matrix's tools at {TESTED})"
    )
    monkeypatch.setenv("PATH", f"{program.parent}{os.pathsep}{os.environ['PATH']}")
    return program


@pytest.mark.real_agents
@pytest.mark.parametrize("case", MATRIX, ids=[c.preset for c in MATRIX])
def test_real_agent_passes_metered_with_the_pack_in_the_pack_arm_only(
    case: Case, tmp_path: Path, scripted: ScriptedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _installed(case, monkeypatch)
    make_task(tmp_path / "tasks", "matrix", test_sh=TEST_SH)
    (tmp_path / "tasks" / "matrix" / "instruction.md").write_text(f"Write {ANSWER_TEXT} into {ANSWER_FILE}.\n")
    (tmp_path / "tasks" / "matrix" / "task.toml").write_text(
        "[verifier]\ntimeout_sec = 30.0\n[agent]\ntimeout_sec = 240.0\n"
    )
    (tmp_path / "prices.toml").write_text(PRICES)
    (tmp_path / "pack.json").write_text(json.dumps(PACK))
    root = scripted.root + ("/v1" if case.api == "openai" else "")
    code, doc, out = run_ab(
        tmp_path / "runs",
        str(tmp_path / "tasks"),
        "--agent",
        case.preset,
        "--model",
        case.model,
        "--upstream",
        f"api={case.api},url={root},key_env=MEMEVAL_TEST_UPSTREAM_KEY",
        "--pack",
        str(tmp_path / "pack.json"),
        "--prices",
        str(tmp_path / "prices.toml"),
        "--retain",
        "always",
    )
    assert code == 0, out
    run_dir = tmp_path / "runs" / doc["run_id"]

    # the card names the version that ran (the program the sandbox was shown) and what was bound
    card = doc["run_card"]["agent"]
    assert card["version"] == package_version(str(program)), card
    assert card["version"].endswith(" " + TESTED[case.preset]), card
    assert str(AGENTS_HOME) in card["mounts"], card

    seen = scripted.metered()
    assert seen and all(case.wire in s.path for s in seen), [s.path for s in scripted.seen]
    assert any(s.stream for s in seen) == case.streamed
    assert any(s.reply.startswith("tool:") or s.reply == "edit" for s in seen), (
        "the agent was never asked to use its tool"
    )
    # the upstream got the real key on every call; the placeholder never left the proxy
    for s in scripted.seen:
        sent = s.headers.get("x-api-key") or s.headers.get("x-goog-api-key") or s.headers.get("authorization", "")
        assert sent.removeprefix("Bearer ") == REAL_KEY, (s.path, sent[:12])

    trials = {t["mode"]: t for t in doc["trials"]}
    assert set(trials) == {"baseline", "pack"}
    with_marker = [s for s in seen if MARKER in json.dumps(s.body)]
    total_calls = 0
    for mode, t in trials.items():
        assert t["fault"] is None, (mode, t["fault"], out)
        assert t["reward"] == 1.0, (mode, t)
        m = t["harness_measured"]
        calls = t["physics"]["engine_calls"]
        total_calls += calls
        assert calls >= 1 and m["input_tokens"] is not None and m["total_cost_usd"] is not None, (mode, m)
        world = run_dir / t["workspace"]["retained"] / "app"
        env_dump = (world / ".memeval-env.txt").read_text() if (world / ".memeval-env.txt").exists() else ""
        assert REAL_KEY not in env_dump
        if env_dump:  # tools that ran the shell script: the agent held the placeholder key only
            assert "=mk-" in env_dump
        for name in ("agent-stdout.txt", "agent-stderr.txt"):
            for p in run_dir.rglob(name):
                assert REAL_KEY not in p.read_text(errors="replace")
        assert (world / case.memory_file).exists() == (mode == "pack")
    # metered call for call: every call answered is on a trial, with the tokens answered
    assert total_calls == len(seen)
    tokens_in = sum(t["harness_measured"]["input_tokens"] for t in trials.values())
    tokens_out = sum(t["harness_measured"]["output_tokens"] for t in trials.values())
    assert (tokens_in, tokens_out) == (sum(s.usage[0] for s in seen), sum(s.usage[1] for s in seen))  # type: ignore[index]
    assert {s.model for s in seen} <= set(RATES), {s.model for s in seen}
    cost = sum(t["harness_measured"]["total_cost_usd"] for t in trials.values())
    want = sum((s.usage[0] * RATES[s.model][0] + s.usage[1] * RATES[s.model][1]) / 1e6 for s in seen)  # type: ignore[index]
    assert cost == pytest.approx(want, rel=1e-9)
    # the pack reached the model in the pack arm only: no call body the baseline trial sent holds
    # it, some body the pack trial sent does (side calls such as a title may not)
    assert 1 <= len(with_marker) <= trials["pack"]["physics"]["engine_calls"]
    bodies = _kept_bodies(run_dir)
    for mode, t in trials.items():
        kept = bodies[t["trial_id"]]
        assert len(kept) == t["physics"]["engine_calls"], (mode, len(kept))
        assert any(MARKER in req for req, _ in kept) == (mode == "pack"), mode
        assert all(resp for _, resp in kept), mode
        view = trial_view(load_run(run_dir), t["trial_id"])
        assert view is not None and len(view.conversation) == t["physics"]["engine_calls"]
        turns = [turn for step in view.conversation for turn in (*step.sent, *step.answered)]
        assert any(turn.kind in ("tool_call", "text") and turn.role == "assistant" for turn in turns), turns
    log = (run_dir / "events.jsonl").read_text()
    assert REAL_KEY not in log
    for art in (run_dir / "artifacts").rglob("*"):
        if art.is_file():
            assert REAL_KEY.encode() not in art.read_bytes(), art


def _kept_bodies(run_dir: Path) -> dict[str, list[tuple[str, str]]]:
    """Per trial: the (request, response) bodies kept as artifacts, in call order."""
    store = ArtifactStore(run_dir)
    out: dict[str, list[tuple[str, str]]] = {}
    for ev in RunLog(run_dir).read().events:
        if isinstance(ev, AgentExited) and ev.exchanges:
            index = json.loads(store.get(ev.exchanges))
            out[ev.trial_id] = [
                (store.get(c["request"]).decode(), store.get(c["response"]).decode()) for c in index["calls"]
            ]
    return out

"""End to end: the sample agent, sandboxed, against the scripted server, with and without memory.

Each task runs twice the way memeval will run it: the agent under bubblewrap with `/app` a fresh
copy of the starting files, the agent folder read-only at `/opt/agent`, the instruction at
`/run/memeval/instruction.md` and the network shared only so it can reach the server on
127.0.0.1. In `pack` mode `MEMORY.md` holds the rendered pack and the instruction ends with the
pointer. The held-back tests are run afterwards in a fresh sandbox.
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from fernhill_harness import (
    SAMPLE,
    TASK_IDS,
    TASKS,
    Bind,
    ScriptedServer,
    bwrap,
    make_world,
    run_verifier,
)

from memeval.packs import MEMORY_POINTER, load_pack, render_slice, select_slice

# (passes cold, passes with memory): the shape of the demo's result table.
EXPECTED: dict[str, tuple[bool, bool]] = {
    "t01-thursday-order-arrival": (False, True),
    "t02-late-refund": (False, True),
    "t03-olive-tree-quote": (True, True),  # the files already cap the discount
    "t04-checkout-delivery-date": (True, True),  # memory only saves the detour
    "t05-supplier-cutoff": (False, True),
    "t06-herb-kit-vat": (False, True),
    "t07-courier-postcodes": (False, True),
    "t08-fiddle-leaf-cold": (False, True),
    "t09-sku-format": (False, True),
    "t10-warehouse-utc": (False, True),
    "t11-loyalty-points": (False, True),
    "t12-bare-root-season": (False, True),
    "t13-christmas-last-order": (False, False),  # the pack does not cover it
    "t14-gift-wrap-price": (True, False),  # a stale memory misleads
}


@dataclass(frozen=True)
class Outcome:
    """What one agent turn left behind."""

    reward: str
    stdout: str
    claim: dict
    files: dict[str, str]


def run_agent(server: ScriptedServer, task_id: str, mode: str, root: Path, *, stream: bool = False) -> Outcome:
    task = TASKS / task_id
    app = make_world(task, root)
    instruction = (task / "instruction.md").read_text()
    if mode == "pack":
        pack = load_pack(SAMPLE / "pack.json")
        (app / "MEMORY.md").write_text(render_slice(select_slice(pack), pack))
        instruction += MEMORY_POINTER.format(name="MEMORY.md")
    run = root / "run"
    (run / "out").mkdir(parents=True)
    (run / "instruction.md").write_text(instruction)
    argv = ["python3", "/opt/agent/agent.py"] + (["--stream"] if stream else [])
    proc = bwrap(
        [
            Bind(app, "/app", True),
            Bind(SAMPLE / "agent", "/opt/agent"),
            Bind(run / "instruction.md", "/run/memeval/instruction.md"),
            Bind(run / "out", "/run/memeval/out", True),
        ],
        argv,
        env={
            "OPENAI_BASE_URL": server.base_url,
            "OPENAI_API_KEY": "memeval-placeholder-key",
            "MEMEVAL_MODEL": "fernhill-scripted-1",
            "MEMEVAL_INSTRUCTION_FILE": "/run/memeval/instruction.md",
            "MEMEVAL_CLAIM_FILE": "/run/memeval/out/claim.json",
        },
        share_net=True,
    )
    assert proc.returncode == 0, f"{task_id}/{mode}: agent exited {proc.returncode}\n{proc.stdout}{proc.stderr}"
    claim = json.loads((run / "out" / "claim.json").read_text())
    files = {
        str(p.relative_to(app)): p.read_text()
        for p in sorted(app.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }
    reward, _ = run_verifier(task, app, root)
    return Outcome(reward, proc.stdout, claim, files)


pytestmark = pytest.mark.xdist_group("fernhill-agent")
"""Every test here on one xdist worker, so the module's `outcomes` (all 28 agent runs) is made once: handed out
one by one, each of the three workers made it (three set-ups of about 9 s)."""


@pytest.fixture(scope="module")
def outcomes(
    scripted_server: ScriptedServer, tmp_path_factory: pytest.TempPathFactory
) -> dict[tuple[str, str], Outcome]:
    jobs = [(t, m) for t in TASK_IDS for m in ("baseline", "pack")]
    base = tmp_path_factory.mktemp("trials")
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = pool.map(
            lambda job: run_agent(scripted_server, job[0], job[1], base / f"{job[0]}-{job[1]}"),
            jobs,
        )
        return dict(zip(jobs, results, strict=True))


def test_every_task_has_an_expectation() -> None:
    assert sorted(EXPECTED) == TASK_IDS


@pytest.mark.parametrize("task_id", TASK_IDS)
def test_verdict_per_arm(task_id: str, outcomes: dict[tuple[str, str], Outcome]) -> None:
    cold, warm = outcomes[(task_id, "baseline")], outcomes[(task_id, "pack")]
    want_cold, want_warm = EXPECTED[task_id]
    assert cold.reward == ("1" if want_cold else "0"), f"{task_id} cold: {cold.stdout}"
    assert warm.reward == ("1" if want_warm else "0"), f"{task_id} with memory: {warm.stdout}"
    # The claim is confident either way: it is what memeval must never count.
    for o in (cold, warm):
        assert o.claim["message"].startswith("All tests pass")
        assert o.claim["usage"]["total_tokens"] > 0


def test_memory_is_read_only_when_given(outcomes: dict[tuple[str, str], Outcome]) -> None:
    for task_id in TASK_IDS:
        assert "read_file -> # Team memory" in outcomes[(task_id, "pack")].stdout
        assert "Team memory" not in outcomes[(task_id, "baseline")].stdout
        assert "MEMORY.md" not in outcomes[(task_id, "baseline")].files


def test_tally_matches_the_demo(outcomes: dict[tuple[str, str], Outcome]) -> None:
    passed = {m: sum(outcomes[(t, m)].reward == "1" for t in TASK_IDS) for m in ("baseline", "pack")}
    assert passed == {"baseline": 3, "pack": 12}


def test_memory_saves_tokens_where_the_cold_agent_detours(
    outcomes: dict[tuple[str, str], Outcome],
) -> None:
    for task_id in ("t03-olive-tree-quote", "t04-checkout-delivery-date"):
        cold = outcomes[(task_id, "baseline")].claim["usage"]["total_tokens"]
        warm = outcomes[(task_id, "pack")].claim["usage"]["total_tokens"]
        assert cold > warm, (task_id, cold, warm)


def test_streaming_gives_the_same_work_and_usage(
    scripted_server: ScriptedServer, tmp_path: Path, outcomes: dict[tuple[str, str], Outcome]
) -> None:
    task_id = "t01-thursday-order-arrival"
    streamed = run_agent(scripted_server, task_id, "pack", tmp_path, stream=True)
    plain = outcomes[(task_id, "pack")]
    assert streamed.reward == "1"
    assert streamed.files == plain.files
    assert streamed.claim["usage"] == plain.claim["usage"]

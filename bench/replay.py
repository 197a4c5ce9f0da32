"""How long `memeval result` takes to replay runs of 1,000 and 100,000 events.

Builds synthetic run logs in a temp folder (trials with model calls, the shapes a real run
writes, each call under its own 32-hex-digit id as the proxy logs them: the fold refuses a repeated
one): 1,000 and 100,000 events of one repeat per task and arm (the verdict's sign test), and
100,000 events of 3 repeats (the verdict's Monte Carlo sign-flip test, 100,000 flips). Then times
reading + projecting them (no cache; the three logs in turns, so that none is always the
first large one this process replays), the replay's reading alone (msgspec views of the frequent
events, `RunLog.read_for_replay`), its projection alone (records, table, verdict with its
bootstrap), the table and verdict alone, the typed pydantic reading other readers use
(`RunLog.read`), and loading through the result cache, 3 times each in one process (imports
already done): wall and CPU, best and median. The projection is timed with the garbage
collector held off, as `load_run` holds it. Then the command a user types, `memeval replay RUN`,
in a fresh process per replay with the cache removed first (interpreter start, imports, reading,
projecting, writing the cache and printing the JSON to /dev/null; `python -m memeval` runs
`memeval._console.console`, which replays a plain `replay RUN --runs-dir DIR` without the typer app
and then ends the process without freeing the replay), 3 times per log in turns: its
CPU seconds (user + system, from the child's resource usage) and wall. The first
replay's main-thread CPU is printed beside its process CPU: a replay hands the log's SHA-256 and the
bootstrap's draws to helper threads, which a free second core runs beside the main thread. The
load average is printed beside the figures: on a shared machine CPU seconds move less than wall,
but both grow with the load.
Target (issue 17 item 5): 100,000 events replayed under 1 s without the cache, in a fresh
`memeval replay` process (interpreter start and imports included) on a quiet machine.

Each checkout's memeval modules are byte-compiled first, and the fresh processes run without
PYTHONDONTWRITEBYTECODE, as `bench/cli_start.py` does: an installed memeval (and a checkout after
`scripts/setup` or its first command) starts from `.pyc` files; compiling its modules from source
at every start would add about 0.1 s of CPU that no user pays.

    .venv/bin/python bench/replay.py
    nice -n 10 .venv/bin/python bench/replay.py --against /tmp/base --rounds 5 [--repeats 3]

With `--against PATH` (another checkout, for example `git worktree add -f /tmp/base main --detach`
and `ln -s /work/main/.venv /tmp/base/.venv`) it times instead one 100,000-event log by this
checkout's `memeval` and by the other's, in turns (the order swapped each round): first
`memeval replay RUN` in a fresh process with the cache removed (the command a user types:
interpreter start, imports, replay, cache write, printing; CPU from the child's resource usage),
then one more fresh process that replays it 3 times after importing `memeval.results`
(`--repeats 3`: of the 3-repeat log). That process's first replay includes loading the verdict's
statistics (numpy), which happens only when a verdict is first computed. Printed per round: the
fresh command's CPU and wall, the first replay's CPU seconds, the median of the other two (the
replay alone) and the round's load average; then each checkout's median and smallest over the
rounds. On a shared machine CPU time still grows with
the load (caches, hyperthreads): only figures taken in turns like these compare two versions.
Every fresh `memeval replay` prints its JSON to a temporary file: the bench stops, naming the
checkout and round, as soon as one prints other bytes than its checkout's first did, and ends by saying
whether the two checkouts printed the same bytes (with their SHA-256): a change meant to alter the
projection prints other bytes than its base (`bench/projection_same.py` then compares the figures).
"""

from __future__ import annotations

import argparse
import compileall
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _machine import load_line, load_now

from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    ModelCalled,
    PlannedTrial,
    ReplayRead,
    RunEnded,
    RunLog,
    RunPlanned,
    SandboxReady,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    WorkspaceDiffed,
    canonical,
)
from memeval.eventlog._events import stamp
from memeval.results import load_run, result_json
from memeval.results._load import _collector_paused
from memeval.results._project import project

PLANNED = json.loads(
    (Path(__file__).resolve().parents[1] / "tests/fixtures/runlog_v1/oracle-mini/events.jsonl")
    .read_bytes()
    .split(b"\n")[0]
)
"""A real run's `run.planned` line: its manifest and run card (typed payloads since v2)."""

CALL = {
    "call_id": "c",
    "trial_id": "",
    "role": "subject",
    "provider": "openai",
    "api": "openai-chat",
    "requested_model": "m",
    "response_model": "m",
    "status": 200,
    "attempt": 1,
    "streamed": False,
    "completed": True,
    "input_tokens": 1200,
    "uncached_input_tokens": 1200,
    "output_tokens": 80,
    "cache_read_tokens": 0,
    "cache_write_tokens": None,
    "reasoning_tokens": None,
    "tool_calls": 1,
    "tool_names": ["read_file"],
    "hosted_tool_calls": 0,
    "started_at": "2026-11-30T09:00:00Z",
    "latency_ms": 900,
    "ttfb_ms": 300,
    "cost": {"cost_usd": 0.0012, "reason": None},
    "error": None,
}


def make_log(run_dir: Path, n_events: int, repeats: int = 1) -> int:
    """Write a finished run of about `n_events` events: tasks x 2 arms x `repeats` trials of 30 events.

    One repeat: every third trial passes (every non-zero d is +-1: the binomial sign test). More
    repeats: pass rates that differ by task and arm, so the |d| differ and the verdict takes the
    Monte Carlo sign-flip test (100,000 flips).
    """
    calls_per_trial = 20
    per_trial = 10 + calls_per_trial
    n_tasks = max(1, n_events // per_trial // 2 // repeats)
    trials = [
        PlannedTrial(trial_id=f"t{i}:{m}:{r}", task_id=f"t{i}", mode=m, repeat=r)
        for i in range(n_tasks)
        for m in ("baseline", "pack")
        for r in range(1, repeats + 1)
    ]
    evs = [
        RunPlanned(
            run_id="BENCH",
            manifest=PLANNED["manifest"],
            run_card={**PLANNED["run_card"], "network": "proxy"},
            trials=tuple(trials),
            seeds={"stats": 1},
        )
    ]
    for k, t in enumerate(trials):
        tid = t.trial_id
        evs += [
            TrialStarted(trial_id=tid),
            SandboxReady(trial_id=tid, world_hash="sha256:0", file_count=3, bytes=10),
            AgentStarted(trial_id=tid, agent="a 1", network="proxy"),
        ]
        evs += [
            ModelCalled(trial_id=tid, attempt=1, call={**CALL, "call_id": f"{k:016x}{j:016x}", "trial_id": tid})
            for j in range(calls_per_trial)
        ]
        evs += [
            AgentExited(trial_id=tid, execution="completed", exit_code=0, duration_ms=1000),
            ClaimRecorded(trial_id=tid, message="done", source="stdout"),
            WorkspaceDiffed(trial_id=tid, diff=None),
            VerifierStarted(trial_id=tid, tests_hash="sha256:0"),
            CheckRecorded(
                trial_id=tid,
                type="command",
                level="L2v",
                passed=_passes(k, t, repeats),
                reward=float(_passes(k, t, repeats)),
                reward_source="reward.txt",
            ),
            TrialEnded(trial_id=tid, assessment="scored"),
        ]
    evs.append(RunEnded(status="completed"))
    from datetime import UTC, datetime

    now = datetime.now(UTC)
    run_dir.mkdir(parents=True)
    with (run_dir / "events.jsonl").open("wb") as f:
        for i, ev in enumerate(evs):
            f.write(canonical(stamp(ev, i, now)))
    return len(evs)


def _passes(k: int, t: PlannedTrial, repeats: int) -> bool:
    if repeats == 1:
        return k % 3 == 0
    # A fixed pseudo-random pattern: pass counts of 0-3 per task and arm, so the |d| differ.
    task = int(t.task_id[1:])
    return (task * 2654435761 + t.repeat * 40503 + (t.mode == "pack") * 977) % 1009 % 3 != 0


def _project_paused(read: ReplayRead) -> None:
    with _collector_paused():
        project(read.events, read.complete)


def _verdict_timed(read: ReplayRead) -> tuple[float, float]:
    """Wall and CPU seconds of the table and verdict alone (`paired_verdict`: its tests and bootstrap)."""
    from memeval.results._table import table_and_verdict

    with _collector_paused():
        result = project(read.events, read.complete)
        plan = read.events[0]
        assert isinstance(plan, RunPlanned)
        return _timed(lambda: table_and_verdict(plan, result.trials, result.unended, result.superseded))


def _timed(fn: object) -> tuple[float, float]:
    t0, c0 = time.perf_counter(), time.process_time()
    fn()  # type: ignore[operator]
    return time.perf_counter() - t0, time.process_time() - c0


def _child(run_dir: Path) -> None:
    """One process's figures for `--against`: 3 cold replays after `memeval.results`'s imports, printed as JSON.

    The first is what `memeval replay` pays for a log without its cache: it also loads the
    verdict's statistics (numpy, scipy, ...), which `memeval.stats` imports only when a verdict
    is computed. The other two show the replay alone (their median).
    """
    cpu, wall, main = [], [], []
    for _ in range(3):
        t0 = time.thread_time()
        w, c = _timed(lambda: result_json(load_run(run_dir, use_cache=False)))
        main.append(time.thread_time() - t0)
        cpu.append(c)
        wall.append(w)
    print(
        json.dumps(
            {
                "first_cpu": cpu[0],
                "first_main": main[0],
                "first_wall": wall[0],
                "cpu": statistics.median(cpu[1:]),
                "wall": statistics.median(wall[1:]),
                "load": os.getloadavg()[0],
            }
        )
    )


def _fresh_command(run_dir: Path, checkout: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds of `memeval replay RUN` run by `checkout` in a fresh process, its cache removed first.

    CPU is the child's user + system time (`os.wait4`), from interpreter start to exit; the JSON goes
    to a temporary file, whose SHA-256 (hex) is the third value, so that two checkouts' outputs can
    be compared byte for byte. Raises SystemExit with the child's stderr when it fails.
    """
    shutil.rmtree(run_dir / ".cache", ignore_errors=True)
    env = {**_env(), "PYTHONPATH": str(checkout)}
    argv = [sys.executable, "-m", "memeval", "replay", run_dir.name, "--runs-dir", str(run_dir.parent)]
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        t0 = time.perf_counter()
        # cwd: `python -m` puts the working folder first on sys.path, ahead of PYTHONPATH; run from
        # a checkout's root it would import that checkout's memeval whatever PYTHONPATH says.
        proc = subprocess.Popen(argv, env=env, cwd=run_dir.parent, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"memeval replay with {checkout} failed:\n{err.read().decode()[-2000:]}")
        out.seek(0)
        digest = hashlib.file_digest(out, "sha256").hexdigest()  # type: ignore[arg-type]  # a binary file
    return wall, usage.ru_utime + usage.ru_stime, digest


def _spare_now() -> bool:
    """Whether this checkout's `memeval._cores.spare_core` sees a core spare just before a fresh process starts.

    The process asks again itself (a checkout without the rule runs its helpers as its own rule says):
    printed so that a figure says whether the helper threads (the log's SHA-256, the bootstrap's draws)
    could have run beside its main thread.
    """
    from memeval._cores import spare_core

    return spare_core()


def _env() -> dict[str, str]:
    """This process's environment without PYTHONDONTWRITEBYTECODE: the children read the `.pyc` of `_compiled`."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _compiled(checkout: Path) -> None:
    """Byte-compile `checkout`'s memeval modules, as an install does (a no-op for files compiled already)."""
    compileall.compile_dir(str(checkout / "memeval"), quiet=1)


def _against(other: Path, rounds: int, repeats: int) -> None:
    """Cold replays of one 100,000-event log by this checkout and by `other`, in turns (see the module's text)."""
    here = Path(__file__).resolve()
    paths = {"this": here.parents[1], "against": other.resolve()}
    for path in paths.values():
        _compiled(path)
    seen: dict[str, list[float]] = {name: [] for name in paths}
    first: dict[str, list[float]] = {name: [] for name in paths}
    fresh: dict[str, list[float]] = {name: [] for name in paths}
    fresh_wall: dict[str, list[float]] = {name: [] for name in paths}
    spares: dict[str, list[bool]] = {name: [] for name in paths}
    digests: dict[str, set[str]] = {name: set() for name in paths}
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = Path(tmp) / "run"
        n = make_log(run_dir, 100_000, repeats)
        print(f"{n} events, {repeats} repeat(s); {load_line('before')}")
        for round_ in range(rounds):
            order = list(paths.items()) if round_ % 2 == 0 else list(paths.items())[::-1]
            for name, path in order:
                spare = _spare_now()
                spares[name].append(spare)
                wall, cpu, digest = _fresh_command(run_dir, path)
                digests[name].add(digest)
                if len(digests[name]) > 1:
                    raise SystemExit(f"round {round_ + 1}: {name} ({path}) printed other bytes than before")
                fresh[name].append(cpu)
                fresh_wall[name].append(wall)
                core = "a core spare" if spare else "no core spare"
                print(
                    f"round {round_ + 1} {name:>7}: memeval replay in a fresh process (no cache) CPU {cpu:.3f} s,"
                    f" wall {wall:.3f} s ({load_now()}; {core})"
                )
            for name, path in order:
                env = {**_env(), "PYTHONPATH": str(path)}
                proc = subprocess.run(
                    [sys.executable, str(here), "--child", str(run_dir)], env=env, capture_output=True, text=True
                )
                if proc.returncode != 0:
                    raise SystemExit(f"the replay with {path} failed:\n{proc.stderr[-2000:]}")
                got = json.loads(proc.stdout.strip().splitlines()[-1])
                seen[name].append(got["cpu"])
                first[name].append(got["first_cpu"])
                print(
                    f"round {round_ + 1} {name:>7}: first cold replay (imports included) CPU {got['first_cpu']:.3f} s"
                    f" (main thread {got['first_main']:.3f} s),"
                    f" wall {got['first_wall']:.3f} s; the next two CPU {got['cpu']:.3f} s, wall {got['wall']:.3f} s"
                    f" (median; load {got['load']:.1f})"
                )
    for name, path in paths.items():
        values, firsts, commands, walls = seen[name], first[name], fresh[name], fresh_wall[name]
        print(
            f"{name:>7} ({path}): memeval replay fresh process CPU median {statistics.median(commands):.3f} s,"
            f" min {min(commands):.3f} s, wall median {statistics.median(walls):.3f} s, min {min(walls):.3f} s;"
            f" first replay after imports CPU median {statistics.median(firsts):.3f} s,"
            f" min {min(firsts):.3f} s; later replays CPU median {statistics.median(values):.3f} s,"
            f" min {min(values):.3f} s; a core spare before {sum(spares[name])} of {len(spares[name])} fresh processes"
        )
    if digests["this"] == digests["against"]:
        print(f"every fresh `memeval replay` of both printed the same bytes (sha256 {digests['this'].pop()})")
    else:  # a change meant to alter the projection (say so in its commit; bench/projection_same.py compares figures)
        print(f"each checkout printed the same bytes every time, the two different: {digests}")
    print(load_line("after"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another checkout's root: cold replays of both, in turns")
    parser.add_argument("--rounds", type=int, default=5, help="with --against: processes of each checkout")
    parser.add_argument(
        "--repeats",
        type=int,
        default=1,
        help="with --against: trials per task and arm (3: the Monte Carlo sign-flip test)",
    )
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        _child(args.child)
    elif args.against is not None:
        _against(args.against, args.rounds, args.repeats)
    else:
        _in_process()


def _in_process() -> None:
    print(
        "wall and CPU seconds (CPU: user + system of this process, or of the fresh `memeval replay` process;"
        " on a shared machine it moves less than wall)"
    )
    sizes = ((1_000, 1), (100_000, 1), (100_000, 3))
    with tempfile.TemporaryDirectory() as tmp:
        runs = [(Path(tmp) / f"run{k}", repeats) for k, (_, repeats) in enumerate(sizes)]
        counts = [
            make_log(run_dir, target, repeats) for (run_dir, repeats), (target, _) in zip(runs, sizes, strict=True)
        ]
        # The cold replays of the three logs in turns, so that no log is always the first large one
        # replayed in this process (whose heap then grows and whose pages are first touched).
        cold: list[list[tuple[float, float]]] = [[] for _ in runs]
        for round_ in range(3):
            for k in range(len(runs)) if round_ % 2 == 0 else reversed(range(len(runs))):
                cold[k].append(_timed(lambda d=runs[k][0]: result_json(load_run(d, use_cache=False))))
        # `memeval replay RUN` in a fresh process, no cache: the three logs in turns, 3 rounds.
        here = Path(__file__).resolve().parents[1]
        _compiled(here)
        command: list[list[tuple[float, float]]] = [[] for _ in runs]
        for round_ in range(3):
            for k in range(len(runs)) if round_ % 2 == 0 else reversed(range(len(runs))):
                command[k].append(_fresh_command(runs[k][0], here)[:2])
        for (run_dir, repeats), n, cold_xs, command_xs in zip(runs, counts, cold, command, strict=True):
            load_run(run_dir)  # writes the cache
            cached = [_timed(lambda d=run_dir: result_json(load_run(d))) for _ in range(3)]
            read_fast = [_timed(lambda d=run_dir: RunLog(d).read_for_replay()) for _ in range(3)]
            read = RunLog(run_dir).read_for_replay()
            projected = [_timed(lambda r=read: _project_paused(r)) for _ in range(3)]
            verdict = [_verdict_timed(read) for _ in range(3)]
            del read
            read_typed = [_timed(lambda d=run_dir: RunLog(d).read()) for _ in range(3)]
            kind = "the sign test" if repeats == 1 else "Monte Carlo sign flips"
            for label, xs in (
                ("memeval replay, fresh process (imports included), no cache", command_xs),
                ("replay (read + project + JSON), no cache, in this process", cold_xs),
                ("  of which reading and validating the log", read_fast),
                ("  of which projecting the events read", projected),
                (f"    of which the table and verdict ({kind}, bootstrap)", verdict),
                ("reading it as pydantic events (RunLog.read)", read_typed),
                ("with the result cache (checked against the log's hash)", cached),
            ):
                print(
                    f"{n:>7} events x{repeats}: {label:<60} wall best {min(x[0] for x in xs):.3f} "
                    f"median {statistics.median(x[0] for x in xs):.3f}; CPU best {min(x[1] for x in xs):.3f} s"
                )
    print(load_line("now"))


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]
    main()

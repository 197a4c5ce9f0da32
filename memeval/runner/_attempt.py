"""One attempt at one trial: build the world, run the agent's turn, verify, record.

Every step appends events to the run's log; nothing here returns a score. The trial record is a
projection of those events (`memeval.results`).
"""

from __future__ import annotations

import secrets
import shutil
import threading
import time
from dataclasses import replace
from pathlib import Path

from memeval.agents import agent_argv
from memeval.errors import WorldBuildError
from memeval.eventlog import (
    AgentExited,
    AgentStarted,
    CheckRecorded,
    SandboxReady,
    TamperFinding,
    TamperScanned,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
)
from memeval.packs import MEMORY_POINTER, render_slice
from memeval.runner._agentenv import RELAY_PORT, agent_env, argument_problem, home_mounts
from memeval.runner._attemptspec import AttemptSpec, agent_changed
from memeval.runner._callstats import Exchange
from memeval.runner._diff import strip_privileges, tree_stats
from memeval.runner._ending import AttemptEnding, Stage
from memeval.runner._exchanges import store_exchanges
from memeval.runner._heldwatch import held_removed_findings
from memeval.runner._homeconfig import home_findings
from memeval.runner._lingering import lingering_finding
from memeval.runner._lowwater import LOW
from memeval.runner._memory import MemoryPlaced, place_memory, take_back_memory
from memeval.runner._outputs import if_cut, put_capped, read_ends, record_claim
from memeval.runner._phases import PHASES
from memeval.runner._removed import removed_findings
from memeval.runner._room import FULL_ERRNOS, after_turn
from memeval.runner._scrub import run_scrubber
from memeval.runner._sinks import ArtifactSink, EventSink, TrialMeter
from memeval.runner._snapshot import snapshot_world
from memeval.runner._tamper import MAX_FINDINGS, held_names
from memeval.runner._verifierhome import world_findings
from memeval.runner._verify import RewardError, exit_doubt, killed_by, read_reward, reward_fault, run_verifier
from memeval.runner._workspace import review_workspace
from memeval.sandbox import (
    STORAGE_LIMIT_PREFIX,
    TOO_DEEP_PREFIX,
    Mount,
    SandboxSpec,
    World,
    build_world,
    prune_too_deep,
    run_sandboxed,
)
from memeval.tasks import changed_since_loaded, hash_tree
from memeval.types import Assessment, Execution, FaultCode


class Attempt(AttemptEnding):
    """Runs one `AttemptSpec`, writing events to `log` and artifacts to `artifacts`."""

    def __init__(
        self,
        spec: AttemptSpec,
        run_dir: Path,
        log: EventSink,
        artifacts: ArtifactSink,
        *,
        cache_dir: Path,
        meter: TrialMeter | None,
        cancel: threading.Event,
    ) -> None:
        self.s = spec
        self.run_dir = run_dir
        self.log = log
        self.art = artifacts
        self.cache_dir = cache_dir
        self.meter = meter
        self.cancel = cancel
        self.agent_trial_id = secrets.token_hex(8)
        """The attempt's id as the agent knows it (`MEMEVAL_TRIAL_ID`): 16 random hex digits, so the
        agent can label its own files and calls but learns neither its arm nor its repeat. The
        trial id stays memeval's own (events, proxy attribution, records); `trial.started` maps
        one to the other."""
        self.work = run_dir / ".work" / self.agent_trial_id
        """The attempt's host folder (world, io, home). Named by the opaque id, since the sandbox's
        `/proc/self/mountinfo` shows the host source of every folder bound in."""
        self.passed = False
        """Whether the held-back tests passed (set when `run` returns)."""
        self.scrubber = run_scrubber(spec.secrets, spec.extra_env)
        self.findings: tuple[TamperFinding, ...] = ()
        self._omitted = 0
        """Tamper findings of the agent's workspace (set after the agent's turn)."""
        self.phase_key = ""
        """The task as `memeval.runner._phases.PHASES` knows it: its held-back tests' content hash, so
        two copies of a task in two folders are one task (set by `run`, where an error hashing them is
        the trial's fault, not the run's end)."""
        self.world_freed = False
        """Whether the agent's turn filled the disk and its world was removed (`memeval.runner._room.after_turn`)."""
        self.over_cap: str | None = None
        """The storage limit's reason when the agent's turn left its world past its cap (the turn errs but is
        verified): a disk the verifier then fills was filled by what the agent left, not by a cap too large."""
        self.memory: MemoryPlaced | None = None  # the pack arm's memory file, taken back before the verifier
        self.stage: Stage = "build"
        """How far the attempt got: `build`, `agent` (its turn started), `verify` (its verifier started)."""
        self.retaining = False
        """Whether the attempt had ended (scored or faulted) and its world was being kept or removed."""
        self.git_refusal: str | None = None
        """Why the verifier must not run on the agent's git repositories (forged objects, hidden
        index entries: `memeval.runner._gitguard`), set after the agent's turn."""

    def run(self) -> Assessment:
        """Run the attempt to its end and return its assessment (also recorded as `trial.ended`).

        KeyboardInterrupt, or `cancel` being set (the run is stopping: its sandboxes are killed from
        outside), is recorded as a `cancelled` fault and KeyboardInterrupt is raised, so that a
        resumed run gives the trial a new attempt. Any other exception raised before `trial.ended`
        is written ends the attempt with an `internal` fault naming it (`memeval.runner._internal`),
        and the run goes on; one of memeval's own writes finding the disk full is the fault
        `own_write_fault` says.

        Raises:
            KeyboardInterrupt: the run is stopping (recorded first).
            Exception: writing the log failed (so no fault could be recorded), or the disk stayed
                full (`wait_for_room`).
        """
        s = self.s
        ids = tuple(i.id for i in s.items) if s.mode == "pack" else ()
        self.log.append(
            TrialStarted(
                trial_id=s.trial_id, attempt=s.attempt, context_manifest=ids, agent_trial_id=self.agent_trial_id
            )
        )
        since = time.monotonic()
        try:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work.mkdir(parents=True)
            assessment, passed = self._run()
            self.retaining = True
            retained = self._retain_or_drop(passed)
        except KeyboardInterrupt as exc:
            self._cancelled(exc)
            raise
        except Exception as exc:  # noqa: BLE001 - recorded as the trial's fault below, never swallowed
            if self.cancel.is_set():  # the run's stop (its sandboxes killed) may be what raised it
                self._cancelled(exc)
                raise KeyboardInterrupt from exc
            if isinstance(exc, OSError) and exc.errno in FULL_ERRNOS:
                return self._own_write_failed(exc, since)
            return self._internal(exc)
        self.log.append(TrialEnded(trial_id=s.trial_id, attempt=s.attempt, assessment=assessment, retained=retained))
        self.passed = passed
        return assessment

    def _run(self) -> tuple[Assessment, bool]:
        s = self.s
        if (changed := changed_since_loaded(s.task) or agent_changed(s)) is not None:  # not the card's
            return self._fault("protocol", "build", changed), False
        self.phase_key = hash_tree(s.task.tests_dir)
        try:
            world = build_world(
                s.task,
                self.work / "world",
                cache_dir=self.cache_dir,
                timeout_s=s.task.config.environment.build_timeout_sec,
                defaults=s.default_limits,
            )
        except WorldBuildError as exc:
            self._stop_if_cancelled()
            msg = str(exc)
            code: FaultCode = "timeout" if msg.startswith("timeout:") else "boot"
            return self._fault(code, "build", msg), False
        instruction = s.task.instruction
        if s.mode == "pack" and s.items:
            wd = world.root / world.workdir.lstrip("/")
            memory = render_slice(s.items, s.pack).encode("utf-8")
            try:
                self.memory = place_memory(world.root, wd / s.agent.memory_file, memory)
                world.steps.append(self.memory.line)
            except WorldBuildError as exc:
                return self._fault("boot", "build", str(exc)), False
            instruction = instruction.rstrip("\n") + MEMORY_POINTER.format(name=s.agent.memory_file)
        pristine = self.work / "pristine"
        shutil.copytree(world.root, pristine, symlinks=True)
        stats = tree_stats(world.root)
        build_log = self.art.put(self._scrub("\n".join(world.steps).encode()))
        self.log.append(
            SandboxReady(
                trial_id=s.trial_id,
                world_hash=stats.hash,
                file_count=stats.files,
                bytes=stats.bytes,
                build_log=build_log,
            )
        )
        self._stop_if_cancelled()
        with PHASES.agent(self.phase_key, self.cancel) as waited_ms:
            ran, fault = self._agent_turn(world, instruction, waited_ms)
        self._stop_if_cancelled()
        strip_privileges(world.root)
        if ran:
            record_claim(
                s.trial_id,
                self.work / "io" / "out" / "claim.json",
                self._stdout,
                s.agent.claim_format,
                scrub=self._scrub,
                log=self.log,
            )
        if ran and not self.world_freed:  # a world removed to free the disk is not reviewed: it is never verified
            review = review_workspace(
                s.trial_id, s.task, s.tamper, world, pristine, log=self.log, art=self.art, scrubber=self.scrubber
            )
            self.findings, self._omitted, self.git_refusal = review
        if fault is not None:
            return self._fault(*fault), False
        if (changed := agent_changed(s)) is not None:  # edited while the turn ran: which agent ran?
            return self._fault("protocol", "agent", changed), False
        self._stop_if_cancelled()
        return self._verify(world)

    def _stop_if_cancelled(self) -> None:
        """Raise KeyboardInterrupt once the run is stopping (what ended a sandbox then was memeval)."""
        if self.cancel.is_set():
            raise KeyboardInterrupt

    def _agent_turn(
        self, world: World, instruction: str, waited_ms: int
    ) -> tuple[bool, tuple[FaultCode, str, str] | None]:
        """Run the agent's turn; return (whether it ran, the fault to record if any).

        `waited_ms` is how long the turn waited for verifiers of its task (`PHASES.agent`).
        """
        s = self.s
        io = self.work / "io"
        out = io / "out"
        out.mkdir(parents=True)
        (io / "instruction.md").write_text(instruction, encoding="utf-8")
        mounts = list(world.mounts()) + [Mount(io, "/run/memeval"), Mount(out, "/run/memeval/out", writable=True)]
        key = None
        proxy_socket = None
        own_socket = None
        if s.network == "proxy" and self.meter is not None:
            key = self.meter.register_trial(s.trial_id, "subject", s.budget_usd, s.attempt)
            # a socket file of its own: the run's one, bound into every sandbox, let any of them set its times
            # for all the others to read (a channel between trials running at once)
            open_socket = getattr(self.meter, "trial_socket", None)
            # and one that serves this trial's key alone: another trial's key, passed over from the other arm, is
            # refused on it, so one arm's calls cannot be billed to the other
            own_socket = open_socket(self.agent_trial_id, s.trial_id) if open_socket is not None else None
            proxy_socket = own_socket or self.meter.unix_socket
        if s.agent.files is not None:
            mounts.append(Mount(s.agent.files, "/opt/agent"))
        if s.agent.control == "oracle":
            if s.task.solution_dir is None:
                return False, ("boot", "agent", f"task {s.task.task_id!r} has no solution/solve.sh for the oracle")
            mounts.append(Mount(s.task.solution_dir, "/solution"))
        memory = f"{world.workdir.rstrip('/')}/{s.agent.memory_file}" if s.mode == "pack" and s.items else None
        command = agent_argv(s.agent, memory)
        stdin = None
        if s.agent.instruction_via == "arg":
            if (problem := argument_problem(instruction)) is not None:
                return False, ("boot", "agent", problem)
            command.append(instruction)
        elif s.agent.instruction_via == "stdin":
            stdin = io / "instruction.md"
        env = agent_env(s, world, key, self.agent_trial_id)
        mounts += home_mounts(s.agent, self.work / "home", env)
        spec = SandboxSpec(
            tuple(mounts),
            world.workdir,
            env,
            uid=world.uid,
            gid=world.gid,
            limits=world.limits,
            tool_mounts=tuple((Path(m), m) for m in s.agent.mounts),  # the tool's own install, read-only
            proxy_socket=proxy_socket,
            relay_port=RELAY_PORT,
            watch_disk=True,  # the task's storage_mb holds the turn's total writes, /tmp's included
            tmp_dir=self.work / "tmp",  # on disk under the watch, removed with the attempt's folder
        )
        timeout = s.agent_timeout_s or s.task.config.agent.timeout_sec
        self.log.append(
            AgentStarted(
                trial_id=s.trial_id, agent=f"{s.agent.name} {s.agent.version}", network=s.network, waited_ms=waited_ms
            )
        )
        stdout, stderr = self.work / "agent-stdout.txt", self.work / "agent-stderr.txt"
        try:
            self.stage = "agent"
            # who fills the disk while the turn runs is named, and ended
            with LOW.turn(s.trial_id, self.work) as turn:
                res = run_sandboxed(
                    replace(spec, stop=turn.stop),
                    command,
                    timeout_s=timeout,
                    stdout=stdout,
                    stderr=stderr,
                    stdin=stdin,
                    boot_report=True,
                )
        finally:
            exhausted = False
            budget_why = ""
            undelivered = None
            calls = -1
            in_flight: int | None = 0 if key is None else None  # no key: the agent could make no call
            exchanges: list[Exchange] = []
            drop_socket = getattr(self.meter, "drop_socket", None)  # who has `trial_socket` has this
            if own_socket is not None and drop_socket is not None:
                drop_socket(own_socket)
            if key is not None and self.meter is not None:
                wait = getattr(self.meter, "wait_calls_recorded", None)  # calls cut by the turn's end count
                if wait is not None:
                    in_flight = wait(s.trial_id)
                calls = self.meter.calls_made(s.trial_id)
                undelivered = self.meter.harness_failure(s.trial_id)
                exhausted = self.meter.budget_exhausted(s.trial_id)
                budget_why = self.meter.budget_message(s.trial_id) if exhausted else ""
                self.meter.unregister_trial(s.trial_id)
                take = getattr(self.meter, "take_exchanges", None)  # a meter that keeps bodies
                exchanges = take(s.trial_id) if take is not None else []
        self._stdout = stdout
        # A tree too deep for the host's walks (diff, tamper scan, copies) is cut off first; the turn errs.
        deep = prune_too_deep(m.host for m in world.mounts() if m.writable)
        limit_hit = res.limit_hit
        if deep is not None and (limit_hit is None or limit_hit.startswith(TOO_DEEP_PREFIX)):
            limit_hit = deep  # the watch's own word for it, or none: say what was removed
        # a full disk is freed before memeval writes anything more: the agent could otherwise end the run
        filled = after_turn(self.work, world.limits, limit_hit, keep=(stdout, stderr), turn=turn)
        if filled is not None:
            limit_hit, self.world_freed = filled.reason, True
        elif limit_hit is not None and limit_hit.startswith(STORAGE_LIMIT_PREFIX):
            self.over_cap = limit_hit
        execution: Execution
        if res.timed_out and filled is None:
            execution = "timed_out"
        elif res.died or limit_hit is not None:
            execution = "errored"
        else:
            execution = "completed" if res.exit_code == 0 else "errored"
        status = res.status.splitlines()
        started = bool(status) and status[0] == "started"
        booted = res.booted
        self.log.append(
            AgentExited(
                trial_id=s.trial_id,
                execution=execution if booted else "not_started",
                exit_code=res.exit_code,
                duration_ms=res.duration_ms,
                stdout=put_capped(self.art, stdout, self._scrub),
                stderr=put_capped(self.art, stderr, self._scrub),
                stdout_bytes=if_cut(res.output_bytes[:1]),
                stderr_bytes=if_cut(res.output_bytes[1:2]),
                reason=limit_hit,
                exchanges=store_exchanges(exchanges, self.art, self._scrub),
                calls_in_flight=in_flight,
            )
        )
        if not booted:
            if started:
                why = res.boot_error or "the sandbox's start script ended before the agent started"
            else:
                err_text = read_ends(stderr, 65536, 300).decode("utf-8", "replace")  # bubblewrap's own few lines
                line = next((ln for ln in err_text.splitlines() if ln.startswith("bwrap: ")), err_text[-300:])
                why = f"the sandbox never started: {line.strip() or 'no output'}"
            return False, ("boot", "agent", why)
        if filled is not None:
            return True, filled.fault
        if res.died:
            return True, ("process", "agent", f"the sandbox process was killed by signal {res.signal}")
        if exhausted:
            return True, ("budget", "agent", budget_why)
        if undelivered is not None:  # `process` (not delivered) or `provider` (answered only with 5xx)
            code, why = undelivered
            return True, (code, "agent", f"the model upstream failed, not the agent: {why}")
        if calls == 0 and not in_flight and s.agent.apis:  # a call still in flight was made
            return True, (
                "boot",
                "agent",
                f"the agent never reached the model: it declares {', '.join(s.agent.apis)} but made no "
                "call through the metering proxy",
            )
        return True, None

    def _scrub(self, data: bytes) -> bytes:
        """Blank the secret values memeval knows: `--env` values and upstream keys (see `Scrubber`)."""
        return self.scrubber.bytes(data)

    def _verify(self, world: World) -> tuple[Assessment, bool]:
        s = self.s
        tests_hash = hash_tree(s.task.tests_dir)
        timeout = s.verifier_timeout_s or s.task.config.verifier.timeout_sec
        if self.git_refusal is not None:
            self.log.append(VerifierStarted(trial_id=s.trial_id, tests_hash=tests_hash))
            return self._fault("protocol", "verify", f"the verifier did not run: {self.git_refusal}"), False
        if s.retain != "never":  # the world the agent left, kept whatever the tests' programs do to theirs
            snapshot_world(world.root, self.work / "pristine", self.work / "left")
        if self.memory is not None:  # memeval's input, not the agent's output: both arms' tests see the same world
            take_back_memory(world.root, self.memory)
        with PHASES.verifier(self.phase_key, self.cancel) as waited_ms:  # no agent of this task runs meanwhile
            # after the wait, so the projection can leave it out of the trial's wall time
            self.log.append(VerifierStarted(trial_id=s.trial_id, tests_hash=tests_hash, waited_ms=waited_ms))
            self.stage = "verify"
            with LOW.turn(s.trial_id, self.work) as turn:
                v = run_verifier(s.task, world, self.work / "verify", timeout_s=timeout, stop=turn.stop)
        self._stop_if_cancelled()
        filled = after_turn(
            self.work, world.limits, v.limit_hit, keep=(), during="the verifier", turn=turn, over_cap=self.over_cap
        )
        if filled is not None:
            return self._fault(*filled.fault), False  # the agent's program, run by test.sh, filled the disk
        out_id = put_capped(self.art, v.output, self._scrub)  # cut to its head and tail as it was read
        if (changed := changed_since_loaded(s.task)) is not None:  # after the copy: were these the card's tests?
            return self._fault("protocol", "verify", f"the verifier's result is not counted: {changed}"), False
        if v.refused is not None:
            return self._fault("protocol", "verify", f"the verifier did not run: {v.refused}"), False
        if v.timed_out:
            return self._fault("timeout", "verify", f"the verifier ran over its budget of {timeout:g} s"), False
        if v.died:
            return self._fault("process", "verify", "the verifier's sandbox was killed from outside"), False
        if (sig := killed_by(v.exit_code)) is not None:
            why = "its reward file is not read: the code it tests could have written it, then killed test.sh"
            return self._fault("protocol", "verify", f"the verifier's test.sh was killed by {sig}; {why}"), False
        if v.limit_hit is not None and v.report is None:
            # memeval ended the sandbox at the limit before test.sh finished: the tested code could
            # have written a passing reward, then run into the limit on purpose
            why = "its reward file is not read: the code it tests could have written it, then hit the limit"
            return self._fault(
                "protocol",
                "verify",
                f"the verifier's sandbox was ended at a resource limit before test.sh finished ({v.limit_hit}); {why}",
            ), False
        if v.exit_code is not None and (v.report is None or v.report.exit_code != v.exit_code):
            why = "something in the sandbox killed it or wrote to its report; the reward files are not read"
            return self._fault(
                "protocol", "verify", f"the verifier's wrapper did not report how test.sh ended: {why}"
            ), False
        linger = lingering_finding(v.report, self.scrubber.text) if v.report is not None else None
        # recorded as findings (a test.sh may leave a server running, or set git up): `--tamper fail` fails them
        late = (*((linger,) if linger is not None else ()), *home_findings(v.home_written))
        late += world_findings(v.world_written, held_names(s.task.tests_dir)) + removed_findings(
            v.world_removed, "late"
        )
        late += held_removed_findings(v.held_removed, v.held_rewritten)
        if late:
            room = max(0, MAX_FINDINGS - len(self.findings))  # as the scan keeps them: thousands of files, 200 named
            self.findings, self._omitted = (*self.findings, *late[:room]), self._omitted + len(late[room:])
            self.log.append(
                TamperScanned(trial_id=s.trial_id, policy=s.tamper, findings=self.findings, omitted=self._omitted)
            )
        try:
            reward = read_reward(v.logs_dir, s.reward_key)
        except RewardError as exc:
            return self._fault("protocol", "verify", reward_fault(exc, v.exit_code)), False
        if (doubt := exit_doubt(v.exit_code, reward)) is not None:  # the tested program's reward, maybe
            return self._fault("protocol", "verify", doubt), False
        passed = reward.value >= 1.0
        self.log.append(
            CheckRecorded(
                trial_id=s.trial_id,
                type="command",
                level="L2v",
                passed=passed,
                reward=reward.value,
                reward_source=reward.source,
                exit_code=v.exit_code,
                output=out_id,
                output_bytes=if_cut((v.output_bytes,) if v.output_bytes is not None else ()),
            )
        )
        # the check stays as the verifier said; under `--tamper fail` the projection scores it failed
        return "scored", passed and not (self.findings and self.s.tamper == "fail")

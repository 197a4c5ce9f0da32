"""The run's meter: upstreams and the metering proxy, the run's spend limit, the assessor route.

The scripted upstreams (if any) and the proxy are started once per run.

Spend limits. A trial's own limit (`--budget-usd`) and the run's (`--run-budget-usd`) are both
enforced by the proxy by reservation (`memeval.meter.SpendPool`): every call reserves its worst
case in its trial's pool and in the run's one shared pool before it is forwarded, and settles on
its measured cost (or, unmeasured, on its worst case). However many trials run at once, each
limit is passed by at most one call's worst case. Once the run's pool is exhausted the runner
starts no further trial. Known spend is the sum of the priced calls (subject and assessor alike)
in the run's log and in this session; a call whose cost could not be measured counts against the
limits at its worst case but never as known spend.

Assessors. A judge's calls for trial T go through the same proxy with their own placeholder key,
registered as `T#assessor` with role `assessor`: they never count against T's own limit and are
logged under T with `role: assessor`, so the results sum them apart from the subject's.
"""

from __future__ import annotations

import os
import secrets
import shutil
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, get_args

from memeval._cpubudget import env_positive
from memeval.errors import UsageError
from memeval.eventlog import Event, ModelCalled, ModelCallRecord, RunLog
from memeval.meter import provider_names
from memeval.runner._callstats import CallStats, Exchange
from memeval.runner._scrub import scrub_strings
from memeval.runner._upstream import RunningUpstream, UpstreamSpec
from memeval.types import FaultCode, Mode, Role

if TYPE_CHECKING:
    from memeval.meter import MeterProxy

ASSESSOR_SUFFIX = "#assessor"
"""Appended to a trial id for its assessor's key; stripped again when the call is logged."""

CALLS_SETTLE_S = 30.0
"""How long the runner waits, after an agent's turn, for its calls still in flight to be recorded (s), by default."""
SETTLE_ENV = "MEMEVAL_CALLS_SETTLE_S"
"""Sets that wait in seconds instead (above 0, at most `MAX_CALLS_SETTLE_S`): an upstream known to answer slowly
wants more, and the suite's tests of calls that outlast it want less than half a minute of waiting."""
MAX_CALLS_SETTLE_S = 3600.0
"""The most `MEMEVAL_CALLS_SETTLE_S` takes: more is a typo, not a wait."""

REGISTRATION_SEP = "@"
"""A trial is registered with the proxy as `trial_id@n` (n counts its registrations in this
session), so a retried attempt gets a fresh key; the suffix is stripped when a call is logged.
Task ids never contain `@` (see `memeval.tasks.TASK_ID_PATTERN`)."""


def calls_settle_s() -> float:
    """Seconds the runner waits after a turn for its calls in flight: `MEMEVAL_CALLS_SETTLE_S`, else `CALLS_SETTLE_S`.

    Raises:
        UsageError: the value is not a number above 0 and at most `MAX_CALLS_SETTLE_S` (named, with the fix).
    """
    return env_positive(SETTLE_ENV, CALLS_SETTLE_S, MAX_CALLS_SETTLE_S, "seconds", "the wait for a turn's calls")


def logged_spend_usd(log: RunLog, events: Sequence[Event] | None = None) -> float:
    """The known spend (USD) of the model calls already in the run's log, all roles, as its fold counts it.

    The sum `memeval.results.arm_spend` gives over both arms (every attempt of every trial), so a resumed
    run's limits start from the figure `memeval results` shows. Adding up the `model.called` lines
    instead counted the lines the fold refuses: a call line copied into the log (a repeated `call_id`),
    a trial's events copied whole, a call line after its session's `run.ended`.

    Args:
        log: the run's log.
        events: its events, when the caller has read them (`RunLog.read`); None: read here.

    Returns:
        USD; 0.0 for a log with no event yet.

    Raises:
        RunLogError: the fold refuses the log (it names the line), so its spend is not known.
    """
    from memeval.results import arm_spend, project  # lazy: the results package is not the runner's to load early

    evs = log.read().events if events is None else events
    if not evs:
        return 0.0
    result = project(evs, b"")  # the log's hash is not needed: only the spend is read
    return sum(arm_spend(result, mode).cost_usd for mode in get_args(Mode))


def check_meter_connections(concurrency: int) -> None:
    """Refuse a `--concurrency` at which the metering proxy cannot give every sandbox its connections.

    Called while the run is planned, before any run folder is made: the proxy itself checks again
    when it starts (`memeval.meter.reserve_connections`, which also raises the soft file limit).

    Args:
        concurrency: the trials run at once (`--concurrency`).

    Raises:
        UsageError: the hard file limit (`ulimit -Hn`) is too low for that many sandboxes; the
            message names both numbers and the fixes.
    """
    from memeval.meter import reserve_connections  # lazy: the proxy's server imports httptools

    try:
        reserve_connections(max(1, concurrency))
    except ValueError as exc:
        raise UsageError(f"--concurrency {concurrency}: {exc}") from exc


def check_agent_upstreams(
    apis: Sequence[str],
    upstreams: Sequence[UpstreamSpec],
    agent: str,
    model_api: str | None = None,
    model: str | None = None,
) -> None:
    """Refuse a run whose agent speaks no API the proxy has an upstream for.

    Args:
        apis: the APIs the agent speaks (empty: unknown, nothing is checked).
        upstreams: the configured upstreams.
        agent: the agent's name, for the message.
        model_api: the API the asked-for model is served through (a preset that routes by the
            model's name), or None when any of `apis` will do.
        model: the asked-for model, for the message.

    Raises:
        UsageError: naming the agent's APIs and the options that fix it (`--model`, `--upstream`).
    """
    if not apis:
        return
    have = {u.api for u in upstreams if u.base_url or u.command}
    if model is not None and model_api is not None and model_api not in have:
        others = [a for a in apis if a in have]
        alt = f"pass --model with a model served by {' or '.join(others)}, or " if others else ""
        raise UsageError(
            f"agent {agent}'s model {model!r} is served through the {model_api} API but no such upstream is "
            f"configured (configured: {', '.join(sorted(have)) or 'none'}); {alt}add one with "
            f"--upstream api={model_api},url=URL,key_env=VAR"
        )
    if have & set(apis):
        return
    routable = [a for a in apis if a in provider_names()]
    if not routable:
        raise UsageError(
            f"agent {agent} speaks only {', '.join(apis)}, which the metering proxy does not route "
            f"(it routes {', '.join(provider_names())}); it cannot be metered yet"
        )
    raise UsageError(
        f"agent {agent} speaks {' or '.join(routable)} but no such upstream is configured "
        f"(configured: {', '.join(sorted(have)) or 'none'}); add one with "
        f"--upstream api={routable[0]},url=URL,key_env=VAR"
    )


@dataclass
class _Registered:
    budget_usd: float | None
    """The trial's own limit."""


class RunMeter:
    """The run's metering proxy as the attempts use it (`TrialMeter`), plus the run's spend.

    Args:
        proxy: a started `MeterProxy`.
        run_budget_usd: the run's spend limit in USD, or None.
        spent_before_usd: known spend already in the log (a resumed run).
    """

    def __init__(
        self,
        proxy: MeterProxy,
        run_budget_usd: float | None = None,
        spent_before_usd: float = 0.0,
        stats: CallStats | None = None,
    ) -> None:
        from memeval.meter import SpendPool  # lazy: the meter imports httpx

        self._p = proxy
        self._stats = stats or CallStats()
        self.run_budget_usd = run_budget_usd
        self._before = spent_before_usd
        self.run_pool = SpendPool(run_budget_usd, spent_before_usd)
        """The run's limit, shared by every registration (trials may run concurrently)."""
        self._lock = threading.Lock()
        """Guards `_trials` and `_current`: attempts register and read from several threads."""
        self._trials: dict[str, _Registered] = {}
        self._current: dict[str, str] = {}
        """trial id (or `trial#assessor`) -> its current registration id with the proxy."""
        self.settle_s = calls_settle_s()
        """How long `wait_calls_recorded` waits by default (s), read when the run's meter starts."""

    @property
    def proxy(self) -> MeterProxy:
        """The underlying proxy (its `base_url` serves 127.0.0.1 TCP; attempts use the socket)."""
        return self._p

    @property
    def unix_socket(self) -> Path:
        """The proxy's unix socket, bound into each sandbox."""
        sock = self._p.unix_socket
        assert sock is not None, "the run's proxy always serves a unix socket"
        return Path(sock)

    def trial_socket(self, name: str, owner: str | None = None) -> Path:
        """A unix socket of the proxy's for one sandbox; remove it with `drop_socket`.

        It is `<the run's socket folder>/<name>.sock`: keep `name` short (a unix socket path is at most 107 bytes).
        `owner`: a trial id given to `register_trial`: the socket serves its current registration's key alone
        (`MeterProxy.add_socket`), so another trial's key (passed from one arm to the other) is refused there;
        None: any key.

        Raises:
            MeterError: it cannot be bound or served.
        """
        path = self.unix_socket.parent / f"{name}.sock"
        self._p.add_socket(path, None if owner is None else self._rid(owner))
        return path

    def drop_socket(self, path: Path) -> None:
        """Stop serving a socket of `trial_socket` and remove it."""
        self._p.remove_socket(path)

    def run_spend_usd(self) -> float:
        """Known spend of the run so far (USD): the log's before this session, plus this session's."""
        with self._lock:
            rids = list(self._trials)
        return self._before + sum(self._p.trial_spend(t).cost_usd_known for t in rids)

    def run_limit_reached(self) -> bool:
        """Whether the run's limit is used up.

        True when known spend plus worst cases charged for calls of unknown cost reached
        `run_budget_usd`, or a call was refused for it (False without one).
        """
        return self.run_pool.exhausted()

    def register_trial(
        self, trial_id: str, role: Role = "subject", budget_usd: float | None = None, attempt: int | None = None
    ) -> str:
        """Register a trial's subject and return its placeholder key.

        Its calls draw on its own limit (`budget_usd`) and on the run's shared pool, and are logged
        with `attempt` (the 1-based `TrialStarted.attempt` whose turn this registration serves;
        None: not known, the log says none) whenever they end, after the attempt too.
        """
        with self._lock:
            rid = self._new_id(trial_id)
        self._stats.name_attempt(rid, attempt)
        key = str(self._p.register_trial(rid, role=role, budget_usd=budget_usd, shared=self.run_pool))
        with self._lock:  # listed once the proxy knows it: `run_spend_usd` asks the proxy for every listed one
            self._trials[rid] = _Registered(budget_usd)
        return key

    def _new_id(self, name: str) -> str:
        """A fresh registration id for `name` (call with `_lock` held)."""
        n = sum(1 for r in self._trials if r.rsplit(REGISTRATION_SEP, 1)[0] == name) + 1
        rid = f"{name}{REGISTRATION_SEP}{n}"
        self._current[name] = rid
        return rid

    def register_assessor(self, trial_id: str, attempt: int | None = None) -> str:
        """Register an assessor (LLM judge) for `trial_id` and return its own placeholder key.

        Its calls are logged under `trial_id` and `attempt` (as `register_trial`'s) with `role: assessor`;
        they count toward the run's spend and limit, never toward the trial's own limit.
        """
        with self._lock:
            rid = self._new_id(trial_id + ASSESSOR_SUFFIX)
        self._stats.name_attempt(rid, attempt)
        key = str(self._p.register_trial(rid, role="assessor", budget_usd=None, shared=self.run_pool))
        with self._lock:
            self._trials[rid] = _Registered(None)
        return key

    def unregister_trial(self, trial_id: str) -> None:
        """Revoke the trial's key (its spend still counts toward the run)."""
        self._p.unregister_trial(self._rid(trial_id))

    def _rid(self, trial_id: str) -> str:
        with self._lock:
            return self._current[trial_id]

    def wait_calls_recorded(self, trial_id: str, timeout_s: float | None = None) -> int:
        """Wait until no call of the trial's current registration is in flight; return how many still are.

        The proxy records a call once its response is over, after the agent may already have read it
        and exited; a call cut by the end of the turn is recorded at the upstream's next bytes. Read a
        trial's counts, limit and bodies only after this. Returns 0, or the calls still in flight
        after `timeout_s` seconds (default `settle_s`; an upstream silent that long; they are logged when they end).
        """
        rid = self._rid(trial_id)
        deadline = time.monotonic() + (self.settle_s if timeout_s is None else timeout_s)
        while (left := int(self._p.trial_spend(rid).in_flight)) and time.monotonic() < deadline:
            time.sleep(0.01)
        return left

    def take_exchanges(self, trial_id: str) -> list[Exchange]:
        """The bodies of the trial's current registration's calls, in order, and forget them.

        Empty when bodies are not kept. Call after `unregister_trial`: no call is in flight.
        """
        return self._stats.take_bodies(self._current[trial_id])

    def harness_failure(self, trial_id: str) -> tuple[FaultCode, str] | None:
        """The fault the trial's model calls make of its turn, (code, message), or None (see `CallStats`)."""
        return self._stats.harness_failure(self._rid(trial_id))

    def calls_made(self, trial_id: str) -> int:
        """Model calls the proxy recorded for the trial's current registration."""
        return int(self._p.trial_spend(self._rid(trial_id)).calls)

    def budget_exhausted(self, trial_id: str) -> bool:
        """Whether the proxy stopped the trial's calls for spend."""
        return bool(self._p.trial_spend(self._rid(trial_id)).budget_exhausted)

    def budget_message(self, trial_id: str) -> str:
        """Which limit stopped the trial, with the figures (for its `budget` fault)."""
        rid = self._rid(trial_id)
        with self._lock:
            reg = self._trials[rid]
        spent = self._p.trial_spend(rid).cost_usd_known
        if self.run_pool.exhausted():
            return (
                f"the run's spend limit of {self.run_budget_usd:g} USD was reached (known run spend "
                f"{self.run_spend_usd():.6f} USD, this trial {spent:.6f} USD)"
            )
        return f"the trial's spend limit of {reg.budget_usd:g} USD was reached (known spend {spent:.6f} USD)"


SCRUBBED_CALL_FIELDS = ("requested_model", "response_model", "tool_names", "error")
"""The text of a call's record the agent or the upstream writes (the rest is memeval's: ids, kinds, numbers)."""


def _log_call(
    write: Callable[[Event], Any],
    call: Any,
    scrub: Callable[[str], str] | None = None,
    attempt: int | None = None,
) -> None:
    """Log the meter's `ModelCall` as the log's `ModelCallRecord`, under the trial's own id and `attempt`.

    `scrub` (`Scrubber.text` of the run's secrets) is applied to every string of the record: the agent names the
    model it asks for (and tool names), and a `--env` value it was given written there was stored as it was.
    `attempt`: the attempt the call's registration served (`CallStats.attempt_of`), or None when not known.
    """
    tid = str(call.trial_id).rsplit(REGISTRATION_SEP, 1)[0].removesuffix(ASSESSOR_SUFFIX)
    data = {**call.model_dump(), "trial_id": tid}
    if scrub is not None:
        for key in SCRUBBED_CALL_FIELDS:
            data[key] = scrub_strings(data[key], scrub)
    record = ModelCallRecord.model_validate(data)
    write(ModelCalled(trial_id=tid, attempt=attempt, call=record))


@contextmanager
def open_meter(
    log: RunLog,
    upstreams: Sequence[UpstreamSpec],
    *,
    prices_file: Path | None = None,
    run_budget_usd: float | None = None,
    scratch: Path | None = None,
    write: Callable[[Event], Any] | None = None,
    keep_bodies: bool = True,
    sandboxes: int | None = None,
    scrub: Callable[[str], str] | None = None,
    spent_before_usd: float | None = None,
) -> Iterator[RunMeter]:
    """Start the scripted upstreams (if any) and the metering proxy for the run's duration.

    Every recorded call is appended to `log` as `model.called` (an assessor's under its trial).

    Args:
        log: the run's log (its calls so far count toward the run's spend).
        upstreams: at most one per API (a registered provider: `openai`, `anthropic`, `google`,
            ...); an empty spec adds nothing.
        prices_file: a user price file, for models genai-prices does not know.
        run_budget_usd: the run's spend limit in USD, or None.
        scratch: the run's scratch folder for the proxy's socket and the scripted upstreams (see
            `memeval.runner._scratch`); None: a fresh folder under /tmp, removed on exit.
        write: how a call's event is written (default `log.append`); the proxy's thread calls it,
            so it should not wait on the disk (`LogWriter.post`).
        keep_bodies: hold each call's bodies for its trial (`RunMeter.take_exchanges`).
        sandboxes: the most agent turns at once (the run's concurrency), each given its own share of the proxy's
            connections (`MeterProxy`); None: no shares.
        scrub: blanks the run's secrets in each call's record before it is logged (`Scrubber.text`); None: none.
        spent_before_usd: the run's known spend before this session (`logged_spend_usd`); None: read from `log`.

    Raises:
        UsageError: two upstreams for one API, or a negative run limit.
        MeterError: an upstream or the proxy did not start.
    """
    from memeval.meter import MeterProxy, PriceBook, Upstream  # lazy: starts servers, imports httpx

    if run_budget_usd is not None and run_budget_usd < 0:
        raise UsageError(f"--run-budget-usd must be >= 0, got {run_budget_usd}")
    apis = [u.api for u in upstreams if u.base_url or u.command]
    if len(apis) != len(set(apis)):
        raise UsageError(f"one upstream per API: got {', '.join(apis)}; drop the duplicate")
    sock_dir = (scratch or Path("/tmp")) / f"meter-{os.getpid()}-{secrets.token_hex(4)}"
    sock_dir.mkdir(mode=0o700)
    writer = write or log.append
    try:
        with ExitStack() as stack:
            ups = {}
            for spec in upstreams:
                up = stack.enter_context(RunningUpstream(spec, scratch))
                if up.base_url:
                    ups[spec.api] = Upstream(base_url=up.base_url, api_key=spec.key())
            stats = CallStats(no_upstreams=not ups)

            def on_call(call: Any) -> None:
                _log_call(writer, call, scrub, stats.attempt_of(str(call.trial_id)))
                stats.note(call)

            proxy = MeterProxy(
                upstreams=ups,
                prices=PriceBook(user_file=prices_file),
                on_call=on_call,
                unix_socket=sock_dir / "proxy.sock",
                on_bodies=stats.keep_bodies if keep_bodies else None,
                sandboxes=sandboxes,
            )
            proxy.start()
            stack.callback(proxy.stop)
            before = logged_spend_usd(log) if spent_before_usd is None else spent_before_usd
            yield RunMeter(proxy, run_budget_usd, before, stats)
    finally:
        shutil.rmtree(sock_dir, ignore_errors=True)

"""Trials known to the proxy: placeholder keys, roles, budgets and what each has spent.

Shared between the caller's thread (register, read spend) and the proxy's event loop (look up a
key, record a call), so every access holds one lock; each critical section is a few dict
operations.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass

from memeval.errors import MeterError
from memeval.meter._records import ModelCall, TrialSpend
from memeval.types import Role

KEY_PREFIX = "mk-"
"""Placeholder keys look like `mk-<32 hex digits>`: obviously not a provider key."""


@dataclass
class SharedLimit:
    """A spend limit several trials draw on at once (a run's limit while trials run concurrently).

    Every call of every trial registered with it adds to `spent_usd`, and each of them is refused
    once `spent_usd` reaches `limit_usd`. Only the ledger changes it, under its lock.

    Attributes:
        limit_usd: the limit in USD.
        spent_usd: known spend so far in USD (start it at what was spent before this session).
    """

    limit_usd: float
    spent_usd: float = 0.0

    @property
    def exhausted(self) -> bool:
        """Whether the known spend has reached the limit."""
        return self.spent_usd >= self.limit_usd


@dataclass
class _Trial:
    trial_id: str
    role: Role
    budget_usd: float | None
    key: str | None
    spent_usd: float = 0.0
    calls: int = 0
    unpriced_calls: int = 0
    usage_missing_calls: int = 0
    shared: SharedLimit | None = None

    @property
    def exhausted(self) -> bool:
        own = self.budget_usd is not None and self.spent_usd >= self.budget_usd
        return own or (self.shared is not None and self.shared.exhausted)


@dataclass(frozen=True)
class Caller:
    """Who a placeholder key belongs to, at the moment it was looked up."""

    trial_id: str
    role: Role
    budget_exhausted: bool


class Ledger:
    """Thread-safe registry of trials and their spend."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_key: dict[str, _Trial] = {}
        self._by_id: dict[str, _Trial] = {}

    def register(
        self, trial_id: str, role: Role, budget_usd: float | None, shared: SharedLimit | None = None
    ) -> str:
        """Add a trial and return its new random placeholder key.

        `shared`, if given, is a limit this trial draws on together with other trials (each of
        its calls adds to it; it is refused once it is reached, whatever its own budget).

        Raises:
            MeterError: the trial id is already registered, or the budget is negative.
        """
        if budget_usd is not None and budget_usd < 0:
            raise MeterError(f"budget_usd must be >= 0 or None, got {budget_usd}")
        key = KEY_PREFIX + secrets.token_hex(16)
        with self._lock:
            if trial_id in self._by_id:
                raise MeterError(
                    f"trial {trial_id!r} is already registered with this proxy; "
                    "unregister it first or use a new trial id"
                )
            trial = _Trial(trial_id, role, budget_usd, key, shared=shared)
            self._by_id[trial_id] = trial
            self._by_key[key] = trial
        return key

    def unregister(self, trial_id: str) -> None:
        """Revoke the trial's key (later calls get 401); its spend stays readable."""
        with self._lock:
            trial = self._trial(trial_id)
            if trial.key is not None:
                self._by_key.pop(trial.key, None)
                trial.key = None

    def lookup(self, key: str | None) -> Caller | None:
        """The caller a placeholder key belongs to, or None for an unknown or revoked key."""
        if not key:
            return None
        with self._lock:
            trial = self._by_key.get(key)
            if trial is None:
                return None
            return Caller(trial.trial_id, trial.role, trial.exhausted)

    def record(self, call: ModelCall) -> None:
        """Add one call to its trial's counts."""
        with self._lock:
            trial = self._by_id.get(call.trial_id)
            if trial is None:
                return  # unregistered and forgotten while the call was in flight
            trial.calls += 1
            if call.cost.cost_usd is not None:
                trial.spent_usd += call.cost.cost_usd
                if trial.shared is not None:
                    trial.shared.spent_usd += call.cost.cost_usd
            elif call.cost.reason == "unpriced":
                trial.unpriced_calls += 1
            elif 200 <= call.status < 300:
                trial.usage_missing_calls += 1

    def spend(self, trial_id: str) -> TrialSpend:
        """A snapshot of the trial's spend.

        Raises:
            MeterError: the trial was never registered.
        """
        with self._lock:
            t = self._trial(trial_id)
            return TrialSpend(
                cost_usd_known=t.spent_usd,
                calls=t.calls,
                unpriced_calls=t.unpriced_calls,
                usage_missing_calls=t.usage_missing_calls,
                budget_usd=t.budget_usd,
                budget_exhausted=t.exhausted,
            )

    def _trial(self, trial_id: str) -> _Trial:
        trial = self._by_id.get(trial_id)
        if trial is None:
            raise MeterError(f"trial {trial_id!r} is not registered with this proxy")
        return trial

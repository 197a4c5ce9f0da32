"""Trials known to the proxy: placeholder keys, roles, budgets and what each has spent.

Shared between the caller's thread (register, read spend) and the proxy's event loop (look up a
key, record a call), so every access holds one lock; each critical section is a few dict
operations.

Spend limits hold by reservation (`SpendPool`): before a call is forwarded it reserves its worst
case (its output limit and a prompt bound, at its model's price) in its trial's pool and in any
shared pool (the run's); when it ends it settles on its measured cost, or, when its cost could not
be measured, on the worst case it reserved (so an unreadable call still counts against the limit,
though never as known spend). A call is admitted while the pool's remainder (limit - spent -
charged - reserved) is above zero, so however many calls run at once the pool's committed spend
never passes the limit by more than one call's worst case. A call whose worst case cannot be
priced (no price for its model) is refused under a limit: nothing could bound it.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass

from memeval.errors import MeterError
from memeval.meter._records import ModelCall, TrialSpend
from memeval.types import Role, unanswered

KEY_PREFIX = "mk-"
"""Placeholder keys look like `mk-<32 hex digits>`: obviously not a provider key."""


_POOL_LOCK = threading.Lock()
"""One lock for every pool's figures: a reservation touches two pools (trial and run) at once,
and one lock cannot deadlock. Each critical section is a few additions."""


class SpendPool:
    """A spend limit that many calls draw on, in USD; thread-safe and usable from async code.

    Args:
        limit_usd: the limit, or None for none (calls are then always admitted, still counted).
        spent_usd: known spend already made before this pool existed (a resumed run).

    The run-wide limit is one pool shared by every trial's registration (`Ledger.register(...,
    shared=pool)`); trials running concurrently then cannot together walk past it by more than one
    call's worst case.
    """

    def __init__(self, limit_usd: float | None, spent_usd: float = 0.0) -> None:
        if limit_usd is not None and limit_usd < 0:
            raise MeterError(f"a spend limit must be >= 0 or None, got {limit_usd}")
        self.limit_usd = limit_usd
        self._spent = spent_usd
        self._charged = 0.0
        self._reserved = 0.0
        self._refused = 0

    @property
    def spent_usd(self) -> float:
        """Known spend: the measured cost of settled calls (plus `spent_usd` given at creation)."""
        with _POOL_LOCK:
            return self._spent

    @property
    def charged_usd(self) -> float:
        """Worst cases charged for calls whose cost could not be measured."""
        with _POOL_LOCK:
            return self._charged

    @property
    def reserved_usd(self) -> float:
        """Worst cases of the calls in flight."""
        with _POOL_LOCK:
            return self._reserved

    @property
    def refused(self) -> int:
        """Calls refused because this pool's remainder could not admit them."""
        with _POOL_LOCK:
            return self._refused

    def exhausted(self) -> bool:
        """Whether the limit is reached by spend, charges and reservations (or a call was refused)."""
        with _POOL_LOCK:
            return self._exhausted()

    def _exhausted(self) -> bool:
        if self.limit_usd is None:
            return False
        return self._refused > 0 or self._spent + self._charged >= self.limit_usd

    def _admits(self, worst_usd: float | None, strict: bool) -> bool:
        if self.limit_usd is None:
            return True
        if worst_usd is None:
            return False
        left = self.limit_usd - self._spent - self._charged - self._reserved
        return left >= worst_usd if strict else left > 0


@dataclass
class Reservation:
    """A call's hold on its pools, from before it is forwarded until it settles (once)."""

    pools: tuple[SpendPool, ...]
    worst_usd: float
    """The amount held in each pool, USD (0 when no pool has a limit and no price is known)."""
    settled: bool = False
    worst_later: Callable[[], float | None] | None = None
    """For a hold with nothing held (`Ledger.hold_unlimited`): prices the worst case if the call's
    cost turns out unknown, the only time it is needed."""

    def settle(self, cost_usd: float | None) -> None:
        """Release the hold and count the call: its measured cost, or (None) its worst case.

        A second call does nothing.
        """
        charge = self.worst_usd
        if cost_usd is None and self.worst_later is not None and not self.settled:
            charge = self.worst_later() or 0.0  # priced outside the lock
        with _POOL_LOCK:
            if self.settled:
                return
            self.settled = True
            for pool in self.pools:
                pool._reserved = max(0.0, pool._reserved - self.worst_usd)
                if cost_usd is not None:
                    pool._spent += cost_usd
                else:
                    pool._charged += charge


def reserve(pools: tuple[SpendPool, ...], worst_usd: float | None, *, strict: bool = False) -> Reservation | SpendPool:
    """Reserve `worst_usd` in every pool at once, or name the first pool that refuses.

    Args:
        pools: the pools the call draws on (its trial's, the run's).
        worst_usd: the call's worst-case cost in USD; None when it cannot be priced (refused by
            any pool with a limit).
        strict: admit only if each remainder covers the whole worst case (a call whose cost will
            not be measured); otherwise a remainder above zero admits it.

    Returns:
        The `Reservation`, or the `SpendPool` that refused (its `refused` count is raised).
    """
    with _POOL_LOCK:
        for pool in pools:
            if not pool._admits(worst_usd, strict):
                pool._refused += 1
                return pool
        amount = worst_usd or 0.0
        for pool in pools:
            pool._reserved += amount
        return Reservation(pools, amount)


@dataclass
class _Trial:
    trial_id: str
    role: Role
    budget_usd: float | None
    key: str | None
    pool: SpendPool
    shared: SpendPool | None = None
    spent_usd: float = 0.0
    calls: int = 0
    unpriced_calls: int = 0
    usage_missing_calls: int = 0
    in_flight: int = 0

    @property
    def pools(self) -> tuple[SpendPool, ...]:
        return (self.pool,) if self.shared is None else (self.pool, self.shared)

    @property
    def exhausted(self) -> bool:
        return self.pool._exhausted() or (self.shared is not None and self.shared._exhausted())


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

    def register(self, trial_id: str, role: Role, budget_usd: float | None, shared: SpendPool | None = None) -> str:
        """Add a trial and return its new random placeholder key.

        Args:
            trial_id: the registration's id.
            role: `subject` or `assessor`.
            budget_usd: the trial's own limit in USD, or None.
            shared: a pool the trial's calls also draw on (the run's limit), or None.

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
            trial = _Trial(trial_id, role, budget_usd, key, SpendPool(budget_usd), shared)
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

    def reserve(self, trial_id: str, worst_usd: float | None, *, strict: bool = False) -> Reservation | SpendPool:
        """Reserve a call's worst case in its trial's pools (see `reserve`).

        Raises:
            MeterError: the trial was never registered.
        """
        with self._lock:
            pools = self._trial(trial_id).pools
        return reserve(pools, worst_usd, strict=strict)

    def limited(self, trial_id: str) -> bool:
        """Whether any pool the trial draws on has a spend limit.

        Raises:
            MeterError: the trial was never registered.
        """
        with self._lock:
            pools = self._trial(trial_id).pools
        return any(pool.limit_usd is not None for pool in pools)

    def hold_unlimited(self, trial_id: str, worst_later: Callable[[], float | None]) -> Reservation:
        """A hold of nothing for a call of a trial whose pools have no limit (`limited` False).

        Such pools admit every call, so the worst case needs no pricing up front; `worst_later`
        prices it only if the call settles with an unknown cost (then charged, as `reserve`'s
        holds are). Pricing it for every call was most of the proxy's pricing work.

        Raises:
            MeterError: the trial was never registered.
        """
        with self._lock:
            pools = self._trial(trial_id).pools
        return Reservation(pools, 0.0, worst_later=worst_later)

    def call_began(self, trial_id: str) -> None:
        """Count a call of the trial as in flight until `call_ended` (it will be recorded, or was refused).

        Raises:
            MeterError: the trial was never registered.
        """
        with self._lock:
            self._trial(trial_id).in_flight += 1

    def call_ended(self, trial_id: str) -> None:
        """The call counted by `call_began` is over: recorded and handed to `on_call`, or dropped."""
        with self._lock:
            trial = self._by_id.get(trial_id)
            if trial is not None:
                trial.in_flight -= 1

    def record(self, call: ModelCall, reservation: Reservation | None = None) -> None:
        """Add one call to its trial's counts and settle its reservation, if any."""
        if reservation is not None:
            # an error answer is not billed unless it says what it used (then it has a cost, or a reason for none);
            # an answered call of unknown cost is charged its worst case, as is a request the upstream had and never
            # answered (`unanswered`: the proxy's 502 is no answer of the provider's)
            billed = 200 <= call.status < 300 or call.cost.reason != "usage_missing" or unanswered(call.error)
            reservation.settle(call.cost.cost_usd if billed else 0.0)
        with self._lock:
            trial = self._by_id.get(call.trial_id)
            if trial is None:
                return  # unregistered and forgotten while the call was in flight
            trial.calls += 1
            if call.cost.cost_usd is not None:
                trial.spent_usd += call.cost.cost_usd
            elif call.cost.reason == "unpriced":
                trial.unpriced_calls += 1
            elif 200 <= call.status < 300 or unanswered(call.error):
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
                charged_unknown_usd=t.pool.charged_usd,
                in_flight=t.in_flight,
            )

    def _trial(self, trial_id: str) -> _Trial:
        trial = self._by_id.get(trial_id)
        if trial is None:
            raise MeterError(f"trial {trial_id!r} is not registered with this proxy")
        return trial

"""What one attempt at one trial needs (`AttemptSpec`), apart from `memeval.runner._attempt`, which runs it."""

from __future__ import annotations

from dataclasses import dataclass, field

from memeval.agents import AgentSpec
from memeval.packs import Pack, PackItem
from memeval.sandbox import DefaultLimits
from memeval.tasks import Task
from memeval.types import Mode, NetworkMode, Retain, TamperPolicy


@dataclass
class AttemptSpec:
    """Everything one attempt needs.

    Attributes:
        trial_id: `task:mode:repeat`.
        attempt: 1 for the first try, 2+ for retries.
        task: the task.
        mode: `baseline` or `pack`.
        agent: the agent.
        pack: the pack the slice came from (None in baseline mode).
        items: the slice (empty in baseline mode).
        model: the model name handed to the agent as `MEMEVAL_MODEL`.
        network: `proxy` (the agent reaches only the metering proxy) or `none`.
        retain: which worlds to keep.
        agent_timeout_s: overrides the task's `[agent] timeout_sec` when set.
        verifier_timeout_s: overrides the task's `[verifier] timeout_sec` when set.
        budget_usd: spend limit for the trial, in USD.
        extra_env: variables for the agent (pinned by hash on the run card, never logged).
        secrets: other secret values memeval knows (upstream keys), name -> value, blanked with
            `extra_env`'s values from everything stored of the trial.
        tamper: what tamper findings do to the trial: `flag` (recorded) or `fail` (scored failed).
        upstream_apis: the APIs that have an upstream: only their proxy variables are exported
            to the agent (None: all of them).
    """

    trial_id: str
    attempt: int
    task: Task
    mode: Mode
    agent: AgentSpec
    pack: Pack | None
    items: tuple[PackItem, ...]
    model: str | None
    network: NetworkMode
    retain: Retain
    agent_timeout_s: float | None = None
    verifier_timeout_s: float | None = None
    budget_usd: float | None = None
    extra_env: dict[str, str] = field(default_factory=dict)
    secrets: dict[str, str] = field(default_factory=dict)
    tamper: TamperPolicy = "flag"
    reward_key: str | None = None
    """The reward.json key that counts (`--reward-key`), or None for Harbor's rule."""
    upstream_apis: tuple[str, ...] | None = None
    """The APIs that have an upstream (None: all); see `proxy_vars`."""
    default_limits: DefaultLimits | None = None
    """The run's limits for tasks whose task.toml names none (`memeval.sandbox.task_limits`)."""

"""What one attempt at one trial needs (`AttemptSpec`), apart from `memeval.runner._attempt`, which runs it."""

from __future__ import annotations

from dataclasses import dataclass, field

from memeval.agents import AgentSpec
from memeval.packs import Pack, PackItem
from memeval.runner._card import host_pins
from memeval.sandbox import DefaultLimits
from memeval.tasks import AGENT_UNPINNED, Task, hash_tree
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
    agent_files_hash: str | None = None
    """`hash_tree` of the agent's folder (`agent.files`) when the run began, as its run card pins it; None for an
    agent with no folder or no check. The folder is bound into each sandbox as it is then: a trial whose agent's
    folder hashes otherwise before or after its turn is a `protocol` fault (`memeval.runner._attempt`)."""
    agent_host_pins: dict[str, str] | None = None
    """`memeval.runner._card.host_pins` of the agent when the run began (its program's and each `file:` host
    file's hash, as the run card pins them); None: no check. Checked with the folder, by `agent_changed`."""


def agent_folder_changed(spec: AttemptSpec) -> str | None:
    """Why the agent's folder the attempt binds is not the one its run card pins, or None when it is (or none is).

    The folder (`agent.files`, bound read-only at `/opt/agent`) is read from the host by each sandbox; one
    edited during a run ran another agent under the card's `agent.files_hash`. Reads every file of the folder.
    """
    if spec.agent.files is None or spec.agent_files_hash is None:
        return None
    try:
        now = hash_tree(spec.agent.files, AGENT_UNPINNED)
    except OSError as exc:
        now = f"unreadable ({type(exc).__name__}: {exc.strerror or exc})"
    if now == spec.agent_files_hash:
        return None
    return (
        f"the agent's folder {spec.agent.files} changed since the run began: it now hashes {now}, the run card "
        f"pins {spec.agent_files_hash}"
    )


def agent_changed(spec: AttemptSpec) -> str | None:
    """Why the agent the attempt would run is not the one its run card pins, or None when it is.

    The agent's folder (`agent_folder_changed`), then its program and each `file:` host file the card pins
    (`memeval.runner._card.host_pins`): all are bound read-only into each sandbox as they are on the host
    when it starts, so one edited during a run ran another agent under the card's hashes. Reads each file
    again (a program over `MAX_BINARY_BYTES` by size and mtime).

    Returns:
        A sentence naming each changed file with the hash it has now and the hash the card pins.
    """
    if (folder := agent_folder_changed(spec)) is not None:
        return folder
    if spec.agent_host_pins is None:
        return None
    now = host_pins(spec.agent)
    keys = sorted(k for k in set(now) | set(spec.agent_host_pins) if now.get(k) != spec.agent_host_pins.get(k))
    if not keys:
        return None
    parts = []
    for k in keys:
        what = f"the agent's host file {k[5:]}" if k.startswith("file:") else f"the agent's {k.replace('_', ' ')}"
        parts.append(
            f"{what} now {now.get(k, 'absent')!r}, the run card pins {spec.agent_host_pins.get(k, 'absent')!r}"
        )
    return "the agent changed since the run began: " + "; ".join(parts)

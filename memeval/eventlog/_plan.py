"""The run card and the manifest: the typed payloads of `run.planned` (v2).

v1 stored both as untyped JSON objects; v2 declares their fields here, and `_upcast` reads v1
lines (the objects are the same, only the declaration is new). The run card is what both arms
share (`memeval.runner.check_pairable` refuses arms whose cards differ); the manifest follows
the harness seed: task set, schema, cells (every axis, varied or held), workspace and harness
identity. Secrets never enter either: the agent's environment is pinned by a hash.

A log from before a field existed lacks it, and readers must tell "absent" from "the default":
`Logged.as_logged()` gives the object exactly as the log line held it (keys sorted, absent
fields left out), so a projection of an old log stays byte for byte what it was.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from memeval import __version__
from memeval.types import Mode, NetworkMode, TamperPolicy


def _sorted(obj: Any) -> Any:
    """`obj` with every mapping's keys sorted, at every depth (the log's canonical order)."""
    if isinstance(obj, dict):
        return {k: _sorted(obj[k]) for k in sorted(obj)}
    if isinstance(obj, list):
        return [_sorted(v) for v in obj]
    return obj


class Logged(BaseModel):
    """A payload object of the run log: frozen, no undeclared field, JSON as the log keeps it."""

    model_config = ConfigDict(frozen=True, extra="forbid", validate_by_name=True, serialize_by_alias=True)

    def as_logged(self) -> dict[str, Any]:
        """The object as its log line held it.

        JSON values, keys sorted at every depth, and the fields the line did not carry (a log older
        than the field) left out.
        """
        out: dict[str, Any] = _sorted(self.model_dump(mode="json", exclude_unset=True))
        return out


class RunCard(Logged):
    """What both arms share. Any difference between two arms is named by `card_differences`."""

    model: str | None
    """The model asked for (the model the provider resolved is read from the model calls)."""
    upstream: str
    """Where model calls go: a provider URL, `scripted: <command>`, or `none`."""
    task_set: dict[str, str]
    """`name`, `version` and content `hash` of the task set."""
    checked_by: str
    """The verifier: held-back tests and the level of the check, in words."""
    tools_allowed: tuple[str, ...]
    """The tools the agent may use, as its preset names them (`agent's own` for any)."""
    agent: dict[str, str]
    """`name`, `version`, `control` (empty unless a control), and what `agent_identity` pins:
    hashes of the command line, of the agent's folder and of the binary its command resolves to."""
    timeouts: dict[str, str]
    """`agent_s` and `verifier_s`: seconds, or `per task` when each task.toml sets its own."""
    environment_hash: str
    """`sha256:` of the agent's environment names and values (the values are never stored)."""
    network: NetworkMode
    """`proxy` (metered, the meter is the only way out) or `none` (no network, unmetered)."""
    repeats: int
    """Trials per task and arm (the most rounds of a sequential run)."""
    budget_usd: float | None
    """The run's spend limit in USD, or None for none."""
    sandbox: str
    """The sandbox backend and its version, e.g. `bubblewrap 0.8.0`, with any limits it holds."""
    memeval: str = __version__
    """The memeval version that planned the run."""
    tamper: TamperPolicy = "flag"
    """What tamper findings do to a trial (`--tamper`); runs from before it was recorded used `flag`."""
    reward_key: str | None = None
    """The `reward.json` key that counts (`--reward-key`), or None for Harbor's rule: the only
    number, or the one called `reward` (`memeval.runner.interpret_rewards`)."""
    concurrency: int = 1
    """Trials run at once when the run was planned (both arms share it; a resume may use another)."""
    executor: str = "serial"
    """Where trials ran: `serial`, `local` (a thread pool on this machine) or `ray` (a cluster)."""
    sequential: dict[str, Any] | None = None
    """With `--until-decided`: the sequential design (`memeval.stats.SequentialDesign` as JSON,
    validated by the statistics that read it); `repeats` is then its most rounds. None for a
    fixed-size run."""
    prices: str | None = None
    """`sha256:` of the user price file the run's calls are priced with (`--prices`, or memeval.toml's), or None for
    none (genai-prices alone, pinned by the memeval version; runs from before the field left it out). A run resumed
    under another file would price its calls with two tables for one model and call both costs known: `--resume`
    refuses a change, and `memeval compare` names it."""
    default_limits: dict[str, str] | None = None
    """Limits for tasks whose task.toml names none (`--default-storage-mb`, `--default-memory-mb`):
    `storage_mb` and `memory_mb`, each a number of MiB or `none`, the memory one saying when the
    machine's mechanism (rlimits) does not apply it. None: no default (runs from before the field,
    or both set to 0); left out of the logged card then, so such a card reads as it did."""
    modes: tuple[Mode, ...] | None = None
    """The arms a one-arm run planned (`memeval ab --arms baseline` or `pack`): one mode, and no verdict is
    computed. None: both arms, a paired run (left out of the logged card, which reads as it always did)."""


class TaskPin(Logged):
    """One task of the task set, pinned by content."""

    id: str
    """The task's id (its folder name)."""
    hash: str
    """`sha256:` of the task's folder (`memeval.tasks.hash_tree`)."""


class TaskSetPin(Logged):
    """The task set the run drew from."""

    name: str
    version: str
    """The set's version, or `unversioned`."""
    hash: str
    """`sha256:` of the whole set."""
    tasks: tuple[TaskPin, ...]


class SchemaPin(Logged):
    """The trial record schema: the measurements every trial declares."""

    version: int
    """`memeval.runner.SCHEMA_VERSION` when the run was planned."""
    measurements: tuple[str, ...]
    """Names of the declared measurements (`memeval.runner.MEASUREMENTS`)."""
    hash: str
    """`sha256:` of the canonical JSON of `measurements`."""


class PackPin(Logged):
    """A memory pack, pinned by content."""

    name: str
    version: str
    hash: str
    """`sha256:` of the pack's items."""


class Cells(Logged):
    """Every axis of the experiment: the one varied, and everything held constant."""

    varied: dict[str, tuple[str, ...]]
    """The varied axis and its levels: `{"mode": ["baseline", "pack"]}`."""
    held: RunCard
    """The run card: held constant across both arms."""
    pack: PackPin | None
    """The pack the pack arm's slice came from; None for an A/A run (both arms cold)."""


class Harness(Logged):
    """The harness that ran the experiment."""

    memeval: str
    """memeval's version."""
    python: str
    """The Python version it ran on."""
    schema_version: int
    """The trial record schema version (as `SchemaPin.version`)."""
    sandbox: str
    """The sandbox backend's own description, e.g. `bubblewrap 0.8.0`."""


class WorkspacePin(Logged):
    """The tasks' starting worlds (their `environment/` folders), summed."""

    hash: str
    """`sha256:` of the list of each task's environment hash, in task order."""
    files: int
    """Files in every task's environment."""
    bytes: int
    """Their total size in bytes."""


class Manifest(Logged):
    """The run's manifest (the harness seed's five parts, plus the slice)."""

    task_set: TaskSetPin
    schema_: SchemaPin = Field(alias="schema")
    """The trial record schema (`schema` in JSON)."""
    cells: Cells
    workspace: WorkspacePin
    harness: Harness
    slice: tuple[str, ...] = ()
    """Ids of the pack items given to the pack arm, in the order given."""

"""The msgspec view of a run log's first line, `run.planned` (v2), read without pydantic.

`memeval replay RUN` prints a projection and ends; validating the plan through pydantic meant
importing pydantic and building every event model's schema first (about 0.15 s of a cold
replay). These structs declare exactly the fields, types and defaults of `RunPlanned`,
`PlannedTrial`, `Manifest` (with its pins and cells) and `RunCard` (unknown fields refused,
literals checked, the time required to carry its UTC offset), and as the other views
(`memeval.eventlog._views`) they only ever ACCEPT less than the models: `decode_plan` gives None
for a line they refuse or that its reader could not write back as pydantic would (an integer
where the card has a float, a sequential design, a time with more than 6 decimals), and the line
is then read by pydantic, which accepts it, upgrades it (v1) or refuses it with its own message.
tests/eventlog/test_plan_view.py checks the structs declare the models' fields and read what they read.
"""

from datetime import datetime
from typing import Annotated, Any, ClassVar, Final, Literal

import msgspec

from memeval import __version__
from memeval.types import Control, Mode, NetworkMode, TamperPolicy

_Aware = Annotated[datetime, msgspec.Meta(tz=True)]

LOG_FORMAT: Final = "memeval.runlog/1"
"""`memeval.eventlog._events.LOG_FORMAT` (the same text; a test checks they agree)."""


class _S(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, gc=False):
    """A frozen view refusing undeclared fields, as the `Logged` models are."""


class RunCardView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.RunCard`, field for field."""

    agent: dict[str, str]
    budget_usd: float | None
    checked_by: str
    concurrency: int = 1
    default_limits: dict[str, str] | None = None
    environment_hash: str
    executor: str = "serial"
    memeval: str = __version__
    model: str | None
    modes: tuple[Mode, ...] | None = None
    network: NetworkMode
    prices: str | None = None
    repeats: int
    reward_key: str | None = None
    sandbox: str
    sequential: dict[str, Any] | None = None
    tamper: TamperPolicy = "flag"
    task_set: dict[str, str]
    timeouts: dict[str, str]
    tools_allowed: tuple[str, ...]
    upstream: str


class TaskPinView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.TaskPin`, field for field."""

    hash: str
    id: str


class TaskSetPinView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.TaskSetPin`, field for field."""

    hash: str
    name: str
    tasks: tuple[TaskPinView, ...]
    version: str


class SchemaPinView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.SchemaPin`, field for field."""

    hash: str
    measurements: tuple[str, ...]
    version: int


class PackPinView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.PackPin`, field for field."""

    hash: str
    name: str
    version: str


class CellsView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.Cells`, field for field."""

    held: RunCardView
    pack: PackPinView | None
    varied: dict[str, tuple[str, ...]]


class HarnessView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.Harness`, field for field."""

    memeval: str
    python: str
    sandbox: str
    schema_version: int


class WorkspacePinView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.WorkspacePin`, field for field."""

    bytes: int
    files: int
    hash: str


class ManifestView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.Manifest`, field for field (`schema` by its name in the log only)."""

    cells: CellsView
    harness: HarnessView
    schema_: SchemaPinView = msgspec.field(name="schema")
    slice: tuple[str, ...] = ()
    task_set: TaskSetPinView
    workspace: WorkspacePinView


class PlannedTrialView(_S, frozen=True, kw_only=True):
    """`memeval.eventlog.PlannedTrial`, field for field."""

    control: Control | None = None
    mode: Mode
    repeat: int
    task_id: str
    trial_id: str


class RunPlannedView(_S, frozen=True, kw_only=True, tag_field="event", tag="run.planned"):
    """`memeval.eventlog.RunPlanned` (version 2), field for field (`PlanView` holds it)."""

    event: ClassVar[str] = "run.planned"
    at: _Aware | None = None
    format: Literal["memeval.runlog/1"] = LOG_FORMAT
    manifest: ManifestView
    run_card: RunCardView
    run_id: str
    seeds: dict[str, int]
    seq: int = -1
    trials: tuple[PlannedTrialView, ...]
    v: Literal[2] = 2


class PlanView:
    """A `run.planned` line read by `decode_plan`: its fields as `RunPlanned`'s, and the two objects as logged.

    `manifest_logged` and `run_card_logged` are the manifest and run card as `Logged.as_logged`
    gives them: the line's own objects, keys sorted at every depth; `line` is the line itself
    (for a reader that needs `RunPlanned` after all: `RunPlanned.model_validate_json(line)`).
    """

    __slots__ = (
        "at",
        "format",
        "line",
        "manifest",
        "manifest_logged",
        "run_card",
        "run_card_logged",
        "run_id",
        "seeds",
        "seq",
        "trials",
        "v",
    )
    event: ClassVar[str] = "run.planned"

    def __init__(
        self, view: RunPlannedView, manifest_logged: dict[str, Any], run_card_logged: dict[str, Any], line: bytes
    ) -> None:
        self.at, self.format, self.v, self.seq = view.at, view.format, view.v, view.seq
        self.run_id, self.seeds, self.trials = view.run_id, view.seeds, view.trials
        self.manifest, self.run_card = view.manifest, view.run_card
        self.manifest_logged, self.run_card_logged = manifest_logged, run_card_logged
        self.line = line


class _Objects(msgspec.Struct, gc=False):
    """The line's manifest and run card as plain JSON values (the rest of the line skipped)."""

    manifest: dict[str, Any]
    run_card: dict[str, Any]


_DECODER = msgspec.json.Decoder(RunPlannedView)
_OBJECTS = msgspec.json.Decoder(_Objects)


def _sorted(obj: Any) -> Any:
    """`obj` with every mapping's keys sorted, at every depth (as `memeval.eventlog._plan._sorted`)."""
    if isinstance(obj, dict):
        return {k: _sorted(obj[k]) for k in sorted(obj)}
    if isinstance(obj, list):
        return [_sorted(v) for v in obj]
    return obj


def _card_as_dumped(card: Any) -> bool:
    """Whether a run card object holds its one float (`budget_usd`) as pydantic dumps it, and no design.

    pydantic reads an integer budget as a float and dumps `5.0` where the line held `5` (and from
    1e16 on writes `1e+16` where msgspec writes `1e16`); a sequential design is free JSON the
    statistics validate (a plain replay leaves such runs to the models).
    """
    if not isinstance(card, dict) or card.get("sequential") is not None:
        return False
    budget = card.get("budget_usd")
    return budget is None or (type(budget) is float and -1e16 < budget < 1e16)  # written alike by msgspec


def decode_plan(line: bytes) -> PlanView | None:
    """`line` (the log's first line) as its `PlanView`, or None when pydantic must read it.

    None for any line the view refuses (another version or kind, a field missing, extra or of
    another type, which pydantic may still accept) and for one it accepts but would not hand on
    as pydantic does: see `_card_as_dumped`. The caller checks the line for over-precise times
    (`memeval.eventlog._fastcalls._over_precise`) first.
    """
    try:
        view = _DECODER.decode(line)
        objects = _OBJECTS.decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None
    held = objects.manifest.get("cells", {}).get("held")
    if view.run_card.sequential is not None or not (_card_as_dumped(objects.run_card) and _card_as_dumped(held)):
        return None
    return PlanView(view, _sorted(objects.manifest), _sorted(objects.run_card), bytes(line))

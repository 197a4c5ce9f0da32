"""The evidence layer: every run an append-only event log, artifacts stored by content hash."""

from memeval.eventlog._artifacts import ArtifactStore
from memeval.eventlog._events import (
    LOG_FORMAT,
    AgentExited,
    AgentStarted,
    CheckRecorded,
    ClaimRecorded,
    Event,
    FaultRaised,
    ModelCalled,
    PlannedTrial,
    RunEnded,
    RunPlanned,
    SandboxReady,
    TrialEnded,
    TrialStarted,
    VerifierStarted,
    WorkspaceDiffed,
    parse_event,
)
from memeval.eventlog._log import LOG_NAME, LogRead, RunLog, canonical

__all__ = [
    "LOG_FORMAT",
    "LOG_NAME",
    "AgentExited",
    "AgentStarted",
    "ArtifactStore",
    "CheckRecorded",
    "ClaimRecorded",
    "Event",
    "FaultRaised",
    "LogRead",
    "ModelCalled",
    "PlannedTrial",
    "RunEnded",
    "RunLog",
    "RunPlanned",
    "SandboxReady",
    "TrialEnded",
    "TrialStarted",
    "VerifierStarted",
    "WorkspaceDiffed",
    "canonical",
    "parse_event",
]

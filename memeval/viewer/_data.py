"""What the trial page shows, read from the run's log and its artifacts.

The projection (`memeval.results`) keeps each trial's record; this module adds what only the log
and the artifact store hold: the model calls, the agent's stdout/stderr, and the text of the
verifier output and workspace diff. Artifact text is decoded leniently and cut at `MAX_TEXT`
bytes; it is agent output, so the templates escape every character of it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from memeval.errors import RunLogError
from memeval.eventlog import AgentExited, ArtifactStore, ModelCalled, RunLog, TrialStarted
from memeval.meter import Turn
from memeval.results import Run, TrialRecord
from memeval.viewer._conversation import request_turns, response_turns

MAX_TEXT = 256 * 1024
"""Bytes of an artifact shown on a page; the rest is left out and the page says so."""


@dataclass(frozen=True)
class ArtifactText:
    """An artifact shown as text.

    Attributes:
        artifact_id: `sha256:<hex>`, or None when the trial produced none.
        text: the decoded text (UTF-8, bad bytes replaced), possibly cut; empty when missing.
        note: why it is empty or cut (`none recorded`, `cut at 262144 of 900000 bytes`, the
            store's error), else empty.
    """

    artifact_id: str | None
    text: str
    note: str


@dataclass(frozen=True)
class CallTurns:
    """One model call as a step of the conversation.

    Attributes:
        call: the meter's record (`memeval.meter.ModelCall` as a JSON object: tokens, cost).
        sent: what was new in the request (see `memeval.viewer._conversation.request_turns`).
        answered: what the model answered.
        note: why the bodies are missing or incomplete, else empty.
    """

    call: dict[str, Any]
    sent: tuple[Turn, ...]
    answered: tuple[Turn, ...]
    note: str


@dataclass(frozen=True)
class TrialView:
    """One trial's page: its record and what the log and artifacts add.

    Attributes:
        record: the trial's latest attempt, as projected.
        calls: the model calls of that attempt (`memeval.meter.ModelCall` as JSON objects).
        verifier: the verifier's output.
        diff: the workspace diff.
        stdout, stderr: the agent's own output.
        exit_code: the agent's exit code (None when it never exited normally).
        conversation: each call with what was sent and answered, when bodies were kept; empty
            when they were not (`conversation_note` says why).
    """

    record: TrialRecord
    calls: tuple[dict[str, Any], ...]
    verifier: ArtifactText
    diff: ArtifactText
    stdout: ArtifactText
    stderr: ArtifactText
    exit_code: int | None
    conversation: tuple[CallTurns, ...] = ()
    conversation_note: str = ""


def read_artifact(store: ArtifactStore, artifact_id: str | None) -> ArtifactText:
    """Read an artifact as text for display (see `ArtifactText`).

    A missing or altered artifact is reported in `note`, never raised.
    """
    if artifact_id is None:
        return ArtifactText(None, "", "none recorded")
    try:
        data = store.get(artifact_id)
    except RunLogError as exc:
        return ArtifactText(artifact_id, "", str(exc))
    note = f"cut at {MAX_TEXT} of {len(data)} bytes" if len(data) > MAX_TEXT else ""
    return ArtifactText(artifact_id, data[:MAX_TEXT].decode("utf-8", errors="replace"), note)


def trial_view(run: Run, trial_id: str) -> TrialView | None:
    """The page data of `trial_id` in `run`, or None when the run has no such ended trial."""
    rec = next((t for t in run.result.trials if t.trial_id == trial_id), None)
    if rec is None:
        return None
    calls: list[dict[str, Any]] = []
    exited: AgentExited | None = None
    attempt = 0
    for ev in RunLog(run.path).read().events:
        if getattr(ev, "trial_id", None) != trial_id:
            continue
        if isinstance(ev, TrialStarted):
            attempt = ev.attempt
            if attempt == rec.attempt:
                calls, exited = [], None
        if isinstance(ev, ModelCalled):
            # a call names its attempt (v3); an older line's is the latest attempt started before it
            if (attempt if ev.attempt is None else ev.attempt) == rec.attempt:
                calls.append(ev.call.model_dump(mode="json"))  # the page and its JSON show the record as stored
            continue
        if attempt != rec.attempt:
            continue
        if isinstance(ev, AgentExited):
            exited = ev
    store = ArtifactStore(run.path)
    output = rec.checks[0].output if rec.checks else None
    return TrialView(
        record=rec,
        calls=tuple(calls),
        verifier=read_artifact(store, output),
        diff=read_artifact(store, rec.workspace.diff if rec.workspace else None),
        stdout=read_artifact(store, exited.stdout if exited else None),
        stderr=read_artifact(store, exited.stderr if exited else None),
        exit_code=exited.exit_code if exited else None,
        **_conversation(store, calls, exited.exchanges if exited else None),
    )


def _conversation(store: ArtifactStore, calls: list[dict[str, Any]], index_id: str | None) -> dict[str, Any]:
    if not calls:
        return {"conversation": (), "conversation_note": ""}
    if index_id is None:
        return {
            "conversation": (),
            "conversation_note": "bodies not kept for this trial (--no-keep-bodies, or an older run)",
        }
    try:
        index = json.loads(store.get(index_id))
    except (RunLogError, ValueError) as exc:
        return {"conversation": (), "conversation_note": f"the bodies' index could not be read: {exc}"}
    by_id = {c["call_id"]: c for c in index.get("calls", []) if isinstance(c, dict) and "call_id" in c}
    out = []
    for call in calls:
        kept = by_id.get(call.get("call_id"))
        if kept is None:
            out.append(CallTurns(call, (), (), "no body kept (the proxy answered this call itself)"))
            continue
        req, resp = read_artifact(store, kept.get("request")), read_artifact(store, kept.get("response"))
        api = str(kept.get("api", ""))
        note = "; ".join(n for n in (req.note, resp.note, kept.get("note", "")) if n)
        out.append(CallTurns(call, tuple(request_turns(api, req.text)), tuple(response_turns(api, resp.text)), note))
    return {"conversation": tuple(out), "conversation_note": ""}

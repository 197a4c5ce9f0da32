"""The ingest endpoint: `POST /api/v1/events` with a batch of events and a bearer token.

Request: `Authorization: Bearer mev_...` and a JSON body `{"events": [<event draft>, ...]}`
(at most `MAX_BATCH` events). The token names the team and the sender; every event's `team` must
be the token's team.

Responses:
- 200 `{"stored", "duplicates", "noops", "held", "secrets_blanked", "seqs"}`: the whole batch is
  stored (events sent before are skipped, so a retried batch is stored once).
- 401 missing or unknown token; 413 batch too large.
- 422 `{"error": {"index": i, "reason": "..."}}`: event `i` is malformed or refused; nothing of
  the batch was stored.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Header
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ValidationError

from memeval.audit._ingest import describe_validation, parse_event
from memeval.audit._store import SqlAuditStore
from memeval.audit._tokens import lookup_token
from memeval.errors import AuditEventRejected

MAX_BATCH = 1000


class EventBatch(BaseModel):
    """The request body."""

    events: list[dict[str, Any]]


def _error(status: int, reason: str, index: int | None = None) -> JSONResponse:
    return JSONResponse({"error": {"index": index, "reason": reason}}, status_code=status)


def create_app(store: SqlAuditStore) -> FastAPI:
    """The ingest API over `store` (an ASGI app for uvicorn)."""
    api = FastAPI(title="memeval audit ingest", docs_url=None, redoc_url=None, openapi_url=None)

    @api.post("/api/v1/events")
    def post_events(batch: EventBatch, authorization: str | None = Header(default=None)) -> Any:
        if not authorization or not authorization.startswith("Bearer "):
            return _error(401, "send 'Authorization: Bearer <token>' (memeval audit token add)")
        who = lookup_token(store, authorization.removeprefix("Bearer ").strip())
        if who is None:
            return _error(401, "unknown token: create one with `memeval audit token add`")
        team, sender = who
        if len(batch.events) > MAX_BATCH:
            return _error(413, f"{len(batch.events)} events in one batch: send at most {MAX_BATCH}")
        drafts = []
        for i, raw in enumerate(batch.events):
            try:
                ev = parse_event(raw)
            except ValidationError as exc:
                return _error(422, describe_validation(exc), i)
            except ValueError as exc:
                return _error(422, str(exc), i)
            if ev.team != team:
                return _error(422, f"event team {ev.team!r} is not the token's team {team!r}", i)
            drafts.append(ev)
        try:
            res = store.append(drafts, sender=sender)
        except AuditEventRejected as exc:
            return _error(422, str(exc), exc.index)
        return {
            "stored": res.stored,
            "duplicates": res.duplicates,
            "noops": res.noops,
            "held": res.held,
            "secrets_blanked": res.secrets_blanked,
            "seqs": {t: list(v) for t, v in res.seqs.items()},
        }

    @api.get("/api/v1/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    return api

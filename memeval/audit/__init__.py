"""The audit log: what a team's agents did with memory, append-only and hash-chained.

Events are validated (`AuditEvent`), redacted and held in the store's single write path
(`SqlAuditStore.append`), counted in SQL (`week_counts`), verified (`verify_chain`) and turned
into a pack (`build_pack`). The event schema is documented in `audit/SCHEMA.md`.
"""

from memeval.audit._authority import INGEST_TYPES, QUEUE_TYPES, Limits, Origin, normalize_person_id
from memeval.audit._bridge import PackBuild, build_pack, pack_item_id
from memeval.audit._counts import WaitingAges, WeekCounts, team_tz, week_counts, window_counts
from memeval.audit._events import (
    EVENT_ADAPTER,
    GENESIS_HASH,
    SCHEMA_VERSION,
    Actor,
    ActorKind,
    AuditEvent,
    Envelope,
    EventType,
    canonical_json,
)
from memeval.audit._http import create_app
from memeval.audit._ingest import IngestResult, ingest_lines, parse_lines
from memeval.audit._lifecycle import LIFECYCLES, Decision, Lifecycle, all_decisions, for_event, lifecycle
from memeval.audit._machine import decide
from memeval.audit._sanitize import Sanitizer, hold_id_for
from memeval.audit._settings import DEFAULT_DB_URL, db_url, fingerprint_key, open_existing_store, open_store
from memeval.audit._store import AppendResult, AuditStore, SqlAuditStore
from memeval.audit._time import iso_week_of, iso_week_window
from memeval.audit._tokens import add_token, lookup_token
from memeval.audit._verify import ChainReport, verify_chain

__all__ = [
    "DEFAULT_DB_URL",
    "EVENT_ADAPTER",
    "GENESIS_HASH",
    "INGEST_TYPES",
    "QUEUE_TYPES",
    "Limits",
    "LIFECYCLES",
    "Decision",
    "Lifecycle",
    "for_event",
    "all_decisions",
    "lifecycle",
    "Origin",
    "normalize_person_id",
    "SCHEMA_VERSION",
    "Actor",
    "ActorKind",
    "AppendResult",
    "AuditEvent",
    "AuditStore",
    "ChainReport",
    "Envelope",
    "EventType",
    "IngestResult",
    "PackBuild",
    "Sanitizer",
    "SqlAuditStore",
    "WaitingAges",
    "WeekCounts",
    "add_token",
    "build_pack",
    "canonical_json",
    "create_app",
    "db_url",
    "decide",
    "fingerprint_key",
    "hold_id_for",
    "ingest_lines",
    "iso_week_of",
    "iso_week_window",
    "lookup_token",
    "open_existing_store",
    "open_store",
    "pack_item_id",
    "parse_lines",
    "team_tz",
    "verify_chain",
    "week_counts",
    "window_counts",
]

"""The audit log: what a team's agents did with memory, append-only and hash-chained.

Events are validated (`AuditEvent`), redacted and held in the store's single write path
(`SqlAuditStore.append`), counted in SQL (`week_counts`), verified (`verify_chain`) and turned
into a pack (`build_pack`). The event schema is documented in `audit/SCHEMA.md`.

Every name below is imported on first use (`memeval._lazy.lazy_names`): the store's modules load
SQLAlchemy and sqlmodel (about 0.9 s of CPU), which a command that only checks its arguments (a
`--week`, a `--tz`, a file that is not there) or prints its help must not pay for. `from
memeval.audit import zone` loads `_time` alone.
"""

from typing import TYPE_CHECKING

from memeval._lazy import lazy_names

if TYPE_CHECKING:  # the real names for type checkers; at run time `__getattr__` below
    from memeval.audit._anchor import anchor_json, check_anchor, read_anchor, take_anchor
    from memeval.audit._authority import (
        INGEST_TYPES,
        QUEUE_TYPES,
        Limits,
        Origin,
    )
    from memeval.audit._bridge import PackBuild, build_pack
    from memeval.audit._counts import (
        WaitingAges,
        WaitingBy,
        WeekCounts,
        check_zone_kept,
        team_tz,
        week_counts,
        window_counts,
    )
    from memeval.audit._events import (
        EVENT_ADAPTER,
        GENESIS_HASH,
        SCHEMA_VERSION,
        AuditEvent,
        Envelope,
        EventType,
        canonical_json,
    )
    from memeval.audit._fold import verify_projections
    from memeval.audit._http import create_ingest_app
    from memeval.audit._ingest import IngestResult, ingest_lines, ingest_parsed, parse_lines
    from memeval.audit._item import ReviewItem
    from memeval.audit._lifecycle import LIFECYCLES, Decision, Lifecycle, all_decisions, for_event, lifecycle
    from memeval.audit._machine import decide
    from memeval.audit._migrations import apply_migrations
    from memeval.audit._parallel import worker_count
    from memeval.audit._payloads import ContradictionOpened, HoldCreated
    from memeval.audit._person import normalize_person_id
    from memeval.audit._reads import AuditReads, GeneratedReport, LogRow
    from memeval.audit._routes import ingest_error
    from memeval.audit._sanitize import Sanitizer, hold_id_for
    from memeval.audit._serverwarm import warm_engines
    from memeval.audit._settings import (
        DEFAULT_DB_URL,
        NewStore,
        db_url,
        fingerprint_key,
        new_store_files,
        open_existing_store,
        open_store,
        store_id,
    )
    from memeval.audit._simple import check_simple_name, check_team_name
    from memeval.audit._store import AppendResult, AuditStore, SqlAuditStore
    from memeval.audit._tables import TeamRow
    from memeval.audit._time import check_week_in_range, iso_week_of, iso_week_window, team_zone, to_us, zone
    from memeval.audit._tokens import SenderTokenInfo, add_token, revoke_token, sender_tokens
    from memeval.audit._verify import ChainReport, logged_teams, verify_chain
    from memeval.audit._waiting import read_items
    from memeval.audit._workerlife import end_worker_pools
    from memeval.ignorable import is_default_ignorable

__all__ = [
    "AppendResult",
    "AuditEvent",
    "AuditReads",
    "AuditStore",
    "ChainReport",
    "ContradictionOpened",
    "DEFAULT_DB_URL",
    "Decision",
    "EVENT_ADAPTER",
    "Envelope",
    "EventType",
    "GENESIS_HASH",
    "GeneratedReport",
    "HoldCreated",
    "INGEST_TYPES",
    "IngestResult",
    "LIFECYCLES",
    "Lifecycle",
    "Limits",
    "LogRow",
    "NewStore",
    "Origin",
    "PackBuild",
    "QUEUE_TYPES",
    "ReviewItem",
    "SCHEMA_VERSION",
    "Sanitizer",
    "SenderTokenInfo",
    "SqlAuditStore",
    "TeamRow",
    "WaitingAges",
    "WaitingBy",
    "WeekCounts",
    "add_token",
    "all_decisions",
    "anchor_json",
    "apply_migrations",
    "build_pack",
    "canonical_json",
    "check_anchor",
    "check_simple_name",
    "check_team_name",
    "check_week_in_range",
    "check_zone_kept",
    "create_ingest_app",
    "db_url",
    "decide",
    "end_worker_pools",
    "fingerprint_key",
    "for_event",
    "hold_id_for",
    "ingest_error",
    "ingest_lines",
    "ingest_parsed",
    "is_default_ignorable",
    "iso_week_of",
    "iso_week_window",
    "lifecycle",
    "logged_teams",
    "new_store_files",
    "normalize_person_id",
    "open_existing_store",
    "open_store",
    "parse_lines",
    "read_anchor",
    "read_items",
    "revoke_token",
    "sender_tokens",
    "store_id",
    "take_anchor",
    "team_tz",
    "team_zone",
    "to_us",
    "verify_chain",
    "verify_projections",
    "warm_engines",
    "week_counts",
    "window_counts",
    "worker_count",
    "zone",
]

_LAZY = {
    "AppendResult": "_store",
    "AuditEvent": "_events",
    "AuditReads": "_reads",
    "AuditStore": "_store",
    "ChainReport": "_verify",
    "ContradictionOpened": "_payloads",
    "DEFAULT_DB_URL": "_settings",
    "Decision": "_lifecycle",
    "EVENT_ADAPTER": "_events",
    "Envelope": "_events",
    "EventType": "_events",
    "GENESIS_HASH": "_events",
    "GeneratedReport": "_reads",
    "HoldCreated": "_payloads",
    "INGEST_TYPES": "_authority",
    "IngestResult": "_ingest",
    "LIFECYCLES": "_lifecycle",
    "Lifecycle": "_lifecycle",
    "Limits": "_authority",
    "LogRow": "_reads",
    "NewStore": "_settings",
    "Origin": "_authority",
    "PackBuild": "_bridge",
    "QUEUE_TYPES": "_authority",
    "ReviewItem": "_item",
    "SCHEMA_VERSION": "_events",
    "Sanitizer": "_sanitize",
    "SenderTokenInfo": "_tokens",
    "SqlAuditStore": "_store",
    "TeamRow": "_tables",
    "WaitingAges": "_counts",
    "WaitingBy": "_counts",
    "WeekCounts": "_counts",
    "add_token": "_tokens",
    "all_decisions": "_lifecycle",
    "anchor_json": "_anchor",
    "apply_migrations": "_migrations",
    "build_pack": "_bridge",
    "canonical_json": "_events",
    "check_anchor": "_anchor",
    "check_simple_name": "_simple",
    "check_team_name": "_simple",
    "check_week_in_range": "_time",
    "check_zone_kept": "_counts",
    "create_ingest_app": "_http",
    "db_url": "_settings",
    "decide": "_machine",
    "end_worker_pools": "_workerlife",
    "fingerprint_key": "_settings",
    "for_event": "_lifecycle",
    "ingest_error": "_routes",
    "hold_id_for": "_sanitize",
    "ingest_lines": "_ingest",
    "ingest_parsed": "_ingest",
    "is_default_ignorable": "memeval.ignorable",
    "iso_week_of": "_time",
    "iso_week_window": "_time",
    "lifecycle": "_lifecycle",
    "new_store_files": "_settings",
    "normalize_person_id": "_person",
    "open_existing_store": "_settings",
    "open_store": "_settings",
    "parse_lines": "_ingest",
    "read_anchor": "_anchor",
    "read_items": "_waiting",
    "revoke_token": "_tokens",
    "sender_tokens": "_tokens",
    "store_id": "_settings",
    "take_anchor": "_anchor",
    "team_tz": "_counts",
    "team_zone": "_time",
    "to_us": "_time",
    "logged_teams": "_verify",
    "verify_chain": "_verify",
    "verify_projections": "_fold",
    "warm_engines": "_serverwarm",
    "week_counts": "_counts",
    "window_counts": "_counts",
    "worker_count": "_parallel",
    "zone": "_time",
}
"""Each public name -> the module holding it (a bare name is a submodule of `memeval.audit`)."""

__getattr__, __dir__ = lazy_names(__name__, globals(), _LAZY)

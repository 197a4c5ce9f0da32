"""A new process's stream ends read from the store before its first batch of a team (breaker53, issue 15).

At ingest each free text is read with the stream's texts before it (`memeval.audit._streams.cut_across_events`),
the ones before the batch kept in this process only (`StreamEnds`). A new process knew none: a key cut across two
`memeval audit ingest` runs (`The deploy key is sgph_d539f9` stored by one, `0bb36a38...` by the next) was stored
whole in two raw halves, where one process blanks the second (redact33), and a prefix left dangling at the end of
one run (`The deploy token is ghp_`) let the next run store the body after it (breaker48). `seed_stream_ends`
reads, once per process and team, the team's last `SEED_EVENTS` stored events and gives `StreamEnds` each stream's
last stored texts and the prefix its texts leave dangling, as the process that stored them would have kept them.

What is read is what the database holds (redacted texts), so nothing new is kept in memory. The bound: a
stream's last text further back than `SEED_EVENTS` events of its team is not read (its next text is read alone,
as before), and a second process writing at the same time is not seen (each reads the store once).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlmodel import col

from memeval.audit._events import EVENT_ADAPTER
from memeval.audit._streams import Stream, sender_stream, team_stream
from memeval.audit._tables import AuditEventRow

if TYPE_CHECKING:
    from memeval.audit._events import AuditEvent
    from memeval.audit._store import SqlAuditStore
    from memeval.redact import Dangling

SEED_EVENTS = 512
"""How many of a team's last stored events a process reads before its first batch of that team: one indexed range
of `uq_audit_event_team_seq` (team, seq), read backwards."""
DERIVED = "#"
"""In a stored sender event id, what marks an event the store wrote itself (`#blank.`, `#released`): not a stream's
text as the sender sent it, so not read."""


def seed_stream_ends(store: SqlAuditStore, drafts: Sequence[AuditEvent]) -> None:
    """Give `store`'s `StreamEnds` the last stored texts of every team of `drafts` not read yet in this process.

    Only teams whose drafts hold free text are read (a batch of none is never read across). One query per team, once
    per process (`StreamEnds.unseeded`), on the store's lookup engine outside any write.
    """
    teams = [d.team for d in drafts if any(getattr(d.payload, n) for n in type(d.payload).FREE_TEXT)]
    ends = store.sanitizer.ends
    todo = ends.unseeded(teams)
    if not todo:
        return
    with store.lookup_engine.connect() as conn:
        for team in todo:
            rows = conn.execute(
                select(
                    col(AuditEventRow.session),
                    col(AuditEventRow.actor_kind),
                    col(AuditEventRow.actor_id),
                    col(AuditEventRow.sender),
                    col(AuditEventRow.sender_event_id),
                    col(AuditEventRow.body),
                )
                .where(col(AuditEventRow.team) == team)
                .order_by(col(AuditEventRow.seq).desc())
                .limit(SEED_EVENTS)
            ).all()
            texts: list[tuple[Stream, Stream, str]] = []
            for session, kind, actor, sender, sender_event_id, body in reversed(rows):
                if DERIVED in sender_event_id:
                    continue
                payload = EVENT_ADAPTER.validate_json(body).payload
                streams = ((team, session, kind, actor), sender_stream(team, sender))
                texts += [(*streams, t) for n in type(payload).FREE_TEXT if (t := getattr(payload, n))]
            ends.seed(team, *stream_state(team, texts))


def stream_state(
    team: str, texts: Sequence[tuple[Stream, Stream, str]]
) -> tuple[dict[Stream, list[str]], dict[Stream, Dangling | None]]:
    """Each stream's texts and the prefixes left dangling after `texts`, the stored texts of `team` in store order.

    `texts` are (stream, its sender's `sender_stream`, text); each text is a text of both. The dangling prefixes are
    replayed as `cut_across_events` steps them, per stream and for the team's own stream (`team_stream`): a prefix a
    text leaves starts both; each later text of the stream, or of the team, steps it. The texts are as stored, so a
    body blanked there is not seen again and its prefix may stay dangling: the next text may be blanked more, never
    less.
    """
    per: dict[Stream, list[str]] = defaultdict(list)
    pending: dict[Stream, Dangling | None] = {}
    if not texts:
        return per, pending
    from memeval.redact import dangling_start, dangling_step

    whole = team_stream(team)
    for stream, by, text in texts:
        per[stream].append(text)
        per[by].append(text)
        for s in dict.fromkeys((stream, whole)):
            if (state := pending.get(s)) is not None:
                pending[s] = dangling_step(state, text)[1]
        if (start := dangling_start(text)) is not None:
            pending[stream] = pending[whole] = start
    return per, pending

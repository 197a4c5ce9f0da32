"""Each free text read with the previous free text of its stream at ingest (redact32, redact33, redact35; issue 15).

A stream (`Stream`) is the events one agent writes in one session, in order. `cut_across_events` reads each
text of a batch with the one before it (`memeval.redact.cut_across`) and, after single unbroken runs, with
them and the text before them (`memeval.redact.cut_through`, redact35); `StreamEnds` keeps, in this process,
each stream's last stored texts for the next batch. See `memeval/redact/README.md` (redact32, redact33).
"""

from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from memeval.redact import MAX_MIDDLES, MAX_PARTS, SCAN_INCOMPLETE, middle

if TYPE_CHECKING:
    from memeval.audit._events import AuditEvent
    from memeval.redact import Dangling

STREAMS_KEPT = 4096
"""How many streams' last stored text `StreamEnds` keeps (the least recently written go first)."""
END_KEPT = 2048
"""Characters kept of a stream's last stored text: all `memeval.redact.cut_across` reads of it (`WINDOW` and a run)."""

Stream = tuple[str, str | None, str, str]
"""(team, session, actor kind, actor id): the events one agent writes in one session, in order."""


def team_stream(team: str) -> Stream:
    """The team's own stream: its free texts in order, whoever wrote them (an actor's kind is never empty).

    Read only for a key's prefix left dangling at the end of a text (`memeval.redact._dangling`, breaker48).
    """
    return (team, None, "", "")


class StreamEnds:
    """The ends of each stream's last free texts, as stored, in this process (thread-safe, bounded).

    What the next batch's first text of a stream is read after (`Sanitizer.cut_across_events`): the last
    text (a pair, `memeval.redact.cut_across`) and, since redact35, up to `MAX_PARTS - 1` texts before it
    (a key cut across three or more events, `memeval.redact.cut_through`). Only the stored (redacted) texts
    are kept, so nothing is held here that the database does not hold. Set when a batch is sanitised: a
    batch then refused leaves its texts here (the next text of its stream may be blanked more, never less).
    Since breaker53 a process's first batch of a team first reads the team's last stored events
    (`memeval.audit._streamseed`, `seed`): a new process (an `audit ingest` per event, a restarted server) knew
    no stream, and read its first text of each alone.
    """

    def __init__(self) -> None:
        self._ends: OrderedDict[Stream, tuple[str, ...]] = OrderedDict()
        self._dangling: OrderedDict[Stream, Dangling] = OrderedDict()
        self._seeded: set[str] = set()
        self._lock = threading.Lock()

    def unseeded(self, teams: Iterable[str]) -> list[str]:
        """Those of `teams` whose stored events this process has not read yet (`seed`), in order, once each."""
        with self._lock:
            return [t for t in dict.fromkeys(teams) if t not in self._seeded]

    def seed(self, team: str, ends: Mapping[Stream, Sequence[str]], dangling: Mapping[Stream, Dangling | None]) -> None:
        """Take `team`'s stream ends and dangling prefixes as read from the store, for the streams not known here.

        A stream this process already wrote to (another thread's batch stored and `put` while the store was read)
        keeps what it has: that is newer than what was read.
        """
        with self._lock:
            self._seeded.add(team)
            known = set(self._ends)
            known_dangling = set(self._dangling)
        self.put({s: texts for s, texts in ends.items() if s not in known and texts})
        self.put_dangling({s: d for s, d in dangling.items() if s not in known_dangling and d is not None})

    def dangling(self, stream: Stream) -> Dangling | None:
        """The key prefix `stream`'s stored texts left dangling and not yet followed by its body, or None (b49)."""
        with self._lock:
            return self._dangling.get(stream)

    def put_dangling(self, states: Mapping[Stream, Dangling | None]) -> None:
        """Remember each stream's dangling prefix after a batch (None: none is, or its body was found)."""
        with self._lock:
            for stream, state in states.items():
                self._dangling.pop(stream, None)
                if state is not None:
                    self._dangling[stream] = state
            while len(self._dangling) > STREAMS_KEPT:
                self._dangling.popitem(last=False)

    def get(self, stream: Stream) -> str | None:
        """The end of `stream`'s last stored text, or None."""
        with self._lock:
            kept = self._ends.get(stream)
            return kept[-1] if kept else None

    def recent(self, stream: Stream) -> tuple[str, ...]:
        """The ends of `stream`'s last stored texts, oldest first (at most `MAX_PARTS - 1`; empty when none)."""
        with self._lock:
            return self._ends.get(stream, ())

    def put(self, ends: Mapping[Stream, str | Sequence[str]]) -> None:
        """Remember each stream's last stored texts (oldest first; a str is one), each's last `END_KEPT` characters."""
        with self._lock:
            for stream, texts in ends.items():
                kept = (texts,) if isinstance(texts, str) else tuple(texts)
                self._ends.pop(stream, None)
                self._ends[stream] = tuple(t[-END_KEPT:] for t in _chainable(kept[-(MAX_PARTS - 1) :]))
            while len(self._ends) > STREAMS_KEPT:
                self._ends.popitem(last=False)


def _chainable(texts: Sequence[str]) -> Sequence[str]:
    """The last of `texts` and those before it a later text's chain may read: back to the first not a single run.

    A chain's middles are single runs or short chunks with a gap inside (`memeval.redact.middle`): a text before a
    text that is not one is never read again, so it is not kept (what a stream holds in memory stays about one text
    in prose streams). Since redact38 a chain's middles hold at most `MAX_MIDDLES` characters in all, so neither
    are the texts before the middles that fill that (a chunked key's stream keeps about one long run).
    """
    k, held = len(texts) - 1, 0
    while k > 0 and middle(texts[k]) and held + len(texts[k]) <= MAX_MIDDLES:
        held += len(texts[k])
        k -= 1
    return texts[max(k, 0) :]


def _findings(red: Any) -> tuple[Any, ...]:
    """A `Redaction`'s findings, or none for a text not redacted here (None)."""
    return tuple(red.findings) if red is not None else ()


def _whole_blank(red: Any) -> bool:
    """Whether a `Redaction` blanked its whole text (`SCAN_INCOMPLETE`): nothing of it is read across events."""
    return red is not None and any(f.entity_type == SCAN_INCOMPLETE for f in red.findings)


def _stored(out: Mapping[str, Any], text: str, in_batch: bool) -> str:
    """`text` as stored: its redaction's text when it is of this batch, else as it was kept (stored before)."""
    return str(out[text].text) if in_batch else text


def sender_stream(team: str, sender: str) -> Stream:
    """The free texts one authenticated sender stored for `team`, in order, whatever session or actor each names.

    A session and an actor id are the writer's to choose: a key whose second part came under another one was read
    alone, its two parts stored raw (breaker53). Read only for the text before (`cut_across`).
    """
    return (team, sender, "", "sender")


def cut_across_events(
    redactor: Any, ends: StreamEnds, drafts: Sequence[AuditEvent], done: Mapping[str, Any], sender: str | None = None
) -> Mapping[str, Any]:
    """`done` (free text -> its `Redaction`) with each key cut across two or more events of one stream blanked.

    A stream (`Stream`) is the events one agent writes in one session; its free texts in batch order,
    the first read after the stream's last texts stored before (`StreamEnds`). Each text is read
    with the one before it (`memeval.redact.cut_across`): a finding across the two blanks its part in
    this text, and in the one before when that is in this batch (not stored yet). Since redact35 a text
    after one or more single runs (`memeval.redact.chain_lengths`) is also read with them and the text before
    them (`memeval.redact.cut_through`): a key cut across three or more events blanks its part in each
    text of this batch. A text that occurs twice gets every blank either occurrence found. Since breaker48 a text
    whose stream's text before, or the team's text before from any stream (`team_stream`), ends with a key's prefix
    (`ghp_`) has that key's body blanked when it starts within a few words (`memeval.redact._dangling`): `ghp_` at
    the end of one memory and `(continued) <36 characters>` in the next were both stored as written. With a
    redactor that has no `detect_many`, `done` as it is.
    """
    detect = getattr(redactor, "detect_many", None)
    if detect is None:
        return done
    from memeval.redact import chain_lengths, cut_across, cut_through, joinable, with_findings

    pairs: list[tuple[str, str]] = []
    inside: list[bool] = []
    own: list[tuple[Sequence[Any], Sequence[Any]]] = []
    chains: list[list[str]] = []
    fresh: list[list[bool]] = []  # per chain text: in this batch (not stored yet)
    chain_own: list[list[Sequence[Any]]] = []
    recent: dict[Stream, list[tuple[str, bool]]] = {}
    sent_last: dict[Stream, tuple[str, bool] | None] = {}  # per team: the sender's last text, any stream (b53)
    dangling: list[tuple[str, list[Any]]] = []
    pending: dict[Stream, Dangling | None] = {}
    readers: tuple[Callable[[str], Dangling | None], Callable[[Dangling, str], Any]] | None = None  # `dangling_*`
    for d in drafts:
        stream = (d.team, d.session, d.actor.kind, d.actor.id)
        for name in type(d.payload).FREE_TEXT:
            text = getattr(d.payload, name)
            if not text:
                continue
            seen = recent.get(stream)
            if seen is None:
                seen = recent[stream] = [(t, False) for t in ends.recent(stream)]
            prev, in_batch = seen[-1] if seen else (None, False)
            if prev is not None and not _whole_blank(done.get(text)) and joinable(prev, text):
                pairs.append((prev, text))
                inside.append(in_batch)
                # a stored `prev` that ends unblanked had no finding at its end: read as none
                own.append((_findings(done.get(prev)) if in_batch else (), _findings(done.get(text))))
            # the sender's text before, from another stream: a writer that changes its session or actor id between
            # the two parts of a key (`sgph_d539f9` in ses_1, `0bb36a38...` in ses_2) is read across too (breaker53)
            by = sender_stream(d.team, sender) if sender is not None else None
            if by is not None and by not in sent_last:
                kept = ends.get(by)
                sent_last[by] = (kept, False) if kept is not None else None
            other = sent_last.get(by) if by is not None else None
            if by is not None:
                sent_last[by] = (text, True)
            if other is not None and other[0] != prev and not _whole_blank(done.get(text)) and joinable(other[0], text):
                pairs.append((other[0], text))
                inside.append(other[1])
                own.append((_findings(done.get(other[0])) if other[1] else (), _findings(done.get(text))))
            if seen and not _whole_blank(done.get(text)):
                hist = [t for t, _ in seen]
                for n in chain_lengths([*hist, text]):
                    part = [*seen[len(seen) - n + 1 :], (text, True)]
                    chains.append([t for t, _ in part])
                    fresh.append([b for _, b in part])
                    chain_own.append([_findings(done.get(t)) if b else () for t, b in part])
            seen.append((text, True))
            del seen[: -(MAX_PARTS - 1)]
            # a key's prefix left dangling at the end of an earlier text of the stream, or of the team's from any
            # stream, and its body (or its pieces) in this text: breaker48, breaker49
            # imported at the batch's first text: the rules it derives load the scanners (kingfisher), which a
            # batch without free text (`report weekly`'s own event) must not pay for; once a batch, not once a text
            if readers is None:
                from memeval.redact import dangling_start, dangling_step

                readers = (dangling_start, dangling_step)
            starts, steps = readers
            hits: dict[tuple[int, int], Any] = {}
            for s in dict.fromkeys((stream, team_stream(d.team))):
                if s not in pending:
                    pending[s] = ends.dangling(s)
                if (state := pending[s]) is not None:
                    fs, pending[s] = steps(state, text)
                    hits.update(((f.start, f.end), f) for f in fs)
            if (start := starts(text)) is not None:
                pending[stream] = pending[team_stream(d.team)] = start
            if hits:
                dangling.append((text, list(hits.values())))
    more: dict[str, list[Any]] = defaultdict(list)
    for text, fs in dangling:
        more[text] += fs
    found = cut_across(detect, pairs, own)
    for (prev, text), in_batch, (before, after) in zip(pairs, inside, found, strict=True):
        more[text] += after
        if in_batch:
            more[prev] += before
    for texts, new, per in zip(chains, fresh, cut_through(detect, chains, chain_own), strict=True):
        for t, b, fs in zip(texts, new, per, strict=True):
            if b:
                more[t] += fs
    added = {t: with_findings(t, done.get(t) or redactor.redact(t), fs) for t, fs in more.items() if fs}
    out = {**done, **added} if added else done
    ends.put({stream: [_stored(out, t, b) for t, b in seen if not b or t in out] for stream, seen in recent.items()})
    ends.put(
        {
            by: _stored(out, *last)
            for by, last in sent_last.items()
            if last is not None and (not last[1] or last[0] in out)
        }
    )
    ends.put_dangling(pending)
    return out

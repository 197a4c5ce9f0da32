"""A run's event log: an append-only JSON-lines file, one event a line, each on disk before its append returns.

A crash at any byte leaves a readable prefix: a reader keeps every complete line and ignores a
last line without its newline (`RunLog.read` reports it as `torn_tail`). One writer per run; the
writer is thread-safe (the metering proxy's thread appends model calls beside the runner's).
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Generator, Iterator, Sequence
from contextlib import closing
from datetime import UTC, datetime
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from memeval._cores import spare_core
from memeval.errors import RunLogError
from memeval.eventlog._hashing import _Hasher
from memeval.eventlog._reserve import TOP_UP_BYTES, reserve

if TYPE_CHECKING:
    from pydantic import ValidationError

    from memeval.eventlog._events import Event
    from memeval.eventlog._views import View

LOG_NAME = "events.jsonl"
_SEQ = attrgetter("seq")


def canonical(ev: Event) -> bytes:
    """The event as one canonical JSON line (sorted keys, compact, UTF-8, ending in a newline).

    A lone surrogate in a string (which no UTF-8 can hold) is written as U+FFFD rather than raised: one such
    character, in text from an agent, ended the whole run. The readers where such text enters replace it
    already (`memeval._finitejson.utf8_text`); this is the last guard.
    """
    import json  # here, not at the top: a replay reads a log without writing one (2-5 ms of its start)

    data = ev.model_dump(mode="json")
    line = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n"
    try:
        return line.encode()
    except UnicodeEncodeError:  # a lone surrogate from text an agent or upstream wrote, missed where it was read
        from memeval._finitejson import utf8_text

        return utf8_text(line).encode()


class LogRead(NamedTuple):
    """What a read of the log found."""

    events: list[Event]
    torn_tail: bool
    """True when the last line was cut off (a crash mid-write); it was ignored."""


class ReplayRead(NamedTuple):
    """What `RunLog.read_for_replay` found."""

    events: list[Event | View]
    torn_tail: bool
    """True when the last line was cut off (a crash mid-write); it was ignored."""
    complete: bytes
    """The log's complete lines (a torn last line left out), as `log_hash` hashes them."""


def why_invalid(error: ValidationError, most: int = 3) -> str:
    """A log line's refusal by pydantic in one short line: each problem as `path: message`.

    pydantic's own text spans lines, spells out the union of every event model and ends each
    problem with a link to its documentation: a `memeval runs` row, or an `error:` line, of 700
    characters. At most `most` problems are given; the rest are counted.

    Args:
        error: what validating the line raised.
        most: problems spelled out.

    Returns:
        e.g. `sandbox.ready.world_hash: Field required`, or `Unable to extract tag using
        discriminator 'event'` for a line with no `event` field.
    """
    problems = error.errors(include_url=False)
    parts = []
    for e in problems[:most]:
        where = ".".join(str(p) for p in e["loc"])
        parts.append((f"{where}: {e['msg']}" if where else str(e["msg"])).replace("\n", " "))
    more = f"; and {len(problems) - most} more" if len(problems) > most else ""
    return "; ".join(parts) + more


def from_newer_memeval(raw: object, error: ValidationError) -> str:
    """Why a log line this memeval refuses looks written by a newer memeval, with the fix, or "" when it does not.

    A run folder from a newer memeval (an event kind, a version `v` or a field this one does not
    know) was refused with pydantic's words alone (`model.called.v: Input should be 3`), exit 1,
    naming neither the cause nor the fix. A first line naming a later log format
    (`memeval.runlog/7`) is said so too.

    Args:
        raw: the decoded line (a dict for an event).
        error: what validating it raised.

    Returns:
        e.g. "a model.called event of version 4, and this memeval (0.1.0) reads up to version 3:
        the run was written by a newer memeval; upgrade memeval to read it", or "a run log of format
        memeval.runlog/7, and this memeval (0.1.0) reads memeval.runlog/1: ...", or "".
    """
    from memeval import __version__
    from memeval.eventlog._events import LOG_FORMAT, current_versions

    if not isinstance(raw, dict):
        return ""
    kind, known = raw.get("event"), current_versions()
    fix = "the run was written by a newer memeval; upgrade memeval to read it"
    log_format = raw.get("format") if kind == "run.planned" else None
    name, _, number = LOG_FORMAT.rpartition("/")
    if isinstance(log_format, str) and log_format.startswith(name + "/"):
        later = log_format.removeprefix(name + "/")
        if later.isascii() and later.isdigit() and int(later) > int(number):
            return f"a run log of format {log_format}, and this memeval ({__version__}) reads {LOG_FORMAT}: {fix}"
    if isinstance(kind, str) and kind not in known:
        return f"a {kind!r} event, which this memeval ({__version__}) does not know: {fix}"
    v = raw.get("v", 1)
    if isinstance(kind, str) and isinstance(v, int) and v > known[kind]:
        up_to = known[kind]
        return f"a {kind} event of version {v}, and this memeval ({__version__}) reads up to version {up_to}: {fix}"
    extra = sorted({".".join(map(str, e["loc"])) for e in error.errors() if e["type"] == "extra_forbidden"})
    if extra and isinstance(kind, str):
        return f"{kind} has field(s) this memeval ({__version__}) does not know ({', '.join(extra)}): {fix}"
    return ""


class RunLog:
    """The event log of one run folder.

    Args:
        run_dir: the run folder; the log is `run_dir/events.jsonl`.
    """

    def __init__(self, run_dir: Path) -> None:
        self.run_dir = run_dir
        self.path = run_dir / LOG_NAME
        self._lock = threading.Lock()
        self._seq: int | None = None
        self._reserved = 0
        """How far past the log's start its allocation is known to reach (`memeval.eventlog._reserve`)."""

    def read(self) -> LogRead:
        """Read every complete event.

        Raises:
            RunLogError: the file is missing, or a complete line is not a valid event (with its
                line number), or `seq` numbers are not 0, 1, 2, ... in order.
        """
        self._require()
        data = self.path.read_bytes()
        lines = data.split(b"\n")
        torn = lines[-1] != b""
        events: list[Event] = []
        for n, line in enumerate(lines[:-1], 1):
            ev = self._event(line, n)
            if ev.seq != len(events):
                raise RunLogError(f"{self.path}: line {n} has seq {ev.seq}, expected {len(events)}")
            events.append(ev)
        return LogRead(events, torn)

    def read_for_replay(self, data: bytes | None = None) -> ReplayRead:
        """Read every complete event as `read` does, the frequent kinds as fast typed views.

        A `model.called`, `trial.started`, `agent.exited`, ... line comes back as its view
        (`memeval.eventlog._views.View`: msgspec structs declaring the same fields, types and
        checks as the event), every other line as its `Event`. What is refused, and the error, is
        what `read` gives: a line the fast path does not accept is read by `read`'s own path.

        Args:
            data: the log file's bytes when the caller has read them already; None reads the file.

        Returns:
            `ReplayRead`: the events, whether the last line was torn, and the complete lines'
            bytes (what `log_hash` hashes).

        Raises:
            RunLogError: as `read`.
        """
        if data is None:
            self._require()
            data = self.path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]  # the same object when the last line is whole
        stream = self.replay_stream(data)
        events: list[Event | View] = []
        for run in stream:
            events += run
        return ReplayRead(events, stream.torn_tail, complete)

    def replay_stream(self, data: bytes | None = None, *, plan_view: bool = False) -> ReplayStream:
        """The log's events as `read_for_replay` reads them, a megabyte of lines at a time (`ReplayStream`).

        Args:
            data: the log file's bytes when the caller has read them already; None reads the
                file as the stream is iterated, a megabyte at a time, never whole.
            plan_view: give the first line as its msgspec `PlanView` when that reads it
                (`memeval.eventlog._planview`), not as `RunPlanned`: for a replay that only
                writes its result (`memeval.results.replay_body`), without pydantic.

        Raises:
            RunLogError: the file is missing (the other errors of `read` come as the stream is iterated).
        """
        if data is None:
            self._require()
        return ReplayStream(self, data, plan_view=plan_view)

    def _require(self) -> None:
        """Raise `RunLogError` unless the log file is there, saying whether the folder is missing too."""
        if self.path.is_file():
            return
        if not self.run_dir.exists():
            raise RunLogError(
                f"{self.run_dir} does not exist (from {Path.cwd()}): give the path of a run folder, "
                f"the one holding {LOG_NAME}, or a run id from the folder that holds runs/ "
                "(`memeval runs` lists them)"
            )
        raise RunLogError(f"{self.run_dir} is not a run folder: it has no {LOG_NAME}")

    def _check_seqs(self, events: Sequence[Event | View], first_line: int = 0) -> None:
        """Raise `RunLogError` for the first event whose `seq` is not its position (as `read` does).

        `events` are the log's lines from `first_line` (its number in the log, from 0) on.
        """
        for n, ev in enumerate(events, first_line + 1):
            if ev.seq != n - 1:
                raise RunLogError(f"{self.path}: line {n} has seq {ev.seq}, expected {n - 1}")

    def _event(self, line: bytes, n: int) -> Event:
        """Line `n` as its event, through the upcasters when it is of an older version.

        pydantic and the events' models are imported here, on the first line read so: a plain
        replay of a log the views read whole (`memeval.results.replay_body`) never imports them.
        """
        from pydantic import ValidationError

        from memeval.eventlog._events import EVENT_ADAPTER

        try:
            return EVENT_ADAPTER.validate_json(line)
        except ValidationError as exc:
            return self._upgrade(line, n, exc)

    def _upgrade(self, line: bytes, n: int, error: ValidationError) -> Event:
        """Read a line written by an older schema version through the registered upcasters.

        Raises:
            RunLogError: the line is not JSON, or no upcaster brings it to a valid event.
        """
        import json

        from pydantic import ValidationError

        from memeval.eventlog._events import parse_event
        from memeval.eventlog._upcast import upcast

        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RunLogError(f"{self.path}: line {n} is not JSON: {exc}") from exc
        upgraded = upcast(raw) if isinstance(raw, dict) else raw
        if upgraded is raw:
            newer = from_newer_memeval(raw, error)
            raise RunLogError(f"{self.path}: line {n} is not a valid event: {newer or why_invalid(error)}") from error
        try:
            return parse_event(upgraded)
        except ValidationError as exc:
            raise RunLogError(
                f"{self.path}: line {n} is not a valid event, even after upgrading: {why_invalid(exc)}"
            ) from exc

    def __iter__(self) -> Iterator[Event]:
        return iter(self.read().events)

    def append(self, ev: Event) -> Event:
        """Stamp `ev` with the next `seq` and the current UTC time, write it, fsync; return it (`append_many`).

        Raises:
            OSError: the line could not be written and synced (the log is left as it was).
        """
        return self.append_many([ev])[0]

    def append_many(self, evs: Sequence[Event]) -> list[Event]:
        """Stamp `evs` (consecutive `seq`, one UTC time), write them in order with one write and one fsync.

        All are on disk when this returns; a crash meanwhile leaves a prefix of them. One fsync for many is the run
        writer's group commit (`memeval.runner._writer.LogWriter`). The log keeps room of its own allocated past its
        end (`memeval.eventlog._reserve`), so lines written while the disk is full still fit. A torn last line (from a
        crash) is cut off before the first append after it; lines that cannot be written whole (a full disk and no
        reserve) are cut off at once and the error raised, so no append extends a torn line.

        Raises:
            OSError: the lines could not be written and synced: none is in the log (it is left as it was).
            Whatever stamping or serialising an event raises: nothing was written.
        """
        from memeval.eventlog._events import stamp

        if not evs:
            return []
        with self._lock:
            if self._seq is None:
                self._seq = self._repair()
            at = datetime.now(UTC)
            stamped = [stamp(ev, self._seq + i, at) for i, ev in enumerate(evs)]
            line = b"".join(map(canonical, stamped))
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                start = os.fstat(fd).st_size
                try:
                    view = memoryview(line)
                    while view:
                        view = view[os.write(fd, view) :]
                    os.fsync(fd)
                except OSError as exc:
                    os.ftruncate(fd, start)  # frees any reserve too: made again at the next append
                    self._reserved = 0
                    raise OSError(exc.errno, exc.strerror, str(self.path)) from exc
                end = start + len(line)
                if self._reserved - end < TOP_UP_BYTES:
                    self._reserved = reserve(fd, end)
            finally:
                os.close(fd)
            self._seq += len(stamped)
            return stamped

    def _repair(self) -> int:
        if not self.path.exists():
            self.run_dir.mkdir(parents=True, exist_ok=True)
            return 0
        read = self.read()
        if read.torn_tail:
            data = self.path.read_bytes()
            keep = data[: data.rfind(b"\n") + 1]
            with self.path.open("r+b") as f:
                f.truncate(len(keep))
                f.flush()
                os.fsync(f.fileno())
        return len(read.events)


_HASH_AHEAD_BYTES = 256 << 10
"""A run of lines this long or longer is hashed by the stream's helper thread (`_Hasher`) when a core is
spare for it (`memeval._cores.spare_core`, asked once a stream); a shorter one (a small log, read whole
in one run), or any run on a busy machine, in the reader's thread."""

_STREAM_BYTES = 1 << 20
"""Bytes of the log a `ReplayStream` reads at once (its runs of lines are about this long)."""


class ReplayStream:
    """A run log read as `RunLog.read_for_replay` reads it, one run of whole lines at a time.

    Iterating gives, for each run of about a megabyte of lines, their events (`Event`s and fast
    views, as `read_for_replay`), in log order; a bad line raises the `RunLogError` that `read`
    raises, when its run is reached (every earlier line has been given). A replay that adds up
    each run as it comes (`memeval.results.load_run`) never holds the whole file nor all its
    events: a 100,000-event log is 50 MB of bytes and about 100 MB of views, and the memory
    pages a process touches for the first time cost CPU (the kernel's zeroing and mapping, more
    on a loaded machine) that memory used again does not.

    Once iterated to the end, `torn_tail` says whether the last line was cut off (a crash
    mid-write; it was left out) and `log_hash` is `sha256:<hex>` of the complete lines, as
    `memeval.results.load_run` records it. Iterate once.

    Args:
        log: the run's log.
        data: the log's bytes when read already; None reads the file as the stream goes.
        plan_view: the first line as its `PlanView` where that reads it (see `RunLog.replay_stream`).
    """

    def __init__(self, log: RunLog, data: bytes | None, *, plan_view: bool = False) -> None:
        self._log = log
        self._data = data
        self._plan_view = plan_view
        self._hash = hashlib.sha256()
        self.torn_tail = False
        self.log_hash: str | None = None
        """`sha256:<hex>` of the complete lines; None until the stream has been read to its end."""
        self.position = 0
        """Bytes of the log read so far: the complete lines up to the end of the last run given."""

    def __iter__(self) -> Iterator[list[Event | View]]:
        runs = self._runs()
        hasher = _Hasher(self._hash) if spare_core() else None
        with closing(runs):  # the file is closed at once when a bad line ends the stream
            try:
                yield from self._events(runs, hasher)
            finally:
                if hasher is not None:
                    hasher.close()
        self.log_hash = "sha256:" + self._hash.hexdigest()

    def _events(self, runs: Iterator[memoryview], hasher: _Hasher | None) -> Iterator[list[Event | View]]:
        from memeval.eventlog._fastcalls import decode_log

        log = self._log
        seq = 0
        for run in runs:
            helper = hasher if len(run) >= _HASH_AHEAD_BYTES else None
            if helper is not None:
                helper.start(run)  # hashed while it is decoded; done before its buffer is read into again
            else:
                self._hash.update(run)
            self.position += len(run)

            def slow(i: int, line: bytes, before: Sequence[Event | View], first: int = seq) -> Event:
                # An error in an earlier line's seq is raised first, as `read` finds it first.
                try:
                    return log._event(line, i + 1)
                except Exception:
                    log._check_seqs(before, first)
                    raise

            events = decode_log(run, slow, seq, plan_view=self._plan_view)
            if helper is not None:
                helper.wait()
            del run  # the buffer it views is read into again
            if list(map(_SEQ, events)) != list(range(seq, seq + len(events))):
                log._check_seqs(events, seq)
            seq += len(events)
            yield events

    def _runs(self) -> Generator[memoryview, None, None]:
        """The log's complete lines, about `_STREAM_BYTES` at a time; sets `torn_tail` at the end."""
        if self._data is not None:
            data = self._data
            end = data.rfind(b"\n") + 1
            view = memoryview(data)
            start = 0
            while start < end:
                stop = data.find(b"\n", min(start + _STREAM_BYTES, end) - 1) + 1
                yield view[start:stop]
                start = stop
            self.torn_tail = end != len(data)
            return
        # One buffer, read into again and again: the bytes of a run, then the start of the next line.
        buf = bytearray(2 * _STREAM_BYTES)
        have = 0
        with self._log.path.open("rb", buffering=0) as f:
            while True:
                if have == len(buf):  # a line longer than the buffer: a bigger one, the same bytes
                    buf = buf + bytes(len(buf))
                view = memoryview(buf)
                n = f.readinto(view[have : min(len(buf), have + _STREAM_BYTES)])
                if not n:
                    view.release()
                    break
                have += n
                end = buf.rfind(b"\n", 0, have) + 1
                if end:
                    run = view[:end]
                    yield run
                    run.release()
                    buf[: have - end] = buf[end:have]  # the same length: the buffer keeps its size
                    have -= end
                view.release()
        self.torn_tail = have > 0

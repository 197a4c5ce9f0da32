"""A fast, equally strict reader of a run log's frequent lines, used when a whole log is replayed.

Model calls are most of a run's log (about two lines in three, and most of its bytes), and
validating each line through pydantic (`EVENT_ADAPTER.validate_json`) was most of a cold replay's
time. Here a line is decoded by msgspec straight into frozen typed structs, the views of
`memeval.eventlog._views`, which declare exactly the fields, types and defaults of the events
(unknown fields refused, literals checked, times required to carry a UTC offset), about three
times faster. Only `run.planned` (its manifest and run card), a claim carrying self-reported
figures and a tamper scan with findings have no view: pydantic reads them.

The structs only ever ACCEPT less than pydantic: a line msgspec refuses for any reason (a
missing or extra field, a wrong type, another version, a string where a number belongs that
pydantic's lax mode would have read) is read again by the ordinary pydantic path, which accepts it,
upgrades it or refuses it with the very message it always gave. A line msgspec accepts holds the
values pydantic would have given it (checked on every golden log and on mutated lines in
tests/eventlog/test_fast_calls.py, which also checks that the structs declare the models' fields).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from itertools import islice, pairwise
from typing import TYPE_CHECKING, TypeVar

import msgspec

from memeval.eventlog._views import ModelCalledV2View, ModelCalledView, View

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

T = TypeVar("T")


_DECODER: msgspec.json.Decoder[View] = msgspec.json.Decoder(View)
_CALLS_DECODER: msgspec.json.Decoder[ModelCalledView] = msgspec.json.Decoder(ModelCalledView)
"""`model.called` lines alone, decoded straight into their view, without looking for the tag first.

A tagged union must find a line's tag before it can decode it, and a model call's tag comes after
its call object (the log's keys are sorted: `at`, `call`, `event`): `_DECODER` scans each call's
object once to reach the tag and again to decode it. This decoder is handed only the lines that
hold the tag (`_call_tag_lines`). Decoding one struct, msgspec checks the tag's value when the line
has one but does not require it; the line holding `_CALL_TAG` is what requires it (see there)."""
_CALLS_V2_DECODER: msgspec.json.Decoder[ModelCalledV2View] = msgspec.json.Decoder(ModelCalledV2View)
"""`model.called` lines of version 2 (a log written before version 3), tried on a run `_CALLS_DECODER` refuses."""
_CALL_TAG = b'"event":"model.called"'
"""A `model.called` line's tag, as the log writes it (compact, `canonical`).

In valid JSON these bytes can only be a key `event` and its value `model.called` (a quote inside
a string is escaped, and a string followed by `:` is a key), and of all the objects a
`ModelCalledView` line may hold, only the outer one accepts a key `event` (the call's and the
cost's refuse unknown keys). So a line that holds these bytes and that `_CALLS_DECODER` accepts
is a `model.called` event, with its tag: exactly a line `_DECODER` reads as a `ModelCalledView`."""
_TAG_DOT = _CALL_TAG.index(b".")
_FRACTION = re.compile(rb"\.\d{7}(?<=\d:\d\d\.\d{7})")
"""Seven decimals or more after what precedes a time's fraction, as msgspec reads one (`H:MM:SS`):
in a time (`...:SS.fffffff`), msgspec rounds to the microsecond where pydantic truncates. Never
after a JSON number's key (`"latency_ms":10.4921875`: its `:` follows a quote). The search looks
for the `.` first and looks behind only there (a pattern starting with a digit is tried at every
digit, ten times slower)."""
_ESCAPED = re.compile(rb"\\u00(?:3[0-9a-fA-F]|2[eE])")
"""A digit, `:` or `.` written as a JSON escape: a time spelled so would slip past `_FRACTION`, and is never written."""


def _over_precise(data: bytes | memoryview) -> list[int]:
    """The offsets in `data` where a time may have more than 6 decimals, in order (may say so of other text).

    A time is never written so (`datetime.isoformat`); msgspec and pydantic would read it
    differently, so the lines holding these offsets are left to pydantic. A number with 7
    decimals (`"latency_ms":10.4921875`) is not a time and is not listed: its `:` follows a quote.
    """
    out = [m.start() for m in _FRACTION.finditer(data)]
    escaped = [m.start() for m in _ESCAPED.finditer(data)]  # one pass: as fast as `b"\\u00" in data`
    return sorted(out + escaped) if escaped else out


def _over_precise_at(raw: NDArray[np.uint8], dots: NDArray[np.intp] | None = None) -> NDArray[np.intp]:
    """`_over_precise` of the bytes `raw` (a numpy view of them): the same offsets, found without a regex.

    A log's lines hold about five `.` each (times, costs, latencies) and few backslashes: every `.`
    is checked at once for the digits, `:` and digits `_FRACTION` wants around it, and every
    backslash for the escape `_ESCAPED` wants after it, a few array operations a megabyte (about
    half the time of the two regex scans). Neither pattern's matches can overlap (a match holds
    no other `.`, or no other backslash), so these are their matches' starts exactly. `dots`: the
    offsets of every `.` in `raw`, in order, when the caller has them (`decode_log`).
    """
    import numpy as np

    def digit(at: NDArray[np.intp]) -> NDArray[np.bool_]:
        return (raw[at] - np.uint8(0x30)) < np.uint8(10)  # uint8 wraps: below `0` is large

    n = raw.size
    if dots is None:
        dots = np.flatnonzero(raw == 0x2E)  # `.`, then `\d:\d\d` before it and 7 digits after
    dots = dots[(dots >= 4) & (dots + 7 < n)]
    # Narrowed one test at a time, the most telling first, so that the others look at few: a `:`
    # three before (a time's `:SS.`; a number's `.` has none), then a seventh decimal (a time is
    # written with six, then `Z` or its offset). The same `.` pass all the tests as before.
    dots = dots[raw[dots - 3] == 0x3A]
    dots = dots[digit(dots + 7)]
    fraction = digit(dots - 4) & digit(dots - 2) & digit(dots - 1)
    for k in range(1, 7):
        fraction &= digit(dots + k)
    found: NDArray[np.intp] = dots[fraction]
    is_slash = raw == 0x5C  # `\`, then `u00` and `3` and a hex digit, or `2` and `e`/`E`
    slashes = np.flatnonzero(is_slash) if is_slash.any() else dots[:0]  # most logs have none
    slashes = slashes[slashes + 5 < n]
    if slashes.size:
        last = raw[slashes + 5] | np.uint8(0x20)  # lower case for a letter
        hex_digit = digit(slashes + 5) | ((last - np.uint8(0x61)) < np.uint8(6))
        escaped = (raw[slashes + 1] == 0x75) & (raw[slashes + 2] == 0x30) & (raw[slashes + 3] == 0x30)
        escaped &= ((raw[slashes + 4] == 0x33) & hex_digit) | ((raw[slashes + 4] == 0x32) & (last == 0x65))
        if escaped.any():
            found = np.sort(np.concatenate((found, slashes[escaped]))).astype(np.intp, copy=False)
    return found


def _call_tag_lines(raw: NDArray[np.uint8], ends: NDArray[np.intp], dots: NDArray[np.intp]) -> NDArray[np.bool_]:
    """Which lines of `raw` hold `_CALL_TAG` (one bool a line; `ends`: where each line ends, after its newline).

    Found from the tag's `.` (`dots`: every `.` of `raw`, in order), as `_over_precise_at` finds
    times: the byte before it narrows them to a few a line, then the whole tag is compared at once.
    """
    import numpy as np

    tag = np.frombuffer(_CALL_TAG, dtype=np.uint8)
    dots = dots[(dots >= _TAG_DOT) & (dots + (len(_CALL_TAG) - _TAG_DOT) <= raw.size)]
    dots = dots[raw[dots - 1] == tag[_TAG_DOT - 1]]  # the `l` of `model.`
    window = raw[dots[:, None] + (np.arange(len(_CALL_TAG)) - _TAG_DOT)]
    found = dots[np.all(window == tag, axis=1)]
    found = found[found < (ends[-1] if ends.size else 0)]  # none past the last newline (a line cut off)
    tagged = np.zeros(ends.size, dtype=np.bool_)
    tagged[np.searchsorted(ends, found, side="right")] = True
    return tagged


def _decode_framed(
    view: memoryview, ends: list[int], start: int, tagged: list[bool], cuts: list[int], first: int, last: int
) -> list[View] | None:
    """Lines `first` to `last` (exclusive, from `start`: framed, none held) decoded by msgspec in runs, or None.

    Each run of `model.called` lines (`tagged`, one bool a line; `cuts`: the lines where it changes,
    in order) is decoded by `_CALLS_DECODER`, each run of other lines by `_DECODER`, one
    `decode_lines` call a run. None when msgspec refuses a line, when a run holds fewer or more
    values than lines (impossible for framed lines, checked anyway), or when a call names another
    trial than its event (`_calls_named_elsewhere`): the caller then reads the lines one by one.
    """
    out: list[View] = []
    bounds = [first, *cuts[bisect_right(cuts, first) : bisect_left(cuts, last)], last]
    for a, b in pairwise(bounds):
        chunk = view[ends[a - 1] if a > first else start : ends[b - 1]]
        try:
            if tagged[a]:
                calls = _call_run(chunk)
                for ev in calls:  # a plain loop: twice as fast as comparing two lists of attrgetter's
                    if ev.call.trial_id != ev.trial_id:
                        return None
                run: Sequence[View] = calls
            else:
                run = _DECODER.decode_lines(chunk)
                if _calls_named_elsewhere(run):
                    return None
        except (msgspec.ValidationError, msgspec.DecodeError):
            return None
        if len(run) != b - a:
            return None
        out += run
    return out


def _call_run(chunk: memoryview) -> list[ModelCalledView]:
    """A run of `model.called` lines as their views: of version 3, or else all of version 2, brought up to 3.

    Raises:
        msgspec.ValidationError, msgspec.DecodeError: a line neither decoder accepts (a run mixing the versions,
            as a run resumed by a newer memeval writes, among them: its lines are then read one by one).
    """
    try:
        return _CALLS_DECODER.decode_lines(chunk)
    except msgspec.ValidationError:
        return [ev.as_current() for ev in _CALLS_V2_DECODER.decode_lines(chunk)]


def _calls_named_elsewhere(views: list[View]) -> bool:
    """Whether any `model.called` view of `views` holds a call that names another trial than the event.

    `ModelCalled` refuses such a line ("the call names another trial"); the views leave the check
    to the reader, which makes it here once over a run of decoded lines.
    """
    for ev in views:
        if type(ev) is ModelCalledView and ev.call.trial_id != ev.trial_id:
            return True
    return False


def _decode_checked(line: bytes) -> View:
    """`_DECODER.decode(line)`, raising `msgspec.ValidationError` also for a call that names another trial."""
    ev = _DECODER.decode(line)
    if type(ev) is ModelCalledView and ev.call.trial_id != ev.trial_id:
        raise msgspec.ValidationError("the call names another trial")
    return ev


def decode_view(line: bytes) -> View | None:
    """The line as its event's view, or None when the fast path does not accept it.

    None means only "read it through pydantic": the line may still be a valid event (another
    kind, an older version, a form msgspec is stricter about) or an invalid one.
    """
    if _over_precise(line):
        return None  # never written so (`datetime.isoformat`), and the two would read it differently
    try:
        return _decode_checked(line)
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


_CHUNK_BYTES = 1 << 20
"""Whole lines handed to msgspec at once by `decode_log` (about 2,000 of a run's lines); a run of
lines it refuses is read again line by line, so this bounds the work done twice."""


def decode_log(
    data: bytes | memoryview,
    slow: Callable[[int, bytes, list[View | T]], T],
    first_line: int = 0,
    *,
    plan_view: bool = False,
) -> list[View | T]:
    """Every line of `data` as `decode_view` reads it, or `slow(i, line, read_so_far)` where that gives None.

    The same result as `[decode_view(line) or slow(i, line, ...) for i, line in enumerate(lines)]`,
    with `slow` called for the same lines in the same order (so the first error it raises is the
    first bad line's), but without a Python step or a bytes object per line: msgspec decodes
    about a megabyte of lines in a few calls (`Decoder.decode_lines`), straight from `data`, one
    call a run of `model.called` lines (straight into their view, `_CALLS_DECODER`, without the
    union's search for the tag) or of other lines (`_decode_framed`).

    `decode_lines` reads any JSON whitespace as a separator (a blank line, two values on one line,
    a value over two lines), where a line read alone must be one value. So it is used only when
    every line is framed as the log writes it: `data` starts with `{`, and every newline follows a
    `}` and, but the last, precedes a `{` (checked once, over the whole log, with numpy). Then each
    newline ends a value (JSON never has `}` then `{` within one), so each line holds at least one
    value, and as many values as lines means one per line. The first line (`run.planned`, which no
    view reads), a megabyte of lines msgspec refuses or holding a call that names another trial than
    its event (`_calls_named_elsewhere`), a log framed otherwise and the lines holding a time with
    more than 6 decimals (`_over_precise`, never written so) are read line by line.

    Args:
        data: the log's complete lines, each ending in a newline (or a run of them: `first_line`).
        slow: reads line `i` of the log (given its bytes and the events read before it from
            `data`) another way (pydantic); may raise.
        first_line: the number in the log (from 0) of `data`'s first line, when `data` holds the
            lines after it (`memeval.eventlog.RunLog.replay_stream` reads a log a megabyte at a time).
        plan_view: read the log's first line (`run.planned`) as its `PlanView`
            (`memeval.eventlog._planview.decode_plan`) where that accepts it, not by `slow`.

    Returns:
        One event per line of `data`, in order.
    """
    import numpy as np  # the verdict loads it anyway; only a replay needs it here

    out: list[View | T] = []
    if not data:
        return out
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == 0x0A) + 1  # where each line ends, after its newline
    framed = (
        raw[0] == 0x7B  # `{`
        and ends[0] >= 2
        and bool(np.all(raw[ends - 2] == 0x7D))  # `}` before each newline
        and bool(np.all(raw[ends[:-1]] == 0x7B))  # `{` after each newline but the last
    )
    dots = np.flatnonzero(raw == 0x2E)  # every `.`: times, and the `model.called` tag
    # The lines holding an over-precise time, in order, each once (sorted(set()), not np.unique,
    # which imports numpy.ma).
    stops = np.asarray(
        sorted(set(np.searchsorted(ends, _over_precise_at(raw, dots), side="right").tolist())), dtype=np.int64
    )
    tag_lines = _call_tag_lines(raw, ends, dots)
    tagged = tag_lines.tolist()
    cuts = (np.flatnonzero(tag_lines[1:] != tag_lines[:-1]) + 1).tolist()  # where a run of calls starts or ends
    line_ends = ends.tolist()
    view = memoryview(data)
    first, start = 0, 0
    while first < ends.size:
        # The first line alone, then runs of whole lines of about _CHUNK_BYTES.
        last = 1 if first + first_line == 0 else int(np.searchsorted(ends, start + _CHUNK_BYTES, side="left")) + 1
        last = min(max(last, first + 1), ends.size)
        stop = int(ends[last - 1])
        held = stops[(stops >= first) & (stops < last)].tolist()
        if framed and first + first_line > 0 and not held:
            run = _decode_framed(view, line_ends, start, tagged, cuts, first, last)
            if run is not None:
                out.extend(run)
                first, start = last, stop
                continue
        lines = bytes(view[start : stop - 1]).split(b"\n")
        if plan_view and first + first_line == 0 and not held:
            from memeval.eventlog._planview import decode_plan

            plan = decode_plan(lines[0])
            if plan is not None:
                out.append(plan)  # type: ignore[arg-type]  # the plan's view: read as `RunPlanned` is
                first, start = last, stop
                continue
        _decode_each(lines, held, slow, out, first_line)
        first, start = last, stop
    return out


def _decode_each(
    lines: list[bytes],
    held: list[int],
    slow: Callable[[int, bytes, list[View | T]], T],
    out: list[View | T],
    first_line: int = 0,
) -> None:
    """Append `lines` (the next lines of the log) to `out`, each as `decode_view` reads it or by `slow`.

    A run of lines is decoded in one `map` until msgspec refuses one; that line goes to `slow`
    and the run resumes after it. The lines numbered in `held` (positions in `out`, in order) go
    to `slow` in their turn without msgspec. `slow` is given a line's number in the log: its
    position in `out` plus `first_line`, the log's line at `out[0]`.
    """
    decode = _decode_checked
    base = len(out)
    rest = iter(lines)
    for stop in [*(i - base for i in held), len(lines)]:
        run = islice(rest, stop - (len(out) - base))
        while True:
            try:
                # list.extend keeps what it appended before the map raised: the refused line is the next one.
                out.extend(map(decode, run))
                break
            except (msgspec.ValidationError, msgspec.DecodeError):
                i = len(out)
                out.append(slow(first_line + i, lines[i - base], out))
        if stop < len(lines):
            next(rest)
            out.append(slow(first_line + base + stop, lines[stop], out))

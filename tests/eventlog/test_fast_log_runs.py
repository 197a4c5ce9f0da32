"""The fast reader decodes runs of lines in one msgspec call and still reads and refuses as `read` does.

`memeval.eventlog._fastcalls.decode_log` hands msgspec about a megabyte of lines at once
(`Decoder.decode_lines`), which takes any JSON whitespace for a line break. It may do so only when
every line is framed as the log writes it (one `{...}` per line); a log framed otherwise, a run
msgspec refuses and the lines holding over-precise times are read line by line. Checked here with
runs of every size (one line, a few lines, the whole log), on logs whose lines were joined, split,
blanked or padded so that their counts still add up: the events, or the first bad line's error,
must be what the line-by-line `RunLog.read` gives.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_fast_calls import PROPS, SUB_MICROSECOND, _line, _log_of, _longer_log, read_both_ways
from test_projection_properties import _write, run_logs

import memeval.eventlog._fastcalls as fast_module
from memeval.eventlog import ModelCalled, RunLog, TrialEnded
from memeval.results._project import project

RUN_SIZES = [1, 300, 1200, fast_module._CHUNK_BYTES]
"""Bytes per msgspec run: one line each, a line or two, several lines, the whole of a small log."""


def _same_as_read(run: Path) -> list[Any]:
    """Read `run` both ways; assert the same events or the same error; return the fast events (or [])."""
    both = read_both_ways(run)
    if both is None:
        return []
    fast, slow = both
    assert fast.torn_tail is slow.torn_tail
    return list(fast.events)


def _lines(run: Path) -> list[str]:
    return (run / "events.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)


def _rewrite(run: Path, lines: list[str]) -> None:
    (run / "events.jsonl").write_text("".join(lines), encoding="utf-8")


CALL_TAG = fast_module._CALL_TAG.decode()
CALL_TAG_ESCAPED = CALL_TAG.replace('"', '\\"')
"""The tag as text inside a JSON string (its quotes escaped): no longer the tag's bytes."""

OTHER_TRIAL = ('"trial_id":"t:pack:1","v"', '"trial_id":"t:baseline:1","v"')
"""The event's own `trial_id` (the last key but `v`), changed: its call still names `t:pack:1`."""

# Each edit takes the log's lines (run.planned, trial.started, 2 calls, a claim with figures, 2 calls,
# trial.ended) and returns them changed.
EDITS: dict[str, Any] = {
    "as written": lambda ls: ls,
    "a blank line": lambda ls: [*ls[:3], "\n", *ls[3:]],
    "a line of spaces": lambda ls: [*ls[:5], "   \n", *ls[5:]],
    # two events on one line and a blank line after them: as many values as lines
    "two on a line, then a blank": lambda ls: [*ls[:2], ls[2].rstrip("\n") + ls[3], "\n", *ls[4:]],
    "a blank, then two on a line": lambda ls: [*ls[:2], "\n", ls[2].rstrip("\n") + ls[3], *ls[4:]],
    "two on a line with a space": lambda ls: [*ls[:5], ls[5].rstrip("\n") + " " + ls[6], "\n", *ls[7:]],
    # one event over two lines and two events on one line: as many values as lines again
    "one over two lines, two on one": lambda ls: [
        *ls[:2],
        ls[2].replace('"call":', '"call":\n', 1),
        ls[3].rstrip("\n") + ls[5],
        ls[6],
        *ls[7:],
    ],
    "a space before a newline": lambda ls: [*ls[:3], ls[3].replace("}\n", "} \n"), *ls[4:]],
    "a space after a newline": lambda ls: [*ls[:6], " " + ls[6], *ls[7:]],
    "CRLF line ends": lambda ls: [line.replace("\n", "\r\n") for line in ls],
    "a tampered call": lambda ls: [*ls[:5], ls[5].replace('"status":200', '"status":"x"'), *ls[6:]],
    "an over-precise time": lambda ls: [*ls[:6], ls[6].replace(*SUB_MICROSECOND), *ls[7:]],
    # the event names another trial than its call (`ModelCalled` refuses it; the views leave it to the reader)
    "a call naming another trial": lambda ls: [*ls[:6], ls[6].replace(*OTHER_TRIAL), *ls[7:]],
    "a bad seq, then a call naming another trial": lambda ls: [
        *ls[:3],
        ls[3].replace('"seq":3', '"seq":1'),
        *ls[4:6],
        ls[6].replace(*OTHER_TRIAL),
        *ls[7:],
    ],
    "a call naming another trial, then a bad seq": lambda ls: [
        *ls[:2],
        ls[2].replace(*OTHER_TRIAL),
        *ls[3:6],
        ls[6].replace('"seq":6', '"seq":0'),
        *ls[7:],
    ],
    # A `model.called` line is decoded without its union when it holds the tag's bytes: the
    # line must still be refused when its tag is missing, nested, doubled or contradicted.
    "a call without its tag": lambda ls: [*ls[:5], ls[5].replace(CALL_TAG + ",", ""), *ls[6:]],
    "a call's tag inside its call object only": lambda ls: [
        *ls[:5],
        ls[5].replace(CALL_TAG + ",", "").replace('"call":{', '"call":{' + CALL_TAG + ",", 1),
        *ls[6:],
    ],
    "a call's tag in its call object too": lambda ls: [
        *ls[:5],
        ls[5].replace('"call":{', '"call":{' + CALL_TAG + ",", 1),
        *ls[6:],
    ],
    "a call's tag twice": lambda ls: [*ls[:5], ls[5].replace(CALL_TAG, CALL_TAG + "," + CALL_TAG), *ls[6:]],
    "a call's tag after another": lambda ls: [
        *ls[:5],
        ls[5].replace(CALL_TAG, '"event":"trial.ended",' + CALL_TAG),
        *ls[6:],
    ],
    "a call's tag before another": lambda ls: [
        *ls[:5],
        ls[5].replace(CALL_TAG, CALL_TAG + ',"event":"trial.started"'),
        *ls[6:],
    ],
    "a trial's end with a call's tag after its own": lambda ls: [
        *ls[:7],
        ls[7].replace('"event":"trial.ended"', '"event":"trial.ended",' + CALL_TAG),
    ],
    # (read as written: the tag's bytes are not there, its quotes being escaped)
    "a trial's end with a call's tag in its text": lambda ls: [
        *ls[:7],
        ls[7].replace('"retained":null', '"retained":"' + CALL_TAG_ESCAPED + '"'),
    ],
    "a bad seq, then a tampered call": lambda ls: [
        *ls[:2],
        ls[2].replace('"seq":2', '"seq":9'),
        *ls[3:5],
        ls[5].replace('"status":200', '"status":"x"'),
        *ls[6:],
    ],
}


@pytest.mark.parametrize("size", RUN_SIZES)
@pytest.mark.parametrize("edit", sorted(EDITS))
def test_runs_of_lines_read_and_fail_as_read_does(tmp_path: Path, edit: str, size: int) -> None:
    run = _longer_log(tmp_path)
    lines = _lines(run)
    assert len(lines) == 8
    _rewrite(run, EDITS[edit](lines))
    with mock.patch.object(fast_module, "_CHUNK_BYTES", size):
        events = _same_as_read(run)
    if edit in ("as written", "a trial's end with a call's tag in its text"):
        assert len(events) == 8
    if edit.startswith("a call's tag in") or edit.startswith("a call without"):
        assert events == []  # read refuses these logs, and so must the fast reader
    if edit in ("two on a line, then a blank", "one over two lines, two on one", "a blank line"):
        assert events == []  # read refuses these logs, and so must the fast reader


def test_a_framed_log_is_decoded_in_runs_and_others_line_by_line(tmp_path: Path) -> None:
    # The fast path must really be taken for a log as written (else the tests above test nothing new).
    call = ModelCalled.model_validate(_line())
    run = _log_of(tmp_path, call, call, call, call, TrialEnded(trial_id="t:pack:1", assessment="scored"))
    lines = _lines(run)
    seen: list[int] = []
    original = fast_module._decode_each

    def spy(lines: list[bytes], *args: Any) -> None:
        seen.append(len(lines))
        original(lines, *args)

    with mock.patch.object(fast_module, "_decode_each", spy):
        assert len(_same_as_read(run)) == 7
        assert seen == [1]  # run.planned alone; the other 6 lines in one msgspec run
        seen.clear()
        _rewrite(run, [line.replace("\n", " \n") for line in lines])
        assert len(_same_as_read(run)) == 7
        assert seen == [1, 6]  # framed otherwise: line by line


@PROPS
@given(run_logs())
def test_any_log_projects_the_same_in_runs_of_any_size(events: list[Any]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        run = Path(tmp) / "r"
        _write(run, events)
        data = (run / "events.jsonl").read_bytes()
        expected = project(RunLog(run).read().events, data).model_dump_json()
        for size in RUN_SIZES[:3]:
            with mock.patch.object(fast_module, "_CHUNK_BYTES", size):
                read = RunLog(run).read_for_replay()
            assert project(read.events, read.complete).model_dump_json() == expected


# Bytes a time's fraction and its escapes are made of, and a few others, so that near misses abound.
_SCAN_ALPHABET = b'0123456789:.\\u023eEaAfFgG"Z'


@given(st.binary(max_size=80) | st.lists(st.sampled_from(list(_SCAN_ALPHABET)), max_size=200).map(bytes))
def test_the_vectorised_scan_finds_what_the_patterns_find(data: bytes) -> None:
    # `decode_log` finds over-precise times with array operations; `decode_view` with the regexes.
    found = fast_module._over_precise_at(np.frombuffer(data, dtype=np.uint8)).tolist()
    assert found == fast_module._over_precise(data)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (b'"at":"2026-11-30T09:00:00.1234567Z"', [25]),  # 7 decimals
        (b'"at":"2026-11-30T09:00:00.123456Z"', []),  # 6
        (b'"latency_ms":10.4921875', []),  # a number's 7 decimals (its `:` follows a quote)
        (b'"a":"\\u0030","b":"\\u002E","c":"\\u003a","d":"\\u0020","e":"\\u00e9"', [5, 18, 31]),
        (b"0:00.1234567", [4]),  # just room before the `.`
        (b":00.1234567", []),  # no digit before the `:`
        (b"00:00.123456", []),  # one digit short at the end
        (b"\\u003", []),  # an escape cut short
    ],
)
def test_the_vectorised_scan_on_edges(text: bytes, expected: list[int]) -> None:
    assert fast_module._over_precise(text) == expected
    assert fast_module._over_precise_at(np.frombuffer(text, dtype=np.uint8)).tolist() == expected


class _Spy:
    """A decoder that counts the lines each `decode_lines` call is given, then decodes them as `decoder` does."""

    def __init__(self, decoder: Any) -> None:
        self.decoder = decoder
        self.runs: list[int] = []

    def decode_lines(self, data: memoryview) -> list[Any]:
        self.runs.append(bytes(data).count(b"\n"))
        return self.decoder.decode_lines(data)

    def decode(self, data: bytes) -> Any:
        return self.decoder.decode(data)


def test_runs_of_calls_are_decoded_straight_into_their_view(tmp_path: Path) -> None:
    # The calls go to the decoder of `model.called` alone, a run at a time; the other lines to the union.
    call = ModelCalled.model_validate(_line())
    ended = TrialEnded(trial_id="t:pack:1", assessment="scored")
    run = _log_of(tmp_path, call, call, call, ended)
    calls, union = _Spy(fast_module._CALLS_DECODER), _Spy(fast_module._DECODER)
    with mock.patch.object(fast_module, "_CALLS_DECODER", calls), mock.patch.object(fast_module, "_DECODER", union):
        assert len(_same_as_read(run)) == 6
        assert calls.runs == [3] and union.runs == [1, 1]  # trial.started, 3 calls, trial.ended
        # A call whose tag is not written as the log writes it goes to the union, which reads it alike.
        lines = _lines(run)
        _rewrite(run, [*lines[:3], lines[3].replace(CALL_TAG, CALL_TAG.replace(":", ": ")), *lines[4:]])
        calls.runs.clear()
        union.runs.clear()
        events = _same_as_read(run)
        assert len(events) == 6 and type(events[3]) is type(events[2])
        assert calls.runs == [1, 1] and union.runs == [1, 1, 1]


_TAG_ALPHABET = sorted(set(fast_module._CALL_TAG + b'\n"\\x'))


@given(
    st.lists(
        st.lists(st.sampled_from(_TAG_ALPHABET), max_size=60).map(bytes)
        | st.sampled_from([fast_module._CALL_TAG, fast_module._CALL_TAG[:-1], b"x" + fast_module._CALL_TAG]),
        min_size=1,
        max_size=8,
    )
)
def test_the_tag_scan_finds_the_lines_holding_the_tag(parts: list[bytes]) -> None:
    data = b"".join(parts) + b"\n" + parts[-1]  # and a last line cut off, which is no line
    raw = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(raw == 0x0A) + 1
    dots = np.flatnonzero(raw == 0x2E)
    found = fast_module._call_tag_lines(raw, ends, dots).tolist()
    assert found == [fast_module._CALL_TAG in line for line in data.split(b"\n")[:-1]]

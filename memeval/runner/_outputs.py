"""What an attempt keeps of the agent's and the verifier's output files, and the agent's claim read from them.

Output files are stored as artifacts cut to their head and tail (`put_capped`) with every secret
memeval knows blanked (`memeval.runner._scrub`). The claim is what the agent says of its own work:
its claim file, else what its preset's output format says (`memeval.agents.parse_claim`), else the
last lines of its stdout (`record_claim`); it is recorded as said and never scored.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path

from memeval._finitejson import MAX_KEPT_DEPTH, json_depth, loads_finite
from memeval.agents import ClaimFormat, parse_claim
from memeval.eventlog import ClaimRecorded
from memeval.runner._scrub import scrub_strings
from memeval.runner._sinks import ArtifactSink, EventSink
from memeval.sandbox import CUT_LINE_MAX, OUTPUT_HEAD_BYTES, OUTPUT_TAIL_BYTES

MAX_ARTIFACT_BYTES = 8 << 20
"""Agent stdout/stderr and verifier output kept per trial: the first and last 4 MiB of anything longer (cut as the
sandbox's output is read, see `memeval.sandbox.OutputCapture`)."""
MAX_CLAIM_BYTES = 64 << 10
"""Largest claim file read."""


def put_capped(art: ArtifactSink, path: Path, scrub: Callable[[bytes], bytes]) -> str:
    """Store an output file as an artifact, capped and scrubbed; return its content id.

    Over MAX_ARTIFACT_BYTES only its head and tail are kept; `scrub` blanks the values given with `--env`
    (and the upstream keys). The sandbox's capture (`memeval.sandbox.OutputCapture`) already wrote at most its
    first and last 4 MiB with a line between them saying how many bytes it saw and cut: that file is read whole.
    """
    half = MAX_ARTIFACT_BYTES // 2 + CUT_LINE_MAX
    return art.put(scrub(read_ends(path, half, half)))


def if_cut(seen: tuple[int, ...]) -> int | None:
    """The byte count of an output stream (`SandboxResult.output_bytes`'s one entry, or none) when its file was cut."""
    return seen[0] if seen and seen[0] > OUTPUT_HEAD_BYTES + OUTPUT_TAIL_BYTES else None


def read_ends(path: Path, head: int, tail: int) -> bytes:
    """The first `head` and last `tail` bytes of the file at `path`, and between them a line saying how many were cut.

    The bubblewrap backend's output files are memeval's own, at most 8 MiB and a line (see `OutputCapture`); this
    bounds what is read of any other backend's, which its sandbox may have written up to its file size limit, or
    seeked to that size in an instant. The whole file when it is no longer than `head + tail`. With `head` 0 no line
    is added (a tail alone).
    """
    with path.open("rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size <= head + tail:
            return f.read(head + tail)
        first = f.read(head) if head else b""
        f.seek(size - tail)
        cut = f"\n[memeval: {size - head - tail} bytes cut]\n".encode() if head else b""
        return first + cut + f.read(tail)


def read_claim_file(path: Path, scrub: Callable[[bytes], bytes]) -> bytes | None:
    """The agent's claim file, if it is a regular file (never through a symlink), capped and scrubbed."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None  # absent, a symlink (ELOOP), or unreadable: no claim file
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            return None
        return scrub(f.read(MAX_CLAIM_BYTES))


def record_claim(
    trial_id: str,
    claim_file: Path,
    stdout: Path,
    fmt: ClaimFormat | None,
    *,
    scrub: Callable[[bytes], bytes],
    log: EventSink,
) -> None:
    """Record what the agent says of its work as `claim.recorded`, if it says anything.

    Args:
        trial_id: the trial.
        claim_file: the host path of the agent's claim file (`MEMEVAL_CLAIM_FILE`).
        stdout: the host path of the agent's stdout.
        fmt: the agent preset's output format (`AgentSpec.claim_format`), or None.
        scrub: blanks the secrets memeval knows (`Scrubber.bytes`).
        log: where the event goes.
    """
    raw = read_claim_file(claim_file, scrub)
    message, reported, source = "", None, "stdout"
    if raw is not None:
        try:
            data = loads_finite(raw.decode("utf-8"))
            as_text = json_depth(data) > MAX_KEPT_DEPTH  # nested past what the log reads back: kept as its text
        except (ValueError, RecursionError):  # the agent's file: any bytes, numbers no float holds (NotFiniteJSON)
            as_text = True
        if as_text:
            data = {"message": raw.decode("utf-8", "replace")[:4000]}
        if isinstance(data, dict):
            message = str(data.get("message", ""))[:4000]
            usage = data.get("usage")
            reported = usage if isinstance(usage, dict) else None
            source = "claim_file"
    preset = source == "stdout" and fmt is not None
    if source == "stdout" and fmt is not None:  # a preset's output; what it says of itself stays a claim
        claim = parse_claim(fmt, scrub(read_ends(stdout, 0, MAX_ARTIFACT_BYTES)).decode("utf-8", "replace"))
        message, reported = claim.message, claim.self_reported
    if not message and not preset:
        tail = read_ends(stdout, 0, 65536)
        lines = scrub(tail).decode("utf-8", "replace").strip().splitlines()
        message, source = "\n".join(lines[-5:])[:4000], "stdout"
    if message or reported:
        # again once parsed: JSON spells a character as `\\uXXXX` too, so a value escaped in the file passed the
        # scrub of its bytes and came out of the parser whole
        def text(t: str) -> str:
            return scrub(t.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")

        message, reported = text(message), scrub_strings(reported, text)
        log.append(ClaimRecorded(trial_id=trial_id, message=message, self_reported=reported, source=source))

"""Keep what passed the proxy: each model call's request and response bodies, as artifacts.

Every forwarded call's bodies (as the agent sent them and as the upstream answered, never a
header, so never a key) are decoded (gzip and deflate; another content-encoding is kept as a
note), blanked by the project's redactor (`memeval.redact`: credentials and personal data) and by
the exact values given with `--env`, and stored content-addressed in the run's artifact store, up to
`memeval.runner._callstats.MAX_KEPT_BYTES` a turn and `MAX_KEPT_BODY_BYTES` a request (a call past
either is listed with no bodies and a `note` saying why). A
per-trial index (`memeval.exchanges/1`, JSON) lists them in call order:

    {"schema": "memeval.exchanges/1",
     "calls": [{"call_id", "api", "request": artifact id, "response": artifact id,
                "redacted": {entity type: count}, "note": str}]}

The index's id is recorded on the trial's `agent.exited` event (`exchanges`). `memeval ab
--no-keep-bodies` turns this off. Trials run by the Ray executor keep no bodies yet (their nodes
start their own proxy without the hook).
"""

from __future__ import annotations

import json
import threading
import zlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from memeval.runner._callstats import MAX_KEPT_BODY_BYTES, Exchange
from memeval.runner._sinks import ArtifactSink

if TYPE_CHECKING:
    from memeval.redact import Redaction, Redactor

SCHEMA = "memeval.exchanges/1"

_REDACT_LOCK = threading.Lock()
"""Trials run at once share one redactor; its scanners are not documented as thread-safe."""

_WARMING: list[threading.Thread] = []
"""The thread `warm_redactor` started, once per process."""

_WARM_LOCK = threading.Lock()
"""Guards `_WARMING` alone: held for a list look-up, never while anything redacts or builds."""


def warm_redactor() -> None:
    """Start building the process's redactor in a daemon thread (the first call only; later calls return at once).

    Called when a turn's first body is kept (`memeval.runner._callstats.CallStats.keep_bodies`), so the
    build (about 2 CPU s: the scanners' rules and presidio) runs while the agent's turn goes on instead of
    after it, when the trial waits for `store_exchanges`. A run that keeps no body never builds it. A build
    that fails here is tried again, and raises, in `store_exchanges`.

    It runs on the metering proxy's event loop, which serves every trial's calls and sockets: it takes only
    `_WARM_LOCK`, never `_REDACT_LOCK`, which a trial's `store_exchanges` holds for as long as its bodies are redacted
    (seconds of CPU a trial; tens of seconds of wall time at load 15). Taking that lock here held the loop for all
    of it: 20 of the 21 stalls of half a second or more of the loop in a run of README's pack command, and the
    `add_socket` waits newuser36 saw time out (proxy50).
    """
    with _WARM_LOCK:
        if _WARMING:
            return
        thread = threading.Thread(target=_build_redactor, name="memeval-redactor-build", daemon=True)
        _WARMING.append(thread)
    thread.start()


def _build_redactor() -> None:
    """`warm_redactor`'s thread: import and build (the import too stays off the proxy's thread that kept the body)."""
    from memeval.redact import get_redactor  # lazy: the scanners load only in a run that keeps bodies

    get_redactor().build_pii()  # model exchanges hold digits and addresses: presidio reads nearly every one


def _decode(data: bytes, encoding: str | None) -> tuple[bytes, str]:
    """The response body `data` undone from its content-encoding, at most `MAX_KEPT_BODY_BYTES`, and a note.

    Inflation is bounded: the captured 8 MiB of a gzip body of zeros inflated to 8 GiB in one call, which the
    redactor was then to read and the artifact store to keep.
    """
    enc = (encoding or "").strip().lower()
    if enc in ("", "identity"):
        return data, ""
    if enc in ("gzip", "x-gzip", "deflate"):
        try:
            out = zlib.decompressobj(wbits=47 if enc != "deflate" else 15).decompress(data, MAX_KEPT_BODY_BYTES + 1)
        except zlib.error as exc:
            return b"", f"response body not decoded ({enc}: {exc}); not kept"
        if len(out) > MAX_KEPT_BODY_BYTES:
            return b"", f"response body decodes ({enc}) to more than {MAX_KEPT_BODY_BYTES} bytes; not kept"
        return out, ""
    return b"", f"response body encoded as {enc}; not kept"


BATCH_CHARS = 64 * 1024
"""Characters of bodies `store_exchanges` hands the redactor in one `redact_many` call, at most (one body longer
than this goes alone). A batch is scanned once per scanner and view, and each body gets the findings `redact`
gives it alone (`Redactor.detect_many`); a bound keeps a batch well inside the redactor's CPU budget, which a
batch over it would spend before each body is scanned again alone."""


def _redact_all(redactor: Redactor, bodies: Sequence[str]) -> list[Redaction]:
    """`[redactor.redact(b) for b in bodies]`, in batches of at most `BATCH_CHARS` characters (the same results).

    On the first 96 of the sample's kept bodies (six trials), one `redact_many` per trial's bodies took 4.34 CPU s
    against 4.73 for one `redact` per body (2026-12-07), every body's text and counts the same.
    """
    out: list[Redaction] = []
    batch: list[str] = []
    size = 0
    for body in [*bodies, None]:
        if batch and (body is None or size + len(body) > BATCH_CHARS):
            with _REDACT_LOCK:
                out += redactor.redact_many(batch)
            batch, size = [], 0
        if body is not None:
            batch.append(body)
            size += len(body)
    return out


def store_exchanges(exchanges: Sequence[Exchange], art: ArtifactSink, scrub: Callable[[bytes], bytes]) -> str | None:
    """Redact and store `exchanges`; return the id of their index artifact (None when empty).

    Args:
        exchanges: the trial's calls, in order (`RunMeter.take_exchanges`).
        art: the run's artifact store.
        scrub: blanks the `--env` values (applied before the redactor).
    """
    if not exchanges:
        return None
    from memeval.redact import get_redactor  # lazy: builds the scanners once per process

    with _REDACT_LOCK:
        redactor = get_redactor()
    kept = [ex for ex in exchanges if not ex.note]
    decoded = [_decode(ex.response, ex.encoding) for ex in kept]
    # each body whole, as written: request, response, request, ... (what the redactor finds depends on the whole text)
    bodies = [
        scrub(raw).decode("utf-8", "replace")
        for ex, (rsp, _) in zip(kept, decoded, strict=True)
        for raw in (ex.request, rsp)
    ]
    redacted = iter(_redact_all(redactor, bodies))
    notes = iter(note for _, note in decoded)
    calls: list[dict[str, Any]] = []
    for ex in exchanges:
        if ex.note:  # not kept (`memeval.runner._runmeter.CallStats.keep_bodies`): listed, nothing stored
            calls.append({"call_id": ex.call_id, "api": ex.api, "redacted": {}, "note": ex.note})
            continue
        counts: dict[str, int] = {}
        ids: dict[str, str] = {}
        for part in ("request", "response"):
            red = next(redacted)
            for k, v in red.counts.items():
                counts[k] = counts.get(k, 0) + v
            ids[part] = art.put(red.text.encode("utf-8"))
        calls.append({"call_id": ex.call_id, "api": ex.api, **ids, "redacted": counts, "note": next(notes)})
    index = json.dumps({"schema": SCHEMA, "calls": calls}, sort_keys=True).encode()
    return art.put(index)

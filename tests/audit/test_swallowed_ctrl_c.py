"""A Ctrl-C whose `KeyboardInterrupt` Python swallowed still stops an ingest at the next batch.

Python runs the SIGINT handler wherever the main thread is; inside a weakref callback or a
`__del__` (SQLAlchemy's `InstanceState._cleanup`, run by the garbage collector mid-write) the
exception is printed as "Exception ignored in ..." and dropped. A loop of real Ctrl-Cs during
`memeval audit ingest` with two workers saw it once in forty: the ingest went on to the end and
exited 0. `memeval.sigint.on_sigint` remembers the interrupt and the ingest's batch loop stops on
it (`stop_if_interrupted`). Here a real SIGINT lands inside a `__del__` before the ingest starts,
in a fresh interpreter (the flag is process-wide).

The dropped exception used to print "Exception ignored in ..." and its traceback above the command's
"interrupted:" line (the whole suite's Ctrl-C test saw it once, stop 54): `install` now wraps
`sys.unraisablehook` to keep quiet about that one exception, and only that one.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = textwrap.dedent(
    """
    import json, os, signal, sqlite3, sys
    from memeval.sigint import install
    from memeval.audit import SqlAuditStore, ingest_lines

    install()
    class Finalised:
        def __del__(self):
            os.kill(os.getpid(), signal.SIGINT)  # delivered at once: the handler runs in this __del__
            for _ in range(10_000):
                pass
            print("not interrupted", flush=True)  # never: the handler raised inside the loop above

    item = Finalised()
    del item  # "Exception ignored in ...": the KeyboardInterrupt is dropped here
    print("swallowed", flush=True)
    lines = [
        json.dumps({"type": "session.started", "occurred_at": "2026-11-17T10:00:00Z", "team": "fernhill",
                    "sender_event_id": f"e{i}", "actor": {"kind": "agent", "id": "bot"}, "session": f"s_{i}",
                    "payload": {"slice_id": "sl", "slice_hash": "h"}})
        for i in range(30)
    ]
    store = SqlAuditStore(sys.argv[1], fingerprint_key=bytes(32))
    try:
        ingest_lines(store, lines, sender="s", batch_size=10)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    path = sys.argv[1].removeprefix("sqlite:///")
    with sqlite3.connect(path) as conn:
        print("stored", conn.execute("select count(*) from audit_event").fetchone()[0])
    """
)


def test_a_swallowed_ctrl_c_stops_the_ingest_before_its_next_batch(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'a.sqlite'}"
    out = subprocess.run(
        [sys.executable, "-c", CHILD, url], cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "MEMEVAL_AUDIT_WORKERS": "0"},
    )  # fmt: skip
    assert out.stdout.split("\n")[:3] == ["swallowed", "interrupted", "stored 0"], (out.stdout, out.stderr)
    assert out.stderr == "", out.stderr  # swallowed quietly: no "Exception ignored in ..." traceback


OTHER = textwrap.dedent(
    """
    from memeval.sigint import install

    install()
    class Finalised:
        def __del__(self):
            raise ValueError("a finaliser's own fault")

    item = Finalised()
    del item
    class Interrupted:
        def __del__(self):
            raise KeyboardInterrupt  # not from a SIGINT: on_sigint never ran
    item = Interrupted()
    del item
    print("went on", flush=True)
    """
)


def test_other_unraisable_exceptions_still_print(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", OTHER], cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert out.stdout == "went on\n", (out.stdout, out.stderr)
    assert out.stderr.count("Exception ignored") == 2, out.stderr
    assert "ValueError: a finaliser's own fault" in out.stderr and "KeyboardInterrupt" in out.stderr, out.stderr

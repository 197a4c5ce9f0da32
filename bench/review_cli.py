"""CPU and wall time of one `memeval review` decision on the command line, this tree against another.

Each command is a whole `memeval` process, timed from outside (wall; CPU = user + system of the
reaped child, from the kernel's accounting). The two trees run in turns, A B A B ..., each on its
own copy of one seeded SQLite store, so load drift on a shared machine hits both alike. The
reviewer proves who they are with a personal token (`MEMEVAL_REVIEW_TOKEN`), so no argon2 password
check is in the figures; a password adds the same argon2 cost to both trees.

Commands: `review claim` (no text), `review approve` (no reason), `review reject --reason` (a
reason, which is free text and must be redacted), each on a lesson of its own.

    .venv/bin/python bench/review_cli.py [--runs 5] [--against /work/main]
"""

from __future__ import annotations

import argparse
import os
import resource
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]


def _seed(path: Path, lessons: int) -> str:
    """A store at `path` with `lessons` waiting lessons (`les_b000`...) and reviewer alice; her token."""
    from memeval.audit import EVENT_ADAPTER, SqlAuditStore
    from memeval.review import add_api_token, add_user

    store = SqlAuditStore(f"sqlite:///{path}", fingerprint_key=secrets.token_bytes(32))
    at = datetime.now(UTC) - timedelta(days=1)
    drafts = [
        EVENT_ADAPTER.validate_python(
            {
                "type": "lesson.proposed",
                "occurred_at": at,
                "team": "fernhill",
                "sender_event_id": uuid.uuid4().hex,
                "actor": {"kind": "agent", "id": "support-bot"},
                "subject": f"les_b{i:03d}",
                "payload": {"text": f"Lesson {i}: pack live plants in damp paper."},
            }
        )
        for i in range(lessons)
    ]
    store.append(drafts, sender="bench")
    add_user(store, "alice", "bench password, never typed", "reviewer", ["fernhill"])
    token = add_api_token(store, "alice")
    store.engine.dispose()
    store.write_engine.dispose()  # the last connection closed: the WAL is checkpointed into the file copied
    return token


def _time(tree: Path, db: Path, token: str, args: list[str]) -> tuple[float, float]:
    env = {k: v for k, v in os.environ.items() if k not in ("MEMEVAL_REVIEWER", "PYTHONDONTWRITEBYTECODE")}
    env.update(
        PYTHONPATH=str(tree), MEMEVAL_DB=f"sqlite:///{db}", MEMEVAL_FINGERPRINT_KEY="ab" * 32,
        MEMEVAL_REVIEW_TOKEN=token,
    )  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "memeval", *args], cwd=tree, env=env, capture_output=True, text=True, timeout=300
    )
    if out.returncode:
        raise SystemExit(f"{tree}: memeval {' '.join(args)} exited {out.returncode}: {out.stderr.strip()}")
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command in each tree (default 5)")
    parser.add_argument("--against", type=Path, help="another memeval tree to time in turns (e.g. /work/main)")
    args = parser.parse_args()
    trees = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    work = Path(tempfile.mkdtemp(prefix="memeval-bench-review-"))
    try:
        token = _seed(work / "template.sqlite", 3 * (args.runs + 1))
        dbs = {}
        for name in trees:
            dbs[name] = work / f"{name}.sqlite"
            shutil.copyfile(work / "template.sqlite", dbs[name])
        commands = {
            "review claim": lambda i: ["review", "claim", f"lesson/fernhill/les_b{3 * i:03d}"],
            "review approve": lambda i: ["review", "approve", f"lesson/fernhill/les_b{3 * i + 1:03d}"],
            "review reject --reason": lambda i: [
                "review",
                "reject",
                f"lesson/fernhill/les_b{3 * i + 2:03d}",
                "--reason",
                "wrong courier",
            ],  # fmt: skip
        }
        print(
            f"{load_line('before')}; "
            f"{args.runs} runs of each command per tree, trees in turns; seconds (median, min, max)"
        )
        head = f"{'cpu p50':>7} {'min':>6} {'max':>6}  {'wall p50':>8} {'min':>6} {'max':>6}"
        print(f"{'command':<24} {'tree':<8} {head}")
        for cname, make in commands.items():
            got: dict[str, list[tuple[float, float]]] = {t: [] for t in trees}
            for i in range(args.runs + 1):  # run 0 warms the page cache and writes .pyc files; not counted
                for tname, tree in trees.items():
                    sample = _time(tree, dbs[tname], token, make(i))
                    if i:
                        got[tname].append(sample)
            for tname in trees:
                cpu = [c for _, c in got[tname]]
                wall = [w for w, _ in got[tname]]
                print(
                    f"{cname:<24} {tname:<8} {statistics.median(cpu):>7.2f} {min(cpu):>6.2f} {max(cpu):>6.2f}"
                    f"  {statistics.median(wall):>8.2f} {min(wall):>6.2f} {max(wall):>6.2f}"
                )
        print(load_line("after"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

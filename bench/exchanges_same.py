"""Do two checkouts store the same model-call bodies? Redact one set of captured calls with each, hash what is stored.

    .venv/bin/python bench/exchanges_same.py --against CHECKOUT [--sample samples/fernhill] [--calls FILE]

The calls (`memeval.runner._callstats.Exchange`, as the proxy hands them to `store_exchanges`) come from
two places, written once to a scratch file and read by both checkouts:

- the sample run: `memeval ab samples/fernhill` (`--sample`; this checkout, its own runs folder) with
  `store_exchanges` wrapped so each trial's calls are written down before they are stored (or a
  file written by an earlier `--keep-calls`, with `--calls`);
- calls that carry secrets: an agent's conversation of six calls (each request repeats every earlier
  message, as an agent's does) whose messages and answers hold a GitHub token, a password
  assignment, an e-mail, a token cut by JSON escapes (`\\u0067hp_...`), an AWS key id in a tool
  result, the run's upstream key and an `--env` value (blanked by the run's scrubber), in Chat
  Completions and Anthropic Messages bodies, one response gzip-encoded.

For each checkout (`--against` and this one) a fresh process stores every trial's calls with its own
`store_exchanges` into an in-memory artifact store, then prints the SHA-256 over every stored
artifact (bodies and indexes, in order), the redactor's build CPU and `store_exchanges`' CPU per call
(thread CPU, build excluded). Exit status 1 when a hash differs: the check behind "the same stored
bytes" in CHANGELOG entries about the speed of kept bodies.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

from _code import pythonpath
from _scratch import scratch_dir

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM_KEY = "sk-proj-Zq81mWv0XbT5nR3yLc7HdK2fGp9sJa4uE6oIi"
ENV_VALUE = "fernhill-env-value-8Jk2Lm9Qw3"


def _capture(out: Path, argv: list[str]) -> None:
    """Run `memeval` with `argv`, writing each trial's calls to `out` (pickles, one per trial) as they are stored."""
    import threading

    import memeval.runner._attempt as attempt
    from memeval._console import console

    store = attempt.store_exchanges
    lock = threading.Lock()

    def kept(exchanges, art, scrub):  # noqa: ANN001, ANN202  # the wrapped function's own arguments
        with lock, out.open("ab") as f:
            pickle.dump(list(exchanges), f)
        return store(exchanges, art, scrub)

    attempt.store_exchanges = kept
    sys.argv = ["memeval", *argv]
    console()


def _secret_conversation() -> list[list]:
    """Two trials (Chat, Anthropic Messages) of six calls each; every request repeats the earlier messages."""
    from memeval.runner._callstats import Exchange

    said = [
        "Fix the build. The CI token is ghp_R8x2Kq7Lm4Nv9Pw3Tz6Yb1Hc5Jd8Fg2Sa0Qe and mail ops@fernhill-bakery.co.uk",
        'config.json has {"db_password": "Tr0ub4dor&3-horse"} and AWS_ACCESS_KEY_ID=AKIAQX4YJ7N2PL5RT6WZ',
        "the upstream key " + UPSTREAM_KEY + " and the env value " + ENV_VALUE,
        "token cut by escapes: \\u0067hp_Vb7Nq2Lk9Xw4Rt6Yp1Zs3Mc8Hd5Jf0Ga2Ke",  # written escaped into the JSON
        "call me on +44 20 7946 0958 or write to j.ortega@fernhill-bakery.co.uk",
        "nothing secret here, just prose about the gift-wrap price rounding",
    ]
    trials: list[list] = []
    for api in ("openai-chat", "anthropic-messages"):
        calls, messages = [], [{"role": "system", "content": "You are a careful coding agent."}]
        for i, text in enumerate(said):
            messages.append({"role": "user", "content": text})
            body = json.dumps({"model": "m", "messages": messages}).replace("\\\\u0067", "\\u0067").encode()
            answer = f"step {i}: noted. The key I saw was {said[0].split()[5]}"
            response = json.dumps({"id": f"c{i}", "choices": [{"message": {"role": "assistant", "content": answer}}]})
            encoding = "gzip" if i == 3 else None
            data = gzip.compress(response.encode(), mtime=0) if encoding else response.encode()
            calls.append(Exchange(f"{api}-{i}", api, body, data, encoding))
            messages.append({"role": "assistant", "content": answer})
        trials.append(calls)
    return trials


def _store_all(calls_file: Path) -> None:
    """Store every trial's calls in `calls_file` with this checkout; print the hash and CPU figures as JSON."""
    from memeval.redact import get_redactor
    from memeval.runner._exchanges import store_exchanges
    from memeval.runner._scrub import run_scrubber

    class Memory:
        def __init__(self) -> None:
            self.stored: list[bytes] = []

        def put(self, data: bytes) -> str:
            self.stored.append(data)
            return "sha256:" + hashlib.sha256(data).hexdigest()

        def put_file(self, path: Path) -> str:
            return self.put(path.read_bytes())

    t0 = time.thread_time()
    get_redactor()
    build = time.thread_time() - t0
    scrub = run_scrubber({"OPENAI_API_KEY": UPSTREAM_KEY}, {"FERNHILL_ENV": ENV_VALUE}).bytes
    art, n, cpu = Memory(), 0, 0.0
    with calls_file.open("rb") as f:
        while True:
            try:
                trial = pickle.load(f)
            except EOFError:
                break
            t0 = time.thread_time()
            store_exchanges(trial, art, scrub)
            cpu += time.thread_time() - t0
            n += len(trial)
    digest = hashlib.sha256()
    for data in art.stored:
        digest.update(len(data).to_bytes(8, "big") + data)
    blanked = sum(d.count(b"[REDACTED:") for d in art.stored)
    figures = {"artifacts": len(art.stored), "calls": n, "build_cpu_s": build, "store_cpu_s": cpu, "blanked": blanked}
    print(json.dumps({"sha256": digest.hexdigest(), **figures}))


def _measure(code: Path, calls_file: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": pythonpath(code) + os.pathsep + str(ROOT / "bench")}
    out = subprocess.run(
        [sys.executable, __file__, "--_store", str(calls_file)],
        env=env,
        cwd=code,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", type=Path, help="the other checkout (e.g. a worktree of main)")
    ap.add_argument("--sample", default="samples/fernhill", help="team folder whose `memeval ab` run gives the calls")
    ap.add_argument("--calls", type=Path, help="calls written by an earlier --keep-calls (skips the sample run)")
    ap.add_argument("--keep-calls", type=Path, help="also write the sample run's calls here")
    ap.add_argument("--_store", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--_capture", type=Path, help=argparse.SUPPRESS)
    args, rest = ap.parse_known_args()
    if args._store:
        _store_all(args._store)
        return 0
    if args._capture:
        _capture(args._capture, rest)
        return 0
    scratch = scratch_dir("exchanges-same-")
    sets: dict[str, Path] = {}
    secrets = scratch / "secrets.pickle"
    with secrets.open("wb") as f:
        for trial in _secret_conversation():
            pickle.dump(trial, f)
    sets["secrets"] = secrets
    sample = args.calls
    if sample is None:
        sample = args.keep_calls or scratch / "sample.pickle"
        sample.unlink(missing_ok=True)
        env = {**os.environ, "PYTHONPATH": pythonpath(ROOT) + os.pathsep + str(ROOT / "bench")}
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--_capture",
                str(sample),
                "ab",
                args.sample,
                "--runs-dir",
                str(scratch / "runs"),
            ],
            env=env,
            cwd=ROOT,
            check=True,
            stdout=subprocess.DEVNULL,
        )
    sets["sample"] = sample
    checkouts = {"this": ROOT} | ({"against": args.against.resolve()} if args.against else {})
    same = True
    print(f"load {os.getloadavg()[0]:.1f}")
    for name, path in sets.items():
        got = {who: _measure(code, path) for who, code in checkouts.items()}
        for who, r in got.items():
            per_call = 1000 * r["store_cpu_s"] / max(1, r["calls"])
            print(
                f"{name:8} {who:8} {r['sha256'][:16]} {r['artifacts']:4} artifacts {r['calls']:4} calls "
                f"{r['blanked']:3} blanks  build {r['build_cpu_s']:.2f} CPU s  store {r['store_cpu_s']:6.2f} CPU s "
                f"({per_call:.0f} ms a call)"
            )
        if len({r["sha256"] for r in got.values()}) > 1:
            same = False
            print(f"{name}: DIFFERENT stored bytes")
    print("same stored bytes" if same else "stored bytes differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())

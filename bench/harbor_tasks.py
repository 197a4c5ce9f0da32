"""Run the public Harbor-layout tasks of `bench/harbor_tasks.toml`: the oracle must pass and
`nop` must fail, in both arms, with no fault.

    .venv/bin/python bench/harbor_tasks.py --sources DIR [--clone] [--only NAME ...] [--json OUT]

Each entry names a GitHub repository, the commit that was checked and the task folder inside it.
`DIR/<owner>__<name>/` must hold that commit's tree (for instance `git archive COMMIT | tar -x`);
with `--clone` a missing one is cloned from GitHub and checked out at the commit (needs the
network). Every task runs `memeval ab TASK --agent oracle --network none`, then `--agent nop`,
in a throwaway runs folder, and gets one verdict:

- `ok`: the oracle passed in both arms and nop failed in both, no fault;
- `oracle-failed` / `nop-passed`: the task does not separate a solution from doing nothing here;
- `fault`: a trial faulted (the first fault's code and message are printed: an unsupported
  Dockerfile line is a `boot` fault naming it).

Prints one line per task and the count of `ok`; exits 1 when any task is not `ok`. `--markdown`
writes the table kept in docs/harbor-tasks.md.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

LIST = Path(__file__).with_name("harbor_tasks.toml")


def checkout(sources: Path, repo: str, commit: str, clone: bool) -> Path | None:
    """The local tree of `repo` at `commit` under `sources`, cloning it when asked."""
    dest = sources / repo.replace("/", "__")
    if dest.is_dir():
        return dest
    if not clone:
        return None
    subprocess.run(["git", "clone", "-q", f"https://github.com/{repo}", str(dest)], check=True)
    subprocess.run(["git", "-C", str(dest), "checkout", "-q", commit], check=True)
    return dest


def run_ab(task: Path, agent: str, runs: Path) -> dict:
    """`memeval ab TASK --agent AGENT --network none --json` as a document."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "memeval",
            "ab",
            str(task),
            "--agent",
            agent,
            "--network",
            "none",
            "--json",
            "--quiet",
            "--retain",
            "never",
            "--runs-dir",
            str(runs),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        return {"error": (out.stderr or out.stdout).strip()[-400:]}


NETWORK_AT_GRADING = ("uvx", "uv run", "uv pip", "astral.sh", "curl ", "apt-get install", "npm install", "npx ")
"""Words in a test.sh that fetch tools while grading, which cannot work offline."""


def hint(task: Path) -> str:
    """A likely cause when the oracle fails: what in `tests/test.sh` needs the network or root."""
    text = (task / "tests" / "test.sh").read_text(errors="replace")
    found = [w.strip() for w in NETWORK_AT_GRADING if w in text]
    if found:
        return f"; tests/test.sh fetches tools while grading ({', '.join(found)}), and the verifier has no network"
    tests = " ".join(p.read_text(errors="replace") for p in (task / "tests").glob("*.py"))
    if 'user="nobody"' in tests or "setuid" in tests or "os.setgid" in tests:
        return "; the tests run the solution as another user, which needs the unprivileged-sandbox work"
    return ""


def verdict(oracle: dict, nop: dict) -> tuple[str, str]:
    """(`ok` | `oracle-failed` | `nop-passed` | `fault` | `error`, a reason) for one task."""
    for doc in (oracle, nop):
        if "error" in doc:
            return "error", doc["error"]
        for t in doc["trials"]:
            if t["fault"]:
                return "fault", f"{t['control']}: {t['fault']['code']}: {t['fault']['message'][:300]}"
    if not all(t["verified"] for t in oracle["trials"]):
        return "oracle-failed", "the oracle's solution did not pass the held-back tests"
    if any(t["verified"] for t in nop["trials"]):
        return "nop-passed", "doing nothing passed the held-back tests"
    return "ok", ""


def markdown(results: list[dict]) -> str:
    """The results as a Markdown table: task, repository and commit, path, verdict, reason."""
    rows = ["| task | repository @ commit | path | verdict | reason |", "|---|---|---|---|---|"]
    for r in results:
        why = r["reason"].replace("|", "\\|").replace("\n", " ")
        rows.append(
            f"| {r['name']} | [{r['repo']}](https://github.com/{r['repo']}) @ `{r['commit'][:12]}` | "
            f"`{r.get('path', '.')}` | {r['verdict']} | {why} |"
        )
    return "\n".join(rows) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sources", type=Path, required=True, help="folder of <owner>__<name>/ trees")
    ap.add_argument("--clone", action="store_true", help="clone missing repositories from GitHub")
    ap.add_argument("--only", action="append", default=[], help="run only these entries (by name)")
    ap.add_argument("--json", type=Path, help="also write the results here as JSON")
    ap.add_argument("--markdown", type=Path, help="also write the results here as a Markdown table")
    args = ap.parse_args()
    entries = tomllib.loads(LIST.read_text())["task"]
    results = []
    for e in entries:
        if args.only and e["name"] not in args.only:
            continue
        src = checkout(args.sources, e["repo"], e["commit"], args.clone)
        if src is None:
            where = args.sources / e["repo"].replace("/", "__")
            results.append({**e, "verdict": "missing", "reason": f"no tree at {where}"})
        else:
            task = src / e.get("path", ".")
            start = time.monotonic()
            with tempfile.TemporaryDirectory(prefix="memeval-harbor-") as tmp:
                v, why = verdict(run_ab(task, "oracle", Path(tmp) / "o"), run_ab(task, "nop", Path(tmp) / "n"))
            if v == "oracle-failed":
                why += hint(task)
            results.append({**e, "verdict": v, "reason": why, "seconds": round(time.monotonic() - start, 1)})
        r = results[-1]
        print(f"{r['verdict']:14} {r['name']:40} {r.get('seconds', '')}s {r['reason']}", flush=True)
    ok = sum(r["verdict"] == "ok" for r in results)
    print(f"{ok} of {len(results)} tasks: the oracle passes and nop fails")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")
    if args.markdown:
        args.markdown.write_text(markdown(results))
    sys.exit(0 if ok == len(results) else 1)


if __name__ == "__main__":
    main()

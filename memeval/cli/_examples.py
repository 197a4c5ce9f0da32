"""Examples shown at the end of every command's `--help` (its click epilog).

One place for all of them, keyed by the command's path under `memeval` ("" for the root), each a
command line and what it does; `add_examples` writes them into a built command and its
sub-commands. `tests/project/test_cli_help.py` checks every command has one, that each example
calls that command, and that its options exist. The root's own examples live in `memeval.cli.app`
(`memeval --help` does not import this module).
"""

from __future__ import annotations

from typer._click.core import Command

EXAMPLES: dict[str, tuple[tuple[str, str], ...]] = {
    "ab": (
        ("memeval ab samples/fernhill", "the sample: its agent, pack and model, from memeval.toml"),
        ("memeval ab TASKS --agent claude-code --pack pack.json --repeats 3", "a real agent, 3 trials a task and arm"),
    ),
    "replay": (("memeval replay RUN_ID > record.json", "the full record, rebuilt from the run's log"),),
    "result": (("memeval replay RUN_ID", "use `replay`; `result` is its old name"),),
    "results": (
        ("memeval results RUN_ID", "one row per trial, then the summary"),
        ("memeval results runs/ --json", "every run in a folder, as JSON"),
    ),
    "compare": (
        ("memeval compare RUN_A RUN_B", "task by task: what flipped each way"),
        ("memeval compare RUN_A RUN_B --vary model --json", "two models on the same tasks, as JSON"),
    ),
    "report-ab": (
        ("memeval report-ab RUN_ID", "the PDF, as runs/RUN_ID/report.pdf"),
        ("memeval report-ab RUN_ID --html report.html --pdf report.pdf", "both, where you say"),
    ),
    "view": (
        ("memeval view RUN_ID", "open the viewer in your browser"),
        ("memeval view RUN_ID --port 8080 --no-browser", "on a fixed port, browser left closed"),
    ),
    "runs": (
        ("memeval runs", "the run folders under ./runs"),
        ("memeval runs --runs-dir team-runs --json", "another folder, as JSON"),
    ),
    "plan": (
        ("memeval plan --effect 0.15", "tasks needed to find 15 points at 80% power"),
        ("memeval plan --effect 0.15 --from PILOT_RUN --sequential", "sized from a pilot run's spread"),
    ),
    "check-tasks": (
        ("memeval check-tasks samples/fernhill", "oracle and nop on every task; lists the broken ones"),
        ("memeval check-tasks TASKS --tasks t01 --json", "one task, as JSON"),
    ),
    "schedule": (("memeval schedule --db sqlite:///audit/memeval.sqlite", "send the subscribed weekly reports"),),
    "serve": (
        ("memeval serve", "review pages, API and ingest on 127.0.0.1:8765"),
        ("memeval serve --port 9000 --no-ingest", "the review pages only, on another port"),
    ),
    "audit": (
        ("memeval audit ingest week.jsonl --sender sample", "store a file of events"),
        ("memeval audit counts --team fernhill --week 2026-W47", "count one week"),
    ),
    "audit ingest": (
        ("memeval audit ingest samples/fernhill/audit/week.jsonl --sender sample", "store a file of events"),
        ("cat events.jsonl | memeval audit ingest - --json", "from standard input, a JSON summary"),
    ),
    "audit verify": (
        ("memeval audit verify", "walk every team's chain, recompute the tables"),
        ("memeval audit verify --team fernhill --against head.json", "also check an anchor written before"),
    ),
    "audit anchor": (("memeval audit anchor --team fernhill --out head.json", "write the chain head to a file"),),
    "audit counts": (
        ("memeval audit counts --team fernhill --week 2026-W47", "sessions, memories, reviews of one week"),
        ("memeval audit counts --team fernhill --week 2026-W47 --json", "the same, as JSON"),
    ),
    "audit rebuild": (("memeval audit rebuild --team fernhill", "rebuild the current-state tables from the log"),),
    "audit serve": (("memeval audit serve --port 8765", "the ingest endpoint alone"),),
    "audit token": (
        ("memeval audit token add --team fernhill --sender bot", "a token for one sender"),
        ("memeval audit token list --json", "who holds one, never the token"),
    ),
    "audit token add": (("memeval audit token add --team fernhill --sender bot", "printed once; store it"),),
    "audit token list": (("memeval audit token list --team fernhill", "the senders holding a token, and since when"),),
    "audit token revoke": (
        ("memeval audit token revoke --team fernhill --sender bot", "its requests are refused from now on"),
    ),
    "audit team": (("memeval audit team set fernhill --tz Europe/London", "weeks cut at London's Monday"),),
    "audit team set": (("memeval audit team set fernhill --tz Europe/London", "weeks cut at London's Monday"),),
    "audit team list": (
        ("memeval audit team list", "each team and the zone its weeks are cut in"),
        ("memeval audit team list --json", "the same as JSON (memeval.audit-teams/1)"),
    ),
    "pack": (("memeval pack build --team fernhill --out pack.json", "the approved items as a pack"),),
    "pack build": (
        ("memeval pack build --team fernhill --out pack.json", "the approved items as a pack"),
        ("memeval pack build --team fernhill --out pack.json --version 2026-11", "with your own version"),
    ),
    "report": (("memeval report weekly --team fernhill --week 2026-W47", "make one week's report"),),
    "report weekly": (
        ("memeval report weekly --team fernhill --week 2026-W47", "PDF, HTML and mail text of one week"),
        ("memeval report weekly --team fernhill --preview", "the week so far, not stored"),
    ),
    "report send": (("memeval report send --team fernhill --to lead@example.com", "e-mail last week's report"),),
    "report verify": (
        ("memeval report verify audit/reports/fernhill/2026-W47/v1/report.pdf", "recount and check it"),
        ("memeval report verify --team fernhill --week 2026-W47", "the week's latest version, as weekly names it"),
    ),
    "report subscriptions": (("memeval report subscriptions --json", "every team's subscription, as JSON"),),
    "report unsubscribe": (("memeval report unsubscribe --team fernhill", "stop fernhill's weekly e-mail"),),
    "report subscribe": (
        ("memeval report subscribe --team fernhill --to lead@example.com", "every Monday at 08:00"),
        ("memeval report subscribe --team fernhill --to a@example.com --day fri --at 17:00", "Fridays"),
    ),
    "review": (
        ("memeval review list", "the waiting items, oldest first"),
        ("memeval review approve lesson/fernhill/les_07 --user alice", "approve one (asks for the password)"),
    ),
    "review list": (
        ("memeval review list", "every waiting item, oldest first"),
        ("memeval review list --team fernhill --kind lesson --json", "one team's lessons, as JSON"),
    ),
    "review show": (("memeval review show lesson/fernhill/les_07", "the full text and history of one item"),),
    "review approve": (
        ("memeval review approve lesson/fernhill/les_07 --user alice", "asks for alice's password"),
        ("memeval review approve lesson/fernhill/les_07 --reason 'checked'", "as MEMEVAL_REVIEW_TOKEN's owner"),
    ),
    "review reject": (
        ("memeval review reject lesson/fernhill/les_07 --user alice --reason 'wrong port'", "with a reason"),
    ),
    "review settle": (("memeval review settle contradiction/fernhill/c_3 --keep a --user alice", "keep side a"),),
    "review release": (("memeval review release hold/fernhill/h_12 --user alice --reason 'no secret'", "into memory"),),
    "review discard": (
        ("memeval review discard hold/fernhill/h_12 --user alice --reason 'a key'", "never enters memory"),
    ),
    "review claim": (("memeval review claim lesson/fernhill/les_07 --user alice", "others leave it to you"),),
    "users": (
        ("memeval users add root --role admin", "a store's first account: its admin, no login"),
        ("memeval users add alice --role reviewer --team fernhill --user root", "then the admin adds the others"),
    ),
    "users add": (
        ("memeval users add root --role admin", "the first account (asks for its password)"),
        ("memeval users add alice --role reviewer --team fernhill --user root", "root's password, then alice's"),
        ("printf '%s' \"$PW\" | memeval users add root --role admin --password-stdin", "from a script"),
    ),
    "users list": (
        ("memeval users list", "accounts and roles"),
        ("memeval users list --json", "the same, as JSON"),
    ),
    "users log": (
        ("memeval users log", "who made or changed which account and token, oldest first"),
        ("memeval users log --account alice --json", "one account's entries, as JSON"),
    ),
    "users token": (
        ("memeval users token alice --user alice", "your own token, after your password (MEMEVAL_REVIEW_TOKEN)"),
        ("memeval users token alice --user root", "an admin makes one for alice"),
    ),
}


def examples_text(examples: tuple[tuple[str, str], ...]) -> str:
    r"""The epilog: `Examples:` then one line per example, the command and (aligned) what it does.

    The `\b` line tells click not to rewrap the lines below it.
    """
    width = max(len(cmd) for cmd, _ in examples)
    lines = [f"  {cmd.ljust(width)}  # {what}" for cmd, what in examples]
    return "Examples:\n\n\b\n" + "\n".join(lines)


def add_examples(cmd: Command, path: str) -> Command:
    """Set the examples of `path` (e.g. "audit counts") as `cmd`'s epilog, and its sub-commands'."""
    if path in EXAMPLES and not cmd.epilog:
        cmd.epilog = examples_text(EXAMPLES[path])
    for name, sub in getattr(cmd, "commands", {}).items():
        add_examples(sub, f"{path} {name}")
    return cmd

"""`memeval ab`: run a task set cold and with memory, then print the table and the verdict.

`memeval replay` and `memeval results`, which read a run's record, live in `record.py`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from memeval.cli._options import RunsDir
from memeval.cli._print import out_console
from memeval.cli.app import EXIT_FAILURE, EXIT_INTERRUPTED, command_app, translate_errors
from memeval.errors import UsageError
from memeval.types import MAX_SECONDS

if TYPE_CHECKING:
    from memeval.results import RunResult
    from memeval.runner import Progress as RunProgress
    from memeval.runner import UpstreamSpec

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

# Domain modules (the runner, the statistics, the web stack) are imported inside each command, so
# `memeval --help` and the light commands start without them (issue 17 item 2).

EXIT_NOTHING_MEASURED = 3
"""`memeval ab` exit code: the run ended but measured nothing: no paired task was scored (every
trial faulted, or no task has a scored trial in both arms). Its last line says which."""


def _parse_env(pairs: list[str]) -> dict[str, str]:
    out = {}
    for p in pairs:
        name, eq, value = p.partition("=")
        if not name.isidentifier():
            raise UsageError(f"--env {p!r}: expected NAME=VALUE or NAME (taken from your environment)")
        if not eq:
            if name not in os.environ:
                raise UsageError(f"--env {name}: {name} is not set in your environment; use --env {name}=VALUE")
            value = os.environ[name]
        out[name] = value
    return out


def _check_url(given: str, url: str) -> None:
    """Refuse an upstream base URL the proxy cannot forward to (http or https with a host)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(
            f"{given}: the upstream URL {url!r} must be http:// or https:// with a host, e.g. https://HOST/v1"
        )


def _check_upstream_api(ctx: typer.Context, api: str, url: str | None) -> None:
    """Refuse an `--upstream-api` no provider has, or one given without the `--upstream-url` it describes.

    Raises:
        UsageError: the value is not a registered provider's name (`memeval.meter.provider_names()`;
            the message names them, and `google` for Gemini), or `--upstream-api` came without
            `--upstream-url` (it would be ignored).
    """
    from memeval.meter import provider_names

    apis = provider_names()
    if api not in apis:
        gemini = " (Gemini is google)" if "google" in apis else ""
        raise UsageError(f"--upstream-api {api!r}: use {', '.join(apis[:-1])} or {apis[-1]}{gemini}")
    if url is None and _given(ctx, "upstream_api"):
        raise UsageError(
            f"--upstream-api {api} names the API of --upstream-url: add --upstream-url BASE_URL, "
            f"or give both as --upstream api={api},url=BASE_URL"
        )


def _parse_upstreams(values: list[str]) -> list[UpstreamSpec]:
    """`--upstream api=...,url=...[,key_env=...]` values, at most one per API."""
    from memeval.meter import provider_names
    from memeval.runner import UpstreamSpec

    apis = provider_names()
    out: list[UpstreamSpec] = []
    for v in values:
        fields = dict(part.partition("=")[::2] for part in v.split(",") if part.strip())
        fields = {k.strip(): val.strip() for k, val in fields.items()}
        unknown = set(fields) - {"api", "url", "key_env"}
        if unknown or not fields.get("url") or fields.get("api") not in apis:
            raise UsageError(
                f"--upstream {v!r}: expected api={'|'.join(apis)},url=BASE_URL[,key_env=VAR]"
                + (f" (unknown field(s): {', '.join(sorted(unknown))})" if unknown else "")
            )
        _check_url(f"--upstream {v!r}", fields["url"])
        if any(u.api == fields["api"] for u in out):
            raise UsageError(f"--upstream {v!r}: a second {fields['api']} upstream; give one per API")
        out.append(UpstreamSpec(api=fields["api"], base_url=fields["url"], key_env=fields.get("key_env") or None))
    return out


@app.command()
@translate_errors
def ab(
    ctx: typer.Context,
    tasks: Annotated[
        Path,
        typer.Argument(help="A folder of Harbor-layout tasks, one task folder, or a team folder with memeval.toml."),
    ],
    agent: Annotated[
        str | None,
        typer.Option(
            help="oracle, nop, command (with --agent-cmd), a preset (claude-code, codex, aider, gemini-cli, "
            "opencode: the tool must be installed; its own usage report is kept as a claim), or a path to an "
            "agent.toml. Default: [ab].agent of a team folder's memeval.toml."
        ),
    ] = None,
    agent_cmd: Annotated[
        str | None,
        typer.Option(
            help="The command line for --agent command; with a preset, the executable run in place of the "
            "tool's binary (the preset's arguments follow it)."
        ),
    ] = None,
    instruction_via: Annotated[
        str, typer.Option(help="How --agent command gets the instruction: file, stdin or arg.")
    ] = "file",
    pack: Annotated[
        Path | None,
        typer.Option(
            help="The memory pack (memeval.pack/1 JSON); default: [ab].pack of memeval.toml. Without either "
            "both arms are cold: an A/A run."
        ),
    ] = None,
    slice_: Annotated[
        list[str] | None,
        typer.Option("--slice", help="Give only these pack item ids (repeatable). Default: the whole pack."),
    ] = None,
    repeats: Annotated[
        int | None,
        typer.Option(help="Trials per task and mode (default: [ab].repeats of memeval.toml, else 1).", min=1),
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--tasks", help="Run only these task ids (repeatable; default: every task).")
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(help="Model name handed to the agent as MEMEVAL_MODEL (default: [ab].model of memeval.toml)."),
    ] = None,
    upstream_url: Annotated[
        str | None,
        typer.Option(
            help="The provider's base URL the metering proxy forwards to (default: [ab.upstream] of memeval.toml)."
        ),
    ] = None,
    upstream_key_env: Annotated[
        str | None, typer.Option(help="Environment variable holding the provider key (stays in the proxy).")
    ] = None,
    upstream_api: Annotated[
        str,
        typer.Option(
            help="The API --upstream-url speaks: openai (also OpenAI-compatible servers), anthropic, or google "
            "for Gemini (base URL https://generativelanguage.googleapis.com, no /v1). For several providers at "
            "once use --upstream api=NAME,url=URL instead."
        ),
    ] = "openai",
    upstreams: Annotated[
        list[str] | None,
        typer.Option(
            "--upstream",
            help="Where the proxy forwards model calls; repeatable, one per API. Written as comma-separated "
            "key=value pairs without spaces: api (openai, anthropic or google), url (the base URL: OpenAI's "
            "ends in /v1, Anthropic's and Google's do not, e.g. https://generativelanguage.googleapis.com) and "
            "optionally key_env (the variable holding the real key).",
        ),
    ] = None,
    prices: Annotated[
        Path | None,
        typer.Option(help="A price file (TOML) for models genai-prices does not know (default: memeval.toml's)."),
    ] = None,
    network: Annotated[
        str, typer.Option(help="proxy: the agent reaches only the metering proxy (default); none: no network.")
    ] = "proxy",
    retain: Annotated[str, typer.Option(help="Keep trial worlds: failed (default), always, never.")] = "failed",
    agent_timeout: Annotated[
        float | None,
        typer.Option(help="Agent turn budget in seconds (default: the task's).", min=0.001, max=MAX_SECONDS),
    ] = None,
    verifier_timeout: Annotated[
        float | None, typer.Option(help="Verifier budget in seconds (default: the task's).", min=0.001, max=MAX_SECONDS)
    ] = None,
    budget_usd: Annotated[
        float | None,
        typer.Option(help="Spend limit per trial in USD; reaching it is a budget fault (default: no limit).", min=0.0),
    ] = None,
    run_budget_usd: Annotated[
        float | None,
        typer.Option(
            help="Spend limit for the whole run in USD (known spend: priced calls only). Once reached, further "
            "calls are refused (that trial ends with a budget fault) and no further trial starts: the rest are "
            "reported not run and the run ends cancelled; resume with a higher limit to go on. Default: no limit.",
            min=0,
        ),
    ] = None,
    retries: Annotated[
        int, typer.Option(help="Retry faulted trials the policy retries, up to N more attempts.", min=0)
    ] = 0,
    reward_key: Annotated[
        str | None,
        typer.Option(
            help="The reward.json key that counts (recorded on the run card). Default, as Harbor: the only "
            "number, or the one called `reward`."
        ),
    ] = None,
    env: Annotated[
        list[str] | None,
        typer.Option(help="NAME=VALUE (or NAME) for the agent (repeatable); pinned by hash, never stored."),
    ] = None,
    tamper: Annotated[
        str,
        typer.Option(
            help="Files the agent left that can steer the verifier (a module named like pytest or the "
            "standard library, a plugin entry point, conftest.py, a .pth, a command on PATH, test-runner "
            "configuration) are always recorded as tamper findings. flag (default): the score stands and the "
            "findings are shown; fail: a trial with findings is scored failed, the findings its reason.",
        ),
    ] = "flag",
    index_url: Annotated[
        str | None,
        typer.Option(
            "--index-url",
            envvar="MEMEVAL_INDEX_URL",
            help="After the run, add it to this run index (a SQLAlchemy URL; a team's shared PostgreSQL lets "
            "everyone list everyone's runs with `memeval runs --from-index --index-url URL`).",
        ),
    ] = None,
    keep_bodies: Annotated[
        bool,
        typer.Option(
            help="Keep every model call's request and response bodies (redacted, keys never) with its trial, "
            "for the viewer's conversation; --no-keep-bodies for teams that may not keep prompts."
        ),
    ] = True,
    default_storage_mb: Annotated[
        str,
        typer.Option(
            help="MiB a task's world may grow by in all when its task.toml names no storage_mb (files stay at most "
            "1024 MiB each); 0 for no total. Recorded on the run card; a resume keeps the run's own.",
            metavar="MIB",
        ),
    ] = "10240",  # memeval.sandbox._limits.DEFAULT_STORAGE_MB (a literal: the CLI imports no sandbox code to start)
    default_memory_mb: Annotated[
        str,
        typer.Option(
            help="MiB of memory for a task whose task.toml names no memory_mb, held by a cgroup (not applied where "
            "limits fall back to rlimits; the run card says so); 0 for none. Recorded on the run card.",
            metavar="MIB",
        ),
    ] = "2048",  # memeval.sandbox._limits.DEFAULT_MEMORY_MB
    resume: Annotated[str | None, typer.Option(help="Go on with an interrupted run (its id or folder).")] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the statistics (permutation and bootstrap).", min=0, max=2**32 - 1)
    ] = 20240601,
    runs_dir: RunsDir = Path("runs"),
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the run's id, every trial, the table and the verdict as JSON.")
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress output.")] = False,
    concurrency: Annotated[
        int | None,
        typer.Option(
            help="Trials run at once (default: twice the cores, at most 8; see README). Both arms of a task "
            "and repeat are started together.",
            min=1,
        ),
    ] = None,
    executor: Annotated[
        str | None,
        typer.Option(
            help="Where trials run: serial (one at a time), local (a pool on this machine; the default when "
            "--concurrency is above 1) or ray (a Ray cluster; needs memeval[ray]).",
        ),
    ] = None,
    ray_address: Annotated[
        str | None,
        typer.Option(help="With --executor ray: the cluster to join (host:port; default RAY_ADDRESS, else local)."),
    ] = None,
    until_decided: Annotated[
        bool,
        typer.Option(
            "--until-decided",
            help="Run in rounds (one more repeat of every task in both arms per round) and stop as soon as a "
            "sequential test decides better or worse, or finds the difference too small to find within "
            "--max-repeats. False better/worse stays at or under 5% whatever round it stops at (see README).",
        ),
    ] = False,
    max_repeats: Annotated[
        int, typer.Option(help="With --until-decided: the most rounds (repeats per task and arm).", min=1, max=50)
    ] = 5,
    spending: Annotated[
        str,
        typer.Option(
            help="With --until-decided: alpha spending, hsd (Hwang-Shih-DeCani, the default), pocock or obrien-fleming."
        ),
    ] = "hsd",
    spending_gamma: Annotated[
        float,
        typer.Option(
            help="With --spending hsd: the family's gamma (0 by default: alpha spent in proportion to the trials "
            "run; lower saves alpha for later looks, higher spends it earlier).",
            min=-10.0,
            max=10.0,
        ),
    ] = 0.0,
    futility_power: Annotated[
        float,
        typer.Option(
            help="With --until-decided: stop for futility once the chance of a verdict by the last round, if "
            "the current trend holds, is below this (0 never stops for futility).",
            min=0.0,
            max=0.99,
        ),
    ] = 0.20,
    futility: Annotated[
        str,
        typer.Option(
            help="With --until-decided: binding (the default: the boundaries count on the run stopping at the "
            "futility rule, which it always does) or non-binding (boundaries as if it never stopped for futility).",
        ),
    ] = "binding",
    looks_per_round: Annotated[
        int,
        typer.Option(
            help="With --until-decided: looks a round (10 by default): each round's tasks, in sorted id order, "
            "run in this many groups with a look after each (1 looks only after whole rounds; at most the "
            "number of tasks).",
            min=1,
            max=100,
        ),
    ] = 10,
) -> None:
    """Run every task cold (baseline) and with memory (pack); print the table and the verdict.

    Both arms run under one run card, every trial in a bubblewrap sandbox, verified by held-back
    tests after the agent's turn; tokens and cost are metered by a local proxy.

    Exit codes: 0 the run completed with at least one paired task scored; 1 the run did not
    complete (a spend limit stopped it, or an error); 2 a usage error; 3 the run completed but
    measured nothing (every trial faulted, or no task was scored in both arms), said on the last
    line; 130 interrupted.
    """
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from memeval.agents import PRESETS, resolve_agent
    from memeval.packs import load_pack
    from memeval.project import load_project
    from memeval.results import find_run, load_run
    from memeval.runner import (
        AbOptions,
        UpstreamSpec,
        check_resume,
        default_concurrency,
        execute,
        executor_for,
        planned_default_limits,
        planned_selection,
        start_run,
    )
    from memeval.sandbox import DefaultLimits
    from memeval.stats import default_sequential_design
    from memeval.tasks import load_task_set

    if instruction_via not in ("file", "stdin", "arg"):
        raise UsageError(f"--instruction-via {instruction_via!r}: use file, stdin or arg")
    if network not in ("proxy", "none"):
        raise UsageError(f"--network {network!r}: use proxy or none")
    if tamper not in ("flag", "fail"):
        raise UsageError(f"--tamper {tamper!r}: use flag or fail")
    if retain not in ("failed", "always", "never"):
        raise UsageError(f"--retain {retain!r}: use failed, always or never")
    _check_upstream_api(ctx, upstream_api, upstream_url)
    for flag, value in (
        ("--agent-cmd", agent_cmd),
        ("--model", model),
        ("--reward-key", reward_key),
        ("--upstream-key-env", upstream_key_env),
    ):
        if value is not None and not value.strip():
            raise UsageError(f"{flag} {value!r}: give a value, or leave {flag} out for its default")
    if not tasks.exists():
        raise UsageError(f"task set {str(tasks)!r} does not exist: pass a folder of Harbor tasks or a team folder")
    if not tasks.is_dir():
        raise UsageError(f"{str(tasks)!r} is a file; pass a folder of Harbor tasks, one task folder or a team folder")
    if ray_address and executor != "ray":
        raise UsageError("--ray-address is for --executor ray; add --executor ray or drop --ray-address")
    if index_url:
        from memeval.audit import db_url

        db_url(index_url, "--index-url")  # a bad URL is refused before the run, not after it
    storage_default = _default_mb("--default-storage-mb", default_storage_mb)
    memory_default = _default_mb("--default-memory-mb", default_memory_mb)
    if spending not in ("hsd", "pocock", "obrien-fleming"):
        raise UsageError(f"--spending {spending!r}: use hsd, pocock or obrien-fleming")
    if futility not in ("binding", "non-binding"):
        raise UsageError(f"--futility {futility!r}: use binding or non-binding")
    if not until_decided:
        names = ("max_repeats", "spending", "spending_gamma", "futility_power", "futility", "looks_per_round")
        given = [f"--{n.replace('_', '-')}" for n in names if _given(ctx, n)]
        if given:
            raise UsageError(
                f"{' and '.join(given)} only apply with --until-decided: add --until-decided to run in rounds "
                f"until a verdict, or drop {' and '.join(given)} (a fixed-size run takes --repeats N)"
            )
    if until_decided and repeats is not None and repeats != max_repeats:
        raise UsageError(
            f"--repeats {repeats} with --until-decided: the rounds are set by --max-repeats ({max_repeats}); "
            "drop --repeats"
        )
    n_at_once = concurrency or (1 if executor == "serial" else default_concurrency())
    if resume and (not only or (repeats is None and not until_decided)):
        # Not given again: the run's own plan (the interrupt's hint names neither).
        planned_ids, planned_repeats = planned_selection(find_run(resume, runs_dir))
        only = only or list(planned_ids)
        repeats = repeats if repeats is not None or until_decided else planned_repeats
    proj = load_project(tasks)
    task_path = proj.tasks if proj else tasks
    task_set = load_task_set(task_path, only)  # a folder with no task is said before a missing agent
    agent = agent or (proj.agent if proj else None)
    if agent is None:
        raise UsageError(
            "no agent: pass --agent oracle|nop|command|PATH/agent.toml (or set [ab].agent in memeval.toml)"
        )
    if agent_cmd is not None and agent != "command" and agent not in PRESETS:
        raise UsageError(
            f"--agent-cmd is for --agent command (or a preset), but the agent is {agent!r}: add --agent command "
            "to run that command line, or drop --agent-cmd"
        )
    pack_path = pack or (proj.pack if proj else None)
    if slice_ and pack_path is None:
        raise UsageError(
            f"--slice {' '.join(slice_)}: a slice is taken from a pack; add --pack PACK.json (or drop --slice)"
        )
    extra = _parse_upstreams(upstreams or [])
    upstream = None
    if upstream_url:
        _check_url(f"--upstream-url {upstream_url!r}", upstream_url)
        upstream = UpstreamSpec(api=upstream_api, base_url=upstream_url, key_env=upstream_key_env)
    elif proj and proj.upstream and not extra:
        u = proj.upstream
        upstream = UpstreamSpec(
            api=u.api,
            base_url=u.base_url,
            key_env=u.key_env,
            command=tuple(u.command) if u.command else None,
            cwd=tasks.resolve(),
        )
    opts = AbOptions(
        task_set=task_set,
        agent=resolve_agent(agent, agent_cmd, instruction_via, model or (proj.model if proj else None)),  # type: ignore[arg-type]  # a str checked against the Literal's values above
        pack=load_pack(pack_path) if pack_path else None,
        slice_ids=slice_ or None,
        repeats=max_repeats if until_decided else (repeats or (proj.repeats if proj and proj.repeats else 1)),
        model=model or (proj.model if proj else None),
        upstream=upstream,
        extra_upstreams=tuple(extra),
        prices_file=prices or (proj.prices if proj else None),
        network=network,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        retain=retain,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        agent_timeout_s=agent_timeout,
        verifier_timeout_s=verifier_timeout,
        budget_usd=budget_usd,
        run_budget_usd=run_budget_usd,
        retries=retries,
        reward_key=reward_key,
        extra_env=_parse_env(env or []),
        runs_dir=runs_dir.resolve(),  # sandboxes start in other folders: keep every path absolute
        seed=seed,
        tamper=tamper,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        concurrency=n_at_once,
        executor=executor_for(executor, n_at_once),
        ray_address=ray_address,
        sequential=(
            default_sequential_design(
                max_repeats,
                spending="obrien_fleming" if spending == "obrien-fleming" else spending,
                gamma=spending_gamma,
                futility_power=futility_power,
                futility=futility.replace("-", "_"),
                looks_per_round=looks_per_round,
                seed=seed,
            )
            if until_decided
            else None
        ),
        keep_bodies=keep_bodies,
        default_limits=(
            planned_default_limits(find_run(resume, runs_dir))
            if resume and not _given(ctx, "default_storage_mb") and not _given(ctx, "default_memory_mb")
            else DefaultLimits(storage_mb=storage_default, memory_mb=memory_default)
        ),
    )
    if opts.prices_file is not None:  # a bad price file is a usage error before any run folder is made
        from memeval.meter import load_user_prices

        load_user_prices(opts.prices_file)
    if resume:
        run_dir = find_run(resume, runs_dir)
        check_resume(run_dir, opts)
    else:
        run_dir = start_run(opts)
    err = Console(stderr=True)
    show = not quiet and sys.stderr.isatty()
    if not quiet:
        err.print(
            f"memeval: run {run_dir.name}: {len(opts.task_set.tasks)} tasks x 2 modes x {opts.repeats} "
            f"repeat(s), agent {opts.agent.name}, {opts.concurrency} at once ({opts.executor})\n  folder {run_dir}"
        )
    status = "completed"
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not show,
    ) as bar:
        job = bar.add_task("trials", total=len(opts.task_set.tasks) * 2 * opts.repeats)

        def on_progress(p: RunProgress) -> None:
            running = f"{len(p.running)} running" + (f": {', '.join(p.running[:3])}" if p.running else "")
            bar.update(job, completed=p.done, description=running + (", ..." if len(p.running) > 3 else ""))
            if not show and not quiet and p.kind == "ended":
                err.print(f"  [{p.done}/{p.total}] {p.trial_id}: {p.assessment} ({len(p.running)} running)")

        try:
            status = execute(run_dir, opts, on_progress)
        except KeyboardInterrupt:
            import shlex

            from memeval.formatting import run_ref

            # One line however narrow the terminal, nothing coloured inside: the command is copied.
            err.print(
                f"interrupted: go on with `memeval ab {shlex.quote(str(tasks))} --resume {run_ref(run_dir)}`",
                soft_wrap=True,
                highlight=False,
                markup=False,
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
    run = load_run(run_dir)
    if index_url:
        from memeval.audit import db_url
        from memeval.results import index_runs

        url = db_url(index_url, "--index-url")
        index_runs(run_dir, url)
        if not quiet:
            err.print(f"memeval: run {run_dir.name} added to the run index ({url.split(':', 1)[0]})")
    if as_json:
        doc = {
            "schema": "memeval.ab/1",
            "schema_version": 1,
            "run_id": run.result.run_id,
            "status": run.result.status,
            "run_dir": str(run_dir),
            "trials": [t.model_dump(mode="json", by_alias=True) for t in run.result.trials],
            "table": [r.model_dump(mode="json") for r in run.result.table],
            "verdict": run.result.verdict.model_dump(mode="json") if run.result.verdict is not None else None,
            "run_card": run.result.run_card.as_logged(),
            "coverage": run.result.coverage.model_dump(),
            "sequential": (
                run.result.sequential.model_dump(mode="json") if run.result.sequential is not None else None
            ),
        }
        typer.echo(json.dumps(doc, indent=2, sort_keys=True))
    else:
        from memeval.cli._render import render_ab

        render_ab(run.result, out_console(), str(run_dir))
    if status != "completed":
        raise typer.Exit(EXIT_FAILURE)
    nothing = _nothing_measured(run.result)
    if nothing:
        line = f"memeval: run {run.result.run_id} measured nothing: {nothing} (exit {EXIT_NOTHING_MEASURED})"
        typer.echo(line, err=as_json)  # the last line of the output (stderr under --json)
        raise typer.Exit(EXIT_NOTHING_MEASURED)


def _nothing_measured(result: RunResult) -> str:
    """Why a completed run measured nothing (every trial faulted; no paired task scored), or ''."""
    trials = result.trials
    if trials and all(t.fault is not None for t in trials):
        codes = sorted({t.fault.code for t in trials if t.fault is not None})
        return f"every trial faulted ({len(trials)} trials: {', '.join(codes)})"
    if result.verdict is None or not result.verdict.n_tasks_paired:
        return "no paired task was scored (no task has a scored trial in both arms)"
    return ""


def _default_mb(flag: str, value: str) -> int:
    """A `--default-*-mb` value: a whole number of MiB, 0 or more (at most 1 PiB).

    Raises:
        UsageError: anything else, naming the flag and the value.
    """
    s = value.strip()
    if not s.isascii() or not s.isdigit() or int(s) > 1 << 30:
        raise UsageError(f"{flag} {value!r}: give a whole number of MiB, 0 or more (0: no default)")
    return int(s)


def _given(ctx: typer.Context, name: str) -> bool:
    """Whether the option `name` was given (on the command line or by its variable), not defaulted."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")

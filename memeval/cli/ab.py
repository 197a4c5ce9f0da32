"""`memeval ab`: run a task set cold and with memory, then print the table and the verdict.

The command in three steps, each in its own module: `_ab_checks.ab_options` checks the options and
builds the runner's (`AbOptions`), the run is planned or resumed here, and `_ab_run` runs the
trials with their progress and prints the result. The options themselves are declared in
`_ab_params`. `memeval replay` and `memeval results`, which read a run's record, live in `record.py`.
"""

from __future__ import annotations

from pathlib import Path

import typer

from memeval.cli._ab_params import (
    AgentCmdOpt,
    AgentOpt,
    AgentTimeoutOpt,
    ArmsOpt,
    AsJsonOpt,
    BudgetUsdOpt,
    ConcurrencyOpt,
    DefaultMemoryMbOpt,
    DefaultStorageMbOpt,
    EnvOpt,
    ExecutorOpt,
    FutilityOpt,
    FutilityPowerOpt,
    IndexUrlOpt,
    InstructionViaOpt,
    KeepBodiesOpt,
    LooksPerRoundOpt,
    MaxRepeatsOpt,
    ModelOpt,
    NetworkOpt,
    OnlyOpt,
    PackOpt,
    PricesOpt,
    QuietOpt,
    RayAddressOpt,
    RepeatsOpt,
    ResumeOpt,
    RetainOpt,
    RetriesOpt,
    RewardKeyOpt,
    RunBudgetUsdOpt,
    SeedOpt,
    SliceOpt,
    SpendingGammaOpt,
    SpendingOpt,
    TamperOpt,
    TasksArg,
    UntilDecidedOpt,
    UpstreamApiOpt,
    UpstreamKeyEnvOpt,
    UpstreamsOpt,
    UpstreamUrlOpt,
    VerifierTimeoutOpt,
)
from memeval.cli._options import RunsDir
from memeval.cli.app import EXIT_INTERRUPTED, command_app, translate_errors
from memeval.sigint import sigterm_as_interrupt

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

# Domain modules (the runner, the statistics, the web stack) are imported inside each command, so
# `memeval --help` and the light commands start without them (issue 17 item 2).


@app.command()
@translate_errors
def ab(
    ctx: typer.Context,
    tasks: TasksArg,
    agent: AgentOpt = None,
    agent_cmd: AgentCmdOpt = None,
    instruction_via: InstructionViaOpt = "file",
    pack: PackOpt = None,
    slice_: SliceOpt = None,
    repeats: RepeatsOpt = None,
    only: OnlyOpt = None,
    model: ModelOpt = None,
    upstream_url: UpstreamUrlOpt = None,
    upstream_key_env: UpstreamKeyEnvOpt = None,
    upstream_api: UpstreamApiOpt = "openai",
    upstreams: UpstreamsOpt = None,
    prices: PricesOpt = None,
    network: NetworkOpt = "proxy",
    retain: RetainOpt = "failed",
    agent_timeout: AgentTimeoutOpt = None,
    verifier_timeout: VerifierTimeoutOpt = None,
    budget_usd: BudgetUsdOpt = None,
    run_budget_usd: RunBudgetUsdOpt = None,
    retries: RetriesOpt = 0,
    reward_key: RewardKeyOpt = None,
    env: EnvOpt = None,
    tamper: TamperOpt = "flag",
    index_url: IndexUrlOpt = None,
    keep_bodies: KeepBodiesOpt = True,
    # The two defaults are memeval.sandbox._limits' DEFAULT_STORAGE_MB and DEFAULT_MEMORY_MB, written as
    # literals: the CLI imports no sandbox code to start (a test checks they agree).
    default_storage_mb: DefaultStorageMbOpt = "10240",
    default_memory_mb: DefaultMemoryMbOpt = "2048",
    resume: ResumeOpt = None,
    seed: SeedOpt = 20240601,
    runs_dir: RunsDir = Path("runs"),
    as_json: AsJsonOpt = False,
    quiet: QuietOpt = False,
    concurrency: ConcurrencyOpt = None,
    executor: ExecutorOpt = None,
    ray_address: RayAddressOpt = None,
    until_decided: UntilDecidedOpt = False,
    max_repeats: MaxRepeatsOpt = 5,
    spending: SpendingOpt = "hsd",
    spending_gamma: SpendingGammaOpt = 0.0,
    futility_power: FutilityPowerOpt = 0.20,
    futility: FutilityOpt = "binding",
    looks_per_round: LooksPerRoundOpt = 10,
    arms: ArmsOpt = "both",
) -> None:
    """Run every task cold (baseline) and with memory (pack); print the table and the verdict.

    Both arms run under one run card, every trial in a bubblewrap sandbox, verified by held-back
    tests after the agent's turn; tokens and cost are metered by a local proxy.

    Exit codes: 0 the run completed with at least one paired task scored; 1 the run did not
    complete (a spend limit stopped it, or an error); 2 a usage error; 3 the run completed but
    measured nothing (every trial faulted, or no task was scored in both arms), said on the last
    line; 130 interrupted.
    """
    # README: SIGTERM stops a run as ^C does, from the command's first step (`_session` holds it too)
    with sigterm_as_interrupt():
        from memeval.cli._ab_checks import AbArgs, ab_options
        from memeval.cli._ab_run import (
            check_resume_as_started,
            print_interrupted,
            record_start,
            report_run,
            resume_hint,
            run_trials,
        )
        from memeval.cli._find import locate_run
        from memeval.runner import start_run

        args = AbArgs(
            tasks=tasks,
            agent=agent,
            agent_cmd=agent_cmd,
            instruction_via=instruction_via,
            pack=pack,
            slice_=slice_,
            repeats=repeats,
            only=only,
            model=model,
            upstream_url=upstream_url,
            upstream_key_env=upstream_key_env,
            upstream_api=upstream_api,
            upstreams=upstreams,
            prices=prices,
            network=network,
            retain=retain,
            agent_timeout=agent_timeout,
            verifier_timeout=verifier_timeout,
            budget_usd=budget_usd,
            run_budget_usd=run_budget_usd,
            retries=retries,
            reward_key=reward_key,
            env=env,
            tamper=tamper,
            index_url=index_url,
            keep_bodies=keep_bodies,
            default_storage_mb=default_storage_mb,
            default_memory_mb=default_memory_mb,
            resume=resume,
            seed=seed,
            runs_dir=runs_dir,
            as_json=as_json,
            quiet=quiet,
            concurrency=concurrency,
            executor=executor,
            ray_address=ray_address,
            until_decided=until_decided,
            max_repeats=max_repeats,
            spending=spending,
            spending_gamma=spending_gamma,
            futility_power=futility_power,
            futility=futility,
            looks_per_round=looks_per_round,
            arms=arms,
        )
        opts = ab_options(ctx, args)
        if index_url:  # a server that cannot be reached is named now, not after the run has been paid for
            from memeval.audit import db_url
            from memeval.results import check_index

            check_index(db_url(index_url, "--index-url"))
        if resume:
            run_dir = locate_run(resume, runs_dir).resolve()  # as start_run's: absolute, the same in every message
            check_resume_as_started(run_dir, opts)
        else:
            run_dir = start_run(opts)
        record_start(ctx, run_dir)
        try:
            status = run_trials(run_dir, opts, quiet=quiet, hint=resume_hint(ctx, run_dir))
        except typer.Exit as stop:
            if as_json and stop.exit_code == EXIT_INTERRUPTED:
                print_interrupted(run_dir)
            raise
        report_run(run_dir, status, as_json=as_json, quiet=quiet, index_url=index_url)

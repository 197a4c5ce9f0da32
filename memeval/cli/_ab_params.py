"""The options of `memeval ab`, declared once: each one's type, flag, bounds and help text.

`ab.py` writes its signature from these (`agent: AgentOpt = None`); the defaults stay there, where
`memeval ab --help` and a reader of the command find them. Only typer is imported here, so
`memeval ab --help` starts without the runner.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memeval.types import MAX_SECONDS

TasksArg = Annotated[
    Path,
    typer.Argument(help="A folder of Harbor-layout tasks, one task folder, or a team folder with memeval.toml."),
]

AgentOpt = Annotated[
    str | None,
    typer.Option(
        help="oracle, nop, command (with --agent-cmd), a preset (claude-code, codex, aider, gemini-cli, "
        "opencode: the tool must be installed; its own usage report is kept as a claim), or a path to an "
        "agent.toml. Default: [ab].agent of a team folder's memeval.toml."
    ),
]

AgentCmdOpt = Annotated[
    str | None,
    typer.Option(
        help="The command line for --agent command; with a preset, the executable run in place of the "
        "tool's binary (the preset's arguments follow it)."
    ),
]

InstructionViaOpt = Annotated[str, typer.Option(help="How --agent command gets the instruction: file, stdin or arg.")]

PackOpt = Annotated[
    Path | None,
    typer.Option(
        help="The memory pack (memeval.pack/1 JSON); default: [ab].pack of memeval.toml. Without either "
        "both arms are cold: an A/A run."
    ),
]

SliceOpt = Annotated[
    list[str] | None,
    typer.Option("--slice", help="Give only these pack item ids (repeatable). Default: the whole pack."),
]

RepeatsOpt = Annotated[
    int | None,
    typer.Option(help="Trials per task and mode (default: [ab].repeats of memeval.toml, else 1).", min=1),
]

ArmsOpt = Annotated[
    str,
    typer.Option(
        "--arms",
        help="both (default): every task cold (baseline) and with memory (pack), then the paired verdict; "
        "baseline or pack: that arm alone, for what needs one arm (checking tasks, a verifier, an agent). A "
        "one-arm run says so on its run card (modes) and in its output, and computes no verdict (none is printed; "
        "`verdict` is null in --json); it exits 0 once a trial is scored. --resume keeps the run's arms. Not "
        "with --until-decided.",
    ),
]

OnlyOpt = Annotated[
    list[str] | None, typer.Option("--tasks", help="Run only these task ids (repeatable; default: every task).")
]

ModelOpt = Annotated[
    str | None,
    typer.Option(help="Model name handed to the agent as MEMEVAL_MODEL (default: [ab].model of memeval.toml)."),
]

UpstreamUrlOpt = Annotated[
    str | None,
    typer.Option(
        help="The provider's base URL the metering proxy forwards to (default: [ab.upstream] of memeval.toml)."
    ),
]

UpstreamKeyEnvOpt = Annotated[
    str | None, typer.Option(help="Environment variable holding the provider key (stays in the proxy).")
]

UpstreamApiOpt = Annotated[
    str,
    typer.Option(
        help="The API --upstream-url speaks: openai (also OpenAI-compatible servers), anthropic, or google "
        "for Gemini (base URL https://generativelanguage.googleapis.com, no /v1). For several providers at "
        "once use --upstream api=NAME,url=URL instead."
    ),
]

UpstreamsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--upstream",
        help="Where the proxy forwards model calls; repeatable, one per API. Written as comma-separated "
        "key=value pairs without spaces: api (openai, anthropic or google), url (the base URL: OpenAI's "
        "ends in /v1, Anthropic's and Google's do not, e.g. https://generativelanguage.googleapis.com) and "
        "optionally key_env (the variable holding the real key).",
    ),
]

PricesOpt = Annotated[
    Path | None,
    typer.Option(help="A price file (TOML) for models genai-prices does not know (default: memeval.toml's)."),
]

NetworkOpt = Annotated[
    str, typer.Option(help="proxy: the agent reaches only the metering proxy (default); none: no network.")
]

RetainOpt = Annotated[str, typer.Option(help="Keep trial worlds: failed (default), always, never.")]

AgentTimeoutOpt = Annotated[
    float | None,
    typer.Option(help="Agent turn budget in seconds (default: the task's).", min=0.001, max=MAX_SECONDS),
]

VerifierTimeoutOpt = Annotated[
    float | None, typer.Option(help="Verifier budget in seconds (default: the task's).", min=0.001, max=MAX_SECONDS)
]

MAX_USD = 1e9
"""Largest spend limit a command line takes: click's `min=0` let `inf` through (a limit no spend reaches, which JSON
cannot hold); a finite bound refuses it, and `nan`, with the option's own message."""

BudgetUsdOpt = Annotated[
    float | None,
    typer.Option(
        help="Spend limit per trial in USD; reaching it is a budget fault (default: no limit).", min=0.0, max=MAX_USD
    ),
]

RunBudgetUsdOpt = Annotated[
    float | None,
    typer.Option(
        help="Spend limit for the whole run in USD (known spend: priced calls only). Once reached, further "
        "calls are refused (that trial ends with a budget fault) and no further trial starts: the rest are "
        "reported not run and the run ends cancelled; resume with a higher limit to go on. Default: no limit.",
        min=0,
        max=MAX_USD,
    ),
]

RetriesOpt = Annotated[int, typer.Option(help="Retry faulted trials the policy retries, up to N more attempts.", min=0)]

RewardKeyOpt = Annotated[
    str | None,
    typer.Option(
        help="The reward.json key that counts (recorded on the run card). Default, as Harbor: the only "
        "number, or the one called `reward`."
    ),
]

EnvOpt = Annotated[
    list[str] | None,
    typer.Option(help="NAME=VALUE (or NAME) for the agent (repeatable); pinned by hash, never stored."),
]

TamperOpt = Annotated[
    str,
    typer.Option(
        help="Files the agent left that can steer the verifier (a module named like pytest or the "
        "standard library, a plugin entry point, conftest.py, a .pth, a command on PATH, test-runner "
        "configuration) are always recorded as tamper findings. flag (default): the score stands and the "
        "findings are shown; fail: a trial with findings is scored failed, the findings its reason.",
    ),
]

IndexUrlOpt = Annotated[
    str | None,
    typer.Option(
        "--index-url",
        envvar="MEMEVAL_INDEX_URL",
        help="After the run, add it to this run index (a SQLAlchemy URL; a team's shared PostgreSQL lets "
        "everyone list everyone's runs with `memeval runs --from-index --index-url URL`). With MEMEVAL_INDEX_URL "
        "set, every run is added to that index.",
    ),
]

KeepBodiesOpt = Annotated[
    bool,
    typer.Option(
        help="Keep every model call's request and response bodies (redacted, keys never) with its trial, "
        "for the viewer's conversation; --no-keep-bodies for teams that may not keep prompts."
    ),
]

DefaultStorageMbOpt = Annotated[
    str,
    typer.Option(
        help="MiB a task's world may grow by in all when its task.toml names no storage_mb (files stay at most "
        "1024 MiB each); 0 for no total. Recorded on the run card; a resume keeps the run's own.",
        metavar="MIB",
    ),
]

DefaultMemoryMbOpt = Annotated[
    str,
    typer.Option(
        help="MiB of memory for a task whose task.toml names no memory_mb, held by a cgroup (not applied where "
        "limits fall back to rlimits; the run card says so); 0 for none. Recorded on the run card.",
        metavar="MIB",
    ),
]

ResumeOpt = Annotated[str | None, typer.Option(help="Go on with an interrupted run (its id or folder).")]

SeedOpt = Annotated[int, typer.Option(help="Seed of the statistics (permutation and bootstrap).", min=0, max=2**32 - 1)]

AsJsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the run's id, every trial, the table and the verdict as JSON.")
]

QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress output.")]

ConcurrencyOpt = Annotated[
    int | None,
    typer.Option(
        help="Trials run at once (default: twice the cores, at most 8; see README). Both arms of a task "
        "and repeat are started together.",
        min=1,
    ),
]

ExecutorOpt = Annotated[
    str | None,
    typer.Option(
        help="Where trials run: serial (one at a time), local (a pool on this machine; the default when "
        "--concurrency is above 1) or ray (a Ray cluster; needs memeval[ray]).",
    ),
]

RayAddressOpt = Annotated[
    str | None,
    typer.Option(help="With --executor ray: the cluster to join (host:port; default RAY_ADDRESS, else local)."),
]

UntilDecidedOpt = Annotated[
    bool,
    typer.Option(
        "--until-decided",
        help="Run in rounds (one more repeat of every task in both arms per round) and stop as soon as a "
        "sequential test decides better or worse, or finds the difference too small to find within "
        "--max-repeats. False better/worse stays at or under 5% whatever round it stops at (see README).",
    ),
]

MaxRepeatsOpt = Annotated[
    int, typer.Option(help="With --until-decided: the most rounds (repeats per task and arm).", min=1, max=50)
]

SpendingOpt = Annotated[
    str,
    typer.Option(
        help="With --until-decided: alpha spending, hsd (Hwang-Shih-DeCani, the default), pocock or obrien-fleming."
    ),
]

SpendingGammaOpt = Annotated[
    float,
    typer.Option(
        help="With --spending hsd: the family's gamma (0 by default: alpha spent in proportion to the trials "
        "run; lower saves alpha for later looks, higher spends it earlier).",
        min=-10.0,
        max=10.0,
    ),
]

FutilityPowerOpt = Annotated[
    float,
    typer.Option(
        help="With --until-decided: stop for futility once the chance of a verdict by the last round, if "
        "the current trend holds, is below this (0 never stops for futility).",
        min=0.0,
        max=0.99,
    ),
]

FutilityOpt = Annotated[
    str,
    typer.Option(
        help="With --until-decided: binding (the default: the boundaries count on the run stopping at the "
        "futility rule, which it always does) or non-binding (boundaries as if it never stopped for futility).",
    ),
]

LooksPerRoundOpt = Annotated[
    int,
    typer.Option(
        help="With --until-decided: looks a round (10 by default): each round's tasks, in sorted id order, "
        "run in this many groups with a look after each (1 looks only after whole rounds; at most the "
        "number of tasks).",
        min=1,
        max=100,
    ),
]

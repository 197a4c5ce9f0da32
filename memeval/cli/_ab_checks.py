"""Turn `memeval ab`'s options into the runner's `AbOptions`, or refuse them as a usage error.

Each value is checked before anything is run or written (`ab_options`): choices, empty values,
the task folder, option combinations (`--ray-address` without `--executor ray`, sequential options
without `--until-decided`), URLs, `--env` pairs and `--upstream` specs. Then memeval.toml's
defaults fill what was not given, and a resumed run's own plan what its hint does not repeat.
The runner, the statistics and the sandbox are imported inside `ab_options`, never at the top.
"""

from __future__ import annotations

import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from memeval.cli._options import option_given
from memeval.errors import UsageError
from memeval.formatting import choices
from memeval.types import arm_modes

if TYPE_CHECKING:
    from memeval.packs import Pack
    from memeval.runner import AbOptions, UpstreamSpec


@dataclass(frozen=True)
class AbArgs:
    """`memeval ab`'s options as the command got them, before checks and memeval.toml's defaults.

    One field per parameter of `memeval.cli.ab.ab` (its name there, e.g. `slice_` for `--slice`,
    `only` for `--tasks`); what each means is its help (`memeval.cli._ab_params`).
    """

    tasks: Path
    agent: str | None
    agent_cmd: str | None
    instruction_via: str
    pack: Path | None
    slice_: list[str] | None
    repeats: int | None
    only: list[str] | None
    model: str | None
    upstream_url: str | None
    upstream_key_env: str | None
    upstream_api: str
    upstreams: list[str] | None
    prices: Path | None
    network: str
    retain: str
    agent_timeout: float | None
    verifier_timeout: float | None
    budget_usd: float | None
    run_budget_usd: float | None
    retries: int
    reward_key: str | None
    env: list[str] | None
    tamper: str
    index_url: str | None
    keep_bodies: bool
    default_storage_mb: str
    default_memory_mb: str
    resume: str | None
    seed: int
    runs_dir: Path
    as_json: bool
    quiet: bool
    concurrency: int | None
    executor: str | None
    ray_address: str | None
    until_decided: bool
    max_repeats: int
    spending: str
    spending_gamma: float
    futility_power: float
    futility: str
    looks_per_round: int
    arms: str = "both"


def ab_options(ctx: typer.Context, a: AbArgs) -> AbOptions:
    """The runner's options for `a`, every value checked; a bad price file is refused here too.

    Args:
        ctx: the command's context (which options were given, not defaulted).
        a: the options as given.

    Returns:
        The options `memeval.runner.start_run` or `check_resume` takes.

    Raises:
        UsageError: a value, or a combination, that cannot run, with the fix; also what the loaders
            raise for a missing agent file, pack, task folder or price file.
    """
    from memeval.agents import PRESETS, resolve_agent
    from memeval.cli._find import locate_run
    from memeval.packs import load_pack
    from memeval.project import load_project
    from memeval.runner import (
        AbOptions,
        UpstreamSpec,
        default_concurrency,
        executor_for,
        planned_default_limits,
        planned_modes,
        planned_selection,
    )
    from memeval.sandbox import DefaultLimits
    from memeval.stats import default_sequential_design
    from memeval.tasks import load_task_set

    storage_default, memory_default = _refuse_bad_values(ctx, a)
    only, repeats, agent = a.only, a.repeats, a.agent
    n_at_once = a.concurrency or (1 if a.executor == "serial" else default_concurrency())
    if a.resume and (not only or (repeats is None and not a.until_decided)):
        # Not given again: the run's own plan (the interrupt's hint names neither).
        planned_ids, planned_repeats = planned_selection(locate_run(a.resume, a.runs_dir))
        only = only or list(planned_ids)
        repeats = repeats if repeats is not None or a.until_decided else planned_repeats
    # a resume keeps the run's arms unless --arms is given again (then the run card says whether it differs)
    modes = planned_modes(locate_run(a.resume, a.runs_dir)) if a.resume and not option_given(ctx, "arms") else None
    proj = load_project(a.tasks)
    task_path = proj.tasks if proj else a.tasks
    task_set = load_task_set(task_path, only)  # a folder with no task is said before a missing agent
    agent = agent or (proj.agent if proj else None)
    if agent is None:
        raise UsageError(
            f"no agent: pass --agent oracle|nop|command|{'|'.join(PRESETS)}|PATH/agent.toml "
            f"(or set [ab].agent in memeval.toml){_team_folder_above(a.tasks)}"
        )
    if a.agent_cmd is not None and agent != "command" and agent not in PRESETS:
        raise UsageError(
            f"--agent-cmd is for --agent command (or a preset), but the agent is {agent!r}: add --agent command "
            "to run that command line, or drop --agent-cmd"
        )
    pack_path = a.pack or (proj.pack if proj else None)
    if a.slice_ and pack_path is None:
        raise UsageError(
            f"--slice {' '.join(a.slice_)}: a slice is taken from a pack; add --pack PACK.json (or drop --slice)"
        )
    pack = load_pack(pack_path) if pack_path else None
    if pack is not None and pack_path is not None and a.slice_:
        _check_slice(a.slice_, pack, pack_path)
    extra = _parse_upstreams(a.upstreams or [])
    upstream = None
    if a.upstream_url:
        _check_url(f"--upstream-url {a.upstream_url!r}", a.upstream_url)
        upstream = UpstreamSpec(api=a.upstream_api, base_url=a.upstream_url, key_env=a.upstream_key_env)
    elif proj and proj.upstream and not extra:
        u = proj.upstream
        upstream = UpstreamSpec(
            api=u.api,
            base_url=u.base_url,
            key_env=u.key_env,
            command=tuple(u.command) if u.command else None,
            cwd=a.tasks.resolve(),
        )
    opts = AbOptions(
        task_set=task_set,
        agent=resolve_agent(agent, a.agent_cmd, a.instruction_via, a.model or (proj.model if proj else None)),  # type: ignore[arg-type]  # a str checked against the Literal's values above
        pack=pack,
        slice_ids=a.slice_ or None,
        repeats=a.max_repeats if a.until_decided else (repeats or (proj.repeats if proj and proj.repeats else 1)),
        model=a.model or (proj.model if proj else None),
        upstream=upstream,
        extra_upstreams=tuple(extra),
        prices_file=a.prices or (proj.prices if proj else None),
        network=a.network,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        retain=a.retain,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        agent_timeout_s=a.agent_timeout,
        verifier_timeout_s=a.verifier_timeout,
        budget_usd=a.budget_usd,
        run_budget_usd=a.run_budget_usd,
        retries=a.retries,
        reward_key=a.reward_key,
        extra_env=_parse_env(a.env or []),
        runs_dir=a.runs_dir.resolve(),  # sandboxes start in other folders: keep every path absolute
        seed=a.seed,
        tamper=a.tamper,  # type: ignore[arg-type]  # a str checked against the Literal's values above
        concurrency=n_at_once,
        executor=executor_for(a.executor, n_at_once),
        ray_address=a.ray_address,
        sequential=(
            default_sequential_design(
                a.max_repeats,
                spending="obrien_fleming" if a.spending == "obrien-fleming" else a.spending,
                gamma=a.spending_gamma,
                futility_power=a.futility_power,
                futility=a.futility.replace("-", "_"),
                looks_per_round=a.looks_per_round,
                seed=a.seed,
            )
            if a.until_decided
            else None
        ),
        keep_bodies=a.keep_bodies,
        modes=modes or arm_modes(a.arms),  # type: ignore[arg-type]  # a str checked against the Literal's values above
        default_limits=(
            planned_default_limits(locate_run(a.resume, a.runs_dir))
            if a.resume and not option_given(ctx, "default_storage_mb") and not option_given(ctx, "default_memory_mb")
            else DefaultLimits(storage_mb=storage_default, memory_mb=memory_default)
        ),
    )
    if opts.prices_file is not None:  # a bad price file is a usage error before any run folder is made
        from memeval.meter import load_user_prices

        load_user_prices(opts.prices_file)
    return opts


def _refuse_bad_values(ctx: typer.Context, a: AbArgs) -> tuple[int, int]:
    """Refuse a bad choice, an empty value, a missing task folder or a bad combination of options.

    Returns:
        The `--default-storage-mb` and `--default-memory-mb` values, in MiB.

    Raises:
        UsageError: the first problem, naming the option, the value and the fix.
    """
    if a.instruction_via not in ("file", "stdin", "arg"):
        raise UsageError(f"--instruction-via {a.instruction_via!r}: use file, stdin or arg")
    if a.network not in ("proxy", "none"):
        raise UsageError(f"--network {a.network!r}: use proxy or none")
    if a.tamper not in ("flag", "fail"):
        raise UsageError(f"--tamper {a.tamper!r}: use flag or fail")
    if a.arms not in ("both", "baseline", "pack"):
        raise UsageError(f"--arms {a.arms!r}: use both, baseline or pack")
    if a.arms != "both" and a.until_decided:
        raise UsageError(
            f"--arms {a.arms} with --until-decided: rounds run until the paired verdict decides, and a one-arm run "
            "has none; drop --until-decided (a fixed-size run takes --repeats N) or run both arms"
        )
    if a.retain not in ("failed", "always", "never"):
        raise UsageError(f"--retain {a.retain!r}: use failed, always or never")
    _check_upstream_api(ctx, a.upstream_api, a.upstream_url)
    for flag, value in (
        ("--agent-cmd", a.agent_cmd),
        ("--model", a.model),
        ("--reward-key", a.reward_key),
        ("--upstream-key-env", a.upstream_key_env),
    ):
        if value is not None and not value.strip():
            raise UsageError(f"{flag} {value!r}: give a value, or leave {flag} out for its default")
    if not a.tasks.is_dir():  # said as `check-tasks` says it: missing or a file, and the three folders memeval takes
        from memeval.tasks import not_a_task_folder

        raise UsageError(not_a_task_folder(a.tasks))
    if a.ray_address and a.executor != "ray":
        raise UsageError("--ray-address is for --executor ray; add --executor ray or drop --ray-address")
    if a.index_url:
        from memeval.audit import db_url

        db_url(a.index_url, "--index-url")  # a bad URL is refused before the run, not after it
    storage_default = _default_mb("--default-storage-mb", a.default_storage_mb)
    memory_default = _default_mb("--default-memory-mb", a.default_memory_mb)
    if a.spending not in ("hsd", "pocock", "obrien-fleming"):
        raise UsageError(f"--spending {a.spending!r}: use hsd, pocock or obrien-fleming")
    if a.futility not in ("binding", "non-binding"):
        raise UsageError(f"--futility {a.futility!r}: use binding or non-binding")
    if not a.until_decided:
        names = ("max_repeats", "spending", "spending_gamma", "futility_power", "futility", "looks_per_round")
        given = [f"--{n.replace('_', '-')}" for n in names if option_given(ctx, n)]
        if given:
            raise UsageError(
                f"{' and '.join(given)} only {'applies' if len(given) == 1 else 'apply'} with --until-decided: "
                "add --until-decided to run in rounds "
                f"until a verdict, or drop {' and '.join(given)} (a fixed-size run takes --repeats N)"
            )
    if a.until_decided and a.repeats is not None and a.repeats != a.max_repeats:
        raise UsageError(
            f"--repeats {a.repeats} with --until-decided: the rounds are set by --max-repeats ({a.max_repeats}); "
            "drop --repeats"
        )
    return storage_default, memory_default


def _team_folder_above(tasks: Path) -> str:
    """A hint when `tasks` lies inside a team folder (up to two levels up) whose memeval.toml names an agent.

    A new user gave `samples/fernhill/tasks` (or one task in it) and was told only to pass --agent,
    while `memeval ab samples/fernhill` runs the team's agent, pack and model.
    """
    from memeval.project import load_project

    here = tasks.resolve()
    for folder in (here.parent, here.parent.parent):
        try:
            proj = load_project(folder)
        except UsageError:  # a broken memeval.toml above is no hint; the task set itself is what was asked for
            return ""
        if proj is not None and proj.agent:
            shown = os.path.relpath(folder) if folder.is_relative_to(Path.cwd()) else str(folder)
            return f"; or run the team folder it is in, whose memeval.toml names one: memeval ab {shlex.quote(shown)}"
    return ""


def _parse_env(pairs: list[str]) -> dict[str, str]:
    out = {}
    for p in pairs:
        name, eq, value = p.partition("=")
        if not name.isidentifier():
            raise UsageError(
                f"--env {p!r}: expected NAME=VALUE or NAME (taken from your environment), NAME being letters, "
                f"digits and _ and not starting with a digit; {name!r} is not such a name"
            )
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
        raise UsageError(f"--upstream-api {api!r}: use {choices(apis)}{gemini}")
    if url is None and option_given(ctx, "upstream_api"):
        raise UsageError(
            f"--upstream-api {api} names the API of --upstream-url: add --upstream-url BASE_URL, "
            f"or give both as --upstream api={api},url=BASE_URL"
        )


def _check_slice(ids: list[str], pack: Pack, pack_path: Path) -> None:
    """Refuse `--slice` ids the pack does not hold, naming each, the nearest id and where to see them.

    Raises:
        UsageError: an id is empty or not an item of `pack`; the message names the value, the pack
            file, a close id when there is one, and how many items the pack holds.
    """
    import difflib

    known = [it.id for it in pack.items]
    for one in ids:
        if one in known:
            continue
        close = difflib.get_close_matches(one, known, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        shown = ", ".join(known[:5]) + (f" ... ({len(known)} in all)" if len(known) > 5 else "")
        raise UsageError(
            f"--slice {one!r} is not an item id of pack {pack.name!r} ({pack_path}): {hint}give ids of its "
            f'items ("id" in the file: {shown}), or drop --slice to give the whole pack'
        )


UPSTREAM_KEYS = ("api", "url", "key_env")
"""The keys an `--upstream` value takes, in the order its help writes them."""


def _parse_upstreams(values: list[str]) -> list[UpstreamSpec]:
    """`--upstream api=...,url=...[,key_env=...]` values, at most one per API.

    Raises:
        UsageError: a value with a part that is not `key=value`, an unknown key (the nearest known
            one named), no `api` or `url`, or an API no provider has; each names the value, the part
            at fault and a corrected example.
    """
    import difflib

    from memeval.meter import provider_names
    from memeval.runner import UpstreamSpec

    apis = provider_names()
    out: list[UpstreamSpec] = []
    for v in values:
        given = f"--upstream {v!r}"
        example = f"e.g. --upstream api={apis[0]},url=https://HOST/v1,key_env=MY_KEY"
        parts = [part.strip() for part in v.split(",") if part.strip()]
        bare = [part for part in parts if "=" not in part]
        if bare:
            raise UsageError(
                f"{given}: {bare[0]!r} is not key=value; write comma-separated "
                f"{'=..., '.join(UPSTREAM_KEYS)}=... pairs without spaces, {example}"
            )
        fields = {k.strip(): val.strip() for k, val in (part.partition("=")[::2] for part in parts)}
        unknown = sorted(set(fields) - set(UPSTREAM_KEYS))
        if unknown:
            close = difflib.get_close_matches(unknown[0], UPSTREAM_KEYS, n=1)
            raise UsageError(
                f"{given}: {unknown[0]!r} is not a key it takes"
                + (f" (did you mean {close[0]!r}?)" if close else "")
                + f"; the keys are {', '.join(UPSTREAM_KEYS)}: {example}"
            )
        missing = [k for k in ("api", "url") if not fields.get(k)]
        if missing:
            raise UsageError(f"{given}: no {' and no '.join(missing)}; each --upstream needs api and url, {example}")
        if fields["api"] not in apis:
            gemini = " (Gemini is google)" if "google" in apis else ""
            raise UsageError(
                f"{given}: api {fields['api']!r} is not one memeval speaks: use "
                f"{choices([f'api={a}' for a in apis])}{gemini}"
            )
        _check_url(f"--upstream {v!r}", fields["url"])
        if any(u.api == fields["api"] for u in out):
            raise UsageError(f"--upstream {v!r}: a second {fields['api']} upstream; give one per API")
        out.append(UpstreamSpec(api=fields["api"], base_url=fields["url"], key_env=fields.get("key_env") or None))
    return out


def _default_mb(flag: str, value: str) -> int:
    """A `--default-*-mb` value: a whole number of MiB, 0 or more (at most 1 PiB).

    Raises:
        UsageError: anything else, naming the flag and the value.
    """
    s = value.strip()
    if not s.isascii() or not s.isdigit() or int(s) > 1 << 30:
        raise UsageError(f"{flag} {value!r}: give a whole number of MiB, 0 or more (0: no default)")
    return int(s)

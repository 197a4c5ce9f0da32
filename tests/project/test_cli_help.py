"""Every command's --help shows examples and the defaults of its options (issue 17, help texts).

Walks the whole command tree as `memeval COMMAND ... --help` prints it: each help ends with an
`Examples:` section whose lines call that very command with options it has, and every option
with a default (not unset, not an off flag) shows `[default: ...]`.
"""

from __future__ import annotations

import functools
import shlex

import pytest
import typer.main
from typer._click.core import Command, Context
from typer.testing import CliRunner

from memeval.cli import app
from memeval.cli._examples import EXAMPLES

# Options that do nothing unless given (no default to state): each other option left unset must say
# in its help what it falls back to ("default: ...") or show the environment variable it reads.
GIVEN_OR_UNUSED = {
    "--agent-cmd",
    "--upstream-key-env",
    "--upstream",
    "--env",
    "--resume",
    "--vary",
    "--html",
    "--pdf",
    "--from",
    "--against",
    "--reason",
}

pytestmark = pytest.mark.xdist_group("cli-help")
"""On one worker, so each command's help is rendered once (`_help`) for the three checks that read it."""

LISTINGS = ("runs", "results", "review list", "users list", "audit counts", "audit verify", "check-tasks")


def _tree() -> dict[str, Command]:
    root = typer.main.get_command(app)
    out: dict[str, Command] = {}

    def walk(cmd: Command, path: str, ctx: Context) -> None:
        out[path] = cmd
        for name in getattr(cmd, "list_commands", lambda _ctx: [])(ctx):
            sub = cmd.get_command(ctx, name)  # type: ignore[attr-defined]
            if sub is not None and not sub.hidden:
                walk(sub, f"{path} {name}".strip(), Context(sub, info_name=name, parent=ctx))

    walk(root, "", Context(root, info_name="memeval"))
    return out


TREE = _tree()


@functools.cache
def _help(path: str) -> str:
    """`memeval PATH --help` as printed 120 columns wide; rendered once a command for the module's three checks
    of it (the same command line gives the same page; a failed rendering is not kept, each check fails on it)."""
    res = CliRunner().invoke(app, [*path.split(), "--help"], prog_name="memeval", terminal_width=120)
    assert res.exit_code == 0, res.output
    return res.output


def _examples(text: str) -> list[str]:
    head, sep, tail = text.partition("\n  Examples:\n")
    assert sep, f"no Examples section in:\n{text}"
    return [ln.strip().split("  # ")[0].strip() for ln in tail.splitlines() if ln.strip()]


def test_the_tree_is_every_command() -> None:
    assert len(TREE) > 40 and "audit token add" in TREE and "result" not in TREE  # the hidden old name
    assert set(TREE) - {""} == set(EXAMPLES) - {"result"}


@pytest.mark.parametrize("path", list(TREE))
def test_help_ends_with_examples_of_that_command(path: str) -> None:
    lines = _examples(_help(path))
    assert 1 <= len(lines) <= 4
    for line in lines:
        words = shlex.split(line.split("|")[-1])  # `cat x | memeval ...`: the memeval side
        assert words[0] == "memeval", line
        assert " ".join(words[1 : 1 + len(path.split())]) == path, line
        _check_options(words[1:], line)


def _check_options(words: list[str], line: str) -> None:
    """Each `--option` in an example is an option of the (sub-)command the example calls."""
    path: list[str] = []
    rest = list(words)
    while rest and " ".join([*path, rest[0]]) in TREE:
        path.append(rest.pop(0))
    cmd = TREE[" ".join(path)]
    if rest[:1] == ["COMMAND"]:
        return
    opts = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)} | {"--help"}
    for w in rest:
        if w.startswith("-") and w != "-":
            assert w.split("=")[0] in opts, f"{w} is not an option of `memeval {' '.join(path)}`: {line}"


@pytest.mark.parametrize("path", [p for p in TREE if p])
def test_every_option_with_a_default_shows_it(path: str) -> None:
    cmd = TREE[path]
    ctx = Context(cmd, info_name=path.split()[-1])
    missing = []
    for p in cmd.params:
        if p.param_type_name != "option" or p.hidden or p.default in (None, False, (), []):
            continue
        record = p.get_help_record(ctx)
        if record is None or "default:" not in record[1]:
            missing.append(f"{'/'.join(p.opts)} (default {p.default!r})")
    assert missing == [], f"memeval {path}: options whose default --help does not show: {missing}"


@pytest.mark.parametrize("path", [p for p in TREE if p])
def test_every_unset_option_says_what_it_falls_back_to(path: str) -> None:
    cmd = TREE[path]
    ctx = Context(cmd, info_name=path.split()[-1])
    silent = []
    for p in cmd.params:
        if p.param_type_name != "option" or p.hidden or p.required or p.default not in (None, (), []):
            continue
        record = p.get_help_record(ctx)
        text = "" if record is None else record[1].lower()
        if "default" not in text and "env var:" not in text and not set(p.opts) & GIVEN_OR_UNUSED:
            silent.append("/".join(p.opts))
    assert silent == [], f"memeval {path}: unset options whose help does not say what they fall back to: {silent}"


@pytest.mark.parametrize("path", LISTINGS)
def test_every_listing_has_json(path: str) -> None:
    assert "--json" in {o for p in TREE[path].params for o in p.opts}


@pytest.mark.parametrize("path", list(TREE))
def test_the_usage_line_names_arguments_and_holds_no_template(path: str) -> None:
    """Typer wrote a required argument as `{tasks}` (`Usage: memeval ab [OPTIONS] {tasks}`), read as a
    template left unfilled: arguments are names in capitals, as the examples and hints write them."""
    text = _help(path)
    usage = text.splitlines()[0]
    assert usage.startswith(f"Usage: memeval {path}".rstrip() + " [OPTIONS]"), usage
    assert "{" not in usage and "}" not in usage, usage
    for p in TREE[path].params:
        if p.param_type_name == "argument":
            name = (p.name or "").upper()
            shown = f" {name}" if p.required else f" [{name}]"  # an optional argument is bracketed, as click writes it
            assert shown in usage and f"\n  {name}" in text, (name, usage)


@pytest.mark.parametrize("path", [p for p in TREE if p])
def test_options_show_one_value_s_type_not_a_python_type(path: str) -> None:
    """`--slice <list[str]>` read as if the option took a Python list, `--repeats <int range>` as a
    type called range: a repeatable option shows one value's type and says it repeats in its help."""
    rows = [ln for ln in _help(path).splitlines() if ln.lstrip().startswith("-")]  # -h, --help too
    assert rows, path
    for row in rows:
        assert "<list[" not in row and " range>" not in row, row
    ctx = Context(TREE[path], info_name=path.split()[-1])
    for p in TREE[path].get_params(ctx):
        if p.param_type_name == "option" and p.multiple:
            record = p.get_help_record(ctx)
            assert record is not None and "repeat" in record[1].lower(), f"{'/'.join(p.opts)} of memeval {path}"

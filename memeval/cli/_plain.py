"""Typer's command, group and argument classes, made to read plainly and to start without pydantic.

`PlainCommand` and `PlainGroup` (every memeval command and group, set by `plain_classes`) take
plain values as given (`_AsGiven`: no pydantic adapter for a text, a path or a flag) and name
arguments and options in help as users write them (`_name_plainly`): `TASKS`, `RUN... <str>`,
`--slice <str>`, `--repeats <int>`, never a Python type such as `<list[str]>`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args

import typer
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import UsageError as ClickUsageError
from typer._click.formatting import HelpFormatter
from typer._coercion import RuntimeParam, build_runtime_param
from typer._param_types import coerce_cli_path
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption, _TyperParameter
from typer.models import DefaultPlaceholder

from memeval._readerleft import ReaderLeft


@dataclass(frozen=True)
class _AsGiven(RuntimeParam):
    """A `str`, `Path` or `bool` parameter's value taken as given, without typer's pydantic adapter.

    Typer (0.2x) builds a pydantic `TypeAdapter` for every parameter it processes, even an unset
    `--help`; for text, a path or a flag's bool that is the identity (a `Path` made from the text),
    but importing pydantic and building the adapters costs more than the rest of `memeval runs`'
    start (issue 17 item 2). Path checks stay typer's own (`coerce_cli_path`); any other value (a
    flag's text from an environment variable, say) goes to typer's adapter as before. An unset value
    (None) never gets here: typer returns it first.
    """

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        if isinstance(value, str) and self.annotation is str:
            return value
        if isinstance(value, (str, Path)) and self.annotation is Path:  # given as text, or the default
            return coerce_cli_path(Path(value), self.parameter_info, path_type=Path, param=param, ctx=ctx)
        return build_runtime_param(param.type_descriptor)._coerce_value(value, param=param, ctx=ctx)


def _take_as_given(params: list[Parameter]) -> list[Parameter]:
    """Give each plain `str`, `Path` or `bool` parameter (one value, no parser) `_AsGiven`; returns `params`."""
    for param in params:
        if not isinstance(param, _TyperParameter) or param._runtime_param is not None:
            continue
        desc = param.type_descriptor
        info = desc.parameter_info
        plain = desc.annotation in (str, bool) or (desc.annotation is Path and info.path_type is None)
        if plain and info.parser is None and desc.file_annotation is None and param.nargs == 1:
            param._runtime_param = _AsGiven(parameter_info=info, annotation=desc.annotation)
    return params


def _name_plainly(params: list[Parameter]) -> list[Parameter]:
    """Give arguments and typed options the names help shows as users write them; returns `params`.

    Typer (0.2x) writes a required argument as `{tasks}` on the usage line, which reads as a
    template left unfilled, a repeatable option or an argument taking several values as
    `<list[str]>` (a Python type: each value is one string) and a number with bounds as
    `<int range>` (the bounds follow in brackets anyway). Here an argument is `TASKS` (`RUN...`
    when it takes several) in the usage line, the help and its errors (`Missing argument
    'TASKS'`); a repeatable option or argument shows one value's type (`<str>`, `<path>`) and a
    bounded number its type (`<int>`, `<float>`). A metavar a command sets itself (`MIB`) is kept.
    """
    for param in params:
        if type(param) is TyperArgument:  # typer builds it; its help's type is not the metavar's to set
            param.__class__ = PlainArgument
        if param.metavar is not None:
            continue
        if isinstance(param, TyperArgument):
            param.metavar = (param.name or "value").upper() + ("..." if param.nargs != 1 else "")
        elif isinstance(param, TyperOption):
            param.metavar = _one_value_type(param)
    return params


def _one_value_type(param: TyperArgument | TyperOption) -> str | None:
    """How help names one value of `param`: `<str>` for a `list[str]`, `<int>` for a bounded int; else None."""
    desc = param.type_descriptor
    if desc.is_list and not desc.is_choice and len(get_args(desc.annotation)) == 1:
        return f"<{param._bare_type(get_args(desc.annotation)[0]).lower()}>"
    if desc.is_ranged:
        return f"<{desc.ranged_type_name}>"
    return None


class PlainArgument(TyperArgument):
    """A typer argument whose help names one value's type: `RUN... <str>`, not `RUN... <list[str]>`."""

    def display_type_rich(self, ctx: Context) -> str | None:
        """The type beside the argument's name in help (`_one_value_type`, else typer's)."""
        return _one_value_type(self) or super().display_type_rich(ctx)


def _usage_pieces(cmd: Command, ctx: Context) -> list[str]:
    """The usage line after the command's name: `[OPTIONS]`, then each argument as `TASKS`, `[RUN]`, `RUN...`.

    As click writes it, and as `_name_plainly` names the arguments (typer's own usage line writes a
    required argument as `{tasks}`).
    """
    pieces = [cmd.options_metavar] if cmd.options_metavar else []
    for param in cmd.get_params(ctx):
        if isinstance(param, TyperArgument):
            name = (param.metavar or param.name or "value").upper()
            pieces.append(name if param.required else f"[{name}]")
        else:
            pieces.extend(param.get_usage_pieces(ctx))
    return pieces


class PlainCommand(TyperCommand):
    """A typer command whose plain parameters skip typer's pydantic adapters (`_AsGiven`).

    Its help names arguments and options as `_name_plainly` says.
    """

    def get_params(self, ctx: Context) -> list[Parameter]:
        """The command's parameters and its `--help`, plain ones marked `_AsGiven`."""
        return _name_plainly(_take_as_given(super().get_params(ctx)))

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        """The usage line's pieces (`_usage_pieces`)."""
        return _usage_pieces(self, ctx)

    def parse_args(self, ctx: Context, args: list[str]) -> list[str]:
        """As typer's; values left over after a repeatable option say how to give it several.

        `memeval ab TASKS --tasks t01 t02` leaves `t02` over; the error then adds `--tasks takes one
        value each time: write --tasks t01 --tasks t02`.

        Raises:
            click's UsageError: as typer's, with that hint when it applies.
        """
        given = list(args)
        try:
            return super().parse_args(ctx, args)
        except ClickUsageError as e:
            if e.message.startswith("Got unexpected extra argument"):
                hint = _repeat_hint(self, ctx, given)
                if hint:
                    e.message = f"{e.message}. {hint}"
            raise


def _repeat_hint(command: Command, ctx: Context, args: list[str]) -> str | None:
    """How to write the first repeatable option in `args` that is followed by more than one value."""
    repeatable = [p for p in command.get_params(ctx) if getattr(p, "multiple", False)]
    multiple = {name for p in repeatable for name in p.opts if name.startswith("-")}
    for i, token in enumerate(args):
        name, _, inline = token.partition("=")
        if name not in multiple:
            continue
        values = [inline] if inline else []
        for later in args[i + 1 :]:
            if later.startswith("-"):
                break
            values.append(later)
        if len(values) > 1:
            return f"{name} takes one value each time: write " + " ".join(f"{name} {v}" for v in values)
    return None


def summary(cmd: Command) -> str:
    """What a group's `Commands:` section says of `cmd`: its short help, else its help's whole first paragraph.

    Click cuts a command's help to what fits one line at the terminal's width, ending it `...`
    ("Store a JSONL file of events: secrets are blanked and..."); the list then says less than the
    command does. The whole first paragraph is given instead, and wrapped (`HelpFormatter.write_dl`).
    """
    if cmd.short_help:
        text = cmd.short_help
    else:
        text = (cmd.help or "").split("\f", 1)[0].strip().split("\n\n", 1)[0]
    return " ".join(text.replace("\b", " ").split())


class PlainGroup(TyperGroup):
    """A typer group whose plain parameters skip typer's pydantic adapters (`_AsGiven`).

    A closed standard output (`BrokenPipeError`) while it parses (`--help`) or runs a command is raised
    as `memeval._readerleft.ReaderLeft`, which typer does not turn into exit 1.
    """

    def make_context(
        self, info_name: str | None, args: list[str], parent: Context | None = None, **extra: Any
    ) -> Context:
        """Typer's context for `args` (its `--help` printed here): a closed stdout is `ReaderLeft`."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except BrokenPipeError as exc:
            raise ReaderLeft from exc

    def invoke(self, ctx: Context) -> Any:
        """Run the command `ctx` names (typer's own): a closed stdout is `ReaderLeft`."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:
            raise ReaderLeft from exc

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The `Commands:` section: each visible sub-command with its whole first paragraph (`summary`), wrapped."""
        rows = []
        for name in self.list_commands(ctx):
            cmd = self.get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, summary(cmd)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_params(self, ctx: Context) -> list[Parameter]:
        """The group's parameters and its `--help`, plain ones marked `_AsGiven`."""
        return _name_plainly(_take_as_given(super().get_params(ctx)))

    def collect_usage_pieces(self, ctx: Context) -> list[str]:
        """The usage line's pieces (`_usage_pieces`), then `COMMAND [ARGS]...`."""
        return [*_usage_pieces(self, ctx), self.subcommand_metavar]

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        """As typer's; a name the group lacks but the root has (`memeval review serve`) names the root's.

        Raises:
            click's UsageError: the name is unknown here; its message ends with `Did you mean
                'memeval serve'?` when the root lists a command of that name.
        """
        try:
            return super().resolve_command(ctx, args)
        except ClickUsageError as e:
            from memeval.cli.app import COMMANDS  # lazy: the root's table imports this module

            name = args[0] if args else ""
            if name in COMMANDS and not COMMANDS[name].hidden and "Did you mean" not in e.message:
                e.message = f"{e.message.rstrip('.')}. Did you mean 'memeval {name}'?"
            raise


def plain_classes(holder: typer.Typer) -> None:
    """Build `holder`'s commands and sub-groups (recursively) as `PlainCommand` / `PlainGroup`."""
    for info in holder.registered_commands:
        if info.cls in (None, TyperCommand):  # typer's default
            info.cls = PlainCommand
    for group in holder.registered_groups:
        sub = group.typer_instance
        assert sub is not None
        if isinstance(group.cls, DefaultPlaceholder) and isinstance(sub.info.cls, DefaultPlaceholder):
            sub.info.cls = PlainGroup
        plain_classes(sub)

"""The lazy root lists every command as the full one would (issue 17 item 2).

`memeval --help` is written from `memeval.cli.app.COMMANDS` without importing any command
module; these checks build every command for real and compare.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
import typer.main
from typer._click.core import Context
from typer._click.formatting import HelpFormatter
from typer.testing import CliRunner

from memeval.cli import app
from memeval.cli._plain import PlainGroup
from memeval.cli.app import COMMANDS, LazyGroup, load_command


def _first_paragraph(text: str | None) -> str:
    return " ".join((text or "").split("\n\n")[0].split())


def test_every_command_a_module_defines_is_in_the_table() -> None:
    """Every command module in `memeval/cli` (the table's and any other that holds an `app`), so a
    new module whose commands were never added to the table cannot go unseen."""
    folder = Path(str(importlib.import_module("memeval.cli").__file__)).parent
    modules = {f"memeval.cli.{p.stem}" for p in folder.glob("*.py") if p.stem not in {"__init__", "app"}}
    defined: dict[str, str] = {}
    for module in sorted(modules | {c.module for c in COMMANDS.values()}):
        holder = getattr(importlib.import_module(module), "app", None)
        if not isinstance(holder, typer.Typer):
            continue
        for info in holder.registered_commands:
            assert info.callback is not None
            defined[info.name or typer.main.get_command_name(info.callback.__name__)] = module
        for group in holder.registered_groups:
            assert group.name
            defined[group.name] = module
    assert defined == {name: c.module for name, c in COMMANDS.items()}
    # A command registered on the root app itself would be built for every start: register it on
    # its module's own `app` and add it to memeval.cli.app.COMMANDS instead.
    assert app.registered_commands == [] and app.registered_groups == []


def test_a_command_registered_on_the_root_is_still_listed_and_runs() -> None:
    extra = typer.Typer()
    extra.command("zz-extra")(lambda: print("ran"))
    root = typer.Typer(cls=LazyGroup, rich_markup_mode=None, add_completion=False)
    root.callback()(lambda: None)
    root.add_typer(extra)
    out = CliRunner().invoke(root, ["--help"], prog_name="memeval")
    assert "zz-extra" in out.output and "runs " in out.output
    assert CliRunner().invoke(root, ["zz-extra"]).output == "ran\n"


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_tables_help_and_hidden_flag_are_the_commands_own(name: str) -> None:
    cmd = load_command(name)
    assert COMMANDS[name].help == _first_paragraph(cmd.help)
    assert COMMANDS[name].hidden == cmd.hidden


@pytest.mark.parametrize("width", [60, 80, 100, 140])
def test_the_listing_equals_the_one_built_from_every_command(width: int) -> None:
    full = PlainGroup(name="memeval", commands={n: load_command(n) for n in COMMANDS}, rich_markup_mode=None)
    lazy = typer.main.get_command(app)
    assert isinstance(lazy, LazyGroup)
    texts = []
    for group in (full, lazy):
        formatter = HelpFormatter(width=width)
        group.format_commands(Context(group, info_name="memeval"), formatter)
        texts.append(formatter.getvalue())
    assert texts[0] == texts[1]
    assert "results" in texts[1] and "result " not in texts[1]  # the hidden old name is not listed


def test_help_lists_every_visible_command_and_a_typo_still_gets_a_suggestion() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["--help"], prog_name="memeval")
    assert out.exit_code == 0
    for name, c in COMMANDS.items():
        assert (f"  {name}  " in out.output) is not c.hidden
    typo = runner.invoke(app, ["reslts"], prog_name="memeval")
    assert typo.exit_code == 2
    assert "Did you mean 'results'" in typo.output


def test_a_path_option_given_as_text_is_still_checked_and_made_a_path(tmp_path: Path) -> None:
    runner = CliRunner()
    afile = tmp_path / "a-file"
    afile.write_text("x")
    out = runner.invoke(app, ["runs", "--runs-dir", str(afile)], prog_name="memeval")
    assert out.exit_code == 2
    assert "is not a folder" in out.output
    empty = tmp_path / "runs"
    empty.mkdir()
    listed = runner.invoke(app, ["runs", "--runs-dir", str(empty), "--json"], prog_name="memeval")
    assert listed.exit_code == 0, listed.output
    assert '"runs": []' in listed.output

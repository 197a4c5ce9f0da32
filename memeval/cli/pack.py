"""`memeval pack ...`: packs built from the audit log (the bridge)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from memeval.cli._options import DbOpt
from memeval.cli._outfile import file_path, folders_to_make, make_folders, say_made
from memeval.cli._store import open_with_events
from memeval.cli.app import command_app, fail, translate_errors

app = command_app()  # this module's commands; the root app loads them by name (memeval.cli.app.COMMANDS)

pack_app = typer.Typer(help="Memory packs.", no_args_is_help=True, rich_markup_mode=None)
app.add_typer(pack_app, name="pack")


@pack_app.command("build")
@translate_errors
def build(
    team: Annotated[str, typer.Option(help="The team whose audit log approves the items.")],
    out: Annotated[
        Path,
        typer.Option(
            help="Where to write the memeval.pack/1 JSON file.", parser=file_path("pack.json"), metavar="<path>"
        ),
    ],
    version: Annotated[str | None, typer.Option(help="Pack version (default: seq-<log head>).")] = None,
    db: DbOpt = None,
) -> None:
    """Write a pack of approved lessons and released memories (never held or contested items).

    A missing folder on the way to --out is made (and said); --out naming a folder, or a path
    through a file, is refused (exit 2).
    """
    from memeval.audit import build_pack
    from memeval.packs import write_pack
    from memeval.review import term_text

    made = folders_to_make("--out", out, "pack.json")  # before the store is read: a bad path is said at once
    built = build_pack(open_with_events(db, team), team, version=version)
    try:
        make_folders(made)
        write_pack(built.pack, out)
    except OSError as exc:  # a folder that takes no new file (read-only, not ours), a full disk
        raise fail(
            f"cannot write the pack to {str(out)!r} ({exc.strerror}): pass --out naming a file in a folder you can "
            "write to"
        ) from exc
    say_made(made)
    typer.echo(
        f"wrote {out}: {len(built.pack.items)} items, version {built.pack.version}, "
        f"{built.pack.content_hash}; left out {len(built.excluded)}"
    )
    if built.merged:
        typer.echo(f"merged {built.merged} duplicate texts into the item first written (every source kept in `also`)")
    for item, why in built.excluded:
        typer.echo(f"  left out {term_text(item)}: {term_text(why)}", err=True)

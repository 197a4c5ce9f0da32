"""`memeval audit token ...` and `memeval audit team ...`: senders' bearer tokens and team settings (set, list).

Split from `memeval.cli.audit`, which adds both groups to `memeval audit` (its help lists them as before).
"""

from __future__ import annotations

from typing import Annotated

import typer

from memeval.cli._json import echo_json
from memeval.cli._options import DbOpt, JsonOpt
from memeval.cli.app import fail, translate_errors

token_app = typer.Typer(
    help="Bearer tokens of senders (stored only as hashes).",
    no_args_is_help=True,
    rich_markup_mode=None,
)
team_app = typer.Typer(
    help="Team settings (time zone of weekly windows): set, list.", no_args_is_help=True, rich_markup_mode=None
)


@token_app.command("add")
@translate_errors
def token_add(
    team: Annotated[str, typer.Option(help="The team the sender writes for.")],
    sender: Annotated[str, typer.Option(help="The sender's name.")],
    db: DbOpt = None,
) -> None:
    """Create (or replace) a sender's token and print it once; only its hash is stored.

    A team the store holds no event of yet is taken (a new team's sender gets its token before it
    sends), with a note on stderr naming the store's teams, so a misspelt team is seen at once.
    """
    from memeval.audit import check_simple_name, check_team_name  # light: said before a store is opened (or made)

    check_team_name(team, "--team")
    check_simple_name("sender", sender, "--sender")
    from memeval.audit import add_token, open_store

    store = open_store(db)
    typer.echo(add_token(store, team, sender))
    # stdout keeps the token alone, for scripts
    _note_new_team(store.teams(), team, f"`memeval audit token revoke --team {team} --sender {sender}`")


def _note_new_team(known: list[str], team: str, fix: str) -> None:
    """On stderr: `team` has no events while the store has other teams' (a misspelling?), and `fix`."""
    if known and team not in known:
        typer.echo(
            f"note: team {team!r} has no events in this store yet (its teams: {', '.join(known)}); "
            f"if that is a misspelling, {fix}",
            err=True,
        )


@token_app.command("list")
@translate_errors
def token_list(
    team: Annotated[str | None, typer.Option(help="Only this team's senders (default: every team's).")] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """List the senders holding a token: team, sender, when it was made (never the token or its hash)."""
    from memeval.audit import open_existing_store, sender_tokens

    store = open_existing_store(db)
    rows = sender_tokens(store, team)
    known = store.teams() if team is not None and not rows else []
    if known and team not in known:  # a misspelt team listed nothing, as a team without senders does
        typer.echo(f"note: team {team!r} has no events in this store (its teams: {', '.join(known)})", err=True)
    if as_json:  # {schema memeval.sender-tokens/1, schema_version, tokens: [{team, sender, created_at}]}
        listed = [  # times as every listing writes them: UTC with Z (`users log`, `review list`, `runs`)
            {"team": r.team, "sender": r.sender, "created_at": r.created_at.isoformat().replace("+00:00", "Z")}
            for r in rows
        ]
        echo_json({"schema": "memeval.sender-tokens/1", "schema_version": 1, "tokens": listed})
        return
    if not rows:
        typer.echo(
            f"no sender holds a token{f' for {team}' if team else ''}: "
            f"`memeval audit token add --team {team or 'TEAM'} --sender NAME` makes one"
        )
    for r in rows:
        typer.echo(f"{r.team}\t{r.sender}\tmade {r.created_at:%Y-%m-%d %H:%M} UTC")


@token_app.command("revoke")
@translate_errors
def token_revoke(
    team: Annotated[str, typer.Option(help="The team the sender writes for.")],
    sender: Annotated[str, typer.Option(help="The sender's name.")],
    db: DbOpt = None,
) -> None:
    """Delete a sender's token: its requests are refused from now on (what it sent stays stored)."""
    from memeval.audit import open_existing_store, revoke_token

    if not revoke_token(open_existing_store(db), team, sender):
        raise fail(f"{team}/{sender} holds no token: `memeval audit token list` lists those that do")
    typer.echo(f"{team}/{sender}: token revoked")


@team_app.command("set")
@translate_errors
def team_set(
    team: Annotated[str, typer.Argument(help="The team.")],
    tz: Annotated[str, typer.Option(help="IANA time zone of the team's weeks, e.g. Europe/London.")],
    db: DbOpt = None,
) -> None:
    """Set a team's time zone (weekly windows are cut at its local Monday midnight).

    Once the team has a report, its zone stays the one that report was cut in (weeks cut in two zones
    overlap or leave a gap): setting another is refused.

    The team is a team name, as every event's `team` (an empty name, spaces, capitals or an e-mail address were
    stored as a team); a team the store holds no event of yet is taken, with `token add`'s note.
    """
    from memeval.audit import check_team_name, team_zone  # light: bad values are said before the store's modules load

    check_team_name(team)
    team_zone(tz)
    from memeval.audit import TeamRow, check_zone_kept, open_store

    store = open_store(db)
    check_zone_kept(store, team, tz, doing=f"set {team}'s zone to {tz}")
    with store.write_session() as s:
        row = s.get(TeamRow, team)
        if row is None:
            s.add(TeamRow(team=team, tz=tz))
        else:
            row.tz = tz
    typer.echo(f"{team}: weeks are cut in {tz}")
    _note_new_team(store.teams(), team, "set the right team's zone (one set for a team with no events is unused)")


TEAMS_SCHEMA = "memeval.audit-teams/1"
"""`schema` of `memeval audit team list --json`: `teams`, each `{team, tz, tz_set, has_events}`."""


@team_app.command("list")
@translate_errors
def team_list(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """List the teams: each one with events or a time zone set, and the zone its weeks are cut in."""
    from sqlmodel import select

    from memeval.audit import TeamRow, open_existing_store

    store = open_existing_store(db)
    with store.read_session() as s:
        zones = {row.team: row.tz for row in s.exec(select(TeamRow)).all()}
    with_events = set(store.teams())
    teams = sorted(with_events | set(zones))
    if as_json:  # {schema memeval.audit-teams/1, schema_version, teams: [{team, tz, tz_set, has_events}]}
        listed = [
            {"team": t, "tz": zones.get(t, "UTC"), "tz_set": t in zones, "has_events": t in with_events} for t in teams
        ]
        echo_json({"schema": TEAMS_SCHEMA, "schema_version": 1, "teams": listed})
        return
    if not teams:
        typer.echo(
            "no team yet: `memeval audit ingest FILE` stores a team's events (`memeval audit team set` its zone)"
        )
    for t in teams:
        zone_text = zones[t] if t in zones else "UTC (not set: `memeval audit team set` sets it)"
        events = "" if t in with_events else "\tno events yet"
        typer.echo(f"{t}\t{zone_text}{events}")

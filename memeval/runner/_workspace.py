"""What the agent's turn left in its world: the workspace diff, the tamper scan and the git check.

After the agent's turn (its privileges stripped from the world, its claim recorded), an attempt
records the world's diff against its pristine copy (`workspace.diffed`), what of it could steer
the verifier (`tamper.scanned`, see `memeval.runner._tamper`), and whether the verifier may trust
the agent's git repositories (`memeval.runner._gitguard`). `review_workspace` is that step.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from memeval.eventlog import TamperFinding, TamperScanned, WorkspaceDiffed
from memeval.runner._diff import diff_trees, listed
from memeval.runner._gitguard import check_store_files, forged_objects, hidden_by_index, newly_hidden, store_files
from memeval.runner._guard import clear_mount_path
from memeval.runner._removed import removed_findings
from memeval.runner._scrub import Scrubber
from memeval.runner._sinks import ArtifactSink, EventSink
from memeval.runner._tamper import MAX_FINDINGS, scan_tamper
from memeval.runner._verifierlinks import remove_links_into_verifier
from memeval.runner._verify import task_env
from memeval.sandbox import World
from memeval.tasks import Task
from memeval.types import TamperPolicy


class WorkspaceReview(NamedTuple):
    """What `review_workspace` found, for the verifier step."""

    findings: tuple[TamperFinding, ...]
    """The tamper findings recorded (at most `memeval.runner._tamper.MAX_FINDINGS` of the scan's)."""
    omitted: int
    """The scan's findings beyond those kept."""
    git_refusal: str | None
    """Why the verifier must not run on the agent's git repositories, or None."""


def review_workspace(
    trial_id: str,
    task: Task,
    policy: TamperPolicy,
    world: World,
    pristine: Path,
    *,
    log: EventSink,
    art: ArtifactSink,
    scrubber: Scrubber,
) -> WorkspaceReview:
    """Record the agent's changes to `world` (against its copy `pristine`) and what of them could steer the verifier.

    Appends `workspace.diffed` (the diff text stored as an artifact, its paths and text scrubbed) and
    `tamper.scanned` (under `policy`) to `log`; removes the agent's links into folders only the verifier sees and
    what stands on the way to its mount points (`_scan_tamper`).

    Returns:
        The findings recorded, how many more the scan had, and the git refusal (`git_refusal`).
    """
    d = diff_trees(pristine, world.root)
    diff_id = art.put(scrubber.bytes(d.text.encode("utf-8", "backslashreplace"))) if d.text else None
    shown = listed(d)
    log.append(
        WorkspaceDiffed(
            trial_id=trial_id,
            diff=diff_id,
            added=tuple(scrubber.text(p) for p in shown.added),
            changed=tuple(scrubber.text(p) for p in shown.changed),
            removed=tuple(scrubber.text(p) for p in shown.removed),
            omitted=shown.omitted,
        )
    )
    findings, omitted = _scan_tamper(
        trial_id, task, policy, world, pristine, d.added, d.changed, log, scrubber, d.removed
    )
    return WorkspaceReview(findings, omitted, git_refusal(pristine, world, (*d.added, *d.changed)))


def _scan_tamper(
    trial_id: str,
    task: Task,
    policy: TamperPolicy,
    world: World,
    pristine: Path,
    added: tuple[str, ...],
    changed: tuple[str, ...],
    log: EventSink,
    scrubber: Scrubber,
    removed: tuple[str, ...] = (),
) -> tuple[tuple[TamperFinding, ...], int]:
    """Record what the agent left that could steer the verifier (see `memeval.runner._tamper`).

    A symlink or file on the way to the verifier's mount points, and a symlink leading into a
    folder only the verifier sees (`/tests`...), are removed here, and noted. Files the agent `removed` (the
    diff's) are findings too when their absence steers a check (`memeval.runner._removed`: a package a
    held-back test skips without).

    Returns:
        The findings recorded, and how many more the scan had.
    """
    scan = scan_tamper(pristine, world, added, changed, task_env(task, world), task.tests_dir)
    gone = removed_findings(removed, "turn")
    room = max(0, MAX_FINDINGS - len(scan.findings))  # as the scan keeps its own: a removed tree's files, 200 named
    unlinked = tuple(remove_links_into_verifier(pristine, world, added, changed))
    replaced = tuple(
        TamperFinding(
            path=p, kind="verifier-path", change="replaced", detail="on the way to a verifier mount point; removed"
        )
        for inside in ("/logs/verifier", *([world.venv_inside] if world.venv_inside else []))
        for p in clear_mount_path(world, inside)
    )
    # paths and details name the agent's files (and link targets): a `--env` value it was given is blanked there too
    findings = tuple(
        f.model_copy(update={"path": scrubber.text(f.path), "detail": scrubber.text(f.detail)})
        for f in unlinked + replaced + scan.findings + gone[:room]
    )
    omitted = scan.omitted + len(gone[room:])
    log.append(TamperScanned(trial_id=trial_id, policy=policy, findings=findings, omitted=omitted))
    return findings, omitted


def git_refusal(pristine: Path, world: World, touched: tuple[str, ...]) -> str | None:
    """Why the agent's git repositories cannot be trusted by the verifier, or None.

    `touched` are the world's files the agent added or changed (relative to its root). The object
    files and indexes git would read are checked too wherever they lie (`store_files`): reached
    through a symlink, or under a cache folder (`__pycache__`), they are not in `touched` under the name
    git opens them by.
    """

    def listed(items: list[str]) -> str:
        return ", ".join(items[:5]) + (f" and {len(items) - 5} more" if len(items) > 5 else "")

    root = world.root
    objects, indexes = store_files(world, touched)
    forged = list(dict.fromkeys([*forged_objects(root, touched), *check_store_files(objects)]))
    if forged:
        return (
            f"git objects the agent added or changed are not what their names say ({listed(forged)});"
            " a test restored from that repository would be the agent's"
        )
    hidden = hidden_by_index(pristine, root, touched)
    for index, before in indexes:
        hidden += [h for h in newly_hidden(index, pristine / before) if h not in hidden]
    if hidden:
        return (
            f"the agent marked tracked files assume-unchanged or skip-worktree ({listed(hidden)});"
            " git diff and git status would not show its changes to them"
        )
    return None

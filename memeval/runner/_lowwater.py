"""Who held the runs folder's disk full: a watch over every sandbox of this process while it runs.

`memeval.runner._room.after_turn` looks at the disk when a sandbox ends. That alone blamed the wrong
trial when several ran at once: an agent that filled the disk and held it full (filled, then slept)
was not ending, while a trial beside it whose turn ended meanwhile found the disk full, had its own
world removed, and then, the disk still full, stopped the whole run (`could not write a file`), so
the filler's attempt had no end and `--resume` gave it a fresh one. And an agent that filled the disk
and emptied it again before it ended left no trace at all, while the writes of the trials beside it
failed, and they were scored as their agents' failures.

So every sandbox of an attempt (agent turn, verifier) registers here while it runs (`LOW.turn`), and
one thread looks at the free space of their disks every `INTERVAL_S` seconds. When a disk has less
than `LOW_WATER_MB` MiB free, an episode begins: the registered sandboxes on that disk are measured
(`disk_usage` of their attempt folders against the same at registration), and the one that grew the
most is named its filler and ended at once (`SandboxSpec.stop`, looked at every 0.2 s), so no agent
holds the disk full for the trials beside it until its timeout; every sandbox registered on that
disk during the episode records the filler's trial id (`Turn.fillers`). The episode ends when the
disk has room again. `after_turn` reads that: a sandbox named filler gets the fault it got before
(`protocol`, never retried), one that only ran beside another's fill gets a `process` fault (not its
agent's doing: not scored, retried under `--retries`), and neither stops the run.

Left open: an episode shorter than `INTERVAL_S` (an agent that fills a fast disk and empties it at
once) can be missed, and the trials beside it are then scored as they came out.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from memeval.sandbox import TreeTooDeep, disk_usage

LOW_WATER_MB = 16
"""Below this many MiB free on the runs folder's disk, a sandbox's writes (and memeval's) may fail."""

FILLER_PREFIX = "ended when the runs folder's disk filled: "
"""How the reason a sandbox named filler was ended begins (its `agent.exited` reason)."""

INTERVAL_S = 0.05
"""Seconds between two looks at the free space (one `statvfs` per disk: a few microseconds)."""


LOW_WATER_FILES = 512
"""Below this many free inodes (files, folders, links) on the runs folder's disk, it is full as well:
an agent making empty files uses up inodes long before bytes, and memeval's own files need some."""


@dataclass(frozen=True)
class Room:
    """What a disk has free.

    Attributes:
        bytes: bytes an unprivileged writer may still use.
        files: inodes free (files, folders, links); None when the filesystem does not count them (btrfs).
    """

    bytes: int
    files: int | None

    @property
    def low(self) -> bool:
        """Under `LOW_WATER_MB` MiB or `LOW_WATER_FILES` inodes free: writes may fail."""
        return self.bytes < LOW_WATER_MB << 20 or (self.files is not None and self.files < LOW_WATER_FILES)

    def __str__(self) -> str:
        files = f" and {self.files} files" if self.files is not None and self.files < LOW_WATER_FILES else ""
        return f"{self.bytes >> 20} MiB{files}"


def room(path: Path) -> Room:
    """The free room of the filesystem holding `path` (statvfs(3): `f_bavail` x `f_frsize`, `f_favail`)."""
    st = os.statvfs(path)
    return Room(st.f_bavail * st.f_frsize, st.f_favail if st.f_files else None)


MEMEVAL_COPIES = frozenset({"pristine", "left"})
"""Folders of an attempt's host folder that memeval writes (copies of the world), not its sandboxes: not walked."""


def _used(work: Path) -> int:
    """Bytes held by the folders of `work` that its sandboxes write.

    `MEMEVAL_COPIES` are left out (they do not change while a sandbox runs, and walking them would
    double the cost); a tree too deep to measure counts as the most (it is the agent's doing).
    """
    try:
        roots = [e for e in work.iterdir() if e.name not in MEMEVAL_COPIES]
        return disk_usage(roots)
    except TreeTooDeep:
        return 1 << 62
    except FileNotFoundError:  # the attempt's folder is gone (it ended meanwhile)
        return 0


@dataclass(eq=False)
class Turn:
    """One running sandbox of an attempt, as the watch knows it.

    Attributes:
        trial_id: memeval's id of the trial (`task:mode:repeat`), named as a filler.
        work: the attempt's host folder (everything the sandbox can write lies under it).
        dev: the device of `work`'s filesystem (the disk watched).
        base: bytes under `work` when the sandbox was registered.
        fillers: trial ids named filler by the episodes seen while it was registered.
        episodes: the episodes seen (their ids), so each is recorded once.
        stop_reason: set when the sandbox is named an episode's filler: it is ended at once (`FILLER_PREFIX`).
        grown: bytes its folders had grown by when it was named filler (None: never named).
    """

    trial_id: str
    work: Path
    dev: int
    base: int
    fillers: set[str] = field(default_factory=set)
    episodes: set[int] = field(default_factory=set)
    stop_reason: str | None = None
    grown: int | None = None

    def stop(self) -> str | None:
        """Why the sandbox must end now (it was named the filler of an episode), or None (`SandboxSpec.stop`)."""
        return self.stop_reason

    @property
    def filled(self) -> bool:
        """Whether an episode seen while this sandbox ran named its own trial the filler."""
        return self.trial_id in self.fillers

    def others(self) -> list[str]:
        """The other trials named filler while this sandbox ran (sorted)."""
        return sorted(self.fillers - {self.trial_id})


class LowWater:
    """The process's watch over its running sandboxes' disks (see the module); one instance, `LOW`."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._turns: set[Turn] = set()
        self._episode: dict[int, tuple[int, str]] = {}  # device -> (episode id, filler) while low
        self._history: list[tuple[int, float, str]] = []  # (device, last seen low, filler), one per episode
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None

    @contextmanager
    def turn(self, trial_id: str, work: Path) -> Iterator[Turn]:
        """Register a sandbox of `trial_id`'s attempt (host folder `work`) for the `with` block's time.

        On leaving, the disk is looked at once more (a fill made just before the sandbox ended is named).
        """
        t = Turn(trial_id, work, os.stat(work).st_dev, _used(work))
        with self._lock:
            self._turns.add(t)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._loop, name="memeval-lowwater", daemon=True)
                self._thread.start()
        try:
            yield t
        finally:
            self.look(t.dev)
            with self._lock:
                self._turns.discard(t)

    def look(self, dev: int) -> None:
        """Look at disk `dev` now: begin, go on with or end its episode, recording it on its sandboxes."""
        with self._lock:
            turns = [t for t in self._turns if t.dev == dev]
        if not turns:
            return
        try:
            free = room(turns[0].work)
        except OSError:  # the folder is gone: its sandbox is ending
            return
        with self._lock:
            if not free.low:
                self._episode.pop(dev, None)
                return
            episode = self._episode.get(dev)
            if episode is not None:
                self._history[episode[0]] = (dev, time.monotonic(), episode[1])
        if episode is None:
            grown = {t: _used(t.work) - t.base for t in turns}  # outside the lock: walks take time
            top = max(grown, key=lambda t: grown[t])
            with self._lock:
                if dev not in self._episode:
                    # none of them grew: the host's disk filled otherwise, and no sandbox is named
                    filler = top.trial_id if grown[top] > 0 else ""
                    self._episode[dev] = (len(self._history), filler)
                    self._history.append((dev, time.monotonic(), filler))
                    if filler:
                        top.grown = grown[top]
                        top.stop_reason = (
                            f"{FILLER_PREFIX}{free} were left, and this sandbox's folders had grown the "
                            f"most of the {len(turns)} running there, by {grown[top] >> 20} MiB"
                        )
                episode = self._episode[dev]
        with self._lock:
            for t in self._turns:
                if t.dev == dev and episode[0] not in t.episodes:
                    t.episodes.add(episode[0])
                    if episode[1]:
                        t.fillers.add(episode[1])

    def fillers_since(self, path: Path, since: float) -> set[str]:
        """Trial ids named filler of an episode on `path`'s disk seen low at or after `since` (`time.monotonic()`)."""
        dev = os.stat(path).st_dev
        with self._lock:
            return {filler for d, last, filler in self._history if d == dev and last >= since and filler}

    def _loop(self) -> None:
        while True:
            with self._lock:
                devs = {t.dev for t in self._turns}
                if not devs:
                    self._thread = None
                    return
            for dev in devs:
                self.look(dev)
            self._wake.wait(INTERVAL_S)


LOW = LowWater()
"""The watch every attempt of this process registers its sandboxes with."""

"""Where model calls go.

Either a provider URL with a key read from the environment, or a scripted stand-in started as a
local command (the sample team's offline demo).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from pydantic import SecretStr

from memeval.errors import MeterError, UsageError
from memeval.meter import provider_named
from memeval.runner._scratch import die_with_parent, forget_helper, record_helper


@dataclass(frozen=True)
class UpstreamSpec:
    """The provider the metering proxy forwards to.

    Attributes:
        api: a registered provider's name (`memeval.meter.provider_names()`): `openai` (Chat
            Completions and Responses), `anthropic` (Messages), `google` (the Gemini API's
            generateContent), ...
        base_url: the provider's base URL (OpenAI style includes `/v1`; Anthropic's and Google's,
            `https://generativelanguage.googleapis.com`, do not), or None with `command` (then
            `http://127.0.0.1:<port>`, plus `/v1` for `openai`).
        key_env: the host environment variable holding the real key (never given to the agent).
        command: a local command that serves a scripted model; `{port_file}` in it is replaced by
            a file it must write its port number to. Labelled `scripted` on the run card.
        cwd: where `command` runs.
    """

    api: str = "openai"
    base_url: str | None = None
    key_env: str | None = None
    command: tuple[str, ...] | None = None
    cwd: Path | None = None

    def label(self) -> str:
        """How the run card names this upstream (a URL, or `scripted: <command>`)."""
        if self.command:
            return "scripted: " + " ".join(self.command).replace("{port_file}", "PORT_FILE")
        return self.base_url or "none"

    def key(self) -> SecretStr | None:
        """The real key, read from `key_env`.

        Raises:
            UsageError: `key_env` is set but the variable is empty or missing.
        """
        if not self.key_env:
            return None
        value = os.environ.get(self.key_env)
        if not value:
            raise UsageError(
                f"the upstream key variable {self.key_env} is not set: export it, or use a scripted upstream"
            )
        return SecretStr(value)

    def check_command(self) -> None:
        """Refuse a scripted upstream whose program cannot be found, before any run folder is made.

        A name is looked up on memeval's own PATH, a path with a `/` from `cwd` (as the command runs).

        Raises:
            UsageError: the program is not found, or is not an executable file; names it and the fix.
        """
        if not self.command:
            return
        program = self.command[0]
        if "/" in program:
            where = (self.cwd or Path.cwd()) / program
            found = where.is_file() and os.access(where, os.X_OK)
        else:
            found = shutil.which(program) is not None
        if not found:
            raise UsageError(
                f"the scripted upstream's program {program!r} is not found ("
                + (f"no executable file {str(where)!r}" if "/" in program else "not on PATH")
                + "): fix [ab.upstream] command in memeval.toml, or install the program"
            )


class RunningUpstream:
    """A started upstream: its base URL, and the scripted server's process if there is one.

    Args:
        spec: the upstream.
        scratch: the run's scratch folder (`memeval.runner._scratch`): the server's port file and
            log go under it and its process is recorded there, so a later session of the run can
            stop it if this one is killed. None: a fresh temporary folder, removed on exit.
    """

    def __init__(self, spec: UpstreamSpec, scratch: Path | None = None) -> None:
        self.spec = spec
        self.proc: subprocess.Popen[bytes] | None = None
        self.base_url = spec.base_url
        self._scratch = scratch
        self._tmp: Path | None = None

    def __enter__(self) -> RunningUpstream:
        if not self.spec.command:
            return self
        parent = self._scratch
        tmp = self._tmp = Path(tempfile.mkdtemp(prefix="upstream-" if parent else "memeval-upstream-", dir=parent))
        port_file = tmp / "port"
        argv = [a.replace("{port_file}", str(port_file)) for a in self.spec.command]
        with (tmp / "server.log").open("wb") as log:
            try:
                self.proc = subprocess.Popen(
                    argv,
                    cwd=self.spec.cwd,
                    stdout=log,
                    stderr=log,
                    start_new_session=True,
                    preexec_fn=die_with_parent(),  # noqa: PLW1509 - one prctl call, main thread only
                )
            except OSError as exc:
                shutil.rmtree(tmp, ignore_errors=True)
                raise MeterError(f"could not start the scripted upstream {argv!r}: {exc}") from exc
        if parent is not None:
            record_helper(parent, self.proc.pid)
        deadline = time.monotonic() + 15
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                tail = (tmp / "server.log").read_text(errors="replace")[-600:].strip()
                self.__exit__(None, None, None)
                raise MeterError(
                    f"the scripted upstream {argv!r} did not write its port; it printed: {tail or 'nothing'}"
                )
            time.sleep(0.02)
        root = f"http://127.0.0.1:{int(port_file.read_text().strip())}"
        self.base_url = root + provider_named(self.spec.api).base_path  # OpenAI's SDK base URL includes /v1
        return self

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self._scratch is not None:
            forget_helper(self._scratch, self.proc.pid)
        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

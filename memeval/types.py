"""Statuses, kinds and modes, defined once and imported everywhere.

Every word here comes from the product brief (`PRODUCT.md`) and its reference documents: a
*trial* is one task x one mode x one repeat; a *fault* is a statement about the experiment, never
about the agent; *execution* says how the agent's turn ended and *assessment* whether the verifier
scored what it left.
"""

from __future__ import annotations

from typing import Literal

MAX_SECONDS = 7 * 24 * 3600.0
"""Longest budget a task.toml or a command line may give a phase (agent turn, verifier, world build): one
week. A larger number is a typo, and past about 1e9 seconds the clocks memeval waits with overflow."""

Mode = Literal["baseline", "pack"]
"""The two arms of a paired run: `baseline` (cold, empty slice) and `pack` (with a memory slice)."""

MODES: tuple[Mode, ...] = ("baseline", "pack")

Arms = Literal["both", "baseline", "pack"]
"""What `memeval ab --arms` runs: `both` (the paired run), or one arm alone (no verdict is computed)."""


def arm_modes(arms: Arms) -> tuple[Mode, ...]:
    """The modes `--arms ARMS` plans: both (`MODES`, in that order) or the one named."""
    return MODES if arms == "both" else (arms,)


FaultCode = Literal["boot", "timeout", "budget", "cancelled", "process", "protocol", "provider", "internal"]
"""Harness failures, from the harness seed: a fault excludes the trial from scoring.

- `boot`: the agent or its sandbox never started (includes an unsupported Dockerfile line).
- `timeout`: a harness phase (world build, verifier) exceeded its budget.
- `budget`: the spend limit was reached.
- `cancelled`: the run was stopped deliberately (SIGINT, SIGTERM).
- `process`: a harness process died (the sandbox was killed from outside), or another trial's sandbox
  filled the runs folder's disk while this one ran (`memeval.runner._lowwater`).
- `protocol`: harness and runtime disagreed (a malformed reward file, or test.sh killed by a signal,
  which code the tests run can cause; or an agent's turn that filled the runs folder's disk, its
  world then removed unverified: never retried).
- `provider`: the model provider was down for the whole turn: the agent made model calls, the
  provider answered every one with a 5xx (500, 502, 503, Anthropic's 529 overloaded, ...), and none
  succeeded (`memeval.runner._runmeter.CallStats`). A 429 is not one: an agent can provoke rate
  limits by flooding. A turn with one successful call, or one call answered otherwise, stays scored.
- `internal`: memeval's own code raised an exception it did not expect while it ran the attempt (a bug
  in memeval, or in a part it runs: the sandbox backend, the meter, a claim reader); the message names
  the exception and where memeval raised it (`memeval.runner._internal`). Retried only when raised
  before the agent's turn began.
"""

Execution = Literal["completed", "timed_out", "errored", "not_started"]
"""How the agent's turn ended. `timed_out` and `errored` are outcomes: the trial is still verified."""

Assessment = Literal["scored", "unscored", "error"]
"""Whether the verifier scored the trial: `error` when the verifier itself failed."""

CheckLevel = Literal["L0", "L1", "L2", "L2v", "L3"]
"""How strongly a check verified a pass, ordered weakest to strongest.

- `L0`: the agent's claim only (never counted).
- `L1`: an artifact is present.
- `L2`: a command check the agent could have seen or influenced.
- `L2v`: a command check on held-back tests, run after the agent's processes were gone.
- `L3`: a person checked it.
"""

CHECK_LEVELS: tuple[CheckLevel, ...] = ("L0", "L1", "L2", "L2v", "L3")

CheckType = Literal["command", "artifact", "llm", "person"]

ItemKind = Literal["fact", "lesson", "decision"]
"""Kinds of memory item in a pack."""

Control = Literal["oracle", "nop"]
"""Control agents: `oracle` runs the task's solution, `nop` does nothing."""

VerdictWord = Literal["better", "worse", "unresolved"]

Role = Literal["subject", "assessor"]
"""Who made a model call: the agent under test, or a model used to judge it."""

CostReason = Literal["unpriced", "usage_missing"]
"""Why a call has no cost: no price is known for its model, or the response carried no usage."""

HOSTED_TOOLS_NOTE = "tool use(s) the provider ran itself"
"""Words the meter puts in an `unpriced` call's `price_source` when its model's tokens are priced but
the provider also ran tools itself (web search, code execution), which no price table prices; the
projection reads them to give that reason instead of "no price for the model"."""

SERVICE_TIER_NOTE = "priced apart from the standard tier"
"""Words the meter puts in an `unpriced` call's `price_source` when its model's tokens are priced but the
response says another processing tier served it (`service_tier` `priority`, `flex`...), after `service tier
'NAME'`; the projection reads them to give that reason instead of "no price for the model"."""

AUDIO_NOTE = "audio token(s), which providers bill apart from text tokens"
"""Words the meter puts in an `unpriced` call's `price_source` when its model's tokens are priced but the
response counts audio tokens (OpenAI's `audio_tokens` details, Gemini's `AUDIO` modality), after their number:
audio is billed at its own rates (Gemini 2.0 Flash's audio input seven times its text input) that the token
price alone leaves out, so the projection gives that reason instead of "no price for the model"."""

IMAGE_NOTE = "image output token(s), which providers bill apart from text tokens"
"""Words the meter puts in an `unpriced` call's `price_source` when its model's tokens are priced but the
response counts generated images (Gemini's `IMAGE` modality in `candidatesTokensDetails`), after their number:
`gemini-2.5-flash-image` bills them at $30 per million tokens against $2.50 for text, so the token price alone
would be a known cost about twelve times too low; the projection gives that reason instead of "no price for the
model"."""

SURCHARGE_NOTE = "billed above the standard prices"
"""Words the meter puts in an `unpriced` call's `price_source` when its model's tokens are priced at the standard
prices but the response says the call was served otherwise, after `served with WHAT` (Anthropic's `usage.speed`
`fast`: fast mode, six times the standard prices for Opus 4.6; `usage.inference_geo` `us`: 1.1 times), so the
projection gives that reason instead of "no price for the model"."""

CACHE_TTL_NOTE = "1-hour entries, which the request asked for and which are billed above 5-minute ones"
"""Words the meter puts in an `unpriced` call's `price_source` when the request asked for 1-hour cache entries and
the response counts cache writes without saying how many were 1-hour ones (Anthropic's `cache_creation` breakdown
left out), after `counts N cache writes, not how many are`: 1-hour writes are billed at twice the input price, 5-minute
ones at 1.25 times, so the projection gives that reason instead of "no price for the model"."""

UPSTREAM_UNANSWERED = "the upstream had the request and sent no answer, so what it billed is not known"
"""Words the meter puts in the `error` of a call it forwarded whose upstream then closed the connection, or stayed
silent past the proxy's read timeout, before any answer began (`memeval.meter._upstream.UpstreamUnanswered`). The
agent is answered 502, but the provider had the request and bills what it generated: such a call is counted as one
of unknown cost (`unanswered`), never as an error answer that cost nothing."""


def unanswered(error: str | None) -> bool:
    """Whether a call's `error` says the upstream had its request and never answered (`UPSTREAM_UNANSWERED`)."""
    return error is not None and UPSTREAM_UNANSWERED in error


LONG_PROMPT_NOTE = "context window the price table prices"
"""Words the meter puts in an `unpriced` call's `price_source` when its prompt is longer than the model's context
window in genai-prices and the table has no price for such a prompt, after `a prompt of N tokens, past the W-token`
(Claude Sonnet 4 over 200k input tokens, with the 1M-token beta: billed at long-context rates the table lacks), so
the projection gives that reason instead of "no price for the model"."""

InstructionVia = Literal["file", "stdin", "arg"]
"""How a command agent receives its instruction."""

NetworkMode = Literal["proxy", "none"]
"""The agent's network: only the metering proxy (default), or nothing at all."""

Retain = Literal["failed", "always", "never"]
"""Which trial worlds are kept under the run folder."""

TamperPolicy = Literal["flag", "fail"]
"""What a trial with tamper findings gets: `flag` (recorded and shown, the score stands) or
`fail` (scored as failed, with the findings as the reason)."""

TamperKind = Literal[
    "test-runner",
    "shadows-stdlib",
    "shadows-installed",
    "shadows-task-file",
    "entry-points",
    "conftest",
    "startup-hook",
    "path-command",
    "runner-config",
    "verifier-path",
    "installed-package",
    "lingering-process",
    "linked-file",
    "held-copy",
]
"""Kinds of file an agent left that can change how the verifier's tools behave.

- `test-runner`: a module or package named like the test runner (`pytest`, `_pytest`, `pluggy`...).
- `shadows-stdlib`: a top-level module named like a standard-library module.
- `shadows-installed`: a top-level module named like one installed in the task's interpreter.
- `shadows-task-file`: a file the agent added that a tool reads instead of one the task shipped,
  which stays untouched in the diff: `checker/__init__.py` or a compiled `checker.*.so` beside the
  task's `checker.py` (Python imports it first), `checker.py` beside a namespace folder
  `checker/`, a module of the same name at another import root, a file `checker` or `checker.js`
  beside `checker/index.js` (Node's `require`), a `GNUmakefile` or `makefile` beside `Makefile`;
  or a file inside a folder named like a held-back test file (a test.sh copying that file there
  cannot, and may run the folder's content instead).
- `entry-points`: a `*.dist-info`/`*.egg-info` `entry_points.txt` (how pytest finds plugins).
- `conftest`: a `conftest.py` (pytest runs it when it collects that folder), an `__init__.py` with code
  in a test folder (pytest and unittest run it when they import a test placed there), or a test module the
  agent added or changed (`test*.py`, `*_test.py`, Go's `*_test.go`, `*.test.js`, mocha's `test/*.js`, any
  script under jest's `__tests__/`): a runner collecting its folder imports or builds it with the held-back tests,
  in their process; also one, or an `__init__.py` or other module beside Python test modules, that the tested
  program wrote while test.sh ran (a JavaScript one unless compiled from a TypeScript file there before).
- `startup-hook`: a `*.pth`, `sitecustomize` or `usercustomize` (run at interpreter start).
- `path-command`: a file in an agent-writable folder on the verifier's PATH, an executable
  named like a command of the image, or a command of the task's virtual environment
  (`/app/venv/bin/python`), changed by the agent or while test.sh ran.
- `runner-config`: test-runner configuration (`pytest.ini`, `[tool.pytest...]` in
  `pyproject.toml`, `[tool:pytest]` in `setup.cfg`, `[pytest]` in `tox.ini`), Node's test runners'
  and package managers' (`jest.config.js`, `.mocharc.yml`, `.npmrc`...), and git's (a hook,
  `.git/config`, `.gitattributes`: what git runs when the tests call it), cargo's, rspec's, bundler's
  and Maven's in the project (`.cargo/config.toml`, `.rspec`, `.bundle/config`, `.mvn/*.config`,
  `.mvn/extensions.xml`), prove's, rustup's and Go's (`.proverc`, `rust-toolchain.toml`,
  `go.work`), where a project says its imports are found (`go.mod` `replace`, a `go.mod` added inside another
  module, `Cargo.toml` `[patch]` and a dependency's `path`/`git`, `tsconfig.json`/`jsconfig.json` `paths`,
  `deno.json` `imports`, an import map) when the agent added or changed it, a `package.json` whose `scripts` or
  test-runner section changed (any written while test.sh ran), and a virtual environment's (`pyvenv.cfg`: where its
  python finds the standard library);
  also user configuration found in the verifier's fresh home folder after test.sh ended (`/tmp/.proverc`,
  `/tmp/.gitconfig`...: written
  by test.sh or the program it ran, and read by a tool test.sh ran after), and user configuration in a home folder
  the password database names that a world folder holds (`/root/.sqliterc`, `/root/.m2/...`, `/var/www/...`: the
  sqlite3 shell, Java's `user.home` and a tool run as that user read it, not `HOME`).
- `verifier-path`: a symlink or file put where memeval mounts the verifier's folders, or a symlink
  leading into them (removed).
- `installed-package`: a file added or changed inside an installed package tree in a world folder
  (`site-packages`, `dist-packages`, `node_modules`, `vendor`, `.yarn`), where a task's own tools often live, by the
  agent or while test.sh ran (its `__pycache__` and `.cache` folders aside).
- `lingering-process`: processes still running in the verifier's sandbox when test.sh exited
  (named by command only); they were stopped and killed before the reward was read, but one
  could have rewritten it between test.sh's last write and that moment. Also orphans (processes
  that outlived the process that started them) that ended while test.sh ran: one could have
  rewritten the reward after test.sh's last write and exited before test.sh did. A test.sh may leave a
  server running on purpose, so this is a finding, not a fault.
- `linked-file`: a file that is another name of a file the tests may write: a hard link (one of
  several names of one file), or a symlink to a file in a world folder or to a path there that
  does not exist yet. A test.sh that copies its expected output into the world (`cp
  /tests/expected.txt /app/expected.txt`, then compares) writes the agent's answer with it. Also a
  symlink made while test.sh ran to a folder its programs could write (`/app/tests -> /tmp/t`), or to
  nothing memeval can see: a tool reads what it leads to under that name, where memeval never looks.
- `held-copy`: an entry named like a held-back test's file removed or renamed away, while test.sh ran, from a
  world folder holding test modules (`/app/tests/test_outputs.py`, the copy test.sh put there: the runner then
  collected the task's other tests only), or a file named like one written then with other content than its
  (`/app/expected.txt`, which test.sh compares the program's output with) (`memeval.runner._heldwatch`).
"""

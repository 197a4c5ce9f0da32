"""CPU the verifier spends vouching for uv's activation scripts in an environment test.sh made (breaker46).

`memeval.runner._madebin.tool_template` looks each activation script of a made environment up in uv's binary (its
first line finds the template, which the script must then match whole). This makes an environment with the given
uv (`uv venv`, offline, the image's `/usr/bin/python3`) under a temporary folder and prints, per script, the CPU
milliseconds of the first look-up (the binary mapped and searched) and of a second one (cached), in this process.

    .venv/bin/python bench/uv_activation_check.py --uv ~/.cache/memeval/envs/<env>/bin/uv
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _machine import load_line

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from memeval.runner._madebin import tool_template  # noqa: E402  (the checkout this bench sits in)

SCRIPTS = ("activate", "activate.csh", "activate.fish")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uv", required=True, help="path of a uv binary (the one a Dockerfile's pip installed)")
    args = parser.parse_args()
    print(load_line("before"))
    with tempfile.TemporaryDirectory() as tmp:
        venv = Path(tmp) / ".tbench-testing"
        env = {**os.environ, "UV_OFFLINE": "1", "UV_NO_CACHE": "1"}
        subprocess.run([args.uv, "venv", "-q", "--python", "/usr/bin/python3", str(venv)], check=True, env=env)
        for name in SCRIPTS:
            data = (venv / "bin" / name).read_bytes()
            times = []
            for _ in range(2):
                t = time.process_time()
                ok = tool_template(data, (args.uv,))
                times.append((time.process_time() - t) * 1000)
            print(f"{name}: vouched {ok}, first {times[0]:.1f} ms CPU, cached {times[1]:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

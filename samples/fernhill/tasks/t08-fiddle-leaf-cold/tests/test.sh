#!/bin/sh
# Held-back verifier: run the checks from the working directory and write 1 or 0.
# A pass needs the checks' own last line, "ok": code under test that exits early (os._exit(0)
# on import) would otherwise look like a pass.
mkdir -p /logs/verifier
out=$(python3 /tests/test_task.py)
status=$?
printf '%s\n' "$out"
if [ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = "ok" ]; then
    echo 1 > /logs/verifier/reward.txt
else
    echo 0 > /logs/verifier/reward.txt
fi

#!/bin/sh
# Held-back verifier: run the checks from the working directory and write 1 or 0.
# A pass needs the checks' own exit 0 and last line, "ok". The checks run with -I (no /app, no
# PYTHON* settings on their path) and call the agent's code only in a child process
# (isolated_calls.py), so nothing that code does (os._exit, atexit, printing "ok") is their verdict.
mkdir -p /logs/verifier
out=$(python3 -I /tests/test_task.py)
status=$?
printf '%s\n' "$out"
if [ "$status" -eq 0 ] && [ "$(printf '%s\n' "$out" | tail -n 1)" = "ok" ]; then
    echo 1 > /logs/verifier/reward.txt
else
    echo 0 > /logs/verifier/reward.txt
fi

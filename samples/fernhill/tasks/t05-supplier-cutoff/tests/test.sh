#!/bin/sh
# Held-back verifier: run the checks from the working directory and write 1 or 0.
mkdir -p /logs/verifier
if python3 /tests/test_task.py; then
    echo 1 > /logs/verifier/reward.txt
else
    echo 0 > /logs/verifier/reward.txt
fi

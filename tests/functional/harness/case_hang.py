#!/usr/bin/env python3
"""Harness case: a test that never ends; the runner's per-test timeout
(GTA04_FUNCTIONAL_TIMEOUT, set low by test_harness.py) must stop it and count
it as failed."""
import time

if __name__ == "__main__":
    time.sleep(3600)

"""Example agents that do real work offline, used by `make demo`, the docs and tests."""

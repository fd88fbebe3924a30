"""The `menace` command: catalogue look-ups, the printable kit, the game tracker and the simulator.

One subpackage a job, in layers (import-linter checks them): cli on top; web, lab and formats; table;
store and sim; state at the bottom.
"""

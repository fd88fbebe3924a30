"""The `menace` command: catalogue look-ups, the printable kit, the game tracker and the simulator."""

"""The `menace` commands: click lives here (and in tracker.cli), each command a few lines over the library."""

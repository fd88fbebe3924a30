"""The `menace` command line: click lives here only, each command a few lines over the library below."""

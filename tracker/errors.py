"""The one error type the `menace` command shows: a single line and exit code 2."""
from __future__ import annotations

import click


class MenaceError(click.ClickException):
    """A message a person can act on; printed as 'Error: ...' with exit code 2."""

    exit_code = 2

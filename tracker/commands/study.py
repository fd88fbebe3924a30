"""`menace study`: experiments over many seeds and matches, as tables (and PDF charts)."""

from __future__ import annotations

import click

from tracker.commands.learner_studies import learners, qlearn


@click.group()
def study() -> None:
    """Experiments over many seeds: learners side by side, and Q-learning's transfer between Nim games."""


study.add_command(learners)
study.add_command(qlearn)

COMMANDS = [study]

"""The command reference, made from the click commands themselves: each command's name and its --help.

mkdocs calls ``on_page_markdown`` (mkdocs.yml's hooks) for every page and this fills the commands page's
marker; ``python tools/command_reference.py`` prints the same Markdown.
"""

from __future__ import annotations

from typing import Any

import click

from tracker.cli.index import COMMANDS, SECTIONS
from tracker.cli.main import main as menace

MARKER = "<!-- the commands, from their --help -->"


def command_help(name: str) -> str:
    """``menace NAME --help`` as click prints it, 100 columns wide whatever the terminal."""
    group_context = click.Context(menace, info_name="menace", terminal_width=100, max_content_width=100)
    command = menace.get_command(group_context, name)
    assert command is not None, name
    with click.Context(command, info_name=name, parent=group_context) as context:
        return command.get_help(context)


def markdown() -> str:
    """A section per command under the headings of `menace --help`, in its order."""
    parts = []
    for title, names in SECTIONS:
        parts.append(f"## {title}\n")
        for name in names:
            text = command_help(name)
            parts.append(f"### menace {name}\n\n{COMMANDS[name].short_help}\n\n```text\n{text}\n```\n")
    return "\n".join(parts)


def on_page_markdown(text: str, page: Any, **_: Any) -> str:
    if MARKER not in text:
        return text
    return text.replace(MARKER, markdown())


if __name__ == "__main__":
    print(markdown())

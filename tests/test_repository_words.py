"""Nothing in the repository points where a user's clone cannot follow: the team's notes, its issues, or a
package index that has no menace-kit."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The team's notes (a file of facts and a folder beside the repository) and its issue numbers ("issue 12").
# Their names are spelled in pieces, so that this file does not point at them either.
NOTES, FOLDER = "facts" + ".md", "sha" + "red"
OUTSIDE = re.compile(rf"{re.escape(NOTES)}|\b{FOLDER}/|\"{FOLDER}\"|\bissues? #?\d", re.IGNORECASE)


def tracked_text_files() -> list[Path]:
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    paths = [ROOT / name for name in names.splitlines() if name != "tests/test_repository_words.py"]
    return [path for path in paths if path.suffix not in (".mo", ".png", ".pdf") and path.is_file()]


def test_no_file_names_the_teams_notes_or_an_issue_number():
    found = []
    for path in tracked_text_files():
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if OUTSIDE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert found == []


# menace-kit is installed from its folder, not from a package index: `pip install 'menace-kit[fast]'` finds
# nothing there today, and would install whatever someone later registers under that name.
INDEX_INSTALL = re.compile(r"pip3? install\s+(?:-\S+\s+)*['\"]?menace-kit\b")


def test_no_file_tells_anyone_to_install_menace_kit_from_a_package_index():
    found = []
    for path in tracked_text_files():
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            if INDEX_INSTALL.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert found == []
    assert INDEX_INSTALL.search("pip install 'menace-kit[web]'")
    assert INDEX_INSTALL.search("pip install -U menace-kit")
    assert not INDEX_INSTALL.search("pip install '.[web]' in menace-kit's folder")


def test_the_check_sees_a_reference():
    assert OUTSIDE.search("as issue 10 asks") and OUTSIDE.search(f"see ../{FOLDER}/peers")
    assert OUTSIDE.search(f"({NOTES}: roughly 60%)") and not OUTSIDE.search(f"a {FOLDER} store")

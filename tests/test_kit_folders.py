"""Where `menace generate` puts a kit (generator/printed_kit.py, generator/pdfout.py): a kit's folder is
replaced whole or not at all, so a stopped run never leaves two kits mixed in one folder."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from generator.pdfout import atomic_folder
from tracker.cli.main import main


def run_generate(*args: str):
    return CliRunner().invoke(main, ["generate", *args])


def hashes(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_a_failed_document_leaves_the_old_kit_as_it_was(tmp_path, monkeypatch):
    from generator.documents import legend

    assert run_generate("--game", "nim", "--out", str(tmp_path)).exit_code == 0
    old = hashes(tmp_path / "nim")

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(legend, "draw_rules_card", broken)
    result = run_generate("--game", "nim", "--rules", "nim-floor0", "--force", "--out", str(tmp_path))
    assert result.exit_code == 2
    message = f"Error: cannot write the kit to {tmp_path / 'nim'}: No space left on device"
    assert result.stderr.splitlines()[-1] == message
    assert hashes(tmp_path / "nim") == old  # the other kit's calibration and labels are not in it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nim"]  # and no half-written folder beside it


def test_a_kill_9_mid_generate_leaves_the_old_kit_or_the_new_one(tmp_path):
    command = [sys.executable, "-m", "tracker", "generate", "--game", "hexapawn", "--out", str(tmp_path)]
    subprocess.run(command, capture_output=True, check=True)
    old = hashes(tmp_path / "hexapawn")
    # Another kit (its palette) into the same folder, killed as soon as two of its documents are written.
    again = [*command, "--palette", "hexapawn-craft", "--force"]
    with subprocess.Popen(again, stderr=subprocess.PIPE, text=True) as run:
        assert run.stderr is not None
        wrote = 0
        for line in run.stderr:
            wrote += line.startswith("wrote ")
            if wrote == 2:
                os.kill(run.pid, signal.SIGKILL)
                break
        run.wait()
    assert run.returncode == -signal.SIGKILL
    assert hashes(tmp_path / "hexapawn") == old
    subprocess.run(again, capture_output=True, check=True)
    new = hashes(tmp_path / "hexapawn")
    assert sorted(new) == sorted(old)
    assert all(new[name] != old[name] for name in ("labels.pdf", "legend.pdf", "kit.json"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hexapawn"]


def test_a_folder_moved_aside_by_a_killed_run_is_put_back_first(tmp_path):
    # A run killed between its two renames: the old kit is beside its place, the new one not yet in it.
    aside = tmp_path / ".kit.old-x" / "kit"
    aside.mkdir(parents=True)
    (aside / "a").write_text("old")
    (tmp_path / ".kit.new-y").mkdir()
    with atomic_folder(tmp_path / "kit", ["a"]) as fresh:
        assert (tmp_path / "kit" / "a").read_text() == "old"
        (fresh / "a").write_text("new")
    assert (tmp_path / "kit" / "a").read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kit"]


def test_a_kit_folder_with_files_of_ones_own_is_not_replaced(tmp_path):
    folder = tmp_path / "nim"
    folder.mkdir()
    (folder / "notes.txt").write_text("ours")
    result = run_generate("--game", "nim", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        f"Error: {folder} holds files that are not a kit's (notes.txt): give --out another folder"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["nim"]
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_variants_of_a_kit_leave_the_default_kit_byte_for_byte(tmp_path):
    assert run_generate("--out", str(tmp_path)).exit_code == 0
    kits = {game: hashes(tmp_path / game) for game in ("tictactoe", "nim", "hexapawn")}
    variants = [
        ("--game", "tictactoe", "--menace-plays", "second"),
        ("--game", "hexapawn", "--menace-plays", "first"),
        ("--game", "nim", "--stock", "avery-l7160"),
        ("--game", "hexapawn", "--palette", "hexapawn-craft"),
        ("--game", "nim", "--paper", "letter"),
        ("--game", "nim", "--lang", "de"),
    ]
    for variant in variants:
        result = run_generate(*variant, "--out", str(tmp_path))
        assert result.exit_code == 2, variant
        assert "--force" in result.output.splitlines()[-1], result.output
    assert {game: hashes(tmp_path / game) for game in kits} == kits
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(kits)
    # The same kit again is written over, byte for byte the same.
    assert run_generate("--game", "nim", "--out", str(tmp_path)).exit_code == 0
    assert hashes(tmp_path / "nim") == kits["nim"]


def test_a_refusal_says_what_differs_and_force_replaces(tmp_path):
    assert run_generate("--game", "hexapawn", "--out", str(tmp_path)).exit_code == 0
    result = run_generate("--game", "hexapawn", "--menace-plays", "first", "--out", str(tmp_path))
    assert result.output.splitlines() == [
        f"Error: {tmp_path / 'hexapawn'} holds another kit (side second there, first here): give --out "
        "another folder, or --force to replace it"
    ]
    forced = run_generate("--game", "hexapawn", "--menace-plays", "first", "--force", "--out", str(tmp_path))
    assert forced.exit_code == 0, forced.output
    assert '"side": "first"' in (tmp_path / "hexapawn" / "kit.json").read_text()

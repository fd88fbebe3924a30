"""Shows that the tests catch broken rules: applies named mutants one at a time and runs the suite.

Each mutant replaces one exact snippet of the source (a rule check switched off, rewards swapped, ...).
The script copies the repository's files (tracked and untracked, as they are in the working tree,
without what .gitignore ignores) to a temporary folder, runs the tests there once unchanged, then once
per mutant, and prints a table: mutant, killed or survived, and the first failing test. The working
tree is never touched. A snippet that no longer matches exactly once stops the script before any
test runs, so a stale mutant can never pass silently: update it with the code it mutates.

Run from the repository root with the project's environment:

    .venv/bin/python tools/mutants.py                      # every mutant, the full suite (-x)
    .venv/bin/python tools/mutants.py --mutant settle      # mutants whose name contains "settle"
    .venv/bin/python tools/mutants.py -- tests/test_matchbox.py -k keep   # a subset of the tests
    .venv/bin/python tools/mutants.py --list

Exit status: 0 when every mutant is killed, 1 when one survives, 2 when a snippet is stale, the
unchanged suite fails, or a run ends in an error that is not a failing test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str
    path: str  # relative to the repository root
    original: str  # must occur exactly once in the file
    replacement: str


MUTANTS = (
    Mutant(
        "tracker: refill-draw check off",
        "tracker/state/events.py",
        "        if added != expected:\n",
        "        if False and added != expected:\n",
    ),
    Mutant(
        "tracker: bead-in-box check off",
        "tracker/state/events.py",
        "    if world.mirror is not None and world.mirror[box].get(move, 0) < 1:\n",
        "    if False and world.mirror is not None and world.mirror[box].get(move, 0) < 1:\n",
    ),
    Mutant(
        "tracker: settlement check off",
        "tracker/state/events.py",
        '        if event.data["changes"] != _changes_data(world.kit, changes):\n',
        '        if False and event.data["changes"] != _changes_data(world.kit, changes):\n',
    ),
    Mutant(
        "tracker: refill of a box that is not empty allowed",
        "tracker/state/events.py",
        "        if sum(world.mirror[box.id].values()):\n",
        "        if False and sum(world.mirror[box.id].values()):\n",
    ),
    Mutant(
        "tracker: refill allowed under rules that resign",
        "tracker/state/events.py",
        '    if world.kit.rules.empty_box != "refill":\n',
        '    if False and world.kit.rules.empty_box != "refill":\n',
    ),
    Mutant(
        "tracker: a bead's square on the real board unchecked",
        "tracker/state/session.py",
        "    elif bead not in beads_for(kit, where, played):\n",
        "    elif False and bead not in beads_for(kit, where, played):\n",
    ),
    Mutant(
        "tracker: resigning allowed under rules that refill",
        "tracker/state/events.py",
        '    if world.kit.rules.empty_box != "resign":\n',
        '    if False and world.kit.rules.empty_box != "resign":\n',
    ),
    Mutant(
        "tracker: resigning in front of a box with beads allowed",
        "tracker/state/events.py",
        "    if world.mirror is not None and sum(world.mirror[box.id].values()) > 0:\n",
        "    if False and world.mirror is not None and sum(world.mirror[box.id].values()) > 0:\n",
    ),
    Mutant(
        "tracker: undo of another than the last move allowed",
        "tracker/state/events.py",
        '    if event.data["event"] != sessions.last_event(session):\n',
        '    if False and event.data["event"] != sessions.last_event(session):\n',
    ),
    Mutant(
        "tracker: a game ended before it is over",
        "tracker/state/events.py",
        "    if sessions.turn(world.kit, session) is not Turn.OVER:\n",
        "    if False and sessions.turn(world.kit, session) is not Turn.OVER:\n",
    ),
    Mutant(
        "tracker: a game's result unchecked",
        "tracker/state/events.py",
        '    if event.data["result"] != result:\n',
        '    if False and event.data["result"] != result:\n',
    ),
    Mutant(
        "tracker: a game started while one is in progress",
        "tracker/state/events.py",
        "    if world.session is not None:\n        raise EventError(\n",
        "    if False and world.session is not None:\n        raise EventError(\n",
    ),
    Mutant(
        "tracker: an unknown opponent accepted",
        "tracker/state/events.py",
        '    if not _known_opponent(data["opponent"]) or data["draw"] not in BEAD_SOURCES:\n',
        '    if False and not _known_opponent(data["opponent"]) or data["draw"] not in BEAD_SOURCES:\n',
    ),
    Mutant(
        "tracker: a census of a colour the box does not hold accepted",
        "tracker/state/events.py",
        "    for move, count in counts.items():\n        if move not in box.moves:\n",
        "    for move, count in counts.items():\n        if False and move not in box.moves:\n",
    ),
    Mutant(
        "tracker: a census count out of range accepted",
        "tracker/state/events.py",
        "        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 9999:\n",
        "        if False:\n",
    ),
    Mutant(
        "tracker: a game reopened that is not the one just finished",
        "tracker/state/events.py",
        "    if world.session is not None or ended is None:\n",
        "    if False and (world.session is not None or ended is None):\n",
    ),
    Mutant(
        "tracker: a reopened game's beads unchecked",
        "tracker/state/events.py",
        "        if world.mirror is not None and world.mirror[box].get(move, 0) != after:\n",
        "        if False and world.mirror is not None and world.mirror[box].get(move, 0) != after:\n",
    ),
    Mutant(
        "tracker: a trained event may give a colour twice",
        "tracker/state/events.py",
        '    if set(counts) != every or len(event.data["counts"]) != len(every):\n',
        "    if set(counts) != every:\n",
    ),
    Mutant(
        "store: a read is not one snapshot",
        "tracker/store/event_store.py",
        '        self.db.execute("BEGIN")\n        try:\n            yield\n',
        "        if True:\n            yield\n            return\n        try:\n            yield\n",
    ),
    Mutant(
        "store: a lock waited for too long is not told apart",
        "tracker/store/event_store.py",
        "    return isinstance(error, sqlite3.OperationalError) and code in locked\n",
        "    return False\n",
    ),
    Mutant(
        "table: a correction taken behind a table's back",
        "tracker/table/play_lock.py",
        "    try:\n        with playing(store, kit, wait=0.0):\n            yield\n",
        "    try:\n        yield\n",
    ),
    Mutant(
        "import: a kit that verify rejects taken",
        "tracker/store/exchange.py",
        "    if problem is not None:  # `menace verify` would reject the kit\n",
        "    if False:\n",
    ),
    Mutant(
        "import: a failed import leaves the store it made",
        "tracker/cli/log.py",
        "            leftover.unlink(missing_ok=True)\n",
        "            pass\n",
    ),
    Mutant(
        "export: a pipe or device replaced by a file",
        "tracker/cli/outputs.py",
        '    if (target.exists() and not target.is_file()) or str(out).startswith(("/dev/", "/proc/")):\n',
        "    if False:\n",
    ),
    Mutant(
        "export: a symlink replaced by a file",
        "tracker/cli/outputs.py",
        "    target = Path(os.path.realpath(out))\n",
        "    target = Path(out)\n",
    ),
    Mutant(
        "export: closed standard output unchecked",
        "tracker/cli/log.py",
        "        if sys.stdout is None:  # started with standard output closed\n",
        "        if False:\n",
    ),
    Mutant(
        "import: a byte order mark read as text",
        "tracker/cli/log.py",
        '        text = file.read_text(encoding="utf-8-sig")',
        '        text = file.read_text(encoding="utf-8")',
    ),
    Mutant(
        "games: --last unbounded",
        "tracker/cli/games.py",
        "click.IntRange(1, 10**9)",
        "click.IntRange(1)",
    ),
    Mutant(
        "web: a body nested too deeply is a 500",
        "tracker/web/app.py",
        "    if _nesting(raw) > MAX_DEPTH:",
        "    if False:",
    ),
    Mutant(
        "rules: win and draw rewards swapped",
        "kit/rules.py",
        "            return self.win\n        return self.draw if result is Result.DRAW else self.loss\n",
        "            return self.draw\n        return self.win if result is Result.DRAW else self.loss\n",
    ),
    Mutant(
        "settle: floor off",
        "kit/matchbox.py",
        "        after = max(rules.floor, draw.left_of_colour + 1 + (0 if spared else rules.change(result)))"
        "\n",
        "        after = draw.left_of_colour + 1 + (0 if spared else rules.change(result))\n",
    ),
    Mutant(
        "settle: a defeat punishes every move under last-move rules",
        "kit/matchbox.py",
        '        spared = rules.punish == "last-move" and result is Result.LOSS and index < len(draws) - 1\n',
        "        spared = False\n",
    ),
    Mutant(
        "settle: keep-one off",
        "kit/matchbox.py",
        "        if keeps_one and others + after == 0:\n",
        "        if False and keeps_one and others + after == 0:\n",
    ),
    Mutant(
        "catalogue: first-move-box predicate inverted",
        "kit/matchbox.py",
        "        return box_id in self.first_move_boxes\n",
        "        return box_id not in self.first_move_boxes\n",
    ),
    Mutant(
        "when_empty: refill count changed",
        "kit/matchbox.py",
        "    for _refill in range(rules.refill_beads):\n",
        "    for _refill in range(rules.refill_beads + 1):\n",
    ),
    Mutant(
        "import: end-line count check off",
        "tracker/store/exchange.py",
        '            if record != {"end": END, "events": count}:\n',
        '            if False and record != {"end": END, "events": count}:\n',
    ),
    Mutant(
        "import: a file without its end line taken",
        "tracker/store/exchange.py",
        "    if ends:\n        raise cut_short(len(lines))\n",
        "    if False:\n        raise cut_short(len(lines))\n",
    ),
    Mutant(
        "import: a CSV file without its end row taken",
        "tracker/store/exchange.py",
        "        raise ImportRejected(message.format(number=reader.line_num, error=error)) from None\n"
        "    raise cut_short(reader.line_num)\n",
        "        raise ImportRejected(message.format(number=reader.line_num, error=error)) from None\n",
    ),
    Mutant(
        "import: lines after the end line taken",
        "tracker/store/exchange.py",
        "            if any(rest.strip() for rest in lines[number:]):\n",
        "            if False:\n",
    ),
    Mutant(
        "store: results checksum not checked",
        "tracker/store/event_store.py",
        "        if (self.games_checksum(kit.id) or 0) != _games_digest(rows):",
        "        if False:",
    ),
    Mutant(
        "store: results checksum not moved by a games write",
        "tracker/store/event_store.py",
        "        delta = (game_term(*new) if new else 0) - (game_term(*old) if old else 0)\n",
        "        delta = 0\n",
    ),
    Mutant(
        "players: mcts iteration bound off",
        "kit/players.py",
        "        if not (1 <= spec.iterations <= MCTS_MAX and spec.explore >= 0.0",
        "        if not (1 <= spec.iterations and spec.explore >= 0.0",
    ),
    Mutant(
        "datafiles: upper bound off",
        "kit/datafiles.py",
        "        if value > most:\n",
        "        if False:\n",
    ),
    Mutant(
        "datafiles: lower bound of a signed number off",
        "kit/datafiles.py",
        "        if least is None and value < -most:",
        "        if False:",
    ),
    Mutant(
        "datafiles: TOML nested too deeply not caught",
        "kit/datafiles.py",
        "    except RecursionError:  # arrays or tables nested thousands deep",
        "    except ZeroDivisionError:  # arrays or tables nested thousands deep",
    ),
    Mutant(
        "rebuild: drops finished games without --force",
        "tracker/store/replay.py",
        "            if dropped and not force:\n",
        "            if False:\n",
    ),
    Mutant(
        "web: the depth bound one level off",
        "tracker/web/app.py",
        "    if _nesting(raw) > MAX_DEPTH:",
        "    if _nesting(raw) > MAX_DEPTH + 1:",
    ),
    Mutant(
        "web: brackets inside a string counted as nesting",
        "tracker/web/app.py",
        "    text = STRING.sub(b'\"\"', raw)\n",
        "    text = raw\n",
    ),
    Mutant(
        "web: a move on a board that changed is played",
        "tracker/web/app.py",
        "    return made_on == store.head(kit.id)\n",
        "    return True\n",
    ),
    Mutant(
        "web: a move need not say its board",
        "tracker/web/app.py",
        '        if action == "move":\n            message = _(\'a move must say',
        "        if False:\n            message = _('a move must say",
    ),
    Mutant(
        "web: the play page's move does not say its board",
        "tracker/web/static/play.js",
        "      body: JSON.stringify({...change, version: board}),\n",
        "      body: JSON.stringify(change),\n",
    ),
    Mutant(
        "web: a page load pushes out tokens in use",
        "tracker/web/tokens.py",
        "        return self._add(self._in_use, self.keep_in_use, kit_id)\n",
        "        return self._add(self._unused, self.keep_unused, kit_id)\n",
    ),
    Mutant(
        "web: no read timeout on connections",
        "tracker/web/server.py",
        "        timeout = seconds\n",
        "        timeout = None\n",
    ),
    Mutant(
        "web: a run refused names the process holding the kit",
        "tracker/web/told.py",
        "    if isinstance(error, KitInPlay):",
        "    if False:",
    ),
    Mutant(
        "web: a connection closed by the read timeout logged as an error",
        "tracker/web/server.py",
        '            if not format.startswith("Request timed out"):\n',
        "            if True:\n",
    ),
    Mutant(
        "faults: a damaged store not told from another error",
        "tracker/store/faults.py",
        "    if code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB) or str(error).startswith("
        "DAMAGED_TEXT):",
        "    if False:",
    ),
    Mutant(
        "faults: SQLite's unreadable message not a damaged store",
        "tracker/store/faults.py",
        "    if isinstance(error, UnicodeDecodeError):",
        "    if False:",
    ),
    Mutant(
        "faults: a disk I/O error not said",
        "tracker/store/faults.py",
        "    if code == sqlite3.SQLITE_IOERR:",
        "    if False:",
    ),
    Mutant(
        "faults: a fault met reading rows passes as SQLite's",
        "tracker/store/faults.py",
        "            yield from iter(functools.partial(_NEXT, self), object())\n"
        "        except (sqlite3.Error, UnicodeDecodeError) as error:",
        "            yield from iter(functools.partial(_NEXT, self), object())\n"
        "        except ZeroDivisionError as error:",
    ),
    Mutant(
        "verify: a damaged store met in the log crashes",
        "tracker/store/replay.py",
        "        except StoreDamaged as error:  # a page SQLite cannot read",
        "        except ZeroDivisionError as error:  # a page SQLite cannot read",
    ),
    Mutant(
        "verify: a store SQLite cannot open is an error, not a FAIL",
        "tracker/cli/log.py",
        "    except StoreDamaged as error:  # so damaged SQLite cannot open it",
        "    except ZeroDivisionError as error:  # so damaged SQLite cannot open it",
    ),
    Mutant(
        "verify: an event field that is not text unchecked",
        "tracker/store/replay.py",
        "        if not all(isinstance(text, str) for text in texts) or not isinstance(game, str | None):",
        "        if False:",
    ),
    Mutant(
        "store: a stored text that is not JSON crashes",
        "tracker/store/event_store.py",
        "            return json.loads(text)\n        except (ValueError, TypeError, RecursionError):",
        "            return json.loads(text)\n        except ZeroDivisionError:",
    ),
    Mutant(
        "events: a kit_created event missing a field crashes",
        "tracker/state/events.py",
        "        mirror = {b.id: dict(zip(b.moves, b.beads, strict=True)) for b in kit.boxes}\n"
        "    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:",
        "        mirror = {b.id: dict(zip(b.moves, b.beads, strict=True)) for b in kit.boxes}\n"
        "    except ZeroDivisionError as error:",
    ),
    Mutant(
        "rebuild: a games row naming another kit left in the way",
        "tracker/store/event_store.py",
        '        self.db.executemany("DELETE FROM games WHERE id = ?", ((game_id,) for game_id in '
        "done.games))\n",
        "",
    ),
    Mutant(
        "store: a read-only -shm left beside a writable store",
        "tracker/store/event_store.py",
        "            if beside.exists() and not os.access(beside, os.W_OK):",
        "            if False:",
    ),
    Mutant(
        "store: a read-only store's -wal left unread",
        "tracker/store/event_store.py",
        "            if has_log(self.path):",
        "            if False:",
    ),
    Mutant(
        "record: a heaps kit's move split at its spaces",
        "tracker/formats/record.py",
        "                world = _record_line(store, world, line_moves(text))",
        '                world = _record_line(store, world, text.replace(",", " ").split())',
    ),
    Mutant(
        "nim: an empty heap between commas taken",
        "kit/nim.py",
        '    if "," in text and any(not part.strip() for part in text.split(",")):',
        "    if False:",
    ),
    Mutant(
        "palettes: a colour called by a table command taken",
        "kit/palettes.py",
        "        if words and (colour.name.lower().strip() in TABLE_WORDS or words[0] in TABLE_WORDS):",
        "        if False:",
    ),
    Mutant(
        "web: a damaged store not told apart (a 500 naming nothing to do)",
        "tracker/web/app.py",
        "        except STORE_FAULTS as error:",
        "        except ZeroDivisionError as error:",
    ),
    Mutant(
        "paths: generate over another kit without --force allowed",
        "generator/printed_kit.py",
        "    if differ:\n        differences",
        "    if False and differ:\n        differences",
    ),
    Mutant(
        "paths: generate replaces a folder holding someone's own files",
        "generator/pdfout.py",
        "        if strangers:\n",
        "        if False and strangers:\n",
    ),
    Mutant(
        "paths: a kit folder moved aside by a killed generate not put back",
        "generator/pdfout.py",
        "    _recover(folder)\n",
        "    pass\n",
    ),
    Mutant(
        "paths: an output onto the store allowed",
        "tracker/cli/outputs.py",
        "            if _same(out, path):\n",
        "            if False and _same(out, path):\n",
    ),
    Mutant(
        "paths: an output onto an input allowed",
        "tracker/cli/outputs.py",
        "        if source is not None and _same(out, Path(source)):\n",
        "        if False and source is not None and _same(out, Path(source)):\n",
    ),
    Mutant(
        "paths: graph --out written in place",
        "tracker/cli/catalogue.py",
        "            write_graphml(tree, temporary)\n",
        "            write_graphml(tree, out)\n",
    ),
    Mutant(
        "paths: an import into a new store linked over one made meanwhile",
        "tracker/cli/log.py",
        "            os.link(staged, path)  #",
        "            os.replace(staged, path)  #",
    ),
    Mutant(
        "paths: an import into a new store made in place",
        "tracker/cli/log.py",
        "    if not path.exists():  # filled beside it",
        "    if False and not path.exists():  # filled beside it",
    ),
    Mutant(
        "paths: whole numbers converted unbounded",
        "kit/numerals.py",
        '    if not (word.isascii() and word.isdigit()) or len(word.lstrip("0")) > MOST_DIGITS:\n',
        "    if not (word.isascii() and word.isdigit()):\n",
    ),
    Mutant(
        "paths: an empty file name taken",
        "tracker/cli/options.py",
        "        if not text.strip():  #",
        "        if False:  #",
    ),
    Mutant(
        "paths: a name over 255 bytes taken",
        "tracker/cli/options.py",
        "        if too_long is not None:  #",
        "        if False:  #",
    ),
    Mutant(
        "paths: NaN taken by a finite range",
        "tracker/cli/options.py",
        "        if math.isnan(number):\n",
        "        if False:\n",
    ),
    Mutant(
        "paths: a folder taken as the store",
        "tracker/store/event_store.py",
        "        if is_folder:  #",
        "        if False:  #",
    ),
    Mutant(
        "paths: import does not ask what new checks",
        "tracker/store/exchange.py",
        "        problem = kit_problem(kit) or catalogue_problem(kit)",
        "        problem = catalogue_problem(kit)",
    ),
    Mutant(
        "paths: a kit's name as new takes it unchecked",
        "tracker/state/kit_record.py",
        "        if kit_name(kit.name) != kit.name:\n",
        "        if False:\n",
    ),
    Mutant(
        "paths: a palette colour for no box's move taken",
        "tracker/state/kit_record.py",
        "        if stray is not None:\n",
        "        if False:\n",
    ),
    Mutant(
        "paths: trained counts unbounded",
        "tracker/state/events.py",
        "not 0 <= count <= MOST_TRAINED:",
        "count < 0:",
    ),
    Mutant(
        "paths: an event time that is no time imported",
        "tracker/store/exchange.py",
        "    if not _is_time(at):\n",
        "    if False:\n",
    ),
    Mutant(
        "paths: verify reads five games columns",
        "tracker/store/replay.py",
        "    columns = GAME_COLUMNS  #",
        '    columns = ("number", "status", "result", "moves", "first_box")  #',
    ),
    Mutant(
        "paths: an edited first_box read as counts",
        "tracker/lab/kit_report.py",
        "        if isinstance(counts, dict) and all(isinstance(n, int) for n in counts.values()):\n",
        "        if True:\n",
    ),
    Mutant(
        "paths: a colour name with control characters taken",
        "kit/palettes.py",
        "    if not name.strip() or not name.isprintable() or len(name) > MAX_COLOUR_NAME:\n",
        "    if not name.strip() or len(name) > MAX_COLOUR_NAME:\n",
    ),
    Mutant(
        "paths: a list of 1,000 initial_beads taken",
        "kit/datafiles.py",
        "        if len(value) > longest:\n",
        "        if False:\n",
    ),
    Mutant(
        "paths: overlapping labels taken",
        "generator/stocks.py",
        "    if grid is not None and ((grid.columns > 1",
        "    if False and ((grid.columns > 1",
    ),
    Mutant(
        "paths: errors printed with escape codes raw",
        "tracker/cli/main.py",
        "message=visible(self.format_message())",
        "message=self.format_message()",
    ),
    Mutant(
        "paths: kits printed with escape codes raw",
        "tracker/cli/kits.py",
        '        shown = row | {"name": visible(row["name"]), "palette": visible(row["palette"])}\n',
        "        shown = row\n",
    ),
    Mutant(
        "paths: no deadline for a request's headers",
        "tracker/web/server.py",
        "            self._timer = threading.Timer(deadline, self._cut)\n",
        "            self._timer = threading.Timer(deadline * 1000, self._cut)\n",
    ),
    Mutant(
        "paths: no cap on connection threads",
        "tracker/web/server.py",
        "        if not self.slots.acquire(blocking=False):\n",
        "        if False:\n",
    ),
    Mutant(
        "paths: --allow-host unchecked",
        "tracker/cli/serve.py",
        "        if problem is not None:\n            raise click.BadParameter",
        "        if False:\n            raise click.BadParameter",
    ),
    Mutant(
        "paths: --lang '' taken as no --lang",
        "tracker/cli/main.py",
        '    code = lang if lang is not None else os.environ.get("MENACE_LANG") or DEFAULT_LANGUAGE',
        '    code = lang or os.environ.get("MENACE_LANG") or DEFAULT_LANGUAGE',
    ),
    Mutant(
        "paths: --iterations 1,,2 read as 1,2",
        "tracker/lab/thinking_time.py",
        "    if None in numbers or not counts",
        "    if not counts",
    ),
    Mutant(
        "paths: q values nested 100,000 deep a traceback",
        "kit/qlearn.py",
        "    except (UnicodeDecodeError, ValueError, RecursionError):",
        "    except (UnicodeDecodeError, ValueError):",
    ),
    Mutant(
        "paths: a --rules name too long for the system a traceback",
        "kit/datafiles.py",
        "    except (OSError, ValueError):  # a name too long",
        "    except ZeroDivisionError:  # a name too long",
    ),
    Mutant(
        "paths: unbounded tournament training",
        "tracker/cli/simulate.py",
        '@click.option("--part-training", type=click.IntRange(0, 10_000_000)',
        '@click.option("--part-training", type=click.IntRange(min=0)',
    ),
)


@dataclass(frozen=True)
class Run:
    status: str  # "passed", "failed" (a test failed or errored) or "error" (pytest itself could not run)
    first_failure: str
    seconds: float


def stale(mutants: tuple[Mutant, ...]) -> list[str]:
    """Why each mutant whose snippet does not occur exactly once in its file cannot be applied."""
    problems = []
    for mutant in mutants:
        path = ROOT / mutant.path
        count = path.read_text(encoding="utf-8").count(mutant.original) if path.is_file() else -1
        if count != 1:
            where = "the file is missing" if count < 0 else f"the snippet occurs {count} times"
            problems.append(f"{mutant.name}: {mutant.path}: {where}, not once")
    return problems


def copy_repo(target: Path) -> None:
    """Copies the working tree's files that git tracks or would track (not .venv, caches, output)."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is left out
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)
    # The copy is a repository of its own with every file it holds tracked: tests that ask git which files
    # are the project's (tests/test_repository_words.py runs `git ls-files`) see the same files there.
    for command in (["init", "-q"], ["add", "-A"]):
        subprocess.run(["git", *command], cwd=target, check=True, capture_output=True)


def environment(copy: Path) -> dict[str, str]:
    # The copy goes first on the path, ahead of the editable install of the real tree; no bytecode is
    # written, so a restored file can never be shadowed by the mutant's cached bytecode.
    return {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1"}


def check_imports(copy: Path) -> None:
    """Stops the script unless the packages import from the copy (else mutants would not be seen)."""
    code = "import kit, generator, tracker; print(kit.__file__, generator.__file__, tracker.__file__)"
    env = environment(copy)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=copy, env=env, check=True, capture_output=True, text=True
    ).stdout
    if any(not Path(f).resolve().is_relative_to(copy.resolve()) for f in out.split()):
        sys.exit(f"the packages import from outside the copy ({out.strip()}): mutants would go unseen")


def run_tests(copy: Path, pytest_args: list[str], timeout: float) -> Run:
    started = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *pytest_args],
            cwd=copy, env=environment(copy), capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        return Run("error", f"timed out after {timeout:.0f} s", time.monotonic() - started)
    seconds = time.monotonic() - started
    output = done.stdout + done.stderr
    # pytest: 0 all passed, 1 a test failed, 2 interrupted (-x stops here too on a collection error).
    # The short summary (-ra) names them "FAILED <node id> - <message>"; node ids may hold spaces.
    failures = re.findall(r"^(?:FAILED|ERROR) (.+?)(?: - .*)?$", output, re.MULTILINE)
    if done.returncode == 0:
        return Run("passed", "", seconds)
    if done.returncode in (1, 2) and failures:
        return Run("failed", failures[0], seconds)
    tail = " | ".join(output.strip().splitlines()[-3:])
    return Run("error", f"pytest exit {done.returncode}: {tail}", seconds)


def apply_mutant(copy: Path, mutant: Mutant) -> str:
    """Writes the mutant into the copy; returns the original text to restore."""
    path = copy / mutant.path
    text = path.read_text(encoding="utf-8")
    if text.count(mutant.original) != 1:  # checked on the real tree already; the copy must agree
        sys.exit(f"{mutant.name}: the snippet does not occur once in the copy of {mutant.path}")
    path.write_text(text.replace(mutant.original, mutant.replacement), encoding="utf-8")
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutant", default="", help="only mutants whose name contains this text")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds allowed per test run")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest after --, e.g. a test file")
    args = parser.parse_args()
    chosen = tuple(m for m in MUTANTS if args.mutant.lower() in m.name.lower())
    if args.list or not chosen:
        for m in MUTANTS:
            print(f"{m.name}  ({m.path})")
        return 0 if args.list else 2
    problems = stale(chosen)
    if problems:
        print("stale mutants: update their snippets to today's code\n  " + "\n  ".join(problems))
        return 2
    with tempfile.TemporaryDirectory(prefix="menace-mutants-") as folder:
        copy = Path(folder)
        copy_repo(copy)
        check_imports(copy)
        baseline = run_tests(copy, args.pytest_args, args.timeout)
        print(f"unchanged code: {baseline.status} ({baseline.seconds:.0f} s)", flush=True)
        if baseline.status != "passed":
            print(f"  {baseline.first_failure}: the suite must pass before mutants mean anything")
            return 2
        rows = []
        for mutant in chosen:
            original = apply_mutant(copy, mutant)
            try:
                run = run_tests(copy, args.pytest_args, args.timeout)
            finally:
                (copy / mutant.path).write_text(original, encoding="utf-8")
            verdict = {"failed": "killed", "passed": "SURVIVED", "error": "ERROR"}[run.status]
            rows.append((mutant.name, verdict, run.first_failure or "-"))
            print(f"  {mutant.name}: {verdict} ({run.seconds:.0f} s)", flush=True)
    width = max(len(name) for name, _, _ in rows)
    print(f"\n{'mutant':<{width}}  {'result':<8}  first failing test")
    for name, verdict, first in rows:
        print(f"{name:<{width}}  {verdict:<8}  {first}")
    if any(verdict == "ERROR" for _, verdict, _ in rows):
        return 2
    return 1 if any(verdict == "SURVIVED" for _, verdict, _ in rows) else 0


if __name__ == "__main__":
    sys.exit(main())

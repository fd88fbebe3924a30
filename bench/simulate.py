"""Benchmark (not a test): games per second of the simulator's engines beside the peer MENACEs, in one run.

    python bench/simulate.py --peers FOLDER [--runs 3] [--population 10000] [--quick]
    python bench/simulate.py --done-means (--peers FOLDER | --c-peer BINARY) [--runs 3] [--markdown] [--quick]

The peers' folder (the C and plain-Python peer MENACEs and their README) is not part of this repository:
give it with --peers, or set $MENACE_PEERS to it; --c-peer names a C peer already built instead.

--done-means measures only the speed goals' figures, each beside its reference in the same run: 100,000
and 10,000 MENACEs x 300 games against random, whole process, numba and numpy on every core beside the
C peer on equal work (``menace 300 1 100000``); the first ``--population 10000 --games 300`` run after
an install (an empty cache folder, --engine auto: it plays on numpy while numba is built in the
background, and the bench waits for that build before going on) beside a warm numpy run; and the peak
RSS of 10,000,000 MENACEs x 1 game in one process (--jobs 1), numba and numpy. Beside the C peer's whole
10,000 x 300 run it also measures what bounds ours: the fastest engine's playing time alone, Python with
numpy's import and nothing else (every engine's process pays it), and a whole run of 1 MENACE x 1 game;
its last line adds the first two up, the shortest whole run a Python program could make of that work.
--markdown prints the table to paste into the docs, with the date, the machine and its load.

Every figure is a separate process, run ``--runs`` times in turn (so the machine's noise falls on all of
them alike) and shown as min / median / max, with the load average at the end: "in process" is the games
over the playing time the program reports (the engines' loop, the peers' game loop), "whole" is the games
over the wall time from start to exit (interpreter, imports, tables, compiling or loading the compiled
code), and memory is the process's peak RSS (its worker processes' not counted: the memory runs play in
one process). The peers (read their README) play MENACE first against random with Michie's rules: the
tight C one (built with the system's cc; skipped with a message when there is none) on equal work
(``menace GAMES 1 POPULATION``: that many fresh MENACEs, as simulate plays them), and the plain-Python
one. Nanoseconds a move are the C peer's own ``ns_per_ply``; for the engines on the C peer's work, their
games per second over the C peer's plies per game (the same rules, so the same mean game length). The
engines play that on every core (the default --jobs) and on one (--jobs 1), and also against perfect
play, moving second, and Nim, whose ratios are given to the same C figure. Then --population 1,000,000
--games 10 in one process for memory, and --population 1 --games 20,000.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from stamp import Row, header, load, table

ROOT = Path(__file__).resolve().parent.parent
MENACE = [sys.executable, "-m", "tracker"]
POPULATION, GAMES = 100_000, 300  # the C peer's equal work: menace 300 1 100000
SINGLE_GAMES = 20_000
# Python's bytecode cache on, as an installed menace-kit has it: without it every start compiles our modules
# from source (about 0.06 s), which no user's run pays.
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
NUMPY_ALONE = {**ENV, "OPENBLAS_NUM_THREADS": "1"}
SCENARIOS = {  # name: menace simulate options
    "first vs random": [],
    "first vs perfect": ["--opponent", "perfect"],
    "second vs random": ["--menace-plays", "second"],
    "nim, first vs random": ["--game", "nim"],
}


@dataclass
class Figure:
    name: str
    games: int
    in_process: list[float] = field(default_factory=list)  # games/s
    whole: list[float] = field(default_factory=list)
    peak_mb: list[float] = field(default_factory=list)
    ns_per_ply: list[float] = field(default_factory=list)  # the C peer's own figure


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[dict[str, object], float, float]:
    """The command's last stdout line as JSON, its wall time and its peak RSS in MB (of the largest of it
    and the processes it waited for: Linux's ru_maxrss, not their sum)."""
    started = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        text=True,
        env=ENV if env is None else env,
    )
    assert process.stdout is not None and process.stderr is not None
    out, err = process.stdout.read(), process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed: {err.strip()}")
    return json.loads(out.strip().splitlines()[-1]), wall, usage.ru_maxrss / 1024


def wall_of(command: list[str], env: dict[str, str]) -> float:
    """The command's wall time, start to exit (it must succeed)."""
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def measure(figure: Figure, command: list[str]) -> None:
    data, wall, peak = run(command)
    rate = data["games_per_s"]
    assert isinstance(rate, (int, float))
    figure.in_process.append(float(rate))
    figure.whole.append(figure.games / wall)
    figure.peak_mb.append(peak)
    if isinstance(data.get("ns_per_ply"), (int, float)):
        figure.ns_per_ply.append(float(data["ns_per_ply"]))  # type: ignore[arg-type]


def simulate(options: list[str], population: int, games: int, engine: str) -> list[str]:
    return [
        *MENACE,
        "simulate",
        *options,
        "--population",
        str(population),
        "--games",
        str(games),
        "--engine",
        engine,
        "--seed",
        "1",
        "--json",
    ]


def peers_folder(given: Path | None) -> Path:
    """--peers, else $MENACE_PEERS; the script stops with one line when neither names a folder."""
    folder = given or (Path(os.environ["MENACE_PEERS"]) if os.environ.get("MENACE_PEERS") else None)
    if folder is None or not (folder / "c" / "menace.c").exists():
        raise SystemExit(
            "give the peers' folder (with c/menace.c and naive_py.py): --peers FOLDER or MENACE_PEERS=FOLDER"
        )
    return folder


def build_c_peer(peers: Path, into: Path) -> Path | None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        print("no C compiler (cc): the C peer is skipped", file=sys.stderr)
        return None
    binary = into / "menace_c"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(peers / "c" / "menace.c")], check=True)
    return binary


def spread(values: list[float]) -> str:
    """min / median / max in thousands of games per second."""
    return " / ".join(f"{v / 1000:,.0f}k" for v in (min(values), statistics.median(values), max(values)))


def ns_per_move(figure: Figure, plies: float | None) -> str:
    """The C peer's own ns_per_ply; an engine's from its games/s and the C peer's plies per game, given
    only for the C peer's work (first vs random, as many MENACEs and games)."""
    if figure.ns_per_ply:
        return f"{statistics.median(figure.ns_per_ply):.1f}"
    if plies is None:
        return "-"
    return f"{1e9 / (statistics.median(figure.in_process) * plies):.1f}"


def wait_for_build(cache: Path) -> None:
    """Until a background build of the numba engine in ``cache`` lets go of its lock."""
    import fcntl

    for lock in (cache / "numba").glob("*.lock"):
        with open(lock) as held:
            fcntl.flock(held, fcntl.LOCK_EX)


def first_run(command: list[str]) -> tuple[dict[str, object], float, float]:
    """The command in an empty cache folder, as after an install: its output, its wall time, and how much
    longer the numba engine's background build it started went on."""
    with tempfile.TemporaryDirectory(prefix="menace-first-run-") as cache:
        env = {name: value for name, value in ENV.items() if name != "NUMBA_CACHE_DIR"}
        env["MENACE_CACHE_DIR"] = cache
        data, wall, _ = run(command, env)
        started = time.perf_counter()
        wait_for_build(Path(cache))
        return data, wall, time.perf_counter() - started


def numba_installed() -> bool:
    return subprocess.run([sys.executable, "-c", "import numba"], capture_output=True).returncode == 0


def done_means(args: argparse.Namespace) -> None:
    """The speed goals' figures, each beside its reference, as one table."""
    started_load = load()
    games, populations, memory, first = 300, (100_000, 10_000), 10_000_000, (10_000, 300)
    if args.quick:
        games, populations, memory, first = 30, (3_000, 1_000), 200_000, (1_000, 30)
    engines = ["numba", "numpy"] if numba_installed() else ["numpy"]
    if len(engines) == 1:
        print("numba is not installed: its figures are left out (pip install '.[fast]')", file=sys.stderr)
    for engine in engines:  # build the tables and compile once, outside the timing
        subprocess.run(simulate([], 2, 2, engine), cwd=ROOT, check=True, capture_output=True, env=ENV)
    values: dict[str, list[float]] = {}
    said_engine: set[str] = set()

    def add(key: str, value: float) -> None:
        values.setdefault(key, []).append(value)

    with tempfile.TemporaryDirectory() as folder:
        c_peer = args.c_peer or (build_c_peer(peers_folder(args.peers), Path(folder)) if args.peers else None)
        if c_peer is None:
            raise SystemExit("the goals are set against the C peer: give --c-peer BINARY or --peers FOLDER")
        for _ in range(args.runs):
            for population in populations:
                _, wall, _ = run([str(c_peer), str(games), "1", str(population)])
                add(f"c {population}", population * games / wall)
                add(f"c {population} s", wall)
                for engine in engines:
                    data, wall, _ = run(simulate([], population, games, engine))
                    add(f"{engine} {population}", population * games / wall)
                    rate = data["games_per_s"]
                    assert isinstance(rate, (int, float))
                    add(f"{engine} {population} playing", population * games / rate)
            # What any Python run pays before its first game: the interpreter and numpy's import (with one
            # OpenBLAS thread, as menace sets it); and what ours pays in all, start to exit, around one game.
            add("python and numpy", wall_of([sys.executable, "-c", "import numpy"], NUMPY_ALONE))
            add("menace 1 x 1", run(simulate([], 1, 1, engines[0]))[1])
            for engine in engines:
                _, _, peak = run(simulate(["--jobs", "1"], memory, 1, engine))
                add(f"memory {engine}", peak)
            _, wall, _ = run(simulate([], *first, "numpy"))
            add("warm numpy", wall)
            data, wall, building = first_run(simulate([], *first, "auto"))
            said_engine.add(str(data["engine"]))
            add("first run", wall)
            add("build", building)

    def ratio(key: str, reference: str) -> float:
        return statistics.median(values[key]) / statistics.median(values[reference])

    goals = {
        ("numba", populations[0]): ">= 1.6x",
        ("numpy", populations[0]): ">= 1.0x",
        ("numba", populations[1]): ">= 1.2x",
    }
    rows = []
    for population in populations:
        for engine in engines:
            rows.append(
                Row(
                    f"{population:,} x {games} vs random, whole process",
                    f"{engine}, every core",
                    values[f"{engine} {population}"],
                    "games/s",
                    f"C peer (menace {games} 1 {population})",
                    values[f"c {population}"],
                    goals.get((engine, population), ""),
                    ratio(f"{engine} {population}", f"c {population}"),
                )
            )
    rows.append(
        Row(
            f"first run after install, {first[0]:,} x {first[1]}, whole process",
            f"auto (played on {', '.join(sorted(said_engine))})",
            values["first run"],
            "s",
            "the same run on numpy, warm",
            values["warm numpy"],
            "<= 2x",
            ratio("first run", "warm numpy"),
        )
    )
    rows.append(Row("the numba build the first run started, after it ended", "numba", values["build"], "s"))
    for engine in engines:
        rows.append(
            Row(
                f"{memory:,} x 1 game, peak RSS of the process (--jobs 1)",
                engine,
                values[f"memory {engine}"],
                "MB",
                goal="< 100 MB",
            )
        )
    short, fastest = populations[1], engines[0]
    c_whole = f"C peer's whole run (menace {games} 1 {short})"
    for key, figure, path in (
        (
            f"{fastest} {short} playing",
            f"{short:,} x {games}: the playing time alone",
            f"{fastest}, every core",
        ),
        ("python and numpy", "start and exit of Python and numpy alone", "python -c 'import numpy'"),
        ("menace 1 x 1", "start and exit of a run of 1 MENACE x 1 game", f"menace simulate, {fastest}"),
    ):
        rows.append(
            Row(
                figure,
                path,
                values[key],
                "s",
                c_whole,
                values[f"c {short} s"],
                ratio=ratio(key, f"c {short} s"),
            )
        )
    lines = header(args.runs, started_load)
    lines.append("command: python bench/simulate.py " + " ".join(sys.argv[1:]))
    if args.markdown:
        lines = [f"{line}  " for line in lines] + [""]
    # The shortest whole run a Python program could make of the short population: numpy's start and the
    # engine's playing time, with nothing of its own (no modules, tables nor output).
    median = {key: statistics.median(found) for key, found in values.items()}
    bound = median["python and numpy"] + median[f"{fastest} {short} playing"]
    lines += table(rows, args.markdown)
    lines += [""] if args.markdown else []
    lines.append(
        f"{short:,} x {games}: Python and numpy's start and exit plus {fastest}'s playing time make "
        f"{bound:.2f} s, {median[f'c {short} s'] / bound:.2f}x the C peer's whole run at best, with "
        "nothing else to start"
    )
    print("\n".join(lines))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--peers", type=Path, default=None, help="the peers' folder [$MENACE_PEERS]")
    parser.add_argument("--c-peer", type=Path, default=None, help="a C peer already built (--done-means)")
    parser.add_argument("--population", type=int, default=POPULATION, help="MENACEs in the population runs")
    parser.add_argument("--quick", action="store_true", help="smaller runs, to check the script")
    parser.add_argument("--done-means", action="store_true", help="only the speed goals' figures")
    parser.add_argument("--markdown", action="store_true", help="--done-means's table as Markdown")
    args = parser.parse_args()
    if args.done_means:
        if args.peers is None and args.c_peer is None and os.environ.get("MENACE_PEERS"):
            args.peers = Path(os.environ["MENACE_PEERS"])
        done_means(args)
        return
    args.peers = peers_folder(args.peers)
    started_load = load()
    population, games, single, big = args.population, GAMES, SINGLE_GAMES, 1_000_000
    if args.quick:
        population, games, single, big = 1_000, 30, 2_000, 20_000
    engines = ["numpy"]
    if numba_installed():
        engines.insert(0, "numba")
    else:
        print("numba is not installed: the numba engine is skipped (pip install '.[fast]')", file=sys.stderr)
    for engine in engines:  # build the tables and compile once, outside the timing
        subprocess.run(simulate([], 2, 2, engine), cwd=ROOT, check=True, capture_output=True, env=ENV)

    figures: list[tuple[str, Figure, list[str]]] = []
    with tempfile.TemporaryDirectory() as folder:
        c_peer = build_c_peer(args.peers, Path(folder))
        if c_peer is not None:
            name = f"C peer, {population:,} x {games}"
            figures.append(
                (
                    "first vs random",
                    Figure(name, population * games),
                    [str(c_peer), str(games), "1", str(population)],
                )
            )
        figures.append(
            (
                "first vs random",
                Figure("plain-Python peer", single),
                [sys.executable, str(args.peers / "naive_py.py"), str(single), "1"],
            )
        )
        for scenario, options in SCENARIOS.items():
            for engine in engines:
                figures.append(
                    (
                        scenario,
                        Figure(f"{engine}, {population:,} x {games}", population * games),
                        simulate(options, population, games, engine),
                    )
                )
                if not options:  # the C peer's work on one core, as the C peer plays it
                    figures.append(
                        (
                            scenario,
                            Figure(f"{engine}, 1 core", population * games),
                            simulate([*options, "--jobs", "1"], population, games, engine),
                        )
                    )
            for engine in [*engines[:-1], "kit"]:  # numpy's array calls are no way to play one MENACE
                figures.append(
                    (
                        scenario,
                        Figure(f"{engine}, 1 x {single:,}", single),
                        simulate(options, 1, single, engine),
                    )
                )
        for engine in engines:  # one process: the peak RSS measured is the main process's only
            figures.append(
                (
                    "first vs random",
                    Figure(f"{engine}, {big:,} x 10", big * 10),
                    simulate(["--jobs", "1"], big, 10, engine),
                )
            )
        for _ in range(args.runs):
            for _, figure, command in figures:
                measure(figure, command)

    c = next((f for _, f, _ in figures if f.name.startswith("C peer")), None)
    python = next(f for _, f, _ in figures if f.name == "plain-Python peer")
    print("\n".join(header(args.runs, started_load)))
    plies = None  # the C peer's plies per game: a second over (games/s x ns a ply)
    if c is not None and c.ns_per_ply:
        plies = 1e9 / (statistics.median(c.in_process) * statistics.median(c.ns_per_ply))
    print(
        f"{'scenario':<22}{'path':<24}{'games/s in process':>30}{'whole process':>30}{'x C (in/whole)':>16}"
        f"{'x Python':>10}{'peak MB':>9}{'ns/move':>9}"
    )
    for scenario, figure, _ in figures:
        # The C peer's work: its scenario, as many MENACEs and games.
        equal = c is not None and figure.games == c.games and scenario == "first vs random"
        versus_c = "-"
        if c is not None:
            versus_c = (
                f"{statistics.median(figure.in_process) / statistics.median(c.in_process):.2f}/"
                f"{statistics.median(figure.whole) / statistics.median(c.whole):.2f}"
            )
        versus_python = statistics.median(figure.whole) / statistics.median(python.whole)
        print(
            f"{scenario:<22}{figure.name:<24}{spread(figure.in_process):>30}"
            f"{spread(figure.whole):>30}{versus_c:>16}{versus_python:>10.2f}"
            f"{max(figure.peak_mb):>9,.0f}{ns_per_move(figure, plies if equal else None):>9}"
        )


if __name__ == "__main__":
    main()

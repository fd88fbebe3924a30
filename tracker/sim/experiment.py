"""`simulate`: a population of MENACEs, each playing N games against its own opponent, summarised.

The running score is Michie's: +3 for a win, +1 for a draw, -1 for a defeat, whatever the game.
The population is played in chunks (memory does not grow with it) by one of three paths, all on the
kit's rules: the compiled engine (numba, when installed), the numpy engine, or, for a few members, the
kit's own match loop. Each path's modules are imported only when it plays: one MENACE's run is over in
milliseconds, so its start-up is most of its time.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kit.game import SIDES, Game, GameError
from kit.i18n import _
from kit.players import PlayerSpec, RandomSpec
from kit.rules import Rules, load_rules
from kit.score import SCORES
from tracker.sim.chunk import ChunkResult, Setup
from tracker.sim.flat import menace_tables, policy_tables

SCORE = SCORES  # Michie's running score, as kit.score defines it for every count of it
BAND = (10, 90)  # percentiles of the population drawn as a band in the report
ENGINES = ("auto", "numpy", "numba", "kit")
CHUNK = 8_192  # members played together: enough to pay for numpy's per-call cost, few enough for the cache
SPREAD_CELLS = 4_000_000  # with the bands, a chunk keeps [games, members] scores: at most this many
# Up to this many members the kit's match loop is faster than the numpy engine, whole process: measured
# members x 2,000 games, CPU time, median of 3 (kit / numpy): 3: 0.70 / 0.93 s, 4: 1.03 / 1.03 s,
# 6: 1.31 / 1.07 s, 8: 1.62 / 0.83 s.
SMALL = 4
# Games in all beyond which a run with numba installed but not yet built has it built for the next run
# (in the background): shorter runs are over before numba would pay for its start (about 0.5 s).
SHORT = 25_000


@dataclass(frozen=True)
class Simulation:
    """What a population did, game by game; counts are summed over the population, from MENACE's side."""

    game: str
    menace_plays: str
    rules: str
    opponent: str
    games: int
    population: int
    seed: int | None
    wins: np.ndarray  # [games] wins in game g across the population
    draws: np.ndarray
    losses: np.ndarray
    curve: np.ndarray  # [games] mean running score after each game
    band: tuple[np.ndarray, np.ndarray] | None  # the running score's BAND percentiles, when asked for
    first_box: np.ndarray  # [games] mean beads in MENACE's first-move box(es) after each game
    first_box_band: tuple[np.ndarray, np.ndarray] | None
    first_box_empty: int  # members whose first-move box was ever empty after a game
    resigned: int  # games lost by resigning (a box MENACE had to draw from was empty), among the losses
    refused: int  # of those, games resigned at the first move (the first box empty): games never played
    # [games + 1] members by the game (1-based) of their last defeat, [0] those never beaten: a count per
    # game rather than a number per member, so that memory does not grow with the population
    last_loss_counts: np.ndarray
    seconds: float  # playing time, tables already built
    engine: str = "numpy"  # the path that played: numba, numpy or kit

    @property
    def games_per_s(self) -> float:
        return self.games * self.population / self.seconds if self.seconds else float("inf")

    def stopped_losing(self, tail: float = 0.2) -> dict[str, int]:
        """Members with no defeat in the last ``tail`` of the games, and the game after which they never
        lost."""
        last = np.arange(self.games + 1)
        counts = self.last_loss_counts[last <= self.games * (1 - tail)]
        quiet = int(counts.sum())
        summary = {"runs": quiet, "tail_games": int(self.games * tail)}
        if quiet:  # numpy's percentile (method="lower") of the game after each quiet member's last defeat
            cumulative = np.cumsum(counts)
            for q in (10, 50, 90):
                below = q * (quiet - 1) // 100  # the sorted place numpy's "lower" takes (checked to 20,000)
                summary[f"p{q}"] = int(np.searchsorted(cumulative, below, side="right")) + 1
        return summary

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "menace_plays": self.menace_plays,
            "rules": self.rules,
            "opponent": self.opponent,
            "games": self.games,
            "population": self.population,
            "seed": self.seed,
            "wins": int(self.wins.sum()),
            "draws": int(self.draws.sum()),
            "losses": int(self.losses.sum()),
            "first_box_empty": self.first_box_empty,
            "resigned": self.resigned,
            "refused": self.refused,
            "curve": [round(v, 4) for v in self.curve.tolist()],  # Python floats round far faster
            # Counts over the population for each game number (game 1 first).
            "per_game": {
                "wins": self.wins.tolist(),
                "draws": self.draws.tolist(),
                "losses": self.losses.tolist(),
            },
            "engine": self.engine,
            "games_per_s": round(self.games_per_s),
            "score": SCORE,
            "stopped_losing": self.stopped_losing(),
        }


RANDOM = RandomSpec()  # simulate's default opponent


def simulate(
    the_game: Game[Any, Any],
    *,
    menace_plays: str = "first",
    rules: Rules | None = None,
    opponent: PlayerSpec = RANDOM,
    opponent_said: str | None = None,
    games: int,
    population: int = 1,
    seed: int | None = None,
    spread: bool = False,
    engine: str = "auto",
    chunk: int = CHUNK,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Run ``population`` MENACEs for ``games`` games each; ``spread`` also keeps the population bands.

    ``jobs``: worker processes at most (None: one per core; tracker.sim.workers decides how many a run
    is worth). The same seed and number of workers give the same figures; a run in one process gives
    those of one worker.

    ``engine``: numba, numpy, kit (the kit's match loop), or auto: with numba installed, numba once its
    kernel is built; otherwise the kit's loop for up to SMALL members, else numpy, and a run longer than
    SHORT games in all has the numba kernel built in the background for the next run (one line on stderr
    says so). ``rules``: read once by the caller (None: the game's
    default preset); below here they travel as this value. ``progress`` is told the games played as they are
    played (``population * games`` in all): game by game on the kit's loop, a chunk at a time on the
    engines. ``opponent`` is read once by the caller; ``opponent_said`` is how it was typed, which the JSON
    and the report say (None: its one spelling)."""
    if games < 1 or population < 1:
        raise GameError("--games and --population must be at least 1")
    if engine not in ENGINES:
        raise GameError(f"unknown engine {engine!r}: choose {', '.join(ENGINES)}")
    if jobs is not None and jobs < 1:
        raise GameError("--jobs must be at least 1")
    the_game.require_matchbox_kit()
    if menace_plays not in SIDES:
        raise GameError(f"unknown side {menace_plays!r}: MENACE plays first or second")
    chosen = load_rules(the_game.default_rules) if rules is None else rules
    if chosen.game != the_game.name:
        raise GameError(f"rules {chosen.name!r} are for {chosen.game}, not {the_game.name}")
    spec = opponent
    asked, engine = engine, choose_engine(engine, population, games)
    if engine == "numpy" and _too_many_colours_for_numpy(the_game, menace_plays, chosen, spec):
        if asked == "numpy":
            from tracker.sim.engine_numpy import MAX_COLOURS

            raise GameError(
                f"the numpy engine takes boxes of at most {MAX_COLOURS} colours: use --engine kit or numba"
            )
        engine = "kit"
    build = None  # with numba not yet built, a long run has it built for the next: once this one has played
    if asked == "auto" and engine != "numba" and population * games > SHORT and numba_installed():
        build = _build_for_next_run(engine)
    try:
        said = str(spec) if opponent_said is None else opponent_said
        return _play(
            the_game,
            menace_plays,
            chosen,
            spec,
            said,
            games,
            population,
            seed,
            spread,
            engine,
            chunk,
            jobs,
            progress,
        )
    finally:
        if build is not None:
            build()


def _play(
    the_game: Game[Any, Any],
    menace_plays: str,
    chosen: Rules,
    spec: PlayerSpec,
    opponent: str,
    games: int,
    population: int,
    seed: int | None,
    spread: bool,
    engine: str,
    chunk: int,
    jobs: int | None,
    progress: Callable[[int], None] | None,
) -> Simulation:
    """simulate's run on the engine chosen, against ``spec`` (``opponent``: as given, for the report)."""
    game = the_game.spec
    if spread:
        chunk = max(1, min(chunk, SPREAD_CELLS // games))
    if engine == "kit":  # the kit's loop needs no engine tables: loading them would slow its start
        from kit.catalogue import build_catalogue

        first_boxes = len(build_catalogue(the_game, menace_plays, chosen).first_move_boxes)
        play = _kit_player(the_game, menace_plays, chosen, spec, games, spread, progress)
    else:
        other_side = "second" if menace_plays == "first" else "first"
        setup = Setup(
            policy_tables(the_game),
            menace_tables(the_game, menace_plays, chosen),
            SIDES[menace_plays],
            spec,
            menace_tables(the_game, other_side, chosen) if spec.learns else None,
        )
        first_boxes = setup.menace.first_boxes
        play = _engine_player(engine, setup, games, spread)
    workers = 1 if engine == "kit" else _workers(jobs, population, games)  # the kit's loop: a few members
    summary = _Summary(games, first_boxes, spread)
    started = time.perf_counter()
    if workers == 1:
        seeds = np.random.SeedSequence(seed).spawn((population + chunk - 1) // chunk)
        for index, child in enumerate(seeds):
            members = min(chunk, population - index * chunk)
            summary.add(play(members, np.random.default_rng(child)))
            if progress is not None and engine != "kit":  # the kit's loop tells it game by game
                progress(members * games)
    else:
        from tracker.sim.workers import play_spread

        def new_summary() -> _Summary:
            return _Summary(games, first_boxes, spread)

        for part in play_spread(play, new_summary, population, chunk, seed, workers):
            summary.merge(part)
            if progress is not None:  # the workers report once they are done
                progress(int(part.tallies[0].sum()) * games)
    seconds = time.perf_counter() - started
    return summary.simulation(
        game, menace_plays, chosen.name, opponent, population, seed, seconds=seconds, engine=engine
    )


def _too_many_colours_for_numpy(
    game: Game[Any, Any], menace_plays: str, rules: Rules, opponent: PlayerSpec
) -> bool:
    """Whether a box of either learning side holds more colours than the numpy engine's rows take (a Nim
    pile with a take of 64 or more)."""
    from tracker.sim.engine_numpy import MAX_COLOURS

    sides = list(SIDES) if opponent.learns else [menace_plays]
    return any(menace_tables(game, side, rules).slots > MAX_COLOURS for side in sides)


def numba_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("numba") is not None


def _workers(jobs: int | None, population: int, games: int) -> int:
    from tracker.sim.workers import all_cores, worker_count

    return worker_count(all_cores() if jobs is None else jobs, population, games)


def choose_engine(engine: str, population: int, games: int) -> str:
    """The engine ``auto`` stands for; numba asked for but not installed is an error."""
    if engine == "numba" and not numba_installed():
        raise GameError(_("the numba engine is not installed: in menace-kit's folder, pip install '.[fast]'"))
    if engine != "auto":
        return engine
    if numba_installed():
        from tracker.sim.engine_numba import compiled

        # Built once, the kernel loads in milliseconds and beats the kit's loop even for one MENACE. Until
        # then a run does not wait for the compiler (8 s or more) but plays as without numba, and a run
        # longer than SHORT games has it built for the next (simulate).
        if compiled():
            return "numba"
    return "kit" if population <= SMALL else "numpy"


def _build_for_next_run(engine: str) -> Callable[[], None] | None:
    """A builder of the numba engine for the next run, started now and told when to begin (the call
    returned: once this run has played, so that it does not share the cores with the compiler); this
    run says so in one line."""
    from tracker.sim.engine_numba import build_later

    try:
        begin = build_later()
    except OSError:
        return None  # a cache that cannot be written, no process to spare, or Windows: no build, no line
    if engine == "numpy":
        said = _("the fast engine is being built for the next run; this one uses numpy")
    else:
        said = _("the fast engine is being built for the next run; this one uses the kit's match loop")
    print(said, file=sys.stderr, flush=True)
    return begin


def _kit_player(
    game: Game[Any, Any],
    menace_plays: str,
    rules: Rules,
    opponent: PlayerSpec,
    games: int,
    spread: bool,
    progress: Callable[[int], None] | None,
) -> Callable[[int, np.random.Generator], ChunkResult]:
    from tracker.sim.single import play_members

    return lambda members, rng: play_members(
        game, menace_plays, rules, opponent, members, games, rng, spread=spread, progress=progress
    )


def _engine_player(
    engine: str, setup: Setup, games: int, spread: bool
) -> Callable[[int, np.random.Generator], ChunkResult]:
    if engine == "numba":
        from tracker.sim import engine_numba

        engine_numba.compile_once(setup)
        return lambda members, rng: engine_numba.play_chunk(setup, members, games, rng, spread=spread)
    from tracker.sim import engine_numpy

    return lambda members, rng: engine_numpy.play_chunk(setup, members, games, rng, spread=spread)


class _Summary:
    """The chunks' figures added up into one population's."""

    def __init__(self, games: int, first_boxes: int, spread: bool) -> None:
        self.games, self.first_boxes = games, first_boxes
        self.tallies = np.zeros((games, 3), np.int64)
        self.first_beads = np.zeros(games, np.int64)
        self.empty = 0
        self.resigned = self.refused = 0
        self.last_loss = np.zeros(games + 1, np.int64)
        self.scores = Histograms(games) if spread else None
        self.beads = Histograms(games) if spread else None

    def add(self, part: ChunkResult) -> None:
        self.tallies += part.tallies
        self.first_beads += part.first_beads
        self.empty += int(part.first_box_empty.sum())
        self.resigned += part.resigned
        self.refused += part.refused
        self.last_loss += np.bincount(part.last_loss, minlength=self.games + 1)
        if self.scores is not None and self.beads is not None:
            assert part.running is not None and part.member_first_beads is not None
            self.scores.add(part.running)
            self.beads.add(part.member_first_beads)

    def merge(self, other: _Summary) -> None:
        """Another worker's figures added to these (its members after these)."""
        self.tallies += other.tallies
        self.first_beads += other.first_beads
        self.empty += other.empty
        self.resigned += other.resigned
        self.refused += other.refused
        self.last_loss += other.last_loss
        if self.scores is not None and self.beads is not None:
            assert other.scores is not None and other.beads is not None
            self.scores.merge(other.scores)
            self.beads.merge(other.beads)

    def simulation(
        self,
        game: str,
        menace_plays: str,
        rules: str,
        opponent: str,
        population: int,
        seed: int | None,
        *,
        seconds: float,
        engine: str,
    ) -> Simulation:
        tallies = self.tallies
        mean_score = tallies @ _SCORES / population
        band = box_band = None
        if self.scores is not None and self.beads is not None:
            low, high = self.scores.percentiles(BAND)
            band = (low, high)
            low, high = self.beads.percentiles(BAND)
            box_band = (low / self.first_boxes, high / self.first_boxes)
        return Simulation(
            game, menace_plays, rules, opponent, self.games, population, seed,
            wins=tallies[:, 2], draws=tallies[:, 1], losses=tallies[:, 0], curve=np.cumsum(mean_score),
            band=band, first_box=self.first_beads / population / self.first_boxes, first_box_band=box_band,
            first_box_empty=self.empty, resigned=self.resigned, refused=self.refused,
            last_loss_counts=self.last_loss, seconds=seconds, engine=engine,
        )  # fmt: skip


_SCORES = np.array([SCORE["loss"], SCORE["draw"], SCORE["win"]])


class Histograms:
    """Integer values for each game, counted as they come chunk by chunk, for the population's exact
    percentiles (numpy's default, linear) without keeping every member's value."""

    def __init__(self, games: int) -> None:
        self.low = np.zeros(games, np.int64)
        self.counts: list[np.ndarray | None] = [None] * games

    def add(self, values: np.ndarray) -> None:
        """``values[game, member]``."""
        for g, row in enumerate(values):
            low = int(row.min())
            self._count(g, low, np.bincount(row - low))

    def merge(self, other: Histograms) -> None:
        """Another worker's counts added to these."""
        for g, counts in enumerate(other.counts):
            if counts is not None:
                self._count(g, int(other.low[g]), counts)

    def _count(self, g: int, low: int, counts: np.ndarray) -> None:
        """Counts of the values ``low``, ``low + 1``, ... in game ``g`` added."""
        held = self.counts[g]
        if held is not None:
            start = min(low, int(self.low[g]))
            size = max(low + counts.size, int(self.low[g]) + held.size) - start
            merged = np.zeros(size, np.int64)
            merged[int(self.low[g]) - start :][: held.size] += held
            merged[low - start :][: counts.size] += counts
            low, counts = start, merged
        self.low[g], self.counts[g] = low, counts

    def percentiles(self, qs: tuple[int, ...]) -> list[np.ndarray]:
        out = [np.zeros(len(self.counts)) for _ in qs]
        for g, counts in enumerate(self.counts):
            assert counts is not None
            cumulative = np.cumsum(counts)
            for result, q in zip(out, qs, strict=True):
                position = q / 100 * (cumulative[-1] - 1)
                floor, ceiling = np.floor(position), np.ceil(position)
                below, above = np.searchsorted(cumulative, [floor, ceiling], side="right")
                result[g] = self.low[g] + below + (position - floor) * (above - below)
        return out

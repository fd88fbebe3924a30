"""MENACE beside the other learners on tic-tac-toe: each plays first against random and perfect play, over
several seeds, and the report says how many games it took to stop losing and how it played at the end.

"Games to stop losing" is the number of the game it lost last (0: it never lost), counted only when no
game of the final fifth of the run was lost; otherwise the run did not stop losing. The final rates are
the wins, draws and losses over that final fifth. MCTS learns nothing across games: its rows show what a
fixed player does at two thinking times, for scale.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kit.games import get_game
from kit.i18n import _, n_
from kit.players import MctsSpec, MenaceSpec, PerfectSpec, PlayerSpec, QSpec, RandomSpec
from tracker.lab.matches import run_match
from tracker.state.text import thousands

LEARNERS = (MenaceSpec("michie"), MenaceSpec("scroggs"), QSpec(), MctsSpec(200), MctsSpec(1000))
OPPONENTS = (RandomSpec(), PerfectSpec())
TICTACTOE = get_game("tictactoe")


def tail_length(games: int) -> int:
    """The final fifth of a run (at least one game)."""
    return max(1, games // 5)


def stopped_losing(rewards: Sequence[int]) -> int | None:
    """The number of the last game lost (0 if none), or None when a game of the final fifth was lost."""
    losses = [i + 1 for i, r in enumerate(rewards) if r == -1]
    last = losses[-1] if losses else 0
    return last if last <= len(rewards) - tail_length(len(rewards)) else None


@dataclass(frozen=True)
class Row:
    """One player against one opponent over the seeds."""

    player: str
    opponent: str
    games: int
    stops: list[int | None]  # per seed: games to stop losing, or None
    tails: list[tuple[int, int, int]]  # per seed: wins, draws, losses in the final fifth

    @property
    def median_stop(self) -> float | None:
        """The median over the seeds that stopped losing, or None if none did."""
        stopped = [s for s in self.stops if s is not None]
        return statistics.median(stopped) if stopped else None

    def final_rates(self) -> tuple[float, float, float]:
        """Wins, draws and losses as shares of the final fifths, all seeds together."""
        totals = [sum(t[i] for t in self.tails) for i in range(3)]
        count = sum(totals) or 1
        return totals[0] / count, totals[1] / count, totals[2] / count

    def to_json(self) -> dict[str, Any]:
        wins, draws, losses = self.final_rates()
        return {
            "player": self.player,
            "opponent": self.opponent,
            "games": self.games,
            "stops": self.stops,
            "median_stop": self.median_stop,
            "final": {"win": wins, "draw": draws, "loss": losses},
        }


def compare(
    *,
    games: int,
    mcts_games: int,
    seeds: int,
    seed: int,
    players: Sequence[PlayerSpec] = LEARNERS,
    progress: Callable[[str], None] = lambda line: None,
) -> list[Row]:
    """Every player first against every opponent, ``seeds`` runs each (MCTS ``mcts_games`` games a run)."""
    rows = []
    for player in players:
        length = mcts_games if isinstance(player, MctsSpec) else games
        for opponent in OPPONENTS:
            runs = [
                run_match(TICTACTOE, player, opponent, games=length, seed=seed * 1000 + k).rewards
                for k in range(seeds)
            ]
            tails = [(t.count(1), t.count(0), t.count(-1)) for t in (r[-tail_length(length) :] for r in runs)]
            rows.append(Row(str(player), str(opponent), length, [stopped_losing(r) for r in runs], tails))
            progress(_("{player} against {opponent}: done").format(player=player, opponent=opponent))
    return rows


def compare_lines(rows: Sequence[Row], seeds: int) -> list[str]:
    """The report as a table: games to stop losing (median, and how many seeds stopped), final rates."""
    player, opponent, games, stop_losing = _("player"), _("opponent"), _("games"), _("stop losing")
    seeds_word, final_win, draw, loss = _("seeds"), _("final win"), _("draw"), _("loss")
    heading = n_(
        "Tic-tac-toe, each player moving first; {seeds} seed. Games to stop losing: the last game "
        "lost, when none of the final fifth was (median over the seeds that stopped).",
        "Tic-tac-toe, each player moving first; {seeds} seeds. Games to stop losing: the last game "
        "lost, when none of the final fifth was (median over the seeds that stopped).",
        seeds,
    )
    # The English widths, wider where a translated heading needs it, and the rows follow the headings.
    w_win, w_draw, w_loss = (
        max(width, len(word) + 1) for width, word in ((11, final_win), (7, draw), (7, loss))
    )
    lines = [
        heading.format(seeds=seeds),
        "",
        f"{player:<16}{opponent:<10}{games:>7}{stop_losing:>14}{seeds_word:>7}{final_win:>{w_win}}"
        f"{draw:>{w_draw}}{loss:>{w_loss}}",
    ]
    for row in rows:
        median = row.median_stop
        stopped = sum(s is not None for s in row.stops)
        stop = _("never") if median is None else thousands(round(median))
        wins, draws, losses = row.final_rates()
        lines.append(
            f"{row.player:<16}{row.opponent:<10}{thousands(row.games):>7}{stop:>14}"
            f"{f'{stopped}/{seeds}':>7}{wins:>{w_win}.0%}{draws:>{w_draw}.0%}{losses:>{w_loss}.0%}"
        )
    return lines

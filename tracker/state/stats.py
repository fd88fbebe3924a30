"""Results as numbers: games won, drawn and lost, Michie's running score, streaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit.score import SCORES


@dataclass(frozen=True, slots=True)
class Standing:
    """The totals after some games, one game added at a time (``after``): a reader that keeps a kit's games
    adds only the new ones, so its cost does not grow with the kit's history."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    score: int = 0
    longest_win_streak: int = 0
    longest_unbeaten_streak: int = 0
    win_run: int = 0  # the wins since the last game that was not one
    unbeaten_run: int = 0
    last: str | None = None  # the last game's result, and how many games in a row ended so
    last_run: int = 0

    def after(self, result: str) -> Standing:
        win_run = self.win_run + 1 if result == "win" else 0
        unbeaten_run = self.unbeaten_run + 1 if result in ("win", "draw") else 0
        return Standing(
            games=self.games + 1,
            wins=self.wins + (result == "win"),
            draws=self.draws + (result == "draw"),
            losses=self.losses + (result == "loss"),
            score=self.score + SCORES[result],
            longest_win_streak=max(self.longest_win_streak, win_run),
            longest_unbeaten_streak=max(self.longest_unbeaten_streak, unbeaten_run),
            win_run=win_run,
            unbeaten_run=unbeaten_run,
            last=result,
            last_run=self.last_run + 1 if result == self.last else 1,
        )

    def summary(self) -> dict[str, Any]:
        """What ``summarise`` says of the games added."""
        return {
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "longest_win_streak": self.longest_win_streak,
            "longest_unbeaten_streak": self.longest_unbeaten_streak,
            "current_streak": {"result": self.last, "games": self.last_run},
        }


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over finished games (rows from the games table, in order)."""
    standing = Standing()
    for row in rows:
        standing = standing.after(row["result"])
    return standing.summary()


def totals(tally: Mapping[str, int]) -> dict[str, int]:
    """Games, wins, draws, losses and score from a count of games per result (Store.tally)."""
    wins, draws, losses = (tally.get(result, 0) for result in ("win", "draw", "loss"))
    return {
        "games": wins + draws + losses,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "score": sum(SCORES[result] * count for result, count in tally.items()),
    }


def running_score(rows: Sequence[dict[str, Any]]) -> list[int]:
    """The score after each game: +3 a win, +1 a draw, -1 a loss (Michie's learning curve)."""
    total, curve = 0, []
    for row in rows:
        total += SCORES[row["result"]]
        curve.append(total)
    return curve

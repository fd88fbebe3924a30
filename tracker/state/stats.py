"""Results as numbers: games won, drawn and lost, Michie's running score, streaks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kit.score import SCORES


def summarise(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Totals over finished games (rows from the games table, in order)."""
    results = [r["result"] for r in rows]
    return {
        "games": len(results),
        "wins": results.count("win"),
        "draws": results.count("draw"),
        "losses": results.count("loss"),
        "score": sum(SCORES[r] for r in results),
        "longest_win_streak": _longest(results, {"win"}),
        "longest_unbeaten_streak": _longest(results, {"win", "draw"}),
        "current_streak": _current(results),
    }


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


def _longest(results: list[str], kinds: set[str]) -> int:
    best = run = 0
    for result in results:
        run = run + 1 if result in kinds else 0
        best = max(best, run)
    return best


def _current(results: list[str]) -> dict[str, Any]:
    if not results:
        return {"result": None, "games": 0}
    last, count = results[-1], 0
    for result in reversed(results):
        if result != last:
            break
        count += 1
    return {"result": last, "games": count}

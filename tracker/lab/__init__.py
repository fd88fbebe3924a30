"""Experiments with players: matches, training a kit, the learners' studies, the Nim tournament."""

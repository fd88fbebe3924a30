"""The domain core of menace-kit: games, symmetries, bead palettes and reinforcement presets."""

"""The SQLite event store, the only code that speaks SQL: log, projections, replay, verify, export, import."""

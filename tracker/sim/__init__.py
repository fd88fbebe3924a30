"""The simulator: populations of MENACEs on the numpy or numba engine, and its report (numpy lives here)."""

"""The `menace` command: catalogue look-ups, the printable kit, the game tracker and the simulator.

One subpackage a job, in layers (import-linter checks them): cli on top; web, lab and formats; table;
store and sim; state at the bottom.
"""

from kit.mcts import install_compiled
from tracker.sim.mcts_compiled import compiled_mcts

# mcts:N plays the compiled search where numba is installed (it is imported only when such a player is
# made); installed here, the package's root, so that every path that makes players has it.
install_compiled(compiled_mcts)

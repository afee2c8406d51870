# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the random
# playout's loop with a typed State (its is_over/current_player are C calls) and a C counter. The
# .py module is unchanged by it and runs as is without Cython.
from smallworld.core.state cimport State
import cython

@cython.locals(n=cython.long)
cpdef long random_playout(State s, rng)

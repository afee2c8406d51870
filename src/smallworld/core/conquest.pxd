# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): C types for
# the conquest targets. The .py module is unchanged by it and runs as is without Cython.
from smallworld.core.state cimport State
import cython

@cython.locals(out=dict, own=list, near=tuple)
cpdef dict targets(State s, p, abilities=*, play=*, regions=*)

cpdef bint has_regions(State s, p)
cpdef defenders_in(State s, r)
cpdef long defense_pieces_in(State s, r)
cpdef travel_to(State s, p, r, abilities=*)
cpdef conquest_cost(State s, p, r, travel, mode=*, parts=*, reducers=*)
cpdef resolve_conquest(State s, p, r, cost, placed, mode, cause=*, parts=*)

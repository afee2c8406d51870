# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): direct C
# calls between the decline helpers and the scan of the Regions in C. The .py module is unchanged
# by it and runs as is without Cython.
from smallworld.core.state cimport State
import cython

cpdef may_decline(State s, p)
cpdef slot_code(State s, p, slot)
cpdef _slot_race(State s, p, slot)

@cython.locals(keep=cython.long, code=cython.long, new=cython.long, extra=cython.long,
               r=cython.Py_ssize_t, occ=list, tokens=list)
cpdef void go_into_decline(State s, p)

cpdef void remove_decline_race(State s, p, slot=*)
cpdef void _clear_emptied(State s, r)
cpdef void check_race_leaves(State s, p, slot=*)
cpdef acting_slot(State s, p)

# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): C types for
# the hot loops of the legal-action listing, and direct C calls between these functions. The .py
# module is unchanged by it and runs as is without Cython (the pure-Python fallback).
from smallworld.core.state cimport State
from smallworld.core.roster cimport Roster
import cython

cpdef list legal_actions(State s)

@cython.locals(hand=cython.long, vc=cython.long, reach=cython.long, raw=cython.long,
               short=cython.long, aux=cython.long, r=cython.Py_ssize_t,
               occ=list, tokens=list, out=list, mountain=tuple, conquer=tuple, offered=set,
               ro=Roster)
cpdef list conquer_actions(State s, long p)

@cython.locals(r=cython.Py_ssize_t, c=cython.long, code=cython.long, out=list)
cpdef list _placement_actions(State s, long p)

cpdef void run(State s)

cpdef void _apply_player(State s, p, a)

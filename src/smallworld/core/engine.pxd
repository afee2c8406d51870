# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): C types for
# the hot loops of the legal-action listing, and direct C calls between these functions. The .py
# module is unchanged by it and runs as is without Cython (the pure-Python fallback).
import cython

cpdef list legal_actions(s)

@cython.locals(hand=cython.long, vc=cython.long, reach=cython.long, raw=cython.long,
               short=cython.long, aux=cython.long, r=cython.Py_ssize_t,
               occ=list, tokens=list, out=list, mountain=tuple, conquer=tuple, offered=set)
cpdef list conquer_actions(s, p)

@cython.locals(r=cython.Py_ssize_t, c=cython.long, code=cython.long, out=list)
cpdef list _placement_actions(s, p)

cpdef void run(s)

cpdef void _apply_player(s, p, a)

# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the scan of
# the Regions in C. The .py module is unchanged by it and runs as is without Cython.
from smallworld.core.state cimport State
import cython

@cython.locals(keep=cython.long, code=cython.long, taken=cython.long, r=cython.Py_ssize_t,
               occ=list, tokens=list)
cpdef void ready_troops(State s, p)

cpdef abandon(State s, p, r)
cpdef start_redeployment(State s, p)
cpdef tokens_removed(State s, r)
cpdef place(State s, p, r, n)

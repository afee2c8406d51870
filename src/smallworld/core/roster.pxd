# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): Roster is an
# extension type and the roster cache check reads the State's fields as C struct members. The .py
# module is unchanged by it and runs as is without Cython. Every field of Roster.__slots__ is here.
from smallworld.core.state cimport State
import cython

cdef class Roster:
    cdef public object generation
    cdef public object active, power, decline, kept, decline2, kept2, items
    cdef public tuple item_occ, own, lasting, play, _own_hook, _seat_global, _loose
    cdef public dict _global_hook
    @cython.locals(known=dict, found=tuple)
    cpdef tuple own_hook(self, Py_ssize_t p, str hook)
    @cython.locals(found=tuple)
    cpdef tuple global_hook(self, str hook)

@cython.locals(occ=list, r=Roster)
cpdef roster(State s)

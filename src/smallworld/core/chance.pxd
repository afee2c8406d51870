# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the draw from a
# stack in C. The .py module is unchanged by it and runs as is without Cython.
import cython

@cython.locals(i=cython.Py_ssize_t)
cpdef _pick_multiset(list items, made, double x)

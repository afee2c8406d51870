# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the walk of a
# sorted stack in C. The .py module is unchanged by it and runs as is without Cython.
import cython

@cython.locals(total=cython.Py_ssize_t, i=cython.Py_ssize_t, j=cython.Py_ssize_t, acc=cython.double)
cpdef _pick_multiset(list items, made, double x)

# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the scan of
# the Regions in C. The .py module is unchanged by it and runs as is without Cython.
import cython

@cython.locals(keep=cython.long, code=cython.long, taken=cython.long, r=cython.Py_ssize_t,
               occ=list, tokens=list)
cpdef void ready_troops(s, p)

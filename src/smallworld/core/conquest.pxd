# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): C types for
# the conquest targets. The .py module is unchanged by it and runs as is without Cython.
import cython

@cython.locals(out=dict, own=list, near=tuple)
cpdef dict targets(s, p, abilities=*, play=*, regions=*)

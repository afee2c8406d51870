# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): the hook
# helpers read the State's fields as C struct members. The .py module is unchanged by it and runs
# as is without Cython.
from smallworld.core.state cimport State

cpdef min_tokens(State s, p, decline=*)
cpdef auxiliaries(State s, p)

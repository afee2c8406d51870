# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): a direct C
# call from the turn's scoring to the faction bonus. The .py module is unchanged by it and runs as
# is without Cython.
from smallworld.core.state cimport State
cpdef faction_bonus(State s, p)
cpdef list score_turn(State s, p)

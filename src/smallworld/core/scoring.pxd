# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): a direct C
# call from the turn's scoring to the faction bonus. The .py module is unchanged by it and runs as
# is without Cython.
cpdef faction_bonus(s, p)
cpdef list score_turn(s, p)

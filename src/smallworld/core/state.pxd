# Cython declarations for the compiled build (hatch_build.py; an "augmenting" .pxd): State is an
# extension type, its fields C struct members, so that the compiled core modules that declare a
# State argument (``cimport`` of it in their .pxd) read and write them without a dictionary or
# descriptor lookup. The .py module is unchanged by it and runs as is without Cython (a class with
# __slots__). Every field of State.__slots__ is here; a new field goes in both.

import cython

cdef class State:
    cdef public object spec
    cdef public dict pieces
    cdef public object roster_cache
    cdef public tuple acting
    cdef public list events
    # _LIST_FIELDS
    cdef public list vc
    cdef public list active
    cdef public list power
    cdef public list decline
    cdef public list kept
    cdef public list hand
    cdef public list race_turns
    cdef public list occ
    cdef public list tokens
    cdef public tuple items
    cdef public tuple column
    cdef public list banner_stack
    cdef public list banner_bottom
    cdef public list badge_stack
    cdef public list badge_discard
    cdef public list item_pool
    cdef public list chance
    cdef public list decisions
    cdef public list defenders
    cdef public tuple last_score
    # _DICT_FIELDS
    cdef public object box  # array("h") by spec.race_keys
    cdef public object supply  # array("h") by spec.piece_keys
    cdef public dict flags
    cdef public dict tflags
    cdef public dict defeated
    cdef public dict paid
    cdef public dict team
    # _SCALAR_FIELDS
    cdef public long round
    cdef public long turn
    cdef public str step
    cdef public str phase
    cdef public long actor
    cdef public long conquests
    cdef public dict result
    # _OPT_LIST_FIELDS, _OPT_DICT_FIELDS
    cdef public list decline2
    cdef public list kept2
    cdef public dict dhand

    # the accessors the compiled core calls on a State argument: C calls (vtable)
    @cython.locals(occ=list, r=cython.Py_ssize_t)
    cpdef list regions_of(self, long code)
    cpdef race_of(self, long code)
    cpdef long owner_of(self, long code)
    cpdef piece(self, kind, r)
    cpdef current_player(self)
    cpdef bint is_over(self)

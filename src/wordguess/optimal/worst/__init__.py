"""The least worst case: the numba feasibility search, "is there a tree within d guesses"
(`kernel`), its driver `FeasibilitySearch` and the per-opener verdicts (`search`), and the
least worst case over the openers with its runs over tasks (`run`)."""

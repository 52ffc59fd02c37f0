"""The least worst case: the numba feasibility search, "is there a tree within d guesses"
(`kernel`), its driver `FeasibilitySearch` and the per-opener verdicts (`search`), and the runs
over tasks (`run`)."""
